"""Hypothesis tests for comparing learners, textbook section 2.4.

Every result is a frozen dataclass with ``statistic``, ``pvalue``,
``critical`` (the critical value of the statistic at ``alpha``), ``reject``
(the null hypothesis is rejected at ``alpha``) and, where the reference
distribution has them, ``df``.  Paired tests reduce to one-sample tests on
the differences, as in SciPy.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats

from ._validation import (DataError, as_1d, check_alpha, check_count, check_matrix,
                          check_open_unit, check_real, check_scores, check_same_length)
from .intervals import proportion_interval
from .results import ConfidenceInterval, TestResult

CV5X2_REPLICATIONS = 5   # the 5 of 5x2cv: five replications ...
CV5X2_FOLDS = 2          # ... of 2-fold cross-validation


@dataclass(frozen=True, kw_only=True)
class BinomialTestResult(TestResult):
    """``statistic`` is the observed number of errors; ``critical`` the
    critical error count c; ``critical_error_rate`` = c / m (the book's
    epsilon-bar); ``error_rate`` = n_errors / m."""

    critical_error_rate: float
    m: int
    eps0: float
    error_rate: float

    def confidence_interval(self, confidence_level: float = 0.95, *,
                            method: str = "clopper-pearson") -> ConfidenceInterval:
        """Two-sided interval for the generalisation error from ``statistic``
        errors in ``m`` tests: the exact (Clopper-Pearson) interval by default,
        as ``scipy.stats.binomtest(...).proportion_ci(method="exact")``;
        ``method="wilson"`` for the score interval.

        Parameters
        ----------
        confidence_level : float, default 0.95
            In (0, 1).
        method : {"clopper-pearson", "wilson"}, default "clopper-pearson"
            The exact interval or the score interval.

        Returns
        -------
        ConfidenceInterval
            ``low`` and ``high`` error rates, within [0, 1].
        """
        return proportion_interval(self.statistic, self.m, confidence_level=confidence_level, method=method)


def binomial_test(n_errors, m, eps0, *, alpha=0.05) -> BinomialTestResult:
    """One-sided binomial test of H0: generalisation error <= eps0.

    Parameters
    ----------
    n_errors : int
        Misclassified test samples, out of ``m``.
    m : int
        Number of test samples.
    eps0 : float in (0, 1)
        The error rate under H0.
    alpha : float, default 0.05
        Significance level, in (0, 1).

    Returns
    -------
    BinomialTestResult
        ``statistic`` (= n_errors), ``pvalue``, ``critical`` (the count c),
        ``reject``, ``alpha``, ``critical_error_rate`` (c / m), ``m``, ``eps0``
        and ``error_rate`` (n_errors / m).

    Notes
    -----
    Under H0 the error count X ~ Bin(m, eps0).  The p-value is
    P(X >= n_errors); the critical count is c = min{c : P(X > c) <= alpha},
    and H0 is rejected iff n_errors > c, i.e. the test error rate exceeds
    epsilon-bar = c / m.  The book prints (2.27) with "max ... s.t. sum
    >= ... < alpha"; that form is known to be misprinted: the definition here
    is the one that gives a test of size <= alpha (as R's ``binom.test``).

    Examples
    --------
    >>> import evalcore as ec
    >>> r = ec.binomial_test(n_errors=5, m=20, eps0=0.1)
    >>> r.critical, r.reject, round(r.pvalue, 4)
    (4, True, 0.0432)
    """
    m_ = check_count(m, "m", minimum=1)
    k = check_count(n_errors, "n_errors", minimum=0)
    if k > m_:
        raise DataError("errors_exceed_m", errors=k, m=m_)
    e0 = check_open_unit(eps0, "eps0")
    a = check_alpha(alpha)
    dist = stats.binom(m_, e0)
    pvalue = float(dist.sf(k - 1))
    c = int(dist.isf(a))
    # isf works in floating point; settle c exactly on the definition.
    while c > 0 and dist.sf(c - 1) <= a:
        c -= 1
    while dist.sf(c) > a:
        c += 1
    return BinomialTestResult(statistic=k, pvalue=pvalue, critical=c, critical_error_rate=c / m_, reject=k > c, m=m_,
                              eps0=e0, alpha=a, error_rate=k / m_)


@dataclass(frozen=True, kw_only=True)
class TTestResult(TestResult):
    """Two-sided t-test.  ``statistic`` is t; ``critical`` is t_{alpha/2, df};
    ``mean`` and ``std`` (ddof = 1) of the values tested; ``k`` values."""

    df: int
    mean: float
    std: float
    k: int
    degenerate: bool = False   # all values equal: s = 0, the statistic is 0/0 (nan) or +-inf

    def confidence_interval(self, confidence_level: float = 0.95) -> ConfidenceInterval:
        """Two-sided interval for the mean: mean -/+ t_{(1-level)/2, df} s / sqrt(k).

        Parameters
        ----------
        confidence_level : float, default 0.95
            In (0, 1).

        Returns
        -------
        ConfidenceInterval
            ``low`` and ``high``, in the units of the tested values.
        """
        lvl = check_open_unit(confidence_level, "confidence_level")
        h = stats.t.ppf(0.5 + lvl / 2, self.df) * self.std / math.sqrt(self.k)
        return ConfidenceInterval(self.mean - h, self.mean + h)


def t_test(error_rates, eps0, *, alpha=0.05) -> TTestResult:
    """Two-sided one-sample t-test of H0: mean error rate = eps0, textbook (2.30).

    tau_t = sqrt(k) (mu - eps0) / sigma, with mu, sigma the mean and sample
    standard deviation (ddof = 1) of the k error rates; tau_t ~ t(k - 1).
    Same as ``scipy.stats.ttest_1samp``.

    Parameters
    ----------
    error_rates : array-like of shape (k,)
        k >= 2 test error rates (e.g. one per repeated hold-out), in [0, 1].
    eps0 : float
        The mean error rate under H0, in [0, 1].
    alpha : float, default 0.05
        Significance level, in (0, 1).

    Returns
    -------
    TTestResult
        ``statistic`` (tau_t), ``pvalue`` (two-sided), ``critical``
        (t_{alpha/2, k-1}), ``reject``, ``alpha``, ``df`` (k - 1), ``mean``,
        ``std`` (ddof 1), ``k`` and ``degenerate`` (all values equal).

    Examples
    --------
    >>> import evalcore as ec
    >>> r = ec.t_test([0.10, 0.12, 0.09, 0.11, 0.13], eps0=0.10)
    >>> r.df, round(r.statistic, 4)
    (4, 1.4142)
    """
    x = check_scores(error_rates, "error_rates")
    eps = check_real(eps0, "eps0")
    a = check_alpha(alpha)
    k = x.shape[0]
    if k < 2:
        raise DataError("too_few", name="error_rates", need=2, got=k)
    mu = float(x.mean())
    sd = float(x.std(ddof=1))
    df = k - 1
    crit = float(stats.t.ppf(1 - a / 2, df))
    if sd <= 1e-14 * max(1.0, abs(mu)):          # all values equal (up to rounding)
        sd = 0.0
        if abs(mu - eps) <= 1e-14 * max(1.0, abs(mu)):
            return TTestResult(statistic=math.nan, pvalue=math.nan, critical=crit, reject=False, df=df, mean=mu,
                               std=sd, k=k, alpha=a, degenerate=True)   # 0/0, as scipy
        t = math.copysign(math.inf, mu - eps)
        return TTestResult(statistic=t, pvalue=0.0, critical=crit, reject=True, df=df, mean=mu, std=sd, k=k, alpha=a,
                           degenerate=True)
    t = math.sqrt(k) * (mu - eps) / sd
    p = float(2 * stats.t.sf(abs(t), df))
    return TTestResult(statistic=t, pvalue=p, critical=crit, reject=abs(t) > crit, df=df, mean=mu, std=sd, k=k, alpha=a)


def paired_t_test(errors_a, errors_b, *, alpha=0.05) -> TTestResult:
    """k-fold cross-validated paired t-test, textbook section 2.4.2.

    The differences Delta_i = errors_a[i] - errors_b[i] are tested for mean 0:
    tau_t = |sqrt(k) mu / sigma| ~ t(k - 1).  Same as ``scipy.stats.ttest_rel``
    (``mean`` and ``std`` in the result are those of the differences).

    Parameters
    ----------
    errors_a, errors_b : array-like of shape (k,)
        Error rates of the two learners on the same k folds, k >= 2.
    alpha : float, default 0.05
        Significance level, in (0, 1).

    Returns
    -------
    TTestResult
        ``statistic`` (tau_t), ``pvalue`` (two-sided), ``critical``
        (t_{alpha/2, k-1}), ``reject``, ``alpha``, ``df`` (k - 1), ``mean``,
        ``std`` (ddof 1), ``k`` and ``degenerate`` (all values equal).
    """
    a = check_scores(errors_a, "errors_a")
    b = check_scores(errors_b, "errors_b")
    check_same_length(a, b, "errors_a", "errors_b")
    return t_test(a - b, 0.0, alpha=alpha)


@dataclass(frozen=True, kw_only=True)
class Cv5x2Result(TestResult):
    """5x2cv paired t-test.  ``differences`` (5, 2); ``variances`` s_i^2 (5,);
    ``numerator`` the mean difference used on top."""

    df: int
    numerator: float
    variances: np.ndarray
    differences: np.ndarray
    variant: str

    @property
    def variance_sum(self) -> float:
        """sum_i s_i^2, under the square root of (2.31)'s denominator (times 0.2)."""
        return float(self.variances.sum())


def cv5x2_t_test(errors_a, errors_b, *, alpha=0.05, variant="book") -> Cv5x2Result:
    """5x2 cross-validated paired t-test, textbook (2.31); Dietterich (1998).

    Parameters
    ----------
    errors_a, errors_b : array-like of shape (5, 2)
        Error rates of the two learners on fold j of replication i.
    variant : {"book", "dietterich"}, default "book"
        The numerator: ``"book"`` uses mu = 0.5 (d_11 + d_12), the mean of the
        first replication; ``"dietterich"`` uses d_11 alone.
    alpha : float, default 0.05
        Significance level, in (0, 1).

    Returns
    -------
    Cv5x2Result
        ``statistic`` (tau_t), ``pvalue``, ``critical``, ``reject``, ``alpha``,
        ``df`` (5), ``numerator`` (mu), ``variances`` (the five s_i^2),
        ``differences`` (the (5, 2) d_ij) and ``variant``.

    Notes
    -----
    tau_t = mu / sqrt(0.2 * sum_{i=1}^5 s_i^2) ~ t(5) (five replications,
    :data:`CV5X2_REPLICATIONS`), with
    s_i^2 = (d_i1 - dbar_i)^2 + (d_i2 - dbar_i)^2 and dbar_i = (d_i1 + d_i2) / 2.
    Two-sided p-value.
    """
    if variant not in ("book", "dietterich"):
        raise DataError("bad_option", name="variant", options=("book", "dietterich"), value=variant)
    shape = (CV5X2_REPLICATIONS, CV5X2_FOLDS)
    a = check_matrix(errors_a, "errors_a", shape=shape)
    b = check_matrix(errors_b, "errors_b", shape=shape)
    al = check_alpha(alpha)
    d = a - b
    dbar = d.mean(axis=1)
    s2 = ((d - dbar[:, None]) ** 2).sum(axis=1)
    num = float(dbar[0]) if variant == "book" else float(d[0, 0])
    den = math.sqrt(0.2 * float(s2.sum()))
    if den == 0.0:
        t = 0.0 if num == 0 else math.copysign(math.inf, num)
    else:
        t = num / den
    df = CV5X2_REPLICATIONS
    p = float(2 * stats.t.sf(abs(t), df))
    crit = float(stats.t.ppf(1 - al / 2, df))
    return Cv5x2Result(statistic=t, pvalue=p, critical=crit, reject=abs(t) > crit, df=df, numerator=num, variances=s2,
                       differences=d, variant=variant, alpha=al)


@dataclass(frozen=True, kw_only=True)
class McNemarResult(TestResult):
    """McNemar's test with continuity correction; ``statistic`` is tau_chi2."""

    df: int
    e01: int
    e10: int
    pvalue_exact: float = math.nan   # two-sided exact binomial p-value (e01 ~ Bin(e01 + e10, 1/2))
    reject_exact: bool = False

    @property
    def exact_recommended(self) -> bool:
        """Fewer than 25 disagreements: the chi-square approximation is poor;
        use the exact binomial form (``pvalue_exact``)."""
        return self.e01 + self.e10 < 25


def mcnemar_table(correct_a, correct_b) -> np.ndarray:
    """The 2 x 2 contingency table of textbook table 2.4 from two
    classifiers' per-sample correctness (True = right):
    ``[[e00, e01], [e10, e11]]`` with e00 both wrong, e01 A wrong and B
    right, e10 A right and B wrong, e11 both right.

    Parameters
    ----------
    correct_a, correct_b : array-like of bool, shape (m,)
        Whether classifiers A and B get each sample right.

    Returns
    -------
    ndarray of int, shape (2, 2)
        ``[[e00, e01], [e10, e11]]``, summing to m.

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.mcnemar_table([1, 0, 1, 0, 1], [1, 1, 0, 0, 1]).tolist()
    [[1, 1], [1, 2]]
    """
    a = as_1d(correct_a, "correct_a").astype(bool)
    b = as_1d(correct_b, "correct_b").astype(bool)
    check_same_length(a, b, "correct_a", "correct_b")
    return np.array([[np.sum(~a & ~b), np.sum(~a & b)], [np.sum(a & ~b), np.sum(a & b)]], dtype=np.int64)


def mcnemar(e01, e10, *, alpha=0.05) -> McNemarResult:
    """McNemar's test, textbook (2.33).

    ``e01``: samples classifier A gets wrong and B right; ``e10`` the reverse.
    tau_chi2 = (|e01 - e10| - 1)^2 / (e01 + e10) ~ chi2(1).  Same as
    statsmodels' ``mcnemar(table, exact=False, correction=True)``.

    Parameters
    ----------
    e01 : int
        Samples A gets wrong and B right, >= 0.
    e10 : int
        Samples A gets right and B wrong, >= 0.
    alpha : float, default 0.05
        Significance level, in (0, 1).

    Returns
    -------
    McNemarResult
        ``statistic`` (tau_chi2), ``pvalue``, ``critical`` (chi2_{1-alpha}(1)),
        ``reject``, ``alpha``, ``df`` (1), ``e01``, ``e10``, and the exact
        binomial test's ``pvalue_exact`` and ``reject_exact``.

    Examples
    --------
    >>> import evalcore as ec
    >>> r = ec.mcnemar(10, 3)
    >>> round(r.statistic, 4), round(r.critical, 3)
    (2.7692, 3.841)
    """
    b = check_count(e01, "e01")
    c = check_count(e10, "e10")
    a = check_alpha(alpha)
    if b + c == 0:
        raise DataError("no_disagreement", e01=b, e10=c)
    stat = (abs(b - c) - 1) ** 2 / (b + c)
    p = float(stats.chi2.sf(stat, 1))
    crit = float(stats.chi2.ppf(1 - a, 1))
    p_exact = float(min(1.0, 2 * stats.binom.cdf(min(b, c), b + c, 0.5)))
    return McNemarResult(statistic=float(stat), pvalue=p, critical=crit, reject=stat > crit, df=1, e01=b, e10=c,
                         alpha=a, pvalue_exact=p_exact, reject_exact=p_exact <= a)


@dataclass(frozen=True, kw_only=True)
class FriedmanResult(TestResult):
    """Friedman test.  ``statistic`` is tau_F (the F form), with ``df`` =
    (k - 1, (k - 1)(N - 1)) and ``pvalue``/``critical`` from that F
    distribution; ``chi2`` is tau_chi2 (2.34), no tie correction; ``ranks``
    the N x k rank table; ``avg_ranks`` the k average ranks (1 = best)."""

    df: tuple[int, int]
    chi2: float
    avg_ranks: np.ndarray
    ranks: np.ndarray
    n_datasets: int
    k: int


def friedman(performance, *, alpha=0.05, higher_is_better=False) -> FriedmanResult:
    """Friedman test of k algorithms on N data sets, textbook (2.34), (2.35).

    Parameters
    ----------
    performance : array-like of shape (N, k)
        A measure of each algorithm (column) on each data set (row).
    higher_is_better : bool, default False
        False for error rates (smallest = rank 1), True for accuracies.
    alpha : float, default 0.05
        Significance level, in (0, 1).

    Returns
    -------
    FriedmanResult
        ``statistic`` (tau_F), ``pvalue``, ``critical``, ``reject``, ``alpha``,
        ``df`` ((k - 1, (k - 1)(N - 1))), ``chi2`` (tau_chi2), ``avg_ranks`` (k),
        ``ranks`` ((N, k)), ``n_datasets`` (N) and ``k``.

    Notes
    -----
    Ranks within each data set, 1 = best, ties share the mean rank; r_i is
    algorithm i's average rank.
    tau_chi2 = 12 N / (k (k + 1)) * (sum r_i^2 - k (k + 1)^2 / 4),
    tau_F = (N - 1) tau_chi2 / (N (k - 1) - tau_chi2) ~ F(k - 1, (k - 1)(N - 1)).

    Examples
    --------
    >>> import evalcore as ec
    >>> r = ec.friedman([[1, 2, 3], [1, 2.5, 2.5], [1, 2, 3], [1, 2, 3]])
    >>> r.avg_ranks.tolist(), round(r.statistic, 3)   # book table 2.5
    ([1.0, 2.125, 2.875], 24.429)
    """
    x = check_matrix(performance, "performance", min_rows=2)
    a = check_alpha(alpha)
    n, k = x.shape
    if k < 2:
        raise DataError("too_few", name="performance columns (algorithms)", need=2, got=k)
    ranks = stats.rankdata(-x if higher_is_better else x, axis=1)
    r = ranks.mean(axis=0)
    chi2 = 12.0 * n / (k * (k + 1)) * (float(np.sum(r ** 2)) - k * (k + 1) ** 2 / 4.0)
    df1, df2 = k - 1, (k - 1) * (n - 1)
    den = n * (k - 1) - chi2
    tau_f = (n - 1) * chi2 / den if den > 1e-12 * n * k else math.inf
    p = float(stats.f.sf(tau_f, df1, df2))
    crit = float(stats.f.ppf(1 - a, df1, df2))
    return FriedmanResult(statistic=float(tau_f), pvalue=p, critical=crit, reject=tau_f > crit, df=(df1, df2),
                          chi2=float(chi2), avg_ranks=r, ranks=ranks, n_datasets=n, k=k, alpha=a)


def nemenyi_q(k, *, alpha=0.05) -> float:
    """q_alpha of the Nemenyi test: the studentized range quantile with
    infinite df divided by sqrt(2) (textbook table 2.7).

    Printed tables (the book, Demsar 2006) round q first; for k = 7 they give
    2.949 where the exact value is 2.9483.

    Parameters
    ----------
    k : int
        Number of algorithms compared, k >= 2.
    alpha : float, default 0.05
        Significance level, in (0, 1).

    Returns
    -------
    float
        q_alpha, > 0.
    """
    kk = check_count(k, "k", minimum=2)
    a = check_alpha(alpha)
    return float(stats.studentized_range.ppf(1 - a, kk, np.inf) / math.sqrt(2))


def nemenyi_cd(k, n_datasets, *, alpha=0.05) -> float:
    """Nemenyi critical difference, textbook (2.36).

    CD = q_alpha * sqrt(k (k + 1) / (6 N)).  Two algorithms whose average
    ranks differ by more than CD differ significantly.

    Parameters
    ----------
    k : int
        Number of algorithms, k >= 2.
    n_datasets : int
        Number of data sets N, N >= 1.
    alpha : float, default 0.05
        Significance level, in (0, 1).

    Returns
    -------
    float
        The critical difference CD, in average-rank units.

    Examples
    --------
    >>> import evalcore as ec
    >>> round(ec.nemenyi_cd(3, 4), 3)   # book: 1.657
    1.657
    """
    n = check_count(n_datasets, "n_datasets", minimum=1)
    kk = check_count(k, "k", minimum=2)
    return nemenyi_q(kk, alpha=alpha) * math.sqrt(kk * (kk + 1) / (6.0 * n))


def nemenyi_groups(avg_ranks, cd) -> list[tuple[int, ...]]:
    """Maximal groups of algorithms whose average ranks lie within ``cd`` of
    each other (the bars of a critical-difference diagram), as index tuples
    in order of rank.  Pure function: the plot only draws its result.

    Parameters
    ----------
    avg_ranks : array-like of shape (k,)
        Each algorithm's average rank (1 = best).
    cd : float
        The critical difference (:func:`nemenyi_cd`), >= 0.

    Returns
    -------
    list of tuple of int
        Each group's algorithm indices, in order of rank; only groups of two or more.
    """
    r = as_1d(avg_ranks, "avg_ranks").astype(np.float64)
    order = np.argsort(r, kind="stable")
    groups: list[tuple[int, ...]] = []
    for i in range(order.shape[0]):
        j = i
        while j + 1 < order.shape[0] and r[order[j + 1]] - r[order[i]] <= cd:
            j += 1
        g = tuple(int(v) for v in order[i:j + 1])
        if len(g) > 1 and not any(set(g) <= set(h) for h in groups):
            groups.append(g)
    return groups
