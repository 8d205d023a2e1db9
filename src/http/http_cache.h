/*
 * http_cache.h: the validators of a served file (ETag, Last-Modified) and the
 * conditional request headers that compare against them (If-None-Match,
 * If-Modified-Since), so that a browser revalidating an unchanged file gets a
 * bodiless 304.
 *
 * Pure functions over strings and numbers: the fuzz harness calls them.
 */
#ifndef HALMA_HTTP_CACHE_H
#define HALMA_HTTP_CACHE_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

/* "Sun, 06 Nov 1994 08:49:37 GMT": 29 characters and a NUL. */
enum { HTTP_DATE_SIZE = 30, HTTP_ETAG_SIZE = 64 };

/* Formats t (seconds since 1970, UTC) as an HTTP date (IMF-fixdate). */
void http_date_format(int64_t t, char out[HTTP_DATE_SIZE]);

/* Parses an IMF-fixdate; false for anything else (the header is then ignored). */
bool http_date_parse(const char *s, int64_t *t);

/* A strong ETag from what changes when a file is rewritten: its size and its
 * modification time to the nanosecond. */
void http_etag_format(uint64_t size, int64_t mtime_sec, long mtime_nsec, char out[HTTP_ETAG_SIZE]);

/* Does an If-None-Match value ("*", or a list of possibly weak tags) match
 * etag?  Comparison is weak, as RFC 9110 13.1.2 asks for this header. */
bool http_etag_matches(const char *if_none_match, const char *etag);

/* Does an Accept-Encoding header (NULL: none) accept gzip?  "gzip",
 * "x-gzip" or "*", with any weight but q=0 (RFC 9110 12.5.3). */
bool http_accepts_gzip(const char *accept_encoding);

/*
 * Should a GET with these headers (NULL when absent) get a 304?
 * If-None-Match decides when present; otherwise If-Modified-Since, against
 * the file's modification time in whole seconds.
 */
bool http_not_modified(const char *if_none_match, const char *if_modified_since, const char *etag,
                       int64_t mtime_sec);

#endif
