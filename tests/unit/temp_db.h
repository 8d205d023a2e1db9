/*
 * temp_db.h: stores for the store and committer tests, on either backend.
 *
 * The PostgreSQL ones are databases made on the server of HALMA_TEST_PG,
 * which `make unit-tests` starts (tools/pg-temp.sh run); without it the
 * PostgreSQL tests fail, saying so, rather than pass untried.
 */
#ifndef HALMA_TEST_TEMP_DB_H
#define HALMA_TEST_TEMP_DB_H

#include <stdbool.h>
#include <stddef.h>

typedef enum { BACKEND_SQLITE, BACKEND_PG } Backend;

/*
 * ON_BOTH(suite, name, options...) { body using Backend backend }: the test twice,
 * as suite_sqlite::name and suite_pg::name (Criterion's options, such as
 * .timeout, apply to both).
 */
#define ON_BOTH(...) ON_BOTH_(__VA_ARGS__, .disabled = false)
#define ON_BOTH_(suite, name, ...)                                                                                     \
    static void suite##_##name##_on(Backend backend);                                                                  \
    Test(suite##_sqlite, name, __VA_ARGS__) { suite##_##name##_on(BACKEND_SQLITE); }                                   \
    Test(suite##_pg, name, __VA_ARGS__) { suite##_##name##_on(BACKEND_PG); }                                           \
    static void suite##_##name##_on(Backend backend)

/* A fresh path under /tmp for an SQLite store (no file there yet). */
void temp_db(char *out, size_t size);

/* Removes a store file with its -wal and -shm companions. */
void remove_db(const char *path);

/* A fresh store: an SQLite path as temp_db's, or a new empty PostgreSQL
 * database (CREATE DATABASE t_<random>) and its postgresql:// URI. */
void temp_store(Backend b, char *out, size_t size);

/* Removes the store of temp_store: its files, or its database (DROP
 * DATABASE, whoever is still connected); nothing for ":memory:". */
void remove_store(const char *path);

/* HALMA_TEST_PG, the server's URI; fails the test if it is not set. */
const char *test_pg(void);

/* The same PostgreSQL connection as uri, as a "pg:" key=value string. */
void pg_keywords(const char *uri, char *out, size_t size);

/* A PostgreSQL server of the test's own (tools/pg-temp.sh start), for a test
 * that stops it while others run on HALMA_TEST_PG's: its folder in dir, its
 * URI in url. */
void pg_server_start(char *dir, size_t dir_size, char *url, size_t url_size);

/* tools/pg-temp.sh pause, resume or stop on that server's folder. */
void pg_server(const char *verb, const char *dir);

#endif
