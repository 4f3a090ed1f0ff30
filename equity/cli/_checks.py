"""What every command's options are checked for before any work: pairs of options that
cannot both hold, and malformed card lists; each is one sentence and exit code 2.

A command's own pairs (``--exact`` with a Monte-Carlo stop rule, ``--stack`` with
``--stacks``, ...) are refused where the command reads its options; the pairs below
are shared by several commands and refused here, once, for all of them.
"""

from __future__ import annotations

import argparse

from ._util import CliError

__all__ = ["CARD_OPTIONS", "CONTRADICTIONS", "PARTLY_KNOWN", "check_cards", "check_options"]

CARD_OPTIONS = (("board", "--board"), ("dead", "--dead"), ("remove", "--remove"))
"""The options that take cards (attribute, flag): each value must parse as cards."""
PARTLY_KNOWN = {("query", "board"), ("distribution", "board"), ("deal", "board")}
"""The (command, option) pairs whose cards may be partly known (``2c7d9h h``); ``deal``
says itself why it takes a known board."""

CONTRADICTIONS = (
    ("quiet", "progress", "--quiet turns off the progress that --progress asks for"),
    (
        "threads",
        "scheduler",
        "--threads sets this machine's threads, but --scheduler runs the work on the Dask "
        "workers (one thread a task)",
    ),
)
"""Pairs of options (attributes) that cannot both hold, with the reason."""


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _given(args: argparse.Namespace, name: str) -> bool:
    return getattr(args, name, None) not in (None, False)


def check_options(args: argparse.Namespace) -> None:
    """Raise :class:`CliError` on a pair of :data:`CONTRADICTIONS` given together or a
    malformed card list in one of :data:`CARD_OPTIONS`, naming the options or the card."""
    for a, b, why in CONTRADICTIONS:
        if _given(args, a) and _given(args, b):
            raise CliError(f"{_flag(a)} and {_flag(b)} cannot both be given: {why}")
    for name, flag in CARD_OPTIONS:
        value = getattr(args, name, None)
        texts = value if isinstance(value, list) else [value]
        if name == "board" and isinstance(value, str) and "|" in value and hasattr(args, "boards"):
            if args.boards != 2:
                raise CliError(f"--board {value!r} has two boards: they need --boards 2")
            texts = value.split("|")  # two boards (equity query --boards 2)
        for text in texts:
            if isinstance(text, str) and text.strip():
                check_cards(flag, text, exact=(args.command, name) not in PARTLY_KNOWN)


def check_cards(flag: str, text: str, exact: bool) -> None:
    """Raise one sentence naming ``flag`` and the bad card when ``text`` is not cards (or
    partly known cards, ``A * *``, unless ``exact``)."""
    from ..cards import first_bad_card, parse_card, parse_card_pattern, parse_cards

    try:
        if exact:
            parse_cards(text, allow_duplicates=True)
        else:
            parse_card_pattern(text)
    except ValueError as exc:
        bad = first_bad_card(text, exact)
        if bad is None:  # the parentheses
            raise CliError(f"{flag} {text!r}: {exc}") from None
        try:
            parse_card(bad)
        except ValueError as why:  # its own sentence: "'1s' is not a card: write an ace as 'A'"
            raise CliError(f"{flag} {text!r}: {why}") from None
        raise CliError(f"{flag} {text!r}: {bad!r} is not a card") from None
