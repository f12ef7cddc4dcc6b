// Boot watcher: marks the start-up timeline and turns a failed start into a readable message.
// The Python side (pyapp.browser) replaces #app's markup and sets data-ready="true" once it
// accepts input; PyScript reports a Python exception by adding a .py-error element.
const app = document.getElementById("app");
performance.mark("boardshelf:boot-start");
// Start Pyodide now; PyScript picks up this same instance (web/pyodide-early.mjs, index.html's import map).
import("./pyodide-early.mjs").then((m) => m.startEarly(), () => {});

function fail(text, detail) {
  if (!app || app.dataset.ready === "true" || app.dataset.bootError === "true") return;
  app.setAttribute("aria-busy", "false");
  app.dataset.bootError = "true";
  const box = app.querySelector(".boot");
  if (!box) return;
  box.classList.add("boot-failed");
  box.querySelector(".boot-text").textContent = text;
  const d = box.querySelector(".boot-detail");
  if (d) d.textContent = detail || "Reload the page to try again.";
}

if (app) {
  new MutationObserver((_records, observer) => {
    if (app.dataset.ready === "true") {
      performance.mark("boardshelf:ready");
      app.setAttribute("aria-busy", "false");
      delete app.dataset.bootError;
      observer.disconnect();
    }
  }).observe(app, { attributes: true, attributeFilter: ["data-ready"] });

  // PyScript shows a Python exception by adding a .py-error element to the body.
  const errors = new MutationObserver(() => {
    if (app.dataset.ready === "true") return errors.disconnect();
    const err = document.querySelector(".py-error");
    if (!err) return;
    errors.disconnect();       // fail() edits the DOM: never observe our own changes
    fail("Boardshelf could not start.", (err.textContent || "").trim().split("\n").slice(-1)[0]);
  });
  errors.observe(document.body, { childList: true, subtree: true });

  setTimeout(() => {
    if (app.dataset.ready === "true" || app.dataset.bootError === "true") return;
    const d = app.querySelector(".boot-detail");
    if (d) d.textContent = "Still starting: the first visit downloads about 17 MB, and slow machines take a while.";
  }, 15000);

  addEventListener("unhandledrejection", (e) => fail("Boardshelf could not start.", String(e.reason || "")));
  if (typeof WebAssembly !== "object") fail("This browser cannot run Boardshelf.", "WebAssembly is not available.");
}
