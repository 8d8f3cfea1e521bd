"""Probabilistic losses: log loss (binary and multi-class) and hinge loss
(binary and multi-class).  Notation as the metrics summary the lab follows.

Where the source prints a slip: its multi-class log loss lacks the minus
sign (L = sum_k y_ik log p_ik would be <= 0); the correct form is
L = -sum_k y_ik log p_ik, averaged over samples.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._validation import DataError, as_1d, check_binary_labels, check_matrix, check_scores

EPS = 1e-15     # probabilities are clipped to [EPS, 1 - EPS] so that log 0 never happens


def log_loss(y_true, proba, *, labels=None) -> float:
    """Mean log loss (cross-entropy).

    Binary: ``y_true`` 0/1 and ``proba`` the positive class's probability,
    L = -(y log p + (1 - y) log(1 - p)).  Multi-class: ``proba`` (n, K), one
    column per class in ``labels`` order (sorted by default), rows summing
    to 1 (used as given: a row is not divided by its sum); L = -sum_k y_ik log p_ik with y_ik the class
    indicator.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        0/1 labels (binary) or class labels (multi-class).
    proba : array-like of shape (n,) or (n, K)
        The positive class's probability, or one probability per class; in [0, 1].
    labels : array-like of shape (K,), optional
        Multi-class only: the classes in the columns' order; by default the sorted distinct ``y_true``.

    Returns
    -------
    float
        The mean loss in nats, >= 0.

    Examples
    --------
    >>> import evalcore as ec
    >>> round(ec.log_loss([1, 0], [0.9, 0.2]), 4)
    0.1643
    >>> round(ec.log_loss(["a", "b", "c"], [[0.7, 0.2, 0.1], [0.1, 0.8, 0.1], [0.2, 0.2, 0.6]]), 4)
    0.3635
    """
    p = np.asarray(proba, dtype=np.float64)
    if p.ndim == 1:
        y = check_binary_labels(y_true)
        p = check_scores(p, "proba")
        if y.shape[0] != p.shape[0]:
            raise DataError("length_mismatch", a="y_true", na=y.shape[0], b="proba", nb=p.shape[0])
        if ((p < 0) | (p > 1)).any():
            raise DataError("out_of_range", name="proba", interval="[0, 1]", value=float(p[(p < 0) | (p > 1)][0]))
        p = np.clip(p, EPS, 1 - EPS)
        return float(-np.mean(np.where(y, np.log(p), np.log(1 - p))))
    y = as_1d(y_true, "y_true")
    P = check_matrix(p, "proba")
    classes = np.unique(y) if labels is None else np.asarray(labels)
    if P.shape != (y.shape[0], classes.shape[0]):
        raise DataError("bad_shape", name="proba", expected=(y.shape[0], classes.shape[0]), shape=P.shape)
    Y = (y[:, None] == classes[None, :])
    if not Y.any(axis=1).all():
        bad = int(np.flatnonzero(~Y.any(axis=1))[0])
        raise DataError("bad_option", name=f"y_true[{bad}]", options=tuple(classes.tolist()), value=y[bad])
    # each row used as given (clipped), not divided by its sum: as scikit-learn >= 1.5 and the report's
    # tables (classtable.log_loss_from_tables) do; a row a file rounded (0.999) is then read as it is
    P = np.clip(P, EPS, 1 - EPS)
    return float(-np.mean(np.sum(Y * np.log(P), axis=1)))


def hinge_loss(y_true, decision, *, labels=None) -> float:
    """Mean hinge loss.

    Binary: ``y_true`` in {-1, +1} (or 0/1, 0 read as -1), ``decision`` the
    real-valued output w: L = max(1 - w y, 0).  Multi-class (Crammer-Singer):
    ``decision`` (n, K) in ``labels`` order; with y_w the output for the true
    class and y_t the largest output among the wrong classes,
    L = max(1 + y_t - y_w, 0).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        -1/+1 or 0/1 labels (binary) or class labels (multi-class).
    decision : array-like of shape (n,) or (n, K)
        Real-valued outputs: one per sample, or one per class.
    labels : array-like of shape (K,), optional
        Multi-class only: the classes in the columns' order; by default the sorted distinct ``y_true``.

    Returns
    -------
    float
        The mean loss, >= 0.

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.hinge_loss([1, -1, 1], [0.5, -2.0, -0.5])
    0.6666666666666666
    """
    d = np.asarray(decision, dtype=np.float64)
    if d.ndim == 1:
        y = as_1d(y_true, "y_true")
        d = check_scores(d, "decision")
        yv = np.asarray(y, dtype=np.float64)
        if not np.isin(yv, (-1, 0, 1)).all():
            raise DataError("bad_binary_label", value=y[~np.isin(yv, (-1, 0, 1))][0], pos=0)
        yv = np.where(yv > 0, 1.0, -1.0)
        return float(np.mean(np.maximum(0.0, 1 - yv * d)))
    y = as_1d(y_true, "y_true")
    D = check_matrix(d, "decision")
    classes = np.unique(y) if labels is None else np.asarray(labels)
    idx = np.searchsorted(classes, y)
    rows = np.arange(y.shape[0])
    true = D[rows, idx]
    other = D.copy()
    other[rows, idx] = -np.inf
    return float(np.mean(np.maximum(0.0, 1 + other.max(axis=1) - true)))


@dataclass(frozen=True)
class HingeForms:
    """The source's remark made concrete: the binary hinge loss is not the
    multi-class one with K = 2.  A binary classifier outputs one number w
    (labels +-1): ``binary`` = mean max(0, 1 - y w).  Written as a two-class
    classifier it outputs (-w, +w), one per class, and the multi-class form
    gives ``multiclass`` = mean max(0, 1 + y_t - y_w) = mean max(0, 1 - 2 y w):
    the margin is measured between two outputs, so it counts twice."""

    binary: float
    multiclass: float


def hinge_forms(y_pm, w) -> HingeForms:
    """Both hinge losses of one binary output w.

    Parameters
    ----------
    y_pm : array-like of shape (n,)
        Labels -1/+1.
    w : array-like of shape (n,)
        The binary classifier's real-valued outputs.

    Returns
    -------
    HingeForms
        ``binary`` (mean max(0, 1 - y w)) and ``multiclass`` (mean max(0, 1 - 2 y w)).

    Examples
    --------
    >>> import evalcore as ec
    >>> r = ec.hinge_forms([1, -1, 1], [0.3, -0.2, -0.1])
    >>> round(r.binary, 4), round(r.multiclass, 4)
    (0.8667, 0.7333)
    """
    y = np.where(np.asarray(y_pm, dtype=np.float64) > 0, 1, -1)
    w = check_scores(w, "w")
    return HingeForms(hinge_loss(y, w), hinge_loss(y, np.column_stack([-w, w]), labels=[-1, 1]))


__all__ = ["log_loss", "hinge_loss", "HingeForms", "hinge_forms", "EPS"]
