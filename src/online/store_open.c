/*
 * store_open.c: the store of a path (store.h's store_open): PostgreSQL for a
 * libpq connection string, else SQLite.
 */
#include <string.h>

#include "online/store.h"
#include "online/store_pg.h"
#include "online/store_sqlite.h"

static bool starts_with(const char *s, const char *prefix) { return !strncmp(s, prefix, strlen(prefix)); }

Store *store_open(const char *path, char *err, int err_size) {
    if (starts_with(path, "postgresql://") || starts_with(path, "postgres://")) return store_pg_open(path, err, err_size);
    if (starts_with(path, "pg:")) return store_pg_open(path + 3, err, err_size);
    return store_sqlite_open(path, err, err_size);
}
