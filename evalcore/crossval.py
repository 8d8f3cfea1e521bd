"""Two or more learners on the same folds: the runs behind the paired CV
t-test (k folds), the 5x2cv test (five replications of 2-fold CV) and a
Friedman table (each learner's cross-validated error on each data set).

Learners are given as factories (a call returns a fresh, unfitted model
with ``fit(X, y)`` and ``predict(X)``), so evalcore never imports a
learning library; fitting happens here only through those factories.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ._validation import DataError, check_matrix
from .bootstrap import AveragedCurve, roc_vertical_average
from .comparison import CV5X2_FOLDS, CV5X2_REPLICATIONS
from .curves import roc_curve
from .splits import Split, kfold_splits

PAIRED_CV_FOLDS = 10      # k of the k-fold cross-validated paired t-test (the book's 10-fold)
FRIEDMAN_CV_FOLDS = 5     # k of the stratified CV behind each cell of a Friedman table


class Majority:
    """The majority-class learner: it predicts its training set's most
    frequent label (the smaller label on a tie).  A baseline, and the learner
    of the examples here and in :mod:`evalcore.estimators`."""

    def fit(self, X, y):
        """Learn the most frequent label.

        Parameters
        ----------
        X : array-like of shape (n, d)
            Features (not used).
        y : array-like of int, shape (n,)
            Non-negative integer labels.

        Returns
        -------
        Majority
            ``self``, the label kept in ``label_``.
        """
        self.label_ = np.bincount(np.asarray(y)).argmax()
        return self

    def predict(self, X):
        """Predict the learned label for every sample.

        Parameters
        ----------
        X : array-like of shape (n, d)
            Features (only their number is used).

        Returns
        -------
        ndarray of int, shape (n,)
            ``label_`` repeated.
        """
        return np.full(len(X), self.label_)


def paired_cv_folds(y, *, k: int = PAIRED_CV_FOLDS, seed: int = 0) -> list[Split]:
    """The k stratified folds on which both learners of a paired CV t-test
    are trained and tested (a DataError when a class has fewer than k samples).

    Parameters
    ----------
    y : array-like of shape (n,)
        Class labels.
    k : int, default PAIRED_CV_FOLDS
        Number of folds, >= 2.
    seed : int, default 0
        Seed of the shuffle.

    Returns
    -------
    list of Split
        k splits; the test sets partition the samples.

    Examples
    --------
    >>> import evalcore as ec
    >>> len(ec.paired_cv_folds([0, 1] * 10))
    10
    """
    return kfold_splits(y, k, seed=seed).splits()


def cv5x2_folds(y, *, seed: int = 0) -> list[Split]:
    """Five replications of a fresh stratified 2-fold split, replication
    major: split ``2 i + j`` is fold j of replication i.

    Parameters
    ----------
    y : array-like of shape (n,)
        Class labels.
    seed : int, default 0
        Seed of the shuffles.

    Returns
    -------
    list of Split
        Ten splits, replication major.

    Examples
    --------
    >>> import evalcore as ec
    >>> len(ec.cv5x2_folds([0, 1] * 10))
    10
    """
    return kfold_splits(y, CV5X2_FOLDS, repeats=CV5X2_REPLICATIONS, seed=seed).splits()


def errors_on_folds(X, y, folds: Sequence[Split], learners: Sequence[Callable], *,
                    names: Sequence[str] | None = None, on_progress: Callable | None = None) -> np.ndarray:
    """The test error rate of each learner on each fold, shape
    (len(folds), len(learners)): learner j is made anew by ``learners[j]()``,
    fitted on ``X[train]`` and tested on ``X[test]`` of every fold.

    ``on_progress(done, total)`` is called after each fit; a learner that
    fails (e.g. a fold with one class only) raises ``DataError("learner_failed")``
    naming it (``names[j]``) and the fold.

    Parameters
    ----------
    X : array-like of shape (n, d)
        Features.
    y : array-like of shape (n,)
        Integer class labels.
    folds : sequence of Split
        The train/test splits (e.g. :func:`paired_cv_folds`).
    learners : sequence of callable
        ``learners[j]()`` makes an unfitted model with ``fit`` and ``predict``.
    names : sequence of str, optional
        The learners' names for error messages; by default their indices.
    on_progress : callable, optional
        Called as ``on_progress(done, total)`` after each fit.

    Returns
    -------
    ndarray of float, shape (len(folds), len(learners))
        Test error rates, in [0, 1].

    Examples
    --------
    >>> import numpy as np, evalcore as ec
    >>> y = np.array([0, 0, 0, 1] * 5); X = np.zeros((20, 1))
    >>> ec.errors_on_folds(X, y, ec.paired_cv_folds(y, k=5), [ec.Majority]).ravel().tolist()
    [0.25, 0.25, 0.25, 0.25, 0.25]
    """
    y = np.asarray(y)
    names = [str(j) for j in range(len(learners))] if names is None else list(names)
    out = np.empty((len(folds), len(learners)))
    total = out.size
    for i, split in enumerate(folds):
        for j, make in enumerate(learners):
            try:
                model = make().fit(X[split.train], y[split.train])
                out[i, j] = float(np.mean(model.predict(X[split.test]) != y[split.test]))
            except Exception as err:       # the learning library's own message, shortened
                raise DataError("learner_failed", learner=names[j], fold=i + 1, detail=str(err)[:160]) from None
            if on_progress is not None:
                on_progress(i * len(learners) + j + 1, total)
    return out


def cv5x2_tables(errors) -> tuple[np.ndarray, np.ndarray]:
    """The two learners' (5, 2) error tables (replication i, fold j) from
    :func:`errors_on_folds` run on :func:`cv5x2_folds` with two learners,
    ready for :func:`cv5x2_t_test`.

    Parameters
    ----------
    errors : array-like of shape (10, 2)
        Two learners' errors on the ten splits of :func:`cv5x2_folds`.

    Returns
    -------
    errors_a, errors_b : ndarray of float, shape (5, 2)
        Each learner's errors, replication i, fold j.
    """
    e = check_matrix(errors, "errors", shape=(CV5X2_REPLICATIONS * CV5X2_FOLDS, 2))
    e = e.reshape(CV5X2_REPLICATIONS, CV5X2_FOLDS, 2)
    return e[:, :, 0], e[:, :, 1]


def pooled_errors(errors, folds: Sequence[Split]) -> np.ndarray:
    """Each learner's error over all folds together (per-fold errors
    weighted by the fold sizes): the cross-validated error rate.

    Parameters
    ----------
    errors : array-like of shape (len(folds), n_learners)
        Per-fold error rates (:func:`errors_on_folds`).
    folds : sequence of Split
        The train/test splits (e.g. :func:`paired_cv_folds`).

    Returns
    -------
    ndarray of float, shape (n_learners,)
        Each learner's error over all test samples together, in [0, 1].
    """
    e = check_matrix(errors, "errors")
    sizes = np.array([s.test.shape[0] for s in folds], dtype=np.float64)
    return (sizes @ e) / sizes.sum()


@dataclass(frozen=True, eq=False)
class CvRoc:
    """The ROC curve of one learner on each fold of a cross-validation.

    ``curves``: each fold's (fpr, tpr); ``aucs`` (folds,) each fold's AUC;
    ``averaged`` the vertical average of the curves (:func:`roc_vertical_average`:
    mean and sd of TPR at fixed FPR); ``auc_mean`` and ``auc_sd`` (sample sd,
    ddof = 1) of the folds' AUCs."""

    curves: list
    aucs: np.ndarray
    averaged: AveragedCurve

    @property
    def auc_mean(self) -> float:
        return float(self.aucs.mean())

    @property
    def auc_sd(self) -> float:
        return float(self.aucs.std(ddof=1)) if self.aucs.size > 1 else float("nan")


def cv_roc(X, y, folds: Sequence[Split], learner: Callable, *, name: str = "0",
           on_progress: Callable | None = None) -> CvRoc:
    """Fit ``learner()`` on each fold's training set and draw the ROC curve
    of its ``predict_proba`` scores on the fold's test set.

    ``on_progress(done, total)`` after each fold; a learner that fails raises
    ``DataError("learner_failed")`` naming ``name`` and the fold.

    Parameters
    ----------
    X : array-like of shape (n, d)
        Features.
    y : array-like of shape (n,)
        Integer class labels.
    folds : sequence of Split
        The train/test splits (e.g. :func:`paired_cv_folds`).
    learner : callable
        ``learner()`` makes an unfitted model with ``fit`` and ``predict_proba``.
    name : str, default "0"
        The learner's name for error messages.
    on_progress : callable, optional
        Called as ``on_progress(done, total)`` after each fold.

    Returns
    -------
    CvRoc
        ``curves`` (each fold's (fpr, tpr)), ``aucs``, ``averaged`` (an
        :class:`AveragedCurve`); ``auc_mean``, ``auc_sd``.

    Examples
    --------
    >>> import numpy as np, evalcore as ec
    >>> class Perfect:
    ...     def fit(self, X, y): return self
    ...     def predict_proba(self, X): return np.c_[1 - X[:, 0], X[:, 0]]
    >>> y = np.array([0, 1] * 10); X = y[:, None].astype(float)
    >>> r = ec.cv_roc(X, y, ec.paired_cv_folds(y, k=5), Perfect)
    >>> r.aucs.tolist(), r.auc_mean
    ([1.0, 1.0, 1.0, 1.0, 1.0], 1.0)
    """
    y = np.asarray(y)
    curves, aucs = [], []
    for i, split in enumerate(folds):
        try:
            scores = learner().fit(X[split.train], y[split.train]).predict_proba(X[split.test])[:, 1]
        except Exception as err:       # the learning library's own message, shortened
            raise DataError("learner_failed", learner=name, fold=i + 1, detail=str(err)[:160]) from None
        roc = roc_curve(y[split.test], scores)
        curves.append((np.asarray(roc.fpr), np.asarray(roc.tpr)))
        aucs.append(float(roc.auc))
        if on_progress is not None:
            on_progress(i + 1, len(folds))
    return CvRoc(curves, np.asarray(aucs), roc_vertical_average(curves))


__all__ = ["CvRoc", "cv_roc", "Majority", "PAIRED_CV_FOLDS", "FRIEDMAN_CV_FOLDS", "paired_cv_folds", "cv5x2_folds",
           "errors_on_folds", "cv5x2_tables", "pooled_errors"]
