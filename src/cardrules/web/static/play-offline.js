// The static play page's service worker (docs/play.md): once the page has loaded, every
// file of the page (Pyodide, the wheels, the cards) is kept in the browser's Cache
// Storage, and a visit with the browser offline is served from there: the page opens,
// resumes its game and starts new ones with no network at all. Online, the browser
// fetches as if there were no service worker.
//
// The docs build (docs/hooks/mkdocs_play.py) writes this file into play/ with FILES (the
// page's files) and BUILD (a digest of all of them) filled in; a new build is a new
// service worker, which the browser installs beside the old one (fetching the files that
// changed) and uses from the next visit on. `cardrules serve` never registers it.
"use strict";

const BUILD = "__BUILD__";
const FILES = ["__FILES__"];

const PREFIX = "cardrules-play-files-";
const CACHE = PREFIX + BUILD;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      // An update asks the host for every file again (its HTTP cache may hold the old
      // ones); the first install takes them from the HTTP cache, where the page has just
      // put them.
      const update = (await caches.keys()).some((name) => name.startsWith(PREFIX) && name !== CACHE);
      const cache = await caches.open(CACHE);
      await cache.addAll(FILES.map((file) => new Request(file, { cache: update ? "no-cache" : "default" })));
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  // Online, the browser fetches as it would without a service worker (its HTTP cache,
  // and the code it compiled from it, are quicker than answering from here).
  if (self.navigator.onLine) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // `index.html?new` is the page itself
      return (await cache.match(request, { ignoreSearch: true })) || fetch(request);
    })(),
  );
});
