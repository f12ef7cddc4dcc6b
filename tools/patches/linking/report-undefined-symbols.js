/* Boardshelf patch, dynamic linking (4 of 4).  Emscripten's reportUndefinedSymbols gives every GOT
   entry still unresolved (-1) its value: an export, or a table slot for a function.  For a JS function
   it compiled a one-function wasm module as a wrapper: some hundreds of synchronous compiles on every
   start.  This does the same with ONE module for all of them: the same slots, taken in the same order,
   hold the same functions, so a memory snapshot fits either.  It visits only the entries made
   unresolved (`gotPending`, got-handler.js, in the order they were made: the order in which they
   stand in GOT) instead of all ~8,800. */
reportUndefinedSymbols = () => {
  var batch = [];
  var pending = gotPending;
  gotPending = [];
  for (var i = 0; i < pending.length; i++) {
    var symName = pending[i], entry = GOT[symName];
    if (entry.value != -1) { continue; }
    var value = resolveGlobalSymbol(symName, true).sym;
    if (!value && !entry.required) { entry.value = 0; continue; }
    else if (!value) {
      gotPending = pending.slice(i).concat(gotPending);      // (still unresolved, as before)
      throw new Error(`Dynamic linking error: undefined symbol '${symName}'`);
    }
    if (typeof value == "function") {
      var slot = getFunctionAddress(value);
      if (!slot) {
        slot = getEmptyTableSlot();
        try { setWasmTableEntry(slot, value); }
        catch (err) { if (!(err instanceof TypeError)) { throw err; } batch.push([slot, value]); }
        functionsInTableMap.set(value, slot);
      }
      entry.value = slot;
    } else if (typeof value == "number") { entry.value = value; }
    else if (typeof value.value == "number") { entry.value = value; }
    else { throw new Error(`bad export type for '${symName}': ${typeof value} (${value})`); }
  }
  if (!batch.length) return;
  // one module importing every JS function (each with its signature's type) and exporting it again
  var out = [];
  var leb = (n) => { do { var b = n & 127; n >>>= 7; out.push(n ? b | 128 : b); } while (n); };
  var name = (s) => { leb(s.length); for (var c = 0; c < s.length; c++) out.push(s.charCodeAt(c)); };
  var section = (id, write) => {        // the section's body goes after its size, once known
    var start = out.length; write(); var body = out.splice(start);
    out.push(id); leb(body.length); for (var b of body) out.push(b);
  };
  var types = [], typeIndex = new Map(), funcs = {};
  batch.forEach(([, func]) => { if (!typeIndex.has(func.sig)) { typeIndex.set(func.sig, types.length); types.push(func.sig); } });
  out.push(0, 97, 115, 109, 1, 0, 0, 0);
  section(1, () => {
    leb(types.length);
    for (var sig of types) {
      out.push(96); leb(sig.length - 1);
      for (var t = 1; t < sig.length; t++) out.push(wasmTypeCodes[sig[t]]);
      if (sig[0] === "v") { leb(0); } else { leb(1); out.push(wasmTypeCodes[sig[0]]); }
    }
  });
  section(2, () => { leb(batch.length); batch.forEach(([, func], i) => { name("e"); name("f" + i); out.push(0); leb(typeIndex.get(func.sig)); funcs["f" + i] = func; }); });
  section(7, () => { leb(batch.length); batch.forEach((_, i) => { name("f" + i); out.push(0); leb(i); }); });
  var wrappers = new WebAssembly.Instance(new WebAssembly.Module(Uint8Array.from(out)), { e: funcs }).exports;
  batch.forEach(([slot], i) => setWasmTableEntry(slot, wrappers["f" + i]));
};
