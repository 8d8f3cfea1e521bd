"""Bootstrap intervals for the threshold measures and the curves, from one
resampling per (data, model).

:func:`bootstrap_counts` resamples the test set ``n_resamples`` times, once,
and keeps each resample's true/false positive counts at (up to ``grid``)
threshold positions.  Any threshold is then read from those cumulative
counts -- no re-sort, no new resample per threshold move -- so the interval
of F1 at a new threshold costs O(B) (B resamples), and the interval moves
smoothly because every threshold sees the same resamples.

Two ways to draw, one distribution:

* up to :data:`INDEX_ROWS` rows, each resample is ``n`` row indices drawn
  with replacement (``rng.integers(0, n, (B, n))``, the draws of
  ``scipy.stats.bootstrap`` with the same ``rng``), and AUC and AP are
  computed exactly on every resample;
* larger sets draw each resample's counts per (threshold block, class)
  straight from the multinomial those index draws induce (O(B x grid), not
  O(B x n)); within-block order is unknown there, so each resample's AUC
  and AP are computed on the blocks and shifted by the data's
  (exact - blocked) difference.

Between two kept threshold positions, the counts of a resample are split by
a binomial draw (given the draws that fell in a block of rows, each is
uniform over the block's rows of its class): exact in distribution, and
seeded per threshold, so the same threshold always reads the same numbers.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from scipy import special

from ._ranking import threshold_counts
from ._validation import DataError, check_labels_and_scores
from .confusion import f_beta_counts
from .delong import _components
from .results import ConfidenceInterval

BOOTSTRAP_METHODS = ("percentile", "bca")
N_RESAMPLES = 1000      # default number of resamples
GRID = 2000             # threshold positions kept per resample (bounds memory: 2 x B x GRID counts)
INDEX_ROWS = 50_000     # up to this many rows, resample row indices; above, block counts
_CHUNK_CELLS = 4_000_000  # resamples are drawn in chunks of about this many cells


@dataclass(frozen=True)
class CurveBand:
    """A pointwise band around a curve: at each ``x`` (FPR for ROC, recall
    for P-R) the ``low`` and ``high`` percentiles of the resampled curves'
    ``y`` (TPR, precision) and their ``median``."""

    x: np.ndarray
    low: np.ndarray
    high: np.ndarray
    median: np.ndarray
    confidence_level: float


@dataclass(frozen=True)
class AveragedCurve:
    """Curves averaged vertically at fixed ``x``: ``curves`` (k, len(x))
    holds each curve's ``y`` at ``x``, ``mean`` and ``sd`` (ddof 1) their
    pointwise mean and standard deviation."""

    x: np.ndarray
    curves: np.ndarray
    mean: np.ndarray
    sd: np.ndarray


def bootstrap_interval(distribution, estimate: float, *, confidence_level: float = 0.95,
                       method: str = "percentile", jackknife=None) -> ConfidenceInterval:
    """A two-sided interval from a bootstrap distribution.

    Parameters
    ----------
    distribution : array-like
        The statistic on each resample; ``nan`` entries (resamples where it
        is undefined, e.g. no positive predicted) are left out.
    estimate : float
        The statistic on the data (used by BCa).
    confidence_level : float, default 0.95
        In (0, 1).
    method : {"percentile", "bca"}, default "percentile"
        Percentile or bias-corrected and accelerated (see Notes).
    jackknife : (values, weights) or None, default None
        BCa only: the leave-one-out values of the statistic and how many
        samples give each (``weights``), for the acceleration.

    Returns
    -------
    ConfidenceInterval
        ``low`` and ``high``, in the statistic's units (nan when every resample is nan).

    Notes
    -----
    Percentile: the ``alpha/2`` and ``1 - alpha/2`` quantiles (linear
    interpolation).  BCa (Efron & Tibshirani 1993, 14.3): with
    z0 = Phi^-1(share of resamples below the estimate, ties counted half)
    and a = sum d^3 / (6 (sum d^2)^(3/2)), d the jackknife values minus their
    mean, the quantiles at Phi(z0 + (z0 + z)/(1 - a (z0 + z))) for
    z = -+ z_{1-alpha/2}.  The same as ``scipy.stats.bootstrap``.
    """
    if method not in BOOTSTRAP_METHODS:
        raise DataError("bad_option", name="method", value=method, options=", ".join(BOOTSTRAP_METHODS))
    if not 0 < confidence_level < 1:
        raise DataError("out_of_range", name="confidence_level", interval="(0, 1)", value=confidence_level)
    d = np.asarray(distribution, dtype=np.float64)
    d = d[~np.isnan(d)]
    if d.shape[0] == 0 or not np.isfinite(estimate):
        return ConfidenceInterval(np.nan, np.nan)
    alpha = (1 - confidence_level) / 2
    q = np.array([alpha, 1 - alpha])
    if method == "bca":
        share = (np.count_nonzero(d < estimate) + np.count_nonzero(d <= estimate)) / (2 * d.shape[0])
        z0 = special.ndtri(share)
        a = 0.0
        if jackknife is not None:
            vals, w = (np.asarray(v, dtype=np.float64) for v in jackknife)
            keep = w > 0
            vals, w = vals[keep], w[keep]
            dev = np.sum(w * vals) / np.sum(w) - vals
            den = np.sum(w * dev ** 2)
            a = float(np.sum(w * dev ** 3) / (6 * den ** 1.5)) if den > 0 else 0.0
        z = special.ndtri(q)
        q = special.ndtr(z0 + (z0 + z) / (1 - a * (z0 + z)))
        if not np.all(np.isfinite(q)):
            return ConfidenceInterval(np.nan, np.nan)
    low, high = np.quantile(d, q)
    return ConfidenceInterval(float(low), float(high))


def f_jackknife(tp: int, fp: int, fn: int, tn: int, *, beta: float = 1.0):
    """Leave-one-out values of F-beta from confusion counts, with their
    multiplicities: leaving out a TP, FP, FN or TN sample (a TN changes
    nothing).  Returns ``(values, weights)`` for :func:`bootstrap_interval`.

    Parameters
    ----------
    tp, fp, fn, tn : int
        The confusion counts on the data, each >= 0.
    beta : float, default 1.0
        beta > 1 weighs recall more.

    Returns
    -------
    values : ndarray of float, shape (4,)
        F-beta without one TP, FP, FN or TN sample.
    weights : ndarray of float, shape (4,)
        How many samples give each value (tp, fp, fn, tn).
    """
    counts = np.array([[tp - 1, fp, fn], [tp, fp - 1, fn], [tp, fp, fn - 1], [tp, fp, fn]], dtype=np.float64)
    vals = f_beta_counts(counts[:, 0], counts[:, 1], counts[:, 2], beta=beta)
    return vals, np.array([tp, fp, fn, tn], dtype=np.float64)


def _auc_ap(pos: np.ndarray, neg: np.ndarray):
    """AUC (ties 1/2) and AP of each row of cumulative counts (B, K+1), first column 0."""
    p, n = pos[:, -1].astype(np.float64), neg[:, -1].astype(np.float64)
    dfp = np.diff(neg, axis=1)
    area2 = np.einsum("bk,bk->b", dfp, pos[:, 1:] + pos[:, :-1], dtype=np.float64)
    dtp = np.diff(pos, axis=1)
    pred = pos[:, 1:] + neg[:, 1:]
    with np.errstate(invalid="ignore", divide="ignore"):
        auc = area2 / (2 * p * n)
        prec = np.where(pred > 0, pos[:, 1:] / np.where(pred > 0, pred, 1), 0.0)
        ap = np.einsum("bk,bk->b", dtp, prec) / p
    return auc, ap


@dataclass(frozen=True, eq=False)
class BootstrapCounts:
    """B resamples of one model's scored test set, as cumulative counts.

    Fields
    ------
    thresholds : the data's distinct thresholds (``ThresholdCounts`` order,
        ``inf`` first); ``tp``, ``fp`` the data's counts there.
    rows : indices into ``thresholds`` kept per resample (increasing, first
        0, last the end).
    pos, neg : (len(rows), B) positives and negatives of each resample with
        score >= ``thresholds[rows[g]]`` (read-only).
    auc, ap : (B,) each resample's AUC and AP.
    auc_estimate, ap_estimate : the data's.
    jack_auc : (values, weights) leave-one-out AUCs (for BCa); ``None`` above
        :data:`INDEX_ROWS` rows.
    seed, exact : the seed; whether resamples are row-index draws.
    """

    thresholds: np.ndarray
    tp: np.ndarray
    fp: np.ndarray
    rows: np.ndarray
    pos: np.ndarray
    neg: np.ndarray
    auc: np.ndarray
    ap: np.ndarray
    auc_estimate: float
    ap_estimate: float
    seed: int
    exact: bool
    jack_auc: tuple | None = field(default=None, repr=False)

    @property
    def n_resamples(self) -> int:
        return self.pos.shape[1]

    def counts_at(self, threshold: float):
        """``(tp, fp, n_pos, n_neg)`` of every resample for the rule
        ``score >= threshold``: four (B,) integer arrays, read from the kept
        rows (a binomial split between two of them, seeded by the threshold's
        index).

        Parameters
        ----------
        threshold : float
            The cut, in score units (``score >= threshold`` is positive).

        Returns
        -------
        tp, fp, n_pos, n_neg : ndarray of int, shape (B,)
            Each resample's true and false positives and its positives and negatives.
        """
        asc = self.thresholds[::-1]
        i = max(asc.shape[0] - int(asc.searchsorted(float(threshold), "left")) - 1, 0)
        g = int(np.searchsorted(self.rows, i, "right")) - 1
        tp, fp = self.pos[g].astype(np.int64), self.neg[g].astype(np.int64)
        if self.rows[g] != i:
            r0, r1 = int(self.rows[g]), int(self.rows[g + 1])
            rng = np.random.default_rng((self.seed, 7, i))
            for cum, data, out in ((self.pos, self.tp, "tp"), (self.neg, self.fp, "fp")):
                block = int(data[r1] - data[r0])
                part = int(data[i] - data[r0])
                drawn = cum[g + 1].astype(np.int64) - cum[g]
                extra = rng.binomial(drawn, part / block) if block > 0 else 0
                if out == "tp":
                    tp = tp + extra
                else:
                    fp = fp + extra
        return tp, fp, self.pos[-1].astype(np.int64), self.neg[-1].astype(np.int64)

    def f_interval(self, threshold: float, *, beta: float = 1.0, confidence_level: float = 0.95,
                   method: str = "percentile") -> ConfidenceInterval:
        """Interval of F-beta at ``threshold`` (percentile or BCa).

        Parameters
        ----------
        threshold : float
            The cut, in score units.
        beta : float, default 1.0
            beta > 1 weighs recall more.
        confidence_level : float, default 0.95
            In (0, 1).
        method : {"percentile", "bca"}, default "percentile"
            The interval's construction (see :func:`bootstrap_interval`).

        Returns
        -------
        ConfidenceInterval
            ``low`` and ``high``, within [0, 1].
        """
        tp, fp, npos, _ = self.counts_at(threshold)
        dist = f_beta_counts(tp, fp, npos - tp, beta=beta)
        i = max(self.thresholds.shape[0] - int(self.thresholds[::-1].searchsorted(float(threshold), "left")) - 1, 0)
        dtp, dfp = int(self.tp[i]), int(self.fp[i])
        n_pos, n_neg = int(self.tp[-1]), int(self.fp[-1])
        est = f_beta_counts(dtp, dfp, n_pos - dtp, beta=beta)
        jack = f_jackknife(dtp, dfp, n_pos - dtp, n_neg - dfp, beta=beta) if method == "bca" else None
        return bootstrap_interval(dist, est, confidence_level=confidence_level, method=method, jackknife=jack)

    def auc_interval(self, *, confidence_level: float = 0.95, method: str = "percentile") -> ConfidenceInterval:
        """Bootstrap interval of the AUC (BCa needs :attr:`exact` resamples).

        Parameters
        ----------
        confidence_level : float, default 0.95
            In (0, 1).
        method : {"percentile", "bca"}, default "percentile"
            BCa needs :attr:`exact` resamples.

        Returns
        -------
        ConfidenceInterval
            ``low`` and ``high``, within [0, 1].
        """
        if method == "bca" and self.jack_auc is None:
            method = "percentile"
        return bootstrap_interval(self.auc, self.auc_estimate, confidence_level=confidence_level, method=method,
                                  jackknife=self.jack_auc)

    def ap_interval(self, *, confidence_level: float = 0.95) -> ConfidenceInterval:
        """Percentile bootstrap interval of the average precision.

        Parameters
        ----------
        confidence_level : float, default 0.95
            In (0, 1).

        Returns
        -------
        ConfidenceInterval
            ``low`` and ``high``, within [0, 1].
        """
        return bootstrap_interval(self.ap, self.ap_estimate, confidence_level=confidence_level)

    def _curves(self):
        p = self.pos[-1].astype(np.float64)
        n = self.neg[-1].astype(np.float64)
        ok = (p > 0) & (n > 0)
        with np.errstate(invalid="ignore", divide="ignore"):
            return (self.neg[:, ok] / n[ok]).T, (self.pos[:, ok] / p[ok]).T, self.pos[:, ok].T, self.neg[:, ok].T

    def roc_band(self, fpr=None, *, confidence_level: float = 0.95) -> CurveBand:
        """Pointwise percentile band of the resampled ROC curves, averaged
        vertically: each resample's TPR at fixed FPR values (default 101
        points), linearly interpolated between its curve points.

        Parameters
        ----------
        fpr : array-like, optional
            FPR values in [0, 1]; default 101 evenly spaced.
        confidence_level : float, default 0.95
            In (0, 1).

        Returns
        -------
        CurveBand
            ``x``, and at each ``x`` the ``low`` and ``high`` percentiles and the
            ``median`` of the resampled curves' ``y``; ``confidence_level``.
        """
        x = np.linspace(0, 1, 101) if fpr is None else np.asarray(fpr, dtype=np.float64)
        fx, ty, _, _ = self._curves()
        return _band(x, vertical_values(fx, ty, x), confidence_level)

    def pr_band(self, recall=None, *, confidence_level: float = 0.95) -> CurveBand:
        """Pointwise percentile band of the resampled P-R curves at fixed
        recall values (default 100 points in (0, 1]): each resample's
        precision at the first cut whose recall reaches the value.

        Parameters
        ----------
        recall : array-like, optional
            Recall values in (0, 1]; default 100 evenly spaced.
        confidence_level : float, default 0.95
            In (0, 1).

        Returns
        -------
        CurveBand
            ``x``, and at each ``x`` the ``low`` and ``high`` percentiles and the
            ``median`` of the resampled curves' ``y``; ``confidence_level``.
        """
        x = np.linspace(0.01, 1, 100) if recall is None else np.asarray(recall, dtype=np.float64)
        _, rec, pos, neg = self._curves()
        with np.errstate(invalid="ignore", divide="ignore"):
            prec = pos / (pos + neg)
        j = _rowwise_searchsorted(rec, x, "left")
        j = np.minimum(j, rec.shape[1] - 1)
        return _band(x, np.take_along_axis(prec, j, axis=1), confidence_level)


def _band(x, values, confidence_level) -> CurveBand:
    a = (1 - confidence_level) / 2
    lo, med, hi = np.nanquantile(values, [a, 0.5, 1 - a], axis=0)
    return CurveBand(x, lo, hi, med, float(confidence_level))


def _rowwise_searchsorted(rows: np.ndarray, x: np.ndarray, side: str) -> np.ndarray:
    """searchsorted of ``x`` in each row of ``rows`` (each row increasing, values in [0, 1])."""
    k = rows.shape[0]
    off = 2.0 * np.arange(k)[:, None]
    flat = (rows + off).ravel()
    pos = np.searchsorted(flat, (x[None, :] + off).ravel(), side).reshape(k, -1)
    return pos - rows.shape[1] * np.arange(k)[:, None]


def vertical_values(fpr: np.ndarray, tpr: np.ndarray, x: np.ndarray) -> np.ndarray:
    """Each curve's TPR at FPR ``x`` (vertical averaging, Fawcett 2006):
    rows of ``fpr``/``tpr`` (k, m) are curves with non-decreasing
    coordinates; at ``x`` the highest TPR of the points with FPR <= x,
    joined linearly to the next point.  Returns (k, len(x)).

    Parameters
    ----------
    fpr, tpr : ndarray of shape (k, m)
        k curves' points, each row non-decreasing.
    x : ndarray of shape (n,)
        FPR values in [0, 1].

    Returns
    -------
    ndarray of float, shape (k, n)
        Each curve's TPR at ``x``.
    """
    fpr, tpr = np.atleast_2d(fpr), np.atleast_2d(tpr)
    j = _rowwise_searchsorted(fpr, x, "right") - 1
    m = fpr.shape[1]
    j = np.clip(j, 0, m - 1)
    j1 = np.minimum(j + 1, m - 1)
    f0, f1 = np.take_along_axis(fpr, j, 1), np.take_along_axis(fpr, j1, 1)
    t0, t1 = np.take_along_axis(tpr, j, 1), np.take_along_axis(tpr, j1, 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        w = np.where(f1 > f0, (x[None, :] - f0) / np.where(f1 > f0, f1 - f0, 1), 0.0)
    return t0 + np.clip(w, 0, 1) * (t1 - t0)


def roc_vertical_average(curves, *, x=None) -> AveragedCurve:
    """The vertical average of several ROC curves (e.g. one per CV fold):
    each curve's TPR at fixed FPR ``x`` (default 101 points), their mean and
    standard deviation -- as scikit-learn's ``RocCurveDisplay.from_cv_results``
    draws them.

    Parameters
    ----------
    curves : sequence of (fpr, tpr)
        Each with non-decreasing coordinates from (0, 0) to (1, 1); at least two.
    x : array-like, keyword-only, optional
        FPR values in [0, 1]; default 101 evenly spaced.

    Returns
    -------
    AveragedCurve
        ``x``, ``curves`` ((k, len(x)): each curve's TPR at ``x``), and their
        pointwise ``mean`` and ``sd`` (ddof 1).
    """
    x = np.linspace(0, 1, 101) if x is None else np.asarray(x, dtype=np.float64)
    curves = list(curves)
    if len(curves) < 2:
        raise DataError("out_of_range", name="curves", interval="[2, inf)", value=len(curves))
    ys = np.vstack([vertical_values(np.asarray(f, float), np.asarray(t, float), x)[0] for f, t in curves])
    return AveragedCurve(x, ys, ys.mean(axis=0), ys.std(axis=0, ddof=1))


def bootstrap_counts(y_true, scores, *, n_resamples: int = N_RESAMPLES, seed: int = 0,
                     grid: int = GRID) -> BootstrapCounts:
    """Resample a scored test set ``n_resamples`` times, once, for intervals
    at any threshold and for curve bands.

    Parameters
    ----------
    y_true, scores : array-like
        0/1 or bool labels and finite real scores of one model's test set.
    n_resamples : int, default 1000
        B, default 1000.
    seed : int, default 0
        Up to :data:`INDEX_ROWS` rows the resamples are the row indices
        ``np.random.default_rng(seed).integers(0, n, (B, n))`` -- those of
        ``scipy.stats.bootstrap(..., paired=True, rng=default_rng(seed))``.
    grid : int, default 2000
        At most this many threshold positions are kept per resample.

    Returns
    -------
    BootstrapCounts
        ``thresholds``, ``tp``, ``fp``, ``rows``, ``pos``, ``neg``, ``auc``, ``ap``,
        ``auc_estimate``, ``ap_estimate``, ``seed``, ``exact`` and ``jack_auc``.

    Examples
    --------
    >>> import evalcore as ec
    >>> bc = ec.bootstrap_counts([1, 1, 0, 1, 0, 0, 1, 0], [.9, .8, .7, .6, .5, .4, .3, .2], n_resamples=200)
    >>> ci = bc.f_interval(0.55)
    >>> ci.low < 0.75 < ci.high
    True
    """
    y, s = check_labels_and_scores(y_true, scores)
    if not 10 <= int(n_resamples) <= 100_000:
        raise DataError("out_of_range", name="n_resamples", interval="[10, 100000]", value=n_resamples)
    b, n = int(n_resamples), y.shape[0]
    tc = threshold_counts(y, s)
    k = tc.thresholds.shape[0]                  # K + 1 cut positions (first: nothing predicted positive)
    rows = np.unique(np.round(np.linspace(0, k - 1, min(k, max(int(grid), 2)))).astype(np.int64))
    rng = np.random.default_rng(seed)
    dtype = np.uint16 if n < 2 ** 16 else np.uint32
    pos = np.empty((rows.shape[0], b), dtype=dtype)
    neg = np.empty((rows.shape[0], b), dtype=dtype)
    auc, ap = np.empty(b), np.empty(b)
    exact = n <= INDEX_ROWS
    if exact:
        # each row's cut group: 1 + index of its distinct score (thresholds[1:] are the distinct scores)
        group = (k - 1) - np.searchsorted(tc.thresholds[:0:-1], s, "left")    # 1..K
        cell = 2 * group + y                     # (group, class) cell of each row
        chunk = max(1, _CHUNK_CELLS // max(n, 2 * k))
        for start in range(0, b, chunk):
            c = min(chunk, b - start)
            idx = rng.integers(0, n, (c, n))
            flat = (cell[idx] + (2 * (k)) * np.arange(c)[:, None]).ravel()
            w = np.bincount(flat, minlength=2 * k * c).reshape(c, k, 2)
            cp, cn = np.cumsum(w[:, :, 1], axis=1), np.cumsum(w[:, :, 0], axis=1)
            auc[start:start + c], ap[start:start + c] = _auc_ap(cp, cn)
            pos[:, start:start + c], neg[:, start:start + c] = cp[:, rows].T, cn[:, rows].T
    else:
        bp = np.diff(tc.tp[rows]).astype(np.float64)
        bn = np.diff(tc.fp[rows]).astype(np.float64)
        p = np.ravel(np.column_stack([bp, bn])) / n
        chunk = max(1, _CHUNK_CELLS // p.shape[0])
        for start in range(0, b, chunk):
            c = min(chunk, b - start)
            w = rng.multinomial(n, p, size=c).reshape(c, -1, 2)
            zero = np.zeros((c, 1), dtype=np.int64)
            cp = np.hstack([zero, np.cumsum(w[:, :, 0], axis=1)])
            cn = np.hstack([zero, np.cumsum(w[:, :, 1], axis=1)])
            auc[start:start + c], ap[start:start + c] = _auc_ap(cp, cn)
            pos[:, start:start + c], neg[:, start:start + c] = cp.T, cn.T
        g_auc, g_ap = _auc_ap(tc.tp[rows][None, :], tc.fp[rows][None, :])
        auc += tc.roc_auc() - g_auc[0]          # blocked -> exact: the data's own difference
        ap += tc.average_precision() - g_ap[0]
    jack = _auc_jackknife(y, s) if exact else None
    for a in (pos, neg, auc, ap, rows):
        a.flags.writeable = False
    return BootstrapCounts(tc.thresholds, tc.tp, tc.fp, rows, pos, neg, auc, ap, tc.roc_auc(),
                           tc.average_precision(), int(seed), exact, jack)


def _auc_jackknife(y: np.ndarray, s: np.ndarray):
    """Leave-one-out AUCs from DeLong's structural components: leaving out
    positive i gives (m AUC - V10_i) / (m - 1), negative j (n AUC - V01_j) / (n - 1)."""
    m, n = int(y.sum()), int((~y).sum())
    if m < 2 or n < 2:
        return None
    auc, v10, v01 = _components(y, s)
    vals = np.concatenate([(m * auc - v10) / (m - 1), (n * auc - v01) / (n - 1)])
    return vals, np.ones_like(vals)


__all__ = ["BOOTSTRAP_METHODS", "BootstrapCounts", "CurveBand", "AveragedCurve", "bootstrap_counts",
           "bootstrap_interval", "f_jackknife", "roc_vertical_average", "vertical_values"]
