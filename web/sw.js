// sw.js: keeps the game playable offline.  The build (tools/build-web.sh)
// fills in VERSION (a hash of every file), FILES (the page's files, kept on
// the first visit) and KEPT_ON_USE (the Learn page's, kept once opened);
// a new version precaches everything again and drops the old cache.
//
// A new version waits until no tab runs the old one (no skipWaiting): a page
// keeps getting files of its own version, so a worker started late or a
// language loaded late never mixes versions.

const VERSION = '__VERSION__';
const FILES = __FILES__;
const CACHE = `halma-${VERSION}`;
// Left out of FILES by the build and kept the first time they are fetched.
const KEPT_ON_USE = __KEPT_ON_USE__;

// On the first install the page has just loaded most of these files, so they
// are taken from the HTTP cache as they are (no second download); an update
// revalidates every file with the server.
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const first = !(await caches.keys()).some((key) => key.startsWith('halma-'));
      const cache = await caches.open(CACHE);
      await Promise.all(
        FILES.map(async (file) => {
          const response = await fetch(file, { cache: first ? 'force-cache' : 'no-cache' });
          if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
          await cache.put(file, response);
        }),
      );
    })(),
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
// network for anything else (the API not even through the worker), falling back to the cache when offline.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  // Online games are live: the API and its event streams never come from the cache.
  if (url.pathname.startsWith('/api/')) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const cached = await cache.match(request, { ignoreSearch: true });
      if (cached) return cached;
      try {
        const response = await fetch(request);
        // Files kept on first use (the puzzles), in this version's cache.
        const file = url.pathname.slice(new URL(self.registration.scope).pathname.length);
        if (response.ok && KEPT_ON_USE.includes(file)) await cache.put(file, response.clone());
        return response;
      } catch (error) {
        const page = request.mode === 'navigate' ? await cache.match('./') : null;
        if (page) return page;
        throw error;
      }
    }),
  );
});
