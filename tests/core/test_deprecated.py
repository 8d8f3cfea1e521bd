"""The deprecated names (kept because ``docs/api.md`` promised them) warn
and return what their new names return; the new names are checked against
scikit-learn in ``test_calibration.py``, ``test_multiclass.py`` and
``test_exercises.py``."""
import numpy as np
import pytest
from sklearn.metrics import brier_score_loss

import evalcore as ec

RNG = np.random.default_rng(7)
Y = RNG.integers(0, 2, 200)
S = np.clip(0.3 * Y + RNG.random(200) * 0.7, 0, 1)


def test_brier_score_is_brier_loss_with_a_warning():
    with pytest.warns(DeprecationWarning, match="brier_loss"):
        old = ec.brier_score(Y, S, n_bins=5)
    assert old == ec.brier_loss(Y, S, n_bins=5)
    assert old.brier == pytest.approx(brier_score_loss(Y, S), rel=1e-12)
    assert ec.BrierScore is ec.BrierLoss


def test_brier_multiclass_is_multiclass_brier_loss_with_a_warning():
    y = RNG.integers(0, 3, 90)
    p = RNG.dirichlet([1, 1, 1], 90)
    with pytest.warns(DeprecationWarning, match="multiclass_brier_loss"):
        old = ec.brier_multiclass(y, p)
    assert old == ec.multiclass_brier_loss(y, p)
    onehot = np.eye(3)[y]
    assert old == pytest.approx(brier_score_loss(onehot.ravel(), p.ravel()) * 3, rel=1e-12)


def test_max_f1_and_roc_hull_warn_and_name_their_replacements():
    with pytest.warns(DeprecationWarning, match="best_f"):
        assert ec.max_f1(Y, S) == ec.best_f(ec.threshold_counts(Y, S)).f
    with pytest.warns(DeprecationWarning, match="roc_hull_points"):
        old = ec.roc_hull(Y, S)
    new = ec.roc_hull_points(ec.threshold_counts(Y, S))
    assert np.array_equal(np.asarray(old), np.asarray(new))
