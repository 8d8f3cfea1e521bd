"""Error estimators run with a learner (evalcore.estimators) against
scikit-learn's own cross-validation and plain loops written here."""
import numpy as np
import pytest
from scipy import stats
from sklearn.model_selection import cross_val_predict
from sklearn.tree import DecisionTreeClassifier

import evalcore as ec
from evalcore.estimators import STUDY_FOLDS


def tree():
    return DecisionTreeClassifier(max_depth=3, random_state=0)


@pytest.fixture(scope="module")
def data():
    return ec.GaussianProblem.default(1.0).sample(120, seed=3)


def test_holdout_spread_equals_a_loop_over_the_same_splits(data):
    X, y = data
    got = ec.holdout_spread(X, y, tree, fractions=(0.2, 0.5), repeats=3, seed=7)
    for i, f in enumerate((0.2, 0.5)):
        for r in range(3):
            s = ec.holdout_split(y, f, seed=7 + 1000 * i + r)
            assert s.test.size == pytest.approx(f * y.size, abs=1)
            want = np.mean(tree().fit(X[s.train], y[s.train]).predict(X[s.test]) != y[s.test])
            assert got[i, r] == want


def test_cv_spread_is_the_pooled_error_of_scikit_learns_cross_val_predict(data):
    X, y = data
    got = ec.cv_spread(X, y, tree, ks=(2, 5, 70), repeats=2, seed=1)
    assert np.isnan(got[2]).all()                                  # a class has fewer than 70 samples
    for i, k in enumerate((2, 5)):
        splits = ec.kfold_splits(y, k, repeats=2, seed=1 + i).splits()
        for r in range(2):
            cv = [(s.train, s.test) for s in splits[r * k:(r + 1) * k]]
            pred = cross_val_predict(tree(), X, y, cv=cv)
            assert got[i, r] == pytest.approx(np.mean(pred != y), abs=1e-12)


def test_bootstrap_error_keeps_each_resamples_oob_error_and_efrons_estimate(data):
    X, y = data
    b = ec.bootstrap_error(X, y, tree, n_resamples=12, seed=5)
    wrong, seen, per = np.zeros(y.size), np.zeros(y.size), []
    for r in range(12):
        s = ec.bootstrap_sample(y.size, seed=5 + r)
        miss = tree().fit(X[s.draws], y[s.draws]).predict(X[s.oob]) != y[s.oob]
        per.append(miss.mean())
        wrong[s.oob] += miss
        seen[s.oob] += 1
    assert b.oob_errors.tolist() == pytest.approx(per)
    assert b.err_oob == pytest.approx(np.mean(wrong[seen > 0] / seen[seen > 0]))      # Efron-Tibshirani Err(1)
    err_train = np.mean(tree().fit(X, y).predict(X) != y)
    r632 = ec.bootstrap_632(err_train, b.err_oob, b.gamma)
    assert (b.err_train, b.est_632, b.est_632plus) == pytest.approx((err_train, r632.est_632, r632.est_632plus))
    assert b.est_632 == pytest.approx(0.368 * err_train + 0.632 * b.err_oob)


def test_estimator_study_numbers_and_its_verdict_read_from_them():
    g = ec.GaussianProblem.default(1.5)
    tx, ty = g.sample(20_000, seed=99)
    study = ec.estimator_study(g, tree, n=40, repeats=6, boots=8, seed=0,
                               true_error=lambda m: float(np.mean(m.predict(tx) != ty)))
    d = study.estimates - study.truth[:, None]
    assert study.ran.tolist() == [True] * 6                         # n = 40 <= STUDY_LOO_MAX_N: LOO runs
    assert study.bias == pytest.approx(d.mean(axis=0))
    assert study.bias_se == pytest.approx(stats.sem(d, axis=0))
    assert study.rmse == pytest.approx(np.sqrt((d ** 2).mean(axis=0)))
    assert study.closest == int(np.argmin(study.rmse))
    assert study.significant.tolist() == (np.abs(d.mean(axis=0)) > 2 * stats.sem(d, axis=0)).tolist()
    # leave-one-out equals scikit-learn's LOO on the first training set
    X, y = g.sample(40, seed=0)
    from sklearn.model_selection import LeaveOneOut
    assert study.estimates[0, 2] == pytest.approx(np.mean(cross_val_predict(tree(), X, y, cv=LeaveOneOut()) != y))
    big = ec.estimator_study(g, tree, n=ec.STUDY_LOO_MAX_N + 10, repeats=2, boots=3,
                             true_error=lambda m: 0.2)
    assert not big.ran[2] and np.isnan(big.bias[2])


def test_the_exact_truth_of_a_linear_rule_matches_fresh_points():
    g = ec.GaussianProblem.default(1.5)
    X, y = g.sample(200_000, seed=11)
    w, b = np.array([1.0, -0.4]), 0.1
    mc = np.mean(((X @ w + b) >= 0).astype(int) != y)
    assert g.linear_rule_error(w, b) == pytest.approx(mc, abs=4 * np.sqrt(mc * (1 - mc) / y.size))


def test_the_study_runs_when_a_training_set_has_a_class_smaller_than_its_folds():
    """At the page's smallest n (30), 25 training sets include one with fewer
    than 10 samples of a class: stratified 10-fold CV cannot be made there, so
    that set's folds are plain ones (the study stopped with "take k ≤ 9, or do
    not stratify", a dead end on the page); each set's smallest training set
    is reported."""
    g = ec.GaussianProblem.default(1.5)
    small = [r for r in range(25) if np.bincount(g.sample(30, seed=r)[1], minlength=2).min() < STUDY_FOLDS]
    assert small                                             # the case exists at the page's settings
    r = small[0]
    study = ec.estimator_study(g, tree, n=30, repeats=1, boots=3, seed=r, true_error=lambda m: 0.2)
    X, y = g.sample(30, seed=r)
    folds = ec.kfold_splits(y, STUDY_FOLDS, stratify=False, seed=r).splits()
    want = ec.pooled_errors(ec.errors_on_folds(X, y, folds, [tree]), folds)[0]
    assert study.estimates[0, 1] == pytest.approx(want)     # the plain 10 folds, the same as evalcore's own
    assert study.smallest_train == min(ec.holdout_split(y, 1 / 3, seed=r).train.size, *(f.train.size for f in folds))
