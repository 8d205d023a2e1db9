/*
 * halma_cli.h: the `halma` command run from a test, as a user runs it.
 */
#ifndef HALMA_TEST_HALMA_CLI_H
#define HALMA_TEST_HALMA_CLI_H

#include <stddef.h>

/* Runs `halma <args>` (the binary $HALMA, else build/halma) through the
 * shell, keeps its output and errors in out[], returns its exit status. */
int run_halma(const char *args, char *out, size_t size);

#endif
