/// <reference lib="webworker" />
/**
 * App-shell cache: the built files are cached on install; navigations fall back to the cached index.html
 * when the network is gone. API and database requests are never cached.
 */
declare const self: ServiceWorkerGlobalScope;
export {};
declare const BUILD_ID: string;
declare const SHELL_FILES: string[];

const CACHE = `oja-shell-${BUILD_ID}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('oja-shell-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

function isShellRequest(url: URL): boolean {
  return url.origin === self.location.origin && !url.pathname.startsWith('/db/') && !url.pathname.startsWith('/api/');
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || !isShellRequest(url)) return;
  if (event.request.mode === 'navigate') {
    // Network first for pages so a new build shows at once; the cached shell when offline.
    event.respondWith(fetch(event.request).catch(() => caches.match('/index.html').then((r) => r ?? Response.error())));
    return;
  }
  event.respondWith(caches.match(event.request).then((hit) => hit ?? fetch(event.request)));
});
