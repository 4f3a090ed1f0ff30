// Times OMPEval (github.com/zekyll/OMPEval) on the workloads of bench/bench_vs_ompeval.py.
//
// Build it against a checkout of OMPEval (not part of this repository) with
// bench/ompeval/build.sh; bench_vs_ompeval.py runs it case by case, interleaved with
// equity, and reads one JSON object per run from stdout:
//   {"case": ..., "threads": ..., "seconds": ..., "evaluations": ..., "counts": [...]}
// "counts" holds what the case computed (wins by player mask for equities, the
// category counts for the seven-card loop), so that both sides can be checked equal.

#include <omp/EquityCalculator.h>
#include <omp/HandEvaluator.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace omp;
using Clock = std::chrono::steady_clock;

static double since(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

static void print_result(const char* name, unsigned threads, double seconds, uint64_t evals,
                         const std::vector<uint64_t>& counts) {
    std::printf("{\"case\": \"%s\", \"threads\": %u, \"seconds\": %.9f, \"evaluations\": %llu, "
                "\"counts\": [", name, threads, seconds, (unsigned long long)evals);
    for (size_t i = 0; i < counts.size(); ++i)
        std::printf("%s%llu", i ? ", " : "", (unsigned long long)counts[i]);
    std::printf("]}\n");
}

// Exact equity (full enumeration) or Monte-Carlo for `seconds` of the given ranges.
static int equity_case(const char* name, const std::vector<std::string>& hands, const char* board,
                       bool exact, double seconds, unsigned threads) {
    std::vector<CardRange> ranges(hands.begin(), hands.end());
    uint64_t boardMask = CardRange::getCardMask(board);
    EquityCalculator eq;
    auto callback = [&](const EquityCalculator::Results& r) {
        if (!exact && r.time >= seconds)
            eq.stop();
    };
    auto t0 = Clock::now();
    if (!eq.start(ranges, boardMask, 0, exact, 0.0, callback, exact ? 1e9 : 0.05, threads))
        return 2;
    eq.wait();
    double elapsed = since(t0);
    auto r = eq.getResults();
    std::vector<uint64_t> counts(1u << r.players);
    for (unsigned m = 0; m < counts.size(); ++m)
        counts[m] = r.winsByPlayerMask[m];
    // Monte-Carlo: report deals per second of the calculator's own timing.
    print_result(name, threads, exact ? elapsed : r.time, r.hands, counts);
    std::fprintf(stderr, "%s: wall %.6f s, calculator's own time %.6f s, evaluations %llu\n", name,
                 elapsed, r.time, (unsigned long long)r.evaluations);
    return 0;
}

// Every seven-card hand, counted into a 65,536-bin histogram of values (one thread).
static int seven_card_case(unsigned threads) {
    HandEvaluator eval;
    std::vector<uint64_t> hist(1u << 16);
    auto t0 = Clock::now();
    for (unsigned a = 0; a < 52; ++a) {
        Hand ha = Hand::empty() + Hand(a);
        for (unsigned b = a + 1; b < 52; ++b) {
            Hand hb = ha + Hand(b);
            for (unsigned c = b + 1; c < 52; ++c) {
                Hand hc = hb + Hand(c);
                for (unsigned d = c + 1; d < 52; ++d) {
                    Hand hd = hc + Hand(d);
                    for (unsigned e = d + 1; e < 52; ++e) {
                        Hand he = hd + Hand(e);
                        for (unsigned f = e + 1; f < 52; ++f) {
                            Hand hf = he + Hand(f);
                            for (unsigned g = f + 1; g < 52; ++g)
                                ++hist[eval.evaluate(hf + Hand(g))];
                        }
                    }
                }
            }
        }
    }
    double elapsed = since(t0);
    std::vector<uint64_t> categories(10);
    uint64_t total = 0;
    for (unsigned v = 0; v < hist.size(); ++v) {
        categories[v >> 12] += hist[v];
        total += hist[v];
    }
    print_result("seven card histogram", threads, elapsed, total, categories);
    return 0;
}

// 10M random seven-card hands from an array of card bytes (as equity's batch takes them).
static int random_eval_case(unsigned threads, bool hand_objects) {
    const size_t n = 10000000;
    std::vector<uint8_t> cards(n * 7);
    std::mt19937_64 rng(7);
    for (size_t i = 0; i < n; ++i) {
        uint64_t used = 0;
        for (int k = 0; k < 7; ++k) {
            unsigned c;
            do { c = rng() % 52; } while (used >> c & 1);
            used |= 1ull << c;
            cards[i * 7 + k] = (uint8_t)c;
        }
    }
    HandEvaluator eval;
    std::vector<uint16_t> out(n);
    std::vector<Hand> hands;
    if (hand_objects) {
        hands.reserve(n);
        for (size_t i = 0; i < n; ++i) {
            Hand h = Hand::empty();
            for (int k = 0; k < 7; ++k) h += Hand(cards[i * 7 + k]);
            hands.push_back(h);
        }
    }
    auto t0 = Clock::now();
    if (hand_objects) {
        for (size_t i = 0; i < n; ++i) out[i] = eval.evaluate(hands[i]);
    } else {
        for (size_t i = 0; i < n; ++i) {
            const uint8_t* c = &cards[i * 7];
            Hand h = Hand::empty() + Hand(c[0]) + Hand(c[1]) + Hand(c[2]) + Hand(c[3]) +
                     Hand(c[4]) + Hand(c[5]) + Hand(c[6]);
            out[i] = eval.evaluate(h);
        }
    }
    double elapsed = since(t0);
    uint64_t checksum = 0;
    for (size_t i = 0; i < n; ++i) checksum += out[i];
    print_result(hand_objects ? "random eval hands" : "random eval bytes", threads, elapsed, n,
                 {checksum});
    return 0;
}

static int run_case(const std::string& name, unsigned threads, double seconds);

// Runs CASE REPEATS times in this process (default 3) and prints every run: the first one is
// cold (thread start-up, caches), the caller reads the warm ones.
int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: harness CASE [THREADS] [SECONDS] [REPEATS]\n");
        return 2;
    }
    std::string name = argv[1];
    unsigned threads = argc > 2 ? (unsigned)std::atoi(argv[2]) : 1;
    double seconds = argc > 3 ? std::atof(argv[3]) : 1.0;
    int repeats = argc > 4 ? std::atoi(argv[4]) : 3;
    for (int i = 0; i < repeats; ++i) {
        int code = run_case(name, threads, seconds);
        if (code) return code;
    }
    return 0;
}

static int run_case(const std::string& name, unsigned threads, double seconds) {
    if (name == "exact hu") return equity_case("exact hu", {"AsKs", "QhQd"}, "", true, 0, threads);
    if (name == "exact range")
        return equity_case("exact range", {"AhKd", "QQ+,AKs"}, "", true, 0, threads);
    if (name == "exact 3way")
        return equity_case("exact 3way", {"AsKs", "QhQd", "JcTc"}, "", true, 0, threads);
    if (name == "exact 4way")
        return equity_case("exact 4way", {"AsKs", "QhQd", "JcTc", "9d9c"}, "", true, 0, threads);
    if (name == "exact flop range")
        return equity_case("exact flop range", {"AhKd", "QQ+,AKs", "random"}, "Ts9s2h", true, 0,
                           threads);
    if (name == "mc hu") return equity_case("mc hu", {"AsKs", "QhQd"}, "", false, seconds, threads);
    if (name == "mc random")
        return equity_case("mc random", {"random", "random"}, "", false, seconds, threads);
    if (name == "mc 3way")
        return equity_case("mc 3way", {"AsKs", "QhQd", "JcTc"}, "", false, seconds, threads);
    if (name == "mc 6way")
        return equity_case("mc 6way", {"AsKs", "QhQd", "JcTc", "9d9c", "8h7h", "5s4s"}, "", false,
                           seconds, threads);
    if (name == "mc range")
        return equity_case("mc range", {"AhKd", "QQ+,AKs"}, "", false, seconds, threads);
    if (name == "seven") return seven_card_case(threads);
    if (name == "random eval") return random_eval_case(threads, false);
    if (name == "random eval hands") return random_eval_case(threads, true);
    std::fprintf(stderr, "unknown case %s\n", name.c_str());
    return 2;
}
