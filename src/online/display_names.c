/* display_names.c: the players' names (see display_names.h). */
#define _POSIX_C_SOURCE 200809L
#include "online/display_names.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unictype.h>
#include <uninorm.h>
#include <unistr.h>

static bool refuse(char *why, size_t size, const char *reason) {
    snprintf(why, size, "%s", reason);
    return false;
}

/* Letters (any script), combining marks, decimal digits, the space and - _ . '. */
static bool allowed(ucs4_t c) {
    return c == ' ' || c == '-' || c == '_' || c == '.' || c == '\'' || uc_is_general_category(c, UC_LETTER) ||
           uc_is_general_category(c, UC_MARK) || uc_is_general_category(c, UC_DECIMAL_DIGIT_NUMBER);
}

/* Checks the code points of s (valid UTF-8, n bytes); *count says how many. */
static bool all_allowed(const uint8_t *s, size_t n, size_t *count, char *why, size_t size) {
    bool only_spaces = true;
    *count = 0;
    for (size_t i = 0; i < n;) {
        ucs4_t c;
        i += (size_t)u8_mbtouc(&c, s + i, n - i);
        (*count)++;
        if (!allowed(c)) {
            char reason[160];
            snprintf(reason, sizeof reason,
                     "a name has letters, digits, spaces and - _ . ' only, not U+%04X", (unsigned)c);
            return refuse(why, size, reason);
        }
        only_spaces &= c == ' ';
    }
    if (only_spaces) return refuse(why, size, "a name cannot be only spaces");
    return true;
}

bool display_name_valid(const char *text, size_t len, char *why, size_t size) {
    const uint8_t *s = (const uint8_t *)text;
    if (len == 0) return refuse(why, size, "a name has 1 to 24 characters, not none");
    if (len > NAME_MAX_BYTES) return refuse(why, size, "a name has 24 characters at most");
    if (u8_check(s, len)) return refuse(why, size, "a name must be UTF-8");
    size_t n = 0;
    uint8_t *nfc = u8_normalize(UNINORM_NFC, s, len, NULL, &n);
    if (!nfc) return refuse(why, size, "the name could not be read; try another");
    size_t count;
    bool ok = all_allowed(nfc, n, &count, why, size);
    free(nfc);
    if (ok && count > NAME_MAX_CODE_POINTS) return refuse(why, size, "a name has 24 characters at most");
    return ok;
}
