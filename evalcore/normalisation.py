"""Exercise 2.8: min-max (2.43) and z-score (2.44) normalisation, and the
k-nearest-neighbour rule whose distances they change."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._validation import check_count, check_real


def min_max(X, *, reference=None) -> np.ndarray:
    """(2.43): (x - min) / (max - min), per column, min and max from
    ``reference`` (default ``X``); a constant column maps to 0.

    Parameters
    ----------
    X : array-like of shape (n, d)
        The data to map.
    reference : array-like of shape (n_ref, d), optional
        The data the statistics come from; by default ``X``.

    Returns
    -------
    ndarray of float, shape (n, d)
        In [0, 1] where ``X`` lies within ``reference``'s range.
    """
    a = np.asarray(X, dtype=np.float64)
    r = a if reference is None else np.asarray(reference, dtype=np.float64)
    lo, span = r.min(axis=0), np.ptp(r, axis=0)
    return (a - lo) / np.where(span > 0, span, 1.0)


def z_score(X, *, reference=None) -> np.ndarray:
    """(2.44): (x - mean) / sd (population sd), per column, from
    ``reference`` (default ``X``); a constant column maps to 0.

    Parameters
    ----------
    X : array-like of shape (n, d)
        The data to map.
    reference : array-like of shape (n_ref, d), optional
        The data the statistics come from; by default ``X``.

    Returns
    -------
    ndarray of float, shape (n, d)
        Standardised values.
    """
    a = np.asarray(X, dtype=np.float64)
    r = a if reference is None else np.asarray(reference, dtype=np.float64)
    sd = r.std(axis=0)
    return (a - r.mean(axis=0)) / np.where(sd > 0, sd, 1.0)


def knn_predict(X_train, y_train, X_test, *, k: int = 1) -> np.ndarray:
    """k-nearest-neighbour majority vote with Euclidean distances (ties
    among the votes go to the smaller label; among distances, to the earlier sample).

    Parameters
    ----------
    X_train : array-like of shape (n, d)
        Training features.
    y_train : array-like of shape (n,)
        Training labels.
    X_test : array-like of shape (m, d)
        Features to classify.
    k : int, default 1
        Neighbours that vote, >= 1.

    Returns
    -------
    ndarray of shape (m,)
        The predicted labels.
    """
    a = np.asarray(X_train, dtype=np.float64)
    b = np.asarray(X_test, dtype=np.float64)
    yt = np.asarray(y_train)
    kk = check_count(k, "k", minimum=1)
    d = ((b[:, None, :] - a[None, :, :]) ** 2).sum(axis=2)
    near = np.argsort(d, axis=1, kind="stable")[:, :kk]
    labels = np.unique(yt)
    votes = (yt[near][:, :, None] == labels[None, None, :]).sum(axis=1)
    return labels[votes.argmax(axis=1)]


NORMALISATIONS = ("raw", "minmax", "z")     # the three panels of exercise 2.8
OUTLIER_SDS = 3.0       # a point is an outlier this many standard deviations (of the others) from their mean
SAME_SPREAD = 0.10      # two spreads within 10 % of each other are "about the same"
STUDY_K = 3             # k of the k-NN rule in the study


@dataclass(frozen=True)
class NormalisationStudy:
    """Exercise 2.8 on one data set: two features on different scales (feature
    1 carries the class, feature 2 is noise around 500 ± 100, in hundreds),
    one training point's feature 2 moved to ``outlier``, two new samples
    beyond the training range, and k-NN (k = 3) on a test set, raw and after
    each normalisation (statistics from the training set).

    ``train[m]``, ``new[m]``: the training set and the new samples after
    normalisation ``m`` in :data:`NORMALISATIONS`; ``accuracy[m]``: k-NN's
    test accuracy; ``correct[m]``: its correct test predictions of ``n_test``;
    ``outlier_sds``: how far the moved point is from the others' mean, in
    their standard deviations.

    Both normalisations are linear maps of a column, so in each panel the
    other points fill the same share of the feature-2 axis
    (:attr:`others_share`); what differs is the scale of feature 2 against
    feature 1, which is what k-NN's distances see (:meth:`spread`)."""

    y: np.ndarray
    train: dict
    new: dict
    accuracy: dict
    correct: dict
    n_test: int
    outlier: float
    outlier_sds: float

    @property
    def has_outlier(self) -> bool:
        """The moved point is more than :data:`OUTLIER_SDS` standard deviations from the others' mean."""
        return self.outlier_sds > OUTLIER_SDS

    def others_range(self, method: str) -> tuple[float, float]:
        """(min, max) of the other training points' feature 2 after ``method``.

        Parameters
        ----------
        method : {"raw", "minmax", "z"}
            A normalisation of :data:`NORMALISATIONS`.

        Returns
        -------
        min, max : float
            In the normalised units.
        """
        v = self.train[method][1:, 1]
        return float(v.min()), float(v.max())

    def feature_range(self, method: str) -> tuple[float, float]:
        """(min, max) of every training point's feature 2 after ``method``.

        Parameters
        ----------
        method : {"raw", "minmax", "z"}
            A normalisation of :data:`NORMALISATIONS`.

        Returns
        -------
        min, max : float
            In the normalised units.
        """
        v = self.train[method][:, 1]
        return float(v.min()), float(v.max())

    @property
    def new_outside_unit(self) -> bool:
        """Whether a new point's feature 2 falls outside [0, 1] after min-max (its range is the training set's)."""
        v = self.new["minmax"][:, 1]
        return bool(((v < 0) | (v > 1)).any())

    @property
    def others_share(self) -> float:
        """The share of the training range of feature 2 the other points span (the same for every method)."""
        lo, hi = self.others_range("raw")
        col = self.train["raw"][:, 1]
        return float((hi - lo) / np.ptp(col)) if np.ptp(col) > 0 else 1.0

    def spread(self, method: str) -> float:
        """The other points' standard deviation on feature 2 over the training
        set's on feature 1, after ``method``: about 1 without an outlier, small
        when the outlier squeezes the others together.

        Parameters
        ----------
        method : {"raw", "minmax", "z"}
            A normalisation of :data:`NORMALISATIONS`.

        Returns
        -------
        float
            The ratio of standard deviations; nan when feature 1 is constant.
        """
        a = self.train[method]
        sd1 = a[:, 0].std()
        return float(a[1:, 1].std() / sd1) if sd1 > 0 else float("nan")

    @property
    def more_spread(self) -> str:
        """``"minmax"`` or ``"z"``, the normalisation whose other points keep
        more spread (:meth:`spread` larger by over :data:`SAME_SPREAD`), or ``"same"``."""
        a, b = self.spread("minmax"), self.spread("z")
        if abs(a - b) <= SAME_SPREAD * max(a, b):
            return "same"
        return "minmax" if a > b else "z"

    @property
    def knn_better(self) -> str:
        """``"minmax"`` or ``"z"``, whichever k-NN scores higher on the test set, or ``"same"``."""
        a, b = self.correct["minmax"], self.correct["z"]
        return "same" if a == b else "minmax" if a > b else "z"

    @property
    def knn_gap(self) -> int:
        """How many more test samples the better normalisation gets right."""
        return abs(self.correct["minmax"] - self.correct["z"])

    @property
    def knn_gap_within_noise(self) -> bool:
        """The gap is under two standard errors of one accuracy on ``n_test`` samples."""
        p = (self.accuracy["minmax"] + self.accuracy["z"]) / 2
        return self.knn_gap < 2 * np.sqrt(self.n_test * p * (1 - p))


def normalisation_study(outlier, *, seed: int = 0, n: int = 60, n_test: int = 200) -> NormalisationStudy:
    """Exercise 2.8's experiment (see :class:`NormalisationStudy`) with one
    training point's feature 2 at ``outlier``.

    Parameters
    ----------
    outlier : float
        The moved point's feature 2 (the others lie around 500 +- 100).
    seed : int, default 0
        Seed of the data.
    n : int, default 60
        Training points, >= 2.
    n_test : int, default 200
        Test points, >= 1.

    Returns
    -------
    NormalisationStudy
        ``y``, and per normalisation ``train``, ``new``, ``accuracy``, ``correct``;
        ``n_test``, ``outlier`` and ``outlier_sds``.

    Examples
    --------
    >>> import evalcore as ec
    >>> far, none = ec.normalisation_study(5000), ec.normalisation_study(500)
    >>> far.has_outlier, far.more_spread, none.has_outlier, none.more_spread
    (True, 'z', False, 'same')
    """
    o = check_real(outlier, "outlier")
    m, mt = check_count(n, "n", minimum=2), check_count(n_test, "n_test", minimum=1)
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, m)
    X = np.c_[rng.normal(y * 2.0, 1.0), rng.normal(500, 100, m)]
    X[0, 1] = o
    yt = rng.integers(0, 2, mt)
    Xt = np.c_[rng.normal(yt * 2.0, 1.0), rng.normal(500, 100, mt)]
    new = np.array([[X[:, 0].max() + 1.5, X[:, 1].max() * 1.2], [X[:, 0].min() - 1.5, X[:, 1].min() * 0.8]])
    maps = {"raw": lambda A: A, "minmax": lambda A: min_max(A, reference=X), "z": lambda A: z_score(A, reference=X)}
    train, moved, acc, correct = {}, {}, {}, {}
    for key in NORMALISATIONS:
        f = maps[key]
        correct[key] = int(np.sum(knn_predict(f(X), y, f(Xt), k=STUDY_K) == yt))
        train[key], moved[key], acc[key] = f(X), f(new), correct[key] / mt
    others = X[1:, 1]
    sds = abs(o - others.mean()) / others.std() if others.std() > 0 else float("inf")
    return NormalisationStudy(y, train, moved, acc, correct, mt, o, float(sds))


__all__ = ["min_max", "z_score", "knn_predict", "NormalisationStudy", "normalisation_study", "NORMALISATIONS",
           "OUTLIER_SDS", "STUDY_K"]
