"""Bootstrap facts (textbook section 2.2.3)."""
from __future__ import annotations


import numpy as np

from ._validation import check_count


def oob_fraction(m, repeats, seed=None) -> np.ndarray:
    """Out-of-bag fraction of each of ``repeats`` bootstrap samples.

    Each bootstrap sample draws ``m`` items with replacement from ``m``; the
    returned array holds, for each, the fraction of the ``m`` items never
    drawn.  Its mean approaches (1 - 1/m)^m -> 1/e ~ 0.368 (textbook 2.1).

    Parameters
    ----------
    m : int >= 1
    repeats : int >= 1
    seed : int, numpy Generator or None

    Examples
    --------
    >>> import evalcore as ec
    >>> f = ec.oob_fraction(1000, 200, seed=0)
    >>> f.shape, bool(0.33 < f.mean() < 0.40)
    ((200,), True)
    """
    mm = check_count(m, "m", minimum=1)
    r = check_count(repeats, "repeats", minimum=1)
    rng = np.random.default_rng(seed)
    out = np.empty(r, dtype=np.float64)
    for i in range(r):
        drawn = np.bincount(rng.integers(0, mm, size=mm), minlength=mm)
        out[i] = np.count_nonzero(drawn == 0) / mm
    return out


def expected_oob_fraction(m) -> float:
    """(1 - 1/m)^m, the chance that one item is never drawn in m draws.

    Examples
    --------
    >>> import evalcore as ec
    >>> round(ec.expected_oob_fraction(10**6), 4)
    0.3679
    """
    mm = check_count(m, "m", minimum=1)
    return float(np.exp(mm * np.log1p(-1.0 / mm))) if mm > 1 else 0.0
