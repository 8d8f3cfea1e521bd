"""Beyond the book: how well scores in [0, 1] work as probabilities.

A reliability diagram (the mean score against the share of positives in
each score bin) and the Brier score with Murphy's decomposition into
reliability, resolution and uncertainty.

Murphy, "A new vector partition of the probability score", Journal of
Applied Meteorology 12 (1973) 595-600; Stephenson, Coelho & Jolliffe,
"Two extra components in the Brier score decomposition", Weather and
Forecasting 23 (2008) 752-757 (the within-bin term).
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

from ._validation import DataError, check_count, check_labels_and_scores


@dataclass(frozen=True)
class Reliability:
    """Scores grouped into ``n_bins`` equal-width bins of [0, 1].

    ``edges`` the n_bins + 1 bin edges; ``count`` samples per bin;
    ``mean_score`` the mean score and ``positive_rate`` the share of
    positives of each bin (``nan`` for an empty bin).  A score on an inner
    edge belongs to the lower bin (as scikit-learn's ``calibration_curve``).
    """

    edges: np.ndarray
    count: np.ndarray
    mean_score: np.ndarray
    positive_rate: np.ndarray


@dataclass(frozen=True)
class BrierLoss:
    """The Brier score and its decomposition over the bins of a
    :class:`Reliability`.

    ``brier`` = mean (s_i - y_i)^2 (lower is better); ``reliability`` =
    (1/N) sum_k n_k (s̄_k - ō_k)^2 (lower is better: 0 when each bin's mean
    score equals its share of positives); ``resolution`` = (1/N) sum_k n_k
    (ō_k - ō)^2 (higher is better); ``uncertainty`` = ō (1 - ō), a property
    of the data alone; ``within_bin`` = brier - (reliability - resolution +
    uncertainty), the part due to scores differing inside a bin (0 when the
    scores take one value per bin).
    """

    brier: float
    reliability: float
    resolution: float
    uncertainty: float
    within_bin: float


def _checked(y_true, scores):
    y, s = check_labels_and_scores(y_true, scores)
    if s.min() < 0.0 or s.max() > 1.0:
        raise DataError("out_of_range", name="scores", interval="[0, 1]",
                        value=float(s.min() if s.min() < 0 else s.max()))
    return y, s


def _bin_of(s: np.ndarray, edges: np.ndarray) -> np.ndarray:
    """``np.searchsorted(edges[1:-1], s)`` for equal-width ``edges`` of
    [0, 1], by arithmetic (a binary search per score took ~0.1 s per 10^6):
    the bin from s K, then one step where rounding put s past an edge."""
    k = edges.shape[0] - 1
    ids = np.clip(np.ceil(s * k).astype(np.intp) - 1, 0, k - 1)
    up = (ids < k - 1) & (s > edges[np.minimum(ids + 1, k)])
    ids[up] += 1
    down = (ids > 0) & (s <= edges[ids])
    ids[down] -= 1
    return ids


def reliability_bins(y_true, scores, *, n_bins: int = 10) -> Reliability:
    """Group scores in [0, 1] into ``n_bins`` equal-width bins.

    Parameters
    ----------
    y_true : array-like of 0/1 or bool
        Labels (1 = positive).
    scores : array-like of float in [0, 1]
        Predicted probabilities of the positive class.
    n_bins : int, default 10
        Number of equal-width bins (default 10).

    Returns
    -------
    Reliability
        ``edges`` (n_bins + 1), and per bin ``count``, ``mean_score`` and
        ``positive_rate`` (nan for an empty bin).

    Notes
    -----
    Bin k covers (k/K, (k+1)/K], the first [0, 1/K]; the non-empty bins'
    ``positive_rate`` and ``mean_score`` are ``prob_true`` and
    ``prob_pred`` of ``sklearn.calibration.calibration_curve``.

    Examples
    --------
    >>> r = reliability_bins([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], n_bins=2)
    >>> r.count.tolist(), r.positive_rate.tolist()
    ([3, 1], [0.3333333333333333, 1.0])
    """
    y, s = _checked(y_true, scores)
    k = check_count(n_bins, "n_bins", minimum=1)
    edges = np.linspace(0.0, 1.0, k + 1)
    ids = _bin_of(s, edges)
    count = np.bincount(ids, minlength=k)
    sums = np.bincount(ids, weights=s, minlength=k)
    pos = np.bincount(ids, weights=y.astype(np.float64), minlength=k)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean_score = np.where(count > 0, sums / np.maximum(count, 1), np.nan)
        rate = np.where(count > 0, pos / np.maximum(count, 1), np.nan)
    return Reliability(edges, count, mean_score, rate)


def brier_loss(y_true, scores, *, n_bins: int = 10, bins: Reliability | None = None) -> BrierLoss:
    """The Brier score of scores in [0, 1] and Murphy's decomposition.

    Parameters
    ----------
    y_true : array-like of 0/1 or bool
        Labels (1 = positive).
    scores : array-like of float in [0, 1]
        Predicted probabilities of the positive class.
    n_bins : int, default 10
        Bins of the decomposition (:func:`reliability_bins`), default 10.
    bins : Reliability, keyword-only, optional
        ``reliability_bins(y_true, scores, n_bins=n_bins)`` when already at
        hand (not computed again).

    Returns
    -------
    BrierLoss
        ``brier``, ``reliability``, ``resolution``, ``uncertainty`` and
        ``within_bin``.

    Notes
    -----
    With N samples, bins k of n_k samples, mean score s̄_k, share of
    positives ō_k, and ō the overall share of positives:

    .. math:: BS = \\frac1N\\sum_i (s_i - y_i)^2
              = \\underbrace{\\frac1N\\sum_k n_k(\\bar s_k - \\bar o_k)^2}_{REL}
              - \\underbrace{\\frac1N\\sum_k n_k(\\bar o_k - \\bar o)^2}_{RES}
              + \\underbrace{\\bar o(1-\\bar o)}_{UNC} + WB

    where WB (``within_bin``) is the Stephenson et al. (2008) remainder of
    scores that differ inside a bin.  ``brier`` equals scikit-learn's
    ``brier_score_loss``.

    Examples
    --------
    >>> b = brier_loss([0, 1, 1, 0], [0.2, 0.8, 0.8, 0.2])
    >>> round(b.brier, 4), round(b.reliability, 4), round(b.resolution, 4), b.uncertainty
    (0.04, 0.04, 0.25, 0.25)
    """
    y, s = _checked(y_true, scores)
    r = reliability_bins(y, s, n_bins=n_bins) if bins is None else bins
    n = s.shape[0]
    yf = y.astype(np.float64)
    brier = float(np.mean((s - yf) ** 2))
    return _decomposed(brier, r, n, float(yf.mean()))


def reliability_counts(scores, pos, neg, *, n_bins: int = 10) -> Reliability:
    """:func:`reliability_bins` of rows given as distinct ``scores`` in
    [0, 1] with ``pos`` positives and ``neg`` negatives at each (a table of
    :func:`evalcore.score_table`, e.g. aggregated out of core).

    Parameters
    ----------
    scores : array-like of shape (n,)
        Distinct scores in [0, 1].
    pos, neg : array-like of shape (n,)
        Positives and negatives at each score, >= 0.
    n_bins : int, default 10
        Number of equal-width bins of [0, 1], >= 1.

    Returns
    -------
    Reliability
        ``edges`` (n_bins + 1), and per bin ``count``, ``mean_score`` and
        ``positive_rate`` (nan for an empty bin).

    Examples
    --------
    >>> r = reliability_counts([0.1, 0.35, 0.4, 0.8], [0, 1, 0, 1], [1, 0, 1, 0], n_bins=2)
    >>> r.count.tolist(), r.positive_rate.tolist()
    ([3, 1], [0.3333333333333333, 1.0])
    """
    s, p, q = _checked_counts(scores, pos, neg)
    k = check_count(n_bins, "n_bins", minimum=1)
    edges = np.linspace(0.0, 1.0, k + 1)
    ids = _bin_of(s, edges)
    w = p + q
    count = np.bincount(ids, weights=w, minlength=k).astype(np.int64)
    sums = np.bincount(ids, weights=w * s, minlength=k)
    positives = np.bincount(ids, weights=p, minlength=k)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean_score = np.where(count > 0, sums / np.maximum(count, 1), np.nan)
        rate = np.where(count > 0, positives / np.maximum(count, 1), np.nan)
    return Reliability(edges, count, mean_score, rate)


def brier_counts(scores, pos, neg, *, n_bins: int = 10, bins: Reliability | None = None) -> BrierLoss:
    """:func:`brier_loss` of rows given as distinct ``scores`` with ``pos``
    positives and ``neg`` negatives at each (see :func:`reliability_counts`).

    Parameters
    ----------
    scores : array-like of shape (n,)
        Distinct scores in [0, 1].
    pos, neg : array-like of shape (n,)
        Positives and negatives at each score, >= 0.
    n_bins : int, default 10
        Number of equal-width bins of [0, 1], >= 1.
    bins : Reliability, optional
        The bins already computed from the same rows (then ``n_bins`` is not used).

    Returns
    -------
    BrierLoss
        ``brier``, ``reliability``, ``resolution``, ``uncertainty`` and
        ``within_bin`` (brier = reliability - resolution + uncertainty + within_bin).

    Examples
    --------
    >>> b = brier_counts([0.2, 0.8], [0, 2], [2, 0])
    >>> round(b.brier, 4), round(b.resolution, 4)
    (0.04, 0.25)
    """
    s, p, q = _checked_counts(scores, pos, neg)
    r = reliability_counts(s, p, q, n_bins=n_bins) if bins is None else bins
    n_pos, n = float(p.sum()), float(p.sum() + q.sum())
    brier = float(np.dot(p, (1.0 - s) ** 2) + np.dot(q, s ** 2)) / n
    return _decomposed(brier, r, n, n_pos / n)


def _checked_counts(scores, pos, neg):
    s = np.asarray(scores, dtype=np.float64)
    p = np.asarray(pos, dtype=np.float64)
    q = np.asarray(neg, dtype=np.float64)
    if not (s.shape == p.shape == q.shape) or s.ndim != 1:
        raise DataError("length_mismatch", a="scores", b="pos, neg", na=s.shape[0], nb=p.shape[0])
    if s.shape[0] and (s.min() < 0.0 or s.max() > 1.0):
        raise DataError("out_of_range", name="scores", interval="[0, 1]",
                        value=float(s.min() if s.min() < 0 else s.max()))
    return s, p, q


def _decomposed(brier: float, r: Reliability, n: float, o: float) -> BrierLoss:
    full = r.count > 0
    nk = r.count[full].astype(np.float64)
    rel = float(np.sum(nk * (r.mean_score[full] - r.positive_rate[full]) ** 2) / n)
    res = float(np.sum(nk * (r.positive_rate[full] - o) ** 2) / n)
    unc = o * (1.0 - o)
    return BrierLoss(brier, rel, res, unc, brier - (rel - res + unc))


BrierScore = BrierLoss
"""Deprecated name of :class:`BrierLoss` (a loss: lower is better)."""


def brier_score(y_true, scores, *, n_bins: int = 10, bins: Reliability | None = None) -> BrierLoss:
    """Deprecated: :func:`brier_loss` (the ``*_loss`` suffix says lower is better).

    Parameters
    ----------
    y_true, scores
        As :func:`brier_loss`.
    n_bins : int, default 10
        As :func:`brier_loss`.
    bins : Reliability, optional, default None
        As :func:`brier_loss`.

    Returns
    -------
    BrierLoss
        ``brier_loss(y_true, scores, n_bins=n_bins, bins=bins)``.
    """
    warnings.warn("evalcore.brier_score is deprecated: use evalcore.brier_loss (the same result)",
                  DeprecationWarning, stacklevel=2)
    return brier_loss(y_true, scores, n_bins=n_bins, bins=bins)


__all__ = ["Reliability", "BrierLoss", "reliability_bins", "brier_loss", "reliability_counts", "brier_counts",
           "BrierScore", "brier_score"]
