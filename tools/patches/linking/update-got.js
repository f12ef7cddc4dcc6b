/* Boardshelf patch, dynamic linking (2 of 4).  As Emscripten's updateGOT: every exported function
   gets a table slot (its existing one, else the next free one, in the order of the exports) and every
   symbol its GOT value.  But the table grows once for all new slots instead of once per function
   (5,182 `grow(1)` calls at start-up), and a value nobody has asked for yet goes to `gotLazy`
   (got-handler.js) instead of into a new WebAssembly.Global. */
var updateGOT = (exports, replace) => {
  var bulk = !freeTableIndexes.length;       // (else addFunction reuses freed slots first, as before)
  var base = wasmTable.length, fresh = [];
  for (var symName in exports) {
    if (isInternalSym(symName)) { continue; }
    var value = exports[symName];
    var entry = gotEntry(symName);
    if (!replace && entry && entry.value != -1) { continue; }
    var newValue;
    if (typeof value == "function") {
      newValue = getFunctionAddress(value);
      if (!newValue) {
        if (bulk) { newValue = base + fresh.length; fresh.push(value); functionsInTableMap.set(value, newValue); }
        else { newValue = addFunction(value); }
      }
    } else if (typeof value.value == "number") {
      newValue = value.value;
    } else {
      continue;
    }
    if (entry) { entry.value = newValue; }
    else { gotLazy.set(symName, newValue); }
  }
  if (fresh.length) {
    wasmTable.grow(fresh.length);
    // (a module's exports are wasm functions; addFunction's wrapping of a JS function could not run
    // here either: it needs a signature, which updateGOT never passes)
    for (var k = 0; k < fresh.length; k++) { setWasmTableEntry(base + k, fresh[k]); }
  }
};
