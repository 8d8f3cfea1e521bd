"""k models at once: DeLong's test for every pair of AUCs on the same test
set, Holm's step-down correction, and which models cannot be told apart.

DeLong, DeLong & Clarke-Pearson (1988) give the covariance of k correlated
AUCs; every pair's z statistic comes from it.  Holm (1979) keeps the
family-wise error rate at alpha over the k (k - 1) / 2 pairs.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ._validation import DataError, as_1d, check_alpha
from .delong import delong_pairs


@dataclass(frozen=True)
class PairwiseDeLong:
    """DeLong tests of every pair of k models.

    ``aucs`` (k,); ``intervals`` DeLong's interval of each AUC at 1 - alpha;
    ``covariance`` (k, k) of the AUCs; ``statistic`` (k, k) z of row minus
    column (nan on the diagonal); ``pvalues`` the raw two-sided p-values and
    ``adjusted`` Holm's (k, k, symmetric, nan on the diagonal); ``reject``
    adjusted <= alpha; ``groups`` maximal sets of models, in order of AUC
    (best first), no two of which differ significantly."""

    aucs: np.ndarray
    intervals: tuple
    covariance: np.ndarray
    statistic: np.ndarray
    pvalues: np.ndarray
    adjusted: np.ndarray
    reject: np.ndarray
    groups: list
    alpha: float

    @property
    def n_rejected(self) -> int:
        """How many of the k(k-1)/2 pairs differ significantly (after Holm)."""
        return int(np.triu(self.reject, 1).sum())

    @property
    def n_pairs(self) -> int:
        """k(k-1)/2."""
        k = len(self.aucs)
        return k * (k - 1) // 2


def holm(pvalues) -> np.ndarray:
    """Holm's step-down adjusted p-values (same order as given).

    Parameters
    ----------
    pvalues : array-like of shape (m,)
        p-values in [0, 1]; nan allowed.

    Returns
    -------
    ndarray of float, shape (m,)
        Adjusted p-values in [0, 1], in the given order (nan where given nan).

    Notes
    -----
    With the m p-values sorted, p_(1) <= ... <= p_(m), the adjusted value
    of p_(i) is max_{j <= i} min(1, (m - j + 1) p_(j)).  Rejecting where the
    adjusted value is <= alpha is Holm's procedure; it equals statsmodels'
    ``multipletests(p, method="holm")[1]``.  ``nan`` stays ``nan`` and does
    not count in m.

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.holm([0.01, 0.04, 0.03]).round(3).tolist()
    [0.03, 0.06, 0.06]
    """
    p = as_1d(pvalues, "pvalues").astype(np.float64)
    out = np.full(p.shape, np.nan)
    ok = ~np.isnan(p)
    q = p[ok]
    if np.any((q < 0) | (q > 1)):
        raise DataError("out_of_range", name="pvalues", interval="[0, 1]", value=float(q[(q < 0) | (q > 1)][0]))
    m = q.shape[0]
    order = np.argsort(q, kind="stable")
    adj = np.minimum(1.0, np.maximum.accumulate((m - np.arange(m)) * q[order]))
    res = np.empty(m)
    res[order] = adj
    out[ok] = res
    return out


def significance_groups(values, different) -> list[tuple[int, ...]]:
    """Maximal runs of models, in order of ``values`` (largest first), no
    two of which are ``different`` (a symmetric (k, k) boolean matrix) --
    the bars of a critical-difference diagram.  Pure function.

    Parameters
    ----------
    values : array-like of shape (k,)
        Each model's value (e.g. AUC), larger = better.
    different : array-like of bool, shape (k, k)
        Symmetric: True where two models differ significantly.

    Returns
    -------
    list of tuple of int
        Each run's model indices (two or more), in order of ``values``.

    Examples
    --------
    >>> import numpy as np, evalcore as ec
    >>> d = np.array([[0, 0, 1], [0, 0, 0], [1, 0, 0]], bool)
    >>> ec.significance_groups([0.9, 0.85, 0.8], d)
    [(0, 1), (1, 2)]
    """
    v = as_1d(values, "values").astype(np.float64)
    dif = np.asarray(different, dtype=bool)
    order = np.argsort(-v, kind="stable")
    groups: list[tuple[int, ...]] = []
    for i in range(order.shape[0]):
        j = i
        while j + 1 < order.shape[0] and not dif[np.ix_(order[i:j + 2], order[i:j + 2])].any():
            j += 1
        g = tuple(int(x) for x in order[i:j + 1])
        if len(g) > 1 and not any(set(g) <= set(h) for h in groups):
            groups.append(g)
    return groups


def delong_pairwise(y_true, scores, *, alpha: float = 0.05) -> PairwiseDeLong:
    """DeLong's test for every pair of k models scored on the same samples,
    with Holm's correction.

    Parameters
    ----------
    y_true : array-like of 0/1
        Labels (1 = positive); both classes must occur.
    scores : sequence of k array-likes (2 <= k <= 10), or a (k, n) array
        The k models' finite scores on the same samples.
    alpha : float, default 0.05
        Family-wise error rate.

    Returns
    -------
    PairwiseDeLong
        ``aucs``, ``intervals``, ``covariance``, ``statistic``, ``pvalues``,
        ``adjusted`` (Holm's), ``reject`` and ``groups``.

    Notes
    -----
    The tests are :func:`delong_pairs`' (pair by pair the same as
    :func:`delong_test`), adjusted by :func:`holm` over the k (k - 1) / 2
    pairs.  A pair with zero variance (identical rankings) and equal AUCs
    has z = 0 and p = 1.

    Examples
    --------
    >>> import evalcore as ec
    >>> y = [1, 1, 1, 0, 0, 0, 1, 0]
    >>> r = ec.delong_pairwise(y, [[.9, .8, .7, .3, .2, .6, .4, .1], [.6, .9, .3, .5, .2, .7, .8, .4],
    ...                            [.5, .4, .9, .1, .3, .2, .6, .8]])
    >>> r.aucs.round(4).tolist(), bool(r.reject.any())
    ([0.9375, 0.75, 0.8125], False)
    """
    rows = list(scores)
    k = len(rows)
    if not 2 <= k <= 10:
        raise DataError("out_of_range", name="k", interval="[2, 10]", value=k)
    a = check_alpha(alpha)
    pairs = delong_pairs(y_true, rows, alpha=a)          # each model ranked once; every pair's test
    z = np.full((k, k), np.nan)
    p = np.full((k, k), np.nan)
    for (i, j), t in pairs.tests.items():
        same = t.degenerate and math.isnan(t.statistic)      # identical rankings, equal AUCs: nothing to reject
        z[i, j], p[i, j] = (0.0, 1.0) if same else (t.statistic, t.pvalue)
        z[j, i], p[j, i] = -z[i, j], p[i, j]
    iu = np.triu_indices(k, 1)
    adj = np.full((k, k), np.nan)
    adj[iu] = holm(p[iu])
    adj.T[iu] = adj[iu]
    reject = np.nan_to_num(adj, nan=1.0) <= a
    aucs = np.array(pairs.auc)
    return PairwiseDeLong(aucs, tuple(pairs.ci), pairs.covariance, z, p, adj, reject,
                          significance_groups(aucs, reject), a)


__all__ = ["PairwiseDeLong", "holm", "significance_groups", "delong_pairwise"]
