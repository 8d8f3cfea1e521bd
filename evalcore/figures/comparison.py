"""Figures of the comparison-tests page: a test's null distribution with its
rejection region and the observed statistic, the per-fold differences, and
the critical-difference diagram of the Friedman/Nemenyi test."""
from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go

from .style import (HEIGHT, INK, NEGATIVE, NEUTRAL, PAPER, POSITIVE, across, add_shapes, band, layout, legend_below,
                    model_color, need, safe, translucent)


def _runs(mask) -> list[tuple[int, int]]:
    """The runs of True in ``mask`` as (start, stop) index pairs."""
    edges = np.flatnonzero(np.diff(np.r_[0, np.asarray(mask).astype(np.int8), 0]))
    return list(zip(edges[::2].tolist(), edges[1::2].tolist()))


def _regions(nd) -> list[tuple[np.ndarray, np.ndarray]]:
    """The rejection region of a continuous null distribution as closed
    areas under the density, one per tail: each starts at its critical value
    (the density there interpolated on the drawn curve) and runs out to the
    end of the grid.  One trace per area: plotly fills across a gap."""
    out = []
    for start, stop in _runs(nd.reject):
        xs, ys = nd.x[start:stop], nd.density[start:stop]
        if start > 0:                                   # the left edge is a critical value inside the grid
            c = min(nd.critical, key=lambda v: abs(v - nd.x[start]))
            xs, ys = np.r_[c, xs], np.r_[np.interp(c, nd.x, nd.density), ys]
        if stop < nd.x.shape[0]:                        # the right edge likewise
            c = min(nd.critical, key=lambda v: abs(v - nd.x[stop - 1]))
            xs, ys = np.r_[xs, c], np.r_[ys, np.interp(c, nd.x, nd.density)]
        out.append((xs, ys))
    return out


OBSERVED_ROW = 32      # px: a row of labels above a null distribution's plot (the presenter's 18 px type, boxed)
EDGE = 0.3             # a label whose line is within this share of the x range of an end is anchored inwards


def null_figure(nd, *, text) -> go.Figure:
    """``nd`` (:class:`NullDistribution`): the density (bars when discrete),
    the rejection region shaded under the curve (both tails of a two-sided
    test, one trace each), the critical value(s) and the observed statistic
    marked.  ``text`` keys: ``x y``, ``region``, ``critical``, ``observed``;
    optional ``title``."""
    x_t, y_t, w_region, w_crit, w_obs = need(text, "x", "y", "region", "critical", "observed")
    fig = go.Figure()
    keep = ~nd.reject
    # each part of the rejection region also as a faint band the plot's height: under a tail whose density is
    # a hair above 0 (chi-square beyond 3.84) the shaded area alone was invisible, its legend entry not
    spans = []
    step = float(np.min(np.diff(nd.x))) if nd.x.size > 1 else 1.0      # between a discrete distribution's values
    if nd.discrete:
        fig.add_bar(x=nd.x[keep], y=nd.density[keep], marker_color=NEGATIVE, opacity=0.7, name=nd.name)
        fig.add_bar(x=nd.x[nd.reject], y=nd.density[nd.reject], marker_color=POSITIVE, name=w_region)
        fig.update_layout(bargap=0.1)
        spans = [(float(nd.x[a]) - 0.5 * step, float(nd.x[b - 1]) + 0.5 * step) for a, b in _runs(nd.reject)]
    else:
        fig.add_scatter(x=nd.x, y=nd.density, mode="lines", line=dict(color=NEGATIVE, width=3), name=nd.name)
        for i, (xs, ys) in enumerate(_regions(nd)):
            fig.add_scatter(x=xs, y=ys, mode="lines", fill="tozeroy", line=dict(color=POSITIVE, width=0),
                            fillcolor=translucent(POSITIVE, 0.45), name=w_region, legendgroup="region",
                            showlegend=i == 0, hoverinfo="skip")
            spans.append((float(xs[0]), float(xs[-1])))
    shapes = [band(a, b, fillcolor=translucent(POSITIVE, 0.10), layer="below", line=dict(width=0)) for a, b in spans]
    top = float(np.max(nd.density)) if nd.density.size else 1.0
    observed = math.isfinite(nd.observed)
    span = float(np.ptp(nd.x)) if nd.x.size else 1.0
    # a critical value at the observed one is named in the observed value's label: two labels there met
    same = [c for c in nd.critical if observed and abs(c - nd.observed) <= 0.01 * span]
    apart = [c for c in nd.critical if c not in same]
    # The x axis's range is the distribution's (with the critical and observed values): plotly widens an
    # autoranged axis until every label above the plot fits in data units, so a narrower plot (the sidebar
    # opened, a phone) stretched the binomial's axis to -17 errors.  A label near either end is anchored
    # at its line's inner side instead, so it stays over the plot.
    marks = [float(v) for v in (*nd.critical, nd.observed) if math.isfinite(v)]
    ends = [float(np.min(nd.x)) - 0.5 * step, float(np.max(nd.x)) + 0.5 * step] if nd.discrete else \
        [float(np.min(nd.x)), float(np.max(nd.x))] if nd.x.size else [0.0, 1.0]
    lo, hi = min(ends + marks), max(ends + marks)
    pad = 0.02 * (hi - lo if hi > lo else 1.0)
    lo, hi = lo - pad, hi + pad

    def anchor(x: float) -> str:
        return "left" if x - lo < EDGE * (hi - lo) else "right" if hi - x < EDGE * (hi - lo) else "center"
    for c in nd.critical:
        shapes.append(across("x", c, line=dict(color=NEUTRAL, width=2, dash="dot")))
    if len(apart) == 2 and math.isclose(apart[0], -apart[1], rel_tol=1e-9, abs_tol=1e-12):
        # a two-sided test's -c and c named once between them: on a phone's narrow plot "critical value -2.262"
        # and "critical value 2.262", each centred on its line, ran into each other
        fig.add_annotation(x=0.5 * (apart[0] + apart[1]), y=1.0, yref="paper", yanchor="bottom",
                           xanchor=anchor(0.5 * (apart[0] + apart[1])),
                           text=f"{w_crit} ±{abs(apart[0]):.4g}", showarrow=False, font=dict(color=NEUTRAL))
    else:
        for c in apart:
            fig.add_annotation(x=c, y=1.0, yref="paper", yanchor="bottom", text=f"{w_crit} {c:.4g}",
                               xanchor=anchor(c), showarrow=False, font=dict(color=NEUTRAL))
    rows = 1 if any(c not in same for c in nd.critical) else 0     # label rows above the plot: critical values'
    if observed:
        shapes.append(across("x", nd.observed, line=dict(color=INK, width=4)))
        # The observed value's label sits above the plot, a row above the critical values' labels: inside the
        # plot (at 1.12 x the density's top) it lay over the bars of a short plot (a projector's first screen).
        fig.add_annotation(x=nd.observed, y=1.0, yref="paper", yanchor="bottom", yshift=OBSERVED_ROW * rows,
                           xanchor=anchor(nd.observed), showarrow=False,
                           text=f"<b>{w_obs} {nd.observed:.4g}</b>" + "".join(f" · {w_crit} {c:.4g}" for c in same),
                           bgcolor=translucent(PAPER, 0.9), bordercolor=INK, borderwidth=1, borderpad=3)
        rows += 1
    add_shapes(fig, *shapes)
    fig.update_xaxes(title=x_t, range=[lo, hi])
    fig.update_yaxes(title=y_t, rangemode="tozero", range=[0, top * 1.06])
    fig = legend_below(layout(fig, text.get("title"), height=HEIGHT["histogram"] + 40))
    fig.update_layout(margin=dict(t=12 + OBSERVED_ROW * max(rows, 1), b=100))    # the labels' rows above the plot
    return fig


def differences_figure(a, b, *, text) -> go.Figure:
    """Per-fold values of two learners (``a``, ``b``) and their differences
    a - b as bars.  ``text`` keys: ``x y``, ``a b``, ``diff``."""
    x_t, y_t, w_a, w_b, w_d = need(text, "x", "y", "a", "b", "diff")
    folds = np.arange(1, len(a) + 1)
    a, b = np.asarray(a, float), np.asarray(b, float)
    fig = go.Figure()
    fig.add_bar(x=folds, y=a - b, name=w_d, marker_color=NEUTRAL, opacity=0.6)
    fig.add_scatter(x=folds, y=a, mode="lines+markers", name=safe(w_a), line=dict(color=model_color(0), width=3))
    fig.add_scatter(x=folds, y=b, mode="lines+markers", name=safe(w_b), line=dict(color=model_color(1), width=3))
    fig.update_xaxes(title=x_t, tickmode="linear", dtick=1)
    fig.update_yaxes(title=y_t, zeroline=True, zerolinecolor=INK)
    return legend_below(layout(fig, text.get("title"), height=HEIGHT["histogram"]))


def cd_diagram(avg_ranks, cd: float, names, groups, *, text) -> go.Figure:
    """The book's figure 2.8: each algorithm's average rank as a dot with a
    bar of length CD (overlapping bars = no significant difference), and
    below them Demšar's cliques (``groups`` from ``nemenyi_groups``) as thick
    lines.  ``text`` keys: ``x``, ``cd``; optional ``title``."""
    x_t, w_cd = need(text, "x", "cd")
    r = np.asarray(avg_ranks, float)
    k = r.shape[0]
    order = np.argsort(r, kind="stable")
    fig = go.Figure()
    for row, i in enumerate(order):
        y = k - row
        fig.add_scatter(x=[r[i] - cd / 2, r[i] + cd / 2], y=[y, y], mode="lines", showlegend=False,
                        line=dict(color=model_color(int(i)), width=6), hoverinfo="skip")
        fig.add_scatter(x=[r[i]], y=[y], mode="markers+text", text=[f"{safe(names[i], 30)}  {r[i]:.3f}"],
                        textposition="bottom center", showlegend=False,     # below: the CD scale is above the top row
                        marker=dict(size=14, color=model_color(int(i)), line=dict(color=INK, width=1)),
                        hovertemplate=f"{safe(names[i])}: %{{x:.3f}}<extra></extra>")
    for j, g in enumerate(groups):
        lo, hi = float(r[list(g)].min()), float(r[list(g)].max())
        fig.add_scatter(x=[lo, hi], y=[-0.2 - 0.35 * j] * 2, mode="lines", showlegend=False, hoverinfo="skip",
                        line=dict(color=INK, width=5))
    fig.add_annotation(x=1 + cd / 2, y=k + 0.85, text=f"CD = {cd:.3f}", showarrow=False, yanchor="bottom")
    fig.add_scatter(x=[1, 1 + cd], y=[k + 0.7] * 2, mode="lines+markers", showlegend=False, hoverinfo="skip",
                    line=dict(color=INK, width=2), marker=dict(symbol="line-ns-open", size=12, color=INK),
                    name=w_cd)
    fig.update_xaxes(title=x_t, range=[0.5 - cd / 2, k + 0.5 + cd / 2], dtick=1)
    fig.update_yaxes(visible=False, range=[-0.6 - 0.35 * len(groups), k + 1.35])
    return layout(fig, text.get("title"), height=max(300, 70 * k + 160))
