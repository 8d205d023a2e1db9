/*
 * http_path.c: request target to safe relative path (see http_path.h).
 *
 * One pass, decoding as it goes, so that nothing is decoded twice: "%252e"
 * becomes the three characters "%2e", a harmless name, never ".".  Every
 * check is made on the decoded bytes, so "%2e%2e" is refused like "..".
 */
#include "http/http_path.h"

#include <string.h>

static int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decodes the byte at *p (an escape or itself) and advances; -1 if malformed. */
static int next_byte(const char **p) {
    const char *s = *p;
    if (*s != '%') {
        *p = s + 1;
        return (unsigned char)*s;
    }
    int high = hex_value(s[1]);
    int low = high < 0 ? -1 : hex_value(s[2]);
    if (low < 0) return -1;
    *p = s + 3;
    return high * 16 + low;
}

/* Bytes no file name of ours contains, which some layer could misread. */
static bool is_refused_byte(int b) { return b < 0x20 || b == 0x7f || b == '\\'; }

HttpPathResult http_path_from_target(const char *target, char *out, size_t out_size, bool *is_dir) {
    if (out_size == 0) return HTTP_PATH_TOO_LONG;
    out[0] = '\0';
    *is_dir = false;
    if (target[0] != '/') return HTTP_PATH_BAD; /* absolute-form, "*", or garbage */

    size_t len = 0;           /* bytes written to out */
    size_t segment_start = 0; /* where the current segment begins in out */
    bool hidden = false;
    const char *p = target + 1;
    for (;;) {
        bool end = *p == '\0' || *p == '?';
        if (end || *p == '/') {
            /* A segment ends: drop it if empty or ".", refuse "..". */
            const char *segment = out + segment_start;
            size_t segment_len = len - segment_start;
            if (segment_len == 2 && segment[0] == '.' && segment[1] == '.') return HTTP_PATH_BAD;
            if (segment_len == 0 || (segment_len == 1 && segment[0] == '.')) {
                len = segment_start;
            } else {
                if (segment[0] == '.' && !(segment_len == 11 && !memcmp(segment, ".well-known", 11))) hidden = true;
                if (!end) {
                    if (len + 1 >= out_size) return HTTP_PATH_TOO_LONG;
                    out[len++] = '/';
                }
            }
            segment_start = len;
            if (end) {
                *is_dir = p[-1] == '/' || len == 0;
                break;
            }
            p++;
            continue;
        }
        if (*p == '#') return HTTP_PATH_BAD; /* clients never send fragments */
        bool escaped = *p == '%';
        int b = next_byte(&p);
        if (b < 0 || is_refused_byte(b) || (escaped && b == '/')) return HTTP_PATH_BAD;
        if (len + 1 >= out_size) return HTTP_PATH_TOO_LONG;
        out[len++] = (char)b;
    }
    /* A trailing separator is left when the last segments were dropped. */
    if (len > 0 && out[len - 1] == '/') len--;
    out[len] = '\0';
    return hidden ? HTTP_PATH_HIDDEN : HTTP_PATH_OK;
}
