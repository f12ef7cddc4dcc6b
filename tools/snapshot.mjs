// Make a Pyodide memory snapshot of the vendored runtime, under Node, for fast repeat starts.
//
//   node tools/snapshot.mjs <pyodide dir> <out file> <module> [<module> ...]
//
// Boots the vendored Pyodide (its wasm, and the precompiled, pruned stdlib next to it) with
// `_makeSnapshot`, imports the given stdlib modules (what the app and PyScript import at start),
// and writes the interpreter's memory in a sparse form, gzip-compressed as a whole (little-endian):
//
//   gzip( "BSSNAP03" | u32 memory size | u32 header size | u32 run count | u32 hash of the memory
//         | u32 low | Pyodide's snapshot header | runs: (u32 offset, u32 length, bytes) ... )
//
// when the runtime carries tools/patches/restore-snapshot.js and restore-pristine.js.  Below `low`
// (the stack's start, __stack_low: the static data) the runs are the bytes that differ from what the
// wasm's data segments put there (about 70 KB of 4 MB differ, 170 KB stored with the runs merged: the page
// keeps that region as instantiation left it, restore-pristine.js); above it they are the non-zero bytes.  Runs closer
// than 64 bytes are merged: about 7.2 of 30 MiB in all (11 MiB when every non-zero byte was stored).
// The patched restore writes them in place, zeroing the gaps above `low` up to the heap's end, instead
// of copying a whole 30 MiB image.  The hash
// (memoryHash in web/pyodide-early.mjs) is of the whole memory: this tool restores the sparse form
// once and writes it only if the memory after that restore has this hash; a browser test checks the
// same in Chromium.
// Otherwise (an unpatched runtime, or a check that failed: the JSON line says why):
//
//   gzip( "BSSNAP01" | u32 image size | u32 run count | runs: (u32 offset, u32 length, bytes) ... )
//
// the non-zero pages of the whole image (about 12 of 30 MiB, 4.7 MB compressed).  The file is
// compressed by us, not by the server, so that every static host
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
import { readFileSync, writeFileSync } from "node:fs";
import { gunzipSync, gzipSync } from "node:zlib";
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
let image, missing, stackLow;
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
  stackLow = py._module.___stack_low >>> 0;          // (where the stack starts: the static data lies below)
  image = py.makeMemorySnapshot();
} catch (err) {
  console.error(String(err && err.message ? err.message : err).slice(-3000));   // not the whole minified runtime
  process.exit(1);
}

const PAGE = 4096;
const early = await import(new URL("../web/pyodide-early.mjs", import.meta.url).href);
const { scribbleBeforeRestore } = await import(new URL("./restore.mjs", import.meta.url).href);

// [offset, length] of the 4 KiB pages of `bytes` that are not all zero, adjacent ones merged
function nonZeroPages(bytes) {
  const runs = [];
  for (let off = 0; off < bytes.length; off += PAGE) {
    const end = Math.min(off + PAGE, bytes.length);
    if (!bytes.subarray(off, end).some((x) => x !== 0)) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === off) last[1] += end - off;
    else runs.push([off, end - off]);
  }
  return runs;
}

// runs of changed bytes closer than GAP bytes are merged (each run costs 8 bytes of header and a call in
// the restore)
const GAP = 64;

function pack(parts) {
  const buf = Buffer.concat(parts.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength)));
  const packed = gzipSync(buf, { level: 9 });
  packed[4] = packed[5] = packed[6] = packed[7] = 0;    // no timestamp: the same input gives the same file
  return packed;
}

function u32s(...values) {
  return new Uint8Array(new Uint32Array(values).buffer);   // little-endian on every machine Node runs on here
}

// BSSNAP01: the non-zero pages of the whole image
function plainForm() {
  const runs = nonZeroPages(image);
  const parts = [new TextEncoder().encode("BSSNAP01"), u32s(image.length, runs.length)];
  for (const [off, len] of runs) parts.push(u32s(off, len), image.subarray(off, off + len));
  return { packed: pack(parts), stored: runs.reduce((n, [, len]) => n + len, 0), runs: runs.length };
}

// the hash of the memory right after restoring `snapshot`, and a line of Python run after that; null
// when the hook never ran (a runtime without the patch)
async function restoreOnce(snapshot) {
  let after = null;
  const py = await loadPyodide({
    indexURL: resolve(dir) + "/",
    _loadSnapshot: snapshot,
    _boardshelfRestoreHook: (when, heap, Module) => {
      if (when === "before") scribbleBeforeRestore(heap, Module);   // (the browser's start-up writes other bytes)
      if (when === "after") after = { hash: early.memoryHash(heap), length: heap.length };
    },
  });
  py.runPython(early.AFTER_RESTORE);
  const check = py.runPython("import json; json.dumps({'ok': [1, 2]})");
  return after ? { after, check } : null;
}

// The memory below `low` as instantiating the wasm leaves it: its active data segments (the vendored
// runtime's are all at constant offsets), or null if they are not all such, or not all below `low`.
function pristineMemory(wasm, low) {
  const out = new Uint8Array(low);
  let p = 8;
  const leb = () => { let r = 0, sh = 0, x; do { x = wasm[p++]; r += (x & 0x7f) * 2 ** sh; sh += 7; } while (x & 0x80); return r; };
  while (p < wasm.length) {
    const id = wasm[p++], size = leb(), end = p + size;
    if (id === 11) {
      for (let n = leb(); n > 0; n--) {
        if (leb() !== 0 || wasm[p++] !== 0x41) return null;          // active, memory 0, i32.const offset
        let off = 0, sh = 0, x;                                        // (a signed LEB128)
        do { x = wasm[p++]; off |= (x & 0x7f) << sh; sh += 7; } while (x & 0x80 && sh < 35);
        if (sh < 32 && x & 0x40) off |= -1 << sh;
        if (wasm[p++] !== 0x0b) return null;
        const len = leb();
        if (off < 0 || off + len > low || p + len > end) return null;
        out.set(wasm.subarray(p, p + len), off);
        p += len;
      }
    }
    p = end;
  }
  return out;
}

// [offset, length] of the runs of bytes of memory[from, to) that differ from `base` (or from zero)
function changedRuns(memory, from, to, base) {
  const changed = base ? (i) => memory[i] !== base[i] : (i) => memory[i] !== 0;
  const runs = [];
  for (let i = from; i < to; i++) {
    if (!changed(i)) continue;
    let end = i + 1;
    for (let j = end; j < to && j - end <= GAP; j++) if (changed(j)) end = j + 1;
    runs.push([i, end - i]);
    i = end - 1;
  }
  return runs;
}

async function sparseForm() {
  if (!readFileSync(resolve(dir, "pyodide.asm.mjs"), "utf8").includes("boardshelfPristine"))
    return { why: "the runtime does not carry tools/patches/restore-snapshot.js and restore-pristine.js" };
  const header = new Uint32Array(image.buffer, image.byteOffset, 2)[1];
  const memory = image.subarray(header);
  const pristine = stackLow ? pristineMemory(readFileSync(resolve(dir, "pyodide.asm.wasm")), stackLow) : null;
  const low = pristine ? stackLow : 0;
  const runs = [...changedRuns(memory, 0, low, pristine), ...changedRuns(memory, low, memory.length, null)];
  const hash = early.memoryHash(memory);
  const parts = [new TextEncoder().encode("BSSNAP03"), u32s(memory.length, header, runs.length, hash, low),
                 image.subarray(0, header)];
  for (const [off, len] of runs) parts.push(u32s(off, len), memory.subarray(off, off + len));
  const packed = pack(parts);
  // the check: the sparse form, restored as the page does, gives exactly the image's memory
  const again = await restoreOnce(early.expandSnapshot(gunzipSync(packed)));
  if (!again) return { why: "the restore hook did not run" };
  if (again.after.hash !== hash || again.after.length !== memory.length) return { why: "the sparse restore gave other memory" };
  if (again.check !== '{"ok": [1, 2]}') return { why: `Python after the sparse restore: ${again.check}` };
  return { packed, stored: runs.reduce((n, [, len]) => n + len, 0), runs: runs.length, low };
}

let form = "BSSNAP03", why = null, result;
try {
  result = await sparseForm();
} catch (err) {
  result = { why: String(err && err.message ? err.message : err).slice(-500) };
}
if (!result.packed) {
  why = result.why;
  form = "BSSNAP01";
  result = plainForm();
}
writeFileSync(out, result.packed);
console.log(JSON.stringify({ memory: image.length, form, runs: result.runs, stored: result.stored,
                             file: result.packed.length, missing, ...(why ? { plain_because: why } : {}) }));
process.exit(0);
