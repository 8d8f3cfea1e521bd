"""Exact aggregates of a K-class predictions log: what a report needs of one
model, from one table per score column.

A :class:`ClassTable` is one score column aggregated: its distinct scores
and, for each, how many rows of each true class have it.  Every
one-vs-rest curve and AUC (column k with class k positive), every
one-vs-one AUC of Hand & Till's M (column i, class i against class j),
the micro-average curve (every column's one-vs-rest table pooled), the
multi-class log loss and Brier score are sums over these tables, so a log
of 10^7 rows is reduced to one ``GROUP BY score`` per column.  What needs a
whole row -- the K x K matrices of a decision, the rank of the true class
(top-k accuracy), the top label's confidence, and the intervals of the
averaged AUCs -- is one pass more; :func:`row_numbers` makes it in memory,
and :mod:`evalcore.report.engines` makes it in SQL with the same
expressions (the report's in-memory and out-of-core paths share
everything else).

The averaged AUCs' intervals are the delta method on the U-statistics
(DeLong's structural components generalised): each average is, to first
order, a sum over rows of a term that depends on the row's class and its
placements (:func:`placement_tables`); the rows of one class are
independent, so its variance is Σ_c n_c s²_c, s²_c the sample variance
of the terms within class c.  With one AUC and two classes this is
DeLong's variance.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._validation import read_only
from .aggregate import ScoreTable, auc_interval_from_table
from .multiclass import check_scores_matrix, expected_costs
from .results import ConfidenceInterval

AVERAGES = ("macro", "weighted", "micro", "hand_till")   # the averaged AUCs, in this order everywhere
LOG_EPS = 1e-15         # probabilities clipped to [LOG_EPS, 1 - LOG_EPS] in the log loss (as evalcore.log_loss)


@dataclass(frozen=True, eq=False)
class ClassTable:
    """One score column aggregated: ``score`` (float64, strictly
    increasing) and ``counts`` ((len(score), K) int64: rows of each true
    class with that score).  Read-only arrays."""

    score: np.ndarray
    counts: np.ndarray

    def ovr(self, k: int) -> ScoreTable:
        """The one-vs-rest :class:`ScoreTable` of class ``k`` (read on its own column).

        Parameters
        ----------
        k : int
            The class, 0..K-1 (this table should be column k's).

        Returns
        -------
        ScoreTable
            ``score``, ``pos`` and ``neg`` (read-only).
        """
        pos = self.counts[:, k]
        return ScoreTable(self.score, read_only(pos.copy()), read_only(self.counts.sum(axis=1) - pos))

    def pair(self, i: int, j: int) -> ScoreTable:
        """The :class:`ScoreTable` of this column separating class ``i``
        (positive) from class ``j``, on the rows of those two classes.

        Parameters
        ----------
        i : int
            The positive class, 0..K-1.
        j : int
            The negative class, 0..K-1, j != i.

        Returns
        -------
        ScoreTable
            ``score``, ``pos`` and ``neg`` (read-only).
        """
        keep = (self.counts[:, i] + self.counts[:, j]) > 0
        return ScoreTable(read_only(self.score[keep]), read_only(self.counts[keep, i].copy()),
                          read_only(self.counts[keep, j].copy()))


def class_table(y, column, *, k: int) -> ClassTable:
    """A :class:`ClassTable` of one score column from its rows (one sort);
    ``y`` class indices 0..k-1."""
    s = np.asarray(column, dtype=np.float64)
    u, inv = np.unique(s, return_inverse=True)
    counts = np.bincount(inv * k + np.asarray(y, dtype=np.int64), minlength=u.shape[0] * k).reshape(-1, k)
    return ClassTable(read_only(u), read_only(counts.astype(np.int64)))


def class_tables(y, scores) -> list:
    """The K :class:`ClassTable` of an (n, K) score matrix, column by column.

    Parameters
    ----------
    y : array-like of int, shape (n,)
        Class indices 0..K-1.
    scores : array-like of shape (n, K)
        Column k the score of class k.

    Returns
    -------
    list of ClassTable
        K tables, column by column.
    """
    yy, s = check_scores_matrix(y, scores)
    return [class_table(yy, s[:, c], k=s.shape[1]) for c in range(s.shape[1])]


def pooled_table(tables) -> ScoreTable:
    """The micro-average's table: every (row, class) pair, class k's score
    positive iff the row is of class k -- the K one-vs-rest tables merged."""
    ovr = [t.ovr(k) for k, t in enumerate(tables)]
    u, inv = np.unique(np.concatenate([t.score for t in ovr]), return_inverse=True)
    pos = np.bincount(inv, weights=np.concatenate([t.pos for t in ovr]), minlength=u.shape[0])
    neg = np.bincount(inv, weights=np.concatenate([t.neg for t in ovr]), minlength=u.shape[0])
    return ScoreTable(read_only(u), read_only(pos.astype(np.int64)), read_only(neg.astype(np.int64)))


def class_sizes(tables) -> np.ndarray:
    """Rows of each class (from any column's table)."""
    return tables[0].counts.sum(axis=0)


# ------------------------------------------------------------------ AUCs
@dataclass(frozen=True)
class ClassAUCs:
    """Every AUC of K-class scores: ``auc[k]`` (one-vs-rest, nan for a
    class with no rows or no others) with DeLong's interval ``ci[k]``;
    ``averages`` {name: value} for :data:`AVERAGES` (scikit-learn's
    ``roc_auc_score`` ovr macro and weighted, the pooled micro AUC, Hand &
    Till's M = ovo macro); ``ok`` the classes with an AUC."""

    auc: np.ndarray
    ci: list
    averages: dict
    ok: np.ndarray


def class_aucs(tables, *, alpha: float = 0.05) -> ClassAUCs:
    """:class:`ClassAUCs` from the K column tables.

    Parameters
    ----------
    tables : sequence of ClassTable
        The K column tables (:func:`class_tables`).
    alpha : float, default 0.05
        The intervals are at 1 - alpha, in (0, 1).

    Returns
    -------
    ClassAUCs
        ``auc`` (K), ``ci`` (K :class:`ConfidenceInterval`), ``averages`` ({name: AUC} for :data:`AVERAGES`) and ``ok``.
    """
    n = class_sizes(tables)
    k = n.shape[0]
    ok = (n > 0) & (n < n.sum())
    auc = np.full(k, np.nan)
    ci = [ConfidenceInterval(np.nan, np.nan)] * k
    for c in np.flatnonzero(ok):
        t = tables[c].ovr(c)
        auc[c], ci[c] = t.auc(), auc_interval_from_table(t, alpha=alpha)
    pairs = [(tables[i].pair(i, j).auc() + tables[j].pair(j, i).auc()) / 2
             for i in range(k) for j in range(i + 1, k) if n[i] and n[j]]
    nan = float("nan")
    averages = {"macro": float(auc[ok].mean()) if ok.any() else nan,
                "weighted": float((auc[ok] * n[ok]).sum() / n[ok].sum()) if ok.any() else nan,
                "micro": pooled_table(tables).auc(), "hand_till": float(np.mean(pairs)) if pairs else nan}
    return ClassAUCs(auc, ci, averages, ok)


def placement_tables(tables) -> tuple[list, ScoreTable, np.ndarray]:
    """What one row's interval terms read, per distinct score: for column
    k an (m_k, 3) array of ``v10`` (the share of other classes' rows below,
    ties 1/2: a class-k row's one-vs-rest component), ``v01`` (the share of
    class k's rows above, ties 1/2: another class's row's component, in the
    one-vs-rest AUC of k and in Hand & Till's A(k|c) alike) and ``mpos``
    (Σ over the other present classes j of the share of class j below, ties
    1/2: a class-k row's components in every A(k|j)); then the pooled
    table and, per pooled score, ``(pv10, pv01)``."""
    n = class_sizes(tables)
    k = n.shape[0]
    out = []
    for c, t in enumerate(tables):
        p10, p01 = t.ovr(c).placements2()
        cols = np.zeros((t.score.shape[0], 3))
        if n[c] and n[c] < n.sum():
            cols[:, 0] = p10 / (2.0 * (n.sum() - n[c]))
            cols[:, 1] = p01 / (2.0 * n[c])
        below2 = 2 * (np.cumsum(t.counts, axis=0) - t.counts) + t.counts        # 2 below + equal, per class
        for j in range(k):
            if j != c and n[j]:
                cols[:, 2] += below2[:, j] / (2.0 * n[j])
        out.append(read_only(cols))
    pooled = pooled_table(tables)
    p10, p01 = pooled.placements2()
    pv = np.column_stack([p10 / (2.0 * max(pooled.n_neg, 1)), p01 / (2.0 * max(pooled.n_pos, 1))])
    return out, pooled, read_only(pv)


def term_weights(n) -> dict:
    """Each average's weights on a row's components: ``a[c]`` on the
    row's own column's ``v10`` (or ``mpos`` for Hand & Till), ``b[i]`` on
    another column i's ``v01``; for micro, on the pooled ``pv10`` / ``pv01``
    (the same for every column).  Hand & Till's ``b`` is further multiplied
    by the row's own class's ``a`` (:func:`term_tables`)."""
    n = np.asarray(n, dtype=np.float64)
    total = n.sum()
    ok = (n > 0) & (n < total)
    kk = max(int(ok.sum()), 1)
    rest = np.where(ok, total - n, 1.0)
    size = np.where(n > 0, n, 1.0)
    w = np.where(ok, n / max(n[ok].sum(), 1.0), 0.0)
    pairs = max(int((n > 0).sum()) * (int((n > 0).sum()) - 1) // 2, 1)
    present = (n > 0).astype(np.float64)
    k = n.shape[0]
    return {"macro": (np.where(ok, 1.0 / (kk * size), 0.0), np.where(ok, 1.0 / (kk * rest), 0.0)),
            "weighted": (w / size, w / rest),
            "hand_till": (present / (2.0 * pairs * size), present),    # b: divided by the row's class size
            "micro": (np.full(k, 1.0 / max(total, 1.0)), np.full(k, 1.0 / max(total * (k - 1), 1.0)))}


def term_tables(tables) -> tuple[list, np.ndarray]:
    """Per column c, an (m_c, 2 len(AVERAGES)) array over its distinct
    scores: for each average (in :data:`AVERAGES` order) the term a row
    adds through this column when it is of class c, then when it is not
    (Hand & Till's second to be multiplied by ``factor[y]`` of the row's
    class y); and ``factor``.  A row's term of an average is the sum of
    its K columns' terms, in column order: :func:`row_numbers` and the
    engines' SQL (one join per column) both read these arrays, so they add
    the same numbers."""
    places, pooled, pv = placement_tables(tables)
    w = term_weights(class_sizes(tables))
    out = []
    for c, (t, v) in enumerate(zip(tables, places)):
        p = pv[np.searchsorted(pooled.score, t.score)]
        cols = {"macro": (v[:, 0], v[:, 1]), "weighted": (v[:, 0], v[:, 1]), "hand_till": (v[:, 2], v[:, 1]),
                "micro": (p[:, 0], p[:, 1])}
        out.append(read_only(np.column_stack([x for name in AVERAGES for x in
                                              (cols[name][0] * w[name][0][c], cols[name][1] * w[name][1][c])])))
    return out, w["hand_till"][0]


def average_intervals(sums, n, averages: dict, *, alpha: float = 0.05) -> dict:
    """Each averaged AUC's interval from the per-class sums of its row
    terms: ``sums[name]`` a (K, 2) array of (Σ x, Σ x²) over the rows of each
    class; Var = Σ_c n_c s²_c (a class of one row adds nothing)."""
    from scipy import stats

    z = float(stats.norm.ppf(1 - alpha / 2))
    n = np.asarray(n, dtype=np.float64)
    out = {}
    for name in AVERAGES:
        s = np.asarray(sums[name], dtype=np.float64)
        m = n > 1
        var_c = (s[m, 1] - s[m, 0] ** 2 / n[m]) / (n[m] - 1)
        var = float((n[m] * np.maximum(var_c, 0.0)).sum())
        a = averages[name]
        h = z * np.sqrt(var)
        out[name] = ConfidenceInterval(max(0.0, a - h), min(1.0, a + h)) if np.isfinite(a) else \
            ConfidenceInterval(np.nan, np.nan)
    return out


# ------------------------------------------------------------- probabilities
def log_loss_from_tables(tables) -> float:
    """The multi-class log loss -(1/n) Σ_rows log p_(row, true class), each
    probability clipped to [1e-15, 1 - 1e-15], from the column tables."""
    n = class_sizes(tables)
    total = 0.0
    for c, t in enumerate(tables):
        total += float(np.dot(t.counts[:, c], np.log(np.clip(t.score, LOG_EPS, 1 - LOG_EPS))))
    return -total / float(n.sum())


def brier_from_tables(tables) -> float:
    """Brier's multi-class score (1/n) Σ_rows Σ_k (p_k - [y = k])² from the
    column tables: Σ_k (Σ s² n_s - 2 Σ s n_s,k) / n + 1."""
    n = float(class_sizes(tables).sum())
    total = 0.0
    for c, t in enumerate(tables):
        rows = t.counts.sum(axis=1)
        total += float(np.dot(rows, t.score * t.score)) - 2.0 * float(np.dot(t.counts[:, c], t.score))
    return total / n + 1.0


def top_k_from_ranks(greater, equal, count, *, k: int) -> float:
    """Top-k accuracy from a table of ranks: ``count`` rows whose true
    class has ``greater`` classes scored above it and ``equal`` others tied
    with it (ties shared as :func:`evalcore.top_k_accuracy`)."""
    g, e, c = (np.asarray(a, dtype=np.float64) for a in (greater, equal, count))
    return float((np.clip((k - g) / (e + 1), 0.0, 1.0) * c).sum() / c.sum())


# ------------------------------------------------------------------ the row pass
@dataclass(frozen=True, eq=False)
class RowNumbers:
    """What one pass over the rows gives: ``confusion`` {decision: K x K
    int64} ("argmax", and "bayes" under a cost matrix), ``cost_sum``
    {decision: Σ over rows of the expected cost of the decision, Σ_i p_i
    cost[i, d]} (under a cost matrix), ``ranks`` (greater, equal, count)
    arrays, ``top_label`` (a :class:`ScoreTable` of the largest score,
    positive when the argmax is right; None unless asked) and ``sums``
    {average: (K, 2) array} for :func:`average_intervals`."""

    confusion: dict
    cost_sum: dict
    ranks: tuple
    top_label: ScoreTable | None
    sums: dict


def row_numbers(y, scores, tables, *, cost=None, top_label: bool = False) -> RowNumbers:
    """:class:`RowNumbers` of rows in memory (``tables``: their
    :func:`class_tables`); the engines compute the same in SQL.

    Parameters
    ----------
    y : array-like of int, shape (n,)
        Class indices 0..K-1.
    scores : array-like of shape (n, K)
        Column k the score of class k.
    tables : sequence of ClassTable
        The K column tables of the same rows (:func:`class_tables`).
    cost : array-like of shape (K, K), optional
        A cost matrix: adds the Bayes decision's matrix and both decisions' cost sums.
    top_label : bool, default False
        Also build the top label's :class:`ScoreTable`.

    Returns
    -------
    RowNumbers
        ``confusion``, ``cost_sum``, ``ranks``, ``top_label`` and ``sums``.
    """
    yy, s = check_scores_matrix(y, scores)
    n, k = s.shape
    rows = np.arange(n)
    am = s.argmax(axis=1)
    confusion = {"argmax": _matrix(yy, am, k)}
    cost_sum = {}
    if cost is not None:
        e = expected_costs(s, cost)
        bd = e.argmin(axis=1)
        confusion["bayes"] = _matrix(yy, bd, k)
        cost_sum = {"argmax": float(e[rows, am].sum()), "bayes": float(e[rows, bd].sum())}
    true = s[rows, yy][:, None]
    g, eq = (s > true).sum(axis=1), (s == true).sum(axis=1) - 1
    key, cnt = np.unique(g * (k + 1) + eq, return_counts=True)
    ranks = (key // (k + 1), key % (k + 1), cnt)
    tl = None
    if top_label:
        conf = s[rows, am]
        u, inv = np.unique(conf, return_inverse=True)
        right = np.bincount(inv, weights=am == yy, minlength=u.shape[0]).astype(np.int64)
        tl = ScoreTable(read_only(u), read_only(right), read_only(np.bincount(inv, minlength=u.shape[0]) - right))
    terms, factor = term_tables(tables)
    x = {name: np.zeros(n) for name in AVERAGES}
    own = yy[:, None] == np.arange(k)[None, :]
    fy = factor[yy]
    for c in range(k):
        v = terms[c][np.searchsorted(tables[c].score, s[:, c])]
        for i, name in enumerate(AVERAGES):
            neg = v[:, 2 * i + 1] * fy if name == "hand_till" else v[:, 2 * i + 1]
            x[name] += np.where(own[:, c], v[:, 2 * i], neg)
    sums = {name: np.column_stack([np.bincount(yy, weights=v, minlength=k), np.bincount(yy, weights=v * v,
                                                                                          minlength=k)])
            for name, v in x.items()}
    return RowNumbers(confusion, cost_sum, ranks, tl, sums)


def _matrix(y, pred, k: int) -> np.ndarray:
    return np.bincount(y * k + pred, minlength=k * k).reshape(k, k).astype(np.int64)


__all__ = ["ClassTable", "class_table", "class_tables", "pooled_table", "class_sizes", "ClassAUCs", "class_aucs",
           "placement_tables", "term_weights", "term_tables",
           "average_intervals", "log_loss_from_tables", "brier_from_tables",
           "top_k_from_ranks", "RowNumbers", "row_numbers", "AVERAGES"]
