import numpy as np
import pytest

import evalcore as ec


def test_expected_oob_fraction_formula_and_limit():
    assert ec.expected_oob_fraction(10) == pytest.approx(0.9 ** 10)
    assert ec.expected_oob_fraction(10 ** 6) == pytest.approx(np.exp(-1), abs=1e-6)
    assert ec.expected_oob_fraction(1) == 0.0


def test_oob_fraction_mean_agrees_with_expectation():
    f = ec.oob_fraction(200, 2000, seed=0)
    assert f.shape == (2000,) and ((0 <= f) & (f <= 1)).all()
    # mean of 2000 draws: standard error ~ 0.034 / sqrt(2000) < 1e-3
    assert f.mean() == pytest.approx(ec.expected_oob_fraction(200), abs=4e-3)
    np.testing.assert_array_equal(f, ec.oob_fraction(200, 2000, seed=0))   # seeded


def test_bias_variance_decomposition():
    rng = np.random.default_rng(0)
    x = np.linspace(0, 1, 30)
    y = np.sin(2 * np.pi * x)
    preds = y + 0.3 + rng.normal(0, 0.2, (500, 30))
    bv = ec.bias_variance(preds, y, noise=0.04)
    np.testing.assert_allclose(bv.bias2 + bv.variance + bv.noise, bv.error, atol=1e-9)
    np.testing.assert_allclose(bv.bias2, (preds.mean(0) - y) ** 2)
    np.testing.assert_allclose(bv.variance, preds.var(axis=0, ddof=0))
    assert bv.bias2.mean() == pytest.approx(0.09, abs=0.01)
    with pytest.raises(ec.DataError, match="predictions columns has 30 values but y_true has 29"):
        ec.bias_variance(preds, y[:-1])
