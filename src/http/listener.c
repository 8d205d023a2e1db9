/* listener.c: the listening socket (see listener.h). */
#define _POSIX_C_SOURCE 200809L
#include "http/listener.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* Binds and listens on host:port; -1 with errno set (EADDRINUSE...) or *gai_error. */
static int listen_on(const char *host, int port, int *family, int *gai_error) {
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM, .ai_flags = AI_PASSIVE}, *list;
    char service[16];
    snprintf(service, sizeof service, "%d", port);
    *gai_error = getaddrinfo(host, service, &hints, &list);
    if (*gai_error) return -1;
    int fd = -1, saved_errno = 0;
    for (struct addrinfo *a = list; a && fd < 0; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
        if (fd < 0) {
            saved_errno = errno;
            continue;
        }
        int one = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one); /* restart at once after a stop */
        if (bind(fd, a->ai_addr, a->ai_addrlen) != 0 || listen(fd, SOMAXCONN) != 0 ||
            fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) != 0) {
            saved_errno = errno;
            close(fd);
            fd = -1;
            continue;
        }
        *family = a->ai_family;
    }
    freeaddrinfo(list);
    errno = saved_errno;
    return fd;
}

int listener_open(const char *host, int port, int tries, int *family) {
    for (int i = 0; i < tries; i++) {
        int gai_error = 0;
        int fd = listen_on(host, port + i, family, &gai_error);
        if (fd >= 0) {
            if (i > 0) fprintf(stderr, "halma serve: port %d is in use, using %d\n", port, port + i);
            return fd;
        }
        if (gai_error) {
            fprintf(stderr, "halma serve: cannot listen on '%s': %s\n", host, gai_strerror(gai_error));
            return -1;
        }
        if (errno != EADDRINUSE) {
            fprintf(stderr, "halma serve: cannot listen on %s port %d: %s\n", host, port + i, strerror(errno));
            return -1;
        }
    }
    if (tries == 1)
        fprintf(stderr,
                "halma serve: port %d is already in use on %s (another halma serve?); "
                "choose another with --port N, or --port 0 for any free port\n",
                port, host);
    else
        fprintf(stderr, "halma serve: ports %d to %d are all in use on %s; choose one with --port N\n", port,
                port + tries - 1, host);
    return -1;
}

/* A wildcard address (0.0.0.0, ::) is no place to point a browser: the URL
 * printed is then this machine's loopback, with a note. */
void listener_print_address(int fd, const char *root) {
    struct sockaddr_storage a;
    socklen_t len = sizeof a;
    char host[INET6_ADDRSTRLEN] = "?";
    memset(&a, 0, sizeof a);
    getsockname(fd, (struct sockaddr *)&a, &len);
    bool wildcard;
    if (a.ss_family == AF_INET6) {
        const struct sockaddr_in6 *a6 = (const struct sockaddr_in6 *)&a;
        wildcard = IN6_IS_ADDR_UNSPECIFIED(&a6->sin6_addr);
        inet_ntop(AF_INET6, &a6->sin6_addr, host, sizeof host);
        printf("halma: serving the game at http://[%s]:%d/\n", wildcard ? "::1" : host, ntohs(a6->sin6_port));
    } else {
        const struct sockaddr_in *a4 = (const struct sockaddr_in *)&a;
        wildcard = a4->sin_addr.s_addr == htonl(INADDR_ANY);
        inet_ntop(AF_INET, &a4->sin_addr, host, sizeof host);
        printf("halma: serving the game at http://%s:%d/\n", wildcard ? "127.0.0.1" : host, ntohs(a4->sin_port));
    }
    if (wildcard) printf("       and on every address of this machine (--host %s)\n", host);
    printf("       from %s (Ctrl-C stops)\n", root);
    fflush(stdout);
}
