"""equity: fast, exact-where-possible poker equity and hand frequencies.

The public API, loaded lazily so that ``import equity`` (and the command
line) pays only for what it uses:

* :func:`calculate` — equity of the hands of any game of :data:`GAMES`,
  exact or Monte-Carlo (:class:`EquityResult`), its partial results streamed to
  ``on_update``; :func:`plan` — how it would answer (method, work, seconds, reason:
  a :class:`Plan` to run); :func:`calculate_many` — many small spots in one call
  (:class:`SpotResults`); :func:`use_scheduler` sends the calls of a block to a
  Dask cluster; :func:`double_board` — two boards from one deck, each deciding half
  the pot (:class:`DoubleBoardResult`: per-board equity, scoops, quarters);
* :func:`evaluate`, :func:`evaluate_batch`, :func:`rank_hands`,
  :func:`compare_hands` — five- to seven-card poker hands;
* :func:`evaluate_omaha`, :func:`evaluate_omaha_batch` — Omaha (4-6 hole cards, the
  eight-or-better low);
* :func:`evaluate_razz`, :func:`evaluate_deuce_seven`, :func:`evaluate_badugi`,
  :func:`evaluate_stud8`, :func:`evaluate_low_batch` — the low and split games (razz,
  2-7 lowball, badugi, stud hi-lo);
* :func:`evaluate_shortdeck`, :func:`evaluate_shortdeck_batch`, :func:`rank_shortdeck`,
  :class:`ShortDeckRules` — short-deck hold'em;
* :func:`evaluate_zjh`, :func:`compare_zjh`, :func:`rank_zjh`,
  :class:`ZJHRules` — Zha Jin Hua;
* :func:`parse_range`, :class:`Range` — hold'em ranges; :func:`parse_omaha_range`,
  :class:`OmahaRange` — Omaha hand patterns; :func:`starting_hand_rank`,
  :class:`StartingHandRank` — a starting hand's equity against a random hand and its
  percentile (hold'em exact, 4- and 5-card Omaha from a shipped Monte-Carlo ranking);
* :func:`category_frequencies`, :func:`category_counts`,
  :func:`category_probabilities` — hand-category frequencies and exact odds;
* :func:`distribution`, :class:`EquityDistribution` — the equity of every combo of a range
  (the equity curve, equity buckets); :func:`hits_buckets` — its made hands and draws by
  equity bucket;
* :func:`streets`, :class:`StreetsResult` — exact equity after each possible next card (outs);
  :func:`range_streets`, :class:`RangeStreetsResult` — the same for ranges (the cards that
  move the equity most first);
* :func:`run_outs`, :class:`RunOuts` — the board run ``K`` times: each player's share of the
  pot over the run-outs (its distribution and variance against running it once);
* :func:`deal`, :class:`Deals`, :class:`Deck` — complete deals as data (the Monte-Carlo
  deals of :func:`calculate`, ``.to_frame()``; two boards: :class:`DoubleDeals`) and a
  deck to shuffle and deal from;
* :func:`hits`, :class:`HitsResult` — the share of a range in each made hand and draw on a board;
* :func:`flops` — range against range on every flop, exact, with each flop's texture
  (:func:`textures`: suits, pairing, high card, connectedness of any board);
* :func:`history`, :class:`HistoryResult` — hand histories (PHH): all-in equity,
  EV-adjusted results and luck per player;
* :func:`icm`, :class:`IcmResult` — chip stacks into prize EVs (the Independent Chip
  Model, Malmuth-Harville), the ICM chop beside the chip chop; :func:`call_ev`,
  :class:`CallEv` — the EV of calling an all-in; :func:`playable`,
  :class:`PlayableResult` — every hand with the equity a call needs against a range;
* :func:`pushfold`, :class:`PushFoldResult` — push/fold Nash equilibria and their exploitability;
* :func:`parse_cards`, :func:`format_cards` — cards;
* :data:`GAMES`, :func:`game` — the game registry.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ._version import __version__

if TYPE_CHECKING:  # the lazily loaded names, for type checkers and IDEs
    from .analysis.buckets import hits_buckets
    from .analysis.deals import Deals, deal
    from .analysis.deck import Deck
    from .analysis.distribution import distribution
    from .analysis.double_deals import DoubleDeals
    from .analysis.flops import flops
    from .analysis.frequencies import FrequencyTable, category_frequencies
    from .analysis.hits import HitsResult, hits
    from .analysis.run_outs import run_outs
    from .analysis.run_outs_result import RunOuts
    from .analysis.streets import StreetsResult, streets
    from .analysis.streets_ranges import RangeStreetsResult, range_streets
    from .analysis.textures import textures
    from .cards import format_cards, parse_cards
    from .combos import EquityDistribution
    from .decisions.call import CallEv, call_ev
    from .decisions.icm import IcmResult, icm
    from .decisions.playable_hands import PlayableResult, playable
    from .decisions.pushfold import PushFoldResult, pushfold
    from .engine import Plan, SpotResults, calculate, calculate_many, use_scheduler
    from .engine.double_board import double_board
    from .engine.double_result import DoubleBoardResult
    from .engine.plan import plan
    from .evaluators.lowball import (
        LowHand,
        Stud8Hand,
        evaluate_badugi,
        evaluate_deuce_seven,
        evaluate_low_batch,
        evaluate_razz,
        evaluate_stud8,
    )
    from .evaluators.odds import category_counts, category_probabilities
    from .evaluators.omaha import OmahaHand, evaluate_omaha, evaluate_omaha_batch
    from .evaluators.poker import PokerHand, compare_hands, evaluate, evaluate_batch, rank_hands
    from .evaluators.shortdeck import (
        ShortDeckHand,
        ShortDeckRules,
        compare_shortdeck,
        evaluate_shortdeck,
        evaluate_shortdeck_batch,
        rank_shortdeck,
    )
    from .evaluators.zjh import ZJHRules, compare_zjh, evaluate_zjh, evaluate_zjh_batch, rank_zjh
    from .games import GAMES, game
    from .histories import HistoryResult, history
    from .ranges import OmahaRange, Range, parse_omaha_range, parse_range
    from .ranges.omaha_ranking import StartingHandRank, starting_hand_rank
    from .results import EquityResult

_EXPORTS = {
    "calculate": "engine",
    "calculate_many": "engine",
    "double_board": "engine.double_board",
    "DoubleBoardResult": "engine.double_result",
    "SpotResults": "engine",
    "plan": "engine.plan",
    "Plan": "engine.plan",
    "use_scheduler": "engine",
    "EquityResult": "results",
    "evaluate": "evaluators.poker",
    "evaluate_batch": "evaluators.poker",
    "rank_hands": "evaluators.poker",
    "compare_hands": "evaluators.poker",
    "PokerHand": "evaluators.poker",
    "evaluate_zjh": "evaluators.zjh",
    "evaluate_zjh_batch": "evaluators.zjh",
    "compare_zjh": "evaluators.zjh",
    "rank_zjh": "evaluators.zjh",
    "ZJHRules": "evaluators.zjh",
    "evaluate_omaha": "evaluators.omaha",
    "evaluate_omaha_batch": "evaluators.omaha",
    "OmahaHand": "evaluators.omaha",
    "evaluate_razz": "evaluators.lowball",
    "evaluate_deuce_seven": "evaluators.lowball",
    "evaluate_badugi": "evaluators.lowball",
    "evaluate_stud8": "evaluators.lowball",
    "evaluate_low_batch": "evaluators.lowball",
    "LowHand": "evaluators.lowball",
    "Stud8Hand": "evaluators.lowball",
    "evaluate_shortdeck": "evaluators.shortdeck",
    "evaluate_shortdeck_batch": "evaluators.shortdeck",
    "compare_shortdeck": "evaluators.shortdeck",
    "rank_shortdeck": "evaluators.shortdeck",
    "ShortDeckHand": "evaluators.shortdeck",
    "ShortDeckRules": "evaluators.shortdeck",
    "parse_range": "ranges",
    "Range": "ranges",
    "parse_omaha_range": "ranges",
    "OmahaRange": "ranges",
    "starting_hand_rank": "ranges.omaha_ranking",
    "StartingHandRank": "ranges.omaha_ranking",
    "category_frequencies": "analysis.frequencies",
    "FrequencyTable": "analysis.frequencies",
    "distribution": "analysis.distribution",
    "EquityDistribution": "combos",
    "streets": "analysis.streets",
    "run_outs": "analysis.run_outs",
    "RunOuts": "analysis.run_outs_result",
    "deal": "analysis.deals",
    "Deals": "analysis.deals",
    "DoubleDeals": "analysis.double_deals",
    "Deck": "analysis.deck",
    "StreetsResult": "analysis.streets",
    "RangeStreetsResult": "analysis.streets_ranges",
    "range_streets": "analysis.streets_ranges",
    "hits_buckets": "analysis.buckets",
    "hits": "analysis.hits",
    "flops": "analysis.flops",
    "textures": "analysis.textures",
    "HitsResult": "analysis.hits",
    "category_counts": "evaluators.odds",
    "category_probabilities": "evaluators.odds",
    "history": "histories",
    "HistoryResult": "histories",
    "icm": "decisions",
    "IcmResult": "decisions",
    "call_ev": "decisions",
    "CallEv": "decisions",
    "playable": "decisions",
    "PlayableResult": "decisions",
    "pushfold": "decisions",
    "PushFoldResult": "decisions",
    "parse_cards": "cards",
    "format_cards": "cards",
    "GAMES": "games",
    "game": "games",
}

__all__ = [
    "GAMES",
    "CallEv",
    "Deals",
    "Deck",
    "DoubleBoardResult",
    "DoubleDeals",
    "EquityDistribution",
    "EquityResult",
    "FrequencyTable",
    "HistoryResult",
    "HitsResult",
    "IcmResult",
    "LowHand",
    "OmahaHand",
    "OmahaRange",
    "Plan",
    "PlayableResult",
    "PokerHand",
    "PushFoldResult",
    "Range",
    "RangeStreetsResult",
    "RunOuts",
    "ShortDeckHand",
    "ShortDeckRules",
    "SpotResults",
    "StartingHandRank",
    "StreetsResult",
    "Stud8Hand",
    "ZJHRules",
    "__version__",
    "calculate",
    "calculate_many",
    "call_ev",
    "category_counts",
    "category_frequencies",
    "category_probabilities",
    "compare_hands",
    "compare_shortdeck",
    "compare_zjh",
    "deal",
    "distribution",
    "double_board",
    "evaluate",
    "evaluate_badugi",
    "evaluate_batch",
    "evaluate_deuce_seven",
    "evaluate_low_batch",
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "evaluate_razz",
    "evaluate_shortdeck",
    "evaluate_shortdeck_batch",
    "evaluate_stud8",
    "evaluate_zjh",
    "evaluate_zjh_batch",
    "flops",
    "format_cards",
    "game",
    "history",
    "hits",
    "hits_buckets",
    "icm",
    "parse_cards",
    "parse_omaha_range",
    "parse_range",
    "plan",
    "playable",
    "pushfold",
    "range_streets",
    "rank_hands",
    "rank_shortdeck",
    "rank_zjh",
    "run_outs",
    "starting_hand_rank",
    "streets",
    "textures",
    "use_scheduler",
]
"""The public names (:data:`_EXPORTS` loads each from its module on first use)."""


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'equity' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
