"""Confusion matrices and the measures read off them (textbook section 2.3).

Ratios whose denominator is zero are ``nan``: never an exception, never a
silent 0.  All measures here are plain Python floats so that a threshold
slider costs microseconds.
"""
from __future__ import annotations

import math
from typing import NamedTuple, Sequence

import numpy as np

from ._validation import DataError, as_1d, check_count, check_same_length

NAN = float("nan")


def _ratio(num: float, den: float) -> float:
    return num / den if den else NAN


class Counts(NamedTuple):
    """The binary confusion matrix, textbook table 2.1.

    ============  =============  =============
    true \\ pred   positive       negative
    ============  =============  =============
    positive      TP             FN
    negative      FP             TN
    ============  =============  =============
    """

    tp: int
    fp: int
    tn: int
    fn: int

    @property
    def m(self) -> int:
        """Number of samples, TP + FP + TN + FN."""
        return self.tp + self.fp + self.tn + self.fn


class Measures(NamedTuple):
    """Measures of one binary confusion matrix; see :func:`measures`."""

    accuracy: float
    error_rate: float
    precision: float
    recall: float
    f1: float
    f_beta: float
    tpr: float
    fpr: float
    fnr: float
    tnr: float
    beta: float = 1.0


def error_rate(y_true, y_pred) -> float:
    """The share of samples whose prediction is not their label (textbook (2.1)), for any labels.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (m,)
        True and predicted labels, any type.

    Returns
    -------
    float
        The share of mismatches, in [0, 1].

    Examples
    --------
    >>> error_rate([0, 1, 1, 0], [0, 1, 0, 0])
    0.25
    """
    t, p = as_1d(y_true, "y_true"), as_1d(y_pred, "y_pred")
    check_same_length(t, p, "y_true", "y_pred")
    return float(np.mean(t != p))


def positive_share(y_true) -> float:
    """The share of positives among 0/1 (or bool) labels.

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels.

    Returns
    -------
    float
        The share of labels equal to 1, in [0, 1].

    Examples
    --------
    >>> positive_share([0, 1, 1, 1])
    0.75
    """
    t = as_1d(y_true, "y_true")
    return float(np.mean(t == 1))


def f_beta_counts(tp, fp, fn, *, beta: float = 1.0):
    """F-beta from counts, (1 + b^2) TP / ((1 + b^2) TP + b^2 FN + FP)
    (textbook (2.11); F1 at beta = 1): the one place it is written.  Arrays
    give arrays (nan where the denominator is 0), numbers give a float.

    Parameters
    ----------
    tp, fp, fn : int or array-like of int
        True positives, false positives, false negatives (broadcast together).
    beta : float, default 1.0
        beta > 1 weighs recall more, beta < 1 precision more.

    Returns
    -------
    float or ndarray
        F-beta in [0, 1]; nan where TP = FP = FN = 0.

    Examples
    --------
    >>> f_beta_counts(6, 2, 4), f_beta_counts(0, 0, 0)
    (0.6666666666666666, nan)
    """
    b2 = float(beta) ** 2
    if all(isinstance(v, (int, float, np.number)) for v in (tp, fp, fn)):    # one matrix: the same float64
        tp, fp, fn = float(tp), float(fp), float(fn)                        # arithmetic without numpy's
        den = (1 + b2) * tp + b2 * fn + fp                                  # per-call cost (3 on a move)
        return (1 + b2) * tp / den if den > 0 else NAN
    tp, fp, fn = (np.asarray(v, dtype=np.float64) for v in (tp, fp, fn))
    den = (1 + b2) * tp + b2 * fn + fp
    with np.errstate(invalid="ignore", divide="ignore"):
        out = np.where(den > 0, (1 + b2) * tp / np.where(den > 0, den, 1), np.nan)
    return float(out) if out.ndim == 0 else out


def measures(counts: Counts, *, beta: float = 1.0) -> Measures:
    """Accuracy, error rate, P, R, F1, F-beta, TPR, FPR, FNR, TNR of ``counts``.

    Parameters
    ----------
    counts : Counts
        ``(tp, fp, tn, fn)``, e.g. from :func:`binary_counts`.
    beta : float, default 1.0
        beta > 1 weighs recall more, beta < 1 precision more.

    Returns
    -------
    Measures
        ``accuracy``, ``error_rate``, ``precision``, ``recall``, ``f1``,
        ``f_beta``, ``tpr``, ``fpr``, ``fnr``, ``tnr`` (each in [0, 1], nan where
        its denominator is 0) and the ``beta`` used.

    Notes
    -----
    Textbook (2.8)-(2.11), (2.18), (2.19), with m = TP + FP + TN + FN::

        E   = (FP + FN) / m                acc = 1 - E
        P   = TP / (TP + FP)               R   = TP / (TP + FN)
        F1  = 2 P R / (P + R)       = 2 TP / (m + TP - TN)
        Fb  = (1 + b^2) P R / (b^2 P + R)
            = (1 + b^2) TP / ((1 + b^2) TP + b^2 FN + FP)
        TPR = R                            FPR = FP / (TN + FP)

    F1 and F-beta are computed in their count form, so they are 0 (not nan)
    when TP = 0 but something was predicted or missed, and nan only when
    TP = FP = FN = 0.

    Examples
    --------
    >>> import evalcore as ec
    >>> m = ec.measures(ec.Counts(tp=20, fp=5, tn=15, fn=10))
    >>> round(m.precision, 3), round(m.recall, 3), round(m.f1, 4)
    (0.8, 0.667, 0.7273)
    """
    tp, fp, tn, fn = (int(v) for v in counts)
    if not (float(beta) > 0 and math.isfinite(float(beta))):
        raise DataError("out_of_range", name="beta", interval="(0, inf)", value=beta)
    m = tp + fp + tn + fn
    err = _ratio(fp + fn, m)
    recall = _ratio(tp, tp + fn)
    return Measures(
        accuracy=1.0 - err if m else NAN,
        error_rate=err,
        precision=_ratio(tp, tp + fp),
        recall=recall,
        f1=f_beta_counts(tp, fp, fn),
        f_beta=f_beta_counts(tp, fp, fn, beta=beta),
        tpr=recall,
        fpr=_ratio(fp, tn + fp),
        fnr=_ratio(fn, tp + fn),
        tnr=_ratio(tn, tn + fp),
        beta=float(beta),
    )


class MacroMicro(NamedTuple):
    """Macro and micro averages over several binary confusion matrices.

    ``macro_f1`` is the textbook's (2.14): the harmonic mean of macro-P and
    macro-R.  ``mean_f1`` is the mean of the per-matrix F1 values, which is
    what scikit-learn's ``f1_score(average="macro")`` reports: a different
    number in general.
    """

    macro_p: float
    macro_r: float
    macro_f1: float
    micro_p: float
    micro_r: float
    micro_f1: float
    mean_f1: float = NAN


def macro_micro(counts_list: Sequence[Counts]) -> MacroMicro:
    """Macro- and micro-averaged P, R, F1, textbook (2.12)-(2.17).

    macro-P = 1/n sum P_i, macro-R = 1/n sum R_i,
    macro-F1 = 2 macro-P macro-R / (macro-P + macro-R);
    micro-P = TPbar / (TPbar + FPbar), micro-R = TPbar / (TPbar + FNbar),
    micro-F1 = 2 micro-P micro-R / (micro-P + micro-R),
    where TPbar, FPbar, FNbar are the averages over the n matrices.

    Parameters
    ----------
    counts_list : sequence of Counts
        The n binary confusion matrices (``(tp, fp, tn, fn)`` each), n >= 1.

    Returns
    -------
    MacroMicro
        ``macro_p``, ``macro_r``, ``macro_f1``, ``micro_p``, ``micro_r``,
        ``micro_f1`` and ``mean_f1`` (the mean of the per-matrix F1), each in [0, 1]
        or nan.

    Examples
    --------
    >>> import evalcore as ec
    >>> mm = ec.macro_micro([ec.Counts(8, 2, 85, 5), ec.Counts(1, 0, 90, 9)])
    >>> round(mm.macro_p, 2), round(mm.micro_p, 4)
    (0.9, 0.8182)
    """
    cl = [Counts(*(int(v) for v in c)) for c in counts_list]
    if not cl:
        raise DataError("empty", name="counts_list")
    ms = [measures(c) for c in cl]
    macro_p = float(np.mean([m.precision for m in ms]))
    macro_r = float(np.mean([m.recall for m in ms]))
    tp = float(np.mean([c.tp for c in cl]))
    fp = float(np.mean([c.fp for c in cl]))
    fn = float(np.mean([c.fn for c in cl]))
    micro_p = _ratio(tp, tp + fp)
    micro_r = _ratio(tp, tp + fn)
    return MacroMicro(
        macro_p=macro_p,
        macro_r=macro_r,
        macro_f1=_harmonic(macro_p, macro_r),
        micro_p=micro_p,
        micro_r=micro_r,
        micro_f1=_harmonic(micro_p, micro_r),
        mean_f1=float(np.mean([m.f1 for m in ms])),
    )


def _harmonic(p: float, r: float) -> float:
    if math.isnan(p) or math.isnan(r):
        return NAN
    return _ratio(2 * p * r, p + r)


def confusion_matrix(y_true, y_pred, *, labels=None) -> np.ndarray:
    """K x K confusion matrix: row = true class, column = predicted class.

    Classes are in ``labels`` order (sorted distinct values of both arrays by
    default), as ``sklearn.metrics.confusion_matrix``.  Samples whose true or
    predicted label is not in ``labels`` are not counted.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (m,)
        True and predicted labels, any comparable type.
    labels : array-like of shape (K,), optional
        The classes and their order; by default the sorted distinct labels of both.

    Returns
    -------
    ndarray of int64, shape (K, K)
        ``C[i, j]`` = samples of true class ``labels[i]`` predicted ``labels[j]``.

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.confusion_matrix(["a", "b", "a"], ["a", "a", "a"]).tolist()
    [[2, 0], [1, 0]]
    """
    yt = as_1d(y_true, "y_true")
    yp = as_1d(y_pred, "y_pred")
    check_same_length(yt, yp, "y_true", "y_pred")
    if labels is None:
        labels = np.unique(np.concatenate((yt, yp)))
    labels = np.asarray(labels)
    k = labels.shape[0]
    order = np.argsort(labels, kind="stable")
    sorted_labels = labels[order]
    it = np.searchsorted(sorted_labels, yt)
    ip = np.searchsorted(sorted_labels, yp)
    it_c, ip_c = np.minimum(it, k - 1), np.minimum(ip, k - 1)
    ok = (sorted_labels[it_c] == yt) & (sorted_labels[ip_c] == yp)
    rows, cols = order[it_c[ok]], order[ip_c[ok]]
    return np.bincount(rows * k + cols, minlength=k * k).reshape(k, k).astype(np.int64)


def top_classes(cm, labels, k: int, *, other: str = "other") -> tuple[np.ndarray, list]:
    """The K x K matrix ``cm`` shown with at most ``k`` classes: the ``k - 1``
    largest (by row total + column total, ties by label order) and one class
    ``other`` that sums all the rest (its diagonal counts the rest's agreements
    with themselves *and* their confusions among themselves).

    Returns ``(matrix, labels)``; ``cm`` itself when it has at most ``k``
    classes.  The totals of the matrix are kept.

    Parameters
    ----------
    cm : array-like of shape (K, K)
        Counts, rows = true class, columns = predicted class.
    labels : sequence of shape (K,)
        The class names, in the order of ``cm``'s rows.
    k : int
        The most classes to show, k >= 2.
    other : str, default "other"
        The name of the class that sums the rest.

    Returns
    -------
    matrix : ndarray of int64, shape (min(K, k), min(K, k))
        The grouped matrix, same total as ``cm``.
    labels : list
        Its class names (the kept classes in their order, then ``other``).

    Examples
    --------
    >>> import evalcore as ec
    >>> m, names = ec.top_classes([[5, 1, 0], [0, 3, 1], [0, 0, 1]], ["a", "b", "c"], 2)
    >>> m.tolist(), names
    ([[5, 1], [0, 5]], ['a', 'other'])
    """
    a = np.asarray(cm, dtype=np.int64)
    labs = list(labels)
    kk = check_count(k, "k", minimum=2)
    if a.shape[0] <= kk:
        return a, labs
    support = a.sum(axis=0) + a.sum(axis=1)
    keep = np.sort(np.argsort(-support, kind="stable")[:kk - 1])
    group = np.full(a.shape[0], kk - 1)
    group[keep] = np.arange(kk - 1)
    out = np.zeros((kk, kk), dtype=np.int64)
    np.add.at(out, (group[:, None], group[None, :]), a)
    return out, [labs[i] for i in keep] + [other]


def one_vs_rest(cm) -> list[Counts]:
    """The K binary confusion matrices "class k vs the rest" of a K x K matrix.

    Parameters
    ----------
    cm : array-like of shape (K, K)
        Counts, rows = true class, columns = predicted class.

    Returns
    -------
    list of Counts
        K matrices; entry k counts class k as the positive class.
    """
    a = np.asarray(cm, dtype=np.int64)
    total = int(a.sum())
    out = []
    for k in range(a.shape[0]):
        tp = int(a[k, k])
        fn = int(a[k, :].sum()) - tp
        fp = int(a[:, k].sum()) - tp
        out.append(Counts(tp, fp, total - tp - fn - fp, fn))
    return out


class Kappa(NamedTuple):
    """Cohen's kappa with its two parts: observed agreement ``p_o`` and the
    agreement ``p_e`` expected by chance from the row and column totals."""

    kappa: float
    p_o: float
    p_e: float
    n_agree: int = 0
    n: int = 0


def kappa_parts(cm) -> Kappa:
    """Cohen's kappa, p_o and p_e of a K x K confusion matrix.

    p_o = trace / N,  p_e = sum_k (row_k / N) (col_k / N),
    kappa = (p_o - p_e) / (1 - p_e)  (nan when p_e = 1).

    Parameters
    ----------
    cm : array-like of shape (K, K)
        Counts, rows = true class, columns = predicted class.

    Returns
    -------
    Kappa
        ``kappa`` (at most 1, 0 for chance agreement; nan when p_e = 1), ``p_o``, ``p_e`` (in [0, 1]),
        ``n_agree`` (the trace) and ``n`` (the total).
    """
    a = np.asarray(cm, dtype=np.float64)
    if a.ndim != 2 or a.shape[0] != a.shape[1]:
        raise DataError("bad_shape", name="cm", expected="(K, K)", shape=a.shape)
    n = a.sum()
    if n <= 0:
        raise DataError("empty", name="cm")
    p_o = float(np.trace(a) / n)
    p_e = float(np.dot(a.sum(axis=1), a.sum(axis=0)) / (n * n))
    return Kappa(_ratio(p_o - p_e, 1.0 - p_e) if p_e != 1.0 else NAN, p_o, p_e,
                 int(np.trace(a)), int(n))


def cohen_kappa(cm) -> float:
    """Cohen's kappa of a K x K confusion matrix, (p_o - p_e) / (1 - p_e).

    Parameters
    ----------
    cm : array-like of shape (K, K)
        Counts, rows = true class, columns = predicted class.

    Returns
    -------
    float
        Kappa, at most 1 (0 for chance agreement); nan when p_e = 1.

    Examples
    --------
    >>> import evalcore as ec
    >>> round(ec.cohen_kappa([[20, 10], [5, 15]]), 6)   # a 50-sample worked example
    0.4
    """
    return kappa_parts(cm).kappa
