"""Figures of the confusion-matrix page: the 2 x 2 matrix, a K x K matrix and
both classes' score histograms."""
from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go

from ..confusion import Counts
from ..drawing import ScoreHistogram
from .style import (CELL_SIZE, CELL_SIZE_K, CELL_TEXT, GOOD, HEIGHT, INK, NAME_CHARS, NARROW_BELOW, NEGATIVE,
                    NEGATIVE_CELL, PAPER, POSITIVE, fast_figure, layout, layout_dict, need, safe, threshold_text,
                    top_margin)


def confusion_heatmap(counts: Counts, *, text) -> go.Figure:
    """The binary confusion matrix in the book's layout (table 2.1): rows =
    true class (positive, negative), columns = predicted; cells TP FN / FP TN.

    ``text`` keys: ``tp fn fp tn`` (cell names), ``pos neg`` (class names),
    ``true pred`` (axis titles); optional ``title``.  Redrawn on every
    threshold move, so built from plain dicts (:func:`style.fast_figure`)."""
    tp_, fn_, fp_, tn_, pos, neg, true, pred = need(text, "tp", "fn", "fp", "tn", "pos", "neg", "true", "pred")
    z = np.array([[counts.tp, counts.fn], [counts.fp, counts.tn]], dtype=float)
    cells = [[f"{tp_}<br><b>{counts.tp:,}</b>", f"{fn_}<br><b>{counts.fn:,}</b>"],
             [f"{fp_}<br><b>{counts.fp:,}</b>", f"{tn_}<br><b>{counts.tn:,}</b>"]]
    # Correct cells (diagonal) green, errors vermillion, by share of the row.
    row = z.sum(axis=1, keepdims=True)
    share = np.divide(z, row, out=np.zeros_like(z), where=row > 0)
    signed = [[float(share[0, 0]), float(-share[0, 1])], [float(-share[1, 0]), float(share[1, 1])]]
    trace = dict(type="heatmap", z=signed, x=[pos, neg], y=[pos, neg], text=cells, texttemplate="%{text}",
                 textfont=dict(size=CELL_SIZE, color=CELL_TEXT), zmin=-1, zmax=1, showscale=False, hoverinfo="skip",
                 colorscale=[[0.0, POSITIVE], [0.5, PAPER], [1.0, GOOD]], xgap=3, ygap=3)
    top = top_margin(text.get("title"), axis_on_top=True)       # what the axis takes: drawn once (style.MARGIN_B)
    return fast_figure([trace], layout_dict(text.get("title"), HEIGHT["matrix"] - FREED, margin=dict(b=BOTTOM, t=top),
                                            yaxis=dict(autorange="reversed", title=dict(text=true), type="category"),
                                            xaxis=dict(side="top", title=dict(text=pred), type="category")))


def confusion_matrix_heatmap(cm, labels, *, text) -> go.Figure:
    """A K x K confusion matrix (rows = true, columns = predicted) with counts.

    ``text`` keys: ``true pred`` (axis titles); optional ``title``.  ``labels``
    (from a file) are shown as plain text: escaped and shortened here."""
    true, pred = need(text, "true", "pred")
    a = np.asarray(cm)
    labels = [safe(v, NAME_CHARS) for v in labels]
    row = a.sum(axis=1, keepdims=True)
    share = np.divide(a, row, out=np.zeros(a.shape), where=row > 0)
    fig = go.Figure(go.Heatmap(
        z=share, x=labels, y=labels, text=a, texttemplate="%{text}", textfont=dict(size=CELL_SIZE_K, color=CELL_TEXT),
        zmin=0, zmax=1, colorscale=[[0, PAPER], [1, NEGATIVE_CELL]], showscale=False,
        xgap=2, ygap=2, hovertemplate="%{y} → %{x}: %{text}<extra></extra>"))
    fig.update_yaxes(autorange="reversed", title=true, type="category")
    fig.update_xaxes(side="top", title=pred, type="category")
    fig = layout(fig, text.get("title"), height=max(320, 90 * len(labels) + 120) - FREED)
    fig.layout.margin.b = BOTTOM
    fig.layout.margin.t = top_margin(text.get("title"), axis_on_top=True)     # as the 2 x 2 matrix's
    k = len(labels)
    if k >= NARROW_MANY:
        # a phone's column: ten classes left cells about 26 px wide and 90 px tall, the diagonal's three-digit
        # counts cut ("17" for 178); there the cells are about square and their counts in smaller type
        fig.layout.meta = dict(narrow=dict(below=NARROW_BELOW, layout={"height": NARROW_TOP + NARROW_CELL * k},
                                           data={0: {"textfont.size": narrow_cell_text(int(a.max(initial=0)))}}))
    return fig


def narrow_cell_text(largest: int) -> int:
    """The counts' type size in a narrow column's K x K matrix: as large as the longest count allows in a
    phone's 26 px cell (a digit about 0.56 em, a thousands comma 0.28 em), from NARROW_CELL_TEXT ("1,617")
    to NARROW_CELL_MAX ("178" with a few px either side in a phone's cell; at 10 px a laptop's 35 px cells
    held 10 px counts)."""
    digits = len(str(abs(largest)))
    em = 0.56 * digits + 0.28 * ((digits - 1) // 3)
    return int(max(NARROW_CELL_TEXT, min(NARROW_CELL_MAX, 25 // em)))


# A matrix's x axis is on top: below its plot the shared layout's bottom margin (60 px then) held nothing but the
# toolbar on a phone (under the figure, ui.core.screens), about 100 px of blank with it.  Its bottom margin
# is BOTTOM px and its height FREED px less: the cells keep the size they had.
BOTTOM = 12
FREED = 60 - BOTTOM
# a K x K matrix of at least NARROW_MANY classes, in a phone's column: rows NARROW_CELL px tall under
# NARROW_TOP px of axis titles and labels, counts NARROW_CELL_TEXT px ("1,617" fits a 26 px cell)
NARROW_MANY, NARROW_TOP, NARROW_CELL, NARROW_CELL_TEXT, NARROW_CELL_MAX = 6, 150 - FREED, 32, 10, 12


SCALES = ("count", "density", "log")
LABEL_ROOM = 0.25       # the share of the histogram's height above its tallest bar (the threshold's label)


def score_histogram(hist: ScoreHistogram, threshold: float | None = None, *, text, scale: str = "count"
                    ) -> go.Figure:
    """Both classes' score histograms on shared bins, with the threshold as a
    vertical line (samples right of it are predicted positive).  Pass
    ``evalcore.split_histogram(hist, counts, threshold)`` so that no bar
    straddles the line.

    ``scale``: ``"count"`` (samples per bin), ``"density"`` (each class's share
    per bin, so a class of 1 % is as visible as one of 99 %) or ``"log"``
    (counts on a log axis).  ``text`` keys: ``pos neg`` (class names), ``x y``
    (axis titles: ``y`` should match the scale), ``threshold`` (the line's
    label); optional ``title``.  Redrawn on every threshold move, so built
    from plain dicts (:func:`style.fast_figure`)."""
    pos, neg, x_title, y_title, thr = need(text, "pos", "neg", "x", "y", "threshold")
    centers = hist.edges[:-1] / 2 + hist.edges[1:] / 2      # halves first: no overflow near the float limit
    # each bar its bin's width: a bin split at the threshold (evalcore.split_histogram) is two narrower bars
    width = 2 * (hist.edges[1:] / 2 - hist.edges[:-1] / 2)
    yn, yp = hist.neg_counts, hist.pos_counts
    if scale == "density":
        yn = yn / max(int(yn.sum()), 1)
        yp = yp / max(int(yp.sum()), 1)
    data = [dict(type="bar", x=centers, y=yn, width=width, name=neg, marker=dict(color=NEGATIVE), opacity=0.6),
            dict(type="bar", x=centers, y=yp, width=width, name=pos, marker=dict(color=POSITIVE), opacity=0.6)]
    # the top LABEL_ROOM of the plot is left to the threshold's label, which hangs there (over the tallest
    # bar of a four-row upload it was unreadable); the log axis from half a sample: plotly's own range
    # started at 1, where a bin of one sample is a bar of no height (a review saw only stubs)
    top = float(max(yn.max(initial=0), yp.max(initial=0))) or 1.0
    if scale == "log":
        low = math.log10(0.5)           # (a log axis's range is in powers of ten)
        yaxis = dict(title=dict(text=y_title), type="log", dtick=1, tickformat=",d",
                     range=[low, low + (math.log10(top) - low) / (1 - LABEL_ROOM)])
    elif scale == "density":
        yaxis = dict(title=dict(text=y_title), range=[0, top / (1 - LABEL_ROOM)], tickformat=".0%")
    else:   # whole numbers only on a count axis
        yaxis = dict(title=dict(text=y_title), range=[0, top / (1 - LABEL_ROOM)], tickformat=",d",
                     dtick=_count_step(int(top)))
    # The line carries its label (a shape's label, not an annotation): a threshold move changes the
    # layout's shapes alone, which the page moves in place in about 1 ms (an annotation costs 20 ms).
    # The label hangs inside the plot from the line's top, on the side with more room: above the plot it
    # ran into the legend (a projector's larger type), and beside the plot's edge it would be cut.  24 px
    # down: the legend's box hangs from y = 1.12, so in a short plot its lower edge is inside the plot
    # (12 px at 1366 x 768).
    shapes, narrow = [], {}
    lo, hi = float(hist.edges[0]), float(hist.edges[-1])
    line = threshold is not None and bool(np.isfinite(threshold))
    # the x range a little wider than the bins (and the line): the first bin's tick label otherwise sat in the
    # plot's corner, over the y axis's "0" (a projector, a wide screen)
    a, b = (min(lo, threshold), max(hi, threshold)) if line else (lo, hi)
    pad = 0.03 * ((b - a) or 1.0)
    if line:
        side = "right" if threshold > lo + (hi - lo) / 2 else "left"     # the label's anchor: it reads away
        shapes.append(dict(type="line", xref="x", yref="y domain", x0=threshold, x1=threshold, y0=0, y1=1,
                           line=dict(color=INK, width=3, dash="dash"),
                           label=dict(text=f"{thr} = {threshold_text(threshold, 4)}", textposition="end", textangle=0,
                                      xanchor=side, yanchor="top", padding=24, font=dict(size=16, color=INK))))
        # in a column under 480 px (a phone) half the plot is narrower than the label at 16 px: smaller, nearer
        narrow = dict(meta=dict(narrow=dict(below=NARROW_BELOW, layout={"shapes.0.label.font.size": 13,
                                                                "shapes.0.label.padding": 14})))
    return fast_figure(data, layout_dict(text.get("title"), HEIGHT["histogram"], barmode="overlay", bargap=0,
                                         xaxis=dict(title=dict(text=x_title), range=[a - pad, b + pad]),
                                         yaxis=yaxis, shapes=shapes,
                                         legend=dict(orientation="h", y=1.12, x=0), **narrow))


def _count_step(top: int) -> int:
    """A whole tick step giving about five ticks up to ``top`` (1, 2, 5 x 10^k)."""
    raw = max(top / 5, 1)
    k = 10 ** int(np.floor(np.log10(raw)))
    return int(next(m * k for m in (1, 2, 5, 10) if m * k >= raw))
