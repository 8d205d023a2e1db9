/* tokens.c: random secrets and their hashes (see tokens.h). */
#define _GNU_SOURCE
#include "online/tokens.h"

#include <errno.h>
#include <gnutls/crypto.h>
#include <string.h>
#include <sys/random.h>

static const char BASE64URL[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

static bool random_bytes(uint8_t *out, size_t n) {
    while (n > 0) {
        ssize_t got = getrandom(out, n, 0);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return false;
        out += got;
        n -= (size_t)got;
    }
    return true;
}

/* Whole groups of three bytes only: every size used is a multiple of 3. */
bool token_random(int bytes, char *out) {
    uint8_t raw[48];
    if (bytes <= 0 || bytes > (int)sizeof raw || bytes % 3 || !random_bytes(raw, (size_t)bytes)) return false;
    int n = 0;
    for (int i = 0; i < bytes; i += 3) {
        uint32_t v = (uint32_t)raw[i] << 16 | (uint32_t)raw[i + 1] << 8 | raw[i + 2];
        for (int k = 3; k >= 0; k--) out[n++] = BASE64URL[(v >> (6 * k)) & 63];
    }
    out[n] = '\0';
    return true;
}

bool token_well_formed(const char *s) {
    size_t n = strspn(s, BASE64URL);
    return n == TOKEN_SIZE - 1 && s[n] == '\0';
}

bool token_hash(const char *token, uint8_t out[TOKEN_HASH_SIZE]) {
    return gnutls_hash_fast(GNUTLS_DIG_SHA256, token, strlen(token), out) == 0;
}

bool token_hash_equal(const uint8_t a[TOKEN_HASH_SIZE], const uint8_t b[TOKEN_HASH_SIZE]) {
    volatile uint8_t diff = 0;
    for (int i = 0; i < TOKEN_HASH_SIZE; i++) diff |= a[i] ^ b[i];
    return diff == 0;
}

unsigned token_random_below(unsigned n) {
    uint8_t b = 0;
    random_bytes(&b, 1);
    return n ? b % n : 0;
}

uint64_t token_random_number(void) {
    uint64_t n = 0;
    while (!n) random_bytes((uint8_t *)&n, sizeof n);
    return n;
}
