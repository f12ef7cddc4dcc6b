function receiveInstance(instance,module){wasmExports=instance.exports;
/* Boardshelf patch (part of the restore patch, tools/patches/restore-snapshot.js).  A Boardshelf
   snapshot stores the runtime's static data (below the stack) only where it differs from what the
   wasm's data segments put there (about 70 KB of 4 MB differ).  The start-up
   before a restore writes into that region too (the time, random bytes, the program's name), so the
   restore needs the region as instantiation left it: copied here, before any code of the module has
   run, and only when a snapshot is on its way. */
if (API.config && API.config._loadSnapshot && wasmExports.__stack_low) {
  API.boardshelfPristine = new Uint8Array(wasmExports.memory.buffer, 0, wasmExports.__stack_low.value >>> 0).slice();
}
