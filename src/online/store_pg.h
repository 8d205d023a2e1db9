/* store_pg.h: the store (store.h) in PostgreSQL, shared by several servers (see store_pg.c). */
#ifndef HALMA_STORE_PG_H
#define HALMA_STORE_PG_H

#include "online/store.h"

/* A libpq connection URI or key=value string; NULL with the reason in err. */
Store *store_pg_open(const char *conninfo, char *err, int err_size);

#endif
