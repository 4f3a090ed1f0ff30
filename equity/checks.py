"""Checks of the numbers a user passes: counts, seeds, limits, each with one clear sentence.

Every public entry point (``calculate``, ``category_frequencies``, the
command line) validates through these, so a bad value is refused the same
way everywhere, quoting the value and the limit.
"""

from __future__ import annotations

import math
from numbers import Integral, Real

__all__ = [
    "DEFAULT_TRIALS",
    "MAX_SEED",
    "MAX_TRIALS",
    "check_count",
    "check_positive",
    "check_seed",
    "check_trials",
    "fresh_seed",
    "limit_text",
]

MAX_TRIALS = 10**15
"""Most Monte-Carlo trials one job may ask for (weeks of work on a large machine)."""
DEFAULT_TRIALS = 1_000_000
"""Monte-Carlo trials when neither a count nor a stop rule is given."""
MAX_SEED = 2**63 - 1
"""Largest seed."""


def check_count(value: object, name: str, *, limit: int | None = None) -> int:
    """Return ``value`` as a positive ``int``; whole-number floats (``1e6``) are accepted.

    Examples
    --------
    >>> check_count(1e6, "trials")
    1000000
    >>> check_count(2.5, "trials")
    Traceback (most recent call last):
    ...
    ValueError: trials must be a positive whole number, got 2.5
    """
    if isinstance(value, bool) or not isinstance(value, (Integral, Real)):
        raise ValueError(f"{name} must be a positive whole number, got {value!r}")
    as_float = float(value)
    whole = isinstance(value, Integral) or (math.isfinite(as_float) and as_float == int(as_float))
    if not whole:
        raise ValueError(f"{name} must be a positive whole number, got {value!r}")
    number = int(value) if isinstance(value, Integral) else int(as_float)
    if number <= 0:
        raise ValueError(f"{name} must be a positive whole number, got {value!r}")
    if limit is not None and number > limit:
        raise ValueError(f"{name} {value!r} is above the limit of {limit_text(limit)}")
    return number


def limit_text(limit: int) -> str:
    """``10**15`` as ``"1e15"``.

    Examples
    --------
    >>> limit_text(10**15), limit_text(5 * 10**10)
    ('1e15', '5e10')
    """
    mantissa, exponent = f"{limit:.0e}".split("e")
    return f"{mantissa}e{int(exponent)}"


def check_trials(value: object, name: str = "trials") -> int | None:
    """``None`` or a trial count between 1 and :data:`MAX_TRIALS`."""
    if value is None:
        return None
    return check_count(value, name, limit=MAX_TRIALS)


def check_seed(seed: object) -> int | None:
    """``None`` or a seed between 0 and 2**63 - 1 (whole-number floats accepted).

    Examples
    --------
    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    ValueError: seed must be a whole number from 0 to 2**63 - 1, got -1
    """
    if seed is None:
        return None
    number: int | None = None
    if isinstance(seed, Integral) and not isinstance(seed, bool):
        number = int(seed)
    elif isinstance(seed, Real) and math.isfinite(float(seed)) and float(seed).is_integer():
        number = int(float(seed))
    if number is None or not 0 <= number <= MAX_SEED:
        raise ValueError(f"seed must be a whole number from 0 to 2**63 - 1, got {seed!r}")
    return number


def fresh_seed() -> int:
    """A seed drawn from the operating system's entropy (recorded in results)."""
    import secrets

    return secrets.randbits(63)


def check_positive(value: object, name: str) -> float | None:
    """``None`` or a positive finite number.

    Examples
    --------
    >>> check_positive(0, "the time limit")
    Traceback (most recent call last):
    ...
    ValueError: the time limit must be a positive number, got 0
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, Real) or not 0 < float(value) < math.inf:
        raise ValueError(f"{name} must be a positive number, got {value!r}")
    return float(value)
