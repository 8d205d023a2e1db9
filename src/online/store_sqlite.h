/* store_sqlite.h: the store (store.h) in an SQLite file (see store_sqlite.c). */
#ifndef HALMA_STORE_SQLITE_H
#define HALMA_STORE_SQLITE_H

#include "online/store.h"

/* A path, a file: URI, or ":memory:"; NULL with the reason in err. */
Store *store_sqlite_open(const char *path, char *err, int err_size);

#endif
