/*
 * tokens.h: the secrets of online play: seat tokens, invites and game ids,
 * random from the system's generator (getrandom), in URL-safe base64, and
 * the SHA-256 hashes that the store keeps of tokens instead of the tokens.
 */
#ifndef HALMA_TOKENS_H
#define HALMA_TOKENS_H

#include <stdbool.h>
#include <stdint.h>

enum {
    TOKEN_BYTES = 18,   /* 144 bits */
    TOKEN_SIZE = 25,    /* its 24 characters and a NUL */
    GAME_ID_BYTES = 9,  /* 72 bits */
    GAME_ID_SIZE = 13,
    TOKEN_HASH_SIZE = 32,
};

/* A new random token (or a game id with GAME_ID_BYTES): bytes random bytes
 * as base64url, no padding, into out (4 * bytes / 3 + 1 chars). */
bool token_random(int bytes, char *out);

/* Does s look like a token (TOKEN_SIZE - 1 base64url characters)? */
bool token_well_formed(const char *s);

/* SHA-256 of the token's text. */
bool token_hash(const char *token, uint8_t out[TOKEN_HASH_SIZE]);

/* Equal hashes, in a time that does not depend on where they differ. */
bool token_hash_equal(const uint8_t a[TOKEN_HASH_SIZE], const uint8_t b[TOKEN_HASH_SIZE]);

/* A random number below n, for a random seat. */
unsigned token_random_below(unsigned n);

/* A random number of 64 bits, never 0: a server's name among others. */
uint64_t token_random_number(void);

#endif
