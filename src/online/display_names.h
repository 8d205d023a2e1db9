/*
 * display_names.h: the names players may give themselves (docs/ONLINE-API.md,
 * "Names"): 1 to 24 Unicode code points once in NFC, each a letter, a
 * combining mark, a decimal digit, a space or one of - _ . ' (so no markup,
 * no control or format character, no bidi override), and not only spaces.
 * The name is kept as given; NFC only decides its length.  libunistring
 * (Debian's) knows the normal forms and the characters' categories.
 */
#ifndef HALMA_DISPLAY_NAMES_H
#define HALMA_DISPLAY_NAMES_H

#include <stdbool.h>
#include <stddef.h>

enum {
    NAME_MAX_CODE_POINTS = 24,
    NAME_MAX_BYTES = 399, /* as given, before NFC: room for every name of 24 once composed */
};

/* Whether text (UTF-8, len bytes) is such a name; if not, why in `why`. */
bool display_name_valid(const char *text, size_t len, char *why, size_t size);

#endif
