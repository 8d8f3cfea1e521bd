"""Calibration (reliability bins, Brier with Murphy's decomposition), Holm's
correction and DeLong of every pair, against scikit-learn, statsmodels and
slow references written here."""
import numpy as np
import pytest
from sklearn.calibration import calibration_curve
from sklearn.metrics import brier_score_loss
from statsmodels.stats.multitest import multipletests

import evalcore as ec


def _data(n, seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    s = np.clip(rng.beta(2, 3, n) + 0.25 * y, 0, 1)
    s[:5] = [0.0, 0.1, 0.5, 0.9, 1.0]          # scores exactly on bin edges
    return y, s


@pytest.mark.parametrize("n_bins", [1, 2, 5, 10, 13])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_reliability_bins_match_sklearn_calibration_curve(n_bins, seed):
    y, s = _data(400, seed)
    r = ec.reliability_bins(y, s, n_bins=n_bins)
    prob_true, prob_pred = calibration_curve(y, s, n_bins=n_bins, strategy="uniform")
    full = r.count > 0
    np.testing.assert_allclose(r.positive_rate[full], prob_true, rtol=1e-12)
    np.testing.assert_allclose(r.mean_score[full], prob_pred, rtol=1e-12)
    assert r.count.sum() == len(y) and np.isnan(r.mean_score[~full]).all()


def _slow_murphy(y, s, n_bins):
    """Each bin's members by an explicit loop over the samples."""
    edges = np.linspace(0, 1, n_bins + 1)
    members = [[] for _ in range(n_bins)]
    for yi, si in zip(y, s):
        k = 0
        while k < n_bins - 1 and si > edges[k + 1]:
            k += 1
        members[k].append((yi, si))
    o = np.mean(y)
    rel = res = 0.0
    for m in members:
        if m:
            ys, ss = np.array(m).T
            rel += len(m) * (ss.mean() - ys.mean()) ** 2
            res += len(m) * (ys.mean() - o) ** 2
    return rel / len(y), res / len(y), o * (1 - o)


@pytest.mark.parametrize("seed", [0, 3])
def test_brier_and_decomposition_against_sklearn_and_a_slow_reference(seed):
    y, s = _data(300, seed)
    b = ec.brier_loss(y, s, n_bins=10)
    assert b.brier == pytest.approx(brier_score_loss(y, s), rel=1e-12)
    rel, res, unc = _slow_murphy(y, s, 10)
    assert (b.reliability, b.resolution, b.uncertainty) == pytest.approx((rel, res, unc), rel=1e-10)
    assert b.brier == pytest.approx(b.reliability - b.resolution + b.uncertainty + b.within_bin, abs=1e-15)


def test_decomposition_is_exact_when_scores_take_one_value_per_bin():
    rng = np.random.default_rng(5)
    s = rng.choice([0.05, 0.25, 0.55, 0.95], 500)
    y = (rng.random(500) < s).astype(int)
    b = ec.brier_loss(y, s, n_bins=10)
    assert b.within_bin == pytest.approx(0.0, abs=1e-14)
    assert b.brier == pytest.approx(brier_score_loss(y, s))


def test_scores_outside_the_unit_interval_are_refused():
    with pytest.raises(ec.DataError, match=r"\[0, 1\]"):
        ec.brier_loss([0, 1], [0.2, 1.5])
    with pytest.raises(ec.DataError):
        ec.reliability_bins([0, 1], [-0.1, 0.5])


@pytest.mark.parametrize("seed", range(5))
def test_holm_matches_statsmodels(seed):
    rng = np.random.default_rng(seed)
    p = rng.random(rng.integers(1, 30)) ** 3
    p[::4] = p[0]                                   # ties
    np.testing.assert_allclose(ec.holm(p), multipletests(p, method="holm")[1], rtol=1e-12)


def test_holm_leaves_nan_out_of_the_family():
    got = ec.holm([0.01, np.nan, 0.04])
    assert np.isnan(got[1])
    np.testing.assert_allclose(got[[0, 2]], multipletests([0.01, 0.04], method="holm")[1])
    with pytest.raises(ec.DataError):
        ec.holm([0.5, 1.2])


def test_delong_pairs_equal_delong_test_pair_by_pair():
    rng = np.random.default_rng(7)
    y = rng.integers(0, 2, 200)
    scores = [rng.normal(size=200) + k * 0.4 * y for k in range(4)]
    scores[2] = np.round(scores[2], 1)             # ties
    got = ec.delong_pairs(y, scores)
    for (i, j), r in got.tests.items():
        ref = ec.delong_test(y, scores[i], scores[j])
        assert (r.auc_a, r.auc_b, r.statistic, r.pvalue) == pytest.approx(
            (ref.auc_a, ref.auc_b, ref.statistic, ref.pvalue), rel=1e-12)
        assert got.ci[i] == pytest.approx(ref.ci_a) and got.ci[j] == pytest.approx(ref.ci_b)
        assert got.auc[i] == pytest.approx(ec.roc_auc(y, scores[i]))
    assert len(got.tests) == 6
