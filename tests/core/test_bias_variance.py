"""Bias and variance (textbook 2.5) in evalcore: the identity, a Monte Carlo
check, the batched fit against a per-set np.polyfit loop, mlxtend as an
oracle, the exact expectation over the label noise, the fit regime."""
import numpy as np
import pytest

import evalcore as ec


def test_the_four_terms_add_up_to_the_expected_error():
    rng = np.random.default_rng(0)
    pred = rng.normal(size=(50, 30))
    y = rng.normal(size=30)
    bv = ec.bias_variance(pred, y, noise=0.25)
    np.testing.assert_allclose(bv.bias2 + bv.variance + bv.noise, bv.error, atol=1e-9)
    for truth in ec.TRUTHS:
        for degree in (0, 3, 9, 15):
            t = ec.simulate_fits(truth=truth, degree=degree, n_sets=100, seed=1).decomposition.totals()
            assert t.bias2 + t.variance + t.noise == pytest.approx(t.error, abs=1e-9 * max(1.0, t.error))


def test_error_matches_squared_error_against_fresh_noisy_labels():
    sim = ec.simulate_fits(truth="sin", n_train=30, n_sets=400, noise_sd=0.5, degree=3, seed=2)
    rng = np.random.default_rng(3)
    draws = [((sim.predictions - (sim.truth + 0.5 * rng.standard_normal(sim.predictions.shape))) ** 2).mean()
             for _ in range(20)]
    se = np.std(draws) / np.sqrt(len(draws)) + 0.01
    assert np.mean(draws) == pytest.approx(sim.decomposition.error.mean(), abs=4 * se)
    assert sim.measured_error == pytest.approx(sim.decomposition.error.mean(), rel=0.05)


def test_a_model_that_returns_the_truth_has_no_bias_and_no_variance():
    x = np.linspace(0, 1, 50)
    truth = ec.TRUTHS["sin"](x)
    bv = ec.bias_variance(np.tile(truth, (20, 1)), truth, noise=0.09)
    np.testing.assert_allclose(bv.bias2, 0, atol=1e-25)
    np.testing.assert_allclose(bv.variance, 0, atol=1e-25)
    np.testing.assert_allclose(bv.error, 0.09)


@pytest.mark.parametrize("degree", [0, 1, 4, 9])
def test_the_batched_fit_equals_a_per_set_polyfit_loop(degree):
    sim = ec.simulate_fits(truth="poly", n_train=25, n_sets=20, noise_sd=0.3, degree=degree, n_points=40, seed=4)
    loop = np.array([np.polyval(np.polyfit(x, y, degree), sim.x) for x, y in zip(sim.train_x, sim.train_y)])
    np.testing.assert_allclose(sim.predictions, loop, atol=1e-6)


def test_against_mlxtend_on_the_same_predictions():
    """mlxtend's bias_variance_decomp fits its own estimator per bootstrap
    round; a stub estimator hands it our prepared predictions round by round.
    Naming: mlxtend's ``avg_bias`` is our bias² (for loss="mse") and its
    ``avg_expected_loss`` has no noise term (its labels are the test labels)."""
    from mlxtend.evaluate import bias_variance_decomp

    rng = np.random.default_rng(5)
    preds = rng.normal(size=(30, 40))
    y_test = rng.normal(size=40)

    class Stub:
        def __init__(self):
            self.i = -1

        def fit(self, X, y):
            self.i += 1
            return self

        def predict(self, X):
            return preds[self.i]

    X = np.zeros((40, 1))
    loss, bias, var = bias_variance_decomp(Stub(), X, y_test, X, y_test, loss="mse", num_rounds=30, random_seed=0)
    bv = ec.bias_variance(preds, y_test).totals()
    assert bias == pytest.approx(bv.bias2) and var == pytest.approx(bv.variance)
    assert loss == pytest.approx(bv.error)


def test_bias_falls_and_variance_rises_with_degree():
    c = ec.complexity_curve(truth="sin", n_sets=200, seed=0)
    assert c.bias2[1] > c.bias2[3] and c.variance[12] > c.variance[3]
    assert np.all(np.diff(c.train_error) <= 1e-12)                 # more freedom never fits worse
    g = ec.training_curve(truth="sin", steps=[1, 100, 100_000], n_sets=100, seed=0)
    assert g.bias2[0] > g.bias2[1] and g.variance[2] > g.variance[1]


def test_zero_one_loss_does_not_add_up():
    z = ec.zero_one_example()
    assert z.error == pytest.approx(z.bias - z.variance) and z.error != z.bias + z.variance


def test_bad_settings_say_so():
    with pytest.raises(ec.DataError, match="truth"):
        ec.simulate_fits(truth="cosine")
    with pytest.raises(ec.DataError, match="degree"):
        ec.simulate_fits(truth="sin", degree=25)


@pytest.mark.parametrize("degree", [9, 12, 15])
def test_the_fits_equal_numpys_polynomial_fit_up_to_degree_15(degree):
    """Reference fit: numpy.polynomial.Polynomial.fit (its own scaled power
    basis, lstsq per set) gives the same curves as the batched Legendre QR."""
    from numpy.polynomial import Polynomial

    sim = ec.simulate_fits(truth="sin", n_train=20, n_sets=15, noise_sd=0.3, degree=degree, n_points=50, seed=7)
    ref = np.array([Polynomial.fit(x, y, degree, domain=[0, 1])(sim.x) for x, y in zip(sim.train_x, sim.train_y)])
    np.testing.assert_allclose(sim.predictions, ref, atol=1e-6 * max(1.0, np.abs(ref).max()))


def test_the_decomposition_is_the_exact_expectation_over_the_label_noise():
    """Oracle: per training design, the noise-free fit (Polynomial.fit to
    f(x)) and the noise's variance s^2 |h(x)|^2 from the hat row of a
    pseudo-inverse of the power-basis design; averaged over designs."""
    from numpy.polynomial import Polynomial

    sd, degree = 0.4, 5
    sim = ec.simulate_fits(truth="sin", n_train=15, n_sets=40, noise_sd=sd, degree=degree, n_points=30, seed=3)
    f = ec.TRUTHS["sin"]
    clean = np.array([Polynomial.fit(x, f(x), degree, domain=[0, 1])(sim.x) for x in sim.train_x])
    h2 = np.array([((np.vander(sim.x, degree + 1) @ np.linalg.pinv(np.vander(x, degree + 1))) ** 2).sum(axis=1)
                   for x in sim.train_x])
    fbar = clean.mean(axis=0)
    dec = sim.decomposition
    np.testing.assert_allclose(dec.bias2, (fbar - sim.truth) ** 2, atol=1e-9)
    np.testing.assert_allclose(dec.variance, clean.var(axis=0) + sd ** 2 * h2.mean(axis=0), rtol=1e-6)
    np.testing.assert_allclose(dec.error, dec.bias2 + dec.variance + sd ** 2, rtol=1e-12)


def test_bias_squared_does_not_climb_again_at_high_degree_or_many_steps():
    """Before: bias² was (mean of the noisy fits - f)², which carries var / n_sets
    of Monte Carlo noise: 0.07-0.32 at degrees 12-15 and 0.05-0.07 at 10^4-10^5
    steps (default page settings), where the truth is within 1e-4 of a
    degree-9 polynomial."""
    c = ec.complexity_curve(truth="sin", n_sets=200, seed=0)
    assert np.all(c.bias2[9:] <= c.bias2[9] + 1e-4)
    assert np.all(np.diff(c.bias2[3:]) <= 1e-4)
    g = ec.training_curve(truth="sin", n_sets=200, seed=0)
    assert np.all(np.diff(g.bias2) <= 1e-6)


def test_complexity_curve_equals_one_simulation_per_degree():
    c = ec.complexity_curve(truth="poly", degrees=[0, 2, 7], n_train=12, n_sets=30, seed=5)
    for i, d in enumerate((0, 2, 7)):
        t = ec.simulate_fits(truth="poly", n_train=12, n_sets=30, degree=d, seed=5).decomposition.totals()
        assert c.bias2[i] == pytest.approx(t.bias2, rel=1e-8, abs=1e-14)
        assert c.variance[i] == pytest.approx(t.variance, rel=1e-8)


def test_fit_regime_reads_the_position_against_the_least_error():
    errors = [0.5, 0.2, 0.1, 0.105, 0.3]
    assert [ec.fit_regime(errors, i, scale=0.0).regime for i in range(5)] == ["under", "under", "near", "near",
                                                                                 "over"]
    with pytest.raises(ec.DataError, match="index"):
        ec.fit_regime(errors, 5, scale=0.0)


def test_regime_map_is_fit_regime_at_every_position_with_runs_and_a_floor():
    errors = [0.6, 0.3, 0.113, 0.119, 0.12, 0.129, 0.143, 0.17, 2.0]
    m = ec.regime_map(errors, scale=0.5)
    assert m.regimes == tuple(ec.fit_regime(errors, i, scale=0.5).regime for i in range(len(errors)))
    assert m.runs() == [("under", 0, 1), ("near", 2, 5), ("over", 6, 8)]      # near: <= 0.113 + 0.0213
    assert (m.floor, m.floor_basis) == (pytest.approx(0.00113), "error")
    assert m.clipped([1e-18, 1.0]) and not m.clipped([0.01, 1.0])
    # errors far below f's variance (no noise): the floor is 10^-4 of it, not 1 % of 1e-19
    tiny = ec.regime_map([0.5, 0.2, 1e-5, 1e-19], scale=0.5)
    assert (tiny.floor, tiny.floor_basis) == (pytest.approx(5e-5), "truth")
    assert tiny.runs() == [("under", 0, 1), ("near", 2, 3)]                 # no over-fitting run
