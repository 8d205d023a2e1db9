/*
 * mime.h: how each kind of file of the web page is served: the Content-Type
 * its name implies and how long a browser may keep it without asking again.
 */
#ifndef HALMA_MIME_H
#define HALMA_MIME_H

/* The Content-Type for a file name, by its extension (case-insensitive);
 * application/octet-stream for unknown ones (with nosniff, never rendered). */
const char *mime_type_for(const char *path);

/*
 * The Cache-Control for a file name:
 *   - "no-cache" (revalidate every time, a 304 when unchanged) for HTML, the
 *     web app manifest and the service worker (sw.js, service-worker.js), so
 *     that a new version of the page shows on the next load;
 *   - one year and immutable for names carrying a content hash
 *     ("engine.3f9a0c1d.wasm": 8 or more hex digits between dots);
 *   - an hour for the rest (scripts, styles, WebAssembly, images).
 */
const char *cache_control_for(const char *path);

#endif
