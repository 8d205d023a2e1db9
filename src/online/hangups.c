/*
 * hangups.c: the sockets of event streams watched for the peer's hangup
 * (see hangups.h).  Edge-triggered EPOLLRDHUP: the socket is never reported
 * readable, so a client that sends more (it should not) costs nothing.
 */
#define _GNU_SOURCE
#include "online/hangups.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <unistd.h>

enum { BATCH = 64 };

static const uint64_t STOP_KEY = UINT64_MAX; /* the stop pipe's, never a stream's */

struct Hangups {
    int epoll_fd;
    int stop[2]; /* a pipe: its write end closed when the thread must stop */
    HangupFn *fn;
    void *ctx;
    pthread_t thread;
};

static void *hangups_main(void *arg) {
    Hangups *h = arg;
    struct epoll_event events[BATCH];
    for (;;) {
        int n = epoll_wait(h->epoll_fd, events, BATCH, -1);
        for (int i = 0; i < n; i++) {
            if (events[i].data.u64 == STOP_KEY) return NULL;
            h->fn(h->ctx, events[i].data.u64);
        }
    }
}

/* A socket watched already (a second stream on a keep-alive connection)
 * takes the new key: the old one's stream has gone. */
static bool watch(Hangups *h, int fd, uint64_t key, uint32_t events) {
    struct epoll_event ev = {.events = events, .data.u64 = key};
    if (epoll_ctl(h->epoll_fd, EPOLL_CTL_ADD, fd, &ev) == 0) return true;
    return errno == EEXIST && epoll_ctl(h->epoll_fd, EPOLL_CTL_MOD, fd, &ev) == 0;
}

Hangups *hangups_start(HangupFn *fn, void *ctx) {
    Hangups *h = calloc(1, sizeof *h);
    if (!h) return NULL;
    h->fn = fn;
    h->ctx = ctx;
    h->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
    if (h->epoll_fd >= 0 && pipe2(h->stop, O_CLOEXEC) == 0) {
        if (watch(h, h->stop[0], STOP_KEY, EPOLLIN) && pthread_create(&h->thread, NULL, hangups_main, h) == 0)
            return h;
        close(h->stop[0]);
        close(h->stop[1]);
    }
    if (h->epoll_fd >= 0) close(h->epoll_fd);
    free(h);
    return NULL;
}

bool hangups_watch(Hangups *h, int fd, uint64_t key) {
    return h && fd >= 0 && watch(h, fd, key, EPOLLRDHUP | EPOLLET);
}

void hangups_stop(Hangups *h) {
    if (!h) return;
    close(h->stop[1]); /* the read end turns readable: end of file */
    pthread_join(h->thread, NULL);
    close(h->stop[0]);
    close(h->epoll_fd);
    free(h);
}
