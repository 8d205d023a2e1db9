/*
 * json.h: text through the module's io buffer (api.h): the caller's input,
 * and the answers written back as JSON, refusals among them.  Shared by the
 * two-player exports (api.c) and those of three and four players
 * (api_multi.c).
 */
#ifndef HALMA_WASM_JSON_H
#define HALMA_WASM_JSON_H

#include "core/refusal.h"
#include "core/text.h"

/* The input in io as a NUL-terminated string of `len` bytes. */
const char *io_input(int len);

/* An answer written into io from its start. */
Text out_begin(void);

/* A JSON string (bytes that are not printable ASCII become '?', so the
 * output is always valid UTF-8); a key (with the comma before it when the
 * object has one already); and a key with its value. */
void json_str(Text *t, const char *s);
void json_key(Text *t, const char *key);
void json_int(Text *t, const char *key, long long v);
void json_text(Text *t, const char *key, const char *s);
void json_square(Text *t, const char *key, int sq);

/* {reason, a, b, number, message} into io: a, b (squares) and number only
 * when given (-1, -1 and 0 leave them out). */
extern const int NO_SQUARES[2];
void write_reason(const char *reason, const int sq[2], int number, const char *message);

/* The rules' refusal into io, with the page's reason code for it. */
void write_refusal(const Refusal *why);

#endif
