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
 *   - one year and immutable for names carrying a content hash
 *     ("engine.3f9a0c1d.wasm": 8 or more hex digits between dots), which
 *     change name when they change;
 *   - "no-cache" (revalidate every time: a 304 when unchanged) for the page's
 *     code and documents: HTML, scripts, WebAssembly, styles, JSON, the
 *     manifest and the service worker.  They only work as a matching set, and
 *     a service worker precaching a new version through the HTTP cache must
 *     not get an hour-old copy of one of them;
 *   - a day for the rest (icons, images, fonts), which nothing breaks by
 *     lagging a version behind.
 */
const char *cache_control_for(const char *path);

#endif
