// Boot watcher: marks the start-up timeline and turns a failed start into a readable message.
// The Python side (pyapp.browser) replaces #app's markup and sets data-ready="true" once it
// accepts input; PyScript reports a Python exception by adding a .py-error element.
const app = document.getElementById("app");
performance.mark("boardshelf:boot-start");

// What went wrong, in words: never "[object Event]".  A failed IndexedDB or fetch rejects with an Event
// (its error, if any, is on its target); anything else with an Error or a value.
function describe(reason) {
  try { return describeUnsafe(reason); } catch (_err) { return "an unknown error (the browser console may say more)"; }
}
function describeUnsafe(reason) {
  if (reason == null || reason === "") return "";
  if (typeof reason === "string") return reason;
  const err = reason.error || (reason.target && reason.target.error);
  if (typeof reason.message === "string" && reason.message) return (reason.name && reason.name !== "Error" ? reason.name + ": " : "") + reason.message;
  if (err && err !== reason) return describeUnsafe(err);
  if (typeof Event === "function" && reason instanceof Event) {
    const from = reason.target && reason.target.constructor ? ` from ${reason.target.constructor.name}` : "";
    return `the browser reported "${reason.type}"${from} (it may block storage or downloads for this page)`;
  }
  const text = String(reason);
  return /^\[object \w+\]$/.test(text) ? "an unknown error (the browser console may say more)" : text;
}
let lastProblem = "";       // the last unhandled rejection, described
let vague = false;          // the message shown said only "an unknown error"

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

// ---- offline: the service worker (built to ./sw.js at the site root; see web/sw.js)
// Registered once the app is ready, so its downloads never compete with the start-up.  An update
// (a new build on the server) installs in the background into its own cache; it takes over when a
// page starts (that page reloads at once, before anything runs) or when the player asks for it.
// Any page whose worker changes reloads, so a page never mixes files of two builds.
// `?sw=0` neither registers nor updates the worker for this page load: the registration stays (a link
// must not be able to switch off offline play).  To really remove the worker (a developer's setting,
// docs/startup.md) run `localStorage.setItem("boardshelf-dev:unregister-sw", "1")` in the console and
// reload: while that key is set, every page unregisters it and registers none; remove the key to undo.
// Where the browser denies service workers or storage (a frame on another site, strict privacy
// settings: touching them throws) the app simply runs online.
let swContainer = null;
try { swContainer = "serviceWorker" in navigator ? navigator.serviceWorker : null; } catch (_err) { /* denied */ }
const swSkip = new URLSearchParams(location.search).get("sw") === "0";
let swUnregister = false;
try { swUnregister = localStorage.getItem("boardshelf-dev:unregister-sw") === "1"; } catch (_err) { /* denied */ }
const swOff = swSkip || swUnregister;
let swController = null;
try { swController = swContainer && swContainer.controller; } catch (_err) { swContainer = null; }
if (swContainer) {
  swContainer.addEventListener("controllerchange", () => {
    const previous = swController;
    swController = swContainer.controller;
    if (previous) location.reload();      // another build took over: start again on its files only
  });
}

function updateNotice(worker) {
  if (document.getElementById("bs-update")) return;
  const bar = document.createElement("div");
  bar.id = "bs-update";
  bar.className = "bs-update";
  bar.setAttribute("role", "status");
  bar.innerHTML = '<span>A new version of Boardshelf is ready.</span> <button type="button">Reload</button>';
  bar.querySelector("button").addEventListener("click", () => worker.postMessage({ type: "skip-waiting" }));
  document.body.append(bar);
}

function watchForUpdates(reg) {
  const check = () => {
    const w = reg.waiting;
    if (w && swContainer.controller) {
      document.documentElement.dataset.swUpdate = "waiting";
      updateNotice(w);
    }
  };
  reg.addEventListener("updatefound", () => {
    const w = reg.installing;
    if (w) w.addEventListener("statechange", check);
  });
  check();
}

async function registerWorker() {
  if (!swContainer || !isSecureContext) return;
  try {
    const url = new URL("../sw.js", import.meta.url);
    if (swUnregister) {        // the developer's setting: remove the worker (and its control of later loads)
      const reg = await swContainer.getRegistration(new URL("./", url).href);
      if (reg) await reg.unregister();
      document.documentElement.dataset.sw = "unregistered";
      return;
    }
    if (swSkip) {              // ?sw=0: nothing for this page load, the registration stays as it is
      document.documentElement.dataset.sw = "skipped";
      return;
    }
    const reg = await swContainer.register(url, { updateViaCache: "none" });
    document.documentElement.dataset.sw = "registered";
    watchForUpdates(reg);
    await swContainer.ready;
    document.documentElement.dataset.sw = "ready";
  } catch (_err) {
    // no worker (blocked, private mode, unbuilt site without ./sw.js): the app works online as before
  }
}

// A page that starts while a newer build waits: hand over now; the page reloads at once on the new
// build (a game in progress is saved and resumes).
if (swContainer && swController && !swOff) {
  swContainer.getRegistration(new URL("../sw.js", import.meta.url).href).then((reg) => {
    if (reg && reg.waiting) {
      document.documentElement.dataset.swUpdate = "activating";
      reg.waiting.postMessage({ type: "skip-waiting" });
    }
  }, () => {});
}

if (app) {
  new MutationObserver((_records, observer) => {
    if (app.dataset.ready === "true") {
      performance.mark("boardshelf:ready");
      app.setAttribute("aria-busy", "false");
      delete app.dataset.bootError;
      observer.disconnect();
      setTimeout(registerWorker, 500);
    }
  }).observe(app, { attributes: true, attributeFilter: ["data-ready"] });

  // PyScript shows a Python exception by adding a .py-error element to the body.
  const errors = new MutationObserver(() => {
    if (app.dataset.ready === "true") return errors.disconnect();
    const err = document.querySelector(".py-error");
    if (!err) return;
    errors.disconnect();       // fail() edits the DOM: never observe our own changes
    let line = (err.textContent || "").trim().split("\n").slice(-1)[0];
    if (/\[object \w+\]/.test(line)) {      // (PyScript prints an Event as it is: say what it was)
      vague = !lastProblem;
      line = lastProblem || "an unknown error (the browser console may say more)";
    } else if (!line) line = lastProblem;
    fail("Boardshelf could not start.", line);
  });
  errors.observe(document.body, { childList: true, subtree: true });

  setTimeout(() => {
    if (app.dataset.ready === "true" || app.dataset.bootError === "true") return;
    const d = app.querySelector(".boot-detail");
    if (d) d.textContent = "Still starting: the first visit downloads about 5 MB, and slow machines take a while. Later visits start from this device, also offline.";
  }, 15000);

  addEventListener("unhandledrejection", (e) => {
    lastProblem = describe(e.reason) || lastProblem;
    const d = vague && app.dataset.bootError === "true" && app.querySelector(".boot-detail");
    if (d && lastProblem) {                  // the message came after a vague one: show it instead
      d.textContent = lastProblem;
      vague = false;
    }
    fail("Boardshelf could not start.", lastProblem);
  });
  if (typeof WebAssembly !== "object") fail("This browser cannot run Boardshelf.", "WebAssembly is not available.");
}
