/* halma_cli.c: the `halma` command run from a test (see halma_cli.h). */
#define _POSIX_C_SOURCE 200809L
#include "halma_cli.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

int run_halma(const char *args, char *out, size_t size) {
    const char *halma = getenv("HALMA") ? getenv("HALMA") : "build/halma";
    char command[1024];
    snprintf(command, sizeof command, "%s %s 2>&1", halma, args);
    FILE *f = popen(command, "r");
    cr_assert(f, "cannot run %s", command);
    size_t len = fread(out, 1, size - 1, f);
    out[len] = 0;
    int status = pclose(f);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}
