/* Boardshelf patch to the vendored PyScript (tools/build.py PYSCRIPT_PATCHES "storage", issue 21), 2 of 2.
   PyScript's fs module (src/fs.js: `export const idb = new IDBMap("@pyscript.fs")`, the store of folders
   granted to `pyscript.fs.mount`) opens its IndexedDB database as the module loads.  Where IndexedDB is
   denied, that open fails: an unhandled rejection with the error Event, and an uncaught error from its
   onerror handler re-dispatching that Event.  Now the database is opened when something first uses the
   store (Boardshelf never does); the object has the same methods, each bound to the real store. */
eo="@pyscript.fs",to="storage permissions not granted",no=new Proxy({},{get(e,t){const n=e.store||(e.store=new y(eo)),r=n[t];return"function"==typeof r?r.bind(n):r}}),
