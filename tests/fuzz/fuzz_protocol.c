/*
 * fuzz_protocol: the engine protocol's line handler, fed any lines.  The
 * engine's stop flag is raised before every line, so `go infinite` and deep
 * perfts return at once (nothing else would stop them in one thread) and a
 * search stopped before it starts must still answer a legal move.  The
 * table is 1 MiB and Hash lines are skipped, so the fuzzer measures the
 * protocol, not memset on a large table.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/protocol.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void discard(void *ctx, const char *line) {
    (void)ctx;
    (void)line;
}

static Protocol *proto;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!proto) {
        proto = malloc(sizeof *proto);
        if (!proto || !protocol_init(proto, discard, NULL)) __builtin_trap();
        protocol_execute(proto, "setoption name Hash value 1", 27);
    }
    const char *text = (const char *)data;
    size_t start = 0;
    for (size_t i = 0; i <= size; i++) {
        if (i < size && text[i] != '\n') continue;
        const char *line = text + start;
        size_t len = i - start;
        start = i + 1;
        if (len >= 9 && !memcmp(line, "setoption", 9) && memmem(line, len, "Hash", 4)) continue;
        player_stop(&proto->player);
        if (!protocol_execute(proto, line, len)) {
            protocol_free(proto);
            free(proto);
            proto = NULL;
            return 0;
        }
    }
    return 0;
}
