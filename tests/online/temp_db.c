/* temp_db.c: store files for the store and committer tests. */
#define _POSIX_C_SOURCE 200809L
#include "temp_db.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

void temp_db(char *out, size_t size) {
    snprintf(out, size, "/tmp/halma-store-XXXXXX");
    int fd = mkstemp(out);
    cr_assert(fd >= 0);
    close(fd);
    unlink(out);
}

void remove_db(const char *path) {
    char p[300];
    unlink(path);
    snprintf(p, sizeof p, "%s-wal", path);
    unlink(p);
    snprintf(p, sizeof p, "%s-shm", path);
    unlink(p);
}
