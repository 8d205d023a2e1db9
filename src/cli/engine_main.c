/*
 * engine_main.c: `halma engine`, the protocol over standard input and output.
 *
 * A reader thread reads lines and queues them; the main thread executes them
 * in order, searches included.  Only `stop` and `quit` also act at once, on
 * the reader's side, so they can end a search while it runs.  Searches are
 * numbered as they are queued, and a stop applies to every search queued
 * before it: a stop that arrives before its search has started is not lost.
 * When the input ends, searches that only a stop could end (infinite ones)
 * are stopped; the others finish and answer.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/protocol.h"

enum { MAX_QUEUED_BYTES = 16 << 20 };

typedef struct Line {
    struct Line *next;
    size_t len;         /* MAX_LINE + 1 for a longer line, cut there */
    bool search;        /* go or perft: a stop applies to it */
    bool infinite;
    char text[];
} Line;

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t ready;
    pthread_cond_t stopped;  /* a stop came, or the input ended */
    Line *head, *tail;
    size_t queued_bytes;
    bool closed;             /* the input has ended (or quit was read) */
    long searches_queued;    /* go/perft lines queued so far */
    long stopped_upto;       /* searches numbered up to this are stopped */
    long running;            /* the number of the search running; 0: none */
    bool running_infinite;
    Protocol *protocol;
    pthread_mutex_t output;
    char read_buffer[MAX_LINE + 2];
} Session;

static void emit_line(void *ctx, const char *line) {
    Session *s = ctx;
    pthread_mutex_lock(&s->output);
    fputs(line, stdout);
    fputc('\n', stdout);
    fflush(stdout);
    pthread_mutex_unlock(&s->output);
}

static bool first_word_is(const char *text, size_t len, const char *word) {
    size_t n = strlen(word), i = 0;
    while (i < len && text[i] == ' ') i++;
    if (len - i < n || memcmp(text + i, word, n)) return false;
    return i + n == len || text[i + n] == ' ';
}

static bool has_word(const char *text, size_t len, const char *word) {
    size_t n = strlen(word);
    for (size_t i = 0; i + n <= len; i++)
        if ((i == 0 || text[i - 1] == ' ') && !memcmp(text + i, word, n) && (i + n == len || text[i + n] == ' '))
            return true;
    return false;
}

/* Called by the reader, with the lock held: stop what is queued or running. */
static void stop_searches(Session *s) {
    s->stopped_upto = s->searches_queued;
    if (s->running) player_stop(&s->protocol->player);
    pthread_cond_broadcast(&s->stopped);
}

/* The protocol's wait after `go infinite`: until its search is stopped. */
static void wait_for_stop(void *ctx) {
    Session *s = ctx;
    pthread_mutex_lock(&s->lock);
    while (s->stopped_upto < s->running && !s->closed) pthread_cond_wait(&s->stopped, &s->lock);
    pthread_mutex_unlock(&s->lock);
}

/* Queues one line; returns false once it was `quit`. */
static bool queue_line(Session *s, const char *text, size_t len) {
    size_t kept = len > MAX_LINE ? MAX_LINE + 1 : len;
    pthread_mutex_lock(&s->lock);
    bool stop = first_word_is(text, kept, "stop"), quit = first_word_is(text, kept, "quit");
    if (stop || quit) stop_searches(s);
    if (s->queued_bytes + kept > MAX_QUEUED_BYTES) {
        pthread_mutex_unlock(&s->lock);
        emit_line(s, "error too many commands are waiting for the search to end; line dropped");
        return !quit;
    }
    Line *line = malloc(sizeof *line + kept + 1);
    if (!line) {
        pthread_mutex_unlock(&s->lock);
        emit_line(s, "error out of memory; line dropped");
        return !quit;
    }
    memcpy(line->text, text, kept);
    line->text[kept] = '\0';
    line->len = kept;
    line->next = NULL;
    line->search = first_word_is(text, kept, "go") || first_word_is(text, kept, "perft");
    line->infinite = line->search && has_word(text, kept, "infinite");
    if (line->search) s->searches_queued++;
    if (s->tail) s->tail->next = line;
    else s->head = line;
    s->tail = line;
    s->queued_bytes += kept;
    if (quit) s->closed = true;
    pthread_cond_signal(&s->ready);
    pthread_mutex_unlock(&s->lock);
    return !quit;
}

static void *read_input(void *arg) {
    Session *s = arg;
    char *buf = s->read_buffer;
    size_t len = 0; /* bytes of the current line seen, possibly more than kept */
    bool more = true;
    for (int c; more && (c = getc_unlocked(stdin)) != EOF;) {
        if (c != '\n') {
            if (len <= MAX_LINE) buf[len] = (char)c;
            len++;
            continue;
        }
        if (len > 0 && len <= MAX_LINE && buf[len - 1] == '\r') len--; /* CRLF input */
        more = queue_line(s, buf, len);
        len = 0;
    }
    if (more && len > 0) queue_line(s, buf, len);
    pthread_mutex_lock(&s->lock);
    s->closed = true;
    if (s->running && s->running_infinite) player_stop(&s->protocol->player);
    pthread_cond_signal(&s->ready);
    pthread_cond_broadcast(&s->stopped);
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

static Line *next_line(Session *s) {
    pthread_mutex_lock(&s->lock);
    while (!s->head && !s->closed) pthread_cond_wait(&s->ready, &s->lock);
    Line *line = s->head;
    if (line) {
        s->head = line->next;
        if (!s->head) s->tail = NULL;
        s->queued_bytes -= line->len;
    }
    pthread_mutex_unlock(&s->lock);
    return line;
}

/* Before a search starts: is it already stopped? */
static void begin_search(Session *s, long number, bool infinite) {
    pthread_mutex_lock(&s->lock);
    bool stopped = s->stopped_upto >= number || (infinite && s->closed);
    if (stopped) player_stop(&s->protocol->player);
    else player_resume(&s->protocol->player);
    s->running = number;
    s->running_infinite = infinite;
    pthread_mutex_unlock(&s->lock);
}

static void end_search(Session *s) {
    pthread_mutex_lock(&s->lock);
    s->running = 0;
    pthread_mutex_unlock(&s->lock);
}

int engine_main(int argc, char **argv) {
    if (argc > 1 && cli_is_help(argv[1])) {
        puts("usage: halma engine\n\nSpeaks the engine protocol (PROTOCOL.md) on standard input and output.");
        return 0;
    }
    if (argc > 1) return cli_usage_error("engine", "engine takes no arguments");
    Session *s = calloc(1, sizeof *s);
    Protocol *p = malloc(sizeof *p);
    if (!s || !p || !protocol_init(p, emit_line, s)) {
        fprintf(stderr, "halma engine: out of memory\n");
        return 1;
    }
    pthread_mutex_init(&s->lock, NULL);
    pthread_mutex_init(&s->output, NULL);
    pthread_cond_init(&s->ready, NULL);
    pthread_cond_init(&s->stopped, NULL);
    s->protocol = p;
    p->wait_for_stop = wait_for_stop;
    pthread_t reader;
    pthread_create(&reader, NULL, read_input, s);
    long searches = 0;
    for (Line *line; (line = next_line(s)) != NULL;) {
        if (line->search) begin_search(s, ++searches, line->infinite);
        bool more = protocol_execute(p, line->text, line->len);
        if (line->search) end_search(s);
        free(line);
        if (!more) break;
    }
    /* The reader may be blocked reading input that will never come: the
     * process exits without joining it. */
    fflush(stdout);
    _exit(0);
}
