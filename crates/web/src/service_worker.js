// The static site's service worker (scripts/site/build-web copies it to sw.js and stamps BUILD and
// FILES): on the first visit it caches every file of the site under a name of its build, then
// answers the site's requests from that cache alone, so that the page opens and the engine plays
// with no network.
//
// A new build is a new sw.js. The browser installs it beside the old one; it caches the new build's
// files whole (from the network, past the HTTP cache), takes over, deletes every other build's cache,
// and the page reloads itself once (js/offline.js). Each worker reads only its own build's cache, so a
// page never gets files of two builds.

const BUILD = 'unstamped';
const FILES = [];
const PREFIX = 'duel-site-';
const CACHE = `${PREFIX}${BUILD}`;

self.addEventListener('install', (event) => {
  const fresh = FILES.map((file) => new Request(file, { cache: 'reload' }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(fresh)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  const older = (names) => names.filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(older(names).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

// The site's files are answered from the cache: a page with a link's query is the folder's page;
// what the cache lacks (nothing of the site, once installed) goes to the network.
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(caches.open(CACHE)
    .then((cache) => cache.match(request, { ignoreSearch: true }))
    .then((cached) => cached || fetch(request)));
});
