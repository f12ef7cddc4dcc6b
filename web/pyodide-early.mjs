// Starts Pyodide as soon as the page loads, instead of after PyScript has loaded and set itself up
// (about 0.4-0.9 s later on our machines).  index.html's import map gives PyScript this module in
// place of ./vendor/pyodide/pyodide.mjs (only for imports made by PyScript's own modules), so the
// config keeps "interpreter": "./web/vendor/pyodide/pyodide.mjs"; web/boot.js calls startEarly().
// PyScript then gets the interpreter that is already booting.  Anything unusual in PyScript's
// options (packages, a lock file) falls back to a normal, separate load.
import { loadPyodide as load, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
let early = null;

export function startEarly() {
  if (!early) {
    performance.mark("boardshelf:pyodide-start");
    early = load({ indexURL });
    early.then(() => performance.mark("boardshelf:pyodide-ready"), () => {});  // a failure is reported to PyScript when it asks
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
