/* A chain of dependent adds: one a cycle on any x86-64 core.  Prints the core's clock
 * (cycles a second), the best of 50 short runs (2 M iterations of 4 adds, a few ms):
 * on a shared machine the best run is one that nothing interrupted. */
#include <stdint.h>
#include <stdio.h>
#include <time.h>

int main(void) {
    double best = 0.0;
    for (int r = 0; r < 50; r++) {
        struct timespec a, b;
        uint64_t x = 1;
        long n = 2000000;
        clock_gettime(CLOCK_MONOTONIC, &a);
        for (long i = 0; i < n; i++) {
            __asm__ volatile("add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0" : "+r"(x));
        }
        clock_gettime(CLOCK_MONOTONIC, &b);
        double s = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9;
        double hz = 4.0 * (double)n / s;
        if (hz > best) best = hz;
    }
    printf("%.0f\n", best);
    return 0;
}
