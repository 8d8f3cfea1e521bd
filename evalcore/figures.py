"""Plotly figure builders.  Each takes evalcore result objects (and the texts
to show, already translated) and returns a ``go.Figure``; pages never
assemble traces themselves.  Importing this module imports plotly;
``import evalcore`` does not.

One palette for every figure: Okabe & Ito's colour-blind-safe colours, on a
white background with large type so they read on a projector.
"""
from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from .measures import Counts
from .summary import ScoreHistogram

# Okabe-Ito: distinguishable under the common colour-vision deficiencies.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
POSITIVE = "#D55E00"  # vermillion
NEGATIVE = "#0072B2"  # blue
NEUTRAL = "#7F7F7F"
FONT = dict(family="Noto Sans CJK SC, Microsoft YaHei, PingFang SC, Arial, sans-serif", size=17)


def model_color(i: int) -> str:
    """Colour of the i-th model, the same on every page."""
    return PALETTE[i % len(PALETTE)]


def _layout(fig: go.Figure, title: str | None = None, height: int = 420) -> go.Figure:
    fig.update_layout(
        template="plotly_white", font=FONT, height=height,
        title=dict(text=title, font=dict(size=20)) if title else None,
        margin=dict(l=70, r=30, t=60 if title else 30, b=60),
        legend=dict(font=dict(size=15)),
        hoverlabel=dict(font_size=15),
    )
    return fig


def confusion_heatmap(counts: Counts, *, names=("TP", "FN", "FP", "TN"),
                      class_names=("positive", "negative"),
                      axis_titles=("true class", "predicted class"),
                      title: str | None = None) -> go.Figure:
    """The binary confusion matrix in the book's layout (table 2.1): rows =
    true class (positive, negative), columns = predicted; cells TP FN / FP TN."""
    z = np.array([[counts.tp, counts.fn], [counts.fp, counts.tn]], dtype=float)
    text = [[f"{names[0]}<br><b>{counts.tp}</b>", f"{names[1]}<br><b>{counts.fn}</b>"],
            [f"{names[2]}<br><b>{counts.fp}</b>", f"{names[3]}<br><b>{counts.tn}</b>"]]
    # Correct cells (diagonal) green-ish, errors vermillion, by share of the row.
    row = z.sum(axis=1, keepdims=True)
    share = np.divide(z, row, out=np.zeros_like(z), where=row > 0)
    signed = np.array([[share[0, 0], -share[0, 1]], [-share[1, 0], share[1, 1]]])
    fig = go.Figure(go.Heatmap(
        z=signed, x=list(class_names), y=list(class_names), text=text, texttemplate="%{text}",
        textfont=dict(size=24), zmin=-1, zmax=1, showscale=False, hoverinfo="skip",
        colorscale=[[0.0, POSITIVE], [0.5, "#FFFFFF"], [1.0, "#009E73"]], xgap=3, ygap=3))
    fig.update_yaxes(autorange="reversed", title=axis_titles[0])
    fig.update_xaxes(side="top", title=axis_titles[1])
    return _layout(fig, title, height=380)


def confusion_matrix_heatmap(cm, labels, *, axis_titles=("true class", "predicted class"),
                             title: str | None = None) -> go.Figure:
    """A K x K confusion matrix (rows = true, columns = predicted) with counts."""
    a = np.asarray(cm)
    labels = [str(v) for v in labels]
    row = a.sum(axis=1, keepdims=True)
    share = np.divide(a, row, out=np.zeros(a.shape), where=row > 0)
    fig = go.Figure(go.Heatmap(
        z=share, x=labels, y=labels, text=a, texttemplate="%{text}", textfont=dict(size=22),
        zmin=0, zmax=1, colorscale=[[0, "#FFFFFF"], [1, NEGATIVE]], showscale=False,
        xgap=2, ygap=2, hovertemplate="%{y} → %{x}: %{text}<extra></extra>"))
    fig.update_yaxes(autorange="reversed", title=axis_titles[0], type="category")
    fig.update_xaxes(side="top", title=axis_titles[1], type="category")
    return _layout(fig, title, height=max(320, 90 * len(labels) + 120))


def score_histogram(hist: ScoreHistogram, threshold: float | None = None, *,
                    class_names=("positive", "negative"), x_title="score", y_title="count",
                    threshold_label="threshold", title: str | None = None) -> go.Figure:
    """Both classes' score histograms on shared bins, with the threshold as a
    vertical line (samples right of it are predicted positive)."""
    centers = (hist.edges[:-1] + hist.edges[1:]) / 2
    width = float(hist.edges[1] - hist.edges[0])
    fig = go.Figure()
    fig.add_bar(x=centers, y=hist.neg_counts, width=width, name=class_names[1],
                marker_color=NEGATIVE, opacity=0.6)
    fig.add_bar(x=centers, y=hist.pos_counts, width=width, name=class_names[0],
                marker_color=POSITIVE, opacity=0.6)
    fig.update_layout(barmode="overlay", bargap=0)
    if threshold is not None and np.isfinite(threshold):
        fig.add_vline(x=threshold, line=dict(color="#000000", width=3, dash="dash"),
                      annotation_text=f"{threshold_label} = {threshold:.4g}",
                      annotation_position="top", annotation_font_size=16)
    fig.update_xaxes(title=x_title)
    fig.update_yaxes(title=y_title)
    fig.update_layout(legend=dict(orientation="h", y=1.12, x=0))
    return _layout(fig, title, height=360)
