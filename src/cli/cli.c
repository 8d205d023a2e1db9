/* cli.c: helpers the subcommands share. */
#include "cli/cli.h"

#include <stdio.h>
#include <string.h>

#include "core/notation.h"

int cli_usage_error(const char *command, const char *message) {
    fprintf(stderr, "halma %s: %s (try 'halma %s --help')\n", command, message, command);
    return 2;
}

bool cli_is_help(const char *arg) { return !strcmp(arg, "--help") || !strcmp(arg, "-h"); }

bool cli_parse_int(const char *s, long long min, long long max, long long *value) {
    long long v = 0;
    bool negative = *s == '-';
    if (negative) s++;
    if (!*s) return false;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || v > (1LL << 60) / 10) return false;
        v = v * 10 + (*s - '0');
    }
    if (negative) v = -v;
    if (v < min || v > max) return false;
    *value = v;
    return true;
}

bool cli_parse_camps(const char *s, Variant *variant) { return variant_parse(s, variant); }
