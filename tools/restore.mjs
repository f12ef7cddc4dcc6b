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
