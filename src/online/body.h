/*
 * body.h: a request's body read as JSON (jansson), and when it cannot be,
 * why in English a person can read: jansson's own messages name its
 * internals (flags such as JSON_ALLOW_NUL), which are no client's business;
 * and its fields read, each refused with the reason if it is not what it
 * must be.
 */
#ifndef HALMA_BODY_H
#define HALMA_BODY_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "online/request.h"

/* The JSON value of text[0..len) (a duplicate key refused); NULL with why in
 * message otherwise. */
json_t *body_parse(const char *text, size_t len, char *message, size_t size);

/*
 * A body's fields, each optional: an absent one leaves *out as it was.
 * False, with 400 bad_request (or 422 bad_name) in *a, if present and not
 * what it must be.
 */
bool body_bad_request(OnlineAnswer *a, const char *message); /* 400 with message; false */
bool body_int(const json_t *body, const char *name, json_int_t lo, json_int_t hi, json_int_t *out, OnlineAnswer *a);
bool body_bool(const json_t *body, const char *name, bool *out, OnlineAnswer *a);
bool body_string(const json_t *body, const char *name, const char **out, OnlineAnswer *a);
/* "name", a player's name (display_names.h); *out NULL if absent. */
bool body_name(const json_t *body, const char **out, OnlineAnswer *a);

#endif
