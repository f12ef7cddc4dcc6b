/* Boardshelf patch to the vendored PyScript (tools/build.py PYSCRIPT_PATCHES "storage", issue 21), 1 of 2.
   PyScript's Pyodide engine opens an IndexedDB database, its package cache ("IDBMap/<indexURL>@<version>"),
   at every start and awaits it (`await l.sync()`) even when there are no packages to cache and whatever
   `packages_cache` says.  Where the browser denies IndexedDB (a frame on another site with third-party
   storage blocked, strict privacy settings) the open fails and the start rejects with the error Event
   ("[object Event]").  Boardshelf installs no packages: without packages the cache is now an in-memory
   Map with the two methods the engine calls besides Map's (`sync`, `close`).  With packages: as before. */
nn("Loading Storage");const c=s.slice(0,s.lastIndexOf("/")),l=a?new h(`${c}@${t}`):Object.assign(new Map,{sync:async()=>{},close:async()=>{}}),p={indexURL:c},f="never"!==n.packages_cache&&"0.28.0"!==t;
