/*
 * json.h: the module's answers as JSON, refusals among them, written into
 * a Text (the callers' io buffer, api.h), for games of every seating
 * (api.c).
 */
#ifndef HALMA_WASM_JSON_H
#define HALMA_WASM_JSON_H

#include "core/refusal.h"
#include "core/text.h"

/* The first `len` bytes of buf (of `size` bytes) as a NUL-terminated
 * string: a caller's input, cut to fit. */
const char *text_in(char *buf, int size, int len);

/* A JSON string (bytes that are not printable ASCII become '?', so the
 * output is always valid UTF-8); a key (with the comma before it when the
 * object has one already); and a key with its value. */
void json_str(Text *t, const char *s);
void json_key(Text *t, const char *key);
void json_int(Text *t, const char *key, long long v);
void json_text(Text *t, const char *key, const char *s);
void json_square(Text *t, const char *key, int sq);

/* A key with len bytes of UTF-8 text as written (a name in a record):
 * multi-byte characters pass through, quotes and backslashes are escaped,
 * control characters dropped. */
void json_utf8(Text *t, const char *key, const char *s, int len);

/* {reason, a, b, number, message}: a, b (squares) and number only when
 * given (NO_SQUARES and 0 leave them out). */
extern const int NO_SQUARES[2];
void json_reason(Text *t, const char *reason, const int sq[2], int number, const char *message);

/* The rules' refusal, with the page's reason code for it. */
void json_refusal(Text *t, const Refusal *why);

#endif
