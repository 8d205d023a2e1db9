/* temp_db.h: store files for the store and committer tests. */
#ifndef HALMA_TEST_TEMP_DB_H
#define HALMA_TEST_TEMP_DB_H

#include <stddef.h>

/* A fresh path under /tmp for an SQLite store (no file there yet). */
void temp_db(char *out, size_t size);

/* Removes a store file with its -wal and -shm companions. */
void remove_db(const char *path);

#endif
