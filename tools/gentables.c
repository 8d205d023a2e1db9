/*
 * gentables: writes the rules' constant tables as C source.
 *
 * The rules code must hold no mutable global state and must run unchanged in a
 * freestanding WebAssembly build, so every table it needs (neighbours, hops,
 * camps, Zobrist keys) is computed here, at build time, and compiled in as
 * `const` data.  Usage: gentables > tables.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { SIZE = 16, SQUARES = 256 };

static const int DIRS[8][2] = {
    {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1},
};

static int on_board(int file, int rank) {
    return file >= 0 && file < SIZE && rank >= 0 && rank < SIZE;
}

static void print_bitboard(const uint64_t w[4]) {
    printf("{{0x%016llxULL, 0x%016llxULL, 0x%016llxULL, 0x%016llxULL}}",
           (unsigned long long)w[0], (unsigned long long)w[1],
           (unsigned long long)w[2], (unsigned long long)w[3]);
}

static void set_bit(uint64_t w[4], int sq) { w[sq >> 6] |= 1ULL << (sq & 63); }

/* A camp square in distances from the camp's corner, as RULES.md defines it. */
static int in_camp(int dx, int dy, int size) {
    int edge = size == 19 ? 5 : 4;
    if (dx + dy > edge) return 0;
    return !((dx == edge && dy == 0) || (dx == 0 && dy == edge));
}

static void print_neighbours(void) {
    printf("const Bitboard NEIGHBOURS[256] = {\n");
    for (int sq = 0; sq < SQUARES; sq++) {
        uint64_t w[4] = {0, 0, 0, 0};
        for (int d = 0; d < 8; d++) {
            int f = sq % SIZE + DIRS[d][0], r = sq / SIZE + DIRS[d][1];
            if (on_board(f, r)) set_bit(w, r * SIZE + f);
        }
        printf("    ");
        print_bitboard(w);
        printf(",\n");
    }
    printf("};\n\n");
}

/* Hops are listed per square, valid directions first, so the generator's
 * inner loop never tests for the board's edge. */
static void print_hops(void) {
    printf("const Hop HOPS[256][8] = {\n");
    int count[SQUARES];
    for (int sq = 0; sq < SQUARES; sq++) {
        printf("    {");
        count[sq] = 0;
        for (int d = 0; d < 8; d++) {
            int f = sq % SIZE, r = sq / SIZE;
            if (!on_board(f + 2 * DIRS[d][0], r + 2 * DIRS[d][1])) continue;
            int over = (r + DIRS[d][1]) * SIZE + f + DIRS[d][0];
            int land = (r + 2 * DIRS[d][1]) * SIZE + f + 2 * DIRS[d][0];
            printf("{%d, %d}, ", over, land);
            count[sq]++;
        }
        printf("},\n");
    }
    printf("};\n\nconst uint8_t HOP_COUNT[256] = {");
    for (int sq = 0; sq < SQUARES; sq++) printf("%s%d,", sq % 16 ? " " : "\n    ", count[sq]);
    printf("\n};\n\n");
}

/* CAMPS[variant][seat]: variant 0 is the 19-piece game, 1 the 13-piece one;
 * seats as board.h numbers them, White (corner p1), Black (a16), Red (a1),
 * Yellow (p16).  Three and four players always play on 13 (RULES-MULTI.md);
 * Red's and Yellow's 19-piece camps are there so that any seat indexes. */
static void print_camps(void) {
    static const int corner[4][2] = {{SIZE - 1, 0}, {0, SIZE - 1}, {0, 0}, {SIZE - 1, SIZE - 1}};
    const int sizes[2] = {19, 13};
    printf("const Bitboard CAMPS[2][4] = {\n");
    for (int v = 0; v < 2; v++) {
        printf("    {");
        for (int seat = 0; seat < 4; seat++) {
            uint64_t w[4] = {0, 0, 0, 0};
            for (int sq = 0; sq < SQUARES; sq++) {
                int dx = abs(sq % SIZE - corner[seat][0]), dy = abs(sq / SIZE - corner[seat][1]);
                if (in_camp(dx, dy, sizes[v])) set_bit(w, sq);
            }
            print_bitboard(w);
            printf(", ");
        }
        printf("},\n");
    }
    printf("};\n\n");
}

/* splitmix64: a fixed seed makes the keys, and so every hash, reproducible. */
static uint64_t next_key(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void print_keys(uint64_t *state) {
    printf("    {");
    for (int sq = 0; sq < SQUARES; sq++)
        printf("%s0x%016llxULL,", sq % 4 ? " " : "\n        ", (unsigned long long)next_key(state));
    printf("\n    },\n");
}

/* ZOBRIST_PIECE[seat]: White's and Black's keys come first from their seed,
 * then the key of Black to move (two players); Red's and Yellow's, then the
 * four seats' keys to move (three and four players), from a seed of their
 * own, so that the two-player keys stay what they were before the others. */
static void print_zobrist(void) {
    uint64_t state = 0x48616c6d61313838ULL; /* "Halma188" */
    printf("const uint64_t ZOBRIST_PIECE[4][256] = {\n");
    for (int seat = 0; seat < 2; seat++) print_keys(&state);
    uint64_t black_to_move = next_key(&state);
    uint64_t seat_state = 0x48616c6d61344d50ULL; /* "Halma4MP" */
    for (int seat = 2; seat < 4; seat++) print_keys(&seat_state);
    printf("};\n\nconst uint64_t ZOBRIST_BLACK_TO_MOVE = 0x%016llxULL;\n", (unsigned long long)black_to_move);
    printf("\nconst uint64_t ZOBRIST_SEAT_TO_MOVE[4] = {");
    for (int seat = 0; seat < 4; seat++) printf("0x%016llxULL, ", (unsigned long long)next_key(&seat_state));
    printf("};\n");
}

int main(void) {
    printf("/* Generated by tools/gentables.c: do not edit. */\n");
    printf("#include \"core/tables.h\"\n\n");
    print_neighbours();
    print_hops();
    print_camps();
    print_zobrist();
    return ferror(stdout) ? EXIT_FAILURE : EXIT_SUCCESS;
}
