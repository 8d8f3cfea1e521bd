"""Split generators (hold-out, k-fold, leave-one-out, bootstrap) and the
.632/.632+ estimates: properties, an independent oracle (mlxtend), and the
exact Gaussian error against Monte Carlo."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evalcore as ec


@settings(max_examples=40, deadline=None)
@given(n_pos=st.integers(5, 60), n_neg=st.integers(5, 60), k=st.integers(2, 5), seed=st.integers(0, 10**6),
       stratify=st.booleans())
def test_kfold_folds_are_disjoint_cover_and_keep_shares(n_pos, n_neg, k, seed, stratify):
    y = np.array([1] * n_pos + [0] * n_neg)
    cv = ec.kfold_splits(y, k, stratify=stratify, repeats=2, seed=seed)
    for split in cv.splits():
        assert np.intersect1d(split.train, split.test).size == 0
        assert np.union1d(split.train, split.test).size == y.size
    tests = np.sort(np.concatenate([s.test for s in cv.splits()[:k]]))
    np.testing.assert_array_equal(tests, np.arange(y.size))          # each sample tested once per repetition
    if stratify:
        for f in range(k):
            in_fold = cv.fold_of[0] == f
            for cls, n_cls in ((1, n_pos), (0, n_neg)):
                share = n_cls * in_fold.sum() / y.size
                assert abs(np.sum(y[in_fold] == cls) - share) <= 1 + 1e-9
    np.testing.assert_array_equal(cv.fold_of, ec.kfold_splits(y, k, stratify=stratify, repeats=2, seed=seed).fold_of)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 300), seed=st.integers(0, 10**6))
def test_bootstrap_oob_is_exactly_what_was_never_drawn(n, seed):
    b = ec.bootstrap_sample(n, seed=seed)
    assert b.draws.size == n and b.counts.sum() == n
    np.testing.assert_array_equal(b.oob, np.setdiff1d(np.arange(n), b.draws))


def test_holdout_stratified_keeps_the_shares_and_says_when_a_class_would_vanish():
    y = np.array([1] * 30 + [0] * 70)
    for frac in (0.1, 0.33, 0.5, 0.9):
        s = ec.holdout_split(y, frac, seed=1)
        assert abs(y[s.test].mean() - 0.3) <= 1 / len(s.test) + 1e-9
        assert np.intersect1d(s.train, s.test).size == 0 and len(s.train) + len(s.test) == 100
    with pytest.raises(ec.DataError, match="no sample in the test set"):
        ec.holdout_split([1, 0, 0, 0, 0, 0, 0, 0, 0, 0], 0.2, seed=0)


def test_k_larger_than_the_smallest_class_says_which_class():
    with pytest.raises(ec.DataError, match="class 1 has 3"):
        ec.kfold_splits([1, 1, 1] + [0] * 20, 5)
    assert ec.kfold_splits([1, 1, 1] + [0] * 20, 5, stratify=False).k == 5
    assert ec.leave_one_out(7).k == 7


def test_oob_fraction_is_fast_enough_shape_and_mean():
    f = ec.oob_fraction(1000, 10_000, seed=0)
    assert f.shape == (10_000,)
    assert f.mean() == pytest.approx(ec.expected_oob_fraction(1000), abs=4 * f.std() / 100)


def test_632_and_632plus_branches_by_hand():
    r = ec.bootstrap_632(0.1, 0.3, 0.5)                       # 0 < R < 1
    R = (0.3 - 0.1) / (0.5 - 0.1)
    w = 0.632 / (1 - 0.368 * R)
    assert r.relative_overfit == pytest.approx(R) and r.est_632plus == pytest.approx((1 - w) * 0.1 + w * 0.3)
    assert r.est_632 == pytest.approx(0.368 * 0.1 + 0.632 * 0.3)
    r = ec.bootstrap_632(0.1, 0.6, 0.5)                       # Err(1) clipped to gamma: R = 1, estimate = gamma
    assert r.relative_overfit == 1 and r.est_632plus == pytest.approx(0.5)
    r = ec.bootstrap_632(0.2, 0.15, 0.5)                      # no overfitting: R = 0, .632+ = .632
    assert r.relative_overfit == 0 and r.est_632plus == pytest.approx(r.est_632)
    r = ec.bootstrap_632(0.6, 0.7, 0.5)                       # gamma <= err: R = 0
    assert r.relative_overfit == 0


def test_632_against_mlxtend_on_the_same_bootstrap_splits():
    """mlxtend draws its own splits from ``random_seed`` (BootstrapOutOfBag);
    we take those very splits, fit the same tree, and compute per split the
    OOB error, the error on all data and gamma; mlxtend reports accuracy =
    1 - estimate per split, with 0.632 written out and no clipping, so the
    comparison is made where no clipping applies."""
    from mlxtend.evaluate import BootstrapOutOfBag, bootstrap_point632_score
    from sklearn.tree import DecisionTreeClassifier

    g = ec.GaussianProblem.default(separation=1.0)
    X, y = g.sample(120, seed=3)
    tree = DecisionTreeClassifier(max_depth=2, random_state=0)
    for method in (".632", ".632+"):
        ref = bootstrap_point632_score(tree, X, y, n_splits=25, method=method, random_seed=7)
        ours = []
        for train, test in BootstrapOutOfBag(n_splits=25, random_seed=7).split(X):
            model = DecisionTreeClassifier(max_depth=2, random_state=0).fit(X[train], y[train])
            err_oob = float(np.mean(model.predict(X[test]) != y[test]))
            err_all = float(np.mean(model.predict(X) != y))
            r = ec.bootstrap_632(err_all, err_oob, ec.no_information_rate(y, model.predict(X)))
            clipped = not (err_all < err_oob <= r.gamma)
            ours.append((1 - (r.est_632 if method == ".632" else r.est_632plus), clipped))
        for (acc, clipped), acc_ref in zip(ours, ref):
            if method == ".632" or not clipped:
                assert acc == pytest.approx(acc_ref, abs=1e-12)


def test_the_exact_error_of_a_linear_rule_matches_monte_carlo():
    g = ec.GaussianProblem.default(separation=1.5, pos_rate=0.3)
    w, b = np.array([0.8, -0.4]), 0.2
    X, y = g.sample(1_000_000, seed=11)
    errors = ((X @ w + b >= 0).astype(int) != y)
    se = errors.std() / np.sqrt(errors.size)
    assert errors.mean() == pytest.approx(g.linear_rule_error(w, b), abs=4 * se)
    wb, bb = g.bayes_rule()
    assert g.bayes_error() <= g.linear_rule_error(w, b)
    assert g.bayes_error() == pytest.approx(g.linear_rule_error(wb, bb))
