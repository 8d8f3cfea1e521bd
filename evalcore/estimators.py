"""Error estimators run with a learner (textbook 2.2): the spread of
hold-out estimates over test fractions, of k-fold estimates over k, the
out-of-bag bootstrap with .632 and .632+, and a study of how far each
estimator lands from the true error.

Learners are factories (a call returns a fresh, unfitted model with
``fit(X, y)`` and ``predict(X)``), as in :mod:`evalcore.crossval`: evalcore
never imports a learning library.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ._validation import DataError
from .crossval import errors_on_folds, pooled_errors
from .estimates import GaussianProblem, bootstrap_632, no_information_rate
from .splits import bootstrap_sample, holdout_split, kfold_splits, leave_one_out

HOLDOUT_FRACTIONS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)   # test fractions of the hold-out spread
CV_KS = (2, 3, 5, 10, 20)                                          # k of the k-fold spread
HOLDOUT_TEST_SHARE = 1 / 3        # the hold-out estimator of the study: a third of the data for testing
STUDY_FOLDS = 10                  # the k-fold estimator of the study
STUDY_LOO_MAX_N = 50              # leave-one-out in the study up to this many samples (n fits per training set)
ESTIMATORS = ("holdout", "cv10", "loo", "oob", "b632", "b632plus")
SIGNIFICANT_SE = 2.0              # a bias beyond this many standard errors differs from zero


def _error(model, X, y) -> float:
    return float(np.mean(model.predict(X) != y))


def holdout_spread(X, y, learner: Callable, *, fractions: Sequence[float] = HOLDOUT_FRACTIONS, repeats: int = 15,
                   stratify: bool = True, seed: int = 0, on_progress: Callable | None = None) -> np.ndarray:
    """Hold-out error estimates, shape (len(fractions), repeats): row i
    holds ``repeats`` random splits with a test share ``fractions[i]``.

    Parameters
    ----------
    X : array-like of shape (n, d)
        Features.
    y : array-like of shape (n,)
        Integer class labels.
    learner : callable
        ``learner()`` makes an unfitted model with ``fit(X, y)`` and ``predict(X)``.
    fractions : sequence of float, default HOLDOUT_FRACTIONS
        Test shares, each in (0, 1).
    repeats : int, default 15
        Random splits per share.
    stratify : bool, default True
        Keep each class's share in both parts.
    seed : int, default 0
        Seed of every split or resample.
    on_progress : callable, optional
        Called as ``on_progress(done, total)`` after each fit.

    Returns
    -------
    ndarray of float, shape (len(fractions), repeats)
        Test error rates, in [0, 1].

    Examples
    --------
    >>> import numpy as np, evalcore as ec
    >>> y = np.array([0, 0, 0, 1] * 10); X = np.zeros((40, 1))
    >>> ec.holdout_spread(X, y, ec.Majority, fractions=(0.5,), repeats=2).tolist()
    [[0.25, 0.25]]
    """
    y = np.asarray(y)
    folds = [holdout_split(y, f, stratify=stratify, seed=seed + 1000 * i + r)
             for i, f in enumerate(fractions) for r in range(repeats)]
    return errors_on_folds(X, y, folds, [learner], on_progress=on_progress)[:, 0].reshape(len(fractions), repeats)


def cv_spread(X, y, learner: Callable, *, ks: Sequence[int] = CV_KS, repeats: int = 2, seed: int = 0,
              on_progress: Callable | None = None) -> np.ndarray:
    """k-fold estimates (the pooled error of the k folds), shape (len(ks),
    repeats); a row is nan where a class has fewer than k samples
    (stratified folds cannot be made).

    Parameters
    ----------
    X : array-like of shape (n, d)
        Features.
    y : array-like of shape (n,)
        Integer class labels.
    learner : callable
        ``learner()`` makes an unfitted model with ``fit(X, y)`` and ``predict(X)``.
    ks : sequence of int, default CV_KS
        Fold counts, each >= 2.
    repeats : int, default 2
        Repetitions per k.
    seed : int, default 0
        Seed of every split or resample.
    on_progress : callable, optional
        Called as ``on_progress(done, total)`` after each fit.

    Returns
    -------
    ndarray of float, shape (len(ks), repeats)
        Pooled k-fold error rates in [0, 1]; a row of nan where k is too large.

    Examples
    --------
    >>> import numpy as np, evalcore as ec
    >>> y = np.array([0, 0, 0, 1] * 5); X = np.zeros((20, 1))
    >>> ec.cv_spread(X, y, ec.Majority, ks=(5, 10), repeats=1).tolist()
    [[0.25], [nan]]
    """
    y = np.asarray(y)
    smallest = int(np.bincount(y).min()) if y.size else 0
    out = np.full((len(ks), repeats), np.nan)
    usable = [(i, k) for i, k in enumerate(ks) if k <= smallest]
    plans = [(i, k, kfold_splits(y, k, repeats=repeats, seed=seed + i).splits()) for i, k in usable]
    folds = [s for _, _, splits in plans for s in splits]
    errors = errors_on_folds(X, y, folds, [learner], on_progress=on_progress)[:, 0]
    at = 0
    for i, k, splits in plans:
        for r in range(repeats):
            part = splits[r * k:(r + 1) * k]
            out[i, r] = float(pooled_errors(errors[at + r * k:at + (r + 1) * k, None], part)[0])
        at += len(splits)
    return out


@dataclass(frozen=True, eq=False)
class BootstrapEstimate:
    """The bootstrap estimates of one learner on one data set.

    ``err_train`` the error on the training data (the resubstitution
    error); ``oob_errors`` each resample's error on its out-of-bag samples
    (nan where a resample left none out), kept so their spread can be
    shown; ``err_oob`` the leave-one-out bootstrap error (each sample's
    error averaged over the resamples that left it out, then over the
    samples: Efron & Tibshirani's Err^(1)); ``gamma`` the no-information
    rate; ``est_632`` and ``est_632plus`` (:func:`bootstrap_632`)."""

    err_train: float
    oob_errors: np.ndarray
    err_oob: float
    gamma: float
    est_632: float
    est_632plus: float


def bootstrap_error(X, y, learner: Callable, *, n_resamples: int = 20, seed: int = 0,
                    fitted=None) -> BootstrapEstimate:
    """Out-of-bag, .632 and .632+ estimates of ``learner``'s error from
    ``n_resamples`` bootstrap samples (a resample with one class only is
    skipped); ``fitted``: the learner already fitted on all of ``X``, if at hand.

    Parameters
    ----------
    X : array-like of shape (n, d)
        Features.
    y : array-like of shape (n,)
        Integer class labels.
    learner : callable
        ``learner()`` makes an unfitted model with ``fit(X, y)`` and ``predict(X)``.
    n_resamples : int, default 20
        Bootstrap samples drawn.
    seed : int, default 0
        Seed of every split or resample.
    fitted : model, optional
        ``learner()`` already fitted on all of ``X``, ``y`` (saves one fit).

    Returns
    -------
    BootstrapEstimate
        ``err_train``, ``oob_errors`` (one per resample), ``err_oob``, ``gamma``,
        ``est_632`` and ``est_632plus``, each error in [0, 1].

    Examples
    --------
    >>> import numpy as np, evalcore as ec
    >>> y = np.array([0, 0, 0, 1] * 10); X = np.zeros((40, 1))
    >>> b = ec.bootstrap_error(X, y, ec.Majority, n_resamples=5)
    >>> b.err_train, b.oob_errors.shape
    (0.25, (5,))
    """
    y = np.asarray(y)
    n = y.shape[0]
    model = fitted if fitted is not None else learner().fit(X, y)
    wrong, seen = np.zeros(n), np.zeros(n)
    per = np.full(n_resamples, np.nan)
    for b in range(n_resamples):
        bs = bootstrap_sample(n, seed=seed + b)
        if bs.oob.size == 0 or np.unique(y[bs.draws]).size < 2:
            continue
        miss = learner().fit(X[bs.draws], y[bs.draws]).predict(X[bs.oob]) != y[bs.oob]
        wrong[bs.oob] += miss
        seen[bs.oob] += 1
        per[b] = float(miss.mean())
    if not (seen > 0).any():
        raise DataError("too_few", name="bootstrap resamples with out-of-bag samples", need=1, got=0)
    err_oob = float(np.mean(wrong[seen > 0] / seen[seen > 0]))
    pred = model.predict(X)
    err_train = float(np.mean(pred != y))
    res = bootstrap_632(err_train, err_oob, no_information_rate(y, pred))
    per.flags.writeable = False
    return BootstrapEstimate(err_train, per, err_oob, res.gamma, res.est_632, res.est_632plus)


@dataclass(frozen=True, eq=False)
class EstimatorStudy:
    """How far each error estimator lands from the true error.

    ``estimates`` (repeats, len(ESTIMATORS)): each estimator's estimate on
    each training set (nan where it was not run, e.g. leave-one-out above
    :data:`STUDY_LOO_MAX_N`); ``truth`` (repeats,): the true error of the
    model trained on all of that training set; ``n`` its size;
    ``smallest_train`` the fewest samples any estimator trained a model on
    (a learner that needs more, such as k-NN with a larger k, had less there)."""

    estimates: np.ndarray
    truth: np.ndarray
    n: int
    smallest_train: int = 0

    @property
    def differences(self) -> np.ndarray:
        """estimate - truth, per training set and estimator."""
        return self.estimates - self.truth[:, None]

    @property
    def ran(self) -> np.ndarray:
        """Whether each estimator was run."""
        return ~np.isnan(self.estimates).all(axis=0)

    @property
    def mean(self) -> np.ndarray:
        """Each estimator's mean estimate over the training sets (nan where not run)."""
        return np.array([np.mean(c[~np.isnan(c)]) if r else np.nan for c, r in zip(self.estimates.T, self.ran)])

    @property
    def truth_mean(self) -> float:
        """The mean true error over the training sets."""
        return float(np.mean(self.truth))

    @property
    def bias(self) -> np.ndarray:
        """Mean of estimate - truth per estimator (nan where not run)."""
        d = self.differences
        return np.array([d[:, j][~np.isnan(d[:, j])].mean() if self.ran[j] else np.nan for j in range(d.shape[1])])

    @property
    def bias_se(self) -> np.ndarray:
        """Standard error of :attr:`bias` (sample sd / sqrt(repeats))."""
        d = self.differences
        out = []
        for j in range(d.shape[1]):
            v = d[:, j][~np.isnan(d[:, j])]
            out.append(float(v.std(ddof=1) / math.sqrt(v.size)) if v.size > 1 else np.nan)
        return np.array(out)

    @property
    def rmse(self) -> np.ndarray:
        """Root-mean-square of estimate - truth per estimator."""
        d = self.differences
        return np.array([math.sqrt(float(np.mean(d[:, j][~np.isnan(d[:, j])] ** 2))) if self.ran[j] else np.nan
                         for j in range(d.shape[1])])

    @property
    def significant(self) -> np.ndarray:
        """Whether each estimator's bias differs from zero: |bias| > SIGNIFICANT_SE standard errors."""
        with np.errstate(invalid="ignore"):
            return np.abs(self.bias) > SIGNIFICANT_SE * self.bias_se

    @property
    def closest(self) -> int:
        """The estimator with the smallest root-mean-square distance from the truth."""
        return int(np.nanargmin(self.rmse))


def estimator_study(problem: GaussianProblem, learner: Callable, *, n: int, repeats: int, true_error: Callable,
                    boots: int = 20, seed: int = 0, on_progress: Callable | None = None) -> EstimatorStudy:
    """For ``repeats`` training sets of ``n`` drawn from ``problem``: the
    estimates of :data:`ESTIMATORS` (hold-out with a third for testing,
    10-fold CV (stratified where every class has 10 samples, else plain),
    leave-one-out up to :data:`STUDY_LOO_MAX_N` samples, the
    out-of-bag bootstrap, .632 and .632+ from ``boots`` resamples) and the
    true error ``true_error(model)`` of the model trained on the whole set.
    ``on_progress(done, total)`` after each training set.

    Parameters
    ----------
    problem : GaussianProblem
        The distribution training sets are drawn from.
    learner : callable
        ``learner()`` makes an unfitted model with ``fit(X, y)`` and ``predict(X)``.
    n : int
        Size of each training set.
    repeats : int
        Number of training sets.
    true_error : callable
        ``true_error(model)``: a fitted model's exact error on ``problem``.
    boots : int, default 20
        Bootstrap resamples per training set.
    seed : int, default 0
        Seed of every split or resample.
    on_progress : callable, optional
        Called as ``on_progress(done, total)`` after each training set.

    Returns
    -------
    EstimatorStudy
        ``estimates`` ((repeats, len(ESTIMATORS)), nan where not run), ``truth``
        (repeats,), ``n`` and ``smallest_train``.
    """
    if n < 2 * STUDY_FOLDS:
        raise DataError("too_few", name="training samples", need=2 * STUDY_FOLDS, got=int(n))
    est = np.full((repeats, len(ESTIMATORS)), np.nan)
    truth = np.empty(repeats)
    smallest = n
    for r in range(repeats):
        X, y = problem.sample(n, seed=seed + r)
        model = learner().fit(X, y)
        truth[r] = true_error(model)
        h = holdout_split(y, HOLDOUT_TEST_SHARE, seed=seed + r)
        est[r, 0] = errors_on_folds(X, y, [h], [learner])[0, 0]
        stratify = bool(np.bincount(y, minlength=2).min() >= STUDY_FOLDS)   # else a class misses some folds
        folds = kfold_splits(y, STUDY_FOLDS, stratify=stratify, seed=seed + r).splits()
        smallest = min(smallest, h.train.size, *(f.train.size for f in folds))
        est[r, 1] = float(pooled_errors(errors_on_folds(X, y, folds, [learner]), folds)[0])
        if n <= STUDY_LOO_MAX_N:
            est[r, 2] = float(errors_on_folds(X, y, leave_one_out(n).splits(), [learner]).mean())
        b = bootstrap_error(X, y, learner, n_resamples=boots, seed=seed + 10_000 * r, fitted=model)
        est[r, 3], est[r, 4], est[r, 5] = b.err_oob, b.est_632, b.est_632plus
        if on_progress is not None:
            on_progress(r + 1, repeats)
    for a in (est, truth):
        a.flags.writeable = False
    return EstimatorStudy(est, truth, int(n), int(smallest))


__all__ = ["HOLDOUT_FRACTIONS", "CV_KS", "ESTIMATORS", "STUDY_LOO_MAX_N", "holdout_spread", "cv_spread",
           "BootstrapEstimate", "bootstrap_error", "EstimatorStudy", "estimator_study"]
