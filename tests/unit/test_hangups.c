/*
 * test_hangups.c: the watch on the event streams' sockets (hangups.c): the
 * peer's close is heard with its key, at once; a socket watched again (a
 * second stream on one keep-alive connection) is heard with its new key.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <pthread.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "online/hangups.h"

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t heard;
    uint64_t keys[8];
    int n;
} Heard;

static void on_hangup(void *ctx, uint64_t key) {
    Heard *h = ctx;
    pthread_mutex_lock(&h->lock);
    if (h->n < 8) h->keys[h->n++] = key;
    pthread_cond_broadcast(&h->heard);
    pthread_mutex_unlock(&h->lock);
}

/* The keys heard within a second, however many come. */
static int wait_heard(Heard *h, int want) {
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += 1;
    pthread_mutex_lock(&h->lock);
    while (h->n < want && pthread_cond_timedwait(&h->heard, &h->lock, &until) == 0) {
    }
    int n = h->n;
    pthread_mutex_unlock(&h->lock);
    return n;
}

Test(hangups, a_peer_that_closes_is_heard_with_its_key) {
    Heard h = {.lock = PTHREAD_MUTEX_INITIALIZER, .heard = PTHREAD_COND_INITIALIZER};
    Hangups *w = hangups_start(on_hangup, &h);
    cr_assert(w);
    int a[2], b[2];
    cr_assert_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, a), 0);
    cr_assert_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, b), 0);
    cr_assert(hangups_watch(w, a[0], 7));
    cr_assert(hangups_watch(w, b[0], 8));
    cr_assert_eq(write(b[1], "x", 1), 1); /* data is no hangup */
    close(a[1]);
    cr_assert_eq(wait_heard(&h, 2), 1, "only the closed one");
    cr_assert_eq(h.keys[0], 7);
    hangups_stop(w);
    close(a[0]);
    close(b[0]);
    close(b[1]);
}

Test(hangups, a_socket_watched_again_is_heard_with_its_new_key) {
    Heard h = {.lock = PTHREAD_MUTEX_INITIALIZER, .heard = PTHREAD_COND_INITIALIZER};
    Hangups *w = hangups_start(on_hangup, &h);
    cr_assert(w);
    int s[2];
    cr_assert_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, s), 0);
    cr_assert(hangups_watch(w, s[0], 1));
    cr_assert(hangups_watch(w, s[0], 2), "its second stream");
    shutdown(s[1], SHUT_RDWR);
    cr_assert_eq(wait_heard(&h, 2), 1);
    cr_assert_eq(h.keys[0], 2);
    hangups_stop(w);
    close(s[0]);
    close(s[1]);
}
