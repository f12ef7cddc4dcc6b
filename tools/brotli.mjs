// Write `<file>.br` next to each file given: brotli at quality 11, window 22 (what static hosts'
// `brotli_static` / `precompressed br` serve, and tools/serve.py too).  Node's built-in zlib only.
//
//     node tools/brotli.mjs <file> ...
//
// The files are compressed concurrently (async zlib runs on libuv's thread pool).  Each result goes
// to a unique temporary name and is renamed into place (atomic: a server never sends half a file);
// a source that changed while it was being compressed gets no `.br` (its old one, if any, is left,
// older than the source, so it counts as stale).  Brotli stores no timestamp: the same input gives
// the same bytes.  Prints one JSON line: {"files": [{"file", "size", "br"}...], "in", "out", "ms"}.
// Exit status 1 if any file failed (the others are still written).
import { promises as fs } from "node:fs";
import { promisify } from "node:util";
import zlib from "node:zlib";

const compress = promisify(zlib.brotliCompress);
const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_LGWIN, BROTLI_PARAM_SIZE_HINT, BROTLI_PARAM_MODE,
        BROTLI_MODE_GENERIC } = zlib.constants;

const same = (a, b) => a.size === b.size && a.mtimeNs === b.mtimeNs && a.ino === b.ino;

async function one(file) {
  const before = await fs.stat(file, { bigint: true });
  const data = await fs.readFile(file);
  const out = await compress(data, {
    params: {
      [BROTLI_PARAM_MODE]: BROTLI_MODE_GENERIC,
      [BROTLI_PARAM_QUALITY]: 11,
      [BROTLI_PARAM_LGWIN]: 22,
      [BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const target = `${file}.br`;
  const slash = target.lastIndexOf("/") + 1;
  const tmp = `${target.slice(0, slash)}.${target.slice(slash)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await fs.writeFile(tmp, out);
  const after = await fs.stat(file, { bigint: true });
  if (!same(before, after) || BigInt(data.length) !== after.size) {
    await fs.unlink(tmp);
    throw new Error(`${file} changed while it was compressed`);
  }
  await fs.rename(tmp, target);
  return { file, size: data.length, br: out.length };
}

const files = process.argv.slice(2);
if (!files.length) {
  console.error("usage: node tools/brotli.mjs <file> ...");
  process.exit(2);
}
const t0 = performance.now();
const results = await Promise.allSettled(files.map(one));
const done = results.filter((r) => r.status === "fulfilled").map((r) => r.value);
const failed = results.filter((r) => r.status === "rejected").map((r) => String(r.reason?.message ?? r.reason));
for (const f of failed) console.error(`brotli: ${f}`);
console.log(JSON.stringify({
  files: done,
  in: done.reduce((n, f) => n + f.size, 0),
  out: done.reduce((n, f) => n + f.br, 0),
  failed,
  ms: Math.round(performance.now() - t0),
}));
process.exit(failed.length ? 1 : 0);
