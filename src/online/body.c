/* body.c: a body's JSON and its errors (see body.h). */
#define _POSIX_C_SOURCE 200809L
#include "online/body.h"

#include <stdio.h>

/* What was wrong, by jansson's code, said without its words. */
static const char *problem(enum json_error_code code) {
    switch (code) {
    case json_error_invalid_utf8: return "the body is not valid UTF-8";
    case json_error_premature_end_of_input: return "the body's JSON ends before it is complete";
    case json_error_end_of_input_expected: return "the body has more after its JSON value";
    case json_error_null_character:
    case json_error_null_byte_in_key: return "the body's JSON holds a NUL character (\\u0000), which is not allowed";
    case json_error_duplicate_key: return "the body's JSON has a key twice";
    case json_error_numeric_overflow: return "a number in the body is too large";
    case json_error_stack_overflow: return "the body's JSON is nested too deeply";
    case json_error_out_of_memory: return "the body could not be read (out of memory)";
    default: return "the body is not valid JSON";
    }
}

json_t *body_parse(const char *text, size_t len, char *message, size_t size) {
    json_error_t error;
    json_t *value = json_loadb(text, len, JSON_REJECT_DUPLICATES, &error);
    if (value) return value;
    enum json_error_code code = json_error_code(&error);
    if (code == json_error_invalid_syntax || code == json_error_unknown || code == json_error_invalid_format)
        snprintf(message, size, "%s (line %d, column %d)", problem(code), error.line, error.column);
    else
        snprintf(message, size, "%s", problem(code));
    return NULL;
}
