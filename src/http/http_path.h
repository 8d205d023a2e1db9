/*
 * http_path.h: from the request target a client sent to a path that is safe
 * to look up under the web root.
 *
 * Pure string work, no file system: the fuzz harness and the unit tests call
 * it directly.  The file system's own checks (symbolic links leaving the
 * root) are static_files.c's.
 */
#ifndef HALMA_HTTP_PATH_H
#define HALMA_HTTP_PATH_H

#include <stdbool.h>
#include <stddef.h>

typedef enum {
    HTTP_PATH_OK,
    HTTP_PATH_BAD,       /* not a path we accept: 400 */
    HTTP_PATH_HIDDEN,    /* a dot file such as .git: 404, as if absent */
    HTTP_PATH_TOO_LONG,  /* longer than the output buffer: 414 */
} HttpPathResult;

/* The longest path we look up: longer request targets get a 414. */
enum { HTTP_PATH_MAX = 1024 };

/*
 * Turns a request target ("/a/b.js?v=2") into a relative path ("a/b.js"):
 * cuts the query, decodes %XX once, drops empty and "." segments.  Refuses
 * (HTTP_PATH_BAD) whatever could name something outside the root or means
 * different things to different file systems: a ".." segment, a backslash,
 * an encoded slash, NUL and other control bytes, malformed escapes, a target
 * not starting with '/'.  The root itself is the empty path.
 *
 * *is_dir is set when the target ends with '/' (or is the root), which is how
 * a client asks for a folder.  out receives the path NUL-terminated.
 */
HttpPathResult http_path_from_target(const char *target, char *out, size_t out_size, bool *is_dir);

#endif
