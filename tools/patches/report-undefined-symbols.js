/* Boardshelf patch (tools/build.py applies it to the vendored pyodide.asm.mjs; see PYODIDE_PATCH there).
   Emscripten's dynamic-linking start-up gives a table slot to every function the C code takes the
   address of.  For a JS function it compiles a one-function wasm module as a wrapper: some hundreds of
   synchronous compiles on every start.  This does the same with ONE module for all of them: the same
   slots, taken in the same order, hold the same functions, so a memory snapshot fits either. */
reportUndefinedSymbols = () => {
  var batch = [];
  for (var [symName, entry] of Object.entries(GOT)) {
    if (entry.value == -1) {
      var value = resolveGlobalSymbol(symName, true).sym;
      if (!value && !entry.required) { entry.value = 0; continue; }
      else if (!value) { throw new Error(`Dynamic linking error: undefined symbol '${symName}'`); }
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
  }
  if (!batch.length) return;
  // one module importing every JS function (each with its signature's type) and exporting it again
  var leb = (n) => { var out = []; do { var b = n & 127; n >>>= 7; out.push(n ? b | 128 : b); } while (n); return out; };
  var name = (s) => [...leb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];
  var vec = (items) => [...leb(items.length), ...items.flat()];
  var section = (id, body) => [id, ...leb(body.length), ...body];
  var types = [], typeIndex = new Map(), imports = [], exports = [], funcs = {};
  batch.forEach(([, func], i) => {
    var sig = func.sig;
    if (!typeIndex.has(sig)) {
      typeIndex.set(sig, types.length);
      var results = sig[0] === "v" ? [] : [[wasmTypeCodes[sig[0]]]];
      types.push([96, ...vec(Array.from(sig.slice(1), (t) => [wasmTypeCodes[t]])), ...vec(results)]);
    }
    imports.push([...name("e"), ...name("f" + i), 0, ...leb(typeIndex.get(sig))]);
    exports.push([...name("f" + i), 0, ...leb(i)]);
    funcs["f" + i] = func;
  });
  var bytes = Uint8Array.of(0, 97, 115, 109, 1, 0, 0, 0,
    ...section(1, vec(types)), ...section(2, vec(imports)), ...section(7, vec(exports)));
  var wrappers = new WebAssembly.Instance(new WebAssembly.Module(bytes), { e: funcs }).exports;
  batch.forEach(([slot], i) => setWasmTableEntry(slot, wrappers["f" + i]));
};
