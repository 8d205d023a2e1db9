/*
 * response_cache.h: ready-made responses for the files of the web page.
 *
 * The page is a few dozen small files, asked for again and again.  Serving
 * one from disk costs an open, a check of where it lies, a stat, a sendfile,
 * a close and a dozen header allocations; serving it from here costs a hash
 * lookup: measured with wrk, well over twice the requests per second (see
 * docs/SERVER.md).  Each file is read once into memory, with its 200 and 304
 * responses built once and shared by every request (libmicrohttpd counts
 * their references).
 *
 * An entry is trusted for one second; after that the caller opens the file
 * again (with every check of static_files.c) and hands it to
 * response_cache_store, which keeps the entry if the file is unchanged or
 * reads it anew.  So a rebuilt page shows within a second.  Only files that
 * exist are stored, so requests for made-up names cannot fill the cache, and
 * its size is bounded all the same.
 */
#ifndef HALMA_RESPONSE_CACHE_H
#define HALMA_RESPONSE_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "http/static_files.h"

struct MHD_Connection;
typedef struct ResponseCache ResponseCache;

/* NULL if out of memory.  Files above max_file_bytes, or that would take the
 * total above max_total_bytes, are not stored (they are served from disk). */
ResponseCache *response_cache_new(size_t max_file_bytes, size_t max_total_bytes);
void response_cache_free(ResponseCache *cache);

/* What a request asks of the cache, and what it was answered. */
typedef struct {
    const char *key;               /* the cleaned path, with a final '/' for a folder */
    const char *if_none_match;     /* conditional headers, NULL when absent */
    const char *if_modified_since;
    bool head;
    unsigned status;               /* out: 200 or 304 */
    uint64_t bytes;                /* out: body bytes sent */
    bool queued;                   /* out: MHD_queue_response succeeded */
} CachedRequest;

/* Queues the cached response on c if key has an entry checked within the
 * last second; false otherwise (nothing queued). */
bool response_cache_serve(ResponseCache *cache, struct MHD_Connection *c, CachedRequest *req);

/*
 * Records file, just opened for key: keeps the entry if it is the same file
 * unchanged, else reads the file into a new one.  On true the descriptor has
 * been closed and response_cache_serve will answer key; on false (too large,
 * cache full, read error) the file is untouched, to be served from disk.
 */
bool response_cache_store(ResponseCache *cache, const char *key, StaticFile *file);

#endif
