"""What the multi-class page draws, from the primitives of
:mod:`evalcore.multiclass`: the decisions and their K x K matrix under a
cost matrix given as text (the form a link carries), each class's
one-vs-rest counts and reduced curves (ROC and P-R) with the micro- and
macro-average curves (the AUC intervals: :mod:`evalcore.multiclass_intervals`).

Conventions as in :mod:`evalcore.multiclass`: ``y`` class indices 0..K-1,
``scores`` (n, K), ``cost[i, j]`` the cost of predicting j for class i.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._bounds import COST_MAX, COST_MIN
from ._ranking import ThresholdCounts, threshold_counts
from ._validation import DataError, register_messages
from .drawing import PrView, RocView, pr_view, reduce_curve, roc_view
from .multiclass import check_cost_matrix, check_scores_matrix, cost_matrix_error

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
    """The K x K 0-1 cost matrix (every error costs 1): its Bayes decision is the argmax."""
    return 1.0 - np.eye(k)


def cost_text(cost) -> str:
    """The text form of a cost matrix: rows separated by ``;``, costs by ``,`` (``"0,1;1,0"``)."""
    return ";".join(",".join(f"{float(v):.10g}" for v in row) for row in np.asarray(cost, dtype=np.float64))


def parse_cost_text(text: str, k: int) -> np.ndarray:
    """The K x K cost matrix written by :func:`cost_text` ("" is the 0-1
    matrix); a DataError ``mc_cost_text`` otherwise.

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
    """``ms`` (a :class:`MultiClassSet`) when it has at most ``limit`` models; DataError ``mc_too_many_models``."""
    if len(ms.models) > limit:
        raise DataError("mc_too_many_models", got=len(ms.models), models=", ".join(ms.models[:5]), limit=limit)
    return ms


def cost_from_cells(cells, k: int) -> np.ndarray:
    """A K x K cost matrix from edited cells: each a number, 0 or positive,
    a positive one brought into [COST_MIN, COST_MAX] (ratios stay finite,
    as the binary costs); DataError ``mc_cost_text`` for anything else (an
    empty cell, text, a negative or infinite number...).

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
    risk = s @ c if probabilities else None            # each row's expected cost of each decision (one product)
    pred = risk.argmin(axis=1) if rule == "bayes" and probabilities else s.argmax(axis=1)   # = bayes_decision
    cm = np.bincount(yy * k + pred, minlength=k * k).reshape(k, k)
    expected = float(risk[np.arange(pred.shape[0]), pred].mean()) if probabilities else float("nan")
    return Decided("argmax" if fallback else rule, fallback, pred, cm, cost_matrix_error(cm, c), expected,
                   float((cm * c).sum()))


def largest_classes(support, k: int) -> list:
    """The indices of the ``k`` classes with the most samples (ties: the
    first), in class order: the classes a figure draws when there are more."""
    sup = np.asarray(support)
    return sorted(np.argsort(-sup, kind="stable")[:k].tolist())


def mean_counts(matrices) -> tuple[float, float, float, float]:
    """The mean TP, FP, TN, FN over binary matrices (the book's overline TP ... of micro-P and micro-R, 2.15-2.16)."""
    a = np.array([[c.tp, c.fp, c.tn, c.fn] for c in matrices], dtype=np.float64).reshape(-1, 4)
    return tuple(float(v) for v in a.mean(axis=0)) if a.shape[0] else (float("nan"),) * 4


GAPS = ("macro_lower", "micro_lower", "same")


def macro_micro_gap(mm, *, tol: float = 0.01) -> str:
    """Which of the book's macro-F1 and micro-F1 (a :class:`MacroMicro`) is
    lower: "macro_lower", "micro_lower", or "same" within ``tol`` (or when either is nan)."""
    gap = mm.micro_f1 - mm.macro_f1
    if not gap == gap or abs(gap) < tol:
        return "same"
    return "macro_lower" if gap > 0 else "micro_lower"


def weakest_class(f1) -> int:
    """The index of the lowest defined per-class F1 (the first; 0 when none is defined)."""
    f = np.asarray(f1, dtype=np.float64)
    return int(np.nanargmin(f)) if np.isfinite(f).any() else 0


# ------------------------------------------------------------------ curves
@dataclass(frozen=True, eq=False)
class ClassViews:
    """Per class k (one-vs-rest: class k positive, the rest negative):
    ``roc[k]`` and ``pr[k]`` (curves reduced for drawing: a few thousand
    points whatever the rows; a class's counts are
    ``threshold_counts(y == k, scores[:, k])``), ``auc[k]``, ``ap[k]`` (None / nan for a
    class with no sample, or with every sample); the micro average
    (``micro_roc``, ``micro_pr``: every (sample, class) pair pooled); the
    macro averages: ``macro_fpr``/``macro_tpr`` (each class's TPR averaged
    on the union of their FPR points, linear between a curve's points, as
    scikit-learn's example) and ``macro_recall``/``macro_precision`` (each
    class's interpolated precision, max precision at a recall >= r,
    averaged on a grid of recall); ``auc_macro``, ``auc_weighted`` (by
    prevalence), ``hand_till`` (M), ``ap_macro``, ``ap_micro``; ``support``."""

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
    ``average_precision_score`` on ``label_binarize(y)`` (macro / micro)."""
    yy, s = check_scores_matrix(y, scores)
    k = s.shape[1]
    support = np.bincount(yy, minlength=k)
    rocs, prs = [], []
    auc, ap = np.full(k, np.nan), np.full(k, np.nan)
    fprs, tprs, precisions = [], [], []
    grid = np.linspace(0.0, 1.0, RECALL_GRID)
    for c in range(k):
        if 0 < support[c] < yy.shape[0]:
            tc = threshold_counts(yy == c, s[:, c])
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
    onehot = yy[:, None] == np.arange(k)[None, :]
    micro = threshold_counts(onehot.ravel(), s.ravel())
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
        rocs, prs, auc, ap, roc_view(micro, columns=columns), pr_view(micro, columns=columns), macro_fpr, macro_tpr,
        grid if ok.any() else np.full(2, np.nan), macro_p,
        float(np.mean(auc[ok])) if ok.any() else nan,
        float(np.sum(auc[ok] * support[ok]) / support[ok].sum()) if ok.any() else nan,
        hand_till_from_pairs(pair_aucs(yy, s)), float(np.mean(ap[ok])) if ok.any() else nan,
        micro.average_precision(), support)


def pair_aucs(y, scores) -> np.ndarray:
    """``A[i, j]``: the AUC of class i's score separating class i (positive)
    from class j (negative) on the samples of those two classes -- Hand &
    Till's A(i|j) -- for every ordered pair (nan on the diagonal and for a
    class without samples).  One sort per class's column for all pairs: the
    rows are grouped by tied score, and each group's count of class i times
    the counts of class j below it (ties half) sums to the pairs ranked right.
    M is the mean over i < j of (A[i, j] + A[j, i]) / 2."""
    yy, s = check_scores_matrix(y, scores)
    n, k = s.shape
    support = np.bincount(yy, minlength=k)
    out = np.full((k, k), np.nan)
    for i in range(k):
        if support[i] == 0:
            continue
        order = np.argsort(s[:, i], kind="stable")
        xs = s[order, i]
        new = np.r_[True, xs[1:] != xs[:-1]]
        group = np.cumsum(new) - 1
        cnt = np.bincount(group * k + yy[order], minlength=int(group[-1] + 1) * k).reshape(-1, k)
        ci = cnt[:, i].astype(np.float64)
        below = np.cumsum(cnt, axis=0) - cnt
        num = ci @ below + 0.5 * (ci @ cnt)
        with np.errstate(invalid="ignore", divide="ignore"):
            out[i] = num / (support[i] * support)
        out[i, support == 0] = np.nan
        out[i, i] = np.nan
    return out


def hand_till_from_pairs(a: np.ndarray) -> float:
    """Hand & Till's M from :func:`pair_aucs`: pairs with a missing class left out."""
    k = a.shape[0]
    vals = [(a[i, j] + a[j, i]) / 2 for i in range(k) for j in range(i + 1, k)]
    vals = [v for v in vals if v == v]
    return float(np.mean(vals)) if vals else float("nan")


__all__ = ["pair_aucs", "hand_till_from_pairs", "RULES", "cost_from_cells", "cost_link_text", "check_model_count",
           "mean_counts", "largest_classes", "GAPS", "macro_micro_gap", "weakest_class", "zero_one_cost", "cost_text",
           "parse_cost_text", "Decided", "decide", "ClassViews", "class_views"]
