/*
 * static_files.h: opens the files of the web root for serving, and only them.
 *
 * The path given has already been cleaned by http_path_from_target (no "..",
 * no backslash, no NUL).  What is left is the file system's part: a symbolic
 * link inside the root may point anywhere, so every opened file is checked
 * for where it really is before it is served.
 */
#ifndef HALMA_STATIC_FILES_H
#define HALMA_STATIC_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { STATIC_ROOT_PATH_MAX = 4096 }; /* PATH_MAX on Linux */

typedef struct {
    int dir_fd;                           /* the root folder, opened once */
    char real_path[STATIC_ROOT_PATH_MAX]; /* its canonical path, with no trailing '/' unless "/" */
    size_t real_len;
} StaticRoot;

/* Opens the root folder; on failure false, with the reason in error. */
bool static_root_open(StaticRoot *root, const char *dir, char *error, size_t error_size);
void static_root_close(StaticRoot *root);

typedef enum {
    STATIC_FILE,          /* file is open: serve it */
    STATIC_DIRECTORY,     /* a folder asked for without its final '/': redirect there */
    STATIC_NOT_FOUND,     /* absent, not a regular file, or unreadable */
    STATIC_OUTSIDE_ROOT,  /* a symbolic link leading out of the root */
    STATIC_ERROR,         /* the system failed us (out of descriptors, I/O error): a 500 */
} StaticResult;

enum { STATIC_NAME_MAX = 1024 + 16 };

typedef struct {
    int fd;               /* open, read-only; the caller closes it (or hands it to MHD) */
    uint64_t device, inode; /* which file it is, to notice it being replaced */
    uint64_t size;
    int64_t mtime_sec;
    long mtime_nsec;
    char name[STATIC_NAME_MAX]; /* the relative path served: "index.html" for "" */
    bool gzip;            /* fd is name's precompressed twin, name.gz: sent with Content-Encoding: gzip */
} StaticFile;

/*
 * Opens path (relative, cleaned) under the root.  A folder serves its
 * index.html when asked for with a final '/' (is_dir), and is never listed.
 */
StaticResult static_open(const StaticRoot *root, const char *path, bool is_dir, StaticFile *file);

/*
 * Swaps an open file for its precompressed twin (name + ".gz", made by the
 * build with `gzip -9 -k -n`) when there is one: a regular file inside the
 * root, no older than the file itself (a stale twin is never served).
 * Returns whether it did; the name stays the file's, for its type.
 */
bool static_use_gzip(const StaticRoot *root, StaticFile *file);

#endif
