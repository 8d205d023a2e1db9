/*
 * mime.c: Content-Type and Cache-Control by file name (see mime.h).
 *
 * A short fixed table: the web page is a known, small set of file kinds, and
 * an unknown kind is better served as opaque bytes than guessed.
 */
#include "http/mime.h"

#include <stdbool.h>
#include <string.h>
#include <strings.h>

typedef struct {
    const char *extension;
    const char *type;
} MimeType;

static const MimeType MIME_TYPES[] = {
    {"html", "text/html; charset=utf-8"},
    {"htm", "text/html; charset=utf-8"},
    {"js", "text/javascript; charset=utf-8"},
    {"mjs", "text/javascript; charset=utf-8"},
    {"css", "text/css; charset=utf-8"},
    {"wasm", "application/wasm"},
    {"webmanifest", "application/manifest+json"},
    {"json", "application/json"},
    {"jsonl", "application/jsonl; charset=utf-8"}, /* JSON lines: the puzzles (docs/PUZZLES.md) */
    {"map", "application/json"},
    {"svg", "image/svg+xml"},
    {"png", "image/png"},
    {"ico", "image/x-icon"},
    {"jpg", "image/jpeg"},
    {"jpeg", "image/jpeg"},
    {"gif", "image/gif"},
    {"webp", "image/webp"},
    {"avif", "image/avif"},
    {"woff2", "font/woff2"},
    {"woff", "font/woff"},
    {"txt", "text/plain; charset=utf-8"},
    {"md", "text/markdown; charset=utf-8"},
    {"xml", "application/xml"},
    {"pdf", "application/pdf"},
};

static const char *base_name(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* The extension after the last dot of the base name, or "" */
static const char *extension_of(const char *path) {
    const char *dot = strrchr(base_name(path), '.');
    return dot ? dot + 1 : "";
}

const char *mime_type_for(const char *path) {
    const char *extension = extension_of(path);
    for (size_t i = 0; i < sizeof MIME_TYPES / sizeof *MIME_TYPES; i++)
        if (!strcasecmp(extension, MIME_TYPES[i].extension)) return MIME_TYPES[i].type;
    return "application/octet-stream";
}

/* Does a dot-separated part of the name (not the first) consist of 8 or more hex digits? */
static bool has_content_hash(const char *name) {
    const char *part = strchr(name, '.');
    while (part) {
        size_t digits = strspn(part + 1, "0123456789abcdefABCDEF");
        if (digits >= 8 && part[1 + digits] == '.') return true;
        part = strchr(part + 1, '.');
    }
    return false;
}

/* The kinds that make up the page's code: revalidated at every use. */
static const char *const REVALIDATED[] = {"html", "htm", "js", "mjs", "wasm", "css", "json", "jsonl", "map", "webmanifest"};

const char *cache_control_for(const char *path) {
    if (has_content_hash(base_name(path))) return "public, max-age=31536000, immutable";
    const char *extension = extension_of(path);
    for (size_t i = 0; i < sizeof REVALIDATED / sizeof *REVALIDATED; i++)
        if (!strcasecmp(extension, REVALIDATED[i])) return "no-cache";
    return "public, max-age=86400";
}
