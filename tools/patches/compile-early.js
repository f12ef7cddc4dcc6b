/* Boardshelf patch to the vendored pyodide.mjs (tools/build.py PYODIDE_PATCHES).  Pyodide starts
   downloading pyodide.asm.wasm as soon as loadPyodide is called, but hands the download to the
   streaming compiler only once Emscripten asks for the instance: after pyodide.asm.mjs (1.25 MB of
   JavaScript) has been imported and set up.  On a first visit the wasm body then reaches the compiler
   only after that, through a busy main thread.  Here the compile starts with the download, and the
   instance is made from the compiled module when asked for (same imports, same module).  Under Node
   (a file path: no response) it is as before. */
function Ie(e){if(typeof WasmOffsetConverter<"u")return;let{binary:t,response:n}=_(e+"pyodide.asm.wasm"),i=K();
let compiled=n?WebAssembly.compileStreaming(n):null;
compiled&&compiled.catch(()=>{});   // (a failure is reported below, when the instance is asked for)
return function(s,r){return async function(){let{Jsv_GetError_import:a,JsvError_Check:c}=await i;s.env.Jsv_GetError_import=a,s.env.JsvError_Check=c;try{let l;if(compiled){let u=await compiled;l={instance:await WebAssembly.instantiate(u,s),module:u}}else l=await WebAssembly.instantiate(await t,s);let{instance:d,module:u}=l;r(d,u)}catch(l){console.warn("wasm instantiation failed!"),console.warn(l)}}(),{}}}
