/*
 * store_columns.h: the columns of the games table, one list for both
 * backends (store_sqlite.c, store_pg.c): each column's name, its type and
 * where it lives in a StoreGame, so that a backend binds and reads a row by
 * walking the list, and a column added to the list is added to an existing
 * store in place (ALTER TABLE ... ADD COLUMN, with its default) when the
 * store is opened.  Not for other modules.
 */
#ifndef HALMA_STORE_COLUMNS_H
#define HALMA_STORE_COLUMNS_H

#include <stdbool.h>
#include <stddef.h>

#include "online/store.h"

typedef enum {
    COLUMN_BOOL,  /* bool, kept as 0 or 1 */
    COLUMN_INT,   /* int (an enum too) */
    COLUMN_INT64, /* int64_t */
    COLUMN_TEXT,  /* char[size] */
    COLUMN_HASH,  /* uint8_t[STORE_HASH_SIZE], bytes */
} ColumnType;

typedef struct {
    const char *name;
    ColumnType type;
    size_t offset; /* in StoreGame */
    size_t size;   /* of a text */
    /* Not in the first schema (that of the first stores written): added to
     * an existing store, with this default for the rows already there (SQL;
     * NULL reads as 0 or ""). */
    const char *added_default;
    bool added;
} StoreColumn;

/* Every column of a game's row but its id, in the order of the statements. */
const StoreColumn *store_columns(int *n);

/* The column's field in g. */
void *column_field(const StoreColumn *c, StoreGame *g);
const void *column_value(const StoreColumn *c, const StoreGame *g);

/* The letter that names a seat's columns: 'w', 'b', 'r', 'y'. */
char store_seat_letter(int seat);

/* "a, b, c", the columns' names; false if out won't hold them. */
bool store_column_names(char *out, size_t size);

/* "?1, ?2, ..." (marker '?') or "$1, $2, ..." (marker '$'), one a column. */
bool store_column_params(char *out, size_t size, char marker);

#endif
