"""Cost-sensitive evaluation (textbook section 2.3.4): the one home of the
cost formulas (2.23)-(2.25), the cost-optimal threshold, comparing two cost
curves, and rescaling the cost ratio for a new class prior.

Conventions
-----------
* The positive class is class 0 of the textbook's cost matrix: ``cost01`` is
  the cost of a false negative (a positive predicted negative) and ``cost10``
  that of a false positive.
* One zero-cost policy everywhere: both costs 0 is an error
  (``DataError("zero_cost")``); either one alone may be 0.
* ``p`` is the prior probability of the positive class.  Only the products
  p cost01 and (1 - p) cost10 matter (:func:`_weights`).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._ranking import CostCurve, ThresholdCounts
from ._validation import (DataError, check_binary_labels, check_costs, check_labels_and_scores, check_open_unit,
                          check_same_length, check_unit)
from .confusion import Counts
from .results import Better


def _weights(p, cost01, cost10):
    """(p cost01, (1 - p) cost10): the weights of FNR and FPR in every cost
    formula below; raises when both are 0 (nothing costs anything)."""
    c01, c10 = check_costs(cost01, cost10)
    p_arr = np.asarray(p, dtype=np.float64)
    if p_arr.ndim == 0:
        p_arr = np.float64(check_unit(float(p_arr), "p"))
    elif ((p_arr < 0) | (p_arr > 1)).any():
        raise DataError("out_of_range", name="p", interval="[0, 1]", value=float(p_arr[(p_arr < 0) | (p_arr > 1)][0]))
    w_fn, w_fp = p_arr * c01, (1.0 - p_arr) * c10
    if np.any(w_fn + w_fp == 0):
        raise DataError("zero_cost_at_prior")
    return w_fn, w_fp


def _scalar(x):
    return float(x) if np.ndim(x) == 0 else x


def cost_sensitive_error(y_true, y_pred, cost01, cost10) -> float:
    """Cost-sensitive error rate, textbook (2.23), positive class = class 0.

    E(f; D; cost) = 1/m ( sum_{x in D+} I(f(x) != y) cost01
                         + sum_{x in D-} I(f(x) != y) cost10 ),

    so ``cost01`` is the cost of a false negative (a positive predicted
    negative) and ``cost10`` that of a false positive.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (m,)
        0/1 or bool true and predicted labels.
    cost01 : float
        Cost of a false negative (a positive predicted negative), >= 0.
    cost10 : float
        Cost of a false positive, >= 0; not both costs 0.

    Returns
    -------
    float
        Cost per sample, >= 0.

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.cost_sensitive_error([1, 1, 0, 0], [0, 1, 1, 0], cost01=5, cost10=1)
    1.5
    """
    yt = check_binary_labels(y_true)
    yp = check_binary_labels(y_pred, "y_pred")
    check_same_length(yt, yp, "y_true", "y_pred")
    fn = int(np.count_nonzero(yt & ~yp))
    fp = int(np.count_nonzero(~yt & yp))
    return counts_cost(Counts(0, fp, yt.shape[0] - fp - fn, fn), cost01, cost10)


def counts_cost(counts: Counts, cost01: float, cost10: float) -> float:
    """Cost-sensitive error (2.23) from confusion counts: (FN cost01 + FP cost10) / m.

    Parameters
    ----------
    counts : Counts
        ``(tp, fp, tn, fn)``.
    cost01 : float
        Cost of a false negative (a positive predicted negative), >= 0.
    cost10 : float
        Cost of a false positive, >= 0; not both costs 0.

    Returns
    -------
    float
        Cost per sample, >= 0; nan when the counts are all 0.

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.counts_cost(ec.Counts(tp=1, fp=1, tn=1, fn=1), cost01=5, cost10=1)
    1.5
    """
    c01, c10 = check_costs(cost01, cost10)
    m = counts.m
    return (counts.fn * c01 + counts.fp * c10) / m if m else float("nan")


def probability_cost(p, cost01, cost10):
    """Positive probability cost, textbook (2.24).

    P(+)cost = p cost01 / (p cost01 + (1 - p) cost10),

    where p is the prior probability of the positive class, ``cost01`` the
    cost of a false negative and ``cost10`` of a false positive.  ``p`` may be
    an array.

    Parameters
    ----------
    p : float or array-like
        Prior probability of the positive class, in [0, 1].
    cost01 : float
        Cost of a false negative (a positive predicted negative), >= 0.
    cost10 : float
        Cost of a false positive, >= 0; not both costs 0.

    Returns
    -------
    float or ndarray
        P(+)cost, in [0, 1]; an array when ``p`` is one.

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.probability_cost(0.5, 3, 1)
    0.75
    """
    w_fn, w_fp = _weights(p, cost01, cost10)
    return _scalar(w_fn / (w_fn + w_fp))


def normalized_cost(fpr, fnr, p, cost01, cost10):
    """Normalised cost, textbook (2.25).

    cost_norm = (FNR p cost01 + FPR (1 - p) cost10) / (p cost01 + (1 - p) cost10).

    Parameters
    ----------
    fpr, fnr : float or array-like
        False positive and false negative rates, in [0, 1].
    p : float or array-like
        Prior probability of the positive class, in [0, 1].
    cost01 : float
        Cost of a false negative (a positive predicted negative), >= 0.
    cost10 : float
        Cost of a false positive, >= 0; not both costs 0.

    Returns
    -------
    float or ndarray
        cost_norm, in [0, 1]; an array when an argument is one.

    Examples
    --------
    >>> import evalcore as ec
    >>> round(ec.normalized_cost(0.2, 0.1, 0.5, 1, 1), 6)
    0.15
    """
    w_fn, w_fp = _weights(p, cost01, cost10)
    fpr = np.asarray(fpr, dtype=np.float64)
    fnr = np.asarray(fnr, dtype=np.float64)
    return _scalar((fnr * w_fn + fpr * w_fp) / (w_fn + w_fp))


@dataclass(frozen=True)
class CostPoint:
    """An operating point under costs ``cost01`` (false negative) and
    ``cost10`` (false positive) and positive prior ``p``.

    ``cost`` is the expected cost per sample, p FNR cost01 + (1 - p) FPR cost10
    (textbook (2.23) with the data's class shares replaced by the prior);
    ``norm_cost`` is cost_norm (2.25); ``pc`` is P(+)cost (2.24); ``slope``
    the slope (1 - p) cost10 / (p cost01) of the iso-cost lines in ROC space;
    ``index`` the point's index in ``ThresholdCounts.thresholds``.
    """

    index: int
    threshold: float
    fpr: float
    tpr: float
    cost: float
    norm_cost: float
    pc: float
    slope: float


def _point(tc: ThresholdCounts, i: int, w_fn: float, w_fp: float) -> CostPoint:
    fpr = tc.fp[i] / tc.n_neg
    tpr = tc.tp[i] / tc.n_pos
    cost = w_fn * (1.0 - tpr) + w_fp * fpr      # (2.23) with the prior for the class shares
    slope = w_fp / w_fn if w_fn > 0 else float("inf")
    return CostPoint(int(i), float(tc.thresholds[i]), float(fpr), float(tpr), float(cost),
                     float(cost / (w_fn + w_fp)), float(w_fn / (w_fn + w_fp)), float(slope))


def cost_at(tc: ThresholdCounts, threshold: float, *, p: float, cost01: float, cost10: float) -> CostPoint:
    """The cost of the rule ``score >= threshold`` (O(log n)).

    Parameters
    ----------
    tc : ThresholdCounts
        The model's counts at every threshold (:func:`threshold_counts`).
    threshold : float
        The cut, in score units (``score >= threshold`` is positive).
    p : float
        Prior probability of the positive class, in [0, 1].
    cost01 : float
        Cost of a false negative (a positive predicted negative), >= 0.
    cost10 : float
        Cost of a false positive, >= 0; not both costs 0.

    Returns
    -------
    CostPoint
        ``index``, ``threshold``, ``fpr``, ``tpr``, ``cost`` (expected cost per
        sample), ``norm_cost`` (2.25), ``pc`` (P(+)cost, 2.24) and ``slope`` (of
        the iso-cost lines in ROC space).
    """
    w_fn, w_fp = (float(w) for w in _weights(p, cost01, cost10))
    return _point(tc, tc.index_of(threshold), w_fn, w_fp)


def optimal_threshold(tc: ThresholdCounts, *, p: float, cost01: float, cost10: float) -> CostPoint:
    """The threshold of least expected cost p FNR cost01 + (1 - p) FPR cost10.

    The minimum over all cuts (ties: the highest threshold) is attained at a
    vertex of the ROC convex hull, where an iso-cost line of slope
    (1 - p) cost10 / (p cost01) touches the hull.  With p = 0 (or cost01 = 0)
    the best is to predict nothing positive (threshold inf); with p = 1 (or
    cost10 = 0), everything.

    Parameters
    ----------
    tc : ThresholdCounts
        The model's counts at every threshold (:func:`threshold_counts`).
    p : float
        Prior probability of the positive class, in [0, 1].
    cost01 : float
        Cost of a false negative (a positive predicted negative), >= 0.
    cost10 : float
        Cost of a false positive, >= 0; not both costs 0.

    Returns
    -------
    CostPoint
        ``index``, ``threshold``, ``fpr``, ``tpr``, ``cost`` (expected cost per
        sample), ``norm_cost`` (2.25), ``pc`` (P(+)cost, 2.24) and ``slope`` (of
        the iso-cost lines in ROC space).

    Examples
    --------
    >>> import evalcore as ec
    >>> tc = ec.threshold_counts([1, 1, 0, 0], [0.9, 0.4, 0.6, 0.1])
    >>> ec.optimal_threshold(tc, p=0.5, cost01=1, cost10=1).threshold
    0.9
    >>> ec.optimal_threshold(tc, p=0.5, cost01=10, cost10=1).threshold
    0.4
    """
    w_fn, w_fp = (float(w) for w in _weights(p, cost01, cost10))
    cost = w_fn * (1.0 - tc.tp / tc.n_pos) + w_fp * (tc.fp / tc.n_neg)
    return _point(tc, int(np.argmin(cost)), w_fn, w_fp)


def cost_line_sample(cc: CostCurve, *, max_lines: int = 150) -> np.ndarray:
    """Indices of the cost lines to draw: every hull line (they make the
    envelope) plus evenly spaced others, at most about ``max_lines``.

    Parameters
    ----------
    cc : CostCurve
        The model's cost curve (:func:`cost_curve`).
    max_lines : int, default 150
        About the most lines to draw besides the hull's.

    Returns
    -------
    ndarray of int
        Sorted indices into ``cc.fpr`` / ``cc.fnr``, every index of ``cc.hull`` among them.
    """
    n = cc.fpr.shape[0]
    if n <= max_lines:
        return np.arange(n)
    others = np.unique(np.linspace(0, n - 1, max_lines).astype(np.int64))
    return np.union1d(others, cc.hull)


@dataclass(frozen=True, eq=False)
class CostComparison:
    """Where along P(+)cost each of two cost curves is lower: ``segments`` is
    a list of (x_from, x_to, winner) with winner a :class:`Better`
    (``FIRST``: the first curve is lower, ``SECOND``, or ``EQUAL``);
    ``x``, ``a``, ``b`` the two envelopes on a common grid."""

    segments: list
    x: np.ndarray
    a: np.ndarray
    b: np.ndarray


def compare_cost_curves(a: CostCurve, b: CostCurve, *, tol: float = 1e-12) -> CostComparison:
    """Exact ranges of P(+)cost where each model has the lower expected cost.

    Both envelopes are piecewise linear; on the union of their breakpoints
    their difference is linear between knots, so each sign change is found
    exactly by linear interpolation.

    Parameters
    ----------
    a, b : CostCurve
        The two models' cost curves.
    tol : float, default 1e-12
        Envelope differences this small count as equal.

    Returns
    -------
    CostComparison
        ``segments`` (a list of ``(x_from, x_to, winner)``, winner a :class:`Better`,
        covering [0, 1] in order), and ``x``, ``a``, ``b`` (both envelopes on the
        union of their breakpoints).
    """
    x = np.union1d(a.x, b.x)
    ya = np.interp(x, a.x, a.envelope)
    yb = np.interp(x, b.x, b.envelope)
    d = ya - yb
    d[np.abs(d) <= tol] = 0.0
    # insert the exact crossings
    xs, ds = [x[0]], [d[0]]
    for i in range(1, x.shape[0]):
        if d[i - 1] * d[i] < 0:
            t = d[i - 1] / (d[i - 1] - d[i])
            xs.append(x[i - 1] + t * (x[i] - x[i - 1]))
            ds.append(0.0)
        xs.append(x[i])
        ds.append(d[i])
    xs, ds = np.asarray(xs), np.asarray(ds)
    segments = []
    for i in range(1, xs.shape[0]):
        mid = (ds[i - 1] + ds[i]) / 2
        w = Better.FIRST if mid < 0 else (Better.SECOND if mid > 0 else Better.EQUAL)
        if segments and segments[-1][2] == w:
            segments[-1] = (segments[-1][0], float(xs[i]), w)
        elif xs[i] > xs[i - 1]:
            segments.append((float(xs[i - 1]), float(xs[i]), w))
    return CostComparison(segments, x, ya, yb)


def resample_to_rate(y_true, scores, rate: float, *, method: str = "under", seed=None, max_rows=None):
    """Resample a data set to positive rate ``rate`` (class imbalance).

    ``method="under"`` keeps every sample of the class that must become
    relatively larger and draws a random subset of the other class;
    ``"over"`` keeps every sample and duplicates random samples of the
    class that must grow (with replacement).  Returns (y, scores) arrays.
    With ``max_rows``, a result larger than that raises DataError (checked
    before anything is drawn).
    The ROC curve stays the same in expectation (TPR and FPR are rates within
    a class); precision, accuracy and the P-R curve move with the rate.

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels (1 = positive); both classes must occur.
    scores : array-like of shape (m,)
        Finite real scores, larger = more likely positive.
    rate : float
        The positive rate wanted, in (0, 1).
    method : {"under", "over"}, default "under"
        Shrink one class without replacement, or grow one with replacement.
    seed : int or None, optional
        Seed of the random draws; None draws fresh entropy.
    max_rows : int, optional
        Refuse a result with more rows (only ``"over"`` can grow the data).

    Returns
    -------
    y : ndarray of int8, shape (n,)
        The resampled labels, positives first.
    scores : ndarray of float, shape (n,)
        Their scores.
    """
    y, s = check_labels_and_scores(y_true, scores)
    r = check_open_unit(rate, "rate")
    if method not in ("under", "over"):
        raise DataError("bad_option", name="method", options=("under", "over"), value=method)
    rng = np.random.default_rng(seed)
    pi, ni = np.flatnonzero(y), np.flatnonzero(~y)
    n_pos, n_neg = pi.shape[0], ni.shape[0]
    if method == "under":
        # keep one class whole, shrink the other: n_pos / (n_pos + k) = r
        want_neg = int(round(n_pos * (1 - r) / r))
        if want_neg <= n_neg:
            ni = rng.choice(ni, size=max(want_neg, 1), replace=False)
        else:
            want_pos = int(round(n_neg * r / (1 - r)))
            pi = rng.choice(pi, size=max(min(want_pos, n_pos), 1), replace=False)
    else:
        want_pos = int(round(n_neg * r / (1 - r)))
        want_neg = int(round(n_pos * (1 - r) / r))
        size = n_neg + want_pos if want_pos >= n_pos else n_pos + max(want_neg, n_neg)
        if max_rows is not None and size > max_rows:
            raise DataError("resample_too_large", got=size, limit=max_rows)
        if want_pos >= n_pos:
            pi = np.concatenate((pi, rng.choice(pi, size=want_pos - n_pos, replace=True)))
        else:
            ni = np.concatenate((ni, rng.choice(ni, size=max(want_neg - n_neg, 0), replace=True)))
    idx = np.concatenate((pi, ni))
    return y[idx].astype(np.int8), s[idx]


def rescaled_cost_ratio(ratio: float, p_from: float, p_to: float) -> float:
    """The cost ratio cost01/cost10 that, at prior ``p_from``, picks the same
    threshold as ``ratio`` does at prior ``p_to`` (rescaling, textbook 3.6).

    Only the products p cost01 and (1 - p) cost10 matter, so
    ratio' = ratio * [p_to / (1 - p_to)] / [p_from / (1 - p_from)].

    Parameters
    ----------
    ratio : float
        The cost ratio cost01 / cost10 at prior ``p_to``, > 0.
    p_from, p_to : float
        Two positive priors, each in (0, 1).

    Returns
    -------
    float
        The equivalent cost ratio at prior ``p_from``.
    """
    a = check_open_unit(p_from, "p_from")
    b = check_open_unit(p_to, "p_to")
    return float(ratio) * (b / (1 - b)) / (a / (1 - a))
