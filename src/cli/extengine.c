/* extengine.c: driving a protocol engine in a child process. */
#define _POSIX_C_SOURCE 200809L
#include "cli/extengine.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/movecheck.h"
#include "core/notation.h"

bool ext_start(ExtEngine *x, const char *command) {
    int in[2], out[2];
    memset(x, 0, sizeof *x);
    if (pipe(in) || pipe(out)) return false;
    signal(SIGPIPE, SIG_IGN);
    pid_t pid = fork();
    if (pid < 0) return false;
    if (pid == 0) {
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        execl("/bin/sh", "sh", "-c", command, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    x->pid = pid;
    x->to = fdopen(in[1], "w");
    x->from = fdopen(out[0], "r");
    if (!x->to || !x->from) return false;
    char line[4096];
    if (!ext_send(x, "hep")) return false;
    snprintf(x->name, sizeof x->name, "%.100s", command);
    for (;;) {
        if (!ext_expect(x, "", line, sizeof line)) return false;
        if (!strncmp(line, "id name ", 8)) snprintf(x->name, sizeof x->name, "%.100s", line + 8);
        if (!strcmp(line, "hepok")) return true;
    }
}

bool ext_send(ExtEngine *x, const char *line) {
    if (fputs(line, x->to) < 0 || fputc('\n', x->to) < 0) return false;
    return fflush(x->to) == 0;
}

bool ext_expect(ExtEngine *x, const char *prefix, char *line, int size) {
    size_t n = strlen(prefix);
    while (fgets(line, size, x->from)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!strncmp(line, prefix, n)) return true;
    }
    return false;
}

bool ext_think(ExtEngine *x, const Game *game, const char *go_args, Move *move, char *err, int err_size) {
    size_t cap = 64 + (size_t)game->length * MOVE_TEXT_SIZE;
    char *cmd = malloc(cap);
    if (!cmd) return snprintf(err, (size_t)err_size, "out of memory"), false;
    Text t = text_on(cmd, (int)cap);
    text_str(&t, game->start.variant == VARIANT_13 ? "position variant 13 " : "position variant 19 ");
    if (game->start.rules == RULES_NOSPOIL) text_str(&t, "rules nospoil ");
    text_str(&t, "fen ");
    text_fen(&t, &game->start);
    if (game->length) text_str(&t, " moves");
    Position pos = game->start;
    for (int i = 0; i < game->length; i++) {
        text_char(&t, ' ');
        text_move(&t, &pos, game->moves[i]);
        position_make(&pos, game->moves[i]);
    }
    bool sent = ext_send(x, cmd);
    free(cmd);
    char line[8192], go[256];
    snprintf(go, sizeof go, "go %s", go_args);
    if (!sent || !ext_send(x, go) || !ext_expect(x, "bestmove ", line, sizeof line)) {
        snprintf(err, (size_t)err_size, "%s stopped answering", x->name);
        return false;
    }
    Refusal why;
    const char *text = line + 9;
    if (!move_read(&game->pos, text, (int)strlen(text), move, &why)) {
        char reason[256];
        Text tw = text_on(reason, sizeof reason);
        refusal_write(&why, &tw);
        snprintf(err, (size_t)err_size, "%s played an illegal move '%.60s': %s", x->name, text, reason);
        return false;
    }
    return true;
}

void ext_stop(ExtEngine *x) {
    if (x->to) {
        ext_send(x, "quit");
        fclose(x->to);
    }
    if (x->from) fclose(x->from);
    if (x->pid > 0) waitpid(x->pid, NULL, 0);
    x->to = x->from = NULL;
    x->pid = 0;
}
