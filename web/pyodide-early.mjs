// Starts Pyodide as soon as the page loads, instead of after PyScript has loaded and set itself up
// (about 0.4-0.9 s later on our machines).  index.html's import map gives PyScript this module in
// place of ./vendor/pyodide/pyodide.mjs (only for imports made by PyScript's own modules), so the
// config keeps "interpreter": "./web/vendor/pyodide/pyodide.mjs".  PyScript then gets the
// interpreter that is already booting.  Anything unusual in PyScript's options (packages, a lock
// file) falls back to a normal, separate load.
//
// index.html loads this module with <script type="module" async>, so it runs as soon as it and
// pyodide.mjs are fetched: not after the stylesheets and the parse (as deferred scripts do), nor
// after PyScript's own start-up work.
//
// Repeat visits start from a memory snapshot.  The build makes one under Node (tools/snapshot.mjs:
// Pyodide booted, with the stdlib modules a page start imports already imported) and the service
// worker keeps it with the rest of the build.  When a service worker controls the page, the
// snapshot comes from that build's cache and Python's start-up is skipped.  A first visit (no
// worker yet) starts normally: it does not download the snapshot, which keeps it small.  If the
// snapshot is missing, damaged or of another build (Pyodide checks its build id), the page
// starts normally and only the console says why.
// `?snapshot=0` never uses it, `?snapshot=1` always does (tests, bench).  How the page started is in
// <html data-pyodide-start="snapshot|normal|fallback">.
//
// A snapshot start installs a smaller stdlib zip, python_stdlib_rest.zip: the pruned stdlib without the
// modules the snapshot holds already imported (tools/build.py).  Python's zip importer remembers the
// table of contents of the zip the snapshot was made with, so AFTER_RESTORE makes it read the new one.
import { loadPyodide as load, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
const snapshotURL = new URL("./vendor/pyodide/snapshot.bin", import.meta.url).href;
const restStdlibURL = new URL("./vendor/pyodide/python_stdlib_rest.zip", import.meta.url).href;

// Python run right after a snapshot is restored (also by tools/pycompile.mjs's exercise): a fresh seed
// for `random` (not the state frozen at build time), and the zip importer's caches emptied (the zip now
// in place is python_stdlib_rest.zip, not the one the snapshot was made with; importlib.invalidate_caches()
// would import importlib.metadata, which the pruned stdlib cannot).
export const AFTER_RESTORE = `
import random, sys, zipimport
random.seed()
getattr(zipimport, "_zip_directory_cache", {}).clear()
sys.path_importer_cache.clear()
del random, sys, zipimport
`;
let early = null;

// The snapshot file, once inflated (tools/snapshot.mjs writes it; little-endian throughout).
// "BSSNAP03" (the vendored runtime carries tools/patches/restore-snapshot.js): u32 memory size, u32
// header size, u32 run count, u32 hash of the memory once restored, u32 `low`, Pyodide's snapshot
// header, then runs (u32 offset in memory, u32 length, bytes), in order: below `low` (the static
// data, below the stack) the bytes that differ from what instantiating the wasm puts there, above it
// the non-zero bytes.  No run crosses `low`.  Becomes Pyodide's header alone, with `boardshelfRuns`
// attached, which the patched restore writes into memory directly.  Pyodide sizes the wasm memory by
// the image's `length`, so that says the memory's size (the bytes are not allocated: they would only
// be 30 MiB of zeros beside the memory).
// "BSSNAP01": u32 memory size (header included), u32 run count, then runs (u32 offset, u32 length,
// bytes): the non-zero parts of the whole image, expanded here into the plain image.
export function expandSnapshot(data) {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  const magic = bytes.length >= 16 ? new TextDecoder().decode(bytes.subarray(0, 8)) : "";
  if (magic !== "BSSNAP01" && magic !== "BSSNAP03") throw new Error("not a Boardshelf snapshot");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sparse = magic === "BSSNAP03";
  if (sparse && bytes.length < 28) throw new Error("snapshot damaged");
  const size = view.getUint32(8, true);
  const header = sparse ? view.getUint32(12, true) : 0;
  const count = view.getUint32(sparse ? 16 : 12, true);
  const low = sparse ? view.getUint32(24, true) : 0;
  let pos = sparse ? 28 + header : 16;
  if (size + header > 512 * 2 ** 20 || low > size || pos > bytes.length || count > (bytes.length - pos) / 8)
    throw new Error("snapshot damaged");
  // (Pyodide's header says where its memory starts: it must be where the runs are counted from)
  if (sparse && (header < 16 || view.getUint32(32, true) !== header)) throw new Error("snapshot damaged");
  const image = new Uint8Array(sparse ? header : header + size);
  if (sparse) Object.defineProperty(image, "length", { value: header + size });
  const runs = sparse ? new Uint32Array(3 * count) : null;
  let end = 0;                                     // runs come in order and do not overlap
  for (let i = 0; i < count; i++) {
    if (pos + 8 > bytes.length) throw new Error("snapshot truncated");
    const offset = view.getUint32(pos, true);
    const length = view.getUint32(pos + 4, true);
    pos += 8;
    if (offset < end || offset + length > size || pos + length > bytes.length) throw new Error("snapshot damaged");
    if (offset < low && offset + length > low) throw new Error("snapshot damaged");
    end = offset + length;
    if (sparse) runs.set([header + offset, length, pos], 3 * i);
    else image.set(bytes.subarray(pos, pos + length), offset);
    pos += length;
  }
  if (pos !== bytes.length) throw new Error("snapshot damaged");
  if (sparse) {
    image.set(bytes.subarray(28, 28 + header), 0);
    image.boardshelfRuns = { runs, data: bytes, low, memoryHash: view.getUint32(20, true) };
  }
  return image;
}

// FNV-1a over the memory's 32-bit words: the hash a BSSNAP03 snapshot records (tools/snapshot.mjs, tests).
export function memoryHash(heap) {
  const words = new Uint32Array(heap.buffer, heap.byteOffset, heap.byteLength >>> 2);
  let h = 0x811c9dc5;
  for (let i = 0; i < words.length; i++) h = Math.imul(h ^ words[i], 16777619);
  return h >>> 0;
}

async function fetchSnapshot() {
  const res = await fetch(snapshotURL);
  if (!res.ok) throw new Error(`snapshot: HTTP ${res.status}`);
  let data = new Uint8Array(await res.arrayBuffer());
  if (data[0] === 0x1f && data[1] === 0x8b) {   // the file as built (gzip); the service worker keeps it inflated
    const inflated = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"));
    data = new Uint8Array(await new Response(inflated).arrayBuffer());
  }
  const image = expandSnapshot(data);
  performance.mark("boardshelf:snapshot-read");
  return image;
}

function wantSnapshot() {
  const flag = new URLSearchParams(location.search).get("snapshot");
  if (flag === "0" || flag === "1") return flag === "1";
  try {
    return Boolean(globalThis.navigator && navigator.serviceWorker && navigator.serviceWorker.controller);
  } catch (_err) {
    return false;        // service workers denied (touching them throws): no worker, no snapshot in a cache
  }
}

function started(how) {
  document.documentElement.dataset.pyodideStart = how;
  performance.mark("boardshelf:pyodide-ready");
}

export function startEarly() {
  if (!early) {
    performance.mark("boardshelf:pyodide-start");
    if (wantSnapshot()) {
      const snapshot = fetchSnapshot();
      snapshot.catch(() => {});          // handled below, when loadPyodide awaits it: not "unhandled"
      early = load({ indexURL, _loadSnapshot: snapshot, stdLibURL: restStdlibURL }).then((py) => {
        py.runPython(AFTER_RESTORE);      // (if this throws, the page starts normally too)
        return py;
      }).then((py) => {
        started("snapshot");
        return py;
      }, (err) => {
        console.warn("Boardshelf: starting without the snapshot:", err && err.message ? err.message : err);
        return load({ indexURL }).then((py) => { started("fallback"); return py; });
      });
    } else {
      early = load({ indexURL }).then((py) => { started("normal"); return py; });
    }
    early.catch(() => {});               // a failure is reported to PyScript when it asks
  }
  return early;
}

export async function loadPyodide(options = {}) {
  const { stdout, stderr, indexURL: _ignored, ...rest } = options;
  if (Object.keys(rest).some((k) => rest[k] !== undefined)) return load(options);
  const py = await startEarly();
  if (stdout) py.setStdout({ batched: stdout });
  if (stderr) py.setStderr({ batched: stderr });
  return py;
}

// Started at once only by the page that loads this module as a script (index.html), not when the build
// (under Node) or a test imports it for expandSnapshot: PyScript's loadPyodide starts it anyway.
if (typeof document !== "undefined" && document.querySelector('script[type="module"][src$="/pyodide-early.mjs"]')) startEarly();
