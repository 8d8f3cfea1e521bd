"""Drawing support: what a figure needs that is not teaching math.

* :func:`reduce_curve` -- the points of a long curve worth drawing, with a
  proven one-pixel bound, and the reduced views :class:`RocView` /
  :class:`PrView` that say what their area is (AUC / AP);
* :func:`f_iso_curve` -- iso-F lines for the P-R plane;
* :func:`coarsen_steps` -- the ROC walk in at most k groups for large data;
* :func:`score_histogram` -- both classes' scores on shared bins.

Pure numpy; no plotting library is imported here.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._ranking import ThresholdCounts
from ._validation import check_count, check_labels_and_scores, check_real
from .analysis import RocSteps


def f_iso_curve(f: float, *, beta: float = 1.0, n: int = 200):
    """Points (recall, precision) with F-beta = f, for drawing iso-F lines.

    From F = (1 + b^2) P R / (b^2 P + R):  P = f R / ((1 + b^2) R - f b^2),
    defined for R > f b^2 / (1 + b^2).  Returns arrays clipped to P <= 1.

    Parameters
    ----------
    f : float
        The F-beta value of the line, in (0, 1].
    beta : float, default 1.0
        beta > 1 weighs recall more.
    n : int, default 200
        Recall values sampled before clipping.

    Returns
    -------
    recall, precision : ndarray of float
        The line's points (same length), precision <= 1.
    """
    ff = check_real(f, "f")
    b2 = check_real(beta, "beta") ** 2
    r_min = ff * b2 / (1 + b2)
    r = np.linspace(max(r_min, 1e-9) + 1e-9, 1.0, n)
    p = ff * r / ((1 + b2) * r - ff * b2)
    keep = (p >= 0) & (p <= 1.0 + 1e-12)
    return r[keep], np.minimum(p[keep], 1.0)


def reduce_curve(x, y, *, columns: int = 500, extremes: bool = False, x_range=(0.0, 1.0)) -> np.ndarray:
    """Indices of the points to draw so that no dropped point is a pixel away.

    The x range is cut into ``columns`` equal columns (one per pixel of the
    plot area).  In each column the first and last point are kept; with
    ``extremes=True`` also the points of smallest and largest y (needed for
    P-R, where precision is not monotone).

    Bound: a dropped point lies in its column, between the column's kept
    points in drawing order, and (monotone curve, or extremes kept) within
    the y range those kept points span; the polyline through them crosses
    that range inside the column, so the point is less than one column
    width, one pixel, from it.  At most 2 (or 4) points per column, plus the
    curve's first and last point.

    Parameters
    ----------
    x, y : array-like of shape (n,)
        The curve's points in drawing order, x within ``x_range``.
    columns : int, default 500
        Pixel columns of the plot area (the reduction's resolution).
    extremes : bool, default False
        Also keep each column's lowest and highest point (for a non-monotone y).
    x_range : (float, float), default (0.0, 1.0)
        The plot's x axis range, cut into the columns.

    Returns
    -------
    ndarray of int
        Sorted indices of the points to keep, first and last included.
    """
    xa = np.asarray(x, dtype=np.float64)
    ya = np.asarray(y, dtype=np.float64)
    cols = check_count(columns, "columns", minimum=1)
    n = xa.shape[0]
    if n <= 2 * cols:
        return np.arange(n)
    lo, hi = x_range
    # x is non-decreasing, so each column is one contiguous run of indices,
    # found by binary search of the column edges: O(columns log n).
    edges = lo + (hi - lo) * np.arange(1, cols) / cols
    cuts = np.searchsorted(xa, edges, "left")
    starts = np.unique(np.concatenate(([0], cuts)))
    starts = starts[starts < n]
    ends = np.concatenate((starts[1:] - 1, [n - 1]))
    keep = [starts, ends]
    if extremes:
        lo_i = np.empty_like(starts)
        hi_i = np.empty_like(starts)
        for k, (a, b) in enumerate(zip(starts.tolist(), ends.tolist())):
            seg = ya[a:b + 1]
            lo_i[k] = a + int(seg.argmin())
            hi_i[k] = a + int(seg.argmax())
        keep += [lo_i, hi_i]
    return np.unique(np.concatenate(keep))


@dataclass(frozen=True, eq=False)
class CurveView:
    """A curve reduced for drawing: ``x``, ``y`` (float32 is plenty for
    pixels), and for hover and clicks the exact ``thresholds``, ``tp``, ``fp``
    of the kept points; ``keep`` are their indices into the full curve
    (which has one point per entry of ``ThresholdCounts.thresholds``, the P-R
    curve shifted by one since it has no inf point); ``n_full`` the full
    curve's length.  The subclasses say what their area is."""

    x: np.ndarray
    y: np.ndarray
    thresholds: np.ndarray
    tp: np.ndarray
    fp: np.ndarray
    keep: np.ndarray
    n_full: int


@dataclass(frozen=True, eq=False)
class RocView(CurveView):
    """A reduced ROC curve (x = FPR, y = TPR) and ``auc``, the area under
    the full curve (textbook (2.20))."""

    auc: float


@dataclass(frozen=True, eq=False)
class PrView(CurveView):
    """A reduced P-R curve (x = recall, y = precision) and
    ``average_precision``, the step-wise area of the full curve."""

    average_precision: float


def roc_view(tc: ThresholdCounts, *, columns: int = 500) -> RocView:
    """The ROC curve of ``tc`` reduced to at most 2 points per pixel column.

    Parameters
    ----------
    tc : ThresholdCounts
        The model's counts at every threshold (:func:`threshold_counts`).
    columns : int, default 500
        Pixel columns of the plot area (the reduction's resolution).

    Returns
    -------
    RocView
        ``x``, ``y`` (float32), ``thresholds``, ``tp``, ``fp`` of the kept
        points, ``keep`` (their indices into the full curve) and ``n_full``; ``auc``
        (of the full curve).
    """
    r = tc.roc_curve()
    keep = reduce_curve(r.fpr, r.tpr, columns=columns)
    return RocView(r.fpr[keep].astype(np.float32), r.tpr[keep].astype(np.float32),
                   r.thresholds[keep], tc.tp[keep], tc.fp[keep], keep, r.fpr.shape[0], r.auc)


def pr_view(tc: ThresholdCounts, *, columns: int = 500) -> PrView:
    """The P-R curve of ``tc`` reduced to at most 4 points per pixel column.

    Parameters
    ----------
    tc : ThresholdCounts
        The model's counts at every threshold (:func:`threshold_counts`).
    columns : int, default 500
        Pixel columns of the plot area (the reduction's resolution).

    Returns
    -------
    PrView
        ``x``, ``y`` (float32), ``thresholds``, ``tp``, ``fp`` of the kept
        points, ``keep`` (their indices into the full curve) and ``n_full``; ``average_precision``
        (of the full curve).
    """
    c = tc.pr_curve()
    keep = reduce_curve(c.recall, c.precision, columns=columns, extremes=True)
    return PrView(c.recall[keep].astype(np.float32), c.precision[keep].astype(np.float32),
                  c.thresholds[keep], c.tp[keep], c.fp[keep], keep, c.recall.shape[0],
                  tc.average_precision())


def coarsen_steps(steps: RocSteps, max_steps: int) -> RocSteps:
    """At most ``max_steps`` steps, each taking in a run of consecutive
    thresholds (for data too large to walk one score at a time).  Areas stay
    exact: a group's area is the sum of its steps' areas.

    Parameters
    ----------
    steps : RocSteps
        The full walk (:func:`roc_steps`).
    max_steps : int
        The most steps to keep, >= 1.

    Returns
    -------
    RocSteps
        ``steps`` itself when it has at most ``max_steps`` steps; else the grouped walk.
    """
    k = check_count(max_steps, "max_steps", minimum=1)
    if steps.n_steps <= k:
        return steps
    idx = np.unique(np.round(np.linspace(0, steps.n_steps, k + 1)).astype(np.int64))
    d_pos = np.concatenate(([0], np.diff(steps.tp[idx])))
    d_neg = np.concatenate(([0], np.diff(steps.fp[idx])))
    cum = steps.cum_area[idx]
    kind = np.full(idx.shape[0], "group", dtype=object)
    kind[0] = "start"
    return RocSteps(steps.fpr[idx], steps.tpr[idx], steps.thresholds[idx], steps.tp[idx], steps.fp[idx],
                    d_pos, d_neg, np.concatenate(([0.0], np.diff(cum))), cum, kind.astype(str),
                    steps.n_pos, steps.n_neg)


@dataclass(frozen=True, eq=False)
class ScoreHistogram:
    """Histogram of each class's scores on shared bins: ``edges`` (bins + 1),
    ``pos_counts`` and ``neg_counts`` (bins)."""

    edges: np.ndarray
    pos_counts: np.ndarray
    neg_counts: np.ndarray


def score_histogram(y_true, scores, *, bins: int = 40) -> ScoreHistogram:
    """Counts of positive and negative scores in ``bins`` equal-width bins
    spanning [min score, max score].

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels (1 = positive).
    scores : array-like of shape (m,)
        Finite real scores.
    bins : int, default 40
        Number of equal-width bins, >= 1.

    Returns
    -------
    ScoreHistogram
        ``edges`` (bins + 1), ``pos_counts`` and ``neg_counts`` (bins each).

    Examples
    --------
    >>> import evalcore as ec
    >>> h = ec.score_histogram([1, 0, 1, 0], [0.8, 0.4, 0.3, 0.1], bins=2)
    >>> h.pos_counts.tolist(), h.neg_counts.tolist()
    ([1, 1], [2, 0])
    """
    y, s = check_labels_and_scores(y_true, scores, need_both=False)
    b = check_count(bins, "bins", minimum=1)
    lo, hi = float(s.min()), float(s.max())
    if lo == hi:
        lo, hi = lo - 0.5, hi + 0.5
    # (hi - lo) may overflow for scores near +-1e308; halves never do
    half = lo / 2 + (hi / 2 - lo / 2) / b * np.arange(b + 1)
    edges = 2 * half
    edges[0], edges[-1] = lo, hi
    pos, _ = np.histogram(s[y], bins=edges)
    neg, _ = np.histogram(s[~y], bins=edges)
    return ScoreHistogram(edges, pos, neg)


def split_histogram(hist: ScoreHistogram, counts, threshold: float) -> ScoreHistogram:
    """``hist`` with an edge at ``threshold``, when the bin that holds it
    holds samples, so that every bar lies wholly on one side of the rule
    ``score >= threshold``: a bin [0.50, 0.52) drawn whole showed a sample
    scored 0.50 right of a threshold of 0.503, where the counts call it a
    negative prediction.

    The inner edge nearest to ``threshold`` moves onto it, so the two bins
    that meet there are between half and one and a half bins wide (a bin
    split at the threshold instead drew that sample as a bar 0.003 wide,
    hidden by the threshold's line).  In the first or last bin, nearer the
    outer edge than the inner one, that bin is split in two.  The changed
    bins' counts are exact, read from ``counts`` (the same scores'
    :class:`ThresholdCounts`): the samples of [a, b) are those scored at
    least ``a`` minus those scored at least ``b``.

    Parameters
    ----------
    hist : ScoreHistogram
        From :func:`score_histogram` on the scores behind ``counts``.
    counts : ThresholdCounts
        The confusion counts at every threshold of the same scores.
    threshold : float
        The rule's threshold; on an edge, outside the bins, not finite, or in
        an empty bin, ``hist`` is returned as it is.

    Returns
    -------
    ScoreHistogram
        Edges with ``threshold`` among them and the changed bins' counts, or
        ``hist`` itself.

    Examples
    --------
    >>> import evalcore as ec
    >>> y, s = [1, 0, 1, 0, 1], [0.9, 0.45, 0.35, 0.1, 0.55]
    >>> h = ec.score_histogram(y, s, bins=4)          # edges 0.1, 0.3, 0.5, 0.7, 0.9
    >>> g = ec.split_histogram(h, ec.threshold_counts(y, s), 0.58)     # 0.5 moves to 0.58
    >>> g.edges.round(2).tolist(), g.pos_counts.tolist(), g.neg_counts.tolist()
    ([0.1, 0.3, 0.58, 0.7, 0.9], [0, 2, 0, 1], [1, 1, 0, 0])
    """
    edges = hist.edges
    t = float(threshold)
    if not (np.isfinite(t) and edges[0] < t < edges[-1]):
        return hist
    k = int(np.searchsorted(edges, t, side="right")) - 1          # edges[k] <= t < edges[k + 1]
    if edges[k] == t or hist.pos_counts[k] + hist.neg_counts[k] == 0:
        return hist
    near = k if t - edges[k] <= edges[k + 1] - t else k + 1      # the nearer edge of the bin
    pos, neg = hist.pos_counts.copy(), hist.neg_counts.copy()
    if near in (0, len(edges) - 1):                               # an outer edge stays: split the bin
        new = np.insert(edges, k + 1, t)
        pos, neg = np.insert(pos, k + 1, 0), np.insert(neg, k + 1, 0)
        changed = (k, k + 1)
    else:
        new = edges.copy()
        new[near] = t
        changed = (near - 1, near)
    for b in changed:                       # [new[b], new[b + 1]); the last bin holds its upper edge
        lo = counts.at(float(new[b]))
        hi = counts.at(float(new[b + 1]) if b + 1 < len(new) - 1 else np.inf)
        pos[b], neg[b] = lo.tp - hi.tp, lo.fp - hi.fp
    return ScoreHistogram(new, pos, neg)


# -------------------------------------------------------- magnified inset
@dataclass(frozen=True)
class Inset:
    """Where a crowded part of a unit-square plot is redrawn, magnified:
    ``source`` (x0, x1, y0, y1) is the crowded region, ``target`` the empty
    box of the same plot it is drawn into, ``zoom`` the magnification."""

    source: tuple
    target: tuple
    zoom: float

    def map(self, x, y):
        """Points of the source region, placed in the target box.

        Parameters
        ----------
        x, y : float or array-like
            Points in the plot's coordinates, inside ``source``.

        Returns
        -------
        x, y : ndarray of float
            The same points placed in ``target``.
        """
        sx0, sx1, sy0, sy1 = self.source
        tx0, tx1, ty0, ty1 = self.target
        x, y = np.asarray(x, float), np.asarray(y, float)
        return tx0 + (x - sx0) * (tx1 - tx0) / (sx1 - sx0), ty0 + (y - sy0) * (ty1 - ty0) / (sy1 - sy0)


INSET_BOXES = ((0.04, 0.5, 0.04, 0.5), (0.5, 0.96, 0.04, 0.5), (0.04, 0.5, 0.5, 0.96), (0.5, 0.96, 0.5, 0.96))


def crowded_inset(px, py, *, curves=(), span: float = 0.16, margin: float = 0.15) -> Inset | None:
    """An :class:`Inset` when the marked points ``(px, py)`` (three or more,
    in the unit square) lie within ``span`` of each other, else None.  The
    source is their bounding square widened by ``margin`` of its side; the
    target is the one of four corner boxes that holds the fewest points of
    ``curves`` (a list of (x, y) arrays) and does not meet the source.

    Parameters
    ----------
    px, py : array-like of shape (n,)
        The marked points, in the unit square.
    curves : sequence of (x, y), default ()
        The curves drawn on the plot, to keep the target box clear of.
    span : float, default 0.16
        The largest extent of the points (either axis) that counts as crowded.
    margin : float, default 0.15
        Widening of the source square, as a share of its side.

    Returns
    -------
    Inset or None
        ``source``, ``target`` and ``zoom``; None when the points are not crowded.
    """
    px, py = np.asarray(px, float), np.asarray(py, float)
    ok = np.isfinite(px) & np.isfinite(py)
    px, py = px[ok], py[ok]
    if px.size < 3:
        return None
    side = max(px.max() - px.min(), py.max() - py.min())
    if side > span:
        return None
    side = max(side, 0.01) * (1 + 2 * margin)
    cx = min(max((px.max() + px.min()) / 2, side / 2), 1 - side / 2)
    cy = min(max((py.max() + py.min()) / 2, side / 2), 1 - side / 2)
    source = (cx - side / 2, cx + side / 2, cy - side / 2, cy + side / 2)

    def meets(a, b):
        return not (a[1] < b[0] or b[1] < a[0] or a[3] < b[2] or b[3] < a[2])

    cx_all = np.concatenate([np.asarray(x, float) for x, _ in curves]) if curves else np.empty(0)
    cy_all = np.concatenate([np.asarray(y, float) for _, y in curves]) if curves else np.empty(0)

    def inside(box):
        return int(np.sum((cx_all >= box[0]) & (cx_all <= box[1]) & (cy_all >= box[2]) & (cy_all <= box[3])))

    boxes = [b for b in INSET_BOXES if not meets(b, source)]
    target = min(boxes, key=inside)
    return Inset(source, target, (target[1] - target[0]) / side)


def clip_polyline(x, y, box) -> tuple[np.ndarray, np.ndarray]:
    """The parts of the polyline (x, y) inside ``box`` (x0, x1, y0, y1), cut
    exactly at its edges (Liang-Barsky, all segments at once), pieces
    separated by NaN.

    Parameters
    ----------
    x, y : array-like of shape (n,)
        The polyline's points.
    box : (float, float, float, float)
        (x0, x1, y0, y1).

    Returns
    -------
    x, y : ndarray of float
        The inside pieces, separated by NaN.
    """
    x0, x1, y0, y1 = box
    x, y = np.asarray(x, float), np.asarray(y, float)
    ax, ay, dx, dy = x[:-1], y[:-1], np.diff(x), np.diff(y)
    t0, t1 = np.zeros(ax.size), np.ones(ax.size)
    with np.errstate(divide="ignore", invalid="ignore"):
        for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
            r = q / p
            t0 = np.where(p < 0, np.maximum(t0, r), t0)
            t1 = np.where(p > 0, np.minimum(t1, r), t1)
            t1 = np.where((p == 0) & (q < 0), -1.0, t1)        # parallel to an edge and outside it
    kept = np.flatnonzero(t0 <= t1)
    if kept.size == 0:
        return np.empty(0), np.empty(0)
    a, b = t0[kept], t1[kept]
    sx, sy = ax[kept] + a * dx[kept], ay[kept] + a * dy[kept]
    ex, ey = ax[kept] + b * dx[kept], ay[kept] + b * dy[kept]
    # a piece goes on where the previous one ended; otherwise a NaN (a gap) and its start point
    goes_on = np.zeros(kept.size, bool)
    goes_on[1:] = (ex[:-1] == sx[1:]) & (ey[:-1] == sy[1:])
    gap = np.full(kept.size, np.nan)
    use = np.column_stack([~goes_on, ~goes_on, np.ones(kept.size, bool)])
    use[0, 0] = False                                            # no gap before the first piece
    return np.column_stack([gap, sx, ex])[use], np.column_stack([gap, sy, ey])[use]


# ---------------------------------------------------------------- a threshold's control
@dataclass(frozen=True)
class SliderRange:
    """A slider over scores from ``lo`` to ``hi`` in ``step`` (a power of ten), both ends on the step's grid."""

    lo: float
    hi: float
    step: float


def slider_range(lo: float, hi: float, *, steps: int = 500) -> SliderRange | None:
    """The slider of a threshold between the scores ``lo`` and ``hi``: about
    ``steps`` steps of a power of ten (0.01 when the span is empty), the ends
    rounded out to that step's grid; ``None`` when the scores are too large for
    a slider's floats (past 1e15, or a span that overflows): an exact input
    alone serves.

    Parameters
    ----------
    lo, hi : float
        The smallest and largest score.
    steps : int, default 500
        About how many steps the slider has.

    Returns
    -------
    SliderRange or None
        ``lo``, ``hi`` (rounded out to the step's grid) and ``step``; None past a slider's floats.

    Examples
    --------
    >>> slider_range(0.0, 1.0)
    SliderRange(lo=0.0, hi=1.0, step=0.001)
    >>> slider_range(-20.0, 350.0).step, slider_range(1e300, -1e300 * 1e10) is None
    (0.1, True)
    """
    lo, hi = float(lo), float(hi)
    if hi <= lo:
        hi = lo + 1.0
    if not np.isfinite(hi / 2 - lo / 2) or max(abs(lo), abs(hi)) > 1e15:
        return None
    raw = (hi - lo) / steps
    step = 0.01 if raw <= 0 or not np.isfinite(raw) else float(10.0 ** np.floor(np.log10(raw)))
    return SliderRange(float(np.floor(lo / step) * step), float(np.ceil(hi / step) * step), step)


def finite_threshold(thresholds, index: int) -> float:
    """The threshold of curve point ``index`` (``thresholds`` in decreasing
    order, the first +inf: nothing predicted positive), as a number a control
    can hold: +inf becomes the smallest float above every score (the same
    predictions).

    Parameters
    ----------
    thresholds : array-like of float
        Decreasing, the first possibly +inf.
    index : int
        A curve point's index into ``thresholds``.

    Returns
    -------
    float
        ``thresholds[index]``, or for +inf the float just above ``thresholds[1]`` (the largest score).

    Examples
    --------
    >>> finite_threshold([np.inf, 0.9, 0.4], 0) > 0.9, finite_threshold([np.inf, 0.9, 0.4], 2)
    (True, 0.4)
    """
    thr = float(thresholds[index])
    return float(np.nextafter(thresholds[1], np.inf)) if not np.isfinite(thr) else thr
