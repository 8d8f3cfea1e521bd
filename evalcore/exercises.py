"""The chapter's exercises (习题 2.1-2.10) as computations: the exact count
of hold-out splits, the majority-vote learner under 10-fold CV and
leave-one-out, an F1/BEP counter-example, precision from TPR, FPR and the
prior, the least-error point of a ROC curve.  Exercise 2.8 is in
:mod:`evalcore.normalisation`, 2.9 and 2.10 in :mod:`evalcore.chisquare`.
"""
from __future__ import annotations

import math
import warnings
from dataclasses import dataclass

import numpy as np

from ._ranking import threshold_counts
from .analysis import best_f, roc_hull_points
from .cost import optimal_threshold
from ._validation import DataError, as_1d, check_count, check_open_unit, check_real
from .splits import kfold_splits

LEARNERS_22 = ("majority", "1nn", "stump")      # the learners of exercise 2.2


# ----------------------------------------------------------- 2.1: how many hold-out splits
@dataclass(frozen=True)
class HoldoutCount:
    """The number of ways to choose the test set of a hold-out split.

    ``test_pos``, ``test_neg``: the test set's positives and negatives;
    ``stratified``: C(m+, test_pos) x C(m-, test_neg) (an exact integer);
    ``unstratified``: C(m, test_pos + test_neg), every test set of that size."""

    test_pos: int
    test_neg: int
    stratified: int
    unstratified: int

    @property
    def digits(self) -> int:
        """Decimal digits of :attr:`stratified`."""
        return len(str(self.stratified))


def scientific_parts(n: int, *, digits: int = 4) -> tuple[str, int]:
    """A non-negative integer as (mantissa, exponent) with ``digits``
    significant digits, rounded half up on the exact integer (no float: it
    keeps 17 digits and overflows past 10^308):
    ``scientific_parts(math.comb(500, 150) ** 2)`` is ``("2.986", 262)``.

    Parameters
    ----------
    n : int
        A non-negative integer, any size.
    digits : int, default 4
        Significant digits, >= 1.

    Returns
    -------
    mantissa : str
        ``digits`` significant digits, one before the point.
    exponent : int
        The power of ten.

    Examples
    --------
    >>> from evalcore import scientific_parts
    >>> scientific_parts(298_594_999, digits=4), scientific_parts(99_996, digits=4), scientific_parts(7, digits=4)
    (('2.986', 8), ('1.000', 5), ('7.000', 0))
    """
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise DataError("not_integer", name="n", value=n)
    v, d = int(n), check_count(digits, "digits", minimum=1)
    if v == 0:
        return "0" + ("." + "0" * (d - 1) if d > 1 else ""), 0
    exp = len(str(v)) - 1
    drop = exp - (d - 1)
    head = v * 10 ** -drop if drop <= 0 else (v + 5 * 10 ** (drop - 1)) // 10 ** drop   # round half up
    if len(str(head)) > d:                                                             # 9.9996 -> 10.00
        head //= 10
        exp += 1
    s = str(head)
    return (s[0] + ("." + s[1:] if d > 1 else "")), exp


def holdout_count(m_pos, m_neg, test_fraction) -> HoldoutCount:
    """Hold-out splits of ``m_pos`` positives and ``m_neg`` negatives with a
    ``test_fraction`` test share, stratified (each class split in that share,
    rounded) and not.

    Parameters
    ----------
    m_pos, m_neg : int
        Positives and negatives in the data, each >= 1.
    test_fraction : float
        The test set's share, in (0, 1).

    Returns
    -------
    HoldoutCount
        ``test_pos``, ``test_neg`` (the stratified test set's classes),
        ``stratified`` and ``unstratified`` (the numbers of possible splits, exact
        integers); ``digits``.

    Examples
    --------
    >>> import evalcore as ec
    >>> c = ec.holdout_count(500, 500, 0.3)
    >>> c.test_pos, c.test_neg, c.digits
    (150, 150, 263)
    """
    p = check_count(m_pos, "m_pos", minimum=1)
    n = check_count(m_neg, "m_neg", minimum=1)
    f = check_open_unit(test_fraction, "test_fraction")
    tp, tn = int(round(p * f)), int(round(n * f))
    return HoldoutCount(tp, tn, math.comb(p, tp) * math.comb(n, tn), math.comb(p + n, tp + tn))


# ----------------------------------------------------------- 2.2: 10-fold CV and leave-one-out
def toy_data(n_pos, n_neg, *, separation: float = 1.0, seed: int = 0):
    """One feature, ``n_pos`` positives around +separation/2 and ``n_neg``
    negatives around -separation/2 (unit variance); returns (x, y).

    Parameters
    ----------
    n_pos, n_neg : int
        Positives and negatives, each >= 1.
    separation : float, default 1.0
        Distance between the class means.
    seed : int, default 0
        Seed of the draws.

    Returns
    -------
    x : ndarray of float, shape (n_pos + n_neg,)
        The feature, positives first.
    y : ndarray of int64
        1 for the positives, 0 for the negatives.
    """
    p = check_count(n_pos, "n_pos", minimum=1)
    q = check_count(n_neg, "n_neg", minimum=1)
    rng = np.random.default_rng(seed)
    y = np.r_[np.ones(p, dtype=np.int64), np.zeros(q, dtype=np.int64)]
    x = rng.normal(0.0, 1.0, p + q) + np.where(y == 1, separation / 2, -separation / 2)
    return x, y


def predict_22(learner: str, x_train, y_train, x_test, rng) -> np.ndarray:
    """Predictions of an exercise-2.2 learner: ``"majority"`` (the training
    set's majority class, a tie broken at random), ``"1nn"`` (the nearest
    training sample's class) or ``"stump"`` (the one-threshold rule with the
    least training error).

    Parameters
    ----------
    learner : {"majority", "1nn", "stump"}
        The learner (:data:`LEARNERS_22`).
    x_train : ndarray of shape (n,)
        The training feature.
    y_train : ndarray of int, shape (n,)
        0/1 training labels.
    x_test : ndarray of shape (m,)
        The feature to classify.
    rng : numpy.random.Generator
        Breaks the majority learner's tie.

    Returns
    -------
    ndarray of int, shape (m,)
        0/1 predictions.
    """
    if learner == "majority":
        pos = int(y_train.sum())
        neg = y_train.size - pos
        c = (1 if pos > neg else 0) if pos != neg else int(rng.integers(2))
        return np.full(x_test.shape[0], c)
    if learner == "1nn":
        return y_train[np.abs(x_test[:, None] - x_train[None, :]).argmin(axis=1)]
    if learner == "stump":
        order = np.argsort(x_train, kind="stable")
        xs, ys = x_train[order], y_train[order]
        cuts = np.r_[-np.inf, (xs[:-1] + xs[1:]) / 2, np.inf]
        # predict 1 above the cut: errors = positives below + negatives above
        pos_below = np.r_[0, np.cumsum(ys)]
        neg_above = (ys.size - ys.sum()) - np.r_[0, np.cumsum(1 - ys)]
        up = pos_below + neg_above
        down = ys.size - up                                  # predict 1 below the cut instead
        i_up, i_down = int(up.argmin()), int(down.argmin())
        if up[i_up] <= down[i_down]:
            return (x_test > cuts[i_up]).astype(np.int64)
        return (x_test <= cuts[i_down]).astype(np.int64)
    raise DataError("out_of_range", name="learner", interval=", ".join(LEARNERS_22), value=learner)


@dataclass(frozen=True, eq=False)
class CvVersusLoo:
    """Exercise 2.2's experiment: ``kfold_error`` (the pooled error of a
    stratified k-fold CV), ``loo_error`` (leave-one-out), ``fold_of`` (each
    sample's fold), and the training set of leaving out sample 0:
    ``loo_train_pos``, ``loo_train_neg``."""

    kfold_error: float
    loo_error: float
    k: int
    fold_of: np.ndarray
    loo_train_pos: int
    loo_train_neg: int


def cv_versus_loo(x, y, *, learner: str = "majority", k: int = 10, seed: int = 0) -> CvVersusLoo:
    """Exercise 2.2: ``learner`` (see :func:`predict_22`) under a stratified
    ``k``-fold CV and under leave-one-out.

    Parameters
    ----------
    x : array-like of shape (n,)
        The feature.
    y : array-like of shape (n,)
        0/1 labels.
    learner : {"majority", "1nn", "stump"}, default "majority"
        See :func:`predict_22`.
    k : int, default 10
        Folds, >= 2.
    seed : int, default 0
        Seed of the folds and of the tie breaks.

    Returns
    -------
    CvVersusLoo
        ``kfold_error``, ``loo_error`` (in [0, 1]), ``k``, ``fold_of`` and the
        first leave-one-out training set's ``loo_train_pos``, ``loo_train_neg``.

    Examples
    --------
    >>> import numpy as np, evalcore as ec
    >>> x, y = ec.toy_data(50, 50)
    >>> ec.cv_versus_loo(x, y).loo_error          # always the minority of its training set
    1.0
    """
    xv = np.asarray(x, dtype=np.float64)
    yv = as_1d(y, "y").astype(np.int64)
    rng = np.random.default_rng(seed)
    folds = kfold_splits(yv, k, seed=seed)
    wrong = 0
    for s in folds.splits():
        wrong += int(np.sum(predict_22(learner, xv[s.train], yv[s.train], xv[s.test], rng) != yv[s.test]))
    loo_wrong = 0
    keep = np.ones(yv.size, dtype=bool)
    for i in range(yv.size):
        keep[i] = False
        loo_wrong += int(predict_22(learner, xv[keep], yv[keep], xv[i:i + 1], rng)[0] != yv[i])
        keep[i] = True
    pos0 = int(yv[1:].sum())
    return CvVersusLoo(wrong / yv.size, loo_wrong / yv.size, int(k), folds.fold_of[0], pos0, yv.size - 1 - pos0)


# ----------------------------------------------------------- 2.3: F1 and BEP
def max_f1(y_true, scores) -> float:
    """Deprecated since 0.9: ``best_f(threshold_counts(y_true, scores)).f``, the
    one largest-F-beta search (beta = 1).

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels (1 = positive); both classes must occur.
    scores : array-like of shape (m,)
        Finite real scores, larger = more likely positive.

    Returns
    -------
    float
        The largest F1 over all cuts, in [0, 1].
    """
    warnings.warn("evalcore.max_f1 is deprecated: use best_f(threshold_counts(y_true, scores)).f",
                  DeprecationWarning, stacklevel=2)
    return best_f(threshold_counts(y_true, scores)).f


@dataclass(frozen=True, eq=False)
class F1BepExample:
    """Two score columns on the same labels where A has the higher
    (largest) F1 but the lower BEP."""

    y: np.ndarray
    a: np.ndarray
    b: np.ndarray
    f1_a: float
    f1_b: float
    bep_a: float
    bep_b: float


def f1_bep_counterexample(*, n: int = 10, seed: int = 0, tries: int = 20_000) -> F1BepExample:
    """Search random score sets of ``n`` samples (half positive) for a pair
    where A's largest F1 is higher and A's BEP lower than B's.

    Parameters
    ----------
    n : int, default 10
        Samples per score set, >= 4.
    seed : int, default 0
        Seed of the search.
    tries : int, default 20_000
        Random pairs tried before giving up (a DataError).

    Returns
    -------
    F1BepExample
        ``y``, the scores ``a`` and ``b``, and ``f1_a``, ``f1_b``, ``bep_a``, ``bep_b``.

    Examples
    --------
    >>> import evalcore as ec
    >>> e = ec.f1_bep_counterexample(seed=1)
    >>> bool(e.f1_a > e.f1_b and e.bep_a < e.bep_b)
    True
    """
    size = check_count(n, "n", minimum=4)
    rng = np.random.default_rng(seed)
    y = np.r_[np.ones(size // 2, dtype=np.int64), np.zeros(size - size // 2, dtype=np.int64)]
    for _ in range(tries):
        a, b = np.round(rng.random(size), 2), np.round(rng.random(size), 2)
        fa, fb = best_f(threshold_counts(y, a)).f, best_f(threshold_counts(y, b)).f
        ba, bb = threshold_counts(y, a).break_even_point(), threshold_counts(y, b).break_even_point()
        if fa > fb + 1e-9 and ba < bb - 1e-9:
            return F1BepExample(y, a, b, fa, fb, ba, bb)
    raise DataError("too_few", name="counter-examples found", need=1, got=0)


# ----------------------------------------------------------- 2.4: TPR, FPR, P, R
def precision_from_rates(tpr, fpr, prior) -> float:
    """Precision from the true and false positive rates and the share of
    positives π: P = TPR π / (TPR π + FPR (1 - π)) (nan when nothing is
    predicted positive).

    Parameters
    ----------
    tpr, fpr : float
        True and false positive rates, in [0, 1].
    prior : float
        The share of positives pi, in (0, 1).

    Returns
    -------
    float
        Precision, in [0, 1]; nan when TPR = FPR = 0.

    Examples
    --------
    >>> import evalcore as ec
    >>> round(ec.precision_from_rates(0.8, 0.1, 0.5), 4)
    0.8889
    """
    t, f, p = check_real(tpr, "tpr"), check_real(fpr, "fpr"), check_open_unit(prior, "prior")
    den = t * p + f * (1 - p)
    return t * p / den if den > 0 else math.nan


# ----------------------------------------------------------- 2.6: error rate on the ROC curve
@dataclass(frozen=True, eq=False)
class LeastError:
    """The ROC point of least error rate for a share of positives ``prior``:
    its index into the curve, (fpr, tpr), the error rate there and the slope
    of the iso-error lines in ROC space, (1 - π) / π = m- / m+."""

    index: int
    fpr: float
    tpr: float
    error: float
    slope: float


def least_error_point(y_true, scores, *, prior=None) -> LeastError:
    """The point of ``scores``' ROC curve with the least error rate
    π (1 - TPR) + (1 - π) FPR, π the data's share of positives unless
    ``prior`` is given; it lies on the convex hull, where the steepest
    iso-error line touches it.

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels (1 = positive); both classes must occur.
    scores : array-like of shape (m,)
        Finite real scores, larger = more likely positive.
    prior : float, optional
        The share of positives pi, in (0, 1); by default the data's.

    Returns
    -------
    LeastError
        ``index`` (into the curve's thresholds), ``fpr``, ``tpr``, ``error`` and ``slope`` (of the iso-error lines).

    Examples
    --------
    >>> import evalcore as ec
    >>> p = ec.least_error_point([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.7, 0.6, 0.3, 0.1])
    >>> p.fpr, p.tpr, round(p.error, 4)
    (0.3333333333333333, 1.0, 0.1667)
    """
    tc = threshold_counts(y_true, scores)
    pi = tc.n_pos / (tc.n_pos + tc.n_neg) if prior is None else check_open_unit(prior, "prior")
    best = optimal_threshold(tc, p=pi, cost01=1.0, cost10=1.0)     # the error is the cost with unit costs
    return LeastError(best.index, best.fpr, best.tpr, best.cost, best.slope)


def iso_error_line(error: float, prior: float):
    """The ROC-space line of error rate ``error``: TPR = 1 - (error - (1 - π) FPR) / π,
    as its (fpr, tpr) end points clipped to the unit square (empty if it misses it).

    Parameters
    ----------
    error : float
        The error rate of the line.
    prior : float
        The share of positives pi, in (0, 1).

    Returns
    -------
    fpr, tpr : ndarray of float
        Points of the line inside the unit square (FPR sampled at 201 values in [0, 1]); empty if it misses it.
    """
    pi = check_open_unit(prior, "prior")
    fpr = np.linspace(0.0, 1.0, 201)
    tpr = 1 - (error - (1 - pi) * fpr) / pi
    keep = (tpr >= -1e-12) & (tpr <= 1 + 1e-12)
    return fpr[keep], np.clip(tpr[keep], 0.0, 1.0)


def roc_hull(y_true, scores):
    """Deprecated since 0.9: ``roc_hull_points(threshold_counts(y_true, scores))``,
    the one hull of (fpr, tpr) points (``roc_convex_hull`` gives its indices).

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels (1 = positive); both classes must occur.
    scores : array-like of shape (m,)
        Finite real scores, larger = more likely positive.

    Returns
    -------
    fpr, tpr : ndarray of float
        The hull's vertices, increasing FPR.
    """
    warnings.warn("evalcore.roc_hull is deprecated: use roc_hull_points(threshold_counts(y_true, scores))",
                  DeprecationWarning, stacklevel=2)
    return roc_hull_points(threshold_counts(y_true, scores))


__all__ = ["HoldoutCount", "holdout_count", "toy_data", "LEARNERS_22", "predict_22", "CvVersusLoo", "cv_versus_loo",
           "max_f1", "F1BepExample", "f1_bep_counterexample", "precision_from_rates", "LeastError",
           "least_error_point", "iso_error_line", "roc_hull"]
