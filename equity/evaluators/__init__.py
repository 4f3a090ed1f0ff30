"""The hand evaluators: one module per game family behind one interface.

Each module evaluates the hands of its games one at a time (plain Python: a one-off
call should not wait for a compiled kernel) and many at once (the kernels of
:mod:`equity.kernels`), and builds its :class:`Evaluator`, the four operations the
rest of the package asks for: ``evaluate`` (cards, board and rules to a hand
record), ``compare`` (several hands to their places, winners first), ``rank`` (a
hand's sortable strength) and ``describe`` (a hand in words).

* :mod:`~equity.evaluators.poker`: five-card poker and the best five of six or seven
  cards (hold'em, stud, five-card draw), evaluator ``"poker"``;
* :mod:`~equity.evaluators.shortdeck`: short-deck hold'em under its rules,
  ``"shortdeck"``;
* :mod:`~equity.evaluators.omaha`: exactly two hole cards and three board cards, and
  the eight-or-better low, ``"omaha"``;
* :mod:`~equity.evaluators.zjh`: Zha Jin Hua's three cards under its house rules,
  ``"zjh"``;
* :mod:`~equity.evaluators.lowball`: the low and split games, ``"razz"``,
  ``"deuce-seven"``, ``"badugi"`` and ``"stud8"``.

The exact counting modules sit beside the evaluators whose hands they count, as
modules of their own: they count hands by rank pattern or closed form and import
their evaluator (never the other way but Zha Jin Hua's, which re-exports its
counts), so they are kept out of the evaluators' modules and their size limit, and
a subpackage of three would only add a level to their import paths.
:mod:`~equity.evaluators.zjh_counts` counts Zha Jin Hua's categories and every
hand against every other, :mod:`~equity.evaluators.lowball_counts` the low games'
categories, and :mod:`~equity.evaluators.odds` the five-to-seven-card poker
categories; it imports every counting module, so that importing it registers
every game's exact counts (:func:`equity.games.register_exact_counts`), and
answers :func:`~equity.evaluators.odds.category_counts` for any game.

A game names its evaluator (:attr:`equity.games.Game.evaluator`, one of
:data:`equity.games.EVALUATORS`); :func:`evaluator` resolves it, loading only that
evaluator's module.

Examples
--------
>>> ev = evaluator("omaha-hilo")
>>> hand = ev.evaluate("As2h9c9d", "3d4c8hKsKd")
>>> ev.name, ev.describe(hand), hand.low
('omaha', 'two pair, Kings and Nines', '8-4-3-2-A')
>>> evaluator("holdem").compare(["AsAd", "KsKh"], "2c7d9hTsJc")
[[0], [1]]
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from ._base import Evaluator, HandRecord, LowHand8

if TYPE_CHECKING:
    from ..games import Game

__all__ = ["EVALUATOR_OBJECTS", "Evaluator", "HandRecord", "LowHand8", "evaluator", "named"]

EVALUATOR_OBJECTS = {
    "poker": "equity.evaluators.poker:POKER_EVALUATOR",
    "shortdeck": "equity.evaluators.shortdeck:SHORTDECK_EVALUATOR",
    "omaha": "equity.evaluators.omaha:OMAHA_EVALUATOR",
    "zjh": "equity.evaluators.zjh:ZJH_EVALUATOR",
    "razz": "equity.evaluators.lowball:RAZZ_EVALUATOR",
    "deuce-seven": "equity.evaluators.lowball:DEUCE_SEVEN_EVALUATOR",
    "badugi": "equity.evaluators.lowball:BADUGI_EVALUATOR",
    "stud8": "equity.evaluators.lowball:STUD8_EVALUATOR",
}
"""Evaluator name (:data:`equity.games.EVALUATORS`) -> where its :class:`Evaluator` is,
``"module:attribute"`` (loaded on first use)."""


def named(name: str) -> Evaluator:
    """The :class:`Evaluator` called ``name`` (one of :data:`equity.games.EVALUATORS`),
    bound to no game.

    Parameters
    ----------
    name
        An evaluator's name, e.g. ``"poker"`` or ``"razz"`` (a game names its own as
        :attr:`equity.games.Game.evaluator`).

    Returns
    -------
    Evaluator
        Its four operations; its module is imported on the first call.

    Raises
    ------
    ValueError
        If no evaluator has that name.

    Examples
    --------
    >>> named("razz").describe(named("razz").evaluate("8h6d4c3s2h Kd Kc"))
    '8-6-4-3-2'
    >>> named("holdem")
    Traceback (most recent call last):
    ...
    ValueError: no evaluator 'holdem'; the evaluators are poker, shortdeck, omaha, zjh, razz, deuce-seven, badugi, stud8
    """  # noqa: E501
    where = EVALUATOR_OBJECTS.get(name)
    if where is None:
        names = ", ".join(EVALUATOR_OBJECTS)
        raise ValueError(f"no evaluator {name!r}; the evaluators are {names}")
    module, _, attribute = where.partition(":")
    found: Evaluator = getattr(importlib.import_module(module), attribute)
    return found


def evaluator(game: Game | str) -> Evaluator:
    """The :class:`Evaluator` of ``game``, bound to it.

    Parameters
    ----------
    game
        A :class:`~equity.games.Game` or a name of :data:`equity.games.GAMES`.

    Returns
    -------
    Evaluator
        The evaluator the game names (:attr:`~equity.games.Game.evaluator`), bound to the
        game: ``evaluate`` checks the hand sizes the game deals, and an Omaha hi-lo game's
        hands carry their low.

    Raises
    ------
    ValueError
        If ``game`` names no game (the sentence lists them).

    Examples
    --------
    >>> evaluator("stud").name
    'poker'
    >>> evaluator("five").evaluate("AsKsQs")
    Traceback (most recent call last):
    ...
    ValueError: a five hand needs 5 cards, got 3 in 'AsKsQs'
    """
    from ..games import game as get_game

    g = get_game(game) if isinstance(game, str) else game
    return named(g.evaluator).bound(g)
