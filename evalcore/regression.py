"""Regression measures: MAE, MSE (the textbook's (2.2)), explained variance
and R².  One call gives all four (:func:`regression_scores`)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._validation import DataError, check_same_length, check_scores


@dataclass(frozen=True)
class RegressionScores:
    """``mae`` mean |y - yhat|; ``mse`` mean (y - yhat)^2; ``explained_variance``
    1 - Var(y - yhat) / Var(y) (blind to a constant offset: the variance of
    the residuals ignores their mean); ``r2`` 1 - sum (y - yhat)^2 /
    sum (y - ybar)^2 (an offset counts).  With Var(y) = 0 the last two are nan."""

    mae: float
    mse: float
    explained_variance: float
    r2: float
    mean_residual: float


def regression_scores(y_true, y_pred, *, offset: float = 0.0) -> RegressionScores:
    """All four measures of one set of predictions (shifted by a constant
    ``offset``, to show that explained variance ignores a bias and R² does not).

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted real values.
    offset : float, default 0.0
        Added to every prediction, in the values' units.

    Returns
    -------
    RegressionScores
        ``mae``, ``mse``, ``explained_variance``, ``r2`` (the last two nan when
        Var(y) = 0) and ``mean_residual``.

    Examples
    --------
    >>> import evalcore as ec
    >>> r = ec.regression_scores([3.0, -0.5, 2.0, 7.0], [2.5, 0.0, 2.0, 8.0])
    >>> r.mae, r.mse, round(r.explained_variance, 4), round(r.r2, 4)
    (0.5, 0.375, 0.9572, 0.9486)
    """
    y = check_scores(y_true, "y_true")
    p = check_scores(y_pred, "y_pred") + float(offset)
    check_same_length(y, p, "y_true", "y_pred")
    if y.shape[0] < 2:
        raise DataError("too_few", name="y_true", need=2, got=y.shape[0])
    res = y - p
    var_y = float(np.var(y))
    ev = 1 - float(np.var(res)) / var_y if var_y > 0 else float("nan")
    r2 = 1 - float(np.sum(res ** 2)) / float(np.sum((y - y.mean()) ** 2)) if var_y > 0 else float("nan")
    return RegressionScores(float(np.mean(np.abs(res))), float(np.mean(res ** 2)), ev, r2, float(res.mean()))


__all__ = ["RegressionScores", "regression_scores"]
