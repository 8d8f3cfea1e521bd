"""Exact aggregates of a predictions log: everything the report needs of
one model, from its table of (distinct score, positives, negatives).

Every measure that depends on the scores only through their order -- ROC
and P-R curves, AUC, AP, BEP, the cost curve and its envelope, the counts
at any threshold, DeLong's variance of one AUC -- and the calibration
numbers (reliability bins, Brier) are sums over the distinct scores, ties
included, so a log of 10^8 rows is reduced to one ``GROUP BY score`` per
model and the work after it is O(distinct scores).  What pairs two models
row by row (DeLong's covariance of two AUCs, McNemar's table) needs one more
pass over the rows: :class:`PairSums` holds its integer sums, and
:func:`pair_sums` computes them in memory (an engine such as
:mod:`evalcore.report.engines` computes the same sums out of core).

:func:`score_table` is the in-memory aggregation; the report's in-memory
and out-of-core paths share everything after it, so both give the same
numbers.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._ranking import ThresholdCounts
from ._validation import check_count, check_labels_and_scores, read_only
from .calibration import BrierLoss, Reliability, brier_counts, reliability_counts
from .delong import delong_from_sums
from .results import ConfidenceInterval


@dataclass(frozen=True, eq=False)
class ScoreTable:
    """One model's scores aggregated: ``score`` (float64, strictly
    increasing, the distinct scores) and ``pos`` / ``neg`` (int64, how many
    positives / negatives have that score).  Read-only arrays."""

    score: np.ndarray
    pos: np.ndarray
    neg: np.ndarray

    @property
    def n_pos(self) -> int:
        return int(self.pos.sum())

    @property
    def n_neg(self) -> int:
        return int(self.neg.sum())

    @property
    def n_distinct(self) -> int:
        return int(self.score.shape[0])

    # -- the one primitive, from the table ---------------------------------
    def threshold_counts(self) -> ThresholdCounts:
        """:class:`ThresholdCounts` of the rule ``score >= t``, equal to
        ``threshold_counts(y, scores)`` on the rows; its ``at`` searches the
        distinct thresholds (O(log distinct))."""
        j = self.n_distinct
        thresholds = np.empty(j + 1)
        thresholds[0] = np.inf
        thresholds[1:] = self.score[::-1]
        tp = np.zeros(j + 1, dtype=np.int64)
        fp = np.zeros(j + 1, dtype=np.int64)
        np.cumsum(self.pos[::-1], out=tp[1:])
        np.cumsum(self.neg[::-1], out=fp[1:])
        return ThresholdCounts(thresholds, tp, fp, int(tp[-1]), int(fp[-1]))

    def flipped(self) -> ScoreTable:
        """The table of the negated scores (a model used "flipped")."""
        return ScoreTable(read_only(-self.score[::-1]), read_only(self.pos[::-1]), read_only(self.neg[::-1]))

    # -- DeLong's structural components -------------------------------------
    def placements2(self) -> tuple[np.ndarray, np.ndarray]:
        """Twice the unnormalised structural components per distinct score,
        as integers: ``2 n_neg V10`` (negatives strictly below, ties once:
        ``2 below + equal``) for a positive with that score and ``2 n_pos
        V01`` for a negative (positives strictly above, ties once)."""
        neg_below = np.cumsum(self.neg) - self.neg
        pos_above = self.n_pos - np.cumsum(self.pos)
        return 2 * neg_below + self.neg, 2 * pos_above + self.pos

    def auc(self) -> float:
        """The AUC (ties 1/2) as the share of correctly ordered pairs."""
        p10, _ = self.placements2()
        return float(_dot_int(self.pos, p10)) / (2.0 * self.n_pos * self.n_neg)

    def placement_sums(self) -> tuple[int, int, int, int]:
        """Exact integer sums of one model's doubled components: Σ over
        positives of p10 and p10², over negatives of p01 and p01²."""
        p10, p01 = self.placements2()
        return (_dot_int(self.pos, p10), _dot_int(self.pos * p10, p10),
                _dot_int(self.neg, p01), _dot_int(self.neg * p01, p01))

    # -- calibration -------------------------------------------------------------
    def reliability(self, *, n_bins: int = 10) -> Reliability:
        """:func:`evalcore.reliability_bins` of the rows, from the table.

        Parameters
        ----------
        n_bins : int, default 10
            Equal-width bins of [0, 1] (scores must lie in [0, 1]).

        Returns
        -------
        Reliability
            ``edges``, and per bin ``count``, ``mean_score``, ``positive_rate``.
        """
        return reliability_counts(self.score, self.pos, self.neg, n_bins=n_bins)

    def brier(self, *, n_bins: int = 10, bins: Reliability | None = None) -> BrierLoss:
        """:func:`evalcore.brier_loss` of the rows, from the table.

        Parameters
        ----------
        n_bins : int, default 10
            Equal-width bins of [0, 1].
        bins : Reliability, optional
            The bins already computed from this table (then ``n_bins`` is not used).

        Returns
        -------
        BrierLoss
            ``brier``, ``reliability``, ``resolution``, ``uncertainty``, ``within_bin``.
        """
        return brier_counts(self.score, self.pos, self.neg, n_bins=n_bins, bins=bins)

    # -- scores rounded to fewer digits -------------------------------------------
    def rounded(self, digits: int) -> tuple[ScoreTable, float]:
        """The table of the scores rounded to ``digits`` decimals (half up:
        ``floor(s * 10^d + 0.5) / 10^d``, the same IEEE operations in every
        engine) and the largest possible error of its AUC: rounding keeps
        the order of scores it keeps apart, and turns each (positive,
        negative) pair it merges into a tie worth 1/2 where the exact value
        was 0, 1/2 or 1, so |AUC - AUC_rounded| <= Σ_b pos_b neg_b /
        (2 m+ m-) over the rounded scores b.

        Parameters
        ----------
        digits : int
            Decimal places, >= 0.

        Returns
        -------
        table : ScoreTable
            The table of the rounded scores.
        bound : float
            The largest possible |AUC - AUC of ``table``|.
        """
        r = round_scores(self.score, digits)
        u, inv = np.unique(r, return_inverse=True)
        pos = np.bincount(inv, weights=self.pos, minlength=u.shape[0]).astype(np.int64)
        neg = np.bincount(inv, weights=self.neg, minlength=u.shape[0]).astype(np.int64)
        table = ScoreTable(read_only(u), read_only(pos), read_only(neg))
        return table, table.auc_rounding_bound()

    def auc_rounding_bound(self) -> float:
        """Σ pos·neg over the distinct scores / (2 m+ m-): the largest change
        of the AUC if the scores tied here were in truth apart."""
        return float(_dot_int(self.pos, self.neg)) / (2.0 * self.n_pos * self.n_neg)


def round_scores(scores, digits: int) -> np.ndarray:
    """Scores rounded half up to ``digits`` decimals, exactly as the
    out-of-core engines do (``floor(s * 10^d + 0.5) / 10^d`` in float64).

    Parameters
    ----------
    scores : array-like
        Real scores.
    digits : int
        Decimal places, >= 0.

    Returns
    -------
    ndarray of float
        The rounded scores, same shape.
    """
    d = check_count(digits, "digits", minimum=0)
    f = 10.0 ** d
    return np.floor(np.asarray(scores, dtype=np.float64) * f + 0.5) / f


def score_table(y_true, scores) -> ScoreTable:
    """A model's :class:`ScoreTable` from its rows (one sort).

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels (1 = positive); both classes must occur.
    scores : array-like of shape (m,)
        Finite real scores, larger = more likely positive.

    Returns
    -------
    ScoreTable
        ``score`` (distinct, increasing), ``pos`` and ``neg`` (int64), read-only.

    Examples
    --------
    >>> import evalcore as ec
    >>> t = ec.score_table([1, 0, 1, 0, 1], [0.8, 0.4, 0.4, 0.1, 0.9])
    >>> t.score.tolist(), t.pos.tolist(), t.neg.tolist()
    ([0.1, 0.4, 0.8, 0.9], [0, 1, 1, 1], [1, 1, 0, 0])
    >>> t.auc() == ec.roc_auc([1, 0, 1, 0, 1], [0.8, 0.4, 0.4, 0.1, 0.9])
    True
    """
    y, s = check_labels_and_scores(y_true, scores)
    u, inv = np.unique(s, return_inverse=True)
    everyone = np.bincount(inv, minlength=u.shape[0])
    pos = np.bincount(inv[y], minlength=u.shape[0])
    return ScoreTable(read_only(u), read_only(pos.astype(np.int64)), read_only((everyone - pos).astype(np.int64)))


@dataclass(frozen=True)
class PairSums:
    """Row-by-row sums over k models (exact integers, doubled components as
    :meth:`ScoreTable.placements2`): ``pos_cross[i][j]`` = Σ over positives
    of p10_i p10_j, ``neg_cross[i][j]`` = Σ over negatives of p01_i p01_j,
    ``pos_sum[i]``, ``neg_sum[i]`` the plain sums, and ``mcnemar[(i, j)]`` =
    (e01, e10) as in :func:`evalcore.mcnemar_table`: rows model i gets
    wrong and j right, and the reverse, at the thresholds the sums were
    made for."""

    pos_sum: tuple
    neg_sum: tuple
    pos_cross: tuple
    neg_cross: tuple
    mcnemar: dict


def pair_sums(y_true, scores, tables, thresholds) -> PairSums:
    """:class:`PairSums` of models on the same rows, in memory.

    ``scores`` k score arrays, ``tables`` their :class:`ScoreTable` (of the
    same scores), ``thresholds`` k thresholds for McNemar's tables.

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels.
    scores : sequence of array-like of shape (m,)
        k models' scores on the same rows.
    tables : sequence of ScoreTable
        Their tables (:func:`score_table` of the same scores).
    thresholds : sequence of float
        One threshold per model, for McNemar's counts.

    Returns
    -------
    PairSums
        ``pos_sum``, ``neg_sum``, ``pos_cross``, ``neg_cross`` (exact integers) and ``mcnemar``.
    """
    y = np.asarray(y_true).astype(bool)
    comps = []
    for s, t in zip(scores, tables):
        p10, p01 = t.placements2()
        at = np.searchsorted(t.score, s)            # each row's distinct score
        comps.append((p10[at[y]], p01[at[~y]]))
    k = len(comps)
    pos_cross = [[0] * k for _ in range(k)]
    neg_cross = [[0] * k for _ in range(k)]
    for i in range(k):
        for j in range(i, k):
            pos_cross[i][j] = pos_cross[j][i] = _dot_int(comps[i][0], comps[j][0])
            neg_cross[i][j] = neg_cross[j][i] = _dot_int(comps[i][1], comps[j][1])
    right = [(np.asarray(s) >= thr) == y for s, thr in zip(scores, thresholds)]
    mcn = {(i, j): (int(np.count_nonzero(~right[i] & right[j])), int(np.count_nonzero(right[i] & ~right[j])))
           for i in range(k) for j in range(i + 1, k)}
    return PairSums(tuple(_int_sum(c[0]) for c in comps), tuple(_int_sum(c[1]) for c in comps),
                    tuple(map(tuple, pos_cross)), tuple(map(tuple, neg_cross)), mcn)


def _dot_int(a, b) -> int:
    """Σ a·b of integer arrays, exactly: int64 dot products over chunks
    short enough that none can overflow, summed as Python integers."""
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    if a.shape[0] == 0:
        return 0
    top = int(np.abs(a).max()) * int(np.abs(b).max())
    if top >= 2 ** 62:                      # one product alone past int64: Python integers
        return sum(x * y for x, y in zip(a.tolist(), b.tolist()))
    step = max(1, (2 ** 62) // max(top, 1))
    return sum(int(np.dot(a[i:i + step], b[i:i + step])) for i in range(0, a.shape[0], step))


def _int_sum(a) -> int:
    return _dot_int(a, np.ones(np.shape(a)[0], dtype=np.int64))


def auc_interval_from_table(table: ScoreTable, *, alpha: float = 0.05) -> ConfidenceInterval:
    """DeLong's interval of one model's AUC from its table alone (no pairing needed).

    Parameters
    ----------
    table : ScoreTable
        The model's table; both classes must occur.
    alpha : float, default 0.05
        The interval is at 1 - alpha.

    Returns
    -------
    ConfidenceInterval
        ``low`` and ``high``, within [0, 1].
    """
    p10, p10sq, p01, p01sq = table.placement_sums()
    return delong_from_sums(((p10sq,),), (p10,), ((p01sq,),), (p01,), table.n_pos, table.n_neg, alpha=alpha).ci[0]


__all__ = ["ScoreTable", "PairSums", "score_table", "pair_sums", "delong_from_sums", "round_scores",
           "auc_interval_from_table"]
