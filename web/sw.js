// Boardshelf service worker: after one online visit the whole app is in Cache Storage and the site
// starts and plays with the network off.
//
// This file is a template.  `tools/build.py` writes the real worker to the site root (./sw.js, next
// to index.html, so its scope is the whole site whatever sub-path it is hosted under), replacing the
// BUILD line below with the build id and the list of files with their SHA-256.
//
// Versions never mix:
// * one cache per build ("boardshelf-<build id>"); installing fetches every file of the list and
//   checks its SHA-256 against the list, so a half-updated server (or a file changed since the build)
//   fails the install and the previous version stays in charge;
// * a file whose SHA-256 is unchanged since an earlier build is copied from that build's cache
//   instead of downloaded again (every cached copy carries the hash it was checked against), so an
//   update costs only the files that changed;
// * a page is answered from one cache only: the active worker's complete cache (never the network
//   for a listed file, never another build's cache);
// * a new worker waits; web/boot.js asks it to take over only when a page starts (then reloads
//   that page at once) or when the player clicks "reload" on the update notice;
// * activating deletes every other boardshelf cache.
const BUILD = null; // replaced by tools/build.py: {"id": "...", "files": {"index.html": "<sha256>", ...}}

const PREFIX = "boardshelf-";
// Files that travel gzip-compressed by themselves (so every host sends them small) and are kept
// inflated, to spare the page the inflating at every start: the memory snapshot (tools/snapshot.mjs).
const INFLATE = new Set(["web/vendor/pyodide/snapshot.bin"]);
const SCOPE = new URL("./", self.location).href;
const cacheName = BUILD ? PREFIX + BUILD.id : null;

async function sha256(buf) {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", buf));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function inflate(buf) {
  return new Response(new Blob([buf]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
}

// Kept with every cached file: the SHA-256 of the file as built, checked when it was downloaded, and
// ";inflated" if it is kept inflated.  A later build's install copies a file with the same value from here.
const HASH_HEADER = "x-boardshelf-sha256";
const kept = (path, hash) => (INFLATE.has(path) ? `${hash};inflated` : hash);

async function precache() {
  const cache = await caches.open(cacheName);
  const older = [];                                    // other builds' caches (normally the active one)
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== cacheName) older.push(await caches.open(name));
  }
  const entries = Object.entries(BUILD.files);
  let i = 0;
  const worker = async () => {
    while (i < entries.length) {
      const [path, hash] = entries[i++];
      const url = new URL(path, SCOPE).href;
      const have = await cache.match(url);
      if (have) continue;                              // an earlier, interrupted install of this build
      let reused = null;
      for (const old of older) {
        const hit = await old.match(url);
        if (hit && hit.headers.get(HASH_HEADER) === kept(path, hash)) { reused = hit; break; }
      }
      if (reused) {                                    // unchanged since that build: no download
        await cache.put(url, reused);
        continue;
      }
      const res = await fetch(url, { cache: "no-cache" });
      if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
      const body = await res.arrayBuffer();
      const got = await sha256(body);
      if (got !== hash) throw new Error(`${path}: not the file of build ${BUILD.id} (server mid-update?)`);
      const headers = new Headers({ [HASH_HEADER]: kept(path, hash) });
      const type = res.headers.get("content-type");
      if (type) headers.set("content-type", type);
      const stored = INFLATE.has(path) ? await inflate(body) : body;
      await cache.put(url, new Response(stored, { status: 200, headers }));
    }
  };
  try {
    await Promise.all([worker(), worker(), worker(), worker()]);
    await cache.put(new URL("__boardshelf_complete__", SCOPE).href, new Response(BUILD.id));
  } catch (err) {
    await caches.delete(cacheName);                    // all or nothing
    throw err;
  }
}

// The build's files (everything under web/ and wheels/, stable URLs without query strings) are
// answered by the browser straight from this build's cache, without starting this worker's
// JavaScript (the static routing API, Chromium 123+): a repeat visit gets its runtime files
// sooner.  A file missing from the cache goes to the network.  Navigations still go through the
// fetch handler below (their URLs carry query strings: ?game=...).  Browsers without the API use
// the fetch handler for everything.
function staticRoutes(event) {
  if (typeof event.addRoutes !== "function" || typeof URLPattern !== "function") return null;
  const base = new URL(SCOPE).pathname;
  const rules = ["web/*", "wheels/*"].map((p) => ({
    condition: { urlPattern: new URLPattern({ pathname: base + p, baseURL: SCOPE }), requestMethod: "GET" },
    source: { cacheName },
  }));
  return event.addRoutes(rules).catch(() => {});    // not supported in this form: fetch handler
}

self.addEventListener("install", (event) => {
  if (!BUILD) return;                                  // the unbuilt template: do nothing
  event.waitUntil(Promise.all([precache(), staticRoutes(event)]));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== cacheName) await caches.delete(name);
    }
    // the very first install: take the open pages over (they already run this build's files,
    // fetched from the network moments ago) so later fetches are answered offline too
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const msg = event.data || {};
  if (msg.type === "skip-waiting") self.skipWaiting();
  else if (msg.type === "build" && event.source) event.source.postMessage({ type: "build", id: BUILD && BUILD.id });
});

function cachedPath(request) {
  if (!request.url.startsWith(SCOPE)) return null;
  const url = new URL(request.url);
  let path = url.href.slice(SCOPE.length).split(/[?#]/)[0];
  if (request.mode === "navigate" && (path === "" || path === "index.html")) return "index.html";
  return BUILD && Object.prototype.hasOwnProperty.call(BUILD.files, path) ? path : null;
}

self.addEventListener("fetch", (event) => {
  if (!BUILD || event.request.method !== "GET") return;
  const path = cachedPath(event.request);
  if (!path) return;                                   // not ours: the browser handles it as usual
  event.respondWith((async () => {
    const cache = await caches.open(cacheName);
    const hit = await cache.match(new URL(path, SCOPE).href);
    if (hit) return hit;
    return fetch(event.request);                       // cache not filled yet (install still running)
  })());
});
