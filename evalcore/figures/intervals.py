"""Figures of uncertainty: curve bands, the CV-averaged ROC, the adjusted
p-value matrix of k models, the tests' rejection rates, and the posterior
of the Bayesian correlated t-test."""
from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from .style import (CELL_TEXT, EMPTY, FONT, HEIGHT, INK, NAME_CHARS, NARROW_BELOW, NEGATIVE, NEGATIVE_CELL, NEUTRAL,
                    PAPER, gloss_below, layout, legend_below, model_color, need, safe, square_legend_below, translucent,
                    wrapped)


def _fill(fig, x, low, high, color, name, *, legend=True):
    """One filled region (one trace: along ``high``, back along ``low``); NaN columns dropped."""
    ok = ~(np.isnan(low) | np.isnan(high))
    x, low, high = np.asarray(x)[ok], np.asarray(low)[ok], np.asarray(high)[ok]
    fig.add_scatter(x=np.concatenate([x, x[::-1]]), y=np.concatenate([high, low[::-1]]), fill="toself",
                    fillcolor=color, line=dict(width=0), mode="lines", name=name, showlegend=legend,
                    hoverinfo="skip")


def band_figure(curves, bands, *, names, kind: str, text) -> go.Figure:
    """Each model's curve (``curves``: views with ``x``, ``y``) inside its
    bootstrap band (``bands``: :class:`~evalcore.CurveBand`).  ``kind`` "roc"
    adds the diagonal.  ``text`` keys: ``x``, ``y``, ``band`` (legend of a
    band, with ``{name}``), ``diagonal``; optional ``title``."""
    x_t, y_t, band_t, diag = need(text, "x", "y", "band", "diagonal")
    fig = go.Figure()
    # names as long as every legend's (NAME_CHARS): at 30, under the plot, "logistic regression (leave-on…"
    for i, (c, b, name) in enumerate(zip(curves, bands, names)):
        _fill(fig, b.x, b.low, b.high, translucent(model_color(i), 0.25), band_t.format(name=safe(name, NAME_CHARS)))
    for i, (c, name) in enumerate(zip(curves, names)):
        fig.add_scatter(x=c.x, y=c.y, mode="lines", name=safe(name, NAME_CHARS),
                        line=dict(color=model_color(i), width=3),
                        hovertemplate="%{x:.3f}, %{y:.3f}<extra>" + safe(name) + "</extra>")
    if kind == "roc":
        fig.add_scatter(x=[0, 1], y=[0, 1], mode="lines", name=diag, hoverinfo="skip",
                        line=dict(color=NEUTRAL, dash="dot", width=2))
    # the legend under the plot: in its corner a band's long name ran over the curves and the y axis of a
    # phone's plot (and the width is the column's: a fixed 600 px ran off a phone)
    return square_legend_below(fig, x_t, y_t, text.get("title"))


def cv_roc_figure(folds, averaged, *, text) -> go.Figure:
    """The ROC of each CV fold (``folds``: (fpr, tpr) pairs) faint, their
    vertical average (:class:`~evalcore.AveragedCurve`) and the mean +- 1 sd
    band.  ``text`` keys: ``x``, ``y``, ``fold``, ``mean``, ``band``,
    ``diagonal``; optional ``title``."""
    x_t, y_t, fold_t, mean_t, band_t, diag = need(text, "x", "y", "fold", "mean", "band", "diagonal")
    fig = go.Figure()
    for j, (f, t) in enumerate(folds):
        fig.add_scatter(x=f, y=t, mode="lines", name=fold_t, showlegend=j == 0, legendgroup="folds",
                        line=dict(color=translucent(model_color(0), 0.3), width=1), hoverinfo="skip")
    lo = np.clip(averaged.mean - averaged.sd, 0, 1)
    hi = np.clip(averaged.mean + averaged.sd, 0, 1)
    _fill(fig, averaged.x, lo, hi, translucent(model_color(1), 0.2), band_t)
    fig.add_scatter(x=averaged.x, y=averaged.mean, mode="lines", name=mean_t,
                    line=dict(color=model_color(1), width=3), hovertemplate="%{x:.3f}, %{y:.3f}<extra></extra>")
    fig.add_scatter(x=[0, 1], y=[0, 1], mode="lines", name=diag, hoverinfo="skip",
                    line=dict(color=NEUTRAL, dash="dot", width=2))
    return square_legend_below(fig, x_t, y_t, text.get("title"))      # (inside, the legend ran over a phone's y axis)


def pvalue_matrix(result, names, *, text) -> go.Figure:
    """Holm-adjusted p-values of every pair (a :class:`~evalcore.PairwiseDeLong`)
    as a heatmap; significant cells (adjusted p <= alpha) are darker and
    starred.  ``text`` keys: ``hover`` (with ``{a}``, ``{b}``); optional ``title``."""
    (hover,) = need(text, "hover")
    k = len(names)
    short = [safe(n, 16) for n in names]
    adj = np.asarray(result.adjusted, float)
    z = np.where(np.isnan(adj), np.nan, -np.log10(np.clip(adj, 1e-12, 1)))
    cells = [[("—" if i == j else f"{adj[i, j]:.3g}{' *' if result.reject[i, j] else ''}") for j in range(k)]
             for i in range(k)]
    tips = [[hover.format(a=safe(names[i]), b=safe(names[j])) for j in range(k)] for i in range(k)]
    scale = [[0, EMPTY], [0.25, translucent(NEGATIVE, 0.3)], [1, NEGATIVE_CELL]]      # black p-values (CELL_TEXT)
    idx = list(range(k))              # positions, not names: two names shortened alike stay two rows
    fig = go.Figure(go.Heatmap(z=z, x=idx, y=idx, text=cells, texttemplate="%{text}", customdata=tips,
                               hovertemplate="%{customdata}: %{text}<extra></extra>", showscale=False,
                               colorscale=scale, zmin=0, zmax=4, textfont=dict(size=16, color=CELL_TEXT), xgap=2,
                               ygap=2))
    fig.update_xaxes(tickvals=idx, ticktext=short)
    fig.update_yaxes(tickvals=idx, ticktext=short, autorange="reversed")
    return layout(fig, text.get("title"), height=max(300, 60 * k + 120))


def auc_groups_figure(result, names, *, text) -> go.Figure:
    """Each model's AUC with DeLong's interval (best at the top) and, at the
    right, a bar joining the models of each group of
    ``result.groups`` (no significant difference after Holm).  ``text``
    keys: ``x``; optional ``title``."""
    (x_t,) = need(text, "x")
    aucs = np.asarray(result.aucs, float)
    order = np.argsort(-aucs, kind="stable")
    k = aucs.shape[0]
    fig = go.Figure()
    ypos = {int(i): k - row for row, i in enumerate(order)}
    for i in order:
        ci = result.intervals[int(i)]
        fig.add_scatter(x=[aucs[i]], y=[ypos[int(i)]], mode="markers", showlegend=False,
                        error_x=dict(type="data", symmetric=False, array=[ci.high - aucs[i]],
                                     arrayminus=[aucs[i] - ci.low], thickness=3, width=8, color=model_color(int(i))),
                        marker=dict(size=14, color=model_color(int(i)), line=dict(color=INK, width=1)),
                        hovertemplate=f"{safe(names[i])}: AUC = {aucs[i]:.4f} [{ci.low:.4f}, {ci.high:.4f}]"
                                      "<extra></extra>")
    lo = min(ci.low for ci in result.intervals)
    hi = max(ci.high for ci in result.intervals)
    span = max(hi - lo, 0.02)
    for j, g in enumerate(result.groups):
        x = hi + span * (0.08 + 0.06 * j)
        ys = [ypos[i] for i in g]
        fig.add_scatter(x=[x, x], y=[min(ys) - 0.15, max(ys) + 0.15], mode="lines", showlegend=False,
                        hoverinfo="skip", line=dict(color=INK, width=5))
    fig.update_yaxes(tickvals=[ypos[int(i)] for i in order], ticktext=[safe(names[i], 20) for i in order],
                     range=[0.4, k + 0.6])
    fig.update_xaxes(title=x_t, range=[lo - 0.05 * span, hi + span * (0.14 + 0.06 * len(result.groups))])
    return layout(fig, text.get("title"), height=max(280, 55 * k + 130))


def rejection_figure(sim, *, names, text, label_width: int = 26, gloss_line: bool = True) -> go.Figure:
    """The share of replications in which each test rejects (a
    :class:`~evalcore.TestSimulation`), a bar per test with +-2 standard
    errors, and alpha as a line with its simulation band.  The bars' colour
    says what the rate means, in the legend: with no effect, whether the test
    keeps α (``ok``: at or below the band; ``over``: above it); with an
    effect, the rates are powers: the most powerful tests (``top``, within 2
    standard errors of the highest) against the rest (``rest``).  ``text`` keys:
    ``x``, ``alpha``, ``ok over`` (no effect) or ``top rest`` (an effect); optional ``title``.
    ``label_width``: the characters a test's name takes per line (wider on a projector, where a
    figure fitted to the first screen leaves a bar less height than a two-line name needs).
    ``gloss_line``: the x title's gloss, "what (gloss)", on a line of its own (:func:`style.gloss_below`),
    so the title fits a phone's narrow plot; a projector's wide, short plot keeps it on one line, leaving
    the bars the height their names need."""
    x_t, alpha_t = need(text, "x", "alpha")
    rate = np.asarray(sim.rate, float)
    k = rate.shape[0]
    err = 2 * np.sqrt(np.clip(rate * (1 - rate), 1e-12, None) / sim.replications)
    band = 2 * sim.standard_error
    labels = [wrapped(n, label_width) for n in names]
    if sim.effect == 0:
        ok_t, over_t = need(text, "ok", "over")
        over = np.array([v == "above" for v in sim.verdicts])
        groups = ((~over, ok_t, model_color(2)), (over, over_t, model_color(1)))
    else:
        top_t, rest_t = need(text, "top", "rest")
        top = np.asarray(sim.top_power, bool)
        groups = ((top, top_t, model_color(0)), (~top, rest_t, NEUTRAL))
    fig = go.Figure()
    for mask, name, color in groups:
        if mask.any():
            fig.add_bar(x=rate[mask], y=[lab for lab, m in zip(labels, mask) if m], orientation="h",
                        marker_color=color, name=name, error_x=dict(type="data", array=err[mask], color=INK,
                                                                    thickness=1.5),
                        hovertemplate="%{y}: %{x:.3f}<extra></extra>")
    # each rate written clear of its error bar and of the alpha band, not on them, in the names' type size
    # (it was 14 px beside 17 px names)
    top = float(max(rate.max() + err.max(), sim.alpha + band)) * 1.22
    fig.add_scatter(x=np.maximum(rate + err, sim.alpha + band) + 0.012 * max(top, 0.1), y=labels, mode="text",
                    text=[f"{r:.3f}" for r in rate], textposition="middle right", showlegend=False,
                    hoverinfo="skip", cliponaxis=False, textfont=dict(size=FONT["size"]))
    fig.add_shape(type="rect", x0=max(0, sim.alpha - band), x1=sim.alpha + band, y0=-0.5, y1=k - 0.5,
                  fillcolor=translucent(NEUTRAL, 0.2), line=dict(width=0), layer="below")
    fig.add_shape(type="line", x0=sim.alpha, x1=sim.alpha, y0=-0.5, y1=k - 0.5, line=dict(color=INK, dash="dash"))
    alpha_note = len(fig.layout.annotations)
    fig.add_annotation(x=sim.alpha, y=-0.5, text=alpha_t, showarrow=False, yanchor="bottom", xanchor="left",
                       font=dict(size=14))
    fig.update_xaxes(title=gloss_below(x_t) if gloss_line else x_t, range=[0, max(top, 0.1)])
    fig.update_yaxes(automargin=True, range=[k - 0.5, -1.0], categoryorder="array", categoryarray=labels)
    # In a column narrower than NARROW_BELOW px (a phone) the names beside the bars took half the plot: there
    # each name is written on one line above its bar, which then has the plot's width (the figure drawn in
    # place, ui/core/live/figure.js, applies layout.meta.narrow).  The bar spans i +- (1 - bargap) / 2 on the
    # reversed axis; its name stands on y = i - 0.27, just above it.
    # On a pale ground (the alpha line and band run under the first few names); alpha's own label a line
    # higher, over the first name.
    first = len(fig.layout.annotations)
    fig.layout.annotations = fig.layout.annotations + tuple(     # in one step: add_annotation checks all again
        dict(x=0, xref="x", xanchor="left", y=i - 0.27, yref="y", yanchor="bottom", text=name, showarrow=False,
             visible=False, font=dict(size=13), bgcolor=translucent(PAPER, 0.85)) for i, name in enumerate(names))
    narrow = {"yaxis.showticklabels": False, "bargap": 0.5, "margin.l": 10, "yaxis.range": [k - 0.5, -1.4],
              f"annotations.{alpha_note}.y": -0.75, "height": max(300, 52 * k + 190) + 12 * k,
              **{f"annotations.{first + i}.visible": True for i in range(k)}}
    fig = layout(fig, text.get("title"), height=max(300, 52 * k + 190))
    fig.update_layout(margin=dict(l=10, r=20), barmode="overlay", legend=dict(traceorder="normal"),
                      meta=dict(narrow=dict(below=NARROW_BELOW, layout=narrow)))
    return legend_below(fig)


def posterior_figure(post, *, text) -> go.Figure:
    """The posterior density of the mean difference (a
    :class:`~evalcore.BayesianTTest`), its area split at -+rope into three
    filled regions (one trace each).  ``text`` keys: ``x``, ``y``,
    ``below``, ``rope``, ``above`` (legend names); optional ``title``."""
    x_t, y_t, below_t, rope_t, above_t = need(text, "x", "y", "below", "rope", "above")
    half = max(4.5 * post.scale, 1.5 * post.rope, 1e-6)
    x = np.linspace(post.mean - half, post.mean + half, 401)
    x = np.unique(np.concatenate([x, [-post.rope, post.rope]]))
    y = post.pdf(x) if post.scale > 0 else np.zeros_like(x)
    fig = go.Figure()
    for (lo, hi), name, color in (((-np.inf, -post.rope), below_t, model_color(0)),
                                  ((-post.rope, post.rope), rope_t, NEUTRAL),
                                  ((post.rope, np.inf), above_t, model_color(1))):
        m = (x >= lo) & (x <= hi)
        if m.sum() >= 2:
            xs, ys = x[m], y[m]
            fig.add_scatter(x=np.concatenate([xs, xs[::-1]]), y=np.concatenate([ys, np.zeros_like(ys)]),
                            fill="toself", fillcolor=translucent(color, 0.45), line=dict(width=0), mode="lines",
                            name=name, hoverinfo="skip")
    fig.add_scatter(x=x, y=y, mode="lines", line=dict(color=INK, width=2), showlegend=False,
                    hovertemplate="%{x:.4f}: %{y:.3~g}<extra></extra>")
    fig.update_xaxes(title=x_t, zeroline=True)
    fig.update_yaxes(title=y_t, rangemode="tozero")
    fig = layout(fig, text.get("title"), height=HEIGHT["default"])
    fig.update_layout(legend=dict(orientation="h", y=1.02, yanchor="bottom", x=0))
    return fig
