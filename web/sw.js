// sw.js: keeps the game playable offline.  The build (tools/build-web.sh)
// fills in VERSION (a hash of every file) and FILES (every file of the page);
// a new version precaches everything again and drops the old cache.

const VERSION = '__VERSION__';
const FILES = __FILES__;
const CACHE = `halma-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('halma-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

// Cache first for the page's own files (they change only with VERSION); the
// network for anything else, falling back to the cache when offline.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const cached = await cache.match(request, { ignoreSearch: true });
      if (cached) return cached;
      try {
        return await fetch(request);
      } catch (error) {
        const page = request.mode === 'navigate' ? await cache.match('./') : null;
        if (page) return page;
        throw error;
      }
    }),
  );
});
