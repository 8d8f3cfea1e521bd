"""DeLong's test against a direct O(m+ m-) implementation of its definition."""
import math

import numpy as np
import pytest
from scipy import stats
from sklearn.metrics import roc_auc_score

import evalcore as ec


def slow_delong(y, a, b):
    """The definition: psi(x, y) = 1, 1/2, 0 for x > y, x = y, x < y over all
    (positive, negative) pairs; V10 per positive, V01 per negative."""
    y = np.asarray(y, bool)
    out = []
    for s in (np.asarray(a, float), np.asarray(b, float)):
        pos, neg = s[y], s[~y]
        psi = (pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])
        out.append((psi.mean(), psi.mean(axis=1), psi.mean(axis=0)))
    (auc_a, v10a, v01a), (auc_b, v10b, v01b) = out
    m, n = len(v10a), len(v01a)
    s10 = np.cov(np.vstack([v10a, v10b]))
    s01 = np.cov(np.vstack([v01a, v01b]))
    cov = s10 / m + s01 / n
    var = cov[0, 0] + cov[1, 1] - 2 * cov[0, 1]
    z = (auc_a - auc_b) / math.sqrt(var)
    return auc_a, auc_b, cov, z, 2 * stats.norm.sf(abs(z))


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("ties", [False, True])
def test_fast_form_equals_the_definition(seed, ties):
    rng = np.random.default_rng(seed)
    n = 40 + 30 * seed
    y = rng.random(n) < 0.4
    y[:2] = [True, False]
    a = rng.normal(size=n) + y
    b = 0.6 * a + rng.normal(size=n) + 0.5 * y
    if ties:
        a, b = np.round(a * 2) / 2, np.round(b * 2) / 2
    r = ec.delong_test(y, a, b)
    auc_a, auc_b, cov, z, p = slow_delong(y, a, b)
    assert r.auc_a == pytest.approx(auc_a) and r.auc_b == pytest.approx(auc_b)
    assert r.auc_a == pytest.approx(roc_auc_score(y, a)) and r.auc_a == pytest.approx(ec.roc_auc(y, a))
    np.testing.assert_allclose(r.covariance, cov, rtol=1e-9, atol=1e-15)
    assert r.statistic == pytest.approx(z) and r.pvalue == pytest.approx(p)
    assert ec.delong_auc_variance(y, a) == pytest.approx(cov[0, 0])
    assert r.ci_a.low <= r.auc_a <= r.ci_a.high and r.reject == (p < 0.05)


def test_identical_models_are_degenerate_not_a_traceback():
    y = [1, 0, 1, 0, 1, 0]
    s = [0.9, 0.1, 0.8, 0.3, 0.4, 0.5]
    r = ec.delong_test(y, s, s)
    assert r.degenerate and math.isnan(r.statistic) and not r.reject


def test_bad_input_says_so():
    with pytest.raises(ec.DataError, match="scores_b"):
        ec.delong_test([1, 0, 1], [0.1, 0.2, 0.3], [0.1, 0.2])
    with pytest.raises(ec.DataError, match="positive"):
        ec.delong_test([1, 1, 1], [0.1, 0.2, 0.3], [0.1, 0.2, 0.3])
