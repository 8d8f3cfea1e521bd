"""Figures of the metrics lab: predictions against truth with residuals, and
a 2-D clustering against the true classes."""
from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from .style import (HEIGHT, INK, NEGATIVE, NEUTRAL, PAPER, POSITIVE, layout, legend_below, legend_under, model_color,
                    need, safe, stacked_panels)


def regression_figure(y, y_pred, *, text, offset: float = 0.0) -> go.Figure:
    """Left: y against yhat (+ a constant ``offset``) with the line yhat = y;
    right: the residuals y - yhat against yhat with their mean.  ``text``
    keys: ``y yhat``, ``residual``, ``ideal``, ``mean``."""
    w_y, w_hat, w_res, w_ideal, w_mean = need(text, "y", "yhat", "residual", "ideal", "mean")
    y, p = np.asarray(y, float), np.asarray(y_pred, float) + float(offset)
    res = y - p
    fig = make_subplots(rows=1, cols=2, horizontal_spacing=0.12)
    lo, hi = float(min(y.min(), p.min())), float(max(y.max(), p.max()))
    fig.add_scatter(x=[lo, hi], y=[lo, hi], mode="lines", line=dict(color=NEUTRAL, dash="dot"), name=w_ideal,
                    row=1, col=1)
    fig.add_scatter(x=p, y=y, mode="markers", marker=dict(color=NEGATIVE, size=10), showlegend=False, row=1, col=1)
    fig.add_scatter(x=p, y=res, mode="markers", marker=dict(color=POSITIVE, size=10), showlegend=False, row=1, col=2)
    fig.add_scatter(x=[p.min(), p.max()], y=[res.mean()] * 2, mode="lines", line=dict(color=INK, width=2),
                    name=w_mean, row=1, col=2)
    fig.update_xaxes(title_text=w_hat, row=1, col=1)
    fig.update_yaxes(title_text=w_y, row=1, col=1)
    fig.update_xaxes(title_text=w_hat, row=1, col=2)
    fig.update_yaxes(title_text=w_res, zeroline=True, zerolinecolor=NEUTRAL, row=1, col=2)
    fig = legend_below(layout(fig, text.get("title"), height=HEIGHT["histogram"] + 20))
    # a phone: side by side the right panel's y title ("residual y − ŷ") stood over the left panel's points
    # (the legend just under the lower panel's x title: figure.js moves it down to clear the title, never up)
    fig.update_layout(meta=dict(narrow=stacked_panels(HEIGHT["histogram"] + 260, ((0.58, 1.0), (0.0, 0.42)),
                                                      **{"legend.y": -0.02, "margin.b": 70})))
    return fig


def clusters_figure(x, y, classes, clusters, *, text) -> go.Figure:
    """Points coloured by cluster, shaped by true class, each numbered inside
    its marker (a number beside it sat under a neighbour).  The legend names
    the two encodings apart: colours under ``by_colour`` (one entry per
    cluster), shapes under ``by_shape`` (one grey entry per class).
    ``text`` keys: ``x y``, ``cluster``, ``cls``, ``by_colour``, ``by_shape``."""
    x_t, y_t, w_cluster, w_cls, w_colour, w_shape = need(text, "x", "y", "cluster", "cls", "by_colour", "by_shape")
    symbols = ("circle", "square", "diamond", "triangle-up", "cross", "x")
    classes = [safe(c, 20) for c in classes]
    clusters = [safe(c, 20) for c in clusters]
    cls_order = sorted(set(classes))
    fig = go.Figure()
    for k, c in enumerate(sorted(set(clusters))):
        idx = [i for i, v in enumerate(clusters) if v == c]
        fig.add_scatter(x=np.asarray(x)[idx], y=np.asarray(y)[idx], mode="markers+text", showlegend=False,
                        text=[str(i + 1) for i in idx], textposition="middle center",
                        textfont=dict(color=PAPER, size=12),
                        marker=dict(size=24, color=model_color(k), line=dict(color=INK, width=1),
                                    symbol=[symbols[cls_order.index(classes[i]) % len(symbols)] for i in idx]),
                        hovertemplate=[f"#{i + 1}: {w_cls} {classes[i]}, {w_cluster} {c}<extra></extra>"
                                       for i in idx])
        fig.add_scatter(x=[None], y=[None], mode="markers", name=f"{w_cluster} {c}", legendgroup="colour",
                        legendgrouptitle_text=w_colour, marker=dict(size=14, color=model_color(k), symbol="circle"))
    for j, c in enumerate(cls_order):
        fig.add_scatter(x=[None], y=[None], mode="markers", name=f"{w_cls} {c}", legendgroup="shape",
                        legendgrouptitle_text=w_shape,
                        marker=dict(size=14, color=NEUTRAL, line=dict(color=INK, width=1), symbol=symbols[j % 6]))
    fig.update_xaxes(title=x_t)
    fig.update_yaxes(title=y_t, scaleanchor="x")
    fig.update_layout(legend=dict(orientation="v", groupclick="toggleitem", tracegroupgap=12))
    fig = layout(fig, text.get("title"), height=HEIGHT["histogram"] + 40)
    # at the plot's right the legend took most of a phone's column and left the equal-scaled plot 60 px wide,
    # every point in one heap: there it stands under the plot
    fig.update_layout(meta=dict(narrow=legend_under(fig, len(set(clusters)) + len(cls_order) + 2)))
    return fig
