"""evalcore.intervals against statsmodels' proportion_confint."""
import math

import pytest
from statsmodels.stats.proportion import proportion_confint

import evalcore as ec


@pytest.mark.parametrize("method,sm", [("wilson", "wilson"), ("clopper-pearson", "beta")])
@pytest.mark.parametrize("k,n", [(0, 1), (1, 1), (0, 10), (3, 10), (10, 10), (8, 10), (1, 200), (150, 200),
                                 (499, 1000), (7, 3000)])
@pytest.mark.parametrize("level", [0.9, 0.95, 0.99])
def test_proportion_interval_matches_statsmodels(k, n, method, sm, level):
    ci = ec.proportion_interval(k, n, confidence_level=level, method=method)
    low, high = proportion_confint(k, n, alpha=1 - level, method=sm)
    assert ci.low == pytest.approx(low, abs=1e-12)
    assert ci.high == pytest.approx(high, abs=1e-12)
    assert ci.low <= k / n <= ci.high


def test_proportion_interval_empty_and_bad_input():
    assert all(math.isnan(v) for v in ec.proportion_interval(0, 0))
    with pytest.raises(ec.DataError, match="method"):
        ec.proportion_interval(1, 2, method="wald")
    with pytest.raises(ec.DataError, match="confidence_level"):
        ec.proportion_interval(1, 2, confidence_level=1.0)
    with pytest.raises(ec.DataError, match="k must be in"):
        ec.proportion_interval(3, 2)


# ------------------------------------------------------------------ bootstrap, DeLong, k models, trust
import numpy as np  # noqa: E402
from scipy import stats  # noqa: E402
from statsmodels.stats.multitest import multipletests  # noqa: E402


def _data(n=150, seed=1, rate=0.4, rounding=1):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < rate
    s = np.round(rng.normal(size=n) + y * 1.0, rounding)      # rounded: ties, as real scores have
    return y, s


def _f_stat(thr, beta):
    def f(y, s, axis=-1):
        pred = s >= thr
        tp = np.sum(pred & y, axis=axis)
        fp = np.sum(pred & ~y, axis=axis)
        fn = np.sum(~pred & y, axis=axis)
        return (1 + beta ** 2) * tp / ((1 + beta ** 2) * tp + beta ** 2 * fn + fp)
    return f


def _auc_stat(y, s, axis=-1):
    """AUC by pair counting (ties 1/2): slow and obviously right."""
    ys, ss = np.atleast_2d(y), np.atleast_2d(s)
    out = []
    for yy, sv in zip(ys, ss):
        p, q = sv[yy], sv[~yy]
        out.append((np.sum(p[:, None] > q[None, :]) + 0.5 * np.sum(p[:, None] == q[None, :])) / (p.size * q.size))
    return np.array(out) if np.ndim(y) > 1 else out[0]


@pytest.mark.parametrize("method", ["percentile", "bca"])
@pytest.mark.parametrize("thr,beta", [(0.35, 1.0), (-0.2, 2.0), (1.05, 0.5)])
def test_f_interval_matches_scipy_bootstrap_on_the_same_resamples(method, thr, beta):
    y, s = _data()
    bc = ec.bootstrap_counts(y, s, n_resamples=400, seed=5)
    ref = stats.bootstrap((y, s), _f_stat(thr, beta), paired=True, n_resamples=400, method=method,
                          rng=np.random.default_rng(5), vectorized=True).confidence_interval
    ci = bc.f_interval(thr, beta=beta, method=method)
    assert ci.low == pytest.approx(ref.low, abs=1e-12) and ci.high == pytest.approx(ref.high, abs=1e-12)


@pytest.mark.parametrize("method", ["percentile", "bca"])
def test_auc_and_ap_intervals_match_scipy_bootstrap(method):
    from sklearn.metrics import average_precision_score

    y, s = _data(n=120, seed=3)
    bc = ec.bootstrap_counts(y, s, n_resamples=300, seed=11)
    ref = stats.bootstrap((y, s), _auc_stat, paired=True, n_resamples=300, method=method,
                          rng=np.random.default_rng(11), vectorized=True).confidence_interval
    ci = bc.auc_interval(method=method)
    assert ci.low == pytest.approx(ref.low, abs=1e-12) and ci.high == pytest.approx(ref.high, abs=1e-12)
    ap = lambda yy, ss: average_precision_score(yy, ss)  # noqa: E731
    ref = stats.bootstrap((y, s), ap, paired=True, n_resamples=300, method="percentile",
                          rng=np.random.default_rng(11), vectorized=False).confidence_interval
    ci = bc.ap_interval()
    assert ci.low == pytest.approx(ref.low, abs=1e-12) and ci.high == pytest.approx(ref.high, abs=1e-12)


def test_counts_between_kept_rows_follow_the_bootstrap_distribution():
    """With fewer kept rows than thresholds, a threshold between two is read by
    a binomial split: its counts have the multinomial's mean and variance, and
    the same threshold reads the same numbers twice."""
    y, s = _data(n=3000, seed=2, rounding=6)
    bc = ec.bootstrap_counts(y, s, n_resamples=2000, seed=0, grid=40)
    tc = ec.threshold_counts(y, s)
    thr = float(tc.thresholds[1234])
    assert 1234 not in set(bc.rows.tolist())
    tp, fp, npos, _ = bc.counts_at(thr)
    c = tc.at(thr)
    n = y.size
    for got, k in ((tp, c.tp), (fp, c.fp)):
        assert got.mean() == pytest.approx(k, abs=4 * np.sqrt(k * (1 - k / n) / got.size))
        assert got.var() == pytest.approx(k * (1 - k / n), rel=0.15)
    assert np.array_equal(bc.counts_at(thr)[0], tp)


def test_large_data_draws_block_counts_and_keeps_the_estimate_inside():
    y, s = _data(n=200_000, seed=4, rounding=8)
    bc = ec.bootstrap_counts(y, s, n_resamples=200, seed=0)
    assert not bc.exact and bc.pos.shape[0] <= 2000
    auc = ec.roc_auc(y, s)
    ci = bc.auc_interval()
    assert ci.low < auc < ci.high
    se = np.sqrt(ec.delong_auc_variance(y, s))
    assert ci.width == pytest.approx(2 * 1.96 * se, rel=0.25)


def _delong_var_slow(y, s):
    """DeLong's variance from its definition, by pair counting."""
    p, q = s[y], s[~y]
    psi = (p[:, None] > q[None, :]) + 0.5 * (p[:, None] == q[None, :])
    v10, v01 = psi.mean(1), psi.mean(0)
    return v10.var(ddof=1) / p.size + v01.var(ddof=1) / q.size, psi.mean()


def test_auc_interval_is_delong_written_independently():
    y, s = _data(n=90, seed=7)
    var, auc = _delong_var_slow(y, s)
    ci = ec.auc_interval(y, s, confidence_level=0.9)
    h = stats.norm.ppf(0.95) * np.sqrt(var)
    assert ci.low == pytest.approx(max(0, auc - h), abs=1e-12) and ci.high == pytest.approx(min(1, auc + h), abs=1e-12)


def test_delong_pairwise_agrees_with_pairs_and_holm():
    rng = np.random.default_rng(5)
    n = 200
    y = rng.random(n) < 0.5
    scores = [rng.normal(size=n) + y * d for d in (1.5, 1.4, 0.6, 0.0)]
    r = ec.delong_pairwise(y, scores, alpha=0.05)
    iu = np.triu_indices(4, 1)
    for i, j in zip(*iu):
        t = ec.delong_test(y, scores[i], scores[j])
        assert r.pvalues[i, j] == pytest.approx(t.pvalue, rel=1e-10)
    assert np.allclose(r.adjusted[iu], multipletests(r.pvalues[iu], method="holm")[1])
    assert np.allclose(r.adjusted, r.adjusted.T, equal_nan=True)
    assert (0, 1) in r.groups and not any(0 in g and 3 in g for g in r.groups)


def test_significance_groups_runs():
    d = np.zeros((4, 4), bool)
    d[0, 3] = d[3, 0] = d[1, 3] = d[3, 1] = True
    assert ec.significance_groups([0.9, 0.8, 0.7, 0.6], d) == [(0, 1, 2), (2, 3)]
    assert ec.significance_groups([0.9, 0.8], np.ones((2, 2), bool)) == []


def test_vertical_average_of_identical_curves_is_the_curve():
    f, t = np.array([0, 0, 0.5, 0.5, 1]), np.array([0, 0.5, 0.5, 1, 1])
    av = ec.roc_vertical_average([(f, t), (f, t), (f, t)], x=[0, 0.25, 0.5, 0.75, 1])
    assert np.allclose(av.mean, [0.5, 0.5, 1, 1, 1]) and np.allclose(av.sd, 0)


def test_roc_band_contains_the_curve_and_is_bounded():
    y, s = _data(n=2000, seed=8, rounding=5)
    bc = ec.bootstrap_counts(y, s, n_resamples=300)
    band = bc.roc_band()
    tc = ec.threshold_counts(y, s)
    roc = tc.roc_curve()
    mid = ec.vertical_values(roc.fpr[None, :], roc.tpr[None, :], band.x)[0]
    inside = (band.low - 1e-9 <= mid) & (mid <= band.high + 1e-9)
    assert inside.mean() > 0.95 and np.all(band.low <= band.high)
    pr = bc.pr_band()
    assert np.all((0 <= pr.low) & (pr.high <= 1))


def test_corrected_resampled_t_is_its_formula():
    rng = np.random.default_rng(1)
    d = rng.normal(0.01, 0.02, size=30)
    r = ec.corrected_resampled_t_test(d, n_train=200, n_test=100, alpha=0.05)
    t = d.mean() / np.sqrt((1 / 30 + 100 / 200) * d.var(ddof=1))
    assert r.statistic == pytest.approx(t, rel=1e-12)
    assert r.pvalue == pytest.approx(2 * stats.t.sf(abs(t), 29), rel=1e-10)
    plain = stats.ttest_1samp(d, 0.0)
    assert abs(r.statistic) < abs(plain.statistic)


def test_bayesian_correlated_t_matches_baycomp():
    baycomp = pytest.importorskip("baycomp")
    rng = np.random.default_rng(2)
    a = rng.normal(0.80, 0.03, size=50)
    b = a - rng.normal(0.01, 0.02, size=50)
    r = ec.bayesian_correlated_t(a - b, rho=1 / 10, rope=0.01)
    left, rope, right = baycomp.CorrelatedTTest.probs(b, a, rope=0.01, runs=5)
    assert (r.p_below, r.p_rope, r.p_above) == pytest.approx((left, rope, right), abs=1e-10)
    # the Student-t posterior, written out
    sd = np.sqrt((1 / 50 + 0.1 / 0.9) * (a - b).var(ddof=1))
    assert r.p_above == pytest.approx(stats.t.sf(0.01, 49, (a - b).mean(), sd), abs=1e-12)


def test_simulation_rejection_rates_after_dietterich():
    """Under the null: McNemar and 5x2cv do not exceed alpha beyond simulation
    error (3 standard errors of a rate alpha over R replications), the
    10-fold CV paired t is clearly above it (more than 5 standard errors),
    the resampled t far above, the corrected resampled t far below the plain one."""
    r = ec.simulate_tests(replications=2000, seed=0)
    rate = dict(zip(r.tests, r.rate))
    se = np.sqrt(0.05 * 0.95 / 2000)
    assert r.standard_error == pytest.approx(se)
    for name in ("mcnemar", "cv5x2_dietterich", "cv5x2_book"):
        assert rate[name] <= 0.05 + 3 * se, name
    assert rate["cv10_t"] > 0.05 + 5 * se
    assert rate["resampled_t"] > 0.3
    assert rate["corrected_t"] < rate["resampled_t"] / 4
    # with an effect, every test rejects more (power)
    p = ec.simulate_tests(replications=1000, seed=1, effect=0.1, n=200)
    assert np.all(p.rate[[0, 2, 3]] > r.rate[[0, 2, 3]])


def test_simulation_mcnemar_matches_the_library_test():
    """The vectorised McNemar the simulation counts rejections with decides as
    ec.mcnemar on every pair of counts up to 40 (and as statsmodels' McNemar
    with the continuity correction, the oracle of ec.mcnemar's own tests)."""
    from evalcore import trust

    e01, e10 = np.meshgrid(np.arange(41), np.arange(41))
    for alpha in (0.05, 0.01):
        got = trust._mcnemar_reject(e01.ravel(), e10.ravel(), stats.chi2.ppf(1 - alpha, 1))
        want = [a + b > 0 and ec.mcnemar(int(a), int(b), alpha=alpha).reject for a, b in zip(e01.ravel(), e10.ravel())]
        assert got.tolist() == want
    assert trust.SIM_TESTS == ec.SIM_TESTS


def test_bad_arguments_say_what_is_wrong():
    with pytest.raises(ec.DataError, match="method"):
        ec.bootstrap_interval([0.1, 0.2], 0.1, method="basic")
    with pytest.raises(ec.DataError, match="n_resamples"):
        ec.bootstrap_counts([0, 1], [0.1, 0.2], n_resamples=1)
    with pytest.raises(ec.DataError, match="k must be in"):
        ec.delong_pairwise([0, 1, 0, 1], [[0.1, 0.2, 0.3, 0.4]])
    with pytest.raises(ec.DataError, match="replications"):
        ec.simulate_tests(replications=10**6)
    with pytest.raises(ec.DataError, match="rho"):
        ec.bayesian_correlated_t([0.1, 0.2], rho=1.0)
