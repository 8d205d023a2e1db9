/* access_log.c: the server's log (see access_log.h). */
#define _POSIX_C_SOURCE 200809L
#include "http/access_log.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void access_log_escape(const char *s, size_t max, char *out) {
    static const char HEX[] = "0123456789abcdef";
    size_t n = 0, taken = 0;
    for (; *s && taken < max; s++, taken++) {
        unsigned char b = (unsigned char)*s;
        if (b > 0x20 && b < 0x7f && b != '\\' && b != '"') {
            out[n++] = (char)b;
        } else {
            out[n++] = '\\';
            out[n++] = 'x';
            out[n++] = HEX[b >> 4];
            out[n++] = HEX[b & 15];
        }
    }
    if (*s) {
        memcpy(out + n, "...", 3);
        n += 3;
    }
    out[n] = '\0';
}

static void write_all(const char *text, size_t n) {
    while (n > 0) {
        ssize_t written = write(STDERR_FILENO, text, n);
        if (written <= 0) return; /* nowhere left to report it */
        text += written;
        n -= (size_t)written;
    }
}

void access_log_request(const AccessLogLine *l) {
    struct tm t;
    char when[32], line[2048];
    gmtime_r(&l->when.tv_sec, &t);
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &t);
    int n = snprintf(line, sizeof line, "%s %s %s %s %03u %llu %.1fms%s%s\n", when, l->client, l->method, l->target,
                     l->status, (unsigned long long)l->bytes, l->seconds * 1000, l->note[0] ? " " : "", l->note);
    if (n < 0) return;
    if ((size_t)n >= sizeof line) { /* cut, but still one line */
        n = sizeof line - 1;
        line[n - 1] = '\n';
    }
    write_all(line, (size_t)n);
}

/* libmicrohttpd says "Error processing request (HTTP response code is 431
 * ('<html>...the page it sends...</html>')). Closing connection.": keep the
 * code, drop the page. */
static void shorten(char *message) {
    const char *code = strstr(message, "HTTP response code is ");
    if (code) {
        int status = atoi(code + strlen("HTTP response code is "));
        snprintf(message, 64, "refused a request with %d, closing the connection", status);
    }
    size_t n = strlen(message);
    while (n > 0 && message[n - 1] == '\n') message[--n] = '\0';
}

/* At most MESSAGES_PER_SECOND messages a second; the rest are counted. */
enum { MESSAGES_PER_SECOND = 20 };
static pthread_mutex_t library_lock = PTHREAD_MUTEX_INITIALIZER;
static time_t library_second;
static unsigned library_count, library_dropped;

void access_log_library_message(void *cls, const char *format, va_list ap) {
    (void)cls;
    char message[512], line[700];
    vsnprintf(message, sizeof message, format, ap);
    shorten(message);
    int n = 0;
    pthread_mutex_lock(&library_lock);
    time_t now = time(NULL);
    if (now != library_second) {
        if (library_dropped)
            n = snprintf(line, sizeof line, "halma serve: libmicrohttpd: %u more messages not shown\n", library_dropped);
        library_second = now;
        library_count = library_dropped = 0;
    }
    if (library_count++ < MESSAGES_PER_SECOND)
        n += snprintf(line + n, sizeof line - (size_t)n, "halma serve: libmicrohttpd: %s\n", message);
    else
        library_dropped++;
    pthread_mutex_unlock(&library_lock);
    if (n > 0) write_all(line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
}
