"""Multi-label measures: each sample has a set of labels, ``Y`` (n, L) 0/1
and, for ranking measures, ``scores`` (n, L) real.

Where the source prints a slip: its label ranking loss lacks the sum over
pairs; the correct form counts, for each sample, the pairs (k, l) with y_k =
1, y_l = 0 and f_k <= f_l (a relevant label not ranked above an irrelevant
one), divided by |y_i| (L - |y_i|).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._validation import DataError, check_matrix


def _labels(Y, name="Y") -> np.ndarray:
    a = check_matrix(Y, name)
    if not np.isin(a, (0, 1)).all():
        raise DataError("bad_binary_label", value=float(a[~np.isin(a, (0, 1))][0]), pos=0)
    return a.astype(bool)


def _pair(Y, scores):
    y = _labels(Y)
    f = check_matrix(scores, "scores")
    if f.shape != y.shape:
        raise DataError("bad_shape", name="scores", expected=y.shape, shape=f.shape)
    return y, f


def hamming_loss(Y, Y_pred) -> float:
    """The share of (sample, label) entries predicted wrong: mean over i of
    (1/L) sum_j 1(yhat_ij != y_ij).

    Parameters
    ----------
    Y, Y_pred : array-like of shape (n, L)
        True and predicted label sets, 0/1 per (sample, label).

    Returns
    -------
    float
        In [0, 1]; lower is better.

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.hamming_loss([[1, 0, 1], [0, 1, 0]], [[1, 1, 1], [0, 1, 1]])
    0.3333333333333333
    """
    y, p = _labels(Y), _labels(Y_pred, "Y_pred")
    if p.shape != y.shape:
        raise DataError("bad_shape", name="Y_pred", expected=y.shape, shape=p.shape)
    return float(np.mean(y != p))


def subset_accuracy(Y, Y_pred) -> float:
    """The share of samples whose predicted label set equals the true set
    exactly (strict: one wrong label makes the whole sample wrong); the
    multi-label accuracy of scikit-learn's ``accuracy_score``.

    Parameters
    ----------
    Y, Y_pred : array-like of shape (n, L)
        True and predicted label sets, 0/1 per (sample, label).

    Returns
    -------
    float
        In [0, 1].

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.subset_accuracy([[1, 0, 1], [0, 1, 0]], [[1, 0, 1], [0, 1, 1]])
    0.5
    """
    y, p = _labels(Y), _labels(Y_pred, "Y_pred")
    if p.shape != y.shape:
        raise DataError("bad_shape", name="Y_pred", expected=y.shape, shape=p.shape)
    return float(np.mean((y == p).all(axis=1)))


@dataclass(frozen=True, eq=False)
class Jaccard:
    """``per_sample`` |yhat_i ∩ y_i| / |yhat_i ∪ y_i| (1 when both sets are
    empty: nothing to get wrong, as scikit-learn's ``zero_division=1``) and
    their ``mean``."""

    per_sample: np.ndarray
    mean: float


def jaccard(Y, Y_pred) -> Jaccard:
    """Jaccard similarity of each sample's label sets, and the mean.

    Parameters
    ----------
    Y, Y_pred : array-like of shape (n, L)
        True and predicted label sets, 0/1 per (sample, label).

    Returns
    -------
    Jaccard
        ``per_sample`` (n values in [0, 1]) and their ``mean``.

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.jaccard([[1, 0, 1], [0, 0, 0]], [[1, 1, 1], [0, 0, 0]]).per_sample.tolist()
    [0.6666666666666666, 1.0]
    """
    y, p = _labels(Y), _labels(Y_pred, "Y_pred")
    inter = (y & p).sum(axis=1)
    union = (y | p).sum(axis=1)
    per = np.where(union > 0, inter / np.maximum(union, 1), 1.0)
    return Jaccard(per, float(per.mean()))


def coverage_error(Y, scores) -> float:
    """How far down the ranking one must go to cover every true label:
    mean over samples of max_{j: y_ij = 1} rank_ij, rank_ij = |{k : f_ik >= f_ij}|
    (a sample with no true label counts 0).

    Parameters
    ----------
    Y : array-like of shape (n, L)
        True label sets, 0/1.
    scores : array-like of shape (n, L)
        Real scores per (sample, label), larger = more relevant.

    Returns
    -------
    float
        In [0, L]; lower is better.

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.coverage_error([[1, 0, 0], [0, 0, 1]], [[0.75, 0.5, 1.0], [1.0, 0.2, 0.1]])
    2.5
    """
    y, f = _pair(Y, scores)
    rank = (f[:, None, :] >= f[:, :, None]).sum(axis=2)          # rank_ij
    return float(np.mean(np.where(y, rank, 0).max(axis=1)))


def label_ranking_average_precision(Y, scores) -> float:
    """LRAP: mean over samples of (1/|y_i|) sum_{j: y_ij = 1} |L_ij| / rank_ij,
    L_ij = {k : y_ik = 1, f_ik >= f_ij}.  A sample whose labels are all 0 or
    all 1 scores 1 (as scikit-learn).

    Parameters
    ----------
    Y : array-like of shape (n, L)
        True label sets, 0/1.
    scores : array-like of shape (n, L)
        Real scores per (sample, label), larger = more relevant.

    Returns
    -------
    float
        In (0, 1]; higher is better.

    Examples
    --------
    >>> import evalcore as ec
    >>> round(ec.label_ranking_average_precision([[1, 0, 0], [0, 0, 1]], [[0.75, 0.5, 1.0], [1.0, 0.2, 0.1]]), 4)
    0.4167
    """
    y, f = _pair(Y, scores)
    ge = f[:, None, :] >= f[:, :, None]                            # [i, j, k] = f_ik >= f_ij
    rank = ge.sum(axis=2)
    hits = (ge & y[:, None, :]).sum(axis=2)
    n_true = y.sum(axis=1)
    per = np.where(y, hits / rank, 0.0).sum(axis=1) / np.maximum(n_true, 1)
    per = np.where((n_true == 0) | (n_true == y.shape[1]), 1.0, per)
    return float(per.mean())


def label_ranking_loss(Y, scores) -> float:
    """Mean over samples of |{(k, l) : y_ik = 1, y_il = 0, f_ik <= f_il}| /
    (|y_i| (L - |y_i|)): the share of (relevant, irrelevant) label pairs
    ordered wrongly (a tie counts as wrong); 0 for a sample whose labels are
    all 0 or all 1.

    Parameters
    ----------
    Y : array-like of shape (n, L)
        True label sets, 0/1.
    scores : array-like of shape (n, L)
        Real scores per (sample, label), larger = more relevant.

    Returns
    -------
    float
        In [0, 1]; lower is better.

    Examples
    --------
    >>> import evalcore as ec
    >>> round(ec.label_ranking_loss([[1, 0, 0], [0, 0, 1]], [[0.75, 0.5, 1.0], [1.0, 0.2, 0.1]]), 4)
    0.75
    """
    y, f = _pair(Y, scores)
    wrong = (f[:, :, None] <= f[:, None, :]) & y[:, :, None] & ~y[:, None, :]
    n_true = y.sum(axis=1)
    pairs = n_true * (y.shape[1] - n_true)
    return float(np.mean(np.where(pairs > 0, wrong.sum(axis=(1, 2)) / np.maximum(pairs, 1), 0.0)))


def labels_at(scores, *, threshold: float = 0.5) -> np.ndarray:
    """Predicted label sets: 1 where a score is >= ``threshold``.

    Parameters
    ----------
    scores : array-like of shape (n, L)
        Real scores per (sample, label).
    threshold : float, default 0.5
        The cut, in score units.

    Returns
    -------
    ndarray of int, shape (n, L)
        1 where ``scores >= threshold``, else 0.

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.labels_at([[0.9, 0.2], [0.5, 0.7]]).tolist()
    [[1, 0], [1, 1]]
    """
    return (check_matrix(scores, "scores") >= float(threshold)).astype(np.int8)


__all__ = ["labels_at", "hamming_loss", "subset_accuracy", "Jaccard", "jaccard", "coverage_error",
           "label_ranking_average_precision", "label_ranking_loss"]
