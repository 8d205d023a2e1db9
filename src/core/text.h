/*
 * text.h: a bounded string builder.
 *
 * The rules code runs freestanding in WebAssembly, without a C library, so it
 * writes its notation and error messages through this instead of snprintf.
 * Output past the capacity is dropped; the text stays NUL-terminated.
 */
#ifndef HALMA_TEXT_H
#define HALMA_TEXT_H

typedef struct {
    char *buf;
    int cap; /* bytes in buf, the terminating NUL included */
    int len;
} Text;

static inline Text text_on(char *buf, int cap) {
    if (cap > 0) buf[0] = '\0';
    return (Text){buf, cap, 0};
}

void text_char(Text *t, char c);
void text_str(Text *t, const char *s);
void text_chars(Text *t, const char *s, int n);
void text_int(Text *t, long long v);

/* Short text helpers that the parsers share. */
int text_length(const char *s);
int text_equal(const char *a, const char *b);

#endif
