// Make a Pyodide memory snapshot of the vendored runtime, under Node, for fast repeat starts.
//
//   node tools/snapshot.mjs <pyodide dir> <out file> <module> [<module> ...]
//
// Boots the vendored Pyodide (its wasm, and the precompiled, pruned stdlib next to it) with
// `_makeSnapshot`, imports the given stdlib modules (what the app and PyScript import at start),
// and writes the interpreter's memory in a sparse form, gzip-compressed as a whole:
//
//   gzip( "BSSNAP01" | u32 memory size | u32 run count | runs: (u32 offset, u32 length, bytes) ... )
//
// (little-endian; runs are the 4 KiB pages that are not all zero, merged: about 12 of 30 MiB, and
// 4.7 MB compressed).  The file is compressed by us, not by the server, so that every static host
// sends (and the service worker keeps) the small form; the page inflates it with DecompressionStream.
// web/pyodide-early.mjs expands it and hands it to loadPyodide({_loadSnapshot}); Pyodide itself
// refuses a snapshot of another build (magic number and build id in the image).  The snapshot
// holds no pyapp module: it depends on the runtime and stdlib only, never on the wheel.
// Prints one JSON line with sizes.
//
//   node tools/snapshot.mjs --loaded <pyodide dir> <snapshot file>
//
// restores a snapshot as the page does (tools/restore.mjs) on the stdlib zip next to
// the runtime and prints one JSON line: {"files": [...]}, the zip entries of the modules it holds imported
// (a frozen module's .py and .pyc alike).  tools/build.py leaves these out of python_stdlib_rest.zip.
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

if (process.argv[2] === "--loaded") {
  const [dir, file] = process.argv.slice(3);
  const { restoreSnapshot } = await import(new URL("./restore.mjs", import.meta.url).href);
  const py = await restoreSnapshot(dir, file);
  console.log(py.runPython(`
import json, sys
zip_dir = next(p for p in sys.path if p.endswith(".zip")) + "/"      # /lib/python3XY.zip/
files = set()
for m in list(sys.modules.values()):
    f = getattr(m, "__file__", None)
    if isinstance(f, str) and f.startswith(zip_dir):
        rel = f[len(zip_dir):]
        files.update((rel, rel + "c") if rel.endswith(".py") else (rel,))
json.dumps({"files": sorted(files)})
`));
  process.exit(0);
}

const [dir, out, ...modules] = process.argv.slice(2);
if (!dir || !out) {
  console.error("usage: node tools/snapshot.mjs <pyodide dir> <out file> <module> ...");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(resolve(dir, "pyodide.mjs")).href);
let image, missing;
try {
  const py = await loadPyodide({ indexURL: resolve(dir) + "/", _makeSnapshot: true });
  py.globals.set("_BS_MODULES", py.toPy(modules));
  const result = py.runPython(`
def _bs_import_all(names):
    import importlib
    missing = []
    for name in names:
        try:
            importlib.import_module(name)
        except ImportError:
            missing.append(name)
    return missing
_bs_missing = _bs_import_all(_BS_MODULES)
del _bs_import_all, _BS_MODULES
_bs_missing
`);
  missing = result.toJs();
  result.destroy();
  py.runPython("del _bs_missing");
  image = py.makeMemorySnapshot();
} catch (err) {
  console.error(String(err && err.message ? err.message : err).slice(-3000));   // not the whole minified runtime
  process.exit(1);
}

const PAGE = 4096;
const runs = [];
for (let off = 0; off < image.length; off += PAGE) {
  const page = image.subarray(off, Math.min(off + PAGE, image.length));
  if (page.every((b) => b === 0)) continue;
  const last = runs[runs.length - 1];
  if (last && last[0] + last[1] === off) last[1] += page.length;
  else runs.push([off, page.length]);
}
const stored = runs.reduce((n, [, len]) => n + len, 0);
const buf = Buffer.alloc(16 + runs.length * 8 + stored);
buf.write("BSSNAP01", 0, "latin1");
buf.writeUInt32LE(image.length, 8);
buf.writeUInt32LE(runs.length, 12);
let pos = 16;
for (const [off, len] of runs) {
  buf.writeUInt32LE(off, pos);
  buf.writeUInt32LE(len, pos + 4);
  buf.set(image.subarray(off, off + len), pos + 8);
  pos += 8 + len;
}
const packed = gzipSync(buf, { level: 9 });
packed[4] = packed[5] = packed[6] = packed[7] = 0;    // no timestamp: the same input gives the same file
writeFileSync(out, packed);
console.log(JSON.stringify({ memory: image.length, runs: runs.length, stored, file: packed.length, missing }));
process.exit(0);
