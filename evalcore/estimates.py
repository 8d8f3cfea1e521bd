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

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted class labels.

    Returns
    -------
    float
        gamma, in [0, 1].

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

    Parameters
    ----------
    err_train : float
        The training (resubstitution) error err, in [0, 1].
    err_oob : float
        The out-of-bag error Err(1), in [0, 1].
    gamma : float
        The no-information error rate (:func:`no_information_rate`), in [0, 1].

    Returns
    -------
    Bootstrap632
        The inputs ``err_train``, ``err_oob``, ``gamma``; ``relative_overfit`` (R,
        in [0, 1]), ``weight`` (w, in [0.632, 1]), ``est_632`` and ``est_632plus``.

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
        """A 2-D problem: means (+-separation/2, 0), correlated features.

        Parameters
        ----------
        separation : float, default 1.5
            Distance between the two class means along the first axis.
        pos_rate : float, default 0.5
            Prior share of positives, in (0, 1).

        Returns
        -------
        GaussianProblem
            ``mean_pos``, ``mean_neg``, ``cov`` (2 x 2) and ``pos_rate``.
        """
        d = float(separation) / 2
        return cls(np.array([d, 0.0]), np.array([-d, 0.0]), np.array([[1.0, 0.3], [0.3, 1.0]]),
                   check_open_unit(pos_rate, "pos_rate"))

    def sample(self, n: int, seed=None):
        """(X, y): n samples (y = 1 for positives), a binomial number of each class.

        Parameters
        ----------
        n : int
            Number of samples, >= 1.
        seed : int, numpy Generator or None, optional
            Seed of the draws; None draws fresh entropy.

        Returns
        -------
        X : ndarray of float, shape (n, d)
            The features.
        y : ndarray of int, shape (n,)
            1 for positives, 0 for negatives.
        """
        rng = np.random.default_rng(seed)
        y = (rng.random(n) < self.pos_rate).astype(np.int8)
        z = rng.multivariate_normal(np.zeros(self.cov.shape[0]), self.cov, size=n)
        return z + np.where(y[:, None] == 1, self.mean_pos, self.mean_neg), y

    def linear_rule_error(self, w, b: float) -> float:
        """The exact error of "positive iff w.x + b >= 0":
        pi Phi(-(w.mu+ + b) / s) + (1 - pi) Phi((w.mu- + b) / s), s = sqrt(w' Sigma w).

        Parameters
        ----------
        w : array-like of shape (d,)
            The rule's weights.
        b : float
            Its intercept.

        Returns
        -------
        float
            The rule's true error rate, in [0, 1].

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

    def standardised_rule_error(self, coef, intercept: float, mean, scale) -> float:
        """The exact error of a linear rule fitted on standardised features
        ``(x - mean) / scale`` (positive iff coef.z + intercept >= 0), that is
        :meth:`linear_rule_error` of w = coef / scale, b = intercept - sum(coef * mean / scale).

        Parameters
        ----------
        coef : array-like of shape (d,)
            The weights on the standardised features.
        intercept : float
            The rule's intercept.
        mean, scale : array-like of shape (d,)
            The standardisation's centre and scale (scale > 0).

        Returns
        -------
        float
            The rule's true error rate, in [0, 1].

        Examples
        --------
        >>> import evalcore as ec
        >>> g = ec.GaussianProblem.default(separation=2.0)
        >>> g.standardised_rule_error([2.0, 0.0], 0.0, [0.0, 0.0], [2.0, 1.0]) == g.linear_rule_error([1.0, 0.0], 0.0)
        True
        """
        coef, mean, scale = (np.asarray(v, dtype=np.float64) for v in (coef, mean, scale))
        w = coef / scale
        return self.linear_rule_error(w, float(intercept) - float(np.sum(w * mean)))

    def bayes_rule(self):
        """(w, b) of the Bayes-optimal (linear, shared covariance) rule."""
        w = np.linalg.solve(self.cov, self.mean_pos - self.mean_neg)
        b = -0.5 * float(w @ (self.mean_pos + self.mean_neg)) + float(np.log(self.pos_rate / (1 - self.pos_rate)))
        return w, b

    def bayes_error(self) -> float:
        """The least error any rule can reach on this problem."""
        return self.linear_rule_error(*self.bayes_rule())


__all__ = ["Bootstrap632", "bootstrap_632", "no_information_rate", "GaussianProblem", "WEIGHT"]
