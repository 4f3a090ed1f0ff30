"""Numba kernels: pure functions on integer arrays (numpy + numba only).

Nothing in this package imports pandas, matplotlib or any module above it.
Lookup tables are passed in as arguments, never read as globals.  What one
kernel module uses of another is public: no underscore name crosses a module
boundary (``tests/test_architecture.py``).

The modules, from the bottom up:

* ``_jit``: the Numba options (``kernel``, ``inline_kernel``,
  ``parallel_kernel``), compile-time variants, the work queue's ``fetch_add``;
* ``rng``: seeding and the xoroshiro128+ stream, bounded draws;
* ``draws``: the draw steps shared by the dealing loops, each written once
  and inlined: Fisher-Yates and Floyd steps, the board per card
  representation (``floyd_board_keys``, ``floyd_board_sums``), a random
  hand, dealing around the range players' cards, the joint candidate draw
  (``draw_combos``), the exact loops' ``next_combination``;
* ``deal``: shuffled decks, random subsets and dealt hands as arrays
  (``equity.deal``'s and the tests' reference deals);
* evaluators: ``holdem`` (five to seven cards, the key/suit-set
  representation), ``zjh`` (three cards), ``lowball`` (razz, 2-7, badugi,
  eight-or-better), ``omaha`` (two plus three, high and low, the board sums);
* ``scoring``: counting conventions, kinds, status codes, shared showdowns;
* table-game Monte-Carlo: ``montecarlo`` (the driver ``simulate_batches``),
  ``general`` (the general loop: the deal order), ``headsup`` and
  ``headsup_range`` (the heads-up fast paths, the same draws);
* exact table games: ``enumerate`` (every board for given hole cards),
  ``categories`` (showdown categories), ``preflop`` (a hand against a random
  one, board by board);
* ``omaha_mc``: Omaha Monte-Carlo and exact showdowns;
* ``stud``: the stud family (private hands, no board), Monte-Carlo and exact;
* ``hits``: range hits, the made-hand class and draws of each combo on a board;
* ``multiway``: showdowns of each hand class against two or more ranges, as rank
  codes (the push/fold table solver's multiway all-ins).
"""
