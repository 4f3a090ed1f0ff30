// Times phevaluator's C Omaha evaluator (evaluate_plo4_cards, github.com/HenryRLee/
// PokerHandEvaluator) on hands written by bench/bench_omaha.py.
//
// Build it against a checkout of PokerHandEvaluator (not part of this repository) with
// bench/phevaluator/build.sh.  Usage:
//
//   phevaluator_harness HANDS_FILE [REPEATS] [VALUES_OUT]
//
// HANDS_FILE holds n rows of 9 card bytes (card = 4 * rank + suit, the same codes on both
// sides): the 4 hole cards, then the 5 board cards.  Each repeat evaluates every row into an
// int array, timing only that loop, and prints one JSON object on stdout:
//   {"hands": n, "seconds": ..., "checksum": ...}
// With VALUES_OUT the ranks of the first repeat are written there as int32 (phevaluator's
// scale: 1 is a royal flush, smaller is better) for the caller's order check.

#define _POSIX_C_SOURCE 199309L  // clock_gettime

#include <phevaluator/phevaluator.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char** argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: phevaluator_harness HANDS_FILE [REPEATS] [VALUES_OUT]\n");
        return 2;
    }
    int repeats = argc > 2 ? atoi(argv[2]) : 3;
    FILE* f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    if (size <= 0 || size % 9) {
        fprintf(stderr, "%s: %ld bytes, not rows of 9 cards\n", argv[1], size);
        return 2;
    }
    size_t n = (size_t)size / 9;
    uint8_t* cards = malloc((size_t)size);
    int32_t* out = malloc(n * sizeof(int32_t));
    if (!cards || !out || fread(cards, 1, (size_t)size, f) != (size_t)size) {
        fprintf(stderr, "cannot read %s\n", argv[1]);
        return 2;
    }
    fclose(f);
    for (long i = 0; i < size; ++i) {
        if (cards[i] > 51) {
            fprintf(stderr, "byte %ld is %d, not a card\n", i, cards[i]);
            return 2;
        }
    }
    for (int r = 0; r < repeats; ++r) {
        double t0 = now();
        for (size_t i = 0; i < n; ++i) {
            const uint8_t* h = cards + 9 * i;
            const uint8_t* b = h + 4;
            out[i] = evaluate_plo4_cards(b[0], b[1], b[2], b[3], b[4], h[0], h[1], h[2], h[3]);
        }
        double seconds = now() - t0;
        int64_t checksum = 0;
        for (size_t i = 0; i < n; ++i) checksum += out[i];
        printf("{\"hands\": %zu, \"seconds\": %.9f, \"checksum\": %lld}\n", n, seconds,
               (long long)checksum);
        fflush(stdout);
        if (r == 0 && argc > 3) {
            FILE* v = fopen(argv[3], "wb");
            if (!v || fwrite(out, sizeof(int32_t), n, v) != n) {
                fprintf(stderr, "cannot write %s\n", argv[3]);
                return 2;
            }
            fclose(v);
        }
    }
    free(cards);
    free(out);
    return 0;
}
