"""ROC space and cost space side by side (textbook figure 2.5), ready for
hover linking (the page's component, ``ui/linked/``, finds the highlight
traces by the indices in ``layout.meta``, never by a name)."""
from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go

from ..results import Better
from .style import (HEIGHT, INK, NAME_CHARS, NEGATIVE, PAPER, POSITIVE, SQUARE_PAD, fast_figure, layout_dict,
                    model_color, need, safe, stacked_panels, threshold_text, translucent)

_LEFT = dict(xaxis="x", yaxis="y")      # the ROC panel of cost_linked_figure
_RIGHT = dict(xaxis="x2", yaxis="y2")   # its cost panel
_DOMAINS = ((0.0, 0.45), (0.55, 1.0))   # the panels' x domains: a tenth of the width between them
# On a phone the two panels are stacked, ROC space above cost space (style.stacked_panels), their titles with them.
_NARROW = stacked_panels(HEIGHT["linked"] + 260, titles=True)
def _cost_top(curves, current, optimal) -> float:
    """The top of the cost axis: the models' envelopes and points fill the
    panel (the fan of lines above them is cut off, not the curves).  Rounded
    up to a tenth, so that it stays put while the current point moves a little
    (the axis does not jump, and the figure is not redrawn, on every key press)."""
    top = max([float(cc.envelope.max()) for cc in curves] + [c.norm_cost for c in current]
              + [o.norm_cost for o in optimal] + [0.25])
    return min(1.0, math.ceil((1.25 * top + 0.02) * 10 - 1e-9) / 10)


def _clip_line(x0, y0, slope):
    """The segment of the line through (x0, y0) with ``slope`` inside [0, 1]^2."""
    if not np.isfinite(slope):
        return [x0, x0], [0.0, 1.0]
    xs = np.array([0.0, 1.0])
    ys = y0 + slope * (xs - x0)
    if slope > 0:
        lo, hi = max(0.0, x0 - y0 / slope), min(1.0, x0 + (1 - y0) / slope)
        xs = np.array([lo, hi])
        ys = y0 + slope * (xs - x0)
    return xs.tolist(), np.clip(ys, 0, 1).tolist()


def _dot(x: float, y: float, xref: str, yref: str, color: str, edge: float, size: int = 15) -> dict:
    """A round marker of ``size`` px at data point (x, y), drawn as a layout shape."""
    r = size / 2
    return dict(type="circle", xref=xref, yref=yref, xsizemode="pixel", ysizemode="pixel", xanchor=x, yanchor=y,
                x0=-r, x1=r, y0=-r, y1=r, fillcolor=color, line=dict(color=INK, width=edge), layer="above")


def cost_linked_figure(roc_views, hulls, curves, samples, current, optimal, *, names,
                       pc: float, text, comparison=None) -> go.Figure:
    """ROC space (left) and cost space (right) in one figure.

    ``roc_views``: CurveView per model; ``hulls``: (fpr, tpr) per model;
    ``curves``: CostCurve per model; ``samples``: the cost-line indices to draw
    for the first model (``cost_line_sample``); ``current``/``optimal``:
    CostPoint per model; ``pc``: the operating condition P(+)cost.
    Left: curves, hulls, the iso-cost line through each optimum, current (●)
    and optimal (★) points.  Right: the first model's cost lines (faint), every
    model's lower envelope (bold, the first shaded), the vertical line x = pc
    and the points (pc, cost_norm).  With ``comparison`` (CostComparison of
    the first two), the x ranges where each is better are shaded.  The
    current points (●) are layout shapes, with a legend entry of their own: a
    threshold move changes nothing else in the figure.

    ``text`` keys: ``roc_title cost_title`` (panel titles), ``lines``
    (legend of the cost lines), ``points``, ``line_hover`` (hover of a cost
    line, with ``%{customdata}`` for the ROC point), ``iso``, ``area``,
    ``current``, ``optimal``, ``fpr tpr norm`` (axis titles).

    Two empty traces at the end are for the page's hover linking, which
    highlights the hovered ROC point and its cost line; their indices are
    ``layout.meta.hl_roc`` and ``layout.meta.hl_cost``.
    """
    (roc_title, cost_title, w_lines, w_points, w_line_hover, w_iso, w_area, w_current, w_optimal, w_fpr, w_tpr,
     w_norm) = need(text, "roc_title", "cost_title", "lines", "points", "line_hover", "iso", "area", "current",
                    "optimal", "fpr", "tpr", "norm")
    # Built from plain dicts (style.fast_figure): redrawn on every threshold move, and plotly's
    # checked add_scatter took ~50 ms of the move for these 20-odd traces.
    data: list[dict] = []

    def scatter(**kw) -> int:
        data.append(dict(type="scatter", **kw))
        return len(data) - 1

    # -- cost space: sampled lines of the first model, as one trace with gaps
    c0 = curves[0]
    # each line from (0, FPR) to (1, FNR) as 11 points, lines apart by a NaN (a gap)
    idx = np.asarray(samples, dtype=np.int64)
    xs = np.append(np.linspace(0, 1, 11), np.nan)
    lx = np.tile(xs, idx.size)
    ly = (c0.fpr[idx][:, None] * (1 - xs) + c0.fnr[idx][:, None] * xs).ravel()
    ld = np.repeat(idx, 12)
    ld[11::12] = -1
    line_trace = scatter(x=lx, y=ly, mode="lines", line=dict(color=translucent(NEGATIVE, 0.10), width=1),
                         name=w_lines, customdata=ld, **_RIGHT, hovertemplate=w_line_hover + "<extra></extra>")
    # -- ROC space: the first model's sampled ROC points, hoverable
    point_trace = scatter(x=c0.fpr[idx], y=1 - c0.fnr[idx], mode="markers", **_LEFT,
                          marker=dict(size=6, color=translucent(NEGATIVE, 0.35)), customdata=idx,
                          name=w_points, showlegend=False, hovertemplate="FPR %{x:.3f}, TPR %{y:.3f}<extra></extra>")
    dots: list[dict] = []
    for k, (v, hull, cc, cur, opt, name) in enumerate(zip(roc_views, hulls, curves, current, optimal, names)):
        color = model_color(k)
        name = safe(name, NAME_CHARS)
        scatter(x=v.x, y=v.y, mode="lines", line=dict(color=color, width=3), name=name, legendgroup=name, **_LEFT,
                hoverinfo="skip")
        scatter(x=hull[0], y=hull[1], mode="lines", line=dict(color=color, width=2, dash="dash"), showlegend=False,
                legendgroup=name, **_LEFT, hoverinfo="skip")
        ix, iy = _clip_line(opt.fpr, opt.tpr, opt.slope)
        scatter(x=ix, y=iy, mode="lines", line=dict(color=color, width=2, dash="dot"), name=w_iso,
                showlegend=k == 0, **_LEFT, hoverinfo="skip")
        fill = dict(fill="tozeroy", fillcolor=translucent(NEGATIVE, 0.12)) if k == 0 else {}
        scatter(x=cc.x, y=cc.envelope, mode="lines", line=dict(color=color, width=4), **fill,
                name=f"{name}: {w_area} = {cc.expected_total_cost:.4f}", legendgroup=name, **_RIGHT,
                hovertemplate="P(+)cost %{x:.3f}: cost_norm %{y:.4f}<extra></extra>")
        scatter(x=[opt.fpr], y=[opt.tpr], mode="markers", showlegend=False, **_LEFT,
                marker=dict(size=18, color=color, symbol="star", line=dict(color=INK, width=1)),
                hovertemplate=f"{w_optimal}: {threshold_text(opt.threshold)}<extra></extra>")
        scatter(x=[pc], y=[opt.norm_cost], mode="markers", showlegend=False, **_RIGHT,
                marker=dict(size=18, symbol="star", color=color, line=dict(color=INK, width=1)),
                hovertemplate=f"{w_optimal}: cost_norm %{{y:.4f}}<extra></extra>")
        # the current threshold's points (●) are shapes: a threshold move changes only the
        # layout's shapes, which the page's figure moves in place instead of redrawing every trace
        dots += [_dot(cur.fpr, cur.tpr, "x", "y", color, 2), _dot(pc, cur.norm_cost, "x2", "y2", color, 1)]
    scatter(x=[None], y=[None], mode="markers", name=w_current, **_LEFT, hoverinfo="skip",   # the dots' legend
            marker=dict(size=12, color=PAPER, line=dict(color=INK, width=2)))
    shapes = []
    if comparison is not None:
        for x0, x1, w in comparison.segments:
            if w in (Better.FIRST, Better.SECOND):
                shapes.append(dict(type="rect", xref="x2", yref="y2 domain", x0=x0, x1=x1, y0=0, y1=1,
                                   fillcolor=model_color(0 if w == Better.FIRST else 1), opacity=0.08,
                                   line=dict(width=0), layer="below"))
    shapes.append(dict(type="line", xref="x2", yref="y2 domain", x0=pc, x1=pc, y0=0, y1=1,
                       line=dict(color=INK, width=2, dash="dash")))
    shapes += dots
    hl_roc = scatter(x=[], y=[], mode="markers", name="hl-roc", showlegend=False, **_LEFT,
                     marker=dict(size=18, color=POSITIVE, line=dict(color=INK, width=2)), hoverinfo="skip")
    scatter(x=[], y=[], mode="lines", name="hl-cost", showlegend=False, **_RIGHT,
            line=dict(color=POSITIVE, width=4), hoverinfo="skip")
    # two panels side by side (as make_subplots(1, 2, horizontal_spacing=0.1) lays them out), titled
    titles = [dict(text=t, x=(lo + hi) / 2, y=1.0, xref="paper", yref="paper", xanchor="center", yanchor="bottom",
                   showarrow=False, font=dict(size=16)) for t, (lo, hi) in zip((roc_title, cost_title), _DOMAINS)]
    right = pc > 0.6                    # the label on the line's inner side, never past the plot's edge
    label = f"P(+)cost = {pc:.3f} " if right else f" P(+)cost = {pc:.3f}"
    note = dict(xref="x2", yref="y2 domain", x=pc, y=1, text=label, showarrow=False,
                xanchor="right" if right else "left", yanchor="top", bgcolor=translucent(PAPER, 0.8))
    unit = [-SQUARE_PAD, 1 + SQUARE_PAD]        # ROC space as the ROC page's: a star at (0, 0) clear of the "0"
    lay = layout_dict(None, HEIGHT["linked"],
                      xaxis=dict(domain=list(_DOMAINS[0]), anchor="y", range=unit, title=dict(text=w_fpr)),
                      yaxis=dict(domain=[0.0, 1.0], anchor="x", range=unit, title=dict(text=w_tpr)),
                      xaxis2=dict(domain=list(_DOMAINS[1]), anchor="y2", range=[0, 1], title=dict(text="P(+)cost")),
                      yaxis2=dict(domain=[0.0, 1.0], anchor="x2", range=[0, _cost_top(curves, current, optimal)],
                                  title=dict(text=w_norm)),
                      shapes=shapes, annotations=titles + [note], hovermode="closest",
                      legend=dict(orientation="h", y=-0.18, x=0, yanchor="top"),
                      meta=dict(line_trace=line_trace, point_trace=point_trace, hl_roc=hl_roc, hl_cost=hl_roc + 1,
                                fpr=c0.fpr[idx].tolist(), fnr=c0.fnr[idx].tolist(), samples=[int(i) for i in idx],
                                narrow=_NARROW))
    return fast_figure(data, lay)
