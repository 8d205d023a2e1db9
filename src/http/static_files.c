/*
 * static_files.c: opening files under the web root (see static_files.h).
 *
 * Files are opened relative to the root's descriptor (openat), following
 * symbolic links like any server of a build folder must, and then the file
 * actually opened is checked to lie inside the root: by its path in
 * /proc/self/fd, which the kernel derives from the open file itself, so a
 * link swapped between the check and the open cannot fool it.  Where /proc is
 * missing, realpath plus an identity check (device and inode) does the same.
 */
#define _DEFAULT_SOURCE /* O_CLOEXEC, O_NOFOLLOW, realpath, readlink */
#include "http/static_files.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

_Static_assert(STATIC_ROOT_PATH_MAX >= PATH_MAX, "realpath writes up to PATH_MAX bytes");

/* O_NONBLOCK: opening a FIFO someone left in the root must not block a server thread. */
static const int OPEN_FLAGS = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY;

bool static_root_open(StaticRoot *root, const char *dir, char *error, size_t error_size) {
    root->dir_fd = -1;
    if (!realpath(dir, root->real_path)) {
        snprintf(error, error_size, "%s: %s", dir, strerror(errno));
        return false;
    }
    root->real_len = strlen(root->real_path);
    root->dir_fd = open(root->real_path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (root->dir_fd < 0) {
        snprintf(error, error_size, "%s: %s", dir, strerror(errno));
        return false;
    }
    return true;
}

void static_root_close(StaticRoot *root) {
    if (root->dir_fd >= 0) close(root->dir_fd);
    root->dir_fd = -1;
}

static bool path_is_inside(const StaticRoot *root, const char *real) {
    if (root->real_len == 1) return real[0] == '/'; /* the root is "/" */
    return !strncmp(real, root->real_path, root->real_len) && (real[root->real_len] == '/' || real[root->real_len] == '\0');
}

/* Without /proc: resolve the name again and make sure it is the file we hold. */
static bool is_inside_by_realpath(const StaticRoot *root, const char *name, int fd) {
    char full[PATH_MAX + STATIC_NAME_MAX], real[PATH_MAX];
    struct stat opened, named;
    snprintf(full, sizeof full, "%s/%s", root->real_path, name);
    return realpath(full, real) && path_is_inside(root, real) && fstat(fd, &opened) == 0 &&
           stat(real, &named) == 0 && opened.st_dev == named.st_dev && opened.st_ino == named.st_ino;
}

/* Is the open file fd (opened as name, relative to the root) inside the root? */
static bool is_inside_root(const StaticRoot *root, const char *name, int fd) {
    char link[64], real[PATH_MAX];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, real, sizeof real - 1);
    if (n < 0 || (size_t)n >= sizeof real - 1) return is_inside_by_realpath(root, name, fd);
    real[n] = '\0';
    return path_is_inside(root, real);
}

/* Errors that mean "no such file here", as far as a client need know: absent,
 * a loop of links, no permission, a file where a folder was expected. */
static bool is_absence(int error) {
    return error == ENOENT || error == ENOTDIR || error == ELOOP || error == EACCES || error == ENAMETOOLONG ||
           error == ENXIO || error == EPERM;
}

/* Opens name under the root and checks where it landed; -1 with a result if refused. */
static int open_inside(const StaticRoot *root, const char *name, StaticResult *refusal) {
    int fd = openat(root->dir_fd, name[0] ? name : ".", OPEN_FLAGS);
    if (fd < 0) {
        *refusal = is_absence(errno) ? STATIC_NOT_FOUND : STATIC_ERROR;
        return -1;
    }
    if (!is_inside_root(root, name, fd)) {
        close(fd);
        *refusal = STATIC_OUTSIDE_ROOT;
        return -1;
    }
    return fd;
}

static StaticResult open_file(const StaticRoot *root, const char *name, StaticFile *file, struct stat *st) {
    StaticResult refusal;
    int fd = open_inside(root, name, &refusal);
    if (fd < 0) return refusal;
    if (fstat(fd, st) != 0) {
        close(fd);
        return STATIC_NOT_FOUND;
    }
    file->fd = fd;
    return STATIC_FILE;
}

/* What the file's response is made from: its identity, size, time, encoding. */
static void take_stat(StaticFile *file, const struct stat *st, bool gzip) {
    file->device = (uint64_t)st->st_dev;
    file->inode = (uint64_t)st->st_ino;
    file->size = (uint64_t)st->st_size;
    file->mtime_sec = (int64_t)st->st_mtim.tv_sec;
    file->mtime_nsec = st->st_mtim.tv_nsec;
    file->gzip = gzip;
}

StaticResult static_open(const StaticRoot *root, const char *path, bool is_dir, StaticFile *file) {
    file->fd = -1;
    if ((size_t)snprintf(file->name, sizeof file->name, "%s", path) >= sizeof file->name) return STATIC_NOT_FOUND;
    struct stat st;
    StaticResult result = open_file(root, file->name, file, &st);
    if (result != STATIC_FILE) return result;
    if (S_ISDIR(st.st_mode)) {
        close(file->fd);
        file->fd = -1;
        if (!is_dir) return STATIC_DIRECTORY;
        /* A folder serves its index.html, which must itself stay inside the root. */
        if ((size_t)snprintf(file->name, sizeof file->name, "%s%sindex.html", path, path[0] ? "/" : "") >=
            sizeof file->name)
            return STATIC_NOT_FOUND;
        result = open_file(root, file->name, file, &st);
        if (result != STATIC_FILE) return result;
    } else if (is_dir) {
        /* "/app.js/": a file is not a folder. */
        close(file->fd);
        file->fd = -1;
        return STATIC_NOT_FOUND;
    }
    if (!S_ISREG(st.st_mode)) { /* no FIFOs, devices or sockets, and no listing of folders */
        close(file->fd);
        file->fd = -1;
        return STATIC_NOT_FOUND;
    }
    take_stat(file, &st, false);
    return STATIC_FILE;
}

static bool not_older(const struct stat *st, const StaticFile *file) {
    return (int64_t)st->st_mtim.tv_sec > file->mtime_sec ||
           ((int64_t)st->st_mtim.tv_sec == file->mtime_sec && st->st_mtim.tv_nsec >= file->mtime_nsec);
}

bool static_use_gzip(const StaticRoot *root, StaticFile *file) {
    char name[STATIC_NAME_MAX + 3];
    if ((size_t)snprintf(name, sizeof name, "%s.gz", file->name) >= sizeof name) return false;
    StaticResult refusal;
    int fd = open_inside(root, name, &refusal);
    if (fd < 0) return false;
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || !not_older(&st, file)) {
        close(fd);
        return false;
    }
    close(file->fd);
    file->fd = fd;
    take_stat(file, &st, true);
    return true;
}
