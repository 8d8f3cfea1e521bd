"""What the multi-class page draws, from the primitives of
:mod:`evalcore.multiclass`: the decisions and their K x K matrix under a
cost matrix given as text (the form a link carries), each class's
one-vs-rest counts and reduced curves (ROC and P-R) with the micro- and
macro-average curves, and 95 % bootstrap intervals of every AUC average
from one set of joint resamples of the rows.

Conventions as in :mod:`evalcore.multiclass`: ``y`` class indices 0..K-1,
``scores`` (n, K), ``cost[i, j]`` the cost of predicting j for class i.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._bounds import COST_MAX, COST_MIN
from ._ranking import ThresholdCounts, threshold_counts
from ._validation import DataError, register_messages
from .bootstrap import bootstrap_interval
from .drawing import PrView, RocView, pr_view, reduce_curve, roc_view
from .multiclass import check_cost_matrix, check_scores_matrix, cost_matrix_error, costs_at_decisions
from .results import ConfidenceInterval

register_messages({
    "mc_cost_text": (
        "The cost matrix needs {k} rows of {k} costs, each 0 or a positive number; got {got!r}.",
        "代价矩阵需要 {k} 行、每行 {k} 个代价(0 或正数);收到的是 {got!r}。",
    ),
    "mc_too_many_models": (
        "The file has score columns of {got:,} models ({models}); this page takes at most {limit:,}.",
        "文件有 {got:,} 个模型的分数列({models});本页最多接受 {limit:,} 个。",
    ),
    "mc_bayes_needs_probabilities": (
        "The Bayes decision reads the scores of {name} as probabilities, and they are not (each row non-negative "
        "and summing to 1): the decision shown is the argmax.",
        "贝叶斯决策把 {name} 的分数当作概率使用,但它们不是概率(每行非负且和为 1):此处显示的是分数最大的类别。",
    ),
})

RULES = ("argmax", "bayes")


# ------------------------------------------------------------------ costs
def zero_one_cost(k: int) -> np.ndarray:
    """The K x K 0-1 cost matrix (every error costs 1): its Bayes decision is the argmax.

    Parameters
    ----------
    k : int
        Number of classes K.

    Returns
    -------
    ndarray of float, shape (K, K)
        The cost matrix.
    """
    return 1.0 - np.eye(k)


def cost_text(cost) -> str:
    """The text form of a cost matrix: rows separated by ``;``, costs by ``,`` (``"0,1;1,0"``).

    Parameters
    ----------
    cost : array-like of shape (K, K)
        A cost matrix.

    Returns
    -------
    str
        Such as ``"0,1;1,0"``.
    """
    return ";".join(",".join(f"{float(v):.10g}" for v in row) for row in np.asarray(cost, dtype=np.float64))


def parse_cost_text(text: str, k: int) -> np.ndarray:
    """The K x K cost matrix written by :func:`cost_text` ("" is the 0-1
    matrix); a DataError ``mc_cost_text`` otherwise.

    Parameters
    ----------
    text : str
        The matrix as :func:`cost_text` writes it, or "".
    k : int
        Number of classes K.

    Returns
    -------
    ndarray of float, shape (K, K)
        The cost matrix.

    Examples
    --------
    >>> parse_cost_text("0,5;1,0", 2).tolist()
    [[0.0, 5.0], [1.0, 0.0]]
    """
    if not text:
        return zero_one_cost(k)
    try:
        rows = [[float(v) for v in row.split(",")] for row in str(text).split(";")]
        c = np.array(rows, dtype=np.float64)
        return check_cost_matrix(c, k)
    except (ValueError, DataError):
        raise DataError("mc_cost_text", k=k, got=str(text)[:60]) from None


def check_model_count(ms, limit: int):
    """``ms`` (a :class:`MultiClassSet`) when it has at most ``limit`` models; DataError ``mc_too_many_models``.

    Parameters
    ----------
    ms : MultiClassSet
        The predictions.
    limit : int
        The most models allowed.

    Returns
    -------
    MultiClassSet
        ``ms`` itself.
    """
    if len(ms.models) > limit:
        raise DataError("mc_too_many_models", got=len(ms.models), models=", ".join(ms.models[:5]), limit=limit)
    return ms


def cost_from_cells(cells, k: int) -> np.ndarray:
    """A K x K cost matrix from edited cells: each a number, 0 or positive,
    a positive one brought into [COST_MIN, COST_MAX] (ratios stay finite,
    as the binary costs); DataError ``mc_cost_text`` for anything else (an
    empty cell, text, a negative or infinite number...).

    Parameters
    ----------
    cells : sequence of sequence
        K rows of K cells (numbers or text).
    k : int
        Number of classes K.

    Returns
    -------
    ndarray of float, shape (K, K)
        The cost matrix.

    Examples
    --------
    >>> cost_from_cells([[0, 1e9], ["2", 0]], 2).tolist()
    [[0.0, 1000000.0], [2.0, 0.0]]
    """
    try:
        c = np.array(cells, dtype=np.float64)
    except (TypeError, ValueError):
        raise DataError("mc_cost_text", k=k, got=str(cells)[:60]) from None
    if c.shape != (k, k) or not np.isfinite(c).all() or (c < 0).any():
        raise DataError("mc_cost_text", k=k, got=str(c.tolist())[:60])
    return np.where(c > 0, np.clip(c, COST_MIN, COST_MAX), 0.0)


def cost_link_text(text: str, *, max_classes: int) -> str:
    """A cost matrix from a link, in :func:`cost_text`'s form, with 2 to
    ``max_classes`` classes and every positive cost brought into [COST_MIN,
    COST_MAX] (:func:`cost_from_cells`); a DataError (a ValueError) otherwise.

    Parameters
    ----------
    text : str
        The link's value: rows separated by ``;``, costs by ``,``.
    max_classes : int
        The most classes a link's matrix may have.

    Returns
    -------
    str
        The matrix in :func:`cost_text`'s form, its costs clamped.

    Examples
    --------
    >>> cost_link_text("0,1e9;2,0", max_classes=20)
    '0,1000000;2,0'
    """
    k = str(text).count(";") + 1
    if not 2 <= k <= max_classes:
        raise DataError("mc_cost_text", k=k, got=str(text)[:60])
    return cost_text(cost_from_cells(parse_cost_text(text, k), k))


# -------------------------------------------------------------- decisions
@dataclass(frozen=True, eq=False)
class Decided:
    """The decisions of one model: ``rule`` as applied ("argmax" or
    "bayes"; a Bayes decision asked of scores that are not probabilities
    falls back to the argmax, ``fallback`` True), ``predicted`` (class
    indices), ``cm`` (K x K, rows = true class), ``cost_error`` (the book's
    2.23 for K classes: ``cost_total`` / m, ``cost_total`` = Σ cm_ij cost_ij)
    and ``expected_cost`` (the cost the model expects
    of its decisions; nan when its scores are not probabilities)."""

    rule: str
    fallback: bool
    predicted: np.ndarray
    cm: np.ndarray
    cost_error: float
    expected_cost: float
    cost_total: float


def decide(y, scores, *, rule: str, cost, probabilities: bool) -> Decided:
    """:class:`Decided` of ``scores`` under ``rule`` and the K x K ``cost``
    (``probabilities``: whether each row of ``scores`` is a probability vector).

    Parameters
    ----------
    y : array-like of int, shape (n,)
        Class indices 0..K-1.
    scores : array-like of shape (n, K)
        Column k the score of class k, larger = more likely.
    rule : {"argmax", "bayes"}
        The decision rule (:data:`RULES`).
    cost : array-like of shape (K, K)
        The cost matrix.
    probabilities : bool
        Whether every row of ``scores`` is a probability vector.

    Returns
    -------
    Decided
        ``rule``, ``fallback``, ``predicted``, ``cm``, ``cost_error``, ``expected_cost`` and ``cost_total``.

    Examples
    --------
    >>> d = decide([0, 1, 1], [[.7, .3], [.6, .4], [.2, .8]], rule="bayes", cost=[[0, 1], [4, 0]],
    ...            probabilities=True)
    >>> d.predicted.tolist(), d.cm.tolist(), round(d.cost_error, 4)
    ([1, 1, 1], [[0, 1], [0, 2]], 0.3333)
    """
    yy, s = check_scores_matrix(y, scores)
    k = s.shape[1]
    c = check_cost_matrix(cost, k)
    if rule not in RULES:
        raise DataError("bad_option", name="rule", value=rule, options=", ".join(RULES))
    fallback = rule == "bayes" and not probabilities
    pred = None if rule == "bayes" and probabilities else s.argmax(axis=1)
    if probabilities:                  # the Bayes decision and each row's expected cost at the decision, in one pass
        pred, row_cost = costs_at_decisions(s, c, pred)
    cm = np.bincount(yy * k + pred, minlength=k * k).reshape(k, k)
    return Decided("argmax" if fallback else rule, fallback, pred, cm, cost_matrix_error(cm, c),
                   float(row_cost.mean()) if probabilities else float("nan"),
                   float((cm * c).sum()))


def largest_classes(support, k: int) -> list:
    """The indices of the ``k`` classes with the most samples (ties: the
    first), in class order: the classes a figure draws when there are more.

    Parameters
    ----------
    support : array-like of int, shape (K,)
        Samples per class.
    k : int
        How many classes to keep.

    Returns
    -------
    list of int
        At most ``k`` class indices, increasing.
    """
    sup = np.asarray(support)
    return sorted(np.argsort(-sup, kind="stable")[:k].tolist())


def mean_counts(matrices) -> tuple[float, float, float, float]:
    """The mean TP, FP, TN, FN over binary matrices (the book's overline TP ... of micro-P and micro-R, 2.15-2.16).

    Parameters
    ----------
    matrices : sequence of Counts
        Binary confusion matrices.

    Returns
    -------
    tp, fp, tn, fn : float
        Their means (nan for none).
    """
    a = np.array([[c.tp, c.fp, c.tn, c.fn] for c in matrices], dtype=np.float64).reshape(-1, 4)
    return tuple(float(v) for v in a.mean(axis=0)) if a.shape[0] else (float("nan"),) * 4


GAPS = ("macro_lower", "micro_lower", "same")


def macro_micro_gap(mm, *, tol: float = 0.01) -> str:
    """Which of the book's macro-F1 and micro-F1 (a :class:`MacroMicro`) is
    lower: "macro_lower", "micro_lower", or "same" within ``tol`` (or when either is nan).

    Parameters
    ----------
    mm : MacroMicro
        The averages.
    tol : float, default 0.01
        A smaller gap counts as none.

    Returns
    -------
    str
        "macro_lower", "micro_lower" or "same".
    """
    gap = mm.micro_f1 - mm.macro_f1
    if not gap == gap or abs(gap) < tol:
        return "same"
    return "macro_lower" if gap > 0 else "micro_lower"


def weakest_class(f1) -> int:
    """The index of the lowest defined per-class F1 (the first; 0 when none is defined).

    Parameters
    ----------
    f1 : array-like of shape (K,)
        Per-class F1, nan where undefined.

    Returns
    -------
    int
        A class index.
    """
    f = np.asarray(f1, dtype=np.float64)
    return int(np.nanargmin(f)) if np.isfinite(f).any() else 0


# ------------------------------------------------------------------ curves
@dataclass(frozen=True, eq=False)
class ClassViews:
    """Per class k (one-vs-rest: class k positive, the rest negative):
    ``counts[k]`` (:class:`ThresholdCounts`), ``roc[k]`` and ``pr[k]``
    (curves reduced for drawing), ``auc[k]``, ``ap[k]`` (None / nan for a
    class with no sample, or with every sample); the micro average
    (``micro_roc``, ``micro_pr``: every (sample, class) pair pooled); the
    macro averages: ``macro_fpr``/``macro_tpr`` (each class's TPR averaged
    on the union of their FPR points, linear between a curve's points, as
    scikit-learn's example) and ``macro_recall``/``macro_precision`` (each
    class's interpolated precision, max precision at a recall >= r,
    averaged on a grid of recall); ``auc_macro``, ``auc_weighted`` (by
    prevalence), ``hand_till`` (M), ``ap_macro``, ``ap_micro``; ``support``."""

    counts: list
    roc: list
    pr: list
    auc: np.ndarray
    ap: np.ndarray
    micro_roc: RocView
    micro_pr: PrView
    macro_fpr: np.ndarray
    macro_tpr: np.ndarray
    macro_recall: np.ndarray
    macro_precision: np.ndarray
    auc_macro: float
    auc_weighted: float
    hand_till: float
    ap_macro: float
    ap_micro: float
    support: np.ndarray


RECALL_GRID = 201          # points of the macro-average P-R curve's recall grid


def _interpolated_precision(tc: ThresholdCounts, grid: np.ndarray) -> np.ndarray:
    pr = tc.pr_curve()
    best = np.maximum.accumulate(pr.precision[::-1])[::-1]          # max precision at recall >= r
    at = np.searchsorted(pr.recall, grid, "left")
    return np.where(at < best.shape[0], best[np.minimum(at, best.shape[0] - 1)], 0.0)


def class_views(y, scores, *, columns: int = 500) -> ClassViews:
    """:class:`ClassViews` of K-class scores: one sort per class and one of
    the pooled pairs; the averages match scikit-learn's ``roc_auc_score``
    (``multi_class="ovr"``, macro / weighted; ``"ovo"`` for M) and
    ``average_precision_score`` on ``label_binarize(y)`` (macro / micro).

    Parameters
    ----------
    y : array-like of int, shape (n,)
        Class indices 0..K-1.
    scores : array-like of shape (n, K)
        Column k the score of class k, larger = more likely.
    columns : int, default 500
        Pixel columns the curves are reduced to.

    Returns
    -------
    ClassViews
        Per class ``counts``, ``roc``, ``pr``, ``auc``, ``ap``; ``micro_roc``,
        ``micro_pr``, the macro curves, the averaged AUCs and APs, ``support``.
    """
    yy, s = check_scores_matrix(y, scores)
    k = s.shape[1]
    support = np.bincount(yy, minlength=k)
    counts = [threshold_counts(yy == c, s[:, c]) if 0 < support[c] < yy.shape[0] else None for c in range(k)]
    onehot = yy[:, None] == np.arange(k)[None, :]
    return views_from_counts(counts, threshold_counts(onehot.ravel(), s.ravel()), support,
                             hand_till=hand_till_from_pairs(pair_aucs(yy, s, distinct=[
                                 None if c is None else c.thresholds[:0:-1] for c in counts])), columns=columns)


def views_from_counts(counts, micro: ThresholdCounts, support, *, hand_till: float,
                      columns: int = 500) -> ClassViews:
    """:class:`ClassViews` from each class's one-vs-rest
    :class:`ThresholdCounts` (None for a class with no sample or with every
    sample), the pooled pairs' ``micro`` counts and the class sizes: what
    :func:`class_views` computes after its sorts, and what a report on a log
    aggregated per class (:mod:`evalcore.classtable`) draws."""
    k = len(counts)
    support = np.asarray(support)
    rocs, prs = [], []
    auc, ap = np.full(k, np.nan), np.full(k, np.nan)
    fprs, tprs, precisions = [], [], []
    grid = np.linspace(0.0, 1.0, RECALL_GRID)
    for c, tc in enumerate(counts):
        if tc is not None:
            curve = tc.roc_curve()
            rocs.append(roc_view(tc, columns=columns))
            prs.append(pr_view(tc, columns=columns))
            auc[c], ap[c] = curve.auc, prs[-1].average_precision
            fprs.append(curve.fpr)
            tprs.append(curve.tpr)
            precisions.append(_interpolated_precision(tc, grid))
        else:
            rocs.append(None)
            prs.append(None)
    ok = ~np.isnan(auc)
    if ok.any():
        union = np.unique(np.concatenate(fprs))
        mean_tpr = np.mean([np.interp(union, f, t) for f, t in zip(fprs, tprs)], axis=0)
        keep = reduce_curve(union, mean_tpr, columns=columns)
        macro_fpr, macro_tpr = union[keep], mean_tpr[keep]
        macro_p = np.mean(precisions, axis=0)
    else:
        macro_fpr = macro_tpr = macro_p = np.full(2, np.nan)
    nan = float("nan")
    return ClassViews(
        list(counts), rocs, prs, auc, ap, roc_view(micro, columns=columns), pr_view(micro, columns=columns),
        macro_fpr, macro_tpr,
        grid if ok.any() else np.full(2, np.nan), macro_p,
        float(np.mean(auc[ok])) if ok.any() else nan,
        float(np.sum(auc[ok] * support[ok]) / support[ok].sum()) if ok.any() else nan,
        hand_till, float(np.mean(ap[ok])) if ok.any() else nan, micro.average_precision(), support)


def pair_aucs(y, scores, *, distinct=None) -> np.ndarray:
    """``A[i, j]``: the AUC of class i's score separating class i (positive)
    from class j (negative) on the samples of those two classes -- Hand &
    Till's A(i|j) -- for every ordered pair (nan on the diagonal and for a
    class without samples).  Per class's column, the rows are grouped by
    tied score (their place among the column's distinct scores, found by
    binary search), and each group's count of class i times the counts of
    class j below it (ties half) sums to the pairs ranked right.  M is the
    mean over i < j of (A[i, j] + A[j, i]) / 2.

    ``distinct``: optional, per class the column's distinct scores in
    increasing order (or None), when already at hand (:func:`class_views`
    reads them from its one-vs-rest counts: no second sort)."""
    yy, s = check_scores_matrix(y, scores)
    n, k = s.shape
    support = np.bincount(yy, minlength=k)
    out = np.full((k, k), np.nan)
    by_class = None
    for i in range(k):
        if support[i] == 0:
            continue
        col = s[:, i]
        values = distinct[i] if distinct is not None and distinct[i] is not None else np.unique(col)
        if values.shape[0] * _FEW_DISTINCT <= n:
            # few distinct scores (a rounded log): each class's scores in this column sorted (n values in all,
            # a vectorised sort), and each distinct score looked up in them -- J binary searches per class
            # where the rows' n searches missed the cache (at 10^6 x 10 with 10^3 distinct: 0.5 -> 0.1 s)
            if by_class is None:
                order = np.argsort(yy, kind="stable")
                by_class, starts = s[order], np.concatenate(([0], np.cumsum(support)))
            below = np.empty((values.shape[0], k), dtype=np.int64)
            cnt = np.empty_like(below)
            for j in range(k):
                sj = np.sort(by_class[starts[j]:starts[j + 1], i])
                below[:, j] = sj.searchsorted(values, "left")
                cnt[:, j] = sj.searchsorted(values, "right") - below[:, j]
        else:
            group = np.searchsorted(values, col)
            cnt = np.bincount(group * k + yy, minlength=values.shape[0] * k).reshape(-1, k)
            below = np.cumsum(cnt, axis=0) - cnt
        ci = cnt[:, i].astype(np.float64)
        num = ci @ below + 0.5 * (ci @ cnt)
        with np.errstate(invalid="ignore", divide="ignore"):
            out[i] = num / (support[i] * support)
        out[i, support == 0] = np.nan
        out[i, i] = np.nan
    return out


_FEW_DISTINCT = 8         # pair_aucs sorts per class when a column has at most n / 8 distinct scores


def hand_till_from_pairs(a: np.ndarray) -> float:
    """Hand & Till's M from :func:`pair_aucs`: pairs with a missing class left out."""
    k = a.shape[0]
    vals = [(a[i, j] + a[j, i]) / 2 for i in range(k) for j in range(i + 1, k)]
    vals = [v for v in vals if v == v]
    return float(np.mean(vals)) if vals else float("nan")


# -------------------------------------------------------------- intervals
@dataclass(frozen=True)
class AucIntervals:
    """95 % (``confidence_level``) percentile bootstrap intervals of each
    class's one-vs-rest AUC (``per_class``), of their ``macro`` and
    prevalence-``weighted`` means and of Hand & Till's M (``hand_till``),
    all read from the same ``n_resamples`` joint resamples of the rows."""

    per_class: list
    macro: ConfidenceInterval
    weighted: ConfidenceInterval
    hand_till: ConfidenceInterval
    n_resamples: int
    confidence_level: float


class _Sorted:
    """One column's scores sorted once, grouped by ties, for weighted AUCs."""

    def __init__(self, rows: np.ndarray, x: np.ndarray, pos: np.ndarray):
        order = np.argsort(x, kind="mergesort")
        xs = x[order]
        self.rows = rows[order]
        self.pos = pos[order]
        self.starts = np.flatnonzero(np.r_[True, xs[1:] != xs[:-1]])

    def auc(self, w: np.ndarray) -> np.ndarray:
        """The AUC on each row of bootstrap weights ``w`` (resamples x rows): the
        weighted share of (positive, negative) pairs ranked right, ties half."""
        wo = w[:, self.rows]
        p = np.add.reduceat(np.where(self.pos, wo, 0), self.starts, axis=1)
        n = np.add.reduceat(np.where(self.pos, 0, wo), self.starts, axis=1)
        below = np.cumsum(n, axis=1) - n
        num = (p * (below + 0.5 * n)).sum(axis=1)
        den = p.sum(axis=1) * n.sum(axis=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(den > 0, num / np.where(den > 0, den, 1), np.nan)


def _weights(idx: np.ndarray, n: int) -> np.ndarray:
    """How often each row is drawn, per resample (rows of ``idx``)."""
    b = idx.shape[0]
    flat = (idx + (np.arange(b) * n)[:, None]).ravel()
    return np.bincount(flat, minlength=b * n).reshape(b, n).astype(np.float64)


def auc_intervals(y, scores, *, n_resamples: int = 500, seed: int = 0, confidence_level: float = 0.95,
                  chunk: int = 50) -> AucIntervals:
    """Bootstrap intervals of the AUC averages (:class:`AucIntervals`).

    Each resample draws ``n`` rows with replacement (``rng.integers(0, n,
    (n_resamples, n))`` with ``rng = np.random.default_rng(seed)``, the draws
    of ``scipy.stats.bootstrap``), and every statistic is computed on it:
    each class's AUC (one sort per class for all resamples, the resample as
    weights), their mean and prevalence-weighted mean, and M (one sort per
    class pair); a class (pair) absent from a resample is left out of its
    averages there, as on the data.  Percentile intervals
    (:func:`evalcore.bootstrap.bootstrap_interval`).  Cost: about
    n_resamples x n x K operations for the classes and as many again x (K - 1)
    for M.

    Parameters
    ----------
    y : array-like of int, shape (n,)
        Class indices 0..K-1.
    scores : array-like of shape (n, K)
        Column k the score of class k, larger = more likely.
    n_resamples : int, default 500
        Bootstrap resamples.
    seed : int, default 0
        Seed of the resamples.
    confidence_level : float, default 0.95
        In (0, 1).
    chunk : int, default 50
        Resamples computed at once (memory, not the result).

    Returns
    -------
    AucIntervals
        ``per_class``, ``macro``, ``weighted``, ``hand_till``, ``n_resamples`` and ``confidence_level``.
    """
    yy, s = check_scores_matrix(y, scores)
    n, k = s.shape
    rows = np.arange(n)
    per = [_Sorted(rows, s[:, c], yy == c) for c in range(k)]
    pairs = []
    for i in range(k):
        for j in range(i + 1, k):
            both = np.flatnonzero((yy == i) | (yy == j))
            pairs.append((_Sorted(both, s[both, i], yy[both] == i), _Sorted(both, s[both, j], yy[both] == j)))
    onehot = (yy[:, None] == np.arange(k)[None, :]).astype(np.float64)
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, n, (n_resamples, n))
    aucs, macro, weighted, m = [], [], [], []
    for start in range(0, n_resamples, chunk):
        w = _weights(idx[start:start + chunk], n)
        a = np.column_stack([p.auc(w) for p in per])
        prev = w @ onehot
        ok = ~np.isnan(a)
        with np.errstate(invalid="ignore", divide="ignore"):
            macro.append(np.nansum(a, axis=1) / ok.sum(axis=1))
            weighted.append(np.nansum(a * prev, axis=1) / np.where(ok, prev, 0).sum(axis=1))
            if pairs:
                both = np.column_stack([(pi.auc(w) + pj.auc(w)) / 2 for pi, pj in pairs])
                m.append(np.nanmean(both, axis=1) if np.isfinite(both).any() else np.full(w.shape[0], np.nan))
        aucs.append(a)
    a = np.vstack(aucs)
    whole = np.ones((1, n))                        # the data itself: every row once
    est_a = np.array([p.auc(whole)[0] for p in per])
    ok = ~np.isnan(est_a)
    sup = onehot.sum(axis=0)
    est_macro = float(est_a[ok].mean()) if ok.any() else float("nan")
    est_weighted = float((est_a[ok] * sup[ok]).sum() / sup[ok].sum()) if ok.any() else float("nan")
    est_m = [(pi.auc(whole)[0] + pj.auc(whole)[0]) / 2 for pi, pj in pairs]
    est_m = float(np.nanmean(est_m)) if np.isfinite(est_m).any() else float("nan")
    ci = lambda d, e: bootstrap_interval(d, e, confidence_level=confidence_level)  # noqa: E731
    return AucIntervals([ci(a[:, c], est_a[c]) for c in range(k)], ci(np.concatenate(macro), est_macro),
                        ci(np.concatenate(weighted), est_weighted),
                        ci(np.concatenate(m), est_m) if m else ConfidenceInterval(np.nan, np.nan),
                        n_resamples, confidence_level)


__all__ = ["pair_aucs", "hand_till_from_pairs", "cost_link_text", "RULES", "cost_from_cells", "check_model_count",
           "mean_counts", "largest_classes", "GAPS", "macro_micro_gap", "weakest_class", "zero_one_cost", "cost_text",
           "parse_cost_text", "Decided", "decide", "ClassViews", "class_views", "views_from_counts", "AucIntervals",
           "auc_intervals"]
