/*
 * listener.h: the listening socket of `halma serve`, opened before
 * libmicrohttpd starts so that a port in use is told apart from other
 * failures (and another port tried), and port 0 gets its real number.
 */
#ifndef HALMA_LISTENER_H
#define HALMA_LISTENER_H

/*
 * Listens on host, on port or, when it is taken, on the next ones up to
 * port + tries - 1.  Returns the socket (non-blocking, close-on-exec) and its
 * address family, or -1 after printing why: a port in use suggests --port.
 */
int listener_open(const char *host, int port, int tries, int *family);

/* "halma: serving the game at http://127.0.0.1:8080/" and the folder served. */
void listener_print_address(int fd, const char *root);

#endif
