"""Teaching views built on :class:`ThresholdCounts`: the ROC curve step by
step, AUC four ways, the rank-loss pair grid, best-F points, iso-F curves,
curve enclosure, and point reduction for drawing large curves.

All are pure functions of result objects; the pages only draw them.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._ranking import ThresholdCounts, roc_convex_hull
from .confusion import f_beta_counts
from .results import Better
from ._validation import Bi, DataError, check_labels_and_scores, check_real


# ------------------------------------------------------------ AUC 4 ways
@dataclass(frozen=True)
class AucFourWays:
    """AUC by four formulas; equal up to rounding.

    ``trapezoid``      textbook (2.20), the area under the ROC polyline;
    ``one_minus_rank_loss``  1 - l_rank, (2.21)-(2.22);
    ``rank_gain``      the share of (positive, negative) pairs ranked the
                       right way, a tie counting 1/2;
    ``rank_sum``       Mann-Whitney: (sum of positives' ascending ranks
                       - m+(m+ + 1)/2) / (m+ m-), tied scores sharing the mean rank.
    """

    trapezoid: float
    one_minus_rank_loss: float
    rank_gain: float
    rank_sum: float
    rank_sum_total: float

    def max_difference(self) -> float:
        v = (self.trapezoid, self.one_minus_rank_loss, self.rank_gain, self.rank_sum)
        return max(v) - min(v)


def auc_four_ways(tc: ThresholdCounts) -> AucFourWays:
    """The four AUC formulas, each from its own expression.

    Parameters
    ----------
    tc : ThresholdCounts
        The model's counts at every threshold (:func:`threshold_counts`).

    Returns
    -------
    AucFourWays
        ``trapezoid`` (2.20), ``one_minus_rank_loss`` (2.22), ``rank_gain`` and
        ``rank_sum`` (Mann-Whitney): the same number four ways, up to rounding.
    """
    dtp = np.diff(tc.tp).astype(np.float64)
    dfp = np.diff(tc.fp).astype(np.float64)
    pairs = float(tc.n_pos) * tc.n_neg
    # rank gain: each positive scores 1 per negative strictly below, 1/2 per tie
    below = tc.n_neg - tc.fp[1:].astype(np.float64)
    gain = float(np.dot(dtp, below) + 0.5 * np.dot(dtp, dfp)) / pairs
    # rank sum: groups in decreasing score; group k holds ranks (ascending)
    # n - (tp_k + fp_k) + 1 ... n - (tp_{k-1} + fp_{k-1}); its mean rank:
    n = tc.n_pos + tc.n_neg
    after = (tc.tp[1:] + tc.fp[1:]).astype(np.float64)
    size = dtp + dfp
    mean_rank = n - after + (size + 1) / 2
    r_sum = float(np.dot(dtp, mean_rank))
    rank_sum = (r_sum - tc.n_pos * (tc.n_pos + 1) / 2) / pairs
    return AucFourWays(tc.roc_auc(), 1.0 - tc.rank_loss(), gain, rank_sum, r_sum)


# ------------------------------------------------------- ROC step by step
@dataclass(frozen=True, eq=False)
class RocSteps:
    """The ROC curve as the textbook's algorithm walks it.

    Step k (k = 1..K) lowers the threshold to ``thresholds[k]`` and takes in
    the ``d_pos[k]`` positives and ``d_neg[k]`` negatives with that score:
    the point moves up d_pos/m+ and right d_neg/m- (diagonally for a tie
    that mixes both).  ``area[k]`` is the trapezoid the step adds,
    ``cum_area[k]`` the area so far (``cum_area[-1]`` is AUC).  Index 0 is
    the start (0, 0) with threshold inf.  ``kind[k]`` is "up", "right" or
    "diagonal".
    """

    fpr: np.ndarray
    tpr: np.ndarray
    thresholds: np.ndarray
    tp: np.ndarray
    fp: np.ndarray
    d_pos: np.ndarray
    d_neg: np.ndarray
    area: np.ndarray
    cum_area: np.ndarray
    kind: np.ndarray
    n_pos: int
    n_neg: int

    @property
    def n_steps(self) -> int:
        return int(self.fpr.shape[0] - 1)


def roc_steps(tc: ThresholdCounts) -> RocSteps:
    """Per-step increments of the ROC curve (textbook section 2.3.3).

    Parameters
    ----------
    tc : ThresholdCounts
        The model's counts at every threshold (:func:`threshold_counts`).

    Returns
    -------
    RocSteps
        Per step k (index 0 the start (0, 0)): ``fpr``, ``tpr``, ``thresholds``,
        ``tp``, ``fp``, ``d_pos``, ``d_neg``, ``area``, ``cum_area``, ``kind``;
        and ``n_pos``, ``n_neg``.
    """
    r = tc.roc_curve()
    d_pos = np.concatenate(([0], np.diff(tc.tp)))
    d_neg = np.concatenate(([0], np.diff(tc.fp)))
    area = np.concatenate(([0.0], np.diff(r.fpr) * (r.tpr[1:] + r.tpr[:-1]) / 2))
    kind = np.where((d_pos > 0) & (d_neg > 0), "diagonal", np.where(d_pos > 0, "up", "right"))
    kind[0] = "start"
    return RocSteps(r.fpr, r.tpr, r.thresholds, tc.tp, tc.fp, d_pos, d_neg, area,
                    np.cumsum(area), kind, tc.n_pos, tc.n_neg)


@dataclass(frozen=True, eq=False)
class RankedSamples:
    """Samples sorted by decreasing score (ties in input order): ``order``
    (indices into the input), ``rank`` (1 = highest score), ``step`` (the
    ROC step that takes each sample in: 1-based index into ``thresholds``)."""

    order: np.ndarray
    rank: np.ndarray
    step: np.ndarray
    scores: np.ndarray
    y: np.ndarray


def ranked_samples(y_true, scores) -> RankedSamples:
    """The sorted table the textbook's ROC algorithm walks down.

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels (1 = positive).
    scores : array-like of shape (m,)
        Finite real scores, larger = more likely positive.

    Returns
    -------
    RankedSamples
        ``order`` (input indices, decreasing score), ``rank`` (1 = highest),
        ``step`` (the ROC step, 1-based), and the sorted ``scores`` and ``y``.
    """
    y, s = check_labels_and_scores(y_true, scores, need_both=False)
    order = np.argsort(-s, kind="stable")
    ss = s[order]
    new_group = np.concatenate(([True], ss[1:] != ss[:-1]))
    step = np.cumsum(new_group)
    return RankedSamples(order, np.arange(1, s.shape[0] + 1), step, ss, y[order].astype(np.int8))


@dataclass(frozen=True, eq=False)
class PairGrid:
    """The m+ x m- grid of (positive, negative) pairs for l_rank.

    Rows: positives by decreasing score (row 0 = highest); columns:
    negatives by decreasing score.  ``penalty[i, j]`` is 1 if positive i
    scores below negative j, 1/2 on a tie, 0 otherwise.  Drawn with rows
    going up and columns going right, each cell is 1/m+ tall and 1/m- wide
    and the penalised cells are exactly the region above the ROC curve, so
    ``penalty.mean()`` is l_rank.  ``pos_index``/``neg_index`` map rows and
    columns back to input positions.
    """

    penalty: np.ndarray
    pos_scores: np.ndarray
    neg_scores: np.ndarray
    pos_index: np.ndarray
    neg_index: np.ndarray

    @property
    def rank_loss(self) -> float:
        return float(self.penalty.mean())

    @property
    def shape(self) -> tuple[int, int]:
        """(m+, m-): the positives and negatives the grid holds."""
        return int(self.penalty.shape[0]), int(self.penalty.shape[1])

    @property
    def n_below(self) -> int:
        """Pairs whose positive scores below its negative (penalty 1)."""
        return int(np.count_nonzero(self.penalty == 1))

    @property
    def n_tied(self) -> int:
        """Pairs whose scores tie (penalty 1/2)."""
        return int(np.count_nonzero(self.penalty == 0.5))

    @property
    def total_penalty(self) -> float:
        """Sum of the penalties: l_rank = total_penalty / (m+ m-)."""
        return float(self.penalty.sum())


def rank_pair_grid(y_true, scores, *, max_side: int = 400) -> PairGrid:
    """Penalties of every (positive, negative) pair, textbook (2.21).

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels (1 = positive); both classes must occur.
    scores : array-like of shape (m,)
        Finite real scores, larger = more likely positive.
    max_side : int, default 400
        Refuse more positives or negatives than this (the grid is m+ x m-).

    Returns
    -------
    PairGrid
        ``penalty`` ((m+, m-): 1, 1/2 or 0), ``pos_scores``, ``neg_scores`` (each
        decreasing) and ``pos_index``, ``neg_index`` (input positions).
    """
    y, s = check_labels_and_scores(y_true, scores)
    pi = np.flatnonzero(y)
    ni = np.flatnonzero(~y)
    if max(pi.shape[0], ni.shape[0]) > max_side:
        raise DataError("too_many", name=Bi("positives or negatives for the pair grid", "配对网格的正例或反例"),
                        limit=max_side, got=max(pi.shape[0], ni.shape[0]),
                        hint=Bi("Use a smaller data set.", "请使用更小的数据集。"))
    pi = pi[np.argsort(-s[pi], kind="stable")]
    ni = ni[np.argsort(-s[ni], kind="stable")]
    a, b = s[pi][:, None], s[ni][None, :]
    penalty = (a < b) * 1.0 + (a == b) * 0.5
    return PairGrid(penalty, s[pi], s[ni], pi, ni)


# ----------------------------------------------------------- F measures
@dataclass(frozen=True)
class BestF:
    """The cut with the largest F-beta: its index into ``tc.thresholds``,
    threshold, precision, recall and F value."""

    index: int
    threshold: float
    precision: float
    recall: float
    f: float
    beta: float


def best_f(tc: ThresholdCounts, *, beta: float = 1.0) -> BestF:
    """The threshold that maximises F-beta over all cuts (ties: the highest
    threshold).  F-beta = (1 + b^2) TP / ((1 + b^2) TP + b^2 FN + FP).

    Parameters
    ----------
    tc : ThresholdCounts
        The model's counts at every threshold (:func:`threshold_counts`).
    beta : float, default 1.0
        beta > 1 weighs recall more, beta < 1 precision more.

    Returns
    -------
    BestF
        ``index`` (into ``tc.thresholds``), ``threshold``, ``precision``,
        ``recall``, ``f`` (the largest F-beta) and ``beta``.
    """
    b = check_real(beta, "beta")
    if b <= 0:
        raise DataError("out_of_range", name="beta", interval="(0, inf)", value=beta)
    tp = tc.tp[1:].astype(np.float64)
    fp = tc.fp[1:].astype(np.float64)
    f = f_beta_counts(tp, fp, tc.n_pos - tp, beta=b)
    k = int(np.argmax(f))
    i = k + 1
    return BestF(i, float(tc.thresholds[i]), float(tp[k] / (tp[k] + fp[k])), float(tp[k] / tc.n_pos),
                 float(f[k]), b)


@dataclass(frozen=True)
class PrFacts:
    """A P-R curve's single-number summaries: ``bep`` (break-even point),
    ``average_precision`` (step-wise) and ``trapezoid`` (the trapezoid area,
    shown beside AP to explain why they differ)."""

    bep: float
    average_precision: float
    trapezoid: float


def pr_facts(tc: ThresholdCounts) -> PrFacts:
    """BEP, AP and the trapezoid area of ``tc``'s P-R curve (O(n)).

    Parameters
    ----------
    tc : ThresholdCounts
        The model's counts at every threshold (:func:`threshold_counts`).

    Returns
    -------
    PrFacts
        ``bep``, ``average_precision`` and ``trapezoid``, each in [0, 1].
    """
    return PrFacts(tc.break_even_point(), tc.average_precision(), pr_trapezoid_area(tc))


def pr_trapezoid_area(tc: ThresholdCounts) -> float:
    """Trapezoid area under the P-R points, starting from (R = 0, P = 1) as
    scikit-learn's ``auc(recall, precision)`` on ``precision_recall_curve``
    does.  Shown beside AP to explain why they differ.

    Parameters
    ----------
    tc : ThresholdCounts
        The model's counts at every threshold (:func:`threshold_counts`).

    Returns
    -------
    float
        The area, in [0, 1].
    """
    pr = tc.pr_curve()
    r = np.concatenate(([0.0], pr.recall))
    p = np.concatenate(([1.0], pr.precision))
    return float(np.sum(np.diff(r) * (p[1:] + p[:-1]) / 2))


# ------------------------------------------------------------ enclosure
def curve_dominance(x1, y1, x2, y2, *, tol: float = 1e-12) -> Better:
    """Whether one polyline lies on or above the other everywhere.

    Curves are given by points with x non-decreasing (ROC: FPR, TPR; P-R:
    recall, precision); repeated x (vertical segments) are allowed.  Returns
    ``Better.FIRST`` if curve 1 encloses curve 2 (y1 >= y2 everywhere,
    somewhere >; textbook: the enclosing learner is better),
    ``Better.SECOND`` for the reverse, ``Better.CROSS`` if they cross,
    ``Better.EQUAL`` if they coincide.

    Parameters
    ----------
    x1, y1 : array-like of shape (n1,)
        Curve 1's points, x non-decreasing.
    x2, y2 : array-like of shape (n2,)
        Curve 2's points, x non-decreasing.
    tol : float, default 1e-12
        Differences in y this small count as equal.

    Returns
    -------
    Better
        ``FIRST``, ``SECOND``, ``CROSS`` or ``EQUAL``.
    """
    xs = np.union1d(np.asarray(x1, float), np.asarray(x2, float))
    lo1, hi1 = _envelopes(np.asarray(x1, float), np.asarray(y1, float), xs)
    lo2, hi2 = _envelopes(np.asarray(x2, float), np.asarray(y2, float), xs)
    d_hi, d_lo = hi1 - hi2, lo1 - lo2
    above = (d_hi >= -tol).all() and (d_lo >= -tol).all()
    below = (d_hi <= tol).all() and (d_lo <= tol).all()
    if above and below:
        return Better.EQUAL
    if above:
        return Better.FIRST
    if below:
        return Better.SECOND
    return Better.CROSS


def _envelopes(x, y, xs):
    """Lowest and highest y of the polyline at each xs (over its x range)."""
    lo = np.interp(xs, x, y)  # right-continuous pieces are fixed below
    hi = lo.copy()
    # at each listed x take the min / max of the curve's points there
    order = np.argsort(x, kind="stable")
    xu, start = np.unique(x[order], return_index=True)
    mins = np.minimum.reduceat(y[order], start)
    maxs = np.maximum.reduceat(y[order], start)
    at = np.searchsorted(xs, xu)
    lo[at] = mins
    hi[at] = maxs
    return lo, hi


@dataclass(frozen=True)
class OperatingPoint:
    """Where the rule ``score >= threshold`` sits: its counts and its place
    on the ROC (fpr, tpr) and P-R (recall, precision; nan when nothing is
    predicted positive) planes."""

    threshold: float
    tp: int
    fp: int
    fpr: float
    tpr: float
    precision: float
    recall: float


def operating_point(tc: ThresholdCounts, threshold: float) -> OperatingPoint:
    """The operating point of ``threshold``, in O(log n).

    Parameters
    ----------
    tc : ThresholdCounts
        The model's counts at every threshold (:func:`threshold_counts`).
    threshold : float
        The cut, in score units (``score >= threshold`` is positive).

    Returns
    -------
    OperatingPoint
        ``threshold``, ``tp``, ``fp``, ``fpr``, ``tpr``, ``precision`` (nan when
        nothing is predicted positive) and ``recall``.
    """
    c = tc.at(threshold)
    pred = c.tp + c.fp
    return OperatingPoint(float(threshold), c.tp, c.fp, c.fp / tc.n_neg, c.tp / tc.n_pos,
                          c.tp / pred if pred else float("nan"), c.tp / tc.n_pos)


def roc_hull_points(tc: ThresholdCounts):
    """(fpr, tpr) of the ROC convex hull's vertices, increasing FPR.

    Parameters
    ----------
    tc : ThresholdCounts
        The model's counts at every threshold (:func:`threshold_counts`).

    Returns
    -------
    fpr, tpr : ndarray of float, shape (h,)
        The hull's vertices, from (0, 0) to (1, 1).
    """
    r = tc.roc_curve()
    h = roc_convex_hull(r.fpr, r.tpr)
    return r.fpr[h], r.tpr[h]


def flipped_scores(scores) -> np.ndarray:
    """Scores with their order reversed (-s): for a model whose scores mean
    "higher = negative" (AUC < 0.5); AUC becomes 1 - AUC.

    Parameters
    ----------
    scores : array-like of shape (m,)
        Finite real scores.

    Returns
    -------
    ndarray of float, shape (m,)
        ``-scores``.
    """
    return -np.asarray(scores, dtype=np.float64)


