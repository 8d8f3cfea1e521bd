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

import numpy as np
from scipy import stats

from ._validation import check_alpha, check_labels_and_scores, check_same_length, check_scores
from .results import ConfidenceInterval


@dataclass(frozen=True)
class DeLongResult:
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
    statistic: float
    pvalue: float
    critical: float
    reject: bool
    covariance: np.ndarray
    alpha: float
    degenerate: bool

    @property
    def difference_variance(self) -> float:
        """Var(AUC_a - AUC_b) = S_aa + S_bb - 2 S_ab, the square of z's denominator."""
        c = self.covariance
        return float(max(c[0, 0] + c[1, 1] - 2 * c[0, 1], 0.0))


def _components(y: np.ndarray, s: np.ndarray):
    """AUC and the structural components V10 (per positive) and V01 (per
    negative) from midranks: V10_i = P(score of positive i > a negative's)
    with ties 1/2, V01_j likewise for negative j."""
    pos, neg = s[y], s[~y]
    m, n = pos.shape[0], neg.shape[0]
    tz = stats.rankdata(np.concatenate([pos, neg]))      # midranks among all
    tx = stats.rankdata(pos)                            # ... among the positives
    ty = stats.rankdata(neg)                            # ... among the negatives
    v10 = (tz[:m] - tx) / n
    v01 = 1.0 - (tz[m:] - ty) / m
    auc = float(v10.mean())
    return auc, v10, v01


def delong_auc_variance(y_true, scores) -> float:
    """DeLong's variance of one AUC: var(V10) / m+ + var(V01) / m-.

    Examples
    --------
    >>> import evalcore as ec
    >>> round(ec.delong_auc_variance([1, 1, 0, 0, 1, 0], [0.9, 0.4, 0.5, 0.1, 0.8, 0.3]), 6)
    0.024691
    """
    y, s = check_labels_and_scores(y_true, scores)
    _, v10, v01 = _components(y, s)
    return float(np.var(v10, ddof=1) / v10.shape[0] + np.var(v01, ddof=1) / v01.shape[0])


def delong_test(y_true, scores_a, scores_b, alpha=0.05) -> DeLongResult:
    """DeLong's test of H0: AUC_a = AUC_b for two models on the same samples.

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
    auc_a, v10a, v01a = _components(y, a)
    auc_b, v10b, v01b = _components(y, b)
    m, n = v10a.shape[0], v01a.shape[0]
    s10 = np.cov(np.vstack([v10a, v10b]), ddof=1) if m > 1 else np.zeros((2, 2))
    s01 = np.cov(np.vstack([v01a, v01b]), ddof=1) if n > 1 else np.zeros((2, 2))
    cov = s10 / m + s01 / n
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

    def ci(auc, v):
        h = z_crit * math.sqrt(max(v, 0.0))
        return ConfidenceInterval(max(0.0, auc - h), min(1.0, auc + h))

    return DeLongResult(auc_a, auc_b, ci(auc_a, cov[0, 0]), ci(auc_b, cov[1, 1]), diff, z, p, z_crit, reject, cov,
                        al, degenerate)


__all__ = ["DeLongResult", "delong_test", "delong_auc_variance"]
