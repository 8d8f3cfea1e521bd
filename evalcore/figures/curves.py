"""ROC and P-R curves of one or more models, clickable, with exact hover."""
from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from .style import (FAINT, HEIGHT, MUTED, NAME_CHARS, NARROW_SQUARE, NEUTRAL, NOTE_SIZE, PAPER, SQUARE_WIDTH,
                    fast_figure, layout_dict, legend_under_dict, marker_trace, model_color, model_dash, need,
                    roc_legend, safe, square_axes_dict, threshold_text)


ISO_MARGIN = 64         # px right of the plot for the iso-F labels ("F1=0.8" in NOTE_SIZE type)
CLICK_MARKERS = 150     # markers drawn per curve: each is an SVG node, and 2,000 of them cost ~200 ms a redraw


def _clickable(color: str) -> dict:
    """Small markers on a curve so its points can be clicked (plotly selects
    markers, not lines), looking the same whether selected or not.  At most
    ``CLICK_MARKERS`` are drawn; hover and a click still reach every point."""
    same = dict(marker=dict(opacity=1.0))
    return dict(marker=dict(size=5, color=color, maxdisplayed=CLICK_MARKERS), selected=same, unselected=same)


def _hover_data(v) -> np.ndarray:
    """Per-point (threshold, TP, FP) for hover, as float32: 12 bytes a point
    keeps a 2,000-point trace near 64 kB of JSON.  Hover shows thresholds to
    6 significant digits, which float32 holds; a click is resolved on the
    server from the point's index to the exact float64 threshold."""
    data = np.column_stack([v.thresholds, v.tp, v.fp])
    finite = np.abs(data[np.isfinite(data)])
    return data if finite.size and finite.max() > 1e37 else data.astype(np.float32)   # float32 tops out at 3e38


def _two_line_names(legends) -> dict:
    """``layout.meta.narrow``'s trace values on a phone: curve i's legend entry with its name and its area on
    two lines ("logistic regression (leave-one-out) (AUC = 0.653)" on one ran off a 390 px screen)."""
    return {i: {"name": f"{name}<br>{area}"} for i, (name, area) in enumerate(legends)}


def _curve_trace(v, i: int, legend: str, name: str, point_label: str, xy_hover: str) -> dict:
    """Model ``i``'s reduced curve ``v`` as a clickable trace with exact-count hover."""
    return dict(type="scatter", x=v.x, y=v.y, mode="lines+markers", name=legend,
                line=dict(color=model_color(i), width=3, dash=model_dash(i)), **_clickable(model_color(i)),
                customdata=_hover_data(v),
                hovertemplate=(f"<b>{name}</b><br>{point_label} ≥ %{{customdata[0]:.6~g}}<br>"
                               f"{xy_hover}<br>TP = %{{customdata[1]}}, FP = %{{customdata[2]}}"
                               "<extra></extra>"))


def _magnified_inset(data: list, annotations: list, views, label: str) -> None:
    """Redraw the curves and single-point markers among the traces ``data``
    inside a crowded region, magnified, in the emptiest corner (on a white
    box, so nothing beneath shows through); the region itself is outlined."""
    from ..drawing import clip_polyline, crowded_inset

    marks = [t for t in data if t.get("mode") == "markers" and len(t["x"]) == 1]
    inset = crowded_inset([t["x"][0] for t in marks], [t["y"][0] for t in marks],
                          curves=[(v.x, v.y) for v in views])
    if inset is None:
        return
    (sx0, sx1, sy0, sy1), (tx0, tx1, ty0, ty1) = inset.source, inset.target
    data.append(dict(type="scatter", x=[tx0, tx1, tx1, tx0, tx0], y=[ty0, ty0, ty1, ty1, ty0], mode="lines",
                     showlegend=False, hoverinfo="skip", fill="toself", fillcolor=PAPER,
                     line=dict(color=MUTED, width=1)))
    data.append(dict(type="scatter", x=[sx0, sx1, sx1, sx0, sx0], y=[sy0, sy0, sy1, sy1, sy0], mode="lines",
                     showlegend=False, hoverinfo="skip", line=dict(color=MUTED, width=1, dash="dash")))
    for i, v in enumerate(views):
        cx, cy = clip_polyline(v.x, v.y, inset.source)
        if cx.size:
            mx, my = inset.map(cx, cy)
            data.append(dict(type="scatter", x=mx, y=my, mode="lines", showlegend=False, hoverinfo="skip",
                             line=dict(color=model_color(i), width=2)))
    for t in marks:
        x, y = float(t["x"][0]), float(t["y"][0])
        if sx0 <= x <= sx1 and sy0 <= y <= sy1:
            mx, my = inset.map([x], [y])
            m = t["marker"]
            data.append(dict(type="scatter", x=mx, y=my, mode="markers", showlegend=False,
                             hovertemplate=t["hovertemplate"].replace("%{y:.4f}", f"{y:.4f}")
                             .replace("%{x:.4f}", f"{x:.4f}"),
                             marker=dict(color=m["color"], size=m["size"] - 4, symbol=m["symbol"], line=m["line"])))
    annotations.append(dict(x=tx0, y=ty1, xanchor="left", yanchor="bottom", showarrow=False,
                            text=label.format(zoom=f"{inset.zoom:.0f}"), font=dict(size=NOTE_SIZE, color=MUTED)))


def roc_curves(views, points=None, *, names, text, hulls=None, width: int | None = SQUARE_WIDTH) -> go.Figure:
    """One ROC curve per model (``views``: :class:`RocView`), each model's
    current :class:`OperatingPoint` marked, the diagonal, AUC in the legend,
    and optionally each convex hull (``hulls``: (fpr, tpr) pairs).

    ``text`` keys: ``x y`` (axis titles), ``diagonal``, ``threshold``;
    optional ``title``.  Trace order: one curve trace per model first (so a
    click's ``curve_number`` is the model's index), then the rest.
    """
    x_title, y_title, diagonal, thr = need(text, "x", "y", "diagonal", "threshold")
    # plain dicts (style.fast_figure): redrawn on every threshold move, where plotly's checked
    # add_scatter and update_* took most of the move's time
    legends = [(safe(name, NAME_CHARS), f"(AUC = {v.auc:.3f})") for v, name in zip(views, names)]
    data = [_curve_trace(v, i, " ".join(legend), safe(name), thr, "FPR = %{x:.4f}, TPR = %{y:.4f}")
            for i, (v, name, legend) in enumerate(zip(views, names, legends))]
    data.append(dict(type="scatter", x=[0, 1], y=[0, 1], mode="lines", name=diagonal, hoverinfo="skip",
                     line=dict(color=NEUTRAL, dash="dot", width=2)))
    for i, hull in enumerate(hulls or []):
        data.append(dict(type="scatter", x=hull[0], y=hull[1], mode="lines", showlegend=False, hoverinfo="skip",
                         line=dict(color=model_color(i), width=2, dash="dash")))
    for i, p in enumerate(points or []):
        data.append(marker_trace(p.fpr, p.tpr, i, f"{thr} = {threshold_text(p.threshold)}<br>TP = {p.tp:,}, "
                                 f"FP = {p.fp:,}<br>FPR = %{{x:.4f}}, TPR = %{{y:.4f}}", size=16, edge=2))
    legend = roc_legend([(v.x, v.y) for v in views] + list(hulls or []))
    lay = layout_dict(text.get("title"), HEIGHT["square"], **square_axes_dict(x_title, y_title, legend),
                      legend=legend,
                      clickmode="event+select", **({"width": width} if width else {}))
    # on a phone (drawn in place) the legend stands under the plot: in its corner it lay over the start of a
    # poor model's curve and the tick labels there; two lines for each model, one for the diagonal
    narrow = legend_under_dict(lay, 2 * len(views) + 1, NARROW_SQUARE["layout"]["height"])
    lay["meta"] = {**lay.get("meta", {}), "narrow": {**narrow, "data": _two_line_names(legends)}}
    return fast_figure(data, lay)



def pr_curves(views, points=None, *, names, text, beps=None, best=None, iso=None, best_f1=None,
              width: int | None = SQUARE_WIDTH) -> go.Figure:
    """One P-R curve per model (``views``: :class:`PrView`), its current
    operating point, the P = R line with each model's BEP, the max-F-beta
    points (``best``: :class:`BestF`, stars), the max-F1 points when beta != 1
    (``best_f1``, triangles), and faint iso-F curves (``iso``: list of
    (label, recall, precision)).

    ``text`` keys: ``x y`` (axis titles), ``threshold``, ``p_eq_r`` (the
    P = R line), ``bep``, ``best`` (the stars' name), ``best_f1`` (the
    triangles'); optional ``title``, and optional ``inset`` (a label with
    ``{zoom}``): with it, marked points crowded into a small region are
    redrawn magnified in the emptiest corner (:func:`evalcore.crowded_inset`).
    """
    x_title, y_title, thr, p_eq_r, bep_label, best_label, best_f1_label = need(
        text, "x", "y", "threshold", "p_eq_r", "bep", "best", "best_f1")
    shown = [safe(n) for n in names]
    # plain dicts, as roc_curves
    legends = [(safe(name, NAME_CHARS), f"(AP = {v.average_precision:.3f})") for v, name in zip(views, names)]
    data = [_curve_trace(v, i, " ".join(legend), shown[i], thr, "P = %{y:.4f}, R = %{x:.4f}")
            for i, (v, legend) in enumerate(zip(views, legends))]
    data.append(dict(type="scatter", x=[0, 1], y=[0, 1], mode="lines", name=p_eq_r, hoverinfo="skip",
                     line=dict(color=NEUTRAL, dash="dot", width=2)))
    notes = []
    for j, (label, r, p) in enumerate(iso or []):
        data.append(dict(type="scatter", x=r, y=p, mode="lines", showlegend=False, hoverinfo="skip",
                         line=dict(color=FAINT, width=1)))
        # F1 labels at the right end of their line, F-beta labels at the top end: they never share a spot
        end = -1 if label.startswith("F1") else 0
        # (an F1 label 6 px clear of the plot's edge, where a curve ending at recall 1 would touch it)
        notes.append(dict(x=float(r[end]), y=float(p[end]), text=label, showarrow=False,
                          xanchor="left" if end == -1 else "center", yanchor="middle" if end == -1 else "bottom",
                          xshift=6 if end == -1 else 0, font=dict(size=NOTE_SIZE, color=MUTED)))
    for i, b in enumerate(beps or []):
        data.append(marker_trace(b, b, i, f"{shown[i]}: {bep_label} = {b:.4f}", symbol="diamond", size=14))
    for group, symbol, label in ((best, "star", best_label), (best_f1, "triangle-up", best_f1_label)):
        for i, bf in enumerate(group or []):
            data.append(marker_trace(bf.recall, bf.precision, i,
                                     f"{shown[i]}: {label} = {bf.f:.4f}<br>{thr} = {threshold_text(bf.threshold)}",
                                     symbol=symbol, size=15 if symbol == "star" else 14))
    for i, p in enumerate(points or []):
        if np.isfinite(p.precision):
            data.append(marker_trace(p.recall, p.precision, i, f"{thr} = {threshold_text(p.threshold)}<br>"
                                     f"TP = {p.tp:,}, FP = {p.fp:,}<br>P = %{{y:.4f}}, R = %{{x:.4f}}",
                                     size=16, edge=2))
    if "inset" in text:
        _magnified_inset(data, notes, views, text["inset"])
    # the iso-F labels start at the plot's right edge: the margin holds them (on a phone they ran off it)
    lay = layout_dict(text.get("title"), HEIGHT["square"], **square_axes_dict(x_title, y_title),
                      legend=dict(orientation="h", x=0, y=1.02, xanchor="left", yanchor="bottom"),
                      clickmode="event+select", **({"annotations": notes} if notes else {}),
                      **({"margin": dict(r=ISO_MARGIN)} if iso else {}), **({"width": width} if width else {}))
    lay["meta"] = {**lay["meta"], "narrow": {**lay["meta"]["narrow"], "data": _two_line_names(legends)}}
    return fast_figure(data, lay)
