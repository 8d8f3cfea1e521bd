"""Exercise 2.8: min-max (2.43) and z-score (2.44) normalisation, and the
k-nearest-neighbour rule whose distances they change."""
from __future__ import annotations

import numpy as np

from ._validation import check_count


def min_max(X, reference=None) -> np.ndarray:
    """(2.43): (x - min) / (max - min), per column, min and max from
    ``reference`` (default ``X``); a constant column maps to 0."""
    a = np.asarray(X, dtype=np.float64)
    r = a if reference is None else np.asarray(reference, dtype=np.float64)
    lo, span = r.min(axis=0), np.ptp(r, axis=0)
    return (a - lo) / np.where(span > 0, span, 1.0)


def z_score(X, reference=None) -> np.ndarray:
    """(2.44): (x - mean) / sd (population sd), per column, from
    ``reference`` (default ``X``); a constant column maps to 0."""
    a = np.asarray(X, dtype=np.float64)
    r = a if reference is None else np.asarray(reference, dtype=np.float64)
    sd = r.std(axis=0)
    return (a - r.mean(axis=0)) / np.where(sd > 0, sd, 1.0)


def knn_predict(X_train, y_train, X_test, k: int = 1) -> np.ndarray:
    """k-nearest-neighbour majority vote with Euclidean distances (ties
    among the votes go to the smaller label; among distances, to the earlier sample)."""
    a = np.asarray(X_train, dtype=np.float64)
    b = np.asarray(X_test, dtype=np.float64)
    yt = np.asarray(y_train)
    kk = check_count(k, "k", minimum=1)
    d = ((b[:, None, :] - a[None, :, :]) ** 2).sum(axis=2)
    near = np.argsort(d, axis=1, kind="stable")[:, :kk]
    labels = np.unique(yt)
    votes = (yt[near][:, :, None] == labels[None, None, :]).sum(axis=1)
    return labels[votes.argmax(axis=1)]


__all__ = ["min_max", "z_score", "knn_predict"]
