/*
 * security_headers.h: the headers every response of `halma serve` carries,
 * which tell the browser what the page may do (its Content-Security-Policy)
 * and what other sites may do with it (frame it, read it, open it).
 */
#ifndef HALMA_SECURITY_HEADERS_H
#define HALMA_SECURITY_HEADERS_H

struct MHD_Response;

typedef struct {
    const char *name;
    const char *value;
} SecurityHeader;

/* The headers, ending with {NULL, NULL}. */
extern const SecurityHeader SECURITY_HEADERS[];

/* Adds them all to a response. */
void add_security_headers(struct MHD_Response *response);

#endif
