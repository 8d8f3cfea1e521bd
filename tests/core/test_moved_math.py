"""The computations that used to live in ui/ (issue 34), each against an
oracle that does not share its code: scikit-learn, a brute-force count, a
Monte Carlo estimate, a closed form."""
import numpy as np
import pytest
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import evalcore as ec


def test_cv_roc_fold_aucs_equal_scikit_learn_on_the_same_folds():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(120, 3))
    y = (X[:, 0] + rng.normal(scale=1.5, size=120) > 0).astype(int)
    folds = [ec.Split(tr, te) for tr, te in StratifiedKFold(5, shuffle=True, random_state=0).split(X, y)]
    res = ec.cv_roc(X, y, folds, lambda: LogisticRegression())
    want = [roc_auc_score(y[f.test], LogisticRegression().fit(X[f.train], y[f.train]).predict_proba(X[f.test])[:, 1])
            for f in folds]
    assert res.aucs == pytest.approx(want)
    assert res.auc_mean == pytest.approx(np.mean(want)) and res.auc_sd == pytest.approx(np.std(want, ddof=1))
    assert len(res.curves) == 5 and res.averaged.mean.shape == res.averaged.x.shape


def test_cv_roc_names_the_learner_and_fold_that_failed():
    class Broken:
        def fit(self, X, y):
            raise RuntimeError("no")
    y = np.array([0, 1] * 10)
    with pytest.raises(ec.DataError) as err:
        ec.cv_roc(np.zeros((20, 1)), y, ec.paired_cv_folds(y, k=5), Broken, name="broken")
    assert err.value.code == "learner_failed" and "broken" in str(err.value)


def test_standardised_rule_error_matches_the_fitted_pipeline_on_fresh_points():
    g = ec.GaussianProblem.default(separation=1.5)
    X, y = g.sample(400, seed=1)
    model = make_pipeline(StandardScaler(), LogisticRegression()).fit(X, y)
    exact = g.standardised_rule_error(model[-1].coef_[0], model[-1].intercept_[0], model[0].mean_, model[0].scale_)
    tx, ty = g.sample(400_000, seed=2)
    mc = 1 - accuracy_score(ty, model.predict(tx))
    assert exact == pytest.approx(mc, abs=4 * np.sqrt(mc * (1 - mc) / ty.size))


def test_error_rate_and_positive_share_against_scikit_learn():
    rng = np.random.default_rng(0)
    t, p = rng.integers(0, 3, 500), rng.integers(0, 3, 500)
    assert ec.error_rate(t, p) == pytest.approx(1 - accuracy_score(t, p))
    y = rng.integers(0, 2, 500)
    assert ec.positive_share(y) == pytest.approx(accuracy_score(np.ones_like(y), y))
    with pytest.raises(ec.DataError):
        ec.error_rate([0, 1], [0])


def test_pair_grid_counts_equal_a_brute_force_count_of_pairs():
    y = np.array([1, 0, 1, 1, 0, 0, 1, 0])
    s = np.array([0.9, 0.9, 0.4, 0.7, 0.8, 0.1, 0.1, 0.7])
    pos, neg = s[y == 1], s[y == 0]
    below = sum(p < n for p in pos for n in neg)
    tied = sum(p == n for p in pos for n in neg)
    g = ec.rank_pair_grid(y, s)
    assert (g.shape, g.n_below, g.n_tied) == ((4, 4), below, tied)
    assert (g.n_below + g.n_tied / 2) / 16 == pytest.approx(1 - roc_auc_score(y, s))


def test_slider_range_is_a_power_of_ten_grid_holding_every_score():
    for lo, hi in [(0.0, 1.0), (-3.2, 7.9), (0.31, 0.3100002), (5.0, 5.0), (-1e6, 2e7)]:
        r = ec.slider_range(lo, hi)
        e = np.log10(r.step)
        assert e == pytest.approx(round(e))                           # a power of ten
        assert r.lo <= lo and r.hi >= max(hi, lo) and (r.hi - r.lo) / r.step <= 5010
        assert (max(hi, lo + 1) - lo) / r.step >= 50 or r.step == 0.01
    assert ec.slider_range(0.0, 1e16) is None and ec.slider_range(-1e308, 1e308) is None


def test_finite_threshold_predicts_what_the_infinite_one_does():
    y = np.array([0, 1, 1, 0, 1])
    s = np.array([0.2, 0.9, 0.6, 0.9, 0.3])
    tc = ec.threshold_counts(y, s)
    thr = ec.finite_threshold(tc.thresholds, 0)
    assert np.isfinite(thr) and not (s >= thr).any()                  # nothing predicted positive, as at +inf
    assert ec.finite_threshold(tc.thresholds, 2) == tc.thresholds[2]


def test_oob_limit_expected_is_the_closed_form_and_the_simulation_close_to_it():
    r = ec.oob_limit([2, 10, 1000], repeats=4000)
    assert r.expected == pytest.approx([(1 - 1 / m) ** m for m in (2, 10, 1000)])
    assert np.abs(r.mean - r.expected).max() < 0.01 and (r.sd > 0).all()


def test_class_shares_and_correct():
    split = ec.Split(np.array([0, 1, 2]), np.array([3, 4]))
    assert split.class_shares([1, 0, 0, 1, 1]) == pytest.approx((0.6, 1 / 3, 1.0))
    ps = ec.load_predictions(b"y,a\n1,0.9\n0,0.8\n1,0.2\n0,0.1\n")
    assert ps.correct("a", 0.5).tolist() == [True, False, False, True]


def test_pairwise_delong_counts_its_rejected_pairs():
    rng = np.random.default_rng(5)
    y = rng.integers(0, 2, 300)
    scores = {"good": y + rng.normal(scale=0.5, size=300), "mid": y + rng.normal(scale=1.0, size=300),
              "noise": rng.normal(size=300)}
    res = ec.delong_pairwise(y, list(scores.values()))
    assert res.n_pairs == 3
    assert res.n_rejected == sum(bool(res.reject[i, j]) for i in range(3) for j in range(i + 1, 3))
