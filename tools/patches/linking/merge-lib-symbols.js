/* Boardshelf patch, dynamic linking (3 of 4).  As Emscripten's mergeLibSymbols (each export becomes
   the import of that name unless one is defined already; `main` and `__main_argc_argv` stand for each
   other), without building an [name, export] pair and a closure for each of the ~8,500 exports. */
var mergeLibSymbols = (exports, libName) => {
  for (var sym in exports) {
    var exp = exports[sym];
    if (!isSymbolDefined(sym)) { wasmImports[sym] = exp; }
    if (sym == "main" && !isSymbolDefined("__main_argc_argv")) { wasmImports["__main_argc_argv"] = exp; }
    if (sym == "__main_argc_argv" && !isSymbolDefined("main")) { wasmImports["main"] = exp; }
  }
};
