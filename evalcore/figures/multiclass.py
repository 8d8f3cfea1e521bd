"""Figures of the multi-class page: each class's one-vs-rest ROC or P-R
curve (clickable: trace i is the i-th class drawn) with the micro- and
macro-average curves, and a grid of small 2 x 2 matrices (one-vs-rest or
one-vs-one)."""
from __future__ import annotations

import functools
import json
import math

import numpy as np
import plotly.graph_objects as go

from ..analysis import OperatingPoint
from .curves import pr_curves, roc_curves
from .style import (CELL_TEXT, GOOD, INK, NAME_CHARS, NARROW_SQUARE, PAPER, POSITIVE, PlainFigure, fast_figure,
                    layout_dict, legend_below, legend_under, marker, need, safe, threshold_text)


def class_curves_figure(views, kind: str, *, classes, names, text, point: OperatingPoint | None = None,
                        selected: int | None = None) -> go.Figure:
    """The one-vs-rest curves of the classes ``classes`` (indices into
    ``views.roc`` / ``views.pr``; trace i is class ``classes[i]``, so a
    click's curve number names the class), then the micro- and
    macro-average curves, and the selected class's operating ``point``.

    ``kind``: "roc" or "pr".  ``text`` keys: ``x y threshold micro macro``,
    and for "roc" ``diagonal``, for "pr" ``p_eq_r``; optional ``title``.
    ``names``: the class names (user text, escaped here)."""
    x_t, y_t, thr, micro, macro = need(text, "x", "y", "threshold", "micro", "macro")
    shown = [safe(names[c]) for c in classes]
    if kind == "roc":
        need(text, "diagonal")
        fig = roc_curves([views.roc[c] for c in classes], names=shown, text=text, width=None)
        extra = ((views.micro_roc.x, views.micro_roc.y, f"{micro} (AUC = {views.micro_roc.auc:.3f})"),
                 (views.macro_fpr, views.macro_tpr, f"{macro} (AUC = {views.auc_macro:.3f})"))
        xy = "FPR = %{x:.4f}, TPR = %{y:.4f}"
    else:
        p_eq_r = need(text, "p_eq_r")[0]
        fig = pr_curves([views.pr[c] for c in classes], names=shown, width=None,
                        text=dict(text, p_eq_r=p_eq_r, bep="", best="", best_f1=""))
        extra = ((views.micro_pr.x, views.micro_pr.y, f"{micro} (AP = {views.ap_micro:.3f})"),
                 (views.macro_recall, views.macro_precision, f"{macro} (AP = {views.ap_macro:.3f})"))
        xy = "P = %{y:.4f}, R = %{x:.4f}"
    for (x, y, label), dash in zip(extra, ("dash", "dot")):
        fig.add_scatter(x=np.asarray(x, dtype=np.float32), y=np.asarray(y, dtype=np.float32), mode="lines",
                        name=label, line=dict(color=INK, width=3, dash=dash),
                        hovertemplate=f"<b>{label}</b><br>{xy}<extra></extra>")
    if point is not None and selected is not None and selected in classes:
        i = list(classes).index(selected)
        x, y = (point.fpr, point.tpr) if kind == "roc" else (point.recall, point.precision)
        if math.isfinite(x) and math.isfinite(y):
            marker(fig, x, y, i, f"<b>{shown[i]}</b><br>{thr} = {threshold_text(point.threshold)}<br>"
                   f"TP = {point.tp:,}, FP = {point.fp:,}<br>{xy}", size=18, edge=3)
    # on a phone the legend (a line per class, the averages, the diagonal) covered half the plot from its
    # corner, and all of it with 10 classes: there it stands under the plot, the square plot's height kept
    rows = sum(1 for t in fig.data if t.showlegend is not False and t.name)
    narrow = legend_under(fig, rows, NARROW_SQUARE["layout"]["height"])
    fig.update_layout(meta={**(fig.layout.meta or {}), "narrow": narrow})
    if rows > CORNER_ROWS:
        # ten classes: thirteen lines of legend in the plot's corner covered most of the plot on a laptop too;
        # there the legend stands under the plot, a few entries a line
        fig.update_layout(height=fig.layout.height + MANY_ROWS_EXTRA)
        legend_below(fig, rows=6)
    return fig


CORNER_ROWS = 9            # legend lines the plot's corner holds (six classes, the diagonal, the two averages)
MANY_ROWS_EXTRA = 130      # px of figure for a legend under the plot of more lines than that


def matrix_grid(matrices, titles, *, text, columns: int = 5) -> PlainFigure:
    """Small 2 x 2 confusion matrices side by side (``matrices``:
    :class:`evalcore.Counts`; ``titles``: one each, a string or a tuple of
    lines, e.g. ``("setosa", "vs virginica")``: a column of three in half a
    page is about 130 px wide, where "versicolor vs virginica" on one line
    ran into its neighbours' titles), in the book's layout: TP FN on the
    first row, FP TN on the second.

    Built from plain dicts (:func:`style.fast_figure`) on the grid of axes
    plotly's ``make_subplots`` lays out (kept per grid shape): made with
    ``make_subplots`` and checked trace by trace, the multi-class page's two
    grids took 43 ms of a 80 ms rerun.  ``tests/core/test_multiclass_views.py``
    compares the two.

    ``text`` keys: ``tp fn fp tn`` (cell names); optional ``title``."""
    tp_, fn_, fp_, tn_ = need(text, "tp", "fn", "fp", "tn")
    k = len(matrices)
    cols = max(1, min(columns, k))
    rows = max(1, math.ceil(k / cols))
    lines = [(t,) if isinstance(t, str) else tuple(t) for t in titles]
    depth = max(map(len, lines), default=1)          # the most lines a title takes
    shown = ["<br>".join(safe(x, NAME_CHARS) for x in t) for t in lines]
    axes = json.loads(_grid(rows, cols, GRID_SPACING, min(0.12 + 0.04 * depth, 0.5 / rows)))
    data, notes = [], []
    for n, c in enumerate(matrices):
        z = np.array([[c.tp, c.fn], [c.fp, c.tn]], dtype=float)
        row = z.sum(axis=1, keepdims=True)
        share = np.divide(z, row, out=np.zeros_like(z), where=row > 0)
        signed = [[float(share[0, 0]), float(-share[0, 1])], [float(-share[1, 0]), float(share[1, 1])]]
        # name over count: "TN 100" on one line was cut by its cell on a phone (about 75 px), "TN 1,617" more
        cells = [[f"{tp_}<br>{c.tp:,}", f"{fn_}<br>{c.fn:,}"], [f"{fp_}<br>{c.fp:,}", f"{tn_}<br>{c.tn:,}"]]
        at = "" if n == 0 else str(n + 1)
        data.append(dict(type="heatmap", z=signed, text=cells, texttemplate="%{text}", zmin=-1, zmax=1,
                         showscale=False, colorscale=[[0.0, POSITIVE], [0.5, PAPER], [1.0, GOOD]],
                         hoverinfo="skip", xgap=2, ygap=2, textfont=dict(size=13, color=CELL_TEXT), xaxis=f"x{at}",
                         yaxis=f"y{at}"))
        if shown[n]:                                 # its title above its plot, centred (as make_subplots's)
            xd, yd = axes[f"xaxis{at}"]["domain"], axes[f"yaxis{at}"]["domain"]
            notes.append(dict(font=dict(size=13), showarrow=False, text=shown[n], x=sum(xd) / 2.0, xanchor="center",
                              xref="paper", y=yd[1], yanchor="bottom", yref="paper"))
    for name, axis in axes.items():
        axis["visible"] = False
        if name.startswith("yaxis"):
            axis["autorange"] = "reversed"
    lay = layout_dict(text.get("title"), height=60 + 150 * rows, annotations=notes, **axes)
    if depth > 1:                                    # room above the first row for its titles' lines
        lay["margin"] = {**lay["margin"], "t": lay["margin"]["t"] + 18 * (depth - 1)}
    return fast_figure(data, lay)


GRID_SPACING = 0.04          # between the small matrices, a share of the figure's width


@functools.lru_cache(maxsize=64)
def _grid(rows: int, cols: int, horizontal: float, vertical: float) -> str:
    """The axes ``make_subplots`` lays out for a ``rows`` x ``cols`` grid (their domains as plotly computes
    them), as JSON: once per grid shape, a fresh copy for each figure."""
    from plotly.subplots import make_subplots

    lay = make_subplots(rows=rows, cols=cols, horizontal_spacing=horizontal,
                        vertical_spacing=vertical).layout.to_plotly_json()
    return json.dumps({k: v for k, v in lay.items() if k.startswith(("xaxis", "yaxis"))})


__all__ = ["class_curves_figure", "matrix_grid"]
