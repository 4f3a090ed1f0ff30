"""Small statistics helpers (no SciPy: it would slow every start-up of numba).

Numba imports SciPy's BLAS bindings at first dispatch when SciPy is
installed, which costs the command line about 0.4 s; these few functions
are all the package needs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["Z95", "chi2_sf", "chi_square_test"]

Z95 = 1.959963984540054
"""Two-sided 95% normal quantile: an estimate +- Z95 standard errors is its 95% interval."""


def _gamma_q(a: float, x: float) -> float:
    """Regularised upper incomplete gamma function Q(a, x)."""
    if x <= 0:
        return 1.0
    log_pre = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:  # series for P(a, x)
        term = total = 1.0 / a
        n = a
        for _ in range(10_000):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-16:
                break
        return max(0.0, 1.0 - total * math.exp(log_pre))
    # Lentz's continued fraction for Q(a, x)
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-16:
            break
    return min(1.0, math.exp(log_pre) * h)


def chi2_sf(x: float, df: int) -> float:
    """Survival function of the chi-square distribution, P(X >= x).

    Examples
    --------
    >>> round(chi2_sf(3.841458820694124, 1), 6)
    0.05
    >>> round(chi2_sf(2.0, 2), 12) == round(math.exp(-1.0), 12)
    True
    """
    if df <= 0:
        raise ValueError(f"degrees of freedom must be positive, got {df!r}")
    return _gamma_q(df / 2.0, x / 2.0)


def chi_square_test(observed: Sequence[float], expected: Sequence[float]) -> tuple[float, float]:
    """Pearson's goodness-of-fit test: ``(statistic, p_value)``.

    Categories with zero expected count must have zero observed count and
    are skipped; degrees of freedom = categories used - 1.
    """
    stat = 0.0
    used = 0
    for o, e in zip(observed, expected, strict=True):
        if e == 0:
            if o:
                return math.inf, 0.0
            continue
        stat += (o - e) ** 2 / e
        used += 1
    return stat, chi2_sf(stat, max(used - 1, 1))
