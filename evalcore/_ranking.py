"""Counts at every threshold, and the ROC, P-R and cost curves built on them.

One primitive, many curves.  :func:`threshold_counts` sorts the scores once and
returns the true/false positive counts at every distinct threshold.  ROC, P-R,
AUC, AP, BEP, the cost curve and the confusion matrix at any threshold are all
read off that one object, so a page that shows several of them sorts once, and
a threshold slider never sorts again (``ThresholdCounts.at`` is O(log n)).

Curve contract (as in scikit-learn's ``metrics/_ranking.py``)
-------------------------------------------------------------
* Arrays are in decreasing threshold order.
* Element ``i`` describes the classifier "positive iff ``score >= thresholds[i]``".
* The ROC curve's first threshold is ``+inf`` (nothing predicted positive), so
  it starts at (0, 0); its last threshold is the smallest score, so it ends at
  (1, 1).  Tied scores form one threshold, so a tie moves the curve diagonally
  in one step.  No point is dropped.

References
----------
Zhou Zhihua, *Machine Learning* (机器学习), Tsinghua University Press, 2016,
sections 2.3.2 (P-R, BEP, F1), 2.3.3 (ROC, AUC, l_rank), 2.3.4 (cost curves).
T. Fawcett, "An introduction to ROC analysis", Pattern Recognition Letters
27 (2006) 861-874 (Algorithm 1 and 2: one sort, then a sweep).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ._validation import DataError, check_labels_and_scores
from .measures import Counts


@dataclass(frozen=True, eq=False)
class RocCurve:
    """ROC curve: ``fpr``, ``tpr`` and ``thresholds`` (decreasing, first ``inf``),
    and ``auc``, the trapezoidal area under it.  Extra fields: ``tp``, ``fp``
    (integer counts at each point), ``n_pos``, ``n_neg``."""

    fpr: np.ndarray
    tpr: np.ndarray
    thresholds: np.ndarray
    auc: float
    tp: np.ndarray = field(repr=False, default=None)
    fp: np.ndarray = field(repr=False, default=None)
    n_pos: int = 0
    n_neg: int = 0


@dataclass(frozen=True, eq=False)
class PrCurve:
    """P-R curve: one point per distinct score, thresholds decreasing (so
    recall increasing).  Extra fields: ``tp``, ``fp``, ``n_pos``, ``n_neg``."""

    precision: np.ndarray
    recall: np.ndarray
    thresholds: np.ndarray
    tp: np.ndarray = field(repr=False, default=None)
    fp: np.ndarray = field(repr=False, default=None)
    n_pos: int = 0
    n_neg: int = 0


@dataclass(frozen=True, eq=False)
class CostCurve:
    """Cost curve (textbook section 2.3.4).

    Fields
    ------
    fpr, fnr : one entry per ROC point; point ``i`` is the line from
        ``(0, fpr[i])`` to ``(1, fnr[i])``.
    x, envelope : the lower envelope of all those lines, exact as a piecewise
        linear function through these points; ``x`` is sorted, starts at 0,
        ends at 1 and contains every breakpoint.
    expected_total_cost : the exact area under the envelope.
    thresholds : the threshold of each ROC point (first ``inf``).
    hull : indices of the ROC points on the upper convex hull, in increasing
        FPR; these are exactly the lines that touch the envelope.
    """

    fpr: np.ndarray
    fnr: np.ndarray
    x: np.ndarray
    envelope: np.ndarray
    expected_total_cost: float
    thresholds: np.ndarray = field(repr=False, default=None)
    hull: np.ndarray = field(repr=False, default=None)


@dataclass(frozen=True, eq=False)
class ThresholdCounts:
    """True/false positive counts at every distinct threshold, from one sort.

    Fields
    ------
    thresholds : float64 array, decreasing; ``thresholds[0] = inf``, then
        every distinct score.
    tp, fp : int64 arrays; ``tp[i]`` (``fp[i]``) is the number of positives
        (negatives) with ``score >= thresholds[i]``.  ``tp[0] = fp[0] = 0``,
        ``tp[-1] = n_pos``, ``fp[-1] = n_neg``.
    n_pos, n_neg : class sizes.
    neg_pos_sorted, neg_all_sorted : minus the positives' scores and minus
        all scores, increasing (i.e. scores in decreasing order), used by
        :meth:`at` to count at any threshold in O(log n).
    """

    thresholds: np.ndarray
    tp: np.ndarray
    fp: np.ndarray
    n_pos: int
    n_neg: int
    neg_pos_sorted: np.ndarray = field(repr=False)
    neg_all_sorted: np.ndarray = field(repr=False)

    # -- any threshold -------------------------------------------------
    def at(self, threshold: float) -> Counts:
        """Confusion counts of the rule ``score >= threshold``, in O(log n)."""
        u = -float(threshold)  # score >= t  <=>  -score <= -t
        tp = int(self.neg_pos_sorted.searchsorted(u, "right"))
        fp = int(self.neg_all_sorted.searchsorted(u, "right")) - tp
        return Counts(tp, fp, self.n_neg - fp, self.n_pos - tp)

    def index_of(self, threshold: float) -> int:
        """Index ``i`` of the curve point whose counts equal ``at(threshold)``:
        the last ``i`` with ``thresholds[i] >= threshold`` (O(log n))."""
        ascending = self.thresholds[::-1]  # a view, no copy
        n_ge = ascending.shape[0] - int(ascending.searchsorted(float(threshold), "left"))
        return max(n_ge - 1, 0)

    # -- curves --------------------------------------------------------
    def roc_curve(self) -> RocCurve:
        tpr = self.tp / self.n_pos
        fpr = self.fp / self.n_neg
        return RocCurve(fpr, tpr, self.thresholds, self.roc_auc(), self.tp, self.fp,
                        self.n_pos, self.n_neg)

    def roc_auc(self) -> float:
        # Trapezoid rule on integer counts: sum dFP * (TP_i + TP_{i-1}) / 2.
        tp = self.tp.astype(np.float64)
        dfp = np.diff(self.fp).astype(np.float64)
        area2 = float(np.dot(dfp, tp[1:] + tp[:-1]))
        return area2 / (2.0 * self.n_pos * self.n_neg)

    def rank_loss(self) -> float:
        # Each positive is penalised 1 per negative scored strictly higher and
        # 1/2 per negative with an equal score: sum dTP_i * (FP_{i-1} + dFP_i / 2).
        dtp = np.diff(self.tp).astype(np.float64)
        dfp = np.diff(self.fp).astype(np.float64)
        fp_before = self.fp[:-1].astype(np.float64)
        loss2 = float(np.dot(dtp, 2.0 * fp_before + dfp))
        return loss2 / (2.0 * self.n_pos * self.n_neg)

    def pr_curve(self) -> PrCurve:
        tp, fp = self.tp[1:], self.fp[1:]
        precision = tp / (tp + fp)
        recall = tp / self.n_pos
        return PrCurve(precision, recall, self.thresholds[1:], tp, fp, self.n_pos, self.n_neg)

    def average_precision(self) -> float:
        tp, fp = self.tp[1:], self.fp[1:]
        precision = tp / (tp + fp)
        dtp = np.diff(self.tp)  # (R_k - R_{k-1}) * n_pos
        return float(np.dot(dtp, precision)) / self.n_pos

    def break_even_point(self) -> float:
        n_pos = self.n_pos
        pred = self.tp + self.fp  # predicted positives at each cut (pred[0] = 0)
        k = int(np.searchsorted(pred, n_pos, "left"))  # first cut with pred >= n_pos
        if pred[k] == n_pos:
            return float(self.tp[k]) / n_pos
        # A tie straddles rank n_pos: interpolate the P-R curve linearly between
        # the cut before (k-1) and the cut after (k) and find where P = R.
        p2 = self.tp[k] / pred[k]
        r2 = self.tp[k] / n_pos
        if k - 1 >= 1:
            p1 = self.tp[k - 1] / pred[k - 1]
            r1 = self.tp[k - 1] / n_pos
        else:  # the first cut already passes n_pos: start the segment at (R=0, P=p2)
            p1, r1 = p2, 0.0
        g1, g2 = p1 - r1, p2 - r2
        if g1 == g2:
            return float(p2)
        t = g1 / (g1 - g2)
        return float(p1 + t * (p2 - p1))

    def cost_curve(self) -> CostCurve:
        fpr = self.fp / self.n_neg
        fnr = 1.0 - self.tp / self.n_pos
        hull = roc_convex_hull(fpr, 1.0 - fnr)
        hf, ht = fpr[hull], 1.0 - fnr[hull]
        dfp, dtp = np.diff(hf), np.diff(ht)
        # Consecutive hull vertices' lines cross at x = dFPR / (dFPR + dTPR).
        xb = dfp / (dfp + dtp)
        x = np.concatenate(([0.0], xb, [1.0]))
        # The envelope follows vertex j on [x_j, x_{j+1}]; evaluate at the knots.
        line_at_left = np.concatenate(([hf[0]], hf[1:] * (1 - xb) + (1 - ht[1:]) * xb))
        y_end = (1 - ht[-1])
        envelope = np.concatenate((line_at_left, [y_end]))
        # Drop repeated knots (vertical or horizontal hull edges give x = 0 or 1).
        # The envelope is continuous, so a repeated knot carries the same value.
        keep = np.concatenate(([True], np.diff(x) > 0))
        x, envelope = x[keep], envelope[keep]
        area = float(np.sum(np.diff(x) * (envelope[1:] + envelope[:-1])) / 2.0)
        return CostCurve(fpr, fnr, x, envelope, area, self.thresholds, hull)


def threshold_counts(y_true, scores) -> ThresholdCounts:
    """True/false positive counts at every distinct threshold (one sort).

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels, 1 / True = positive.  Both classes must occur.
    scores : array-like of shape (m,)
        Finite real scores, larger = more likely positive.

    Returns
    -------
    ThresholdCounts
        ``thresholds`` (decreasing, first ``inf``), cumulative ``tp`` and
        ``fp`` for the rule ``score >= thresholds[i]``, and ``at(t)`` for the
        counts at any threshold in O(log m).

    Notes
    -----
    No ``argsort``: all scores and the positives' scores are each sorted with
    ``np.sort`` (a vectorised sort, several times faster than an argsort),
    negated so that the arrays come out in decreasing score order.  The
    distinct thresholds and ``#{samples >= t}`` come from the first; each
    positive is placed in its tie group by one binary search into the first,
    which gives ``TP(t) = #{positives >= t}``; ``FP(t) = #{samples >= t} - TP(t)``.  This is the "one sort, then a
    sweep" construction of the ROC curve in Fawcett (2006), Algorithm 2.

    Examples
    --------
    >>> import evalcore as ec
    >>> tc = ec.threshold_counts([1, 0, 1, 0], [0.8, 0.4, 0.3, 0.1])
    >>> tc.thresholds.tolist(), tc.tp.tolist(), tc.fp.tolist()
    ([inf, 0.8, 0.4, 0.3, 0.1], [0, 1, 1, 2, 2], [0, 0, 1, 1, 2])
    >>> tc.at(0.35)
    Counts(tp=1, fp=1, tn=1, fn=1)
    """
    y, s = check_labels_and_scores(y_true, scores)
    # Work on u = -score, so that increasing u is decreasing score and every
    # array comes out in the contract's decreasing-threshold order unreversed:
    # "score >= d" is "u <= -d".
    u_all = np.sort(np.negative(s))
    u_pos = np.negative(s[y])
    u_pos.sort()
    n, n_pos = u_all.shape[0], u_pos.shape[0]
    # Each tie group ends where the next value differs; #{u <= group value} = end + 1.
    last = np.empty(n, dtype=bool)
    np.not_equal(u_all[1:], u_all[:-1], out=last[:-1])
    last[-1] = True
    # Positives per tie group: each positive's group ends at searchsorted(.., "right") - 1
    # (n_pos binary searches, in the larger array), counted and accumulated.
    per_end = np.bincount(u_all.searchsorted(u_pos, "right") - 1, minlength=n)
    pos_le = np.cumsum(per_end)
    if last.all():            # no ties: every position is its own group
        ends = None
        all_le = np.arange(1, n + 1)
        distinct_u = u_all
    else:
        ends = np.flatnonzero(last)
        all_le = ends + 1
        pos_le = pos_le[ends]
        distinct_u = u_all[ends]
    J = all_le.shape[0]
    tp = np.empty(J + 1, dtype=np.int64)
    fp = np.empty(J + 1, dtype=np.int64)
    tp[0] = fp[0] = 0
    tp[1:] = pos_le
    np.subtract(all_le, pos_le, out=fp[1:])
    thresholds = np.empty(J + 1, dtype=np.float64)
    thresholds[0] = np.inf
    np.negative(distinct_u, out=thresholds[1:])
    n_neg = n - n_pos
    return ThresholdCounts(thresholds, tp, fp, n_pos, n_neg, u_pos, u_all)


def roc_convex_hull(fpr, tpr) -> np.ndarray:
    """Indices of the ROC points on the upper-left convex hull, increasing FPR.

    The hull always contains (0, 0) and (1, 1) when the curve does; collinear
    points are left out, so consecutive edges strictly decrease in slope.
    Input points must be sorted by FPR then TPR (as ``roc_curve`` returns them).

    Notes
    -----
    Only the staircase's corners can be hull vertices (the top of a vertical
    run that starts a horizontal one), so they are found first in one
    vectorised pass; for many corners Qhull narrows them to the convex hull's
    vertices; Andrew's monotone chain then keeps the upper part.  O(n log n).
    """
    fpr = np.asarray(fpr, dtype=np.float64)
    tpr = np.asarray(tpr, dtype=np.float64)
    n = fpr.shape[0]
    corner = np.ones(n, dtype=bool)
    corner[:-1] &= fpr[1:] != fpr[:-1]
    corner[1:] &= tpr[1:] != tpr[:-1]
    corner[0] = corner[-1] = True
    idx = np.flatnonzero(corner)
    if idx.shape[0] > 2000:
        from scipy.spatial import ConvexHull, QhullError

        try:
            v = ConvexHull(np.column_stack((fpr[idx], tpr[idx]))).vertices
            idx = np.union1d(idx[v], [idx[0], idx[-1]])
        except QhullError:  # all points on one line: the chain below copes
            pass
    return idx[_upper_chain(fpr[idx], tpr[idx])]


def _upper_chain(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Andrew's monotone chain, upper part, for points sorted by x then y."""
    hull: list[int] = []
    xs, ys = x.tolist(), y.tolist()
    for i in range(len(xs)):
        xi, yi = xs[i], ys[i]
        while len(hull) >= 2:
            a, b = hull[-2], hull[-1]
            # cross >= 0: b lies on or below the segment a -> i; drop it.
            if (xs[b] - xs[a]) * (yi - ys[a]) - (ys[b] - ys[a]) * (xi - xs[a]) >= 0:
                hull.pop()
            else:
                break
        if hull and xs[hull[-1]] == xi and ys[hull[-1]] == yi:
            continue
        hull.append(i)
    return np.asarray(hull, dtype=np.intp)


def roc_curve(y_true, scores) -> RocCurve:
    """Receiver operating characteristic curve, the textbook construction.

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels (1 = positive); both classes must occur.
    scores : array-like of shape (m,)
        Finite real scores, larger = more likely positive.

    Returns
    -------
    RocCurve
        ``fpr``, ``tpr``, ``thresholds`` (decreasing; ``thresholds[0] = inf``,
        then every distinct score) and ``auc``.  Point ``i`` is the classifier
        ``score >= thresholds[i]``.

    Notes
    -----
    Textbook (2.18), (2.19):  TPR = TP / (TP + FN),  FPR = FP / (TN + FP).
    Sort the samples by score, start at (0, 0) and lower the threshold past
    one distinct score at a time: a true positive moves the point up by
    1/m+, a false positive right by 1/m-, a group of tied scores diagonally
    in one step.  Unlike scikit-learn's default, no point is dropped
    (scikit-learn's ``drop_intermediate=False`` gives the same points).

    References
    ----------
    Zhou Zhihua, *Machine Learning*, section 2.3.3, figure 2.4.

    Examples
    --------
    >>> import evalcore as ec
    >>> r = ec.roc_curve([1, 1, 0, 0, 1], [0.5, 0.6, 0.55, 0.4, 0.7])
    >>> r.fpr.tolist(), r.tpr.round(3).tolist()
    ([0.0, 0.0, 0.0, 0.5, 0.5, 1.0], [0.0, 0.333, 0.667, 0.667, 1.0, 1.0])
    >>> round(r.auc, 4)
    0.8333
    """
    return threshold_counts(y_true, scores).roc_curve()


def roc_auc(y_true, scores) -> float:
    """Area under the ROC curve by the trapezoid rule, textbook (2.20).

    AUC = 1/2 * sum_{i=1}^{m-1} (x_{i+1} - x_i) * (y_i + y_{i+1}), over the
    points of :func:`roc_curve`.  Computed on the integer counts, so it is
    exact up to one rounding.  Equals ``1 - rank_loss(y_true, scores)``.

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.roc_auc([1, 0, 1, 0], [0.8, 0.4, 0.3, 0.1])
    0.75
    """
    return threshold_counts(y_true, scores).roc_auc()


def rank_loss(y_true, scores) -> float:
    """The textbook's ranking loss l_rank, (2.21).

    l_rank = 1/(m+ m-) * sum_{x+ in D+} sum_{x- in D-}
             ( I(f(x+) < f(x-)) + 1/2 * I(f(x+) = f(x-)) ),

    the share of (positive, negative) pairs ranked the wrong way, a tie
    counting one half.  AUC = 1 - l_rank (2.22).

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.rank_loss([0, 1, 0, 0, 1, 0, 1, 1, 0],
    ...              [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1])
    0.6
    """
    return threshold_counts(y_true, scores).rank_loss()


def pr_curve(y_true, scores) -> PrCurve:
    """Precision-recall curve: one point per distinct score.

    Returns
    -------
    PrCurve
        ``precision``, ``recall`` and ``thresholds``, in decreasing threshold
        order (so recall rises).  Point ``i`` is the classifier
        ``score >= thresholds[i]``; the cut that predicts nothing positive is
        not a point (its precision 0/0 is undefined).

    Notes
    -----
    Textbook (2.8), (2.9):  P = TP / (TP + FP),  R = TP / (TP + FN).
    The curve ends at (R = 1, P = m+/m), the positive rate, because the last
    cut predicts everything positive.  It does not start at (0, 1) by itself:
    its first point is the precision of the top-scored group, which is 1 or 0
    for a single top sample.

    Examples
    --------
    >>> import evalcore as ec
    >>> c = ec.pr_curve([1, 0, 1, 0], [0.8, 0.4, 0.3, 0.1])
    >>> c.precision.round(3).tolist(), c.recall.tolist()
    ([1.0, 0.5, 0.667, 0.5], [0.5, 0.5, 1.0, 1.0])
    """
    return threshold_counts(y_true, scores).pr_curve()


def average_precision(y_true, scores) -> float:
    """Average precision: the step-wise area under the P-R curve.

    AP = sum_k (R_k - R_{k-1}) * P_k over the cuts of :func:`pr_curve`,
    with R_0 = 0.  This is scikit-learn's ``average_precision_score``; it is
    not the trapezoid area, which would interpolate precision linearly and
    overstates it between cuts.

    Examples
    --------
    >>> import evalcore as ec
    >>> round(ec.average_precision([1, 0, 1, 0], [0.8, 0.4, 0.3, 0.1]), 4)
    0.8333
    """
    return threshold_counts(y_true, scores).average_precision()


def break_even_point(y_true, scores) -> float:
    """Break-even point (BEP): the value where precision equals recall.

    With ``m+`` positives, the cut that predicts exactly ``m+`` samples positive
    has P = TP/m+ = R, so BEP is the precision of the top ``m+`` ranked
    samples.  When tied scores straddle rank ``m+`` no cut predicts exactly
    ``m+``; then BEP is where the P-R curve, linearly interpolated between the
    cuts just before and just after, crosses P = R.  (If the very first cut
    already predicts more than ``m+``, that segment starts at (R = 0, P = P_1).)

    References
    ----------
    Zhou Zhihua, *Machine Learning*, section 2.3.2, figure 2.3.

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.break_even_point([1, 0, 1, 0], [0.8, 0.4, 0.3, 0.1])
    0.5
    """
    return threshold_counts(y_true, scores).break_even_point()


def cost_curve(y_true, scores) -> CostCurve:
    """Cost curve and expected total cost, textbook section 2.3.4.

    Each ROC point (FPR, TPR) becomes the line from (0, FPR) to (1, FNR),
    FNR = 1 - TPR: its normalised cost at every operating condition
    P(+)cost in [0, 1].  The lower envelope of all the lines is the cost
    curve; the area under it is the expected total cost.

    Notes
    -----
    The envelope is exact and found in O(m log m): only the ROC convex hull's
    vertices touch it, and two neighbouring hull vertices' lines cross at
    x = dFPR / (dFPR + dTPR).  A perfect ranking has area 0; a useless one
    (hull = the diagonal) has area 0.25 (the all-negative line y = x and the
    all-positive line y = 1 - x).

    References
    ----------
    Zhou Zhihua, *Machine Learning*, section 2.3.4, (2.24), (2.25), figure 2.5.
    C. Drummond and R. C. Holte, "Cost curves", Machine Learning 65 (2006).
    """
    return threshold_counts(y_true, scores).cost_curve()


def probability_cost(p, cost01, cost10):
    """Positive probability cost, textbook (2.24).

    P(+)cost = p * cost01 / (p * cost01 + (1 - p) * cost10),

    where p is the prior probability of the positive class, ``cost01`` the
    cost of a false negative and ``cost10`` of a false positive.
    """
    from ._validation import check_costs

    c01, c10 = check_costs(cost01, cost10)
    p_arr = np.asarray(p, dtype=np.float64)
    out = p_arr * c01 / (p_arr * c01 + (1 - p_arr) * c10)
    return float(out) if out.ndim == 0 else out


def normalized_cost(fpr, fnr, p, cost01, cost10):
    """Normalised cost, textbook (2.25).

    cost_norm = (FNR * p * cost01 + FPR * (1 - p) * cost10)
                / (p * cost01 + (1 - p) * cost10).
    """
    from ._validation import check_costs

    c01, c10 = check_costs(cost01, cost10)
    fpr = np.asarray(fpr, dtype=np.float64)
    fnr = np.asarray(fnr, dtype=np.float64)
    p = np.asarray(p, dtype=np.float64)
    out = (fnr * p * c01 + fpr * (1 - p) * c10) / (p * c01 + (1 - p) * c10)
    return float(out) if out.ndim == 0 else out


def binary_counts(y_true, scores, threshold) -> Counts:
    """TP, FP, TN, FN of the rule ``score >= threshold`` (textbook table 2.1).

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.binary_counts([1, 0, 1, 0], [0.8, 0.4, 0.3, 0.1], 0.35)
    Counts(tp=1, fp=1, tn=1, fn=1)
    """
    from ._validation import check_labels_and_scores as _check

    y, s = _check(y_true, scores, need_both=False)
    t = float(threshold)
    if math.isnan(t):  # +-inf are fine: nothing / everything predicted positive
        raise DataError("non_finite", name="threshold", value=t, pos=0)
    pred = s >= t
    tp = int(np.count_nonzero(pred & y))
    fp = int(np.count_nonzero(pred & ~y))
    n_pos = int(np.count_nonzero(y))
    return Counts(tp, fp, y.shape[0] - n_pos - fp, n_pos - tp)
