/*
 * fuzz_http: what `halma serve` makes of the bytes a client controls, in
 * process.  libmicrohttpd owns the socket and the request parsing, which the
 * server tests and load.sh attack from outside; what it hands on (the raw
 * request target, the conditional headers, the file names they lead to) is
 * decided by pure functions, fuzzed here with their invariants:
 *   - a target is refused, or becomes a relative path with no ".." or "."
 *     segment, no empty segment, no backslash, no control byte, no leading
 *     '/', and no dot file outside .well-known (those are HTTP_PATH_HIDDEN);
 *   - a shorter output buffer never yields a different path, only TOO_LONG;
 *   - a date either fails to parse or formats back to a date that parses to
 *     the same second;
 *   - ETag lists and file names never crash the matchers.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "http/http_cache.h"
#include "http/http_path.h"
#include "http/mime.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(bool ok) {
    if (!ok) __builtin_trap();
}

static void check_clean_path(const char *path, bool hidden) {
    check(path[0] != '/');
    for (const char *segment = path; *segment;) {
        size_t len = strcspn(segment, "/");
        check(len > 0);                                                  /* no empty segment */
        check(!(len == 1 && segment[0] == '.'));                         /* no "." */
        check(!(len == 2 && segment[0] == '.' && segment[1] == '.'));    /* no ".." */
        if (!hidden) check(segment[0] != '.' || (len == 11 && !memcmp(segment, ".well-known", 11)));
        segment += len;
        if (*segment == '/') {
            segment++;
            check(*segment != '\0'); /* no trailing '/' */
        }
    }
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) check(*p >= 0x20 && *p != 0x7f && *p != '\\');
}

static void fuzz_target(const char *text) {
    char path[HTTP_PATH_MAX], shorter[64];
    bool is_dir, short_is_dir;
    HttpPathResult result = http_path_from_target(text, path, sizeof path, &is_dir);
    if (result == HTTP_PATH_OK || result == HTTP_PATH_HIDDEN) check_clean_path(path, result == HTTP_PATH_HIDDEN);
    if (result == HTTP_PATH_OK) {
        HttpPathResult again = http_path_from_target(text, shorter, sizeof shorter, &short_is_dir);
        check(again == HTTP_PATH_TOO_LONG || (again == HTTP_PATH_OK && !strcmp(path, shorter) && short_is_dir == is_dir));
    }
}

static void fuzz_date(const char *text) {
    int64_t t, back;
    char formatted[HTTP_DATE_SIZE];
    if (!http_date_parse(text, &t) || t < 0 || t > 253402300799) return;
    http_date_format(t, formatted);
    check(http_date_parse(formatted, &back) && back == t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    fuzz_target(text);
    fuzz_date(text);
    char etag[HTTP_ETAG_SIZE];
    http_etag_format(size, (int64_t)size * 7919, (long)size, etag);
    (void)http_not_modified(text, text, etag, 0);
    (void)http_not_modified(NULL, text, etag, INT64_MAX);
    check(mime_type_for(text) != NULL && cache_control_for(text) != NULL);
    free(text);
    return 0;
}
