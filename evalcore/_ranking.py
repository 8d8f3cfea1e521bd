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

from dataclasses import dataclass, field

import numpy as np

from ._validation import check_labels_and_scores
from .confusion import Counts


@dataclass(frozen=True, eq=False)
class RocCurve:
    """ROC curve: ``fpr``, ``tpr`` and ``thresholds`` (decreasing, first ``inf``),
    and ``auc``, the trapezoidal area under it.  Extra fields: ``tp``, ``fp``
    (integer counts at each point), ``n_pos``, ``n_neg``."""

    fpr: np.ndarray
    tpr: np.ndarray
    thresholds: np.ndarray
    auc: float
    tp: np.ndarray = field(repr=False)
    fp: np.ndarray = field(repr=False)
    n_pos: int
    n_neg: int


@dataclass(frozen=True, eq=False)
class PrCurve:
    """P-R curve: one point per distinct score, thresholds decreasing (so
    recall increasing).  Extra fields: ``tp``, ``fp``, ``n_pos``, ``n_neg``."""

    precision: np.ndarray
    recall: np.ndarray
    thresholds: np.ndarray
    tp: np.ndarray = field(repr=False)
    fp: np.ndarray = field(repr=False)
    n_pos: int
    n_neg: int


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
    thresholds: np.ndarray = field(repr=False)
    hull: np.ndarray = field(repr=False)


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
        :meth:`at` to count at any threshold in O(log n); None for counts
        built from a table of distinct scores (:meth:`evalcore.ScoreTable.threshold_counts`).
    """

    thresholds: np.ndarray
    tp: np.ndarray
    fp: np.ndarray
    n_pos: int
    n_neg: int
    neg_pos_sorted: np.ndarray | None = field(default=None, repr=False)
    neg_all_sorted: np.ndarray | None = field(default=None, repr=False)

    # -- any threshold -------------------------------------------------
    def at(self, threshold: float) -> Counts:
        """Confusion counts of the rule ``score >= threshold``, in O(log n)
        (from the distinct thresholds alone when the sorted scores are not
        kept, as for a table aggregated out of core).

        Parameters
        ----------
        threshold : float
            Any real number, ``inf`` and ``-inf`` included; it need not be one of
            ``thresholds``.

        Returns
        -------
        Counts
            ``tp``, ``fp``, ``tn``, ``fn`` of the rule ``score >= threshold``.
        """
        if self.neg_pos_sorted is None or self.neg_all_sorted is None:
            i = self.index_of(threshold)
            tp, fp = int(self.tp[i]), int(self.fp[i])
            return Counts(tp, fp, self.n_neg - fp, self.n_pos - tp)
        u = -float(threshold)  # score >= t  <=>  -score <= -t
        tp = int(self.neg_pos_sorted.searchsorted(u, "right"))
        fp = int(self.neg_all_sorted.searchsorted(u, "right")) - tp
        return Counts(tp, fp, self.n_neg - fp, self.n_pos - tp)

    def index_of(self, threshold: float) -> int:
        """Index ``i`` of the curve point whose counts equal ``at(threshold)``:
        the last ``i`` with ``thresholds[i] >= threshold`` (O(log n)).

        Parameters
        ----------
        threshold : float
            Any real number, ``inf`` and ``-inf`` included.

        Returns
        -------
        int
            Index into ``thresholds``, ``tp``, ``fp`` (0 for a threshold above every
            score: the point (0, 0)).
        """
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
    if last.all():            # no ties: every position is its own group
        all_le = np.arange(1, n + 1)
        distinct_u = u_all
    else:
        ends = np.flatnonzero(last)
        all_le = ends + 1
        distinct_u = u_all[ends]
    J = all_le.shape[0]
    # Positives per tie group: a positive's group is searchsorted(distinct, "right") - 1 (n_pos binary
    # searches in the distinct values: with many ties a small array that stays in the cache), counted and
    # accumulated over the J groups (not over the n samples: 10^7 pooled scores of 10^3 distinct values
    # took 0.3 s so)
    pos_le = np.cumsum(np.bincount(distinct_u.searchsorted(u_pos, "right") - 1, minlength=J))
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

    Parameters
    ----------
    fpr, tpr : array-like of shape (n,)
        The ROC points' coordinates in [0, 1], sorted by FPR then TPR.

    Returns
    -------
    ndarray of int, shape (h,)
        Indices into ``fpr`` / ``tpr`` of the hull's vertices, increasing FPR.

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
