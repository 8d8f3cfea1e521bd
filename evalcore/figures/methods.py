"""Figures of the evaluation-methods page: the bootstrap's balls, its 1/e
limit, the spread of hold-out and cross-validation estimates, the fold grid,
and each estimator's error against the truth."""
from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from .style import (FAINT, GOOD, HEIGHT, INK, NARROW_BELOW, NEGATIVE, NEUTRAL, PAPER, POSITIVE, across, add_shapes,
                    band, layout, legend_below, model_color, need, translucent)

PER_ROW = 50


def balls_figure(draws: np.ndarray, m: int, step: int, *, text) -> go.Figure:
    """m items as balls, ``PER_ROW`` a row: after ``step`` of the m draws
    (``draws``, in order) each ball shows how often it has been drawn; the
    last draw is ringed; when all m are drawn, the never-drawn balls (the
    out-of-bag set) are marked.  ``text`` keys: ``drawn``, ``never``,
    ``last``, ``oob``, ``count``."""
    w_drawn, w_never, w_last, w_oob, w_count = need(text, "drawn", "never", "last", "oob", "count")
    step = int(max(0, min(step, m)))
    counts = np.bincount(draws[:step], minlength=m)
    i = np.arange(m)
    per_row = min(PER_ROW, m)
    x, y = i % per_row, -(i // per_row)
    # a phone's column: fewer a row (twenty 18 px balls in one row of a 330 px plot lay over each other)
    narrow_row = min(_balls(m)[1], m)
    nx, ny = i % narrow_row, -(i // narrow_row)
    done = step == m
    fig = go.Figure()
    drawn = counts > 0
    at = []                                             # each trace's balls, for its narrow positions
    fig.add_scatter(x=x[drawn], y=y[drawn], mode="markers", name=w_drawn,
                    marker=dict(size=_size(m), color=counts[drawn], colorscale=[[0, translucent(NEGATIVE, 0.35)],
                                                                               [1, NEGATIVE]],
                                cmin=1, cmax=max(3, int(counts.max(initial=1))), line=dict(color=INK, width=0.5)),
                    customdata=np.column_stack([i[drawn] + 1, counts[drawn]]),
                    hovertemplate=f"#%{{customdata[0]}}: {w_count} %{{customdata[1]}}<extra></extra>")
    at.append(i[drawn])
    fig.add_scatter(x=x[~drawn], y=y[~drawn], mode="markers", name=w_oob if done else w_never,
                    marker=dict(size=_size(m), color=POSITIVE if done else PAPER,
                                line=dict(color=POSITIVE if done else FAINT, width=1.5)),
                    hovertemplate=f"#%{{pointNumber}}: {w_count} 0<extra></extra>")
    at.append(i[~drawn])
    if 0 < step:
        j = int(draws[step - 1])
        fig.add_scatter(x=[x[j]], y=[y[j]], mode="markers", name=w_last, hoverinfo="skip",
                        marker=dict(size=_size(m) + 10, color=translucent(PAPER, 0.0), line=dict(color=GOOD, width=4)))
        at.append(np.array([j]))
    fig.update_xaxes(visible=False, range=[-1, per_row])
    fig.update_yaxes(visible=False, range=[y.min() - 0.8, 0.8])
    fig.update_layout(legend=dict(orientation="h", y=-0.05, x=0))
    rows = int(np.ceil(m / per_row))
    fig = layout(fig, text.get("title"), height=max(200, 120 + 24 * rows))
    narrow_rows = int(np.ceil(m / narrow_row))
    fig.layout.meta = dict(narrow=dict(
        below=NARROW_BELOW,
        layout={"xaxis.range": [-1, narrow_row], "yaxis.range": [float(ny.min()) - 0.8, 0.8],
                "height": max(200, 130 + 34 * narrow_rows)},
        data={k: {"x": nx[idx].tolist(), "y": ny[idx].tolist()} for k, idx in enumerate(at) if idx.size}))
    return fig


# (up to m balls, a ball's size in px, balls a row in a phone's column): one table for both, so a size and
# its phone row cannot part
_BALLS = ((50, 18, 10), (200, 12, 20), (None, 8, 30))


def _balls(m: int) -> tuple[int, int]:
    """A ball's size and the balls a row in a phone's column (at most about a ball's width apart)."""
    return next((size, row) for most, size, row in _BALLS if most is None or m <= most)


def _size(m: int) -> int:
    return _balls(m)[0]


def oob_limit_figure(ms, expected, sim_mean, sim_sd, current: int, *, text) -> go.Figure:
    """(1 - 1/m)^m against m converging to 1/e, with the simulated mean and
    +- one standard deviation over many repeats; ``current`` m marked.
    ``text`` keys: ``x y``, ``exact``, ``limit``, ``simulated``."""
    x_t, y_t, w_exact, w_limit, w_sim = need(text, "x", "y", "exact", "limit", "simulated")
    ms = np.asarray(ms)
    fig = go.Figure()
    fig.add_scatter(x=ms, y=np.asarray(sim_mean) + sim_sd, mode="lines", line=dict(width=0), showlegend=False,
                    hoverinfo="skip")
    fig.add_scatter(x=ms, y=np.asarray(sim_mean) - sim_sd, mode="lines", line=dict(width=0), fill="tonexty",
                    fillcolor=translucent(NEGATIVE, 0.15), showlegend=False, hoverinfo="skip")
    fig.add_scatter(x=ms, y=sim_mean, mode="markers", name=w_sim, marker=dict(color=NEGATIVE, size=7))
    fig.add_scatter(x=ms, y=expected, mode="lines", name=w_exact, line=dict(color=INK, width=3))
    # the limit's name at the end of its line away from the current m (at the right end, m = 1,000's line ran
    # through it): on a log axis, below the right end when m is in the left half of the range, else above the
    # left end (below it, the curve rising from 0.25 runs there)
    lo, hi = np.log10(float(ms.min())), np.log10(float(ms.max()))
    where = "bottom right" if np.log10(float(current)) < (lo + hi) / 2 else "top left"
    fig.add_hline(y=float(np.exp(-1)), line=dict(color=POSITIVE, dash="dash", width=2), annotation_text=w_limit,
                  annotation_position=where)
    add_shapes(fig, across("x", current, line=dict(color=NEUTRAL, dash="dot")))
    fig.update_xaxes(title=x_t, type="log")
    fig.update_yaxes(title=y_t)
    return legend_below(layout(fig, text.get("title"), height=HEIGHT["histogram"]))


def oob_histogram(fractions, expected: float, *, text) -> go.Figure:
    """The out-of-bag fraction over many bootstrap samples, with (1 - 1/m)^m.
    ``text`` keys: ``x y``, ``exact``."""
    x_t, y_t, w_exact = need(text, "x", "y", "exact")
    fig = go.Figure()
    fig.add_histogram(x=fractions, nbinsx=40, marker_color=NEGATIVE, opacity=0.75, showlegend=False)
    fig.add_vline(x=expected, line=dict(color=POSITIVE, width=3), annotation_text=f"{w_exact} {expected:.4f}",
                  annotation_position="top")
    fig.update_xaxes(title=x_t)
    fig.update_yaxes(title=y_t, tickformat=",d")
    fig = layout(fig, text.get("title"), height=HEIGHT["histogram"])
    if text.get("title"):               # the value's label sits above the plot, under the title: room for both
        fig.update_layout(margin_t=90)
    return fig


def spread_figure(x, estimates, *, text, advice=None, x_format=".0%") -> go.Figure:
    """One box per setting ``x`` (rows of ``estimates``: the repeated
    estimates), optionally the book's advised range ``advice`` = (lo, hi)
    shaded.  ``text`` keys: ``x y``, ``advice``."""
    x_t, y_t, w_adv = need(text, "x", "y", "advice")
    fig = go.Figure()
    for xi, row in zip(x, estimates):
        row = np.asarray(row)
        row = row[np.isfinite(row)]
        fig.add_box(y=row, x=[xi] * row.size, name=f"{xi}", marker_color=NEGATIVE, boxmean=True, showlegend=False,
                    width=0.06 if x_format.endswith("%") else 0.6)
    if advice is not None:
        # the name above the plot, from the band's left: inside it, it ran past the band (2 of 9 boxes on a
        # phone) onto the boxes' whiskers
        add_shapes(fig, band(advice[0], advice[1], fillcolor=translucent(GOOD, 0.15), line=dict(width=0)))
        fig.add_annotation(x=advice[0], xref="x", xanchor="left", y=1, yref="paper", yanchor="bottom",
                           text=w_adv, showarrow=False)
    fig.update_xaxes(title=x_t, tickformat=x_format, tickvals=list(x))
    fig.update_yaxes(title=y_t)
    fig = layout(fig, text.get("title"), height=HEIGHT["histogram"] + 40)
    if advice is not None:                      # a line for the band's name between the title and the plot
        fig.update_layout(margin_t=fig.layout.margin.t + 24)
    return fig


def fold_grid(fold_of_row: np.ndarray, y: np.ndarray, *, text) -> go.Figure:
    """Samples (columns, grouped by class) x folds (rows): the cell of the
    fold a sample is tested in is coloured with that fold's colour, the rest
    (where it trains) is pale.  ``text`` keys: ``x y``, ``pos neg``, ``test``."""
    x_t, y_t, w_pos, w_neg, w_test = need(text, "x", "y", "pos", "neg", "test")
    order = np.argsort(-y, kind="stable")
    k = int(fold_of_row.max()) + 1
    f = fold_of_row[order]
    z = np.where(np.arange(k)[:, None] == f[None, :], f[None, :] + 1, 0).astype(float)
    colors = [[0, PAPER], [0.5 / (k + 1), PAPER]]
    for j in range(k):
        colors += [[(j + 0.5) / (k + 1), model_color(j)], [(j + 1.5) / (k + 1), model_color(j)]]
    colors[-1][0] = 1.0
    fig = go.Figure(go.Heatmap(z=z, zmin=0, zmax=k, colorscale=colors, showscale=False, xgap=0, ygap=2,
                               hovertemplate=f"{w_test} %{{y}}<extra></extra>", y=[f"{j + 1}" for j in range(k)]))
    n_pos = int(y.sum())
    add_shapes(fig, across("x", n_pos - 0.5, line=dict(color=INK, width=2)))
    for x, label in ((n_pos / 2, w_pos), (n_pos + (len(y) - n_pos) / 2, w_neg)):     # above the grid, not on it
        fig.add_annotation(x=x, y=1.0, yref="paper", yanchor="bottom", text=label, showarrow=False)
    fig.update_xaxes(title=x_t, showticklabels=False)
    fig.update_yaxes(title=y_t, autorange="reversed")
    fig = layout(fig, text.get("title"), height=max(240, 90 + 28 * k))
    fig.update_layout(margin=dict(t=70 if text.get("title") else 40))
    return fig


def truth_figure(estimates: np.ndarray, truth: np.ndarray, names, *, text) -> go.Figure:
    """Each method's estimate minus the true error over many training sets:
    a box per method (bias = where it sits, spread = how wide), zero marked.
    ``text`` keys: ``x y``, ``zero``."""
    x_t, y_t, w_zero = need(text, "x", "y", "zero")
    fig = go.Figure()
    for j, name in enumerate(names):
        d = estimates[:, j] - truth
        d = d[np.isfinite(d)]
        if d.size:
            fig.add_box(y=d, name=name, marker_color=model_color(j), boxmean=True, showlegend=False)
    add_shapes(fig, across("y", 0, line=dict(color=INK, width=2, dash="dash")))
    # the zero line's label in the right margin, beside the line's end: inside the plot it hid behind a box
    fig.add_annotation(x=1, xref="paper", xanchor="left", xshift=4, y=0, yref="y", text=w_zero, showarrow=False,
                       font=dict(color=INK))
    fig.update_xaxes(title=x_t)
    fig.update_yaxes(title=y_t, zeroline=False)
    layout(fig, text.get("title"), height=HEIGHT["square"] - 60)
    wide = sum(15 if ord(c) >= 0x2E80 else 8 for c in w_zero)       # a CJK character is about twice as wide
    return fig.update_layout(margin=dict(r=max(30, 16 + wide)))
