// The static site offline and installed (scripts/site/build-web copies this file to js/offline.js
// and loads it from the site's index.html only): registers the service worker, sw.js beside the
// page, which caches the whole site on the first visit. When a new build's worker takes over a page
// that an older one served, the page reloads, so that it runs the new build whole.

if ('serviceWorker' in navigator) {
  const servedByOlderBuild = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (servedByOlderBuild) location.reload();
  });
  navigator.serviceWorker.register(new URL('../sw.js', import.meta.url), { updateViaCache: 'none' })
    .then(() => navigator.serviceWorker.ready)
    .then(() => { document.documentElement.dataset.offline = 'ready'; })
    .catch((error) => { document.documentElement.dataset.offline = `unavailable: ${error}`; });
}
