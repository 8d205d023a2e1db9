/* epoll_batches.c: epoll_wait() one event short of full (see epoll_batches.h). */
#define _GNU_SOURCE
#include "http/epoll_batches.h"

#include <dlfcn.h>
#include <stddef.h>
#include <sys/epoll.h>

/* Every caller's in the process (the hangups' thread's too): fewer events
 * than asked is always a valid answer, and the rest stay ready for the
 * next call. */
int epoll_wait(int epfd, struct epoll_event *events, int maxevents, int timeout) {
    return epoll_pwait(epfd, events, maxevents > 1 ? maxevents - 1 : maxevents, timeout, NULL);
}

bool epoll_batches_short(void) {
    /* The global lookup libmicrohttpd's call goes through. */
    return dlsym(RTLD_DEFAULT, "epoll_wait") == (void *)epoll_wait;
}
