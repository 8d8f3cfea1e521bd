"""The comparison tests' teaching extras: degenerate t-tests, the exact McNemar
form, the contingency table, q_alpha of the book's table 2.7 at alpha = 0.1,
and Friedman ranks against scikit-posthocs."""
import math

import numpy as np
import pytest
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar

import evalcore as ec

Q_01 = (1.645, 2.052, 2.291, 2.459, 2.589, 2.693, 2.780, 2.855, 2.920)     # book table 2.7, alpha = 0.1
Q_005 = (1.960, 2.344, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164)


@pytest.mark.parametrize("alpha,table", [(0.05, Q_005), (0.1, Q_01)])
def test_q_alpha_reproduces_the_books_table(alpha, table):
    for k, q in zip(range(2, 11), table):
        assert ec.nemenyi_q(k, alpha=alpha) == pytest.approx(q, abs=1.5e-3)


def test_equal_differences_make_the_t_statistic_undefined():
    r = ec.paired_t_test([0.1, 0.2, 0.3], [0.1, 0.2, 0.3])
    assert r.degenerate and math.isnan(r.statistic) and math.isnan(r.pvalue) and not r.reject
    r = ec.paired_t_test([0.2, 0.3, 0.4], [0.1, 0.2, 0.3])            # all differences 0.1: c / 0
    assert r.degenerate and r.statistic == math.inf and r.reject
    ci = ec.t_test([0.1, 0.12, 0.09, 0.11], 0.1).confidence_interval(0.9)
    assert isinstance(ci, ec.ConfidenceInterval) and ci.low < 0.1055 < ci.high


@pytest.mark.parametrize("e01,e10", [(10, 3), (0, 7), (4, 4), (30, 12), (1, 0)])
def test_mcnemar_exact_form_against_statsmodels(e01, e10):
    r = ec.mcnemar(e01, e10)
    table = [[5, e01], [e10, 9]]
    assert r.pvalue == pytest.approx(sm_mcnemar(table, exact=False, correction=True).pvalue)
    assert r.pvalue_exact == pytest.approx(sm_mcnemar(table, exact=True).pvalue)
    assert r.exact_recommended == (e01 + e10 < 25)


def test_mcnemar_table_counts_each_cell():
    rng = np.random.default_rng(0)
    a, b = rng.random(200) < 0.7, rng.random(200) < 0.6
    t = ec.mcnemar_table(a, b)
    assert t.sum() == 200 and t[0, 1] == np.sum(~a & b) and t[1, 0] == np.sum(a & ~b)


def test_friedman_ranks_against_scikit_posthocs():
    import scikit_posthocs as sp

    rng = np.random.default_rng(1)
    perf = np.round(rng.random((8, 4)), 1)                              # ties on purpose
    r = ec.friedman(perf)
    ref = sp.posthoc_nemenyi_friedman(perf)                             # ranks internally; just checks it runs
    assert ref.shape == (4, 4)
    from scipy import stats

    np.testing.assert_allclose(r.ranks, stats.rankdata(perf, axis=1))
    np.testing.assert_allclose(r.avg_ranks, r.ranks.mean(axis=0))
    chi2 = stats.friedmanchisquare(*perf.T)
    if not np.any([len(set(row)) < 4 for row in perf]):                 # scipy tie-corrects; the book does not
        assert r.chi2 == pytest.approx(chi2.statistic)


def test_cv5x2_dietterich_against_mlxtend_on_its_own_splits():
    """mlxtend's paired_ttest_5x2cv draws its splits from random_seed
    (train_test_split with a random_state per replication); we make the same
    splits, take error rates (1 - accuracy: the differences change sign, so t
    does too) and feed them to the Dietterich variant."""
    from mlxtend.evaluate import paired_ttest_5x2cv
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.tree import DecisionTreeClassifier

    X, y = ec.GaussianProblem.default(separation=1.0).sample(200, seed=4)
    make = (lambda: LogisticRegression(), lambda: DecisionTreeClassifier(max_depth=2, random_state=0))
    t_ref, p_ref = paired_ttest_5x2cv(make[0](), make[1](), X, y, random_seed=9)
    rng = np.random.RandomState(9)
    errs = np.empty((2, 5, 2))
    for i in range(5):
        X1, X2, y1, y2 = train_test_split(X, y, test_size=0.5, random_state=rng.randint(low=0, high=32767))
        for j, (Xa, ya, Xb, yb) in enumerate(((X1, y1, X2, y2), (X2, y2, X1, y1))):
            for m in range(2):
                errs[m, i, j] = np.mean(make[m]().fit(Xa, ya).predict(Xb) != yb)
    r = ec.cv5x2_t_test(errs[0], errs[1], variant="dietterich")
    assert r.statistic == pytest.approx(-t_ref) and r.pvalue == pytest.approx(p_ref)
