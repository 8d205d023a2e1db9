/* text.c: the bounded string builder. */
#include "core/text.h"

void text_char(Text *t, char c) {
    if (t->len + 1 >= t->cap) return;
    t->buf[t->len++] = c;
    t->buf[t->len] = '\0';
}

void text_str(Text *t, const char *s) {
    while (*s) text_char(t, *s++);
}

void text_chars(Text *t, const char *s, int n) {
    for (int i = 0; i < n; i++) text_char(t, s[i]);
}

void text_int(Text *t, long long v) {
    char digits[24];
    int n = 0;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do digits[n++] = (char)('0' + u % 10); while ((u /= 10) != 0);
    if (v < 0) text_char(t, '-');
    while (n > 0) text_char(t, digits[--n]);
}

int text_length(const char *s) {
    int n = 0;
    while (s[n]) n++;
    return n;
}

int text_equal(const char *a, const char *b) {
    while (*a && *a == *b) a++, b++;
    return *a == *b;
}
