"""Figures of the ROC walk: the curve after k steps, the ranked samples as a
strip, and the rank-loss pair grid."""
from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from .style import (EMPTY, FAINT, FAINTER, HALF, HEIGHT, INK, NEGATIVE, NEUTRAL, POSITIVE, broken,
                    fast_figure, layout, layout_dict, need, roc_legend, safe, square_axes_dict, translucent)


def roc_step_figure(steps, k: int, *, text, full=None) -> go.Figure:
    """The textbook's ROC walk after ``k`` steps (``steps``: :class:`RocSteps`):
    the path so far in bold with its area shaded, the rest faint, the current
    point large.  ``full`` optionally draws the complete curve (a
    :class:`CurveView`) under a coarse walk.

    ``text`` keys: ``x y`` (axis titles), ``walked``, ``to_come``,
    ``current`` (legend entries), ``step`` (hover); optional ``title``."""
    x_title, y_title, walked, to_come, current, step = need(text, "x", "y", "walked", "to_come", "current", "step")
    k = int(max(0, min(k, steps.n_steps)))
    # plain dicts (style.fast_figure): redrawn on every step
    data = []
    if full is not None:
        data.append(dict(type="scatter", x=full.x, y=full.y, mode="lines", showlegend=False, hoverinfo="skip",
                         line=dict(color=FAINTER, width=2)))
    data.append(dict(type="scatter", x=steps.fpr[k:], y=steps.tpr[k:], mode="lines+markers", name=to_come,
                     line=dict(color=FAINT, width=2, dash="dot"), marker=dict(size=6, color=FAINT), hoverinfo="skip"))
    data.append(dict(type="scatter", x=steps.fpr[:k + 1], y=steps.tpr[:k + 1], mode="lines+markers", name=walked,
                     fill="tozeroy", fillcolor=translucent(NEGATIVE, 0.18),
                     line=dict(color=NEGATIVE, width=4), marker=dict(size=8, color=NEGATIVE),
                     customdata=np.column_stack([np.arange(k + 1), steps.thresholds[:k + 1]]),
                     hovertemplate=step + " %{customdata[0]}: (%{x:.3f}, %{y:.3f})<extra></extra>"))
    data.append(dict(type="scatter", x=[steps.fpr[k]], y=[steps.tpr[k]], mode="markers", name=current,
                     marker=dict(size=20, color=POSITIVE, line=dict(color=INK, width=2)), hoverinfo="skip"))
    data.append(dict(type="scatter", x=[0, 1], y=[0, 1], mode="lines", showlegend=False, hoverinfo="skip",
                     line=dict(color=NEUTRAL, dash="dot", width=1)))
    legend = roc_legend([(steps.fpr, steps.tpr)])
    # (square_axes_dict's pad: the current point, 20 px across, at (0, 0) or (1, 1) clear of the axes' labels)
    return fast_figure(data, layout_dict(text.get("title"), HEIGHT["step"],
                                         **square_axes_dict(x_title, y_title, legend), legend=legend))


def ranked_strip(ranked, k_step: int, *, text, ids=None) -> go.Figure:
    """Samples sorted by decreasing score (``ranked``: :class:`RankedSamples`)
    as a strip: one marker per sample at its rank, coloured by true class;
    samples already taken in by step ``k_step`` are solid, the cut is a line.

    ``text`` keys: ``pos neg`` (class names), ``x y`` (axis titles), ``cut``,
    ``score rank step`` (hover words); optional ``title``."""
    pos, neg, x_title, y_title, cut, w_score, w_rank, w_step = need(
        text, "pos", "neg", "x", "y", "cut", "score", "rank", "step")
    taken = ranked.step <= k_step
    # plain dicts (style.fast_figure): redrawn on every step
    data = []
    for cls, color, name in ((1, POSITIVE, pos), (0, NEGATIVE, neg)):
        m = ranked.y == cls
        label = np.asarray(ids, dtype=object)[ranked.order][m] if ids is not None else ranked.order[m]
        label = np.array([safe(v, 40) for v in label], dtype=object)
        data.append(dict(type="scatter", x=ranked.rank[m], y=ranked.scores[m], mode="markers", name=name,
                         marker=dict(color=color, size=np.where(taken[m], 16, 11).tolist(),
                                     opacity=1.0, symbol=np.where(taken[m], "circle", "circle-open").tolist(),
                                     line=dict(color=color, width=2)),
                         customdata=np.column_stack([label, ranked.step[m]]),
                         hovertemplate=(f"%{{customdata[0]}}: {w_score} %{{y:.4~g}}, {w_rank} %{{x}}, "
                                        f"{w_step} %{{customdata[1]}}<extra></extra>")))
    cut_x = int(taken.sum()) + 0.5               # the cut between the samples taken in and the rest
    lay = layout_dict(text.get("title"), HEIGHT["strip"],
                      shapes=[dict(type="line", x0=cut_x, x1=cut_x, xref="x", y0=0, y1=1, yref="y domain",
                                   line=dict(color=INK, width=3, dash="dash"))],
                      annotations=[dict(x=cut_x, xref="x", y=0, yref="y domain", xanchor="left", yanchor="bottom",
                                        text=cut, showarrow=False)],
                      xaxis=dict(title=dict(text=x_title), tickformat="d"),
                      yaxis=dict(title=dict(text=broken(y_title))),       # a short plot: a long title in lines
                      legend=dict(orientation="h", y=1.12, x=1, xanchor="right"))
    return fast_figure(data, lay)


def pair_grid_figure(grid, *, text, roc=None, pos_ids=None, neg_ids=None) -> go.Figure:
    """The m+ x m- pair grid (``grid``: :class:`PairGrid`) in ROC coordinates:
    column j spans FPR [j/m-, (j+1)/m-], row i spans TPR [i/m+, (i+1)/m+];
    penalised cells (1 dark, 1/2 light) are the area above the ROC curve,
    which ``roc`` (an :class:`RocCurve`) overlays.

    ``text`` keys: ``x y`` (axis titles), ``pos neg penalty`` (hover words);
    optional ``title``."""
    x_title, y_title, w_pos, w_neg, w_pen = need(text, "x", "y", "pos", "neg", "penalty")
    mp, mn = grid.penalty.shape
    xc = (np.arange(mn) + 0.5) / mn
    yc = (np.arange(mp) + 0.5) / mp
    pi = np.asarray(pos_ids, dtype=object) if pos_ids is not None else grid.pos_index
    ni = np.asarray(neg_ids, dtype=object) if neg_ids is not None else grid.neg_index
    pl = [f"{safe(a, 40)} ({s:.4g})" for a, s in zip(pi, grid.pos_scores)]
    nl = [f"{safe(a, 40)} ({s:.4g})" for a, s in zip(ni, grid.neg_scores)]
    cells = np.array([[f"{w_pos} {p}<br>{w_neg} {q}" for q in nl] for p in pl])
    fig = go.Figure(go.Heatmap(
        z=grid.penalty, x=xc, y=yc, text=cells, zmin=0, zmax=1, showscale=False, xgap=1, ygap=1,
        colorscale=[[0, EMPTY], [0.5, HALF], [1, POSITIVE]],
        hovertemplate="%{text}<br>" + w_pen + " = %{z}<extra></extra>"))
    if roc is not None:
        fig.add_scatter(x=roc.fpr, y=roc.tpr, mode="lines", line=dict(color=NEGATIVE, width=4), showlegend=False,
                        hoverinfo="skip")
    fig.update_xaxes(title=x_title, range=[0, 1], constrain="domain")
    fig.update_yaxes(title=y_title, range=[0, 1], scaleanchor="x", scaleratio=1, constrain="domain",
                     constraintoward="bottom")
    return layout(fig, text.get("title"), height=HEIGHT["grid"])
