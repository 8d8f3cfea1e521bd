"""95 % bootstrap intervals of the multi-class page's AUCs: each class's
one-vs-rest AUC, their macro and prevalence-weighted means and Hand &
Till's M, all from one set of joint resamples of the rows (the draws of
``scipy.stats.bootstrap`` with the same seed), each AUC a weighted pair
count over one sort per column.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .bootstrap import bootstrap_interval
from .multiclass import check_scores_matrix
from .results import ConfidenceInterval


@dataclass(frozen=True)
class AucIntervals:
    """95 % (``confidence_level``) percentile bootstrap intervals of each
    class's one-vs-rest AUC (``per_class``), of their ``macro`` and
    prevalence-``weighted`` means and of Hand & Till's M (``hand_till``),
    all read from the same ``n_resamples`` joint resamples of the rows."""

    per_class: list
    macro: ConfidenceInterval
    weighted: ConfidenceInterval
    hand_till: ConfidenceInterval
    n_resamples: int
    confidence_level: float


class _Sorted:
    """One column's scores sorted once, grouped by ties, for weighted AUCs."""

    def __init__(self, rows: np.ndarray, x: np.ndarray, pos: np.ndarray):
        order = np.argsort(x, kind="mergesort")
        xs = x[order]
        self.rows = rows[order]
        self.pos = pos[order]
        self.starts = np.flatnonzero(np.r_[True, xs[1:] != xs[:-1]])

    def auc(self, w: np.ndarray) -> np.ndarray:
        """The AUC on each row of bootstrap weights ``w`` (resamples x rows): the
        weighted share of (positive, negative) pairs ranked right, ties half."""
        wo = w[:, self.rows]
        p = np.add.reduceat(np.where(self.pos, wo, 0), self.starts, axis=1)
        n = np.add.reduceat(np.where(self.pos, 0, wo), self.starts, axis=1)
        below = np.cumsum(n, axis=1) - n
        num = (p * (below + 0.5 * n)).sum(axis=1)
        den = p.sum(axis=1) * n.sum(axis=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(den > 0, num / np.where(den > 0, den, 1), np.nan)


def _weights(idx: np.ndarray, n: int) -> np.ndarray:
    """How often each row is drawn, per resample (rows of ``idx``)."""
    b = idx.shape[0]
    flat = (idx + (np.arange(b) * n)[:, None]).ravel()
    return np.bincount(flat, minlength=b * n).reshape(b, n).astype(np.float64)


def auc_intervals(y, scores, *, n_resamples: int = 500, seed: int = 0, confidence_level: float = 0.95,
                  chunk: int = 50) -> AucIntervals:
    """Bootstrap intervals of the AUC averages (:class:`AucIntervals`).

    Each resample draws ``n`` rows with replacement (``rng.integers(0, n,
    (n_resamples, n))`` with ``rng = np.random.default_rng(seed)``, the draws
    of ``scipy.stats.bootstrap``), and every statistic is computed on it:
    each class's AUC (one sort per class for all resamples, the resample as
    weights), their mean and prevalence-weighted mean, and M (one sort per
    class pair); a class (pair) absent from a resample is left out of its
    averages there, as on the data.  Percentile intervals
    (:func:`evalcore.bootstrap.bootstrap_interval`).  Cost: about
    n_resamples x n x K operations for the classes and as many again x (K - 1)
    for M."""
    yy, s = check_scores_matrix(y, scores)
    n, k = s.shape
    rows = np.arange(n)
    per = [_Sorted(rows, s[:, c], yy == c) for c in range(k)]
    pairs = []
    for i in range(k):
        for j in range(i + 1, k):
            both = np.flatnonzero((yy == i) | (yy == j))
            pairs.append((_Sorted(both, s[both, i], yy[both] == i), _Sorted(both, s[both, j], yy[both] == j)))
    onehot = (yy[:, None] == np.arange(k)[None, :]).astype(np.float64)
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, n, (n_resamples, n))
    aucs, macro, weighted, m = [], [], [], []
    for start in range(0, n_resamples, chunk):
        w = _weights(idx[start:start + chunk], n)
        a = np.column_stack([p.auc(w) for p in per])
        prev = w @ onehot
        ok = ~np.isnan(a)
        with np.errstate(invalid="ignore", divide="ignore"):
            macro.append(np.nansum(a, axis=1) / ok.sum(axis=1))
            weighted.append(np.nansum(a * prev, axis=1) / np.where(ok, prev, 0).sum(axis=1))
            if pairs:
                both = np.column_stack([(pi.auc(w) + pj.auc(w)) / 2 for pi, pj in pairs])
                m.append(np.nanmean(both, axis=1) if np.isfinite(both).any() else np.full(w.shape[0], np.nan))
        aucs.append(a)
    a = np.vstack(aucs)
    whole = np.ones((1, n))                        # the data itself: every row once
    est_a = np.array([p.auc(whole)[0] for p in per])
    ok = ~np.isnan(est_a)
    sup = onehot.sum(axis=0)
    est_macro = float(est_a[ok].mean()) if ok.any() else float("nan")
    est_weighted = float((est_a[ok] * sup[ok]).sum() / sup[ok].sum()) if ok.any() else float("nan")
    est_m = [(pi.auc(whole)[0] + pj.auc(whole)[0]) / 2 for pi, pj in pairs]
    est_m = float(np.nanmean(est_m)) if np.isfinite(est_m).any() else float("nan")
    ci = lambda d, e: bootstrap_interval(d, e, confidence_level=confidence_level)  # noqa: E731
    return AucIntervals([ci(a[:, c], est_a[c]) for c in range(k)], ci(np.concatenate(macro), est_macro),
                        ci(np.concatenate(weighted), est_weighted),
                        ci(np.concatenate(m), est_m) if m else ConfidenceInterval(np.nan, np.nan),
                        n_resamples, confidence_level)


__all__ = ["AucIntervals", "auc_intervals"]
