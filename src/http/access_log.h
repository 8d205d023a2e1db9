/*
 * access_log.h: what `halma serve` writes on standard error: one line per
 * request, and libmicrohttpd's own messages, shortened and rate-limited so
 * that a flood of bad requests cannot turn into a flood of log.
 */
#ifndef HALMA_ACCESS_LOG_H
#define HALMA_ACCESS_LOG_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

/* Room for access_log_escape's output of at most max characters. */
#define ACCESS_LOG_ESCAPED_SIZE(max) ((max) * 4 + 4)

/*
 * Copies s for the log: printable ASCII as is, anything else (spaces,
 * control bytes that could rewrite a terminal, quotes, backslashes, bytes
 * above 0x7e) as \xHH; at most max characters of s, then "...".
 */
void access_log_escape(const char *s, size_t max, char *out);

typedef struct {
    struct timespec when;  /* CLOCK_REALTIME at the request line */
    const char *client;    /* an address */
    const char *method;    /* escaped */
    const char *target;    /* escaped */
    unsigned status;       /* 0 when none was sent */
    uint64_t bytes;        /* body bytes */
    double seconds;        /* from the request line to the end of the response */
    const char *note;      /* "" or why the request ended early ("timeout"...) */
} AccessLogLine;

/* "2026-11-29T21:48:32Z 127.0.0.1 GET /index.html 200 308 0.1ms", written
 * with one write() so that lines from different threads never mix. */
void access_log_request(const AccessLogLine *line);

/* libmicrohttpd's logger (MHD_OPTION_EXTERNAL_LOGGER). */
void access_log_library_message(void *cls, const char *format, va_list ap);

#endif
