"""Class mode (issue 38): the class's answers on the projector."""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import plotly.graph_objects as go

from .style import FAINT, GOOD, INK, NEGATIVE, POSITIVE, layout, need, wrapped


def votes_figure(labels: Sequence[str], votes: Sequence[Sequence[int]], *, correct: int | None,
                 text: Mapping) -> go.Figure:
    """The class's answers: one bar per answer (``labels``: each option, or
    each bin of a number), one group of bars per vote (``votes``: the first,
    then the second after discussion, side by side: the shift), the right
    answer's bars marked once revealed (``correct``: its index, or None).

    ``text``: ``title``, ``y``, ``first``, ``second``, ``right`` (the mark above the right answer)."""
    title, y_title, first, second, right = need(text, "title", "y", "first", "second", "right")
    shown = [wrapped(label, 18) for label in labels]
    fig = go.Figure()
    for i, counts in enumerate(votes[:2]):
        colors = [GOOD if j == correct else (NEGATIVE if i == 0 else POSITIVE) for j in range(len(labels))]
        fig.add_bar(x=shown, y=list(counts), name=(first, second)[i], marker_color=colors, text=list(counts),
                    textposition="outside", marker_line=dict(color=FAINT if i == 0 else INK, width=1),
                    opacity=0.65 if i == 0 and len(votes) > 1 else 1.0)
    top = max([max(c, default=0) for c in votes] + [1])
    if correct is not None:
        fig.add_annotation(x=shown[correct], y=top * 1.18, text="✓ " + right, showarrow=False,
                           font=dict(color=GOOD, size=20))
    layout(fig, title)
    fig.update_layout(barmode="group", showlegend=len(votes) > 1, yaxis_title=y_title,
                      yaxis=dict(rangemode="tozero", tick0=0, dtick=max(1, math.ceil(top / 5)), tickformat="d"))
    return fig   # counts of students: whole-number ticks, at most about six of them
