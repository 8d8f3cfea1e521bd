"""The curves and areas of textbook section 2.3 as functions of
``(y_true, scores)``: each builds :func:`threshold_counts` (one sort) and
reads its answer off it.  A page that needs several of them builds the
counts once and calls the methods of :class:`ThresholdCounts` instead.
"""
from __future__ import annotations

import math

import numpy as np

from ._ranking import CostCurve, PrCurve, RocCurve, threshold_counts
from ._validation import DataError
from ._validation import check_labels_and_scores as _check
from .confusion import Counts


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

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels (1 = positive); both classes must occur.
    scores : array-like of shape (m,)
        Finite real scores, larger = more likely positive.

    Returns
    -------
    float
        The AUC, in [0, 1].

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

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels (1 = positive); both classes must occur.
    scores : array-like of shape (m,)
        Finite real scores, larger = more likely positive.

    Returns
    -------
    float
        l_rank, in [0, 1].

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

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels (1 = positive); both classes must occur.
    scores : array-like of shape (m,)
        Finite real scores, larger = more likely positive.

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

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels (1 = positive); both classes must occur.
    scores : array-like of shape (m,)
        Finite real scores, larger = more likely positive.

    Returns
    -------
    float
        AP, in [0, 1].

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

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels (1 = positive); both classes must occur.
    scores : array-like of shape (m,)
        Finite real scores, larger = more likely positive.

    Returns
    -------
    float
        The BEP, in [0, 1].

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

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels (1 = positive); both classes must occur.
    scores : array-like of shape (m,)
        Finite real scores, larger = more likely positive.

    Returns
    -------
    CostCurve
        ``fpr``, ``fnr`` and ``thresholds`` (one line per ROC point), ``x`` and
        ``envelope`` (the lower envelope), ``expected_total_cost`` (its area, in
        [0, 0.25]) and ``hull`` (the ROC hull's indices, the lines that touch it).

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


def binary_counts(y_true, scores, threshold) -> Counts:
    """TP, FP, TN, FN of the rule ``score >= threshold`` (textbook table 2.1).

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels (1 = positive); one class may be missing.
    scores : array-like of shape (m,)
        Finite real scores, larger = more likely positive.
    threshold : float
        The cut, in score units; ``inf`` predicts nothing positive, ``-inf``
        everything; nan is refused.

    Returns
    -------
    Counts
        ``tp``, ``fp``, ``tn``, ``fn``, summing to m.

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.binary_counts([1, 0, 1, 0], [0.8, 0.4, 0.3, 0.1], 0.35)
    Counts(tp=1, fp=1, tn=1, fn=1)
    """
    y, s = _check(y_true, scores, need_both=False)
    t = float(threshold)
    if math.isnan(t):  # +-inf are fine: nothing / everything predicted positive
        raise DataError("threshold_nan", value=t)
    pred = s >= t
    tp = int(np.count_nonzero(pred & y))
    fp = int(np.count_nonzero(pred & ~y))
    n_pos = int(np.count_nonzero(y))
    return Counts(tp, fp, y.shape[0] - n_pos - fp, n_pos - tp)
