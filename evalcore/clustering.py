"""Clustering measures: with the true classes (Rand index and its adjusted
form, mutual information, NMI, AMI) and without them (silhouette).

Notation: U the true classes, V the clustering, N samples; P(i) = |U_i|/N,
P'(j) = |V_j|/N, P(i, j) = |U_i ∩ V_j|/N.  Entropy H(U) = -sum P(i) log P(i)
(natural log).  Where the source prints a slip: its entropy lacks the minus
sign (H would be <= 0); the correct form is used.  NMI divides MI by
sqrt(H(U) H(V)) as the source does; scikit-learn's default is the
arithmetic mean (H(U) + H(V)) / 2, offered as ``average="arithmetic"``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy.special import gammaln

from ._validation import DataError, as_1d, check_matrix, check_same_length, register_messages

_MESSAGES = {
    "clustering_one_cluster": (
        "The silhouette needs at least 2 clusters and fewer clusters than samples; got {k} cluster(s) "
        "for {n} samples.",
        "轮廓系数需要至少 2 个簇,且簇数少于样本数;现在是 {n} 个样本、{k} 个簇。",
    ),
}
register_messages(_MESSAGES)


def _contingency(labels_true, labels_pred):
    u = as_1d(labels_true, "labels_true")
    v = as_1d(labels_pred, "labels_pred")
    check_same_length(u, v, "labels_true", "labels_pred")
    _, ui = np.unique(u, return_inverse=True)
    _, vi = np.unique(v, return_inverse=True)
    table = np.zeros((ui.max() + 1, vi.max() + 1), dtype=np.int64)
    np.add.at(table, (ui, vi), 1)
    return table


@dataclass(frozen=True)
class PairCounts:
    """Over all C(N, 2) pairs of samples: ``a`` pairs together in both U and
    V, ``b`` apart in both, ``c`` together in U only, ``d`` together in V only."""

    a: int
    b: int
    c: int
    d: int

    @property
    def total(self) -> int:
        return self.a + self.b + self.c + self.d


def pair_counts(labels_true, labels_pred) -> PairCounts:
    """The four kinds of pairs behind the Rand index.

    Parameters
    ----------
    labels_true, labels_pred : array-like of shape (N,)
        Two clusterings U and V of the same N samples (any hashable labels).

    Returns
    -------
    PairCounts
        ``a``, ``b``, ``c``, ``d``, summing to C(N, 2).

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.pair_counts([0, 0, 1, 1], [0, 0, 1, 2])
    PairCounts(a=1, b=4, c=1, d=0)
    """
    t = _contingency(labels_true, labels_pred)
    n = int(t.sum())
    comb = lambda x: x * (x - 1) // 2  # noqa: E731
    same_both = int(comb(t).sum())
    same_u = int(comb(t.sum(axis=1)).sum())
    same_v = int(comb(t.sum(axis=0)).sum())
    a = same_both
    c = same_u - same_both
    d = same_v - same_both
    return PairCounts(a, comb(n) - a - c - d, c, d)


def rand_index(labels_true, labels_pred) -> float:
    """RI = (a + b) / C(N, 2).

    Parameters
    ----------
    labels_true, labels_pred : array-like of shape (N,)
        Two clusterings U and V of the same N samples (any hashable labels).

    Returns
    -------
    float
        RI, in [0, 1].

    Examples
    --------
    >>> import evalcore as ec
    >>> round(ec.rand_index([0, 0, 1, 1], [0, 0, 1, 2]), 4)
    0.8333
    """
    p = pair_counts(labels_true, labels_pred)
    return (p.a + p.b) / p.total if p.total else 1.0


def adjusted_rand_index(labels_true, labels_pred) -> float:
    """ARI = (RI - E[RI]) / (max RI - E[RI]) under random labelings with the
    same cluster sizes (Hubert & Arabie 1985); 1 for identical clusterings.

    Parameters
    ----------
    labels_true, labels_pred : array-like of shape (N,)
        Two clusterings U and V of the same N samples (any hashable labels).

    Returns
    -------
    float
        ARI, at most 1 (0 expected by chance; can be negative).

    Examples
    --------
    >>> import evalcore as ec
    >>> round(ec.adjusted_rand_index([0, 0, 1, 1], [0, 0, 1, 2]), 4)
    0.5714
    """
    t = _contingency(labels_true, labels_pred)
    comb = lambda x: x * (x - 1) / 2  # noqa: E731
    index = comb(t).sum()
    a, b = comb(t.sum(axis=1)).sum(), comb(t.sum(axis=0)).sum()
    total = comb(t.sum())
    expected = a * b / total if total else 0.0
    top = (a + b) / 2
    if top == expected:                       # both trivial (one cluster each, or all singletons)
        return 1.0
    return float((index - expected) / (top - expected))


def _entropy(counts: np.ndarray) -> float:
    p = counts[counts > 0] / counts.sum()
    return float(-np.sum(p * np.log(p)))


def mutual_information(labels_true, labels_pred) -> float:
    """MI(U, V) = sum_ij P(i, j) log(P(i, j) / (P(i) P'(j))) (nats).

    Parameters
    ----------
    labels_true, labels_pred : array-like of shape (N,)
        Two clusterings U and V of the same N samples (any hashable labels).

    Returns
    -------
    float
        MI in nats, >= 0.

    Examples
    --------
    >>> import evalcore as ec
    >>> round(ec.mutual_information([0, 0, 1, 1], [0, 0, 1, 1]), 4)   # = log 2
    0.6931
    """
    t = _contingency(labels_true, labels_pred).astype(np.float64)
    n = t.sum()
    pi, pj = t.sum(axis=1) / n, t.sum(axis=0) / n
    pij = t / n
    nz = pij > 0
    return float(np.sum(pij[nz] * np.log(pij[nz] / np.outer(pi, pj)[nz])))


def _average(hu: float, hv: float, how: str) -> float:
    if how == "geometric":
        return math.sqrt(hu * hv)
    if how == "arithmetic":
        return (hu + hv) / 2
    if how == "min":
        return min(hu, hv)
    if how == "max":
        return max(hu, hv)
    raise DataError("bad_option", name="average", options=("geometric", "arithmetic", "min", "max"), value=how)


def normalized_mutual_information(labels_true, labels_pred, *, average: str = "geometric") -> float:
    """NMI = MI / mean(H(U), H(V)), the mean ``average``: "geometric"
    (sqrt(H(U) H(V)), the source's), "arithmetic" (scikit-learn's default),
    "min" or "max".  1 when both clusterings are a single cluster.

    Parameters
    ----------
    labels_true, labels_pred : array-like of shape (N,)
        Two clusterings U and V of the same N samples (any hashable labels).
    average : {"geometric", "arithmetic", "min", "max"}, default "geometric"
        The mean of the two entropies.

    Returns
    -------
    float
        NMI, in [0, 1].

    Examples
    --------
    >>> import evalcore as ec
    >>> round(ec.normalized_mutual_information([0, 0, 1, 1], [0, 0, 1, 2]), 4)
    0.8165
    """
    t = _contingency(labels_true, labels_pred)
    hu, hv = _entropy(t.sum(axis=1)), _entropy(t.sum(axis=0))
    if hu == 0 and hv == 0:
        return 1.0
    den = _average(hu, hv, average)
    return mutual_information(labels_true, labels_pred) / den if den > 0 else 0.0


def _expected_mi(t: np.ndarray) -> float:
    """E[MI] under random labelings with these marginals (Vinh, Epps & Bailey 2010)."""
    n = int(t.sum())
    a, b = t.sum(axis=1), t.sum(axis=0)
    emi = 0.0
    for ai in a:
        for bj in b:
            lo, hi = max(1, ai + bj - n), min(ai, bj)
            if lo > hi:
                continue
            nij = np.arange(lo, hi + 1, dtype=np.float64)
            log_p = (gammaln(ai + 1) + gammaln(bj + 1) + gammaln(n - ai + 1) + gammaln(n - bj + 1)
                     - gammaln(n + 1) - gammaln(nij + 1) - gammaln(ai - nij + 1) - gammaln(bj - nij + 1)
                     - gammaln(n - ai - bj + nij + 1))
            emi += float(np.sum(nij / n * np.log(n * nij / (ai * bj)) * np.exp(log_p)))
    return emi


def adjusted_mutual_information(labels_true, labels_pred, *, average: str = "max") -> float:
    """AMI = (MI - E[MI]) / (mean(H(U), H(V)) - E[MI]); the source writes
    the max as the mean (the default here); scikit-learn's default is
    "arithmetic".  1 for identical clusterings; exactly 0 when one labelling
    is a single cluster and the other is not (no shared information).

    Parameters
    ----------
    labels_true, labels_pred : array-like of shape (N,)
        Two clusterings U and V of the same N samples (any hashable labels).
    average : {"max", "geometric", "arithmetic", "min"}, default "max"
        The mean of the two entropies.

    Returns
    -------
    float
        AMI, at most 1 (0 expected by chance).

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.adjusted_mutual_information([0, 0, 1, 1], [1, 1, 0, 0])
    1.0
    """
    t = _contingency(labels_true, labels_pred)
    hu, hv = _entropy(t.sum(axis=1)), _entropy(t.sum(axis=0))
    if t.shape[0] == t.shape[1] == 1 or (t.shape[0] == t.shape[1] == t.sum()):
        return 1.0
    if min(t.shape) == 1:            # one labelling is a single cluster, the other is not: MI = E[MI] = 0,
        return 0.0                   # no information shared, exactly 0 (as scikit-learn, for every average)
    mi = mutual_information(labels_true, labels_pred)
    emi = _expected_mi(t)
    den = _average(hu, hv, average) - emi
    eps = np.finfo(np.float64).eps   # a vanishing denominator keeps its sign (scikit-learn's rule)
    den = max(den, eps) if den >= 0 else min(den, -eps)
    return float((mi - emi) / den)


@dataclass(frozen=True, eq=False)
class Silhouette:
    """``per_sample`` s = (b - a) / max(a, b) (a: mean distance to the own
    cluster's other members, b: to the nearest other cluster; 0 for a
    singleton) and their ``mean``."""

    per_sample: np.ndarray
    mean: float


def silhouette(X, labels) -> Silhouette:
    """Silhouette coefficients with Euclidean distances.

    Parameters
    ----------
    X : array-like of shape (N, d)
        The samples' features.
    labels : array-like of shape (N,)
        Each sample's cluster.

    Returns
    -------
    Silhouette
        ``per_sample`` (N values in [-1, 1]) and their ``mean``.

    Examples
    --------
    >>> import evalcore as ec
    >>> round(ec.silhouette([[0, 0], [0, 1], [5, 5], [5, 6]], [0, 0, 1, 1]).mean, 4)
    0.8586
    """
    x = check_matrix(X, "X")
    lab = as_1d(labels, "labels")
    if lab.shape[0] != x.shape[0]:
        raise DataError("length_mismatch", a="X rows", na=x.shape[0], b="labels", nb=lab.shape[0])
    classes, idx = np.unique(lab, return_inverse=True)
    k, n = classes.shape[0], x.shape[0]
    if not 2 <= k <= n - 1:
        raise DataError("clustering_one_cluster", k=k, n=n)
    dist = np.sqrt(((x[:, None, :] - x[None, :, :]) ** 2).sum(axis=2))
    sums = np.stack([dist[:, idx == c].sum(axis=1) for c in range(k)], axis=1)     # (n, k)
    sizes = np.bincount(idx, minlength=k)
    own = sizes[idx]
    a = sums[np.arange(n), idx] / np.maximum(own - 1, 1)
    other = sums / sizes[None, :]
    other[np.arange(n), idx] = np.inf
    b = other.min(axis=1)
    s = np.where(own > 1, (b - a) / np.maximum(np.maximum(a, b), 1e-300), 0.0)
    return Silhouette(s, float(s.mean()))


__all__ = ["PairCounts", "pair_counts", "rand_index", "adjusted_rand_index", "mutual_information",
           "normalized_mutual_information", "adjusted_mutual_information", "Silhouette", "silhouette"]
