"""Intervals for the numbers the pages show.

One function per kind of estimate; every one returns
:class:`~evalcore.results.ConfidenceInterval`.  This module starts with the
interval of a proportion (accuracy, error rate, precision, recall, TPR, FPR
are all ``k`` successes out of ``n``); bootstrap and AUC intervals are added
beside it.
"""
from __future__ import annotations

import math

from scipy import stats

from ._validation import DataError, check_labels_and_scores
from ._ranking import threshold_counts
from .delong import delong_auc_variance
from .results import ConfidenceInterval

PROPORTION_METHODS = ("wilson", "clopper-pearson")


def proportion_interval(k, n, *, confidence_level: float = 0.95, method: str = "wilson") -> ConfidenceInterval:
    """Two-sided interval for a proportion ``k / n``.

    Parameters
    ----------
    k, n : int
        Successes and trials, ``0 <= k <= n``.  ``n == 0`` gives ``(nan, nan)``
        (the proportion itself is ``nan`` then).
    confidence_level : float, default 0.95
        In (0, 1), default 0.95.
    method : {"wilson", "clopper-pearson"}, default "wilson"
        ``"wilson"``: the score interval (Wilson 1927), good coverage for
        every ``n``; ``"clopper-pearson"``: the exact interval from the beta
        distribution, never below the nominal level (conservative).

    Returns
    -------
    ConfidenceInterval
        ``low`` and ``high``, within [0, 1].

    Notes
    -----
    Wilson, with :math:`\\hat p = k/n` and :math:`z = \\Phi^{-1}(1-\\alpha/2)`:

    .. math:: \\frac{\\hat p + z^2/2n \\pm z\\sqrt{\\hat p(1-\\hat p)/n + z^2/4n^2}}{1 + z^2/n}

    Clopper-Pearson: ``[Beta(α/2; k, n-k+1), Beta(1-α/2; k+1, n-k)]`` with the
    ends 0 and 1 at ``k = 0`` and ``k = n``.  Both agree with statsmodels'
    ``proportion_confint`` (methods ``"wilson"`` and ``"beta"``).

    Examples
    --------
    >>> ci = proportion_interval(8, 10)
    >>> round(ci.low, 4), round(ci.high, 4)
    (0.4902, 0.9433)
    >>> round(proportion_interval(0, 10, method="clopper-pearson").high, 4)
    0.3085
    """
    if method not in PROPORTION_METHODS:
        raise DataError("bad_option", name="method", value=method, options=", ".join(PROPORTION_METHODS))
    if not 0 < confidence_level < 1:
        raise DataError("out_of_range", name="confidence_level", interval="(0, 1)", value=confidence_level)
    k, n = int(k), int(n)
    if n < 0 or not 0 <= k <= max(n, 0):
        raise DataError("out_of_range", name="k", interval=f"[0, {max(n, 0)}]", value=k)
    if n == 0:
        return ConfidenceInterval(math.nan, math.nan)
    alpha = 1 - confidence_level
    if method == "wilson":
        z = float(stats.norm.isf(alpha / 2))
        p = k / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        low = 0.0 if k == 0 else max(0.0, float(centre - half))
        high = 1.0 if k == n else min(1.0, float(centre + half))
        return ConfidenceInterval(low, high)
    low = 0.0 if k == 0 else float(stats.beta.ppf(alpha / 2, k, n - k + 1))
    high = 1.0 if k == n else float(stats.beta.isf(alpha / 2, k + 1, n - k))
    return ConfidenceInterval(low, high)


def auc_interval(y_true, scores, *, confidence_level: float = 0.95) -> ConfidenceInterval:
    """DeLong's interval of one AUC: AUC -+ z_{1-alpha/2} sqrt(var), var
    from :func:`~evalcore.delong_auc_variance`, clipped to [0, 1] -- what R's
    pROC ``ci.auc(method = "delong")`` gives.

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels (1 = positive); both classes must occur.
    scores : array-like of shape (m,)
        Finite real scores, larger = more likely positive.
    confidence_level : float, default 0.95
        In (0, 1).

    Returns
    -------
    ConfidenceInterval
        ``low`` and ``high``, within [0, 1].

    Examples
    --------
    >>> ci = auc_interval([1, 1, 0, 0, 1, 0], [0.9, 0.4, 0.5, 0.1, 0.8, 0.3])
    >>> round(ci.low, 4), round(ci.high, 4)
    (0.5809, 1.0)
    """
    if not 0 < confidence_level < 1:
        raise DataError("out_of_range", name="confidence_level", interval="(0, 1)", value=confidence_level)
    y, s = check_labels_and_scores(y_true, scores)
    from_pairs = threshold_counts(y, s).roc_auc()
    h = float(stats.norm.isf((1 - confidence_level) / 2)) * math.sqrt(max(delong_auc_variance(y, s), 0.0))
    return ConfidenceInterval(max(0.0, from_pairs - h), min(1.0, from_pairs + h))


__all__ = ["PROPORTION_METHODS", "proportion_interval", "auc_interval"]
