"""K-class predictions through the chapter's lenses: decisions (argmax and
the Bayes decision under a K x K cost matrix), the K x K matrix and its
cost, the book's macro and micro averages over one-vs-rest and over
one-vs-one matrices (2.3.2), per-class ROC with micro and macro averages,
AUC averaged three ways and Hand & Till's M, and the measures of
probabilities (Brier, top-k accuracy, top-label reliability; the log loss
is :func:`evalcore.log_loss` with ``labels=range(K)``).

Conventions: ``y`` holds class indices 0..K-1 and ``scores`` is an (n, K)
array, column k the score of class k (larger = more likely); the cost
matrix ``cost[i, j]`` is the cost of predicting class j for a sample of
class i (the book's cost_ij, zero on the diagonal in the usual case).
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

from ._ranking import threshold_counts
from ._validation import DataError, check_count, register_messages
from .calibration import Reliability, reliability_bins
from .confusion import Counts, MacroMicro, cohen_kappa, macro_micro, measures, one_vs_rest

register_messages({
    "not_probabilities": (
        "The scores of {name} are not probabilities (each row non-negative and summing to 1 within 0.01), so "
        "this measure is not shown for them.",
        "{name} 的分数不是概率(每行非负且和为 1,误差不超过 0.01),因此不给出这一度量。",
    ),
})


def check_scores_matrix(y, scores) -> tuple[np.ndarray, np.ndarray]:
    """``(y, scores)`` as (n,) int64 class indices and an (n, K) float64
    array of finite numbers; a DataError otherwise."""
    s = np.asarray(scores, dtype=np.float64)
    if s.ndim != 2 or s.shape[1] < 2:
        raise DataError("bad_shape", name="scores", expected="(n, K), K >= 2", shape=s.shape)
    yy = np.asarray(y)
    if yy.ndim != 1 or yy.shape[0] != s.shape[0]:
        raise DataError("length_mismatch", a="y", b="scores", na=int(yy.size), nb=int(s.shape[0]))
    if not np.isfinite(s).all():
        raise DataError("non_finite", name="scores", value=float(s[~np.isfinite(s)][0]), pos=0)
    if yy.size and (yy.min() < 0 or yy.max() >= s.shape[1] or not np.array_equal(yy, yy.astype(np.int64))):
        raise DataError("out_of_range", name="y", interval=f"0..{s.shape[1] - 1}", value=float(yy.max()))
    return yy.astype(np.int64), s


# Rows summing to 1 within this are probabilities: a file keeps a few decimals (three decimals leave a
# row of three classes summing to 0.999 or 1.001), so 1e-6 refused most exported probabilities.  They are
# used as given, not divided by their sums: what scikit-learn's log_loss does with them (it warns).
PROBABILITY_TOLERANCE = 0.01


def sums_to_one(scores, *, tol: float = PROBABILITY_TOLERANCE) -> bool:
    """Whether every row of ``scores`` is a probability vector (non-negative, summing to 1 within ``tol``).

    Parameters
    ----------
    scores : array-like of shape (n, K)
        Column k the score of class k, larger = more likely.
    tol : float, default PROBABILITY_TOLERANCE (0.01)
        Allowed deviation of a row sum from 1: a file's rounding (rows of probabilities kept to three
        decimals sum to 0.999-1.001) is allowed; the rows are used as given.

    Returns
    -------
    bool
        True when every row is non-negative and sums to 1.
    """
    s = np.asarray(scores, dtype=np.float64)
    return bool((s >= 0).all() and np.allclose(s.sum(axis=1), 1.0, atol=tol, rtol=0))


# ------------------------------------------------------------------ decisions
def argmax_decision(scores) -> np.ndarray:
    """The class of the largest score in each row (the first on a tie).

    Parameters
    ----------
    scores : array-like of shape (n, K)
        Column k the score of class k, larger = more likely.

    Returns
    -------
    ndarray of int, shape (n,)
        A class index per row.
    """
    return np.asarray(scores, dtype=np.float64).argmax(axis=1)


def bayes_decision(probabilities, cost) -> np.ndarray:
    """The Bayes decision under a K x K cost matrix: for each row the class
    j that minimises the expected cost Σ_i p_i cost[i, j] (the first on a tie).

    Parameters
    ----------
    probabilities : array-like of shape (n, K)
        Each row a probability vector over the K classes.
    cost : array-like of shape (K, K)
        ``cost[i, j]``: the cost of predicting class j for a sample of class i, >= 0.

    Returns
    -------
    ndarray of int, shape (n,)
        A class index per row.

    Examples
    --------
    >>> p = [[0.7, 0.3], [0.9, 0.1]]
    >>> bayes_decision(p, [[0, 1], [5, 0]]).tolist()       # a missed class 1 costs 5
    [1, 0]
    """
    return costs_at_decisions(probabilities, cost)[0]


_ROWS = 4096              # rows per block of expected costs: 4 buffers of K x 4096 floats stay in a core's cache


def _checked(probabilities, cost) -> tuple[np.ndarray, np.ndarray]:
    """(n, K) floating-point probabilities (float32 kept: widened a block at a time) and the K x K cost."""
    p = np.asarray(probabilities)
    if p.dtype.kind != "f":
        p = p.astype(np.float64)
    if p.ndim != 2:
        raise DataError("bad_shape", name="probabilities", expected="(n, K)", shape=p.shape)
    return p, check_cost_matrix(cost, p.shape[1])


def _cost_blocks(p: np.ndarray, c: np.ndarray):
    """``(lo, block)`` for each block of rows of the checked ``p`` and ``c``
    (:func:`_checked`): the (m, K) expected costs of rows lo .. lo + m - 1,
    summed term by term in class order (the buffer is reused: read a block
    before asking for the next).

    In blocks of rows, each turned to columns (K, m) in the cache: each class's term is then one product of
    a whole block row by the cost row (a long loop the CPU vectorises) and one addition, where row by row
    they are K short loops.  The sums are those of the definition (each product rounded, then added, in
    class order), so the same numbers: at 10^6 x 10, 363 ms in whole-array passes, 160 ms in (m, K)
    blocks, about 66 ms so."""
    n, k = p.shape[0], c.shape[1]
    rows = max(1, min(n, _ROWS))
    pt, ot, term, back = np.empty((k, rows)), np.empty((k, rows)), np.empty((k, rows)), np.empty((rows, k))
    col = [c[i][:, None] for i in range(k)]              # cost row i as a column: term i of every class at once
    for lo in range(0, n, rows):
        m = min(rows, n - lo)
        pb, ob, tb, rb = pt[:, :m], ot[:, :m], term[:, :m], back[:m]
        pb[...] = p[lo:lo + m].T                          # (float32 scores widened a block at a time)
        np.multiply(col[0], pb[0], out=ob)
        for i in range(1, k):
            np.multiply(col[i], pb[i], out=tb)
            ob += tb
        rb[...] = ob.T
        yield lo, rb


def expected_costs(probabilities, cost) -> np.ndarray:
    """The (n, K) expected costs Σ_i p_i cost[i, j] of predicting each class
    j, summed in class order i = 0, 1, ... term by term (not by a BLAS
    product), so that an SQL engine writing the same sum gets the same
    numbers and the same decision on a tie.

    Parameters
    ----------
    probabilities : array-like of shape (n, K)
        Each row a probability vector over the K classes.
    cost : array-like of shape (K, K)
        ``cost[i, j]``: the cost of predicting class j for a sample of class i, >= 0.

    Returns
    -------
    ndarray of float, shape (n, K)
        Column j: the expected cost of predicting class j.
    """
    p, c = _checked(probabilities, cost)
    out = np.empty((p.shape[0], c.shape[1]))
    for lo, block in _cost_blocks(p, c):
        out[lo:lo + block.shape[0]] = block
    return out


def costs_at_decisions(probabilities, cost, decision=None) -> tuple[np.ndarray, np.ndarray]:
    """Each row's decision and its expected cost, without the (n, K) array of
    :func:`expected_costs` (the same sums, read a block at a time).

    Parameters
    ----------
    probabilities : array-like of shape (n, K)
        Each row a probability vector over the K classes.
    cost : array-like of shape (K, K)
        ``cost[i, j]``: the cost of predicting class j for a sample of class i, >= 0.
    decision : array-like of int, shape (n,), optional
        The class predicted for each row; by default the Bayes decision (the
        class of least expected cost, the first on a tie).

    Returns
    -------
    decision : ndarray of int, shape (n,)
        The decision (``decision`` itself when given).
    row_cost : ndarray of float, shape (n,)
        ``expected_costs(probabilities, cost)[r, decision[r]]`` for each row r;
        its mean is :func:`expected_cost`.

    Examples
    --------
    >>> d, c = costs_at_decisions([[0.7, 0.3], [0.9, 0.1]], [[0, 1], [5, 0]])
    >>> d.tolist(), c.round(2).tolist()              # row 1: 0.7 x 1 if class 1, 0.3 x 5 if class 0
    ([1, 0], [0.7, 0.5])
    """
    p, c = _checked(probabilities, cost)
    n = p.shape[0]
    given = decision is not None
    d = np.asarray(decision, dtype=np.int64) if given else np.empty(n, dtype=np.int64)
    if given and d.shape != (n,):
        raise DataError("length_mismatch", a="decision", b="probabilities", na=int(d.size), nb=n)
    k = c.shape[1]
    if given and n and (d.min() < 0 or d.max() >= k):
        raise DataError("out_of_range", name="decision", interval=f"0..{k - 1}", value=float(d.max()))
    row_cost = np.empty(n)
    start = np.arange(min(n, _ROWS)) * k                 # where each row of a block starts in its flat buffer
    for lo, block in _cost_blocks(p, c):
        m = block.shape[0]
        if not given:
            d[lo:lo + m] = block.argmin(axis=1)
        row_cost[lo:lo + m] = block.ravel().take(start[:m] + d[lo:lo + m])
    return d, row_cost


def check_cost_matrix(cost, k: int) -> np.ndarray:
    """A K x K cost matrix of finite non-negative numbers, as float64."""
    c = np.asarray(cost, dtype=np.float64)
    if c.shape != (k, k):
        raise DataError("bad_shape", name="cost", expected=(k, k), shape=c.shape)
    if not np.isfinite(c).all() or (c < 0).any():
        raise DataError("out_of_range", name="cost", interval="[0, inf)", value=float(c.min()))
    return c


def cost_matrix_error(cm, cost) -> float:
    """The book's cost-sensitive error rate (2.23) for K classes:
    (1/m) Σ_ij cm[i, j] cost[i, j], every sample charged the cost of its
    (true, predicted) cell (with cost 0 on the diagonal and cost01, cost10
    off it, K = 2 gives (2.23)).

    Parameters
    ----------
    cm : array-like of shape (K, K)
        Counts, rows = true class, columns = predicted class.
    cost : array-like of shape (K, K)
        ``cost[i, j]``: the cost of predicting class j for a sample of class i, >= 0.

    Returns
    -------
    float
        Cost per sample, >= 0 (nan for an empty matrix).
    """
    a = np.asarray(cm, dtype=np.float64)
    m = a.sum()
    return float((a * check_cost_matrix(cost, a.shape[0])).sum() / m) if m else float("nan")


def expected_cost(probabilities, cost, decision) -> float:
    """The mean cost the model itself expects of its decisions:
    mean over rows of Σ_i p_i cost[i, d] (scores read as probabilities).

    Parameters
    ----------
    probabilities : array-like of shape (n, K)
        Each row a probability vector over the K classes.
    cost : array-like of shape (K, K)
        ``cost[i, j]``: the cost of predicting class j for a sample of class i, >= 0.
    decision : array-like of int, shape (n,)
        The class predicted for each row.

    Returns
    -------
    float
        Mean expected cost per sample, >= 0.
    """
    return float(costs_at_decisions(probabilities, cost, decision)[1].mean())


# ------------------------------------------------------- matrices and averages
def one_vs_one(cm) -> dict:
    """The book's pair matrices (2.3.2): for classes i < j, the 2 x 2 matrix
    of the samples of class i or j predicted as i or j, class i positive:
    TP = cm[i, i], FN = cm[i, j], FP = cm[j, i], TN = cm[j, j].

    Parameters
    ----------
    cm : array-like of shape (K, K)
        Counts, rows = true class, columns = predicted class.

    Returns
    -------
    dict of (int, int) -> Counts
        One 2 x 2 matrix per pair i < j, class i positive.
    """
    a = np.asarray(cm, dtype=np.int64)
    k = a.shape[0]
    return {(i, j): Counts(int(a[i, i]), int(a[j, i]), int(a[j, j]), int(a[i, j]))
            for i in range(k) for j in range(i + 1, k)}


@dataclass(frozen=True)
class PerClass:
    """Per-class ``precision``, ``recall``, ``f1`` (arrays, nan for 0/0) and
    ``support`` (samples per class), as scikit-learn's
    ``precision_recall_fscore_support(average=None)``; and scikit-learn's
    averages of F1: ``f1_macro`` (mean of the per-class F1) and
    ``f1_weighted`` (weighted by support) -- not the book's macro-F1, which
    is the harmonic mean of macro-P and macro-R."""

    precision: np.ndarray
    recall: np.ndarray
    f1: np.ndarray
    support: np.ndarray
    f1_macro: float
    f1_weighted: float


def per_class(cm) -> PerClass:
    """Per-class precision, recall and F1 of a K x K confusion matrix, with their averages.

    Parameters
    ----------
    cm : array-like of shape (K, K)
        Counts, rows = true class, columns = predicted class.

    Returns
    -------
    PerClass
        ``precision``, ``recall``, ``f1``, ``support`` (K each; nan for 0/0),
        ``f1_macro`` and ``f1_weighted`` (an undefined F1 counted as 0).
    """
    a = np.asarray(cm, dtype=np.int64)
    ms = [measures(c) for c in one_vs_rest(a)]
    p, r, f = (np.array([getattr(m, k) for m in ms]) for k in ("precision", "recall", "f1"))
    support = a.sum(axis=1)
    f0 = np.nan_to_num(f)                # scikit-learn counts an undefined F1 as 0 in its averages
    return PerClass(p, r, f, support, float(f0.mean()),
                    float((f0 * support).sum() / support.sum()) if support.sum() else float("nan"))


@dataclass(frozen=True)
class BothWays:
    """The book's macro/micro P, R, F1 over the K one-vs-rest matrices
    (``ovr``) and over the K(K-1)/2 one-vs-one pair matrices (``ovo``), and
    Cohen's ``kappa`` of the K x K matrix."""

    ovr: MacroMicro
    ovo: MacroMicro
    kappa: float


def macro_micro_both(cm) -> BothWays:
    """:class:`BothWays` of a K x K confusion matrix.

    Parameters
    ----------
    cm : array-like of shape (K, K)
        Counts, rows = true class, columns = predicted class.

    Returns
    -------
    BothWays
        ``ovr`` and ``ovo`` (:class:`MacroMicro` each) and ``kappa``.
    """
    a = np.asarray(cm, dtype=np.int64)
    return BothWays(macro_micro(one_vs_rest(a)), macro_micro(list(one_vs_one(a).values())), cohen_kappa(a))


# ------------------------------------------------------------------ curves
@dataclass(frozen=True)
class ClassCurves:
    """One-vs-rest ROC of every class (``fpr[k]``, ``tpr[k]``, ``auc[k]``,
    nan for a class with no samples or no others), the micro-average curve
    (every (sample, class) pair pooled: ``micro_fpr``, ``micro_tpr``,
    ``micro_auc``), the macro-average curve (the classes' TPR averaged on
    the union of their FPR points: ``macro_fpr``, ``macro_tpr``), and the
    AUC averages ``auc_macro`` (plain mean), ``auc_weighted`` (by
    prevalence) -- scikit-learn's ``roc_auc_score(multi_class="ovr")`` --
    and ``hand_till`` (Hand & Till's M, the one-vs-one average,
    ``multi_class="ovo"``)."""

    fpr: list
    tpr: list
    auc: np.ndarray
    micro_fpr: np.ndarray
    micro_tpr: np.ndarray
    micro_auc: float
    macro_fpr: np.ndarray
    macro_tpr: np.ndarray
    auc_macro: float
    auc_weighted: float
    hand_till: float


def class_curves(y, scores) -> ClassCurves:
    """:class:`ClassCurves` of K-class scores (ties count 1/2, as everywhere).

    Parameters
    ----------
    y : array-like of int, shape (n,)
        Class indices 0..K-1.
    scores : array-like of shape (n, K)
        Column k the score of class k, larger = more likely.

    Returns
    -------
    ClassCurves
        ``fpr``, ``tpr`` (lists of K arrays), ``auc`` (K), ``micro_fpr``,
        ``micro_tpr``, ``micro_auc``, ``macro_fpr``, ``macro_tpr``,
        ``auc_macro``, ``auc_weighted`` and ``hand_till``.

    Examples
    --------
    >>> y = [0, 1, 2, 2, 1, 0]
    >>> s = [[.8, .1, .1], [.2, .5, .3], [.1, .2, .7], [.3, .3, .4], [.3, .4, .3], [.5, .3, .2]]
    >>> c = class_curves(y, s)
    >>> c.auc.tolist(), round(c.hand_till, 4)
    ([1.0, 1.0, 1.0], 1.0)
    """
    yy, s = check_scores_matrix(y, scores)
    k = s.shape[1]
    fpr, tpr, auc = [], [], np.full(k, np.nan)
    for c in range(k):
        pos = yy == c
        if pos.any() and not pos.all():
            roc = threshold_counts(pos, s[:, c]).roc_curve()
            fpr.append(roc.fpr)
            tpr.append(roc.tpr)
            auc[c] = roc.auc
        else:
            fpr.append(np.array([0.0, 1.0]))
            tpr.append(np.array([np.nan, np.nan]))
    onehot = yy[:, None] == np.arange(k)[None, :]
    micro = threshold_counts(onehot.ravel(), s.ravel()).roc_curve()
    ok = ~np.isnan(auc)
    grid = np.unique(np.concatenate([f for f, a in zip(fpr, auc) if not np.isnan(a)] or [np.array([0.0, 1.0])]))
    macro = np.mean([np.interp(grid, fpr[c], tpr[c]) for c in range(k) if ok[c]], axis=0) if ok.any() \
        else np.full(grid.shape, np.nan)     # linear between each curve's points, as scikit-learn's macro average
    prevalence = np.bincount(yy, minlength=k)
    return ClassCurves(fpr, tpr, auc, micro.fpr, micro.tpr, micro.auc, grid, macro,
                       float(np.mean(auc[ok])) if ok.any() else float("nan"),
                       float(np.sum(auc[ok] * prevalence[ok]) / prevalence[ok].sum()) if ok.any() else float("nan"),
                       hand_till_m(yy, s))


def hand_till_m(y, scores) -> float:
    """Hand & Till's M: the mean over class pairs i < j of
    (A(i|j) + A(j|i)) / 2, where A(i|j) is the AUC of score i separating
    class i from class j on the samples of those two classes (Hand & Till,
    Machine Learning 45 (2001) 171-186); pairs with a missing class are left out.

    Parameters
    ----------
    y : array-like of int, shape (n,)
        Class indices 0..K-1.
    scores : array-like of shape (n, K)
        Column k the score of class k, larger = more likely.

    Returns
    -------
    float
        M, in [0, 1]; nan when no pair has both classes.
    """
    yy, s = check_scores_matrix(y, scores)
    k = s.shape[1]
    vals = []
    for i in range(k):
        for j in range(i + 1, k):
            both = (yy == i) | (yy == j)
            yi = yy[both] == i
            if not yi.any() or yi.all():
                continue
            a_ij = threshold_counts(yi, s[both, i]).roc_auc()
            a_ji = threshold_counts(~yi, s[both, j]).roc_auc()
            vals.append((a_ij + a_ji) / 2)
    return float(np.mean(vals)) if vals else float("nan")


# ------------------------------------------------------------- probabilities
def multiclass_brier_loss(y, probabilities) -> float:
    """Brier's original multi-class score: (1/n) Σ_i Σ_k (p_ik - [y_i = k])²,
    between 0 and 2 (scikit-learn's ``brier_score_loss`` with
    ``scale_by_half=False``).

    Parameters
    ----------
    y : array-like of int, shape (n,)
        Class indices 0..K-1.
    probabilities : array-like of shape (n, K)
        Each row a probability vector over the K classes.

    Returns
    -------
    float
        In [0, 2]; lower is better.
    """
    yy, p = check_scores_matrix(y, probabilities)
    onehot = (yy[:, None] == np.arange(p.shape[1])[None, :]).astype(np.float64)
    return float(((p - onehot) ** 2).sum(axis=1).mean())


def brier_multiclass(y, probabilities) -> float:
    """Deprecated: :func:`multiclass_brier_loss` (the ``*_loss`` suffix says lower is better).

    Parameters
    ----------
    y, probabilities
        As :func:`multiclass_brier_loss`.

    Returns
    -------
    float
        ``multiclass_brier_loss(y, probabilities)``.
    """
    warnings.warn("evalcore.brier_multiclass is deprecated: use evalcore.multiclass_brier_loss (the same number)",
                  DeprecationWarning, stacklevel=2)
    return multiclass_brier_loss(y, probabilities)


def top_k_accuracy(y, scores, *, k: int = 2) -> float:
    """Share of samples whose class is among the ``k`` highest scores.  Ties
    are shared: with g classes scored strictly higher than the true class
    and e others equal to it, the sample counts clip((k - g) / (e + 1), 0, 1),
    its chance to be in the top k under a random order of the ties (without
    ties, scikit-learn's ``top_k_accuracy_score``).

    Parameters
    ----------
    y : array-like of int, shape (n,)
        Class indices 0..K-1.
    scores : array-like of shape (n, K)
        Column k the score of class k, larger = more likely.
    k : int, default 2
        How many of the highest scores count, >= 1.

    Returns
    -------
    float
        In [0, 1].
    """
    yy, s = check_scores_matrix(y, scores)
    kk = check_count(k, "k", minimum=1)
    true = s[np.arange(s.shape[0]), yy][:, None]
    greater = (s > true).sum(axis=1)
    equal = (s == true).sum(axis=1) - 1
    return float(np.clip((kk - greater) / (equal + 1), 0.0, 1.0).mean())


def top_label_reliability(y, probabilities, *, n_bins: int = 10) -> Reliability:
    """The reliability diagram of the top label: each sample's largest
    probability (the confidence) against whether its argmax is right.

    Parameters
    ----------
    y : array-like of int, shape (n,)
        Class indices 0..K-1.
    probabilities : array-like of shape (n, K)
        Each row a probability vector over the K classes.
    n_bins : int, default 10
        Equal-width bins of [0, 1].

    Returns
    -------
    Reliability
        ``edges``, and per bin ``count``, ``mean_score`` (mean confidence) and ``positive_rate`` (share right).
    """
    yy, p = check_scores_matrix(y, probabilities)
    if not sums_to_one(p):
        raise DataError("not_probabilities", name="scores")
    right = p.argmax(axis=1) == yy
    return reliability_bins(right, p.max(axis=1), n_bins=n_bins)


__all__ = ["check_scores_matrix", "PROBABILITY_TOLERANCE", "sums_to_one", "argmax_decision", "bayes_decision",
           "expected_costs", "check_cost_matrix",
           "cost_matrix_error", "expected_cost", "one_vs_one", "PerClass", "per_class", "BothWays",
           "macro_micro_both", "ClassCurves", "class_curves", "hand_till_m", "multiclass_brier_loss",
           "brier_multiclass", "top_k_accuracy", "top_label_reliability"]
