/* Boardshelf patch, dynamic linking (1 of 4; tools/build.py PYODIDE_PATCHES applies all four or none).
   Emscripten kept one WebAssembly.Global per exported symbol in GOT, made at start-up for each of
   the main module's ~8,500 exports, although only a side module (none here) ever asks for them:
   about 20 ms of every start.  updateGOT (update-got.js) now keeps those values in `gotLazy`, and
   the Global is made, with the same value, the first time anything asks for the entry.  Entries made
   unresolved (-1) for an import are listed in `gotPending`, in the order made, so that
   reportUndefinedSymbols visits them without walking the whole GOT. */
var GOT = {};
var gotLazy = new Map();
var gotPending = [];
var gotEntry = (symName) => {
  var rtn = GOT[symName];
  if (!rtn && gotLazy.has(symName)) {
    rtn = GOT[symName] = new WebAssembly.Global({ value: "i32", mutable: true });
    rtn.value = gotLazy.get(symName);
    gotLazy.delete(symName);
  }
  return rtn;
};
var GOTHandler = {
  get(weakImports, symName) {
    var rtn = gotEntry(symName);
    if (!rtn) {
      rtn = GOT[symName] = new WebAssembly.Global({ value: "i32", mutable: true }, -1);
      gotPending.push(symName);
    }
    if (!weakImports.has(symName)) { rtn.required = true; }
    return rtn;
  }
};
