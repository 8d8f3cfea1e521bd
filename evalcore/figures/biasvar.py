"""Figures of the bias-variance page: fitted curves from many training sets,
the decomposition against complexity, training and test error."""
from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from .style import (GOOD, HEIGHT, INK, NEGATIVE, NEUTRAL, PALETTE, PAPER, POSITIVE, across, add_shapes, band, layout,
                    legend_below, need, translucent)

BIAS, VARIANCE, NOISE, TOTAL = PALETTE[0], PALETTE[1], NEUTRAL, INK


def fits_figure(sim, *, text, n_curves: int = 30) -> go.Figure:
    """``n_curves`` of the fitted curves (faint), their mean fbar, the truth
    f and the first training set's points (``sim``: :class:`FitSimulation`).

    ``text`` keys: ``x y``, ``fits``, ``mean``, ``truth``, ``points``; optional ``title``."""
    x_t, y_t, w_fits, w_mean, w_truth, w_points = need(text, "x", "y", "fits", "mean", "truth", "points")
    fig = go.Figure()
    k = min(n_curves, sim.predictions.shape[0])
    xs = np.concatenate([np.append(sim.x, np.nan)] * k)
    ys = np.concatenate([np.append(row, np.nan) for row in sim.predictions[:k]])
    fig.add_scatter(x=xs, y=ys, mode="lines", name=w_fits, line=dict(color=translucent(NEGATIVE, 0.18), width=1),
                    hoverinfo="skip", connectgaps=False)
    fig.add_scatter(x=sim.x, y=sim.decomposition.mean_pred, mode="lines", name=w_mean,
                    line=dict(color=NEGATIVE, width=4))
    fig.add_scatter(x=sim.x, y=sim.truth, mode="lines", name=w_truth, line=dict(color=INK, width=3, dash="dash"))
    fig.add_scatter(x=sim.train_x[0], y=sim.train_y[0], mode="markers", name=w_points,
                    marker=dict(color=POSITIVE, size=10, line=dict(color=INK, width=1)))
    lo, hi = float(sim.truth.min()), float(sim.truth.max())
    pad = 0.6 * (hi - lo) + 0.5
    fig.update_yaxes(title=y_t, range=[lo - pad, hi + pad])
    fig.update_xaxes(title=x_t, range=[0, 1])
    return legend_below(layout(fig, text.get("title"), height=HEIGHT["square"]))


def _log_range(floor, *values) -> list[float] | None:
    """The log y axis from ``floor`` to just above the largest value (None: plotly's own range)."""
    if floor is None:
        return None
    top = max(float(np.nanmax(v)) for v in values)
    return [float(np.log10(floor)), float(np.log10(max(top, floor * 10))) + 0.1]


def _log_axis(title: str, rng) -> dict:
    """A log y axis over ``rng`` (:func:`_log_range`): over two decades or more, powers of ten alone (the 2s
    and 5s between them crowded a projector's short plot: "10² 2", "1 5"); over less, plotly's own ticks."""
    powers = rng is not None and rng[1] - rng[0] >= 2
    return dict(title=title, type="log", exponentformat="power", range=rng, **({"dtick": 1} if powers else {}))


def decomposition_figure(curve, x, current, *, text, ticks=None, floor=None) -> go.Figure:
    """bias², variance, noise and their sum against complexity
    (``curve``: :class:`ComplexityCurve` or :class:`TrainingCurve`, log
    scale) at the positions ``x`` (optionally labelled ``ticks``), the
    expected error measured against fresh noisy labels as markers, the
    position ``current`` marked; the log axis starts at ``floor`` (a
    :attr:`RegimeMap.floor`; smaller terms run below it).  ``text`` keys: ``x y``,
    ``bias2 variance noise total measured``, ``current``; optional ``title``."""
    x_t, y_t, w_b, w_v, w_n, w_t, w_m, w_c = need(text, "x", "y", "bias2", "variance", "noise", "total", "measured",
                                                  "current")
    d = np.asarray(x)
    fig = go.Figure()
    for y, name, color, dash in ((curve.bias2, w_b, BIAS, None), (curve.variance, w_v, VARIANCE, None),
                                 (curve.noise, w_n, NOISE, "dot"), (curve.error, w_t, TOTAL, None)):
        fig.add_scatter(x=d, y=y, mode="lines+markers", name=name, line=dict(color=color, width=3, dash=dash),
                        hovertemplate=f"{name}: %{{y:.4~g}}<extra></extra>")
    fig.add_scatter(x=d, y=curve.measured_error, mode="markers", name=w_m,
                    marker=dict(symbol="x", size=11, color=TOTAL), hovertemplate=f"{w_m}: %{{y:.4~g}}<extra></extra>")
    _now(fig, current, w_c)
    fig.update_yaxes(_log_axis(y_t, _log_range(floor, curve.error, curve.bias2, curve.variance, curve.measured_error)))
    _ticks(fig, x_t, d, ticks)
    fig.update_layout(hovermode="x unified")
    return legend_below(layout(fig, text.get("title"), height=HEIGHT["square"]))


def fitting_figure(curve, x, current, regimes, *, text, ticks=None) -> go.Figure:
    """Training and test error against complexity at the positions ``x``
    (unit-spaced, optionally labelled ``ticks``), each run of positions of
    ``regimes`` (a :class:`RegimeMap`: the page's verdict reads the same one)
    shaded and named under-fitting, near the best or over-fitting; the log
    axis starts at ``regimes.floor``.  ``text`` keys: ``x y``, ``train test``,
    ``under near over``, ``current``; optional ``title``."""
    x_t, y_t, w_tr, w_te, w_c = need(text, "x", "y", "train", "test", "current")
    names = dict(zip(("under", "near", "over"), need(text, "under", "near", "over")))
    shade = {"under": translucent(BIAS, 0.08), "near": translucent(GOOD, 0.12), "over": translucent(VARIANCE, 0.08)}
    # each name at its region's top left: an over-fitting test error ends at the top right, on its name
    where = {"under": "top left", "near": "top", "over": "top left"}
    d = np.asarray(x)
    fig = go.Figure()
    bands, notes = [], []
    for regime, i0, i1 in regimes.runs():
        x0, x1 = float(d[i0]) - 0.5, float(d[i1]) + 0.5
        bands.append(band(x0, x1, fillcolor=shade[regime], line=dict(width=0)))
        # each name at its band's top, as add_vrect's annotation_position writes it; the middle regime's name a
        # line lower: on a phone's narrow plot the three names met at the top; at 14 px, "under-fitting" ends
        # before "over-fitting" starts there (at 16 px the two touched)
        centre = where[regime] == "top"
        notes.append(dict(font=dict(size=14), showarrow=False, text=names[regime], x=(x0 + x1) / 2 if centre else x0,
                          xanchor="center" if centre else "left", xref="x", y=1, yanchor="top", yref="y domain",
                          yshift=-28 if regime == "near" else 0,                                      # a box: 26 px
                          bgcolor=translucent(PAPER, 0.85)))      # the current position's line passes behind it
    add_shapes(fig, *bands)
    fig.layout.annotations = fig.layout.annotations + tuple(notes)
    fig.add_scatter(x=d, y=curve.train_error, mode="lines+markers", name=w_tr, line=dict(color=BIAS, width=3))
    fig.add_scatter(x=d, y=curve.test_error, mode="lines+markers", name=w_te, line=dict(color=VARIANCE, width=3))
    _now(fig, current, w_c)
    fig.update_yaxes(_log_axis(y_t, _log_range(regimes.floor, curve.train_error, curve.test_error)))
    _ticks(fig, x_t, d, ticks)
    fig.update_xaxes(range=[d.min() - 0.5, d.max() + 0.5])
    return legend_below(layout(fig, text.get("title"), height=HEIGHT["histogram"] + 60))


def _now(fig: go.Figure, x, name: str) -> None:
    """The current position: a dashed line named in the legend (a label on
    the line sat on a tick label or on the region names)."""
    add_shapes(fig, across("x", x, line=dict(color=POSITIVE, width=3, dash="dash"), name=name, showlegend=True))


def _ticks(fig, title, x, ticks) -> None:
    if ticks is None:          # every degree up to 10 positions, every other one beyond (16 labels crowded)
        fig.update_xaxes(title=title, tickmode="linear", tick0=0, dtick=1 if len(x) <= 10 else 2)
    else:
        fig.update_xaxes(title=title, tickmode="array", tickvals=list(x), ticktext=[str(t) for t in ticks])
