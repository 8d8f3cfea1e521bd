"""Comparison tests against scipy.stats, statsmodels and the textbook's tables."""
import math

import numpy as np
import pytest
from scipy import stats
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar

import evalcore as ec


@pytest.mark.parametrize("k, m, eps0, alpha", [(5, 20, 0.1, 0.05), (0, 10, 0.3, 0.05), (12, 100, 0.08, 0.01),
                                                (30, 30, 0.5, 0.1), (3, 50, 0.02, 0.05)])
def test_binomial_test(k, m, eps0, alpha):
    r = ec.binomial_test(k, m, eps0, alpha=alpha)
    assert r.pvalue == pytest.approx(stats.binomtest(k, m, eps0, alternative="greater").pvalue)
    # critical count: smallest c with P(X > c) <= alpha, by enumeration
    sf = [stats.binom.sf(c, m, eps0) for c in range(m + 1)]
    c = next(c for c in range(m + 1) if sf[c] <= alpha)
    assert r.critical == c and r.critical_error_rate == pytest.approx(c / m)
    assert r.reject == (k > c) == (r.pvalue <= alpha)
    # the interval of the error rate: exact (Clopper-Pearson) as scipy's binomtest, Wilson as statsmodels
    from statsmodels.stats.proportion import proportion_confint

    exact = stats.binomtest(k, m).proportion_ci(confidence_level=0.9, method="exact")
    ci = r.confidence_interval(0.9)
    assert (ci.low, ci.high) == pytest.approx((exact.low, exact.high), abs=1e-12)
    assert tuple(r.confidence_interval(method="wilson")) == pytest.approx(
        proportion_confint(k, m, alpha=0.05, method="wilson"), abs=1e-12)


def test_every_test_result_is_a_frozen_keyword_result():
    import dataclasses

    results = [ec.binomial_test(5, 20, 0.1), ec.t_test([0.1, 0.12, 0.09], 0.1),
               ec.paired_t_test([0.1, 0.12, 0.09], [0.11, 0.15, 0.1]), ec.mcnemar(10, 3),
               ec.friedman([[1, 2, 3], [1, 3, 2], [2, 1, 3], [1, 2, 3]])]
    for r in results:
        assert isinstance(r, ec.TestResult)
        with pytest.raises(dataclasses.FrozenInstanceError):
            r.pvalue = 0.5
        with pytest.raises(TypeError):
            type(r)(*[getattr(r, f.name) for f in dataclasses.fields(r)])    # positional: refused


def test_binomial_errors():
    with pytest.raises(ec.DataError, match=r"alpha must be in \(0, 1\), got 1.5"):
        ec.binomial_test(1, 10, 0.1, alpha=1.5)
    with pytest.raises(ec.DataError, match=r"n_errors cannot exceed m \(it must be in \[0, m\]\)"):
        ec.binomial_test(11, 10, 0.1)


def test_t_test_matches_scipy():
    x = [0.12, 0.10, 0.15, 0.11, 0.09, 0.14, 0.13]
    r = ec.t_test(x, 0.1, alpha=0.05)
    ref = stats.ttest_1samp(x, 0.1)
    assert r.statistic == pytest.approx(ref.statistic) and r.pvalue == pytest.approx(ref.pvalue)
    assert r.df == 6 and r.critical == pytest.approx(stats.t.ppf(0.975, 6))
    assert r.reject == (r.pvalue < 0.05)
    lo, hi = r.confidence_interval(0.95)
    ci = ref.confidence_interval(0.95)
    assert (lo, hi) == (pytest.approx(ci.low), pytest.approx(ci.high))


def test_paired_t_test_matches_ttest_rel():
    rng = np.random.default_rng(1)
    a = rng.uniform(0.1, 0.2, 10)
    b = a + rng.normal(0.01, 0.01, 10)
    r = ec.paired_t_test(a, b)
    ref = stats.ttest_rel(a, b)
    assert r.statistic == pytest.approx(ref.statistic) and r.pvalue == pytest.approx(ref.pvalue)
    assert r.df == 9


def _cv5x2_reference(a, b, first_only):
    d = np.asarray(a) - np.asarray(b)
    s2 = [((d[i, 0] - d[i].mean()) ** 2 + (d[i, 1] - d[i].mean()) ** 2) for i in range(5)]
    num = d[0, 0] if first_only else 0.5 * (d[0, 0] + d[0, 1])
    return num / math.sqrt(0.2 * sum(s2))


@pytest.mark.parametrize("variant", ["book", "dietterich"])
def test_cv5x2(variant):
    rng = np.random.default_rng(2)
    a = rng.uniform(0.1, 0.2, (5, 2))
    b = rng.uniform(0.1, 0.2, (5, 2))
    r = ec.cv5x2_t_test(a, b, variant=variant)
    t = _cv5x2_reference(a, b, first_only=variant == "dietterich")
    assert r.statistic == pytest.approx(t)
    assert r.df == 5 and r.pvalue == pytest.approx(2 * stats.t.sf(abs(t), 5))
    assert r.critical == pytest.approx(stats.t.ppf(0.975, 5))


def test_cv5x2_shape_message():
    with pytest.raises(ec.DataError, match=r"errors_a must have shape \(5, 2\); got \(4, 2\)"):
        ec.cv5x2_t_test(np.zeros((4, 2)), np.zeros((5, 2)))


@pytest.mark.parametrize("e01, e10", [(10, 3), (5, 5), (0, 7), (40, 21), (1, 0)])
def test_mcnemar_matches_statsmodels(e01, e10):
    r = ec.mcnemar(e01, e10)
    ref = sm_mcnemar([[50, e01], [e10, 50]], exact=False, correction=True)
    assert r.statistic == pytest.approx(ref.statistic) and r.pvalue == pytest.approx(ref.pvalue)
    assert r.df == 1 and r.critical == pytest.approx(3.8415, abs=1e-4)


def test_mcnemar_needs_a_disagreement():
    with pytest.raises(ec.DataError, match="at least one sample on which"):
        ec.mcnemar(0, 0)


def test_friedman_book_table_2_5():
    # Table 2.5: A ranks 1,1,1,1; B 2,2.5,2,2; C 3,2.5,3,3; the book gives tau_F = 24.429.
    r = ec.friedman([[1, 2, 3], [1, 2.5, 2.5], [1, 2, 3], [1, 2, 3]])
    assert r.avg_ranks.tolist() == [1.0, 2.125, 2.875]
    assert r.statistic == pytest.approx(24.429, abs=1e-3)
    assert r.df == (2, 6)
    assert r.critical == pytest.approx(5.143, abs=1e-3)   # book table 2.6: F(2, 6) at 0.05
    assert r.reject


def test_friedman_chi2_matches_scipy_without_ties():
    rng = np.random.default_rng(4)
    x = rng.random((10, 4))
    r = ec.friedman(x)
    ref = stats.friedmanchisquare(*x.T)
    assert r.chi2 == pytest.approx(ref.statistic)
    n, k = x.shape
    assert r.statistic == pytest.approx((n - 1) * r.chi2 / (n * (k - 1) - r.chi2))
    assert r.pvalue == pytest.approx(stats.f.sf(r.statistic, k - 1, (k - 1) * (n - 1)))
    hi = ec.friedman(-x, higher_is_better=True)
    np.testing.assert_allclose(hi.avg_ranks, r.avg_ranks)


# Textbook table 2.7 / Demsar (2006): q_0.05 for k = 2..10.  Printed tables
# round q_alpha * sqrt(2) first, so they differ from the exact value by < 1e-3.
TABLE_Q = [1.960, 2.344, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164]


@pytest.mark.parametrize("k, q", list(zip(range(2, 11), TABLE_Q)))
def test_nemenyi_q_table(k, q):
    assert ec.nemenyi_q(k) == pytest.approx(q, abs=1e-3)


def test_nemenyi_cd_book_example():
    assert ec.nemenyi_cd(3, 4) == pytest.approx(1.657, abs=1e-3)


def test_nemenyi_groups_pure_function():
    # A at 1.0, B at 2.125, C at 2.875, CD = 1.657: B~C and A~B, not A~C.
    assert ec.nemenyi_groups([1.0, 2.125, 2.875], 1.657) == [(0, 1), (1, 2)]
