"""Bootstrap estimates of the generalisation error from precomputed errors:
the out-of-bag estimate, .632 and .632+ (Efron & Tibshirani, "Improvements
on cross-validation: the .632+ bootstrap method", JASA 92 (1997) 548-560),
and the exact error of a linear rule on two Gaussian classes, the truth the
estimates are judged against.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import stats

from ._validation import DataError, as_1d, check_open_unit, check_unit

WEIGHT = 0.632    # the share of distinct items in a bootstrap sample (1 - 1/e), as the paper writes it


@dataclass(frozen=True)
class Bootstrap632:
    """``err_train`` the resubstitution (training) error; ``err_oob`` the
    leave-one-out bootstrap error Err(1) (each sample scored only by models
    whose bootstrap sample missed it); ``gamma`` the no-information error
    rate; ``relative_overfit`` R; ``weight`` w; ``est_632`` and
    ``est_632plus`` the two estimates."""

    err_train: float
    err_oob: float
    gamma: float
    relative_overfit: float
    weight: float
    est_632: float
    est_632plus: float


def no_information_rate(y_true, y_pred) -> float:
    """gamma = sum_k p_k (1 - q_k): the error rate if predictions were
    independent of the labels, with p_k the share of class k among the labels
    and q_k among the predictions (0-1 loss).

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.no_information_rate([0, 0, 1, 1], [0, 1, 1, 1])
    0.5
    """
    y = as_1d(y_true, "y_true")
    p = as_1d(y_pred, "y_pred")
    classes = np.union1d(y, p)
    pk = np.array([np.mean(y == c) for c in classes])
    qk = np.array([np.mean(p == c) for c in classes])
    return float(np.sum(pk * (1 - qk)))


def bootstrap_632(err_train: float, err_oob: float, gamma: float) -> Bootstrap632:
    """The .632 and .632+ estimates.

    Notes
    -----
    .632:  Err = 0.368 err + 0.632 Err(1).
    .632+: Err(1)' = min(Err(1), gamma);
    R = (Err(1)' - err) / (gamma - err) if Err(1)' > err and gamma > err, else 0;
    w = 0.632 / (1 - 0.368 R);  Err = (1 - w) err + w Err(1)'.
    R = 0 (no overfitting) gives .632; R = 1 (as bad as guessing) gives
    w = 1 and the estimate Err(1)'.

    Examples
    --------
    >>> import evalcore as ec
    >>> r = ec.bootstrap_632(0.0, 0.3, 0.5)
    >>> round(r.est_632, 4), round(r.relative_overfit, 2), round(r.est_632plus, 4)
    (0.1896, 0.6, 0.2433)
    """
    err = check_unit(err_train, "err_train")
    e1 = check_unit(err_oob, "err_oob")
    g = check_unit(gamma, "gamma")
    e1c = min(e1, g)
    r = (e1c - err) / (g - err) if (e1c > err and g > err) else 0.0
    w = WEIGHT / (1 - (1 - WEIGHT) * r)
    return Bootstrap632(err, e1, g, float(r), float(w), float((1 - WEIGHT) * err + WEIGHT * e1),
                        float((1 - w) * err + w * e1c))


@dataclass(frozen=True, eq=False)
class GaussianProblem:
    """Two Gaussian classes with a shared covariance: positives N(mean_pos,
    cov), negatives N(mean_neg, cov), a share ``pos_rate`` of positives.  Its
    true error rates are known exactly (:meth:`linear_rule_error`,
    :meth:`bayes_error`)."""

    mean_pos: np.ndarray
    mean_neg: np.ndarray
    cov: np.ndarray
    pos_rate: float

    @classmethod
    def default(cls, separation: float = 1.5, pos_rate: float = 0.5) -> "GaussianProblem":
        """A 2-D problem: means (+-separation/2, 0), correlated features."""
        d = float(separation) / 2
        return cls(np.array([d, 0.0]), np.array([-d, 0.0]), np.array([[1.0, 0.3], [0.3, 1.0]]),
                   check_open_unit(pos_rate, "pos_rate"))

    def sample(self, n: int, seed=None):
        """(X, y): n samples (y = 1 for positives), a binomial number of each class."""
        rng = np.random.default_rng(seed)
        y = (rng.random(n) < self.pos_rate).astype(np.int8)
        z = rng.multivariate_normal(np.zeros(self.cov.shape[0]), self.cov, size=n)
        return z + np.where(y[:, None] == 1, self.mean_pos, self.mean_neg), y

    def linear_rule_error(self, w, b: float) -> float:
        """The exact error of "positive iff w.x + b >= 0":
        pi Phi(-(w.mu+ + b) / s) + (1 - pi) Phi((w.mu- + b) / s), s = sqrt(w' Sigma w).

        Examples
        --------
        >>> import evalcore as ec
        >>> g = ec.GaussianProblem.default(separation=2.0)
        >>> round(g.linear_rule_error([1.0, 0.0], 0.0), 4)     # threshold halfway on the first axis
        0.1587
        """
        w = np.asarray(w, dtype=np.float64)
        s = float(np.sqrt(w @ self.cov @ w))
        if s == 0:
            raise DataError("out_of_range", name="w", interval="a nonzero vector", value=w.tolist())
        return float(self.pos_rate * stats.norm.cdf(-(w @ self.mean_pos + b) / s)
                     + (1 - self.pos_rate) * stats.norm.cdf((w @ self.mean_neg + b) / s))

    def bayes_rule(self):
        """(w, b) of the Bayes-optimal (linear, shared covariance) rule."""
        w = np.linalg.solve(self.cov, self.mean_pos - self.mean_neg)
        b = -0.5 * float(w @ (self.mean_pos + self.mean_neg)) + float(np.log(self.pos_rate / (1 - self.pos_rate)))
        return w, b

    def bayes_error(self) -> float:
        """The least error any rule can reach on this problem."""
        return self.linear_rule_error(*self.bayes_rule())


def oob_error(y_true, predictions, in_bag) -> float:
    """The leave-one-out bootstrap error Err(1) (Efron & Tibshirani 1997,
    eq. 7): each sample is scored only by the models whose bootstrap sample
    missed it; its error is the share of those models that get it wrong,
    averaged over the samples that some model missed.

    Parameters
    ----------
    y_true : array-like of shape (n,)
    predictions : array-like of shape (B, n)
        Model b's predicted label for every sample (values where
        ``in_bag[b]`` is true are ignored).
    in_bag : array-like of bool, shape (B, n)
        Whether sample i is in bootstrap sample b.

    Notes
    -----
    Err(1) = (1 / |I|) sum_{i in I} sum_b [not in_bag(b, i)] [pred(b, i) != y_i]
    / sum_b [not in_bag(b, i)], with I the samples out of at least one bag.

    Examples
    --------
    >>> import evalcore as ec
    >>> round(ec.oob_error([0, 1, 1], [[0, 0, 1], [1, 1, 0]], [[True, False, False], [False, True, True]]), 4)
    0.6667
    """
    y = as_1d(y_true, "y_true")
    pred = np.asarray(predictions)
    bag = np.asarray(in_bag, dtype=bool)
    if pred.shape != bag.shape or pred.ndim != 2 or pred.shape[1] != y.size:
        raise DataError("length_mismatch", a="predictions / in_bag", na=str(pred.shape), b="y_true", nb=y.size)
    out = ~bag
    seen = out.sum(axis=0)
    if not seen.any():
        return float("nan")
    wrong = (out & (pred != y[None, :])).sum(axis=0)
    return float(np.mean(wrong[seen > 0] / seen[seen > 0]))


@dataclass(frozen=True, eq=False)
class EstimateQuality:
    """How close each estimator comes to the true error over ``repeats``
    training sets (arrays over the estimators): ``mean`` estimate, ``bias``
    (mean of estimate - truth), ``bias_se`` its standard error
    (sd / sqrt(repeats)), ``sd`` the spread of estimate - truth, ``rmse``
    the root-mean-square distance from the truth, ``pvalue`` of the one-sample
    t-test of bias = 0, ``significant`` (pvalue < ``alpha``); ``closest`` the
    index of the least ``rmse``; ``truth_mean`` the mean true error."""

    mean: np.ndarray
    bias: np.ndarray
    bias_se: np.ndarray
    sd: np.ndarray
    rmse: np.ndarray
    pvalue: np.ndarray
    significant: np.ndarray
    closest: int
    truth_mean: float
    repeats: np.ndarray
    alpha: float


def estimate_quality(estimates, truth, *, alpha: float = 0.05) -> EstimateQuality:
    """Bias (with its standard error), spread and RMSE of several error
    estimators against the true error, over many training sets.

    Parameters
    ----------
    estimates : array-like of shape (repeats, n_estimators)
        Each estimator's estimate on each training set (nan: not run there).
    truth : array-like of shape (repeats,)
        The true error of the model trained on each set.
    alpha : float
        Significance level of the t-test of "no bias".

    Notes
    -----
    d = estimate - truth per set; bias = mean d; SE = sd(d, ddof=1) / sqrt(r);
    t = bias / SE with r - 1 degrees of freedom; RMSE = sqrt(mean d^2).

    Examples
    --------
    >>> import evalcore as ec
    >>> q = ec.estimate_quality([[0.2, 0.30], [0.3, 0.41], [0.25, 0.33]], [0.2, 0.3, 0.25])
    >>> q.bias.round(3).tolist(), q.closest, q.significant.tolist()
    ([0.0, 0.097], 0, [False, True])
    """
    e = np.asarray(estimates, dtype=np.float64)
    t = as_1d(truth, "truth").astype(np.float64)
    if e.ndim != 2 or e.shape[0] != t.size:
        raise DataError("length_mismatch", a="estimates rows", na=e.shape[0] if e.ndim else 0, b="truth", nb=t.size)
    d = e - t[:, None]
    r = np.isfinite(d).sum(axis=0)
    with np.errstate(invalid="ignore", divide="ignore"):
        bias = np.nanmean(d, axis=0)
        sd = np.nanstd(d, axis=0, ddof=1)
        se = sd / np.sqrt(r)
        tstat = np.where(se > 0, bias / se, np.where(bias == 0, 0.0, np.inf))
        p = 2 * stats.t.sf(np.abs(tstat), np.maximum(r - 1, 1))
        rmse = np.sqrt(np.nanmean(d ** 2, axis=0))
    p = np.where(r >= 2, p, np.nan)
    return EstimateQuality(np.nanmean(e, axis=0), bias, se, sd, rmse, p, p < alpha,
                           int(np.nanargmin(rmse)), float(t.mean()), r, float(alpha))


__all__ = ["Bootstrap632", "bootstrap_632", "no_information_rate", "GaussianProblem", "WEIGHT", "oob_error",
           "EstimateQuality", "estimate_quality"]
