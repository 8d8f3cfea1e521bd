"""AdaBoost on horse colic reproduces the source's ROC numbers, ties and all."""
import numpy as np
import pytest
from sklearn.metrics import roc_auc_score

import evalcore as ec


def literal_stump(X, y_pm, D):
    """A slow, literal transcription of the book's buildStump loops."""
    m, n = X.shape
    best, min_err = None, np.inf
    for i in range(n):
        lo, hi = X[:, i].min(), X[:, i].max()
        step = (hi - lo) / 10.0
        for j in range(-1, 11):
            for ineq in ("lt", "gt"):
                t = lo + float(j) * step
                pred = np.ones(m)
                if ineq == "lt":
                    pred[X[:, i] <= t] = -1.0
                else:
                    pred[X[:, i] > t] = -1.0
                err = float(D @ (pred != y_pm))
                if err < min_err:
                    min_err, best = err, (i, t, ineq)
    return best, min_err


@pytest.mark.parametrize("seed", range(4))
def test_the_vectorised_stump_search_equals_the_books_loops(seed):
    from evalcore.adaboost import _best_stump

    rng = np.random.default_rng(seed)
    X = np.round(rng.normal(size=(40, 4)), 1)
    y_pm = np.where(rng.random(40) < 0.5, 1.0, -1.0)
    D = rng.random(40)
    D /= D.sum()
    (i, t, ineq), err = literal_stump(X, y_pm, D)
    got_err, stump, _ = _best_stump(X, y_pm, D)
    assert (stump.feature, stump.inequality) == (i, ineq)
    assert stump.threshold == pytest.approx(t) and got_err == pytest.approx(err)


@pytest.fixture(scope="module")
def reports():
    return {n: ec.horse_colic_report(n) for n in (10, 50)}


def test_the_printed_auc_of_10_rounds_lies_inside_the_tie_blind_range(reports):
    r = reports[10]
    assert r.train.low < 0.8582969635063604 < r.train.high
    assert r.train.tied_pairs > 0.005                                   # many ties


def test_the_printed_auc_of_50_rounds_is_one_end_of_the_range(reports):
    r = reports[50]
    assert r.train.low == pytest.approx(0.8953941870182941, abs=1e-12)


def test_the_tie_aware_auc_is_the_midpoint_and_matches_scikit_learn(reports):
    X, y = ec.load_horse_colic(part="train")
    for n, r in reports.items():
        s = ec.fit_adaboost(X, y, n).decision_function(X)
        assert r.train.tie_aware == pytest.approx(roc_auc_score(y, s), abs=1e-12)
        assert r.train.tie_aware == pytest.approx((r.train.low + r.train.high) / 2, abs=1e-12)
        assert r.train.low - 1e-12 <= r.walk_auc <= r.train.high + 1e-12


def test_test_errors_match_the_books_table(reports):
    # Machine Learning in Action, table 7.1: 10 stumps 0.24, 50 stumps 0.21 on the 67 test horses
    assert reports[10].test_error == pytest.approx(16 / 67)
    assert reports[50].test_error == pytest.approx(14 / 67)


def test_tie_blind_range_by_hand():
    r = ec.tie_blind_auc_range([1, 0, 1, 0], [0.8, 0.8, 0.3, 0.1])
    assert (r.low, r.high, r.tie_aware) == (0.5, 0.75, 0.625)
    assert ec.rectangle_walk_auc([1, 0, 1, 0], [0.8, 0.7, 0.3, 0.1]) == pytest.approx(0.75)
