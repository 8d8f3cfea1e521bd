"""The exercises' computations against independent oracles: exact
enumeration, scikit-learn, scipy.stats and slow loops written here."""
import itertools
import math

import numpy as np
import pytest
from scipy import stats
from sklearn.metrics import f1_score
from sklearn.model_selection import LeaveOneOut, cross_val_predict
from sklearn.neighbors import KNeighborsClassifier
from sklearn.preprocessing import MinMaxScaler, StandardScaler

import evalcore as ec


def test_2_1_the_books_count_and_a_brute_force_enumeration():
    c = ec.holdout_count(500, 500, 0.3)
    assert c.stratified == math.comb(500, 150) ** 2 and c.digits == 263
    assert c.unstratified == math.comb(1000, 300) and c.stratified < c.unstratified
    # small case: every test set of 4 from 4 positives + 4 negatives with 2 of each
    y = [1] * 4 + [0] * 4
    sets = [s for s in itertools.combinations(range(8), 4) if sum(y[i] for i in s) == 2]
    small = ec.holdout_count(4, 4, 0.5)
    assert small.stratified == len(sets) == 36 and small.unstratified == 70


@pytest.mark.parametrize("n", [math.comb(500, 150) ** 2, math.comb(1000, 300), math.comb(5000, 1500) ** 2,
                               10 ** 300 - 1, 99_995_000, 99_994_999, 1_000_000, 123, 0])
def test_2_1_scientific_parts_round_the_exact_integer(n):
    m, e = ec.scientific_parts(n, digits=4)
    # oracle: exact rational arithmetic, rounded half up at the 4th significant digit
    from fractions import Fraction
    if n == 0:
        assert (m, e) == ("0.000", 0)
        return
    exp = len(str(n)) - 1
    q = Fraction(n) / Fraction(10) ** (exp - 3)
    head = math.floor(q + Fraction(1, 2))
    if head == 10_000:
        head, exp = 1000, exp + 1
    assert (m, e) == (f"{str(head)[0]}.{str(head)[1:]}", exp)
    assert abs(Fraction(m) * Fraction(10) ** e - n) <= Fraction(5, 10_000) * Fraction(10) ** e


def test_2_1_the_books_count_reads_2_986_not_2_985():
    assert ec.scientific_parts(math.comb(500, 150) ** 2) == ("2.986", 262)     # 2.98594…, cut would read 2.985
    assert ec.scientific_parts(99_996, digits=4) == ("1.000", 5)


def test_2_2_majority_vote_loo_is_always_wrong_and_10_fold_about_half():
    kfold = []
    for seed in range(20):
        x, y = ec.toy_data(50, 50, seed=seed)
        r = ec.cv_versus_loo(x, y, seed=seed)
        assert r.loo_error == 1.0 and (r.loo_train_pos, r.loo_train_neg) == (49, 50)
        kfold.append(r.kfold_error)
    assert abs(np.mean(kfold) - 0.5) < 3 * 0.05 / math.sqrt(20)           # each ~ Bin(100, 1/2) / 100


def test_2_2_one_nn_loo_equals_scikit_learn():
    x, y = ec.toy_data(30, 20, seed=4)
    r = ec.cv_versus_loo(x, y, learner="1nn")
    pred = cross_val_predict(KNeighborsClassifier(1), x[:, None], y, cv=LeaveOneOut())
    assert r.loo_error == pytest.approx(np.mean(pred != y))


def test_2_2_the_stump_has_the_least_training_error_of_any_threshold():
    x, y = ec.toy_data(15, 12, seed=2)
    pred = ec.predict_22("stump", x, y, x, np.random.default_rng(0))
    best = min(min(np.mean((x > c) != y), np.mean((x <= c) != y)) for c in np.r_[x, -np.inf])
    assert np.mean(pred != y) == pytest.approx(best)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_2_3_counter_example_rechecked_with_scikit_learn(seed):
    e = ec.f1_bep_counterexample(seed=seed)

    def best_f1(s):
        return max(f1_score(e.y, (s >= c).astype(int)) for c in np.unique(s))

    def bep(s):                                    # precision of the top m+ when no tie straddles rank m+
        m = int(e.y.sum())
        order = np.sort(s)[::-1]
        assert order[m - 1] != order[m]
        return float(e.y[np.argsort(-s, kind="stable")[:m]].mean())
    assert best_f1(e.a) == pytest.approx(e.f1_a) and best_f1(e.b) == pytest.approx(e.f1_b)
    assert e.f1_a > e.f1_b and bep(e.a) < bep(e.b)


def test_2_4_precision_from_rates_equals_the_counts():
    tp, fn, fp, tn = 40, 10, 20, 30
    pi = (tp + fn) / (tp + fn + fp + tn)
    assert ec.precision_from_rates(tp / (tp + fn), fp / (fp + tn), pi) == pytest.approx(tp / (tp + fp))


def test_2_6_least_error_point_is_the_brute_force_minimum_and_on_the_hull():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 200)
    s = rng.normal(y * 1.2, 1.0)
    p = ec.least_error_point(y, s)
    errors = [np.mean((s >= c) != y) for c in np.r_[np.inf, np.unique(s)]]
    assert p.error == pytest.approx(min(errors))
    hf, ht = ec.roc_hull_points(ec.threshold_counts(y, s))
    assert any(abs(p.fpr - a) < 1e-12 and abs(p.tpr - b) < 1e-12 for a, b in zip(hf, ht))
    assert p.slope == pytest.approx((1 - y.mean()) / y.mean())


def test_2_8_normalisations_and_knn_equal_scikit_learn():
    rng = np.random.default_rng(1)
    X, Xn = rng.normal(size=(30, 2)) * [1, 100], rng.normal(size=(5, 2)) * [3, 300]
    assert ec.min_max(Xn, reference=X) == pytest.approx(MinMaxScaler().fit(X).transform(Xn))
    assert ec.z_score(Xn, reference=X) == pytest.approx(StandardScaler().fit(X).transform(Xn))
    y = (X[:, 0] > 0).astype(int)
    assert (ec.knn_predict(X, y, Xn, k=3) == KNeighborsClassifier(3).fit(X, y).predict(Xn)).all()


def test_2_8_study_predicates_hold_and_change():
    """Each claim of 2.8's answer is a predicate on the study, tested where it holds and where it flips."""
    import dataclasses
    none, far, mid = ec.normalisation_study(500), ec.normalisation_study(5000), ec.normalisation_study(1250)
    assert not none.has_outlier and far.has_outlier and mid.has_outlier
    assert none.outlier_sds < ec.OUTLIER_SDS < mid.outlier_sds
    # the others' spread: the same without the outlier, z-score keeps more with it (recomputed here)
    for s in (none, far):
        X = s.train["raw"]
        r_mm = (X[1:, 1].std() / np.ptp(X[:, 1])) / (X[:, 0].std() / np.ptp(X[:, 0]))
        r_z = X[1:, 1].std() / X[:, 1].std()
        assert (s.spread("minmax"), s.spread("z")) == pytest.approx((r_mm, r_z))
    assert none.more_spread == "same" and far.more_spread == "z"
    # linear maps: the others fill the same share of the axis in every panel
    for s in (none, far):
        shares = [np.ptp(s.train[m][1:, 1]) / np.ptp(s.train[m][:, 1]) for m in ec.NORMALISATIONS]
        assert shares == pytest.approx([s.others_share] * 3)
    assert none.others_share == pytest.approx(1.0) and far.others_share < 0.1
    # k-NN: which scores higher follows the counts (5000: min-max 160 vs 158; 1250: z-score)
    assert (far.knn_better, far.knn_gap) == ("minmax", 2) and mid.knn_better == "z"
    assert far.correct["minmax"] == round(far.accuracy["minmax"] * far.n_test)
    assert far.knn_gap_within_noise
    wide = dataclasses.replace(far, correct={**far.correct, "z": far.correct["minmax"] - 40},
                               accuracy={**far.accuracy, "z": far.accuracy["minmax"] - 0.2})
    assert wide.knn_better == "minmax" and not wide.knn_gap_within_noise
    same = dataclasses.replace(far, correct={**far.correct, "z": far.correct["minmax"]})
    assert same.knn_better == "same" and same.knn_gap == 0


@pytest.mark.parametrize("obs", [[18, 22, 20, 40], [5, 5, 5, 5], [1, 30, 2]])
def test_2_9_goodness_of_fit_equals_scipy(obs):
    r = ec.chi2_goodness_of_fit(obs)
    ref = stats.chisquare(obs)
    assert (r.statistic, r.pvalue, r.df) == pytest.approx((ref.statistic, ref.pvalue, len(obs) - 1))
    assert r.reject == (ref.pvalue < 0.05)


@pytest.mark.parametrize("table", [[[30, 10], [20, 40]], [[10, 20, 30], [6, 9, 17]], [[5, 1], [1, 5], [3, 3]]])
def test_2_9_independence_equals_scipy_without_continuity_correction(table):
    r = ec.chi2_independence(table)
    stat, p, dof, expected = stats.chi2_contingency(table, correction=False)
    assert (r.statistic, r.pvalue, r.df) == pytest.approx((stat, p, dof))
    assert r.expected == pytest.approx(expected)
    nd = ec.null_distribution(r)
    assert nd.name == f"χ²({dof})" and nd.critical[0] == pytest.approx(stats.chi2.isf(0.05, dof))


def test_2_9_bad_tables_are_refused():
    with pytest.raises(ec.DataError):
        ec.chi2_goodness_of_fit([3, -1, 2])
    with pytest.raises(ec.DataError):
        ec.chi2_independence([[0, 0], [3, 4]])


def _rates(chi2, f, alpha=0.05, reps=3000, effect=0.0):
    ns = np.array([3, 4, 5, 7, 10][:len(chi2)])
    return ec.FriedmanRates(ns, np.asarray(chi2, float), np.asarray(f, float), 4, alpha, effect, reps)


def test_2_10_verdicts_runs_and_which_form_keeps_alpha():
    """The sentence's predicates on hand-made rates (band 5 % ± 0.80 % at 3000 replications), each both ways."""
    at, lo, hi = 0.05, 0.03, 0.07
    r = _rates([lo, lo, at, at, at], [hi, hi, hi, at, at])
    assert r.band == pytest.approx((0.05 - 2 * math.sqrt(0.05 * 0.95 / 3000), 0.05 + 2 * math.sqrt(0.05 * 0.95 / 3000)))
    assert r.verdicts("chi2").tolist() == ["below", "below", "at", "at", "at"]
    assert r.runs("f") == [("above", 3, 5), ("at", 7, 10)]
    assert r.runs("chi2") == [("below", 3, 4), ("at", 5, 10)]
    assert r.deviation("f") == pytest.approx(0.012) and r.deviation("chi2") == pytest.approx(0.008)
    assert r.null_verdict == "chi2_closer"                     # neither everywhere, chi2 nearer on average
    assert _rates([lo, lo, lo, lo, at], [hi, at, at, at, at]).null_verdict == "f_closer"
    assert _rates([lo, lo, at, at, at], [at] * 5).null_verdict == "f_at"      # the book's claim holds
    assert _rates([at] * 5, [hi, at, at, at, at]).null_verdict == "chi2_at"
    assert _rates([at] * 5, [at] * 5).null_verdict == "both_at"
    power = _rates([0.03], [0.12], effect=0.3)
    assert power.power_leader(0) == "f" and _rates([0.12], [0.03]).power_leader(0) == "chi2"
    assert _rates([0.100], [0.105]).power_leader(0) == "same"   # 0.5 points apart: under 2 se (1.1 points)
    with pytest.raises(ec.DataError):
        r.rates("t")


def test_2_10_the_simulated_f_form_is_not_within_the_band_at_small_n():
    """Issue 32: at k = 4, α = 0.05 the page's simulation has τ_F above the band for N = 3-5,
    so the sentence may not say it "corrects" τ_χ²; at k = 7 it stays in the band."""
    ns = (3, 4, 5, 7, 10, 15, 20, 30, 50)
    r4 = ec.friedman_rejection_rates(4, ns, replications=3000, seed=4)
    assert r4.runs("f")[0] == ("above", 3, 5) and r4.null_verdict != "f_at"
    assert ec.friedman_rejection_rates(7, ns, replications=3000, seed=7).null_verdict == "f_at"


def test_2_10_rates_equal_a_slow_loop_with_scipys_friedman_statistic():
    k, ns, reps = 3, [4, 6], 300
    r = ec.friedman_rejection_rates(k, ns, replications=reps, effect=0.3, seed=5)
    rng = np.random.default_rng(5)
    for j, n in enumerate(ns):
        perf = rng.normal(size=(reps, n, k)) + 0.3 * np.arange(k)
        chi = np.array([stats.friedmanchisquare(*perf[i].T).statistic for i in range(reps)])
        with np.errstate(divide="ignore"):         # every data set ranks alike: tau_F is infinite, a rejection
            f = (n - 1) * chi / (n * (k - 1) - chi)
        assert r.rate_chi2[j] == pytest.approx(np.mean(chi > stats.chi2.isf(0.05, k - 1)))
        assert r.rate_f[j] == pytest.approx(np.mean(f > stats.f.isf(0.05, k - 1, (k - 1) * (n - 1))))


def test_2_10_under_the_null_tau_f_keeps_alpha_and_tau_chi2_is_conservative_for_small_n():
    r = ec.friedman_rejection_rates(4, [3, 10], replications=6000, seed=0)
    assert abs(r.rate_f[1] - 0.05) < 4 * r.se                       # N = 10: within simulation error of alpha
    assert r.rate_chi2[0] < 0.05 - 4 * r.se                          # N = 3: tau_chi2 well below alpha
    with pytest.raises(ec.DataError):
        ec.friedman_rejection_rates(8, [50] * 20, replications=10_000)      # over the work bound
