"""Figures of the exercises page: two P-R curves with their BEP and best F1
(2.3), precision against the prior (2.4), iso-error lines on ROC space
(2.6), the ROC point / cost line duality (2.7), the two normalisations side
by side (2.8), and the Friedman forms' rejection rates against N (2.10)."""
from __future__ import annotations

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from .style import (FAINT, GOOD, HEIGHT, INK, NEGATIVE, NEUTRAL, POSITIVE, layout, legend_below, model_color, need,
                    square_legend_below, stacked_panels, translucent)


def f1_bep_figure(curves, points, *, names, text) -> go.Figure:
    """P-R curves ``curves`` [(recall, precision), ...] of models ``names``;
    ``points`` [(bep, (r_f1, p_f1)), ...]: each model's BEP (on P = R) and its
    best-F1 point.  ``text`` keys: ``x y``, ``bep``, ``f1``, ``diagonal``."""
    x_t, y_t, w_bep, w_f1, w_diag = need(text, "x", "y", "bep", "f1", "diagonal")
    fig = go.Figure()
    fig.add_scatter(x=[0, 1], y=[0, 1], mode="lines", line=dict(color=NEUTRAL, dash="dot"), name=w_diag)
    for i, ((r, p), (bep, (rf, pf)), name) in enumerate(zip(curves, points, names)):
        fig.add_scatter(x=r, y=p, mode="lines+markers", line=dict(color=model_color(i), width=3, shape="hv"),
                        marker=dict(size=7), name=name)
        fig.add_scatter(x=[bep], y=[bep], mode="markers", name=f"{name} {w_bep} = {bep:.3f}",
                        marker=dict(color=model_color(i), size=16, symbol="diamond", line=dict(color=INK, width=1)))
        fig.add_scatter(x=[rf], y=[pf], mode="markers", name=f"{name} {w_f1}",
                        marker=dict(color=model_color(i), size=16, symbol="star", line=dict(color=INK, width=1)))
    return square_legend_below(fig, x_t, y_t, text.get("title"))


def precision_prior_figure(priors, precision, current, *, text) -> go.Figure:
    """Precision against the share of positives at fixed TPR and FPR, the
    current prior marked.  ``text`` keys: ``x y``, ``now``."""
    x_t, y_t, w_now = need(text, "x", "y", "now")
    fig = go.Figure()
    fig.add_scatter(x=priors, y=precision, mode="lines", line=dict(color=POSITIVE, width=3), showlegend=False)
    fig.add_scatter(x=[current[0]], y=[current[1]], mode="markers", name=w_now,
                    marker=dict(color=INK, size=14, symbol="circle"))
    fig.update_xaxes(title=x_t, range=[0, 1])
    fig.update_yaxes(title=y_t, range=[0, 1.02])
    # the legend (one entry) under the plot: at its right it took a third of a phone's width
    return legend_below(layout(fig, text.get("title"), height=HEIGHT["strip"] + 100), rows=1)


def iso_error_figure(roc, hull, lines, best, *, text) -> go.Figure:
    """ROC curve ``roc`` (fpr, tpr), its hull, iso-error ``lines``
    [(fpr, tpr, error), ...] and the least-error point ``best``
    (fpr, tpr, error).  ``text`` keys: ``x y``, ``roc``, ``hull``, ``iso``, ``best``."""
    x_t, y_t, w_roc, w_hull, w_iso, w_best = need(text, "x", "y", "roc", "hull", "iso", "best")
    fig = go.Figure()
    for j, (fx, ty, err) in enumerate(lines):
        fig.add_scatter(x=fx, y=ty, mode="lines", line=dict(color=FAINT if j else NEUTRAL, dash="dash", width=1.5),
                        name=w_iso, showlegend=j == 0, hovertemplate=f"{w_iso} = {err:.3f}<extra></extra>")
    fig.add_scatter(x=roc[0], y=roc[1], mode="lines", line=dict(color=NEGATIVE, width=3, shape="linear"), name=w_roc)
    fig.add_scatter(x=hull[0], y=hull[1], mode="lines", line=dict(color=GOOD, width=2, dash="dot"), name=w_hull)
    fig.add_scatter(x=[best[0]], y=[best[1]], mode="markers", name=f"{w_best} = {best[2]:.3f}",
                    marker=dict(color=POSITIVE, size=18, symbol="star", line=dict(color=INK, width=1)))
    return square_legend_below(fig, x_t, y_t, text.get("title"))


def duality_figure(fpr, tpr, hull, envelope, chosen: int, *, text) -> go.Figure:
    """Left: ROC points (fpr, tpr), hull vertices ``hull`` (indices) ringed,
    point ``chosen`` marked.  Right: each point as its cost line from
    (0, FPR) to (1, FNR); the chosen one bold; the lower envelope
    ``envelope`` (x, y).  ``text`` keys: ``roc_x roc_y cost_x cost_y``,
    ``points``, ``lines``, ``envelope``, ``chosen``, ``hull``."""
    rx, ry, cx, cy, w_pts, w_lines, w_env, w_ch, w_hull = need(
        text, "roc_x", "roc_y", "cost_x", "cost_y", "points", "lines", "envelope", "chosen", "hull")
    fig = make_subplots(rows=1, cols=2, horizontal_spacing=0.12)
    fig.add_scatter(x=fpr, y=tpr, mode="markers", marker=dict(color=NEGATIVE, size=8), name=w_pts, row=1, col=1)
    fig.add_scatter(x=fpr[hull], y=tpr[hull], mode="lines+markers", name=w_hull, row=1, col=1,
                    line=dict(color=GOOD, width=2), marker=dict(size=12, color=translucent(INK, 0.0),
                                                               line=dict(color=GOOD, width=2)))
    fig.add_scatter(x=[fpr[chosen]], y=[tpr[chosen]], mode="markers", name=w_ch, row=1, col=1,
                    marker=dict(color=POSITIVE, size=16, symbol="star", line=dict(color=INK, width=1)))
    xs, ys = [], []
    for f, t in zip(fpr, tpr):
        xs += [0.0, 1.0, None]
        ys += [f, 1 - t, None]
    fig.add_scatter(x=xs, y=ys, mode="lines", line=dict(color=translucent(NEGATIVE, 0.35), width=1), name=w_lines,
                    row=1, col=2)
    fig.add_scatter(x=envelope[0], y=envelope[1], mode="lines", line=dict(color=GOOD, width=4), name=w_env,
                    row=1, col=2)
    fig.add_scatter(x=[0, 1], y=[fpr[chosen], 1 - tpr[chosen]], mode="lines", line=dict(color=POSITIVE, width=4),
                    showlegend=False, row=1, col=2)
    fig.update_xaxes(title=rx, range=[-0.02, 1.02], row=1, col=1)
    fig.update_yaxes(title=ry, range=[-0.02, 1.02], row=1, col=1)
    fig.update_xaxes(title=cx, range=[0, 1], row=1, col=2)
    fig.update_yaxes(title=cy, range=[0, 1.02], row=1, col=2)
    fig = legend_below(layout(fig, text.get("title"), height=HEIGHT["grid"]))
    fig.update_layout(meta=dict(narrow=stacked_panels(HEIGHT["grid"] + 300)))     # a phone: ROC above cost
    return fig


def normalisation_figure(panels, new_points, *, text) -> go.Figure:
    """Three panels (raw, min-max, z-score): ``panels`` [(X, y), ...] of the
    training data and ``new_points`` [X_new, ...] (samples outside the old
    range) in each.  ``text`` keys: ``titles`` (three), ``pos neg new``, ``x y``."""
    titles = text["titles"]
    w_pos, w_neg, w_new, x_t, y_t = need(text, "pos", "neg", "new", "x", "y")
    fig = make_subplots(rows=1, cols=3, subplot_titles=list(titles), horizontal_spacing=0.08)
    for c, ((X, y), Xn) in enumerate(zip(panels, new_points), start=1):
        for lab, color, name in ((1, POSITIVE, w_pos), (0, NEGATIVE, w_neg)):
            fig.add_scatter(x=X[y == lab, 0], y=X[y == lab, 1], mode="markers", marker=dict(color=color, size=9),
                            name=name, showlegend=c == 1, row=1, col=c)
        fig.add_scatter(x=Xn[:, 0], y=Xn[:, 1], mode="markers", name=w_new, showlegend=c == 1, row=1, col=c,
                        marker=dict(color=INK, size=13, symbol="x"))
        fig.update_xaxes(title=x_t, row=1, col=c)
    fig.update_yaxes(title=y_t, row=1, col=1)
    fig = legend_below(layout(fig, None, height=HEIGHT["histogram"] + 40))
    # a phone: the three panels stacked, each with the y title the first one has side by side
    fig.layout.meta = dict(narrow={**NORMALISATION_NARROW, "layout": {**NORMALISATION_NARROW["layout"],
                                                                       "yaxis2.title.text": y_t,
                                                                       "yaxis3.title.text": y_t}})
    return fig


# Exercise 2.8 on a phone: side by side each panel's plot was 70 px wide; stacked, each takes the column's
# width and a quarter of a figure 1,100 px tall, with room under it for its ticks and x title and above it
# for its title (each title moved with its panel).
NORMALISATION_NARROW = stacked_panels(1100, ((0.75, 1.0), (0.40, 0.65), (0.05, 0.30)), titles=True,
                                      **{"legend.y": -0.01})       # (the legend then just under the lowest panel)


def friedman_rates_figure(rates, *, text) -> go.Figure:
    """The χ² form's and the F form's rejection rates against N, the nominal
    α with a band of ±2 simulation standard errors.  ``text`` keys: ``x y``,
    ``chi2 f``, ``alpha``."""
    x_t, y_t, w_c, w_f, w_a = need(text, "x", "y", "chi2", "f", "alpha")
    ns = rates.ns.tolist()
    fig = go.Figure()
    lo, hi = rates.band
    fig.add_scatter(x=ns + ns[::-1], y=[hi] * len(ns) + [lo] * len(ns), fill="toself", mode="lines",
                    line=dict(width=0), fillcolor=translucent(NEUTRAL, 0.2), hoverinfo="skip", showlegend=False)
    fig.add_scatter(x=ns, y=[rates.alpha] * len(ns), mode="lines", line=dict(color=INK, dash="dash"),
                    name=f"{w_a} = {rates.alpha:g}")
    fig.add_scatter(x=ns, y=rates.rate_chi2, mode="lines+markers", line=dict(color=NEGATIVE, width=3), name=w_c)
    fig.add_scatter(x=ns, y=rates.rate_f, mode="lines+markers", line=dict(color=POSITIVE, width=3), name=w_f)
    fig.update_xaxes(title=x_t, type="log", tickvals=ns, ticktext=[str(n) for n in ns])
    fig.update_yaxes(title=y_t, rangemode="tozero", tickformat=".0%")
    # the legend under the plot: at its right it left a phone's plot 64 px wide, its nine N labels one blot
    return legend_below(layout(fig, text.get("title"), height=HEIGHT["histogram"] + 120), rows=3)


__all__ = ["f1_bep_figure", "precision_prior_figure", "iso_error_figure", "duality_figure", "normalisation_figure",
           "friedman_rates_figure"]
