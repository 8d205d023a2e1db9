/* temp_db.c: stores for the store and committer tests, on either backend. */
#define _POSIX_C_SOURCE 200809L
#include "temp_db.h"

#include <criterion/criterion.h>
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static bool is_pg(const char *path) {
    return !strncmp(path, "postgresql://", 13) || !strncmp(path, "postgres://", 11) || !strncmp(path, "pg:", 3);
}

const char *test_pg(void) {
    const char *url = getenv("HALMA_TEST_PG");
    if (!url || !*url)
        cr_assert_fail("HALMA_TEST_PG is not set: the PostgreSQL tests need a server; run them through "
                       "`make unit-tests` (or tools/pg-temp.sh run -- build/unit-tests)");
    cr_assert(!strncmp(url, "postgresql://", 13) || !strncmp(url, "postgres://", 11),
              "HALMA_TEST_PG is not a postgresql:// URI: %s", url);
    return url;
}

/* Runs sql (no result rows) on the server of HALMA_TEST_PG. */
static void admin(const char *sql) {
    PGconn *c = PQconnectdb(test_pg());
    cr_assert_eq(PQstatus(c), CONNECTION_OK, "connecting to HALMA_TEST_PG: %s", PQerrorMessage(c));
    PGresult *r = PQexec(c, sql);
    cr_assert_eq(PQresultStatus(r), PGRES_COMMAND_OK, "%s: %s", sql, PQerrorMessage(c));
    PQclear(r);
    PQfinish(c);
}

/* uri with its database name (the path after the host) replaced by name. */
static void with_dbname(const char *uri, const char *name, char *out, size_t size) {
    const char *host = strstr(uri, "://") + 3;
    size_t host_len = strcspn(host, "/?");
    const char *params = strchr(host, '?');
    int n = snprintf(out, size, "%.*s/%s%s", (int)(host - uri + host_len), uri, name, params ? params : "");
    cr_assert(n > 0 && (size_t)n < size, "the URI fits");
}

void temp_store(Backend b, char *out, size_t size) {
    if (b == BACKEND_SQLITE) {
        temp_db(out, size);
        return;
    }
    unsigned char bytes[8];
    FILE *f = fopen("/dev/urandom", "rb");
    cr_assert(f && fread(bytes, 1, sizeof bytes, f) == sizeof bytes);
    fclose(f);
    char name[24] = "t_", sql[64];
    for (int i = 0; i < 8; i++) snprintf(name + 2 + 2 * i, 3, "%02x", bytes[i]);
    snprintf(sql, sizeof sql, "CREATE DATABASE %s", name);
    admin(sql);
    with_dbname(test_pg(), name, out, size);
}

void remove_store(const char *path) {
    if (!strcmp(path, ":memory:")) return;
    if (!is_pg(path)) {
        remove_db(path);
        return;
    }
    char *err = NULL;
    PQconninfoOption *opts = PQconninfoParse(!strncmp(path, "pg:", 3) ? path + 3 : path, &err);
    cr_assert(opts, "%s: %s", path, err ? err : "out of memory");
    char sql[128] = "";
    for (PQconninfoOption *o = opts; o->keyword; o++)
        if (!strcmp(o->keyword, "dbname") && o->val) snprintf(sql, sizeof sql, "DROP DATABASE %s WITH (FORCE)", o->val);
    PQconninfoFree(opts);
    cr_assert(*sql, "%s names its database", path);
    admin(sql);
}

void pg_keywords(const char *uri, char *out, size_t size) {
    char *err = NULL;
    PQconninfoOption *opts = PQconninfoParse(uri, &err);
    cr_assert(opts, "%s: %s", uri, err ? err : "out of memory");
    size_t len = (size_t)snprintf(out, size, "pg:");
    for (PQconninfoOption *o = opts; o->keyword; o++) {
        if (!o->val) continue;
        len += (size_t)snprintf(out + len, size - len, "%s%s='", len > 3 ? " " : "", o->keyword);
        for (const char *c = o->val; *c && len + 3 < size; c++) {
            if (*c == '\'' || *c == '\\') out[len++] = '\\';
            out[len++] = *c;
        }
        cr_assert(len + 2 < size, "the connection string fits");
        out[len++] = '\'';
        out[len] = '\0';
    }
    PQconninfoFree(opts);
}

void pg_server_start(char *dir, size_t dir_size, char *url, size_t url_size) {
    test_pg();
    snprintf(dir, dir_size, "/tmp/halma-pg-own-XXXXXX");
    cr_assert(mkdtemp(dir), "mkdtemp");
    char cmd[256];
    snprintf(cmd, sizeof cmd, "tools/pg-temp.sh start %s", dir);
    FILE *p = popen(cmd, "r");
    cr_assert(p, "%s", cmd);
    bool got = fgets(url, (int)url_size, p) != NULL;
    int status = pclose(p);
    cr_assert(got && status == 0, "%s (from the repository's root) failed: %d", cmd, status);
    url[strcspn(url, "\n")] = '\0';
}

void pg_server(const char *verb, const char *dir) {
    char cmd[256];
    snprintf(cmd, sizeof cmd, "tools/pg-temp.sh %s %s", verb, dir);
    cr_assert_eq(system(cmd), 0, "%s", cmd);
}
