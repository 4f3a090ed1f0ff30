"""Search the rank keys used by the seven-card evaluator (run once, offline).

Greedy: rank r gets the smallest key k > key[r-1] such that the sums of keys
over every rank multiset of 0..7 cards (at most 4 of a rank) stay distinct.
The result is written into ``equity/tables.py`` by hand (``RANK_KEYS``);
``tests/test_lookup.py`` re-checks uniqueness, so this script only needs to
be run again if the key scheme changes.

    python tools/find_rank_keys.py
"""

import numba
import numpy as np

LIMIT = 1 << 26


@numba.njit(cache=False)
def search(n_ranks, max_cards):
    sums = np.zeros(1, np.int64)
    sizes = np.zeros(1, np.int64)
    seen = np.zeros(LIMIT, np.bool_)
    stamp = np.zeros(LIMIT, np.int64)
    seen[0] = True
    keys = np.zeros(n_ranks, np.int64)
    k = 0
    cand = 0
    for r in range(n_ranks):
        while True:
            k += 1
            cand += 1
            ok = True
            for i in range(sums.size):
                for c in range(1, min(4, max_cards - sizes[i]) + 1):
                    t = sums[i] + c * k
                    if seen[t] or stamp[t] == cand:
                        ok = False
                        break
                    stamp[t] = cand
                if not ok:
                    break
            if ok:
                break
        keys[r] = k
        # extend the multiset list
        n_new = 0
        for i in range(sums.size):
            n_new += min(4, max_cards - sizes[i])
        ns = np.empty(sums.size + n_new, np.int64)
        nz = np.empty(sums.size + n_new, np.int64)
        ns[: sums.size] = sums
        nz[: sums.size] = sizes
        j = sums.size
        for i in range(sums.size):
            for c in range(1, min(4, max_cards - sizes[i]) + 1):
                ns[j] = sums[i] + c * k
                nz[j] = sizes[i] + c
                seen[ns[j]] = True
                j += 1
        sums = ns
        sizes = nz
    return keys, sums.max()


if __name__ == "__main__":
    keys, top = search(13, 7)
    print("RANK_KEYS =", list(keys))
    print("max sum", top)
