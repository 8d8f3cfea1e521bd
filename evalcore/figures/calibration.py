"""The reliability diagram: each model's mean score against its share of
positives, bin by bin (:func:`evalcore.reliability_bins`)."""
from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from .style import NAME_CHARS, NEUTRAL, model_color, need, safe, square_legend_below


def reliability_diagram(bins, *, names, text, colors=None) -> go.Figure:
    """One line of markers per model (``bins``: :class:`evalcore.Reliability`),
    at (mean score, share of positives) of each non-empty bin, marker area
    growing with the bin's count; the diagonal is perfect calibration.

    ``text`` keys: ``x y`` (axis titles), ``diagonal``, ``count`` (the
    hover's word for a bin's samples); optional ``title``.  ``colors``: the
    model index of each entry (default 0, 1, ...), so a model keeps its
    colour when others are left out.
    """
    x_title, y_title, diagonal, count = need(text, "x", "y", "diagonal", "count")
    fig = go.Figure()
    fig.add_scatter(x=[0, 1], y=[0, 1], mode="lines", name=diagonal, hoverinfo="skip",
                    line=dict(color=NEUTRAL, dash="dot", width=2))
    for k, (r, name) in enumerate(zip(bins, names)):
        i = k if colors is None else colors[k]
        full = r.count > 0
        n = r.count[full]
        size = 6 + 16 * np.sqrt(n / max(int(n.max()), 1))
        fig.add_scatter(x=r.mean_score[full], y=r.positive_rate[full], mode="lines+markers",
                        name=safe(name, NAME_CHARS), customdata=n,
                        line=dict(color=model_color(i), width=2), marker=dict(color=model_color(i), size=size),
                        hovertemplate=f"{safe(name)}<br>%{{x:.3f}} → %{{y:.3f}}<br>{count} = %{{customdata:,}}"
                                      "<extra></extra>")
    # the legend under the plot: in the plot's top left corner it lay over the y axis's tick labels, where an
    # underconfident model's points go
    return square_legend_below(fig, x_title, y_title, text.get("title"))
