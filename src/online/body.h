/*
 * body.h: a request's body read as JSON (jansson), and when it cannot be,
 * why in English a person can read: jansson's own messages name its
 * internals (flags such as JSON_ALLOW_NUL), which are no client's business.
 */
#ifndef HALMA_BODY_H
#define HALMA_BODY_H

#include <jansson.h>
#include <stddef.h>

/* The JSON value of text[0..len) (a duplicate key refused); NULL with why in
 * message otherwise. */
json_t *body_parse(const char *text, size_t len, char *message, size_t size);

#endif
