"""Reports: Monte-Carlo estimates beside exact answers, as Markdown, CSV and PNG.

:func:`run_report` writes one Markdown page per kind of report, a CSV file
per table and the figures (PNG), under ``out_dir``:

``frequencies``
    Hand-category frequencies of five-card poker, hold'em (best five of
    seven) and Zha Jin Hua by Monte-Carlo, beside the closed-form odds, with
    standard errors, z-scores, a chi-square test and the convergence of the
    error with the number of hands.
``matchups``
    Eight classic heads-up hold'em matchups, Monte-Carlo against exact
    enumeration, with 95% intervals and the convergence of one of them.
``preflop``
    The exact equity of each of the 169 starting hands against one random
    hand (13x13 heat map), the same by Monte-Carlo, and heads-up matchups of
    the 169x169 matrix by Monte-Carlo, compared with the project's exact
    table (largest error, z-score histogram).
``omaha``
    Omaha high (four to six hole cards) and hi-lo beside hold'em: category
    frequencies (Monte-Carlo) against hold'em's exact odds, the share of
    qualifying lows, classic matchups exact, how much closer heads-up
    equities run (exact equities of random pairs), hi-lo scoop rates; short
    deck's exact odds and matchups under both orders of a straight and trips.
``ranges``
    Hold'em ranges on the flop: the share of a few standard ranges in each
    made hand and draw on four textured flops (dry, paired, monotone,
    connected) and of a top-20% range over every flop, exact; the equity
    curves of two range-against-range spots (preflop by Monte-Carlo, a flop
    exact); a hand against a draw street by street, exact.
``flops``
    Every flop: an opening range (the top 17%) against the range that 3-bets
    it (``TT+,AQs+,AKo``), exact on each flop, grouped by the flop's suits,
    pairing, high card and connectedness (:func:`equity.flops`).
``zjh``
    Zha Jin Hua: each category's win rate against one to five random
    opponents, with and without the 2-3-5 rule and the suit tie-break;
    exact against one opponent, Monte-Carlo against more.

Everything random is derived from one ``seed``: the same seed, sizes and
package version give byte-for-byte the same CSV files and Markdown pages,
on any number of threads (run times are deliberately left out of them).
The PNG files may differ between matplotlib versions.

The helpers behind the pages (:func:`classic_matchups`,
:func:`preflop_vs_random`, :func:`preflop_matrix`,
:func:`load_preflop_reference`, :func:`zjh_heads_up_exact`,
:func:`zjh_category_winrates`, :func:`omaha_matchups`, :func:`equity_spread`,
:func:`hilo_scoops`, :func:`shortdeck_frequencies`, :func:`shortdeck_matchups`,
:func:`texture_hits`, :func:`all_flop_hits`, :func:`equity_curves`,
:func:`street_example`...)
are public and return DataFrames.

Layout, imports running one way: :mod:`.page` (the page writer and what
the pages share: sizes, seeds, Markdown, figures, progress and Ctrl-C) <-
:mod:`.studies_holdem`, :mod:`.studies_zjh`, :mod:`.studies_omaha`,
:mod:`.studies_shortdeck` and :mod:`.studies_ranges` (the studies,
DataFrames) <- one module per page (:mod:`.frequencies`, :mod:`.matchups`,
:mod:`.omaha`, :mod:`.preflop`, :mod:`.ranges`, :mod:`.zjh`, :mod:`.flops`) <- :mod:`.run`
(:func:`run_report`).  This module only re-exports.
"""

from __future__ import annotations

from .page import SIZES, ReportInterrupted, ReportSizes
from .run import KINDS, run_report
from .studies_holdem import (
    CLASSIC_MATCHUPS,
    classic_matchups,
    compare_with_reference,
    load_preflop_reference,
    preflop_matrix,
    preflop_vs_random,
)
from .studies_omaha import (
    HILO_HANDS,
    OMAHA_MATCHUPS,
    best_vs_random,
    equity_spread,
    hilo_scoops,
    omaha_category_frequencies,
    omaha_matchups,
    qualifying_lows,
)
from .studies_ranges import (
    RANGE_SPOTS,
    STANDARD_RANGES,
    TEXTURED_FLOPS,
    all_flop_hits,
    curve_summary,
    equity_curves,
    flop_by_flop,
    street_example,
    texture_hits,
)
from .studies_shortdeck import SHORTDECK_MATCHUPS, shortdeck_frequencies, shortdeck_matchups
from .studies_zjh import ZJH_VARIANTS, zjh_category_winrates, zjh_heads_up_exact

__all__ = [
    "CLASSIC_MATCHUPS",
    "HILO_HANDS",
    "KINDS",
    "OMAHA_MATCHUPS",
    "RANGE_SPOTS",
    "SHORTDECK_MATCHUPS",
    "SIZES",
    "STANDARD_RANGES",
    "TEXTURED_FLOPS",
    "ZJH_VARIANTS",
    "ReportInterrupted",
    "ReportSizes",
    "all_flop_hits",
    "best_vs_random",
    "classic_matchups",
    "compare_with_reference",
    "curve_summary",
    "equity_curves",
    "equity_spread",
    "flop_by_flop",
    "hilo_scoops",
    "load_preflop_reference",
    "omaha_category_frequencies",
    "omaha_matchups",
    "preflop_matrix",
    "preflop_vs_random",
    "qualifying_lows",
    "run_report",
    "shortdeck_frequencies",
    "shortdeck_matchups",
    "street_example",
    "texture_hits",
    "zjh_category_winrates",
    "zjh_heads_up_exact",
]
