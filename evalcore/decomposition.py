"""Bias and variance (textbook section 2.5) and over- and under-fitting (2.1).

:func:`bias_variance` decomposes the expected squared error of a learner
from precomputed predictions (one row per training set).  Fitting the models
that produce those predictions is separate: :func:`simulate_fits` fits a
polynomial of one degree to many training sets drawn from a known truth, all
sets in one batched least-squares solve, and :func:`complexity_curve` does so
for every degree, on the same training sets (those live in
:mod:`evalcore.fits`).

Notation (textbook (2.37)-(2.42)): for a test point x with noise-free truth
f(x) (the book's y) and noisy label y_D = f(x) + epsilon, epsilon ~ N(0, s^2),

    fbar(x)   = E_D f(x; D)
    var(x)    = E_D (f(x; D) - fbar(x))^2
    bias^2(x) = (fbar(x) - f(x))^2
    E(f; D)   = E_D E_eps (f(x; D) - y_D)^2 = bias^2(x) + var(x) + s^2.

The cross terms vanish because E_D (f(x; D) - fbar(x)) = 0 by the definition
of fbar, and the noise has mean 0 and is independent of the training set.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._validation import DataError, check_matrix, check_scores

# ------------------------------------------------------------ the identity


@dataclass(frozen=True, eq=False)
class BiasVariance:
    """Arrays over the points x: ``bias2`` = (fbar - y)^2, ``variance``,
    ``noise`` = epsilon^2, ``error`` = bias2 + variance + noise; ``mean_pred``
    is fbar.  :meth:`totals` averages each over the points."""

    bias2: np.ndarray
    variance: np.ndarray
    noise: np.ndarray
    error: np.ndarray
    mean_pred: np.ndarray

    def totals(self) -> "BiasVarianceTotals":
        return BiasVarianceTotals(float(self.bias2.mean()), float(self.variance.mean()), float(self.noise.mean()),
                                  float(self.error.mean()))


@dataclass(frozen=True)
class BiasVarianceTotals:
    """The four terms averaged over the test points (the same identity holds)."""

    bias2: float
    variance: float
    noise: float
    error: float


def bias_variance(predictions, y_true, *, noise=0.0) -> BiasVariance:
    """Bias-variance decomposition of the expected squared error, textbook (2.42).

    Parameters
    ----------
    predictions : array-like of shape (n_sets, n_points)
        f(x; D): the prediction at each point x of the model trained on each
        training set D.
    y_true : array-like of shape (n_points,)
        The noise-free truth f(x).
    noise : float or array-like of shape (n_points,), default 0.0
        The noise variance epsilon^2.

    Returns
    -------
    BiasVariance
        Arrays over the points: ``bias2``, ``variance``, ``noise``, ``error`` and ``mean_pred`` (fbar).

    Notes
    -----
    fbar(x) = E_D f(x; D);  bias^2(x) = (fbar(x) - y(x))^2;
    var(x) = E_D (f(x; D) - fbar(x))^2  (divided by n_sets);
    E(f; D) = E_D (f(x; D) - y(x))^2 + epsilon^2 = bias^2 + var + epsilon^2.

    Examples
    --------
    >>> import evalcore as ec
    >>> bv = ec.bias_variance([[1.0, 2.0], [3.0, 2.0]], [1.0, 1.0], noise=0.5)
    >>> bv.bias2.tolist(), bv.variance.tolist(), bv.error.tolist()
    ([1.0, 1.0], [1.0, 0.0], [2.5, 1.5])
    """
    p = check_matrix(predictions, "predictions")
    y = check_scores(y_true, "y_true")
    if p.shape[1] != y.shape[0]:
        raise DataError("length_mismatch", a="predictions columns", na=p.shape[1], b="y_true", nb=y.shape[0])
    eps2 = np.broadcast_to(np.asarray(noise, dtype=np.float64), y.shape).copy()
    if (eps2 < 0).any():
        raise DataError("out_of_range", name="noise", interval="[0, inf)", value=float(eps2.min()))
    fbar = p.mean(axis=0)
    bias2 = (fbar - y) ** 2
    var = ((p - fbar) ** 2).mean(axis=0)
    error = ((p - y) ** 2).mean(axis=0) + eps2
    return BiasVariance(bias2, var, eps2, error, fbar)


# ------------------------------------------------------ 0-1 loss: no sum
@dataclass(frozen=True)
class ZeroOneExample:
    """A tiny classification case where the 0-1 loss does not split into
    bias + variance + noise.  At one point x with true class 1 (no noise),
    five training sets give the predictions ``predictions``; the main
    prediction (the majority) is ``main``; ``bias`` = 1 if main is wrong;
    ``variance`` = the share of predictions that differ from main;
    ``error`` = the share that are wrong.  With main wrong, a prediction that
    differs from main is *right*: variance lowers the error, so error =
    bias - variance, not bias + variance (Domingos 2000)."""

    predictions: tuple
    truth: int
    main: int
    bias: float
    variance: float
    error: float


def zero_one_example() -> ZeroOneExample:
    """The worked example of :class:`ZeroOneExample`.

    Returns
    -------
    ZeroOneExample
        ``predictions``, ``truth``, ``main`` (the main prediction), ``bias``,
        ``variance`` and ``error`` of the 0-1 loss.

    Examples
    --------
    >>> import evalcore as ec
    >>> z = ec.zero_one_example()
    >>> z.bias, z.variance, z.error, z.bias + z.variance
    (1.0, 0.4, 0.6, 1.4)
    """
    preds = (0, 0, 1, 0, 1)
    truth = 1
    main = int(round(sum(preds) / len(preds)))
    bias = float(main != truth)
    variance = sum(p != main for p in preds) / len(preds)
    error = sum(p != truth for p in preds) / len(preds)
    return ZeroOneExample(preds, truth, main, bias, variance, error)


__all__ = ["BiasVariance", "BiasVarianceTotals", "bias_variance", "ZeroOneExample", "zero_one_example"]
