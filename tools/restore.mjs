// Start Pyodide from a Boardshelf memory snapshot under Node, the way a repeat visit does in the page:
// web/pyodide-early.mjs's own expandSnapshot and AFTER_RESTORE.  Used by tools/snapshot.mjs --loaded
// and tools/pycompile.mjs's exercise.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";

export async function restoreSnapshot(pyodideDir, snapshotFile, stdlibZip) {
  const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
  const early = resolve(dirname(fileURLToPath(import.meta.url)), "..", "web", "pyodide-early.mjs");
  const { expandSnapshot, AFTER_RESTORE } = await import(pathToFileURL(early).href);
  const py = await loadPyodide({
    indexURL: resolve(pyodideDir) + "/",
    ...(stdlibZip ? { stdLibURL: resolve(stdlibZip) } : {}),
    _loadSnapshot: expandSnapshot(gunzipSync(readFileSync(snapshotFile))),
  });
  py.runPython(AFTER_RESTORE);
  return py;
}

// For checks of a restore (tools/snapshot.mjs, tests), as `_boardshelfRestoreHook("before", ...)`: writes
// 0xA5 over everything the start-up before a restore may have written, the static data below the stack
// (but for the heap's end, which the restore reads) and the stack and heap up to that end.  A restore
// that relies on any of it being as the build left it no longer gives the snapshot's memory.
export function scribbleBeforeRestore(heap, Module) {
  const low = Module.___stack_low >>> 0, top = Module._sbrk(0) >>> 0, sbrkPtr = Module._emscripten_get_sbrk_ptr() >>> 0;
  const keep = heap.slice(sbrkPtr, sbrkPtr + 4);
  heap.fill(0xa5, 1024, low);
  heap.set(keep, sbrkPtr);
  heap.fill(0xa5, low, top);
}
