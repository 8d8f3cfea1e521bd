"""Bootstrap facts (textbook section 2.2.3) and the bias-variance decomposition
(section 2.5)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._validation import DataError, check_count, check_matrix, check_scores


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


@dataclass(frozen=True, eq=False)
class BiasVariance:
    """Arrays over the points x: ``bias2`` = (fbar - y)^2, ``variance``,
    ``noise`` = epsilon^2, ``error`` = bias2 + variance + noise; ``mean_pred``
    is fbar.  Use ``.mean()`` style reductions on the fields for totals."""

    bias2: np.ndarray
    variance: np.ndarray
    noise: np.ndarray
    error: np.ndarray
    mean_pred: np.ndarray


def bias_variance(predictions, y_true, noise=0.0) -> BiasVariance:
    """Bias-variance decomposition of the expected squared error, textbook (2.42).

    Parameters
    ----------
    predictions : array-like of shape (n_sets, n_points)
        f(x; D): the prediction at each point x of the model trained on each
        training set D.
    y_true : array-like of shape (n_points,)
        The noise-free truth f(x).
    noise : float or array-like of shape (n_points,)
        The noise variance epsilon^2.

    Notes
    -----
    fbar(x) = E_D f(x; D);  bias^2(x) = (fbar(x) - y(x))^2;
    var(x) = E_D (f(x; D) - fbar(x))^2  (divided by n_sets);
    E(f; D) = E_D (f(x; D) - y(x))^2 + epsilon^2 = bias^2 + var + epsilon^2.
    """
    p = check_matrix(predictions, "predictions")
    y = check_scores(y_true, "y_true")
    if p.shape[1] != y.shape[0]:
        raise DataError("length_mismatch", a="predictions columns", na=p.shape[1], b="y_true", nb=y.shape[0])
    eps2 = np.broadcast_to(np.asarray(noise, dtype=np.float64), y.shape).copy()
    if (eps2 < 0).any():
        raise DataError("out_of_range", name="noise", interval="[0, inf)", value=float(eps2.min()))
    fbar = p.mean(axis=0)
    bias2 = (fbar - y) ** 2
    var = ((p - fbar) ** 2).mean(axis=0)
    error = ((p - y) ** 2).mean(axis=0) + eps2
    return BiasVariance(bias2, var, eps2, error, fbar)
