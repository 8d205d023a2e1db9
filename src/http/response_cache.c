/*
 * response_cache.c: the response cache (see response_cache.h).
 *
 * A fixed open-addressing hash table under a read-write lock: serving a hit
 * takes the read lock, so both server threads serve hits at once.  Entries
 * are never removed, only replaced when their file changes, which keeps the
 * table simple (no tombstones); it holds at most TABLE_SIZE / 2 of them.
 * The freshness stamp is an atomic, so a hit can read it under the read lock
 * while a store renews it.
 */
#define _POSIX_C_SOURCE 200809L
#include "http/response_cache.h"

#include <microhttpd.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "http/http_cache.h"
#include "http/monotonic.h"
#include "http/responses.h"

enum { TABLE_SIZE = 512, MAX_ENTRIES = TABLE_SIZE / 2 };
static const int64_t FRESH_NS = 1000000000; /* an entry is trusted for one second */

typedef struct {
    char *key; /* NULL: a free slot; never freed before the cache */
    uint64_t device, inode, size;
    int64_t mtime_sec;
    long mtime_nsec;
    FileValidators validators;
    struct MHD_Response *ok, *not_modified;
    _Atomic int64_t checked_ns; /* monotonic time the file was last found unchanged */
} Entry;

struct ResponseCache {
    pthread_rwlock_t lock;
    size_t max_file_bytes, max_total_bytes, total_bytes, entries;
    Entry table[TABLE_SIZE];
};

/* FNV-1a: short keys, no adversary able to choose many that exist. */
static size_t hash(const char *key) {
    uint64_t h = 14695981039346656037ULL;
    for (; *key; key++) h = (h ^ (unsigned char)*key) * 1099511628211ULL;
    return (size_t)h;
}

/* The slot holding key, or the free slot where it would go. */
static Entry *slot_for(ResponseCache *cache, const char *key) {
    for (size_t i = hash(key);; i++) {
        Entry *e = &cache->table[i % TABLE_SIZE];
        if (!e->key || !strcmp(e->key, key)) return e;
    }
}

ResponseCache *response_cache_new(size_t max_file_bytes, size_t max_total_bytes) {
    ResponseCache *cache = calloc(1, sizeof *cache);
    if (!cache) return NULL;
    pthread_rwlock_init(&cache->lock, NULL);
    cache->max_file_bytes = max_file_bytes;
    cache->max_total_bytes = max_total_bytes;
    return cache;
}

static void release_responses(Entry *e) {
    if (e->ok) MHD_destroy_response(e->ok);
    if (e->not_modified) MHD_destroy_response(e->not_modified);
    e->ok = e->not_modified = NULL;
}

void response_cache_free(ResponseCache *cache) {
    if (!cache) return;
    for (size_t i = 0; i < TABLE_SIZE; i++) {
        release_responses(&cache->table[i]);
        free(cache->table[i].key);
    }
    pthread_rwlock_destroy(&cache->lock);
    free(cache);
}

bool response_cache_serve(ResponseCache *cache, struct MHD_Connection *c, CachedRequest *req) {
    bool served = false;
    pthread_rwlock_rdlock(&cache->lock);
    Entry *e = slot_for(cache, req->key);
    if (e->key && monotonic_ns() - atomic_load(&e->checked_ns) < FRESH_NS) {
        bool not_modified = http_not_modified(req->if_none_match, req->if_modified_since, e->validators.etag, e->mtime_sec);
        req->status = not_modified ? MHD_HTTP_NOT_MODIFIED : MHD_HTTP_OK;
        req->bytes = not_modified || req->head ? 0 : e->size;
        /* Queued under the lock: the response cannot be replaced and destroyed
         * before libmicrohttpd holds its own reference. */
        req->queued = MHD_queue_response(c, req->status, not_modified ? e->not_modified : e->ok) == MHD_YES;
        served = true;
    }
    pthread_rwlock_unlock(&cache->lock);
    return served;
}

static bool same_file(const Entry *e, const StaticFile *f) {
    return e->device == f->device && e->inode == f->inode && e->size == f->size && e->mtime_sec == f->mtime_sec &&
           e->mtime_nsec == f->mtime_nsec;
}

/* Reads the whole file; NULL if it changed size under us or cannot be read. */
static void *read_whole(const StaticFile *f) {
    char *data = malloc(f->size ? f->size : 1);
    if (!data) return NULL;
    for (uint64_t done = 0; done < f->size;) {
        ssize_t n = pread(f->fd, data + done, f->size - done, (off_t)done);
        if (n <= 0) {
            free(data);
            return NULL;
        }
        done += (uint64_t)n;
    }
    return data;
}

/* An unchanged file: only renew the stamp. */
static bool renew(ResponseCache *cache, const char *key, StaticFile *file) {
    bool renewed = false;
    pthread_rwlock_rdlock(&cache->lock);
    Entry *e = slot_for(cache, key);
    if (e->key && same_file(e, file)) {
        atomic_store(&e->checked_ns, monotonic_ns());
        renewed = true;
    }
    pthread_rwlock_unlock(&cache->lock);
    return renewed;
}

/* A new entry's contents, built outside the lock (reading the file takes time). */
typedef struct {
    FileValidators validators;
    struct MHD_Response *ok, *not_modified;
} Contents;

static bool build_contents(StaticFile *file, Contents *contents) {
    file_validators(file, &contents->validators);
    void *data = read_whole(file);
    contents->ok = data ? response_file_from_memory(file, &contents->validators, data) : NULL;
    contents->not_modified = response_not_modified(file, &contents->validators);
    return contents->ok && contents->not_modified;
}

static void release_contents(Contents *contents) {
    if (contents->ok) MHD_destroy_response(contents->ok);
    if (contents->not_modified) MHD_destroy_response(contents->not_modified);
}

/* Puts contents in key's slot, if there is room; under the write lock. */
static bool install(ResponseCache *cache, const char *key, const StaticFile *file, Contents *contents) {
    Entry *e = slot_for(cache, key);
    size_t old_bytes = e->key ? e->size : 0;
    if (cache->total_bytes - old_bytes + file->size > cache->max_total_bytes) return false;
    if (!e->key) {
        if (cache->entries >= MAX_ENTRIES || !(e->key = strdup(key))) return false;
        cache->entries++;
    }
    release_responses(e); /* requests in flight keep their own references */
    cache->total_bytes = cache->total_bytes - old_bytes + file->size;
    e->device = file->device;
    e->inode = file->inode;
    e->size = file->size;
    e->mtime_sec = file->mtime_sec;
    e->mtime_nsec = file->mtime_nsec;
    e->validators = contents->validators;
    e->ok = contents->ok;
    e->not_modified = contents->not_modified;
    contents->ok = contents->not_modified = NULL;
    atomic_store(&e->checked_ns, monotonic_ns());
    return true;
}

bool response_cache_store(ResponseCache *cache, const char *key, StaticFile *file) {
    bool stored = renew(cache, key, file);
    if (!stored && file->size <= cache->max_file_bytes) {
        Contents contents = {0};
        if (build_contents(file, &contents)) {
            pthread_rwlock_wrlock(&cache->lock);
            stored = install(cache, key, file, &contents);
            pthread_rwlock_unlock(&cache->lock);
        }
        release_contents(&contents);
    }
    if (stored) {
        close(file->fd);
        file->fd = -1;
    }
    return stored;
}
