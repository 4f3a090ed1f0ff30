"""Hold'em starting-hand ranges in PokerStove / Equilab syntax.

A range is a weighted set of the 1,326 two-card *combos*.  :func:`parse_range`
reads a comma-separated list of terms::

    QQ+  22-66  66-22          pairs: QQ, KK, AA; deuces to sixes
    AKs  AKo  AK               suited (4 combos), offsuit (12), both (16)
    A2s+  KTo+  K9+            kicker up to one below the top card
    AJs-A8s                    kicker runs (same top card)
    T9s-65s                    connector runs (same gap between the cards)
    AhKh                       one exact combo
    random  *                  all 1,326 combos
    15%                        the strongest 15 % of combos (see below)
    AA@50  0.5:KK              weights: percent suffix or fraction prefix

Ranks are case-insensitive (``t`` and ``T`` are both tens) and whitespace is
ignored.  A combo named by two terms keeps the weight of the **last** term,
so ``QQ+,AA@50`` holds AA at half weight and KK, QQ at full weight.

**Top percent.**  ``p%`` takes whole hand classes, strongest first, while the
number of combos taken is below ``max(1, round(p / 100 * 1326))`` with
halves rounded up; the class that reaches or crosses that count is included.
Classes are ranked by their exact all-in equity against one uniformly random
hand (:func:`preflop_equity_vs_random`), ties broken by :data:`CLASSES`
order.  ``100%`` is every combo.

A malformed term is a :class:`ValueError` that quotes the term, its 1-based
position and the whole text.

**Combo order.**  ``Range.combos`` rows hold the higher card code first, and
rows are sorted by decreasing (first card, second card): ``AsAh`` leads,
``3c2c`` would come last.

**Modules.**  :mod:`~equity.ranges.classes` (combos and the 169 hand
classes), :mod:`~equity.ranges.preflop` (the shipped exact equity against a
random hand and the ranking it gives), :mod:`~equity.ranges.grammar`
(reading range text), :mod:`~equity.ranges.canonical` (writing it) and
:mod:`~equity.ranges.range` (the :class:`Range` class); Omaha's hand
patterns (``AA**``, ``KQJT ds``) are :mod:`~equity.ranges.omaha`.  This
package re-exports their public names.
"""

from __future__ import annotations

from .classes import ALL_COMBOS, CLASSES, N_COMBOS, class_combos, combo_index, hand_class
from .grammar import RANGE_SYNTAX
from .omaha import (
    MAX_PATTERN_HANDS,
    OMAHA_PATTERN_SYNTAX,
    OmahaRange,
    count_omaha_hands,
    parse_omaha_range,
)
from .preflop import preflop_equity_vs_random, preflop_ranking
from .range import Range, parse_range

__all__ = [
    "ALL_COMBOS",
    "CLASSES",
    "MAX_PATTERN_HANDS",
    "N_COMBOS",
    "OMAHA_PATTERN_SYNTAX",
    "RANGE_SYNTAX",
    "OmahaRange",
    "Range",
    "class_combos",
    "combo_index",
    "count_omaha_hands",
    "hand_class",
    "parse_omaha_range",
    "parse_range",
    "preflop_equity_vs_random",
    "preflop_ranking",
]
