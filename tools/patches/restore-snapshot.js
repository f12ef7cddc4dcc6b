/* Boardshelf patch (tools/build.py applies it to the vendored pyodide.asm.mjs; see PYODIDE_PATCHES there).
   Pyodide restores a memory snapshot by copying the whole image (30 MiB, two thirds zeros) over the
   wasm memory.  A Boardshelf snapshot (web/pyodide-early.mjs's expandSnapshot) may instead carry
   `boardshelfRuns`: runs of bytes, in order (such an image holds only Pyodide's header; its `length`
   gives the memory's size).  Below `low` (the stack's start: the static data), the memory is first
   put back as instantiation left it (`API.boardshelfPristine`, copied by restore-pristine.js) and the
   runs there are the bytes that differ from that; above it the runs are the non-zero bytes, and the
   gaps between them are zeroed only up to the heap's current end (sbrk): the start-up before a
   restore writes nothing above it, and fresh wasm memory is zero.  The header checks are Pyodide's
   own (a snapshot of another build is refused by its build id); a snapshot whose `low` is not the size
   of the copy kept is refused here.  A plain image is restored as before.
   `config._boardshelfRestoreHook(when, bytes, Module)`, if given, sees the memory "before" and "after"
   the restore (tools/snapshot.mjs and the tests scribble over what the start-up may have written
   before, and check the memory after against the hash the snapshot records; the page itself does not
   hash 30 MiB at every start). */
API.restoreSnapshot = function (t) {
  let pristine = API.boardshelfPristine;      // (4 MB: never kept past this call, whatever happens in it)
  API.boardshelfPristine = null;
  let e = new Uint32Array(t.buffer, t.byteOffset, t.byteLength / 4);
  if (e[0] !== $r) throw new Error("Snapshot has invalid magic number");
  let r = e[1], n = e[2], o = ko(e.subarray(4, 12));
  if (o !== API.config.BUILD_ID) throw new Error(`Snapshot build id mismatch\nexpected: ${API.config.BUILD_ID}\ngot     : ${o}\n`);
  let i = t.subarray(Ze, Ze + n);
  let s = new TextDecoder().decode(i), l = JSON.parse(s);
  let mem = new Uint8Array(Module.HEAP8.buffer, Module.HEAP8.byteOffset, Module.HEAP8.length);  // bytes to bytes: a plain copy
  let hook = API.config._boardshelfRestoreHook;
  if (hook) hook("before", mem, Module);
  let sparse = t.boardshelfRuns;
  if (sparse) {
    let { runs, data, low } = sparse;
    // the heap's end now, read before the static data (which holds it) is put back
    let top = typeof Module._sbrk === "function" ? Math.min(Module._sbrk(0) >>> 0, mem.length) : mem.length;
    if (low) {
      if (!pristine || pristine.length !== low) throw new Error("snapshot: the static data as instantiated was not kept");
      mem.set(pristine, 0);
    }
    let done = low || 0;                      // memory below this is as in the image, but for the runs below `low`
    for (let k = 0; k < runs.length; k += 3) {
      let off = runs[k] - r, len = runs[k + 1], pos = runs[k + 2];   // (in order, not overlapping, none across `low`: expandSnapshot checks)
      if (done < top && done < off) mem.fill(0, done, Math.min(off, top));
      mem.set(data.subarray(pos, pos + len), off);
      if (off + len > done) done = off + len;
    }
    if (done < top) mem.fill(0, done, top);
    t.boardshelfRuns = null;                  // (the file's bytes: no longer needed, while Pyodide keeps `t`)
  } else if (t.byteLength !== t.length) {
    throw new Error("snapshot image incomplete (its runs were already written)");
  } else {
    mem.set(t.subarray(r));
  }
  if (hook) hook("after", mem);
  return l;
};
