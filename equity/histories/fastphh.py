"""A fast reader for the PHH hands of no-limit hold'em and pot-limit Omaha: the TOML subset
the dataset uses.

pokerkit reads a PHH hand with Python's TOML parser and builds a
:class:`pokerkit.HandHistory` (about a millisecond a hand).  The hands of the
public PHH dataset use a small part of TOML: one ``key = value`` a line, values
that are quoted strings without escapes, numbers, booleans, times and one-line
arrays of these.  :func:`loads` reads such a hand into a :class:`FastHand`, a
plain record with the fields the replay reads (the names of
:class:`pokerkit.HandHistory`), and hands anything else to pokerkit: another
variant than ``NT`` and the pot-limit Omaha codes (``PO``, and equity's ``PO5``, ``PO/8``,
``PO5/8``: :mod:`equity.histories.variants`), a field it does not recognise the form of, a missing
field.  Numbers follow pokerkit's ``parse_value``: ``int`` when written without a
point, else :class:`decimal.Decimal`.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from .sites import currency_divmod

__all__ = ["ENABLED", "VARIANTS", "FastHand", "loads", "loads_pokerkit"]

ENABLED = True
"""False: every hand is read and replayed by pokerkit (the reference, and the bench's old route)."""

VARIANTS = ("NT", "PO", "PO5", "PO/8", "PO5/8")
"""The PHH variant codes read here: no-limit hold'em and the pot-limit Omaha variants."""

_NUM = r"[+-]?(?:0|[1-9][0-9]*)"  # TOML: no leading zeros
_CLOCK = r"(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]"
_INT = re.compile(rf"^{_NUM}$")
_DECIMAL = re.compile(rf"^{_NUM}\.[0-9]+$")
_TIME = re.compile(rf"^{_CLOCK}$")
_ITEM = re.compile(r"""\s*('[^'\n]*'|"[^"\\\n]*"|[^,'"\[\]]+?)\s*(?:,|$)""")
_SCALAR = rf"""(?:'[^'\n]*'|"[^"\\\n]*"|{_NUM}(?:\.[0-9]+)?|true|false|\+?inf|{_CLOCK})"""
_QUOTED = re.compile(r"'[^'\n]*'|\"[^\"\\\n]*\"")
"""One quoted string, as a whole value (a ``#`` in it is not a comment)."""
_PLAIN = re.compile(rf"{_SCALAR}|\[\s*(?:{_SCALAR}(?:\s*,\s*{_SCALAR})*\s*,?)?\s*\]")
"""A value of the subset (a field the replay does not read is checked, not converted)."""

_NUMBER = (int, Decimal)
"""The types of a number read (a bool is an int: checked apart)."""
_NUMBER_LISTS = ("antes", "blinds_or_straddles", "starting_stacks")
_KNOWN = {
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "min_bet",
    "starting_stacks",
    "actions",
    "players",
    "winnings",
    "finishing_stacks",
    "hand",
    "venue",
    "currency",
    "currency_symbol",
}


class _NotSubset(ValueError):
    """The text is not in the subset read here (pokerkit reads it)."""


@dataclass(frozen=True)
class FastHand:
    """One no-limit hold'em or pot-limit Omaha PHH hand, the fields the replay reads (pokerkit's
    names)."""

    variant: str
    antes: list[Any]
    blinds_or_straddles: list[Any]
    min_bet: Any
    starting_stacks: list[Any]
    actions: list[str]
    text: str = field(repr=False)
    """The hand's PHH text, for pokerkit when the fast replay does not cover the hand."""
    ante_trimming_status: bool = False
    players: list[str] | None = None
    winnings: list[Any] | None = None
    finishing_stacks: list[Any] | None = None
    hand: Any = None
    venue: str | None = None
    """The site (:mod:`equity.histories.sites`: what its files record)."""
    user_defined_fields: dict[str, Any] = field(default_factory=dict)
    """The fields named with a leading ``_`` (pokerkit's also hold the fields it does not know)."""
    currency: str | None = None
    currency_symbol: str | None = None

    @property
    def divmod(self) -> Any:
        """How a pot is split: in whole cents in a currency, else None (pokerkit's own)."""
        return currency_divmod(self)

    def to_pokerkit(self) -> Any:
        """The same hand read by pokerkit (:class:`pokerkit.HandHistory`)."""
        return loads_pokerkit(self.text)


def loads_pokerkit(text: str) -> Any:
    """One hand from PHH text read by pokerkit, its unexpected-field warnings silenced (the
    Omaha codes PHH lacks read too: :class:`~equity.histories.variants.OmahaHandHistory`)."""
    from .variants import OmahaHandHistory

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = OmahaHandHistory.loads(text)
    split = currency_divmod(history)
    if split is not None:  # a currency: pots split in whole cents, as the sites split them
        history.divmod = split
    return history


def _scalar(text: str) -> Any:
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    if text.isdigit() and text.isascii() and (text[0] != "0" or text == "0"):
        return int(text)  # the common case, as _INT reads it
    whole, point, cents = text.partition(".")
    # as _DECIMAL reads it: digits on both sides of the point, no leading zeros
    if (
        point
        and whole.isdigit()
        and cents.isdigit()
        and text.isascii()
        and (whole[0] != "0" or whole == "0")
    ):
        return Decimal(text)
    if _INT.match(text):
        return int(text)
    if _DECIMAL.match(text):
        try:
            return Decimal(text)
        except InvalidOperation:  # pragma: no cover - the pattern admits only numbers
            raise _NotSubset(text) from None
    if text in ("true", "false"):
        return text == "true"
    if text in ("inf", "+inf"):  # iPoker's HandHQ stacks: not recorded
        return Decimal("Infinity")
    if _TIME.match(text):
        return text
    raise _NotSubset(text)


def _value(text: str) -> Any:
    if not text.startswith("["):
        return _scalar(text)
    if not text.endswith("]"):
        raise _NotSubset(text)
    inner = text[1:-1].strip()
    if not inner:
        return []
    if inner[0] == "'" and inner[-1] == "'":  # the common case: a list of literal strings
        words = inner[1:-1].split("', '")
        if inner.count("'") == 2 * len(words):
            return words
    elif "'" not in inner and '"' not in inner:  # a list of numbers
        return [_scalar(item.strip()) for item in inner.split(",")]
    items: list[Any] = []
    pos = 0
    while pos < len(inner):
        match = _ITEM.match(inner, pos)
        if match is None or match.end() == pos:
            raise _NotSubset(text)
        items.append(_scalar(match.group(1)))
        pos = match.end()
    return items


def _parse(text: str) -> FastHand:
    values: dict[str, Any] = {}
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        # key = value: a bare key ([A-Za-z_][A-Za-z0-9_]*), spaces or tabs around the '='
        key, equals, value = stripped.partition("=")
        key = key.rstrip(" \t")
        value = value.lstrip(" \t")
        if not equals or not (key.isidentifier() and key.isascii()):
            raise _NotSubset(line)
        if "#" in value and not _QUOTED.fullmatch(value):
            raise _NotSubset(line)  # a comment after the value (a '#' in a string is read)
        if key in values:
            raise _NotSubset(key)
        if key in _KNOWN or key[0] == "_":
            values[key] = _value(value)
        elif _PLAIN.fullmatch(value):
            values[key] = None
        else:
            raise _NotSubset(line)
    if values.get("variant") not in VARIANTS:
        raise _NotSubset("variant")
    n = len(values.get("starting_stacks") or ())
    for name in _NUMBER_LISTS:
        got = values.get(name)
        if not isinstance(got, list) or len(got) != n or n < 2:
            raise _NotSubset(name)
        if not all(isinstance(v, _NUMBER) and not isinstance(v, bool) for v in got):
            raise _NotSubset(name)
    if not isinstance(values.get("min_bet"), _NUMBER) or isinstance(values["min_bet"], bool):
        raise _NotSubset("min_bet")
    actions = values.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise _NotSubset("actions")
    for name in ("winnings", "finishing_stacks"):
        got = values.get(name)
        if got is not None and (
            not isinstance(got, list) or not all(isinstance(v, _NUMBER) for v in got)
        ):
            raise _NotSubset(name)
    players = values.get("players")
    if players is not None and (
        not isinstance(players, list) or not all(isinstance(p, str) for p in players)
    ):
        raise _NotSubset("players")
    trimming = values.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise _NotSubset("ante_trimming_status")
    extra = {k: v for k, v in values.items() if k.startswith("_") and k not in _KNOWN}
    return FastHand(
        variant=values["variant"],
        antes=values["antes"],
        blinds_or_straddles=values["blinds_or_straddles"],
        min_bet=values["min_bet"],
        starting_stacks=values["starting_stacks"],
        actions=actions,
        text=text,
        ante_trimming_status=trimming,
        players=players,
        winnings=values.get("winnings"),
        finishing_stacks=values.get("finishing_stacks"),
        hand=values.get("hand"),
        venue=venue if isinstance(venue := values.get("venue"), str) else None,
        user_defined_fields=extra,
        currency=_text(values.get("currency")),
        currency_symbol=_text(values.get("currency_symbol")),
    )


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def loads(text: str) -> Any:
    """One hand from PHH text: a :class:`FastHand` when in the subset, else pokerkit's history.

    Raises what :meth:`pokerkit.HandHistory.loads` raises on a hand it cannot read.
    """
    if not ENABLED:
        return loads_pokerkit(text)
    try:
        return _parse(text)
    except _NotSubset:
        return loads_pokerkit(text)
