"""Beyond the book: DeLong's test of two correlated AUCs (two models scored
on the same test set), in the fast O(n log n) form.

DeLong, DeLong & Clarke-Pearson, "Comparing the areas under two or more
correlated receiver operating characteristic curves: a nonparametric
approach", Biometrics 44 (1988) 837-845.  Fast form: X. Sun and W. Xu,
"Fast implementation of DeLong's algorithm", IEEE Signal Processing Letters
21 (2014) 1389-1393 -- what R's pROC ``roc.test(method = "delong")`` does.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from scipy import stats

from ._validation import DataError, check_alpha, check_labels_and_scores, check_same_length, check_scores
from .results import ConfidenceInterval, TestResult


@dataclass(frozen=True, kw_only=True)
class DeLongResult(TestResult):
    """``auc_a``, ``auc_b`` and their DeLong confidence intervals ``ci_a``,
    ``ci_b`` (at 1 - alpha, clipped to [0, 1]); ``difference`` = auc_a - auc_b;
    ``statistic`` z = difference / sqrt(var(difference)); two-sided
    ``pvalue``; ``critical`` z_{1 - alpha/2}; ``reject``; ``covariance`` the
    2 x 2 covariance of the two AUCs; ``degenerate`` when var(difference) is
    0 (identical rankings): z is then nan (0/0) or +-inf."""

    auc_a: float
    auc_b: float
    ci_a: ConfidenceInterval
    ci_b: ConfidenceInterval
    difference: float
    covariance: np.ndarray
    degenerate: bool

    @property
    def difference_variance(self) -> float:
        """Var(AUC_a - AUC_b) = S_aa + S_bb - 2 S_ab, the square of z's denominator."""
        c = self.covariance
        return float(max(c[0, 0] + c[1, 1] - 2 * c[0, 1], 0.0))


def _components(y: np.ndarray, s: np.ndarray):
    """AUC and the structural components V10 (per positive) and V01 (per
    negative): V10_i = P(score of positive i > a negative's) with ties 1/2,
    V01_j = P(a positive's score > score of negative j) with ties 1/2.
    One sort: in score order, each run of equal scores knows how many of
    each class lie below it and inside it (the midrank form's numbers)."""
    order = np.argsort(s)          # any order within a run of equal scores will do
    ss, ys = s[order], y[order]
    m = int(np.count_nonzero(y))
    n = y.shape[0] - m
    start = np.empty(ss.shape[0], dtype=bool)
    start[0] = True
    np.not_equal(ss[1:], ss[:-1], out=start[1:])
    first = np.flatnonzero(start)                       # where each run of equal scores begins
    run = np.cumsum(start) - 1                          # the run of each sorted sample
    pos_cum = np.concatenate(([0], np.cumsum(ys)))
    pos_below = pos_cum[first]
    pos_in = np.diff(np.append(pos_below, m))
    neg_below = first - pos_below
    neg_in = np.diff(np.append(first, ss.shape[0])) - pos_in
    v10_run = (neg_below + 0.5 * neg_in) / n          # a positive: negatives below it, ties 1/2
    v01_run = (m - pos_below - 0.5 * pos_in) / m      # a negative: positives above it, ties 1/2
    val = np.empty(ss.shape[0])
    val[order] = np.where(ys, v10_run[run], v01_run[run])
    v10, v01 = val[y], val[~y]
    return float(v10.mean()), v10, v01


def delong_auc_variance(y_true, scores) -> float:
    """DeLong's variance of one AUC: var(V10) / m+ + var(V01) / m-.

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels (1 = positive); both classes must occur.
    scores : array-like of shape (m,)
        Finite real scores, larger = more likely positive.

    Returns
    -------
    float
        The variance, >= 0.

    Examples
    --------
    >>> import evalcore as ec
    >>> round(ec.delong_auc_variance([1, 1, 0, 0, 1, 0], [0.9, 0.4, 0.5, 0.1, 0.8, 0.3]), 6)
    0.024691
    """
    y, s = check_labels_and_scores(y_true, scores)
    _, v10, v01 = _components(y, s)
    return float(np.var(v10, ddof=1) / v10.shape[0] + np.var(v01, ddof=1) / v01.shape[0])


def delong_test(y_true, scores_a, scores_b, *, alpha=0.05) -> DeLongResult:
    """DeLong's test of H0: AUC_a = AUC_b for two models on the same samples.

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels (1 = positive); both classes must occur.
    scores_a, scores_b : array-like of shape (m,)
        The two models' finite scores on the same samples.
    alpha : float, default 0.05
        Significance level, in (0, 1); the intervals are at 1 - alpha.

    Returns
    -------
    DeLongResult
        ``statistic`` (z), ``pvalue`` (two-sided), ``critical``, ``reject``,
        ``alpha``, ``auc_a``, ``auc_b``, ``ci_a``, ``ci_b``, ``difference``,
        ``covariance`` ((2, 2)) and ``degenerate``.

    Notes
    -----
    With V10, V01 the structural components of each model, S10 and S01 their
    2 x 2 sample covariances (ddof 1) over positives and negatives,
    S = S10 / m+ + S01 / m-, and
    z = (AUC_a - AUC_b) / sqrt(S_aa + S_bb - 2 S_ab) ~ N(0, 1) under H0.
    The AUCs are the textbook's (ties count 1/2), equal to ``ec.roc_auc``.

    Examples
    --------
    >>> import evalcore as ec
    >>> y = [1, 1, 1, 0, 0, 0, 1, 0]
    >>> r = ec.delong_test(y, [0.9, 0.8, 0.7, 0.3, 0.2, 0.6, 0.4, 0.1], [0.6, 0.9, 0.3, 0.5, 0.2, 0.7, 0.8, 0.4])
    >>> round(r.auc_a, 4), round(r.auc_b, 4), r.reject
    (0.9375, 0.75, False)
    """
    y, a = check_labels_and_scores(y_true, scores_a)
    b = check_scores(scores_b, "scores_b")
    check_same_length(a, b, "scores_a", "scores_b")
    al = check_alpha(alpha)
    return _compare(_components(y, a), _components(y, b), al)


def _compare(comp_a, comp_b, al: float) -> DeLongResult:
    return _result(comp_a[0], comp_b[0], _covariance([comp_a, comp_b]), al)


def _covariance(comps) -> np.ndarray:
    """The k x k covariance S = S10 / m+ + S01 / m- of k models' AUCs from
    their components (ddof 1; zero for a class with one sample).  Centres
    the components in place (they are temporaries of the caller): no copy
    of k arrays of n values."""
    k = len(comps)
    out = np.zeros((k, k))
    for part in (1, 2):
        vs = [c[part] for c in comps]
        size = vs[0].shape[0]
        if size < 2:
            continue
        for v in vs:
            v -= v.mean()
        for i in range(k):
            for j in range(i, k):
                out[i, j] += float(vs[i] @ vs[j]) / (size - 1) / size
    return np.triu(out) + np.triu(out, 1).T


def _result(auc_a: float, auc_b: float, cov: np.ndarray, al: float) -> DeLongResult:
    var = float(cov[0, 0] + cov[1, 1] - 2 * cov[0, 1])
    diff = auc_a - auc_b
    z_crit = float(stats.norm.ppf(1 - al / 2))
    degenerate = var <= 1e-15
    if degenerate:
        z = math.nan if abs(diff) <= 1e-15 else math.copysign(math.inf, diff)
        p = math.nan if math.isnan(z) else 0.0
    else:
        z = diff / math.sqrt(var)
        p = float(2 * stats.norm.sf(abs(z)))
    reject = bool(not math.isnan(z) and abs(z) > z_crit)
    return DeLongResult(auc_a=auc_a, auc_b=auc_b, ci_a=_ci(auc_a, cov[0, 0], z_crit),
                        ci_b=_ci(auc_b, cov[1, 1], z_crit), difference=diff, statistic=z, pvalue=p, critical=z_crit,
                        reject=reject, covariance=cov, alpha=al, degenerate=degenerate)


def _ci(auc: float, var: float, z_crit: float) -> ConfidenceInterval:
    h = z_crit * math.sqrt(max(var, 0.0))
    return ConfidenceInterval(max(0.0, auc - h), min(1.0, auc + h))


@dataclass(frozen=True)
class DeLongPairs:
    """Every model's AUC with its DeLong interval, and DeLong's test of every
    pair: ``auc[i]``, ``ci[i]`` (at 1 - alpha, clipped to [0, 1]), ``tests``
    {(i, j): DeLongResult of model i against model j} for i < j,
    ``covariance`` the (k, k) covariance of the AUCs."""

    auc: list
    ci: list
    tests: dict
    covariance: np.ndarray


def delong_pairs(y_true, scores, *, alpha=0.05) -> DeLongPairs:
    """AUCs, their DeLong intervals and DeLong's test of every pair of
    ``scores`` (a sequence of score arrays on the same samples), ranking each
    model once (k models: k rankings, not k(k - 1)).

    Each test equals ``delong_test(y_true, scores[i], scores[j], alpha)``;
    ``ci[i]`` equals its ``ci_a``.

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels (1 = positive); both classes must occur.
    scores : sequence of array-like of shape (m,)
        k >= 1 models' finite scores on the same samples.
    alpha : float, default 0.05
        Significance level, in (0, 1); the intervals are at 1 - alpha.

    Returns
    -------
    DeLongPairs
        ``auc`` (k AUCs), ``ci`` (k :class:`ConfidenceInterval`), ``tests``
        ({(i, j): :class:`DeLongResult`} for i < j) and ``covariance`` ((k, k)).

    Examples
    --------
    >>> import evalcore as ec
    >>> y = [1, 1, 1, 0, 0, 0, 1, 0]
    >>> r = ec.delong_pairs(y, [[0.9, 0.8, 0.7, 0.3, 0.2, 0.6, 0.4, 0.1], [0.6, 0.9, 0.3, 0.5, 0.2, 0.7, 0.8, 0.4]])
    >>> round(r.auc[0], 4), round(r.tests[0, 1].pvalue, 4)
    (0.9375, 0.3993)
    """
    al = check_alpha(alpha)
    arrays = list(scores)
    if not arrays:
        raise DataError("empty", name="scores")
    y, first = check_labels_and_scores(y_true, arrays[0])
    comps = [_components(y, first)]
    for k, s in enumerate(arrays[1:], start=1):
        s = check_scores(s, f"scores[{k}]")
        check_same_length(first, s, "scores[0]", f"scores[{k}]")
        comps.append(_components(y, s))
    return _pairs([c[0] for c in comps], _covariance(comps), al)   # all k at once: one product per class


def _pairs(aucs, cov: np.ndarray, al: float) -> DeLongPairs:
    """Every AUC's interval and every pair's test from the AUCs and their covariance."""
    z_crit = float(stats.norm.ppf(1 - al / 2))
    cis = [_ci(a, cov[i, i], z_crit) for i, a in enumerate(aucs)]
    tests = {(i, j): _result(aucs[i], aucs[j], cov[np.ix_([i, j], [i, j])], al)
             for i in range(len(aucs)) for j in range(i + 1, len(aucs))}
    return DeLongPairs(list(aucs), cis, tests, cov)


def delong_from_sums(pos_cross, pos_sum, neg_cross, neg_sum, n_pos: int, n_neg: int,
                     *, alpha: float = 0.05) -> DeLongPairs:
    """:func:`delong_pairs` from sums over the rows, for a log too large to
    hold (see :mod:`evalcore.aggregate`).

    With A_i = 2 m- V10_i over the positives and B_i = 2 m+ V01_i over the
    negatives (integers: ties count once of two), ``pos_sum[i]`` = Σ A_i,
    ``pos_cross[i][j]`` = Σ A_i A_j, ``neg_sum`` and ``neg_cross`` likewise
    for B.  The AUCs are the components' means, S10 and S01 their sample
    covariances (ddof 1), S = S10 / m+ + S01 / m-: formed from the integer
    sums in exact rational arithmetic and rounded once.  Equal to
    ``delong_pairs`` on the rows (to rounding).

    Parameters
    ----------
    pos_cross : array-like of shape (k, k)
        Sums over the positives of A_i A_j (integers).
    pos_sum : array-like of shape (k,)
        Sums over the positives of A_i.
    neg_cross : array-like of shape (k, k)
        Sums over the negatives of B_i B_j.
    neg_sum : array-like of shape (k,)
        Sums over the negatives of B_i.
    n_pos, n_neg : int
        Number of positives m+ and negatives m-.
    alpha : float, default 0.05
        Significance level, in (0, 1); the intervals are at 1 - alpha.

    Returns
    -------
    DeLongPairs
        ``auc`` (k AUCs), ``ci`` (k :class:`ConfidenceInterval`), ``tests``
        ({(i, j): :class:`DeLongResult`} for i < j) and ``covariance`` ((k, k)).

    Examples
    --------
    >>> import evalcore as ec
    >>> y = [1, 1, 1, 0, 0, 0, 1, 0]
    >>> a, b = [0.9, 0.8, 0.7, 0.3, 0.2, 0.6, 0.4, 0.1], [0.6, 0.9, 0.3, 0.5, 0.2, 0.7, 0.8, 0.4]
    >>> ts = [ec.score_table(y, s) for s in (a, b)]
    >>> sums = ec.pair_sums(y, [a, b], ts, [0.5, 0.5])
    >>> r = ec.delong_from_sums(sums.pos_cross, sums.pos_sum, sums.neg_cross, sums.neg_sum, 4, 4)
    >>> round(r.auc[0], 4), round(r.tests[0, 1].pvalue, 4)
    (0.9375, 0.3993)
    """
    al = check_alpha(alpha)
    k = len(pos_sum)
    m, n = int(n_pos), int(n_neg)
    cov = np.zeros((k, k))
    for i in range(k):
        for j in range(k):
            cov[i, j] = _cov(pos_cross[i][j], pos_sum[i], pos_sum[j], m, 2 * n) \
                + _cov(neg_cross[i][j], neg_sum[i], neg_sum[j], n, 2 * m)
    return _pairs([pos_sum[i] / (2.0 * m * n) for i in range(k)], cov, al)


def _cov(cross: int, sum_a: int, sum_b: int, size: int, scale: int) -> float:
    """Σ(a - ā)(b - b̄) / (size - 1) / size of components a = A / scale, from
    the integer sums (0 for a class of one sample), exactly."""
    if size < 2:
        return 0.0
    centred = Fraction(cross * size - sum_a * sum_b, size)        # Σ A B - Σ A Σ B / size
    return float(centred / (scale * scale * (size - 1) * size))


__all__ = ["DeLongResult", "DeLongPairs", "delong_test", "delong_pairs", "delong_auc_variance", "delong_from_sums"]
