/* body.c: a body's JSON and its errors (see body.h). */
#define _POSIX_C_SOURCE 200809L
#include "online/body.h"

#include <stdio.h>

#include "online/display_names.h"

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

bool body_bad_request(OnlineAnswer *a, const char *message) {
    online_error(a, 400, "bad_request", message);
    return false;
}

bool body_int(const json_t *body, const char *name, json_int_t lo, json_int_t hi, json_int_t *out, OnlineAnswer *a) {
    const json_t *v = json_object_get(body, name);
    if (!v) return true;
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
        char message[128];
        snprintf(message, sizeof message, "\"%s\" must be an integer from %lld to %lld", name, (long long)lo,
                 (long long)hi);
        return body_bad_request(a, message);
    }
    *out = json_integer_value(v);
    return true;
}

bool body_bool(const json_t *body, const char *name, bool *out, OnlineAnswer *a) {
    const json_t *v = json_object_get(body, name);
    if (!v) return true;
    if (!json_is_boolean(v)) {
        char message[96];
        snprintf(message, sizeof message, "\"%s\" must be true or false", name);
        return body_bad_request(a, message);
    }
    *out = json_is_true(v);
    return true;
}

bool body_string(const json_t *body, const char *name, const char **out, OnlineAnswer *a) {
    const json_t *v = json_object_get(body, name);
    if (!v) return true;
    if (!json_is_string(v)) {
        char message[96];
        snprintf(message, sizeof message, "\"%s\" must be a string", name);
        return body_bad_request(a, message);
    }
    *out = json_string_value(v);
    return true;
}

bool body_name(const json_t *body, const char **out, OnlineAnswer *a) {
    *out = NULL;
    if (!body_string(body, "name", out, a)) return false;
    if (!*out) return true;
    char why[160];
    if (display_name_valid(*out, json_string_length(json_object_get(body, "name")), why, sizeof why)) return true;
    online_error(a, 422, "bad_name", why);
    return false;
}
