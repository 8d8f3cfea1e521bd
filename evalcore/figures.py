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


# ----------------------------------------------------------- ROC and P-R
def _clickable(color: str) -> dict:
    """Small markers on a curve so its points can be clicked (plotly selects
    markers, not lines), looking the same whether selected or not."""
    same = dict(marker=dict(opacity=1.0))
    return dict(marker=dict(size=5, color=color), selected=same, unselected=same)


def _marker(fig, x: float, y: float, i: int, hover: str, *, symbol: str = "circle", size: int = 15,
            edge: int = 1) -> None:
    """A single marked point in model ``i``'s colour (operating point, BEP, best F)."""
    fig.add_scatter(x=[x], y=[y], mode="markers", showlegend=False, hovertemplate=hover + "<extra></extra>",
                    marker=dict(color=model_color(i), size=size, symbol=symbol,
                                line=dict(color="#000000", width=edge)))


def _curve_trace(fig, v, i: int, legend: str, name: str, point_label: str, xy_hover: str) -> None:
    """Model ``i``'s reduced curve ``v`` as a clickable trace with exact-count hover."""
    fig.add_scatter(x=v.x, y=v.y, mode="lines+markers", name=legend,
                    line=dict(color=model_color(i), width=3), **_clickable(model_color(i)),
                    customdata=_hover_data(v),
                    hovertemplate=(f"<b>{name}</b><br>{point_label} ≥ %{{customdata[0]:.6g}}<br>"
                                   f"{xy_hover}<br>TP = %{{customdata[1]}}, FP = %{{customdata[2]}}"
                                   "<extra></extra>"))


def _hover_data(v) -> np.ndarray:
    """Per-point (threshold, TP, FP) for hover, as float32: 12 bytes a point
    keeps a 2,000-point trace near 64 kB of JSON.  Hover shows thresholds to
    6 significant digits, which float32 holds; a click is resolved on the
    server from the point's index to the exact float64 threshold."""
    return np.column_stack([v.thresholds, v.tp, v.fp]).astype(np.float32)

def _square(fig: go.Figure, x_title: str, y_title: str) -> None:
    fig.update_xaxes(title=x_title, range=[-0.02, 1.02], constrain="domain", zeroline=False)
    fig.update_yaxes(title=y_title, range=[-0.02, 1.02], scaleanchor="x", scaleratio=1, zeroline=False)


def roc_curves(views, points=None, *, names, hulls=None, x_title="FPR", y_title="TPR",
               diagonal_label="random guess", point_label="threshold", title=None,
               width: int | None = 600) -> go.Figure:
    """One ROC curve per model (``views``: :class:`CurveView`), each model's
    current :class:`OperatingPoint` marked, the diagonal, AUC in the legend,
    and optionally each convex hull (``hulls``: (fpr, tpr) pairs).

    Trace order: one curve trace per model first (so a click's
    ``curve_number`` is the model's index), then the rest.
    """
    fig = go.Figure()
    for i, (v, name) in enumerate(zip(views, names)):
        _curve_trace(fig, v, i, f"{name} (AUC = {v.area:.3f})", name, point_label,
                     "FPR = %{x:.4f}, TPR = %{y:.4f}")
    fig.add_scatter(x=[0, 1], y=[0, 1], mode="lines", name=diagonal_label, hoverinfo="skip",
                    line=dict(color=NEUTRAL, dash="dot", width=2))
    for i, hull in enumerate(hulls or []):
        if hull is not None:
            fig.add_scatter(x=hull[0], y=hull[1], mode="lines", showlegend=False, hoverinfo="skip",
                            line=dict(color=model_color(i), width=2, dash="dash"))
    for i, p in enumerate(points or []):
        if p is not None:
            _marker(fig, p.fpr, p.tpr, i, f"{point_label} = {p.threshold:.6g}<br>TP = {p.tp}, FP = {p.fp}"
                    "<br>FPR = %{x:.4f}, TPR = %{y:.4f}", size=16, edge=2)
    _square(fig, x_title, y_title)
    fig.update_layout(legend=dict(x=0.98, y=0.02, xanchor="right", yanchor="bottom",
                                  bgcolor="rgba(255,255,255,0.8)"), clickmode="event+select")
    _layout(fig, title, height=560)
    if width:
        fig.update_layout(width=width)
    return fig


def pr_curves(views, points=None, *, names, beps=None, best=None, iso=None, x_title="R", y_title="P",
              point_label="threshold", bep_label="BEP", best_label="max F", title=None,
              best_f1=None, width: int | None = 600) -> go.Figure:
    """One P-R curve per model, its current operating point, the P = R line
    with each model's BEP, the max-F-beta points (``best``: :class:`BestF`,
    stars), the max-F1 points when beta != 1 (``best_f1``, triangles), and
    faint iso-F curves (``iso``: list of (label, recall, precision))."""
    fig = go.Figure()
    for i, (v, name) in enumerate(zip(views, names)):
        _curve_trace(fig, v, i, f"{name} (AP = {v.area:.3f})", name, point_label,
                     "P = %{y:.4f}, R = %{x:.4f}")
    fig.add_scatter(x=[0, 1], y=[0, 1], mode="lines", name="P = R", hoverinfo="skip",
                    line=dict(color=NEUTRAL, dash="dot", width=2))
    for label, r, p in iso or []:
        fig.add_scatter(x=r, y=p, mode="lines", showlegend=False, hoverinfo="skip",
                        line=dict(color="#BBBBBB", width=1))
        fig.add_annotation(x=float(r[-1]), y=float(p[-1]), text=label, showarrow=False,
                           xanchor="left", font=dict(size=12, color="#888888"))
    for i, b in enumerate(beps or []):
        if b is not None:
            _marker(fig, b, b, i, f"{names[i]}: {bep_label} = {b:.4f}", symbol="diamond", size=14)
    for group, symbol, label in ((best, "star", best_label), (best_f1, "triangle-up", "max F1")):
        for i, bf in enumerate(group or []):
            if bf is not None:
                _marker(fig, bf.recall, bf.precision, i,
                        f"{names[i]}: {label} = {bf.f:.4f}<br>{point_label} = {bf.threshold:.6g}",
                        symbol=symbol, size=15 if symbol == "star" else 14)
    for i, p in enumerate(points or []):
        if p is not None and np.isfinite(p.precision):
            _marker(fig, p.recall, p.precision, i, f"{point_label} = {p.threshold:.6g}<br>TP = {p.tp}, "
                    f"FP = {p.fp}<br>P = %{{y:.4f}}, R = %{{x:.4f}}", size=16, edge=2)
    _square(fig, x_title, y_title)
    fig.update_layout(legend=dict(orientation="h", x=0, y=1.02, xanchor="left", yanchor="bottom"),
                      clickmode="event+select")
    _layout(fig, title, height=560)
    if width:
        fig.update_layout(width=width)
    return fig


def roc_step_figure(steps, k: int, *, full=None, x_title="FPR", y_title="TPR", title=None,
                    labels=("walked", "still to come", "current point")) -> go.Figure:
    """The textbook's ROC walk after ``k`` steps (``steps``: :class:`RocSteps`):
    the path so far in bold with its area shaded, the rest faint, the current
    point large.  ``full`` optionally draws the complete curve (a
    :class:`CurveView`) under a coarse walk."""
    k = int(max(0, min(k, steps.n_steps)))
    fig = go.Figure()
    if full is not None:
        fig.add_scatter(x=full.x, y=full.y, mode="lines", showlegend=False, hoverinfo="skip",
                        line=dict(color="#CCCCCC", width=2))
    fig.add_scatter(x=steps.fpr[k:], y=steps.tpr[k:], mode="lines+markers", name=labels[1],
                    line=dict(color="#BBBBBB", width=2, dash="dot"), marker=dict(size=6, color="#BBBBBB"),
                    hoverinfo="skip")
    fig.add_scatter(x=steps.fpr[:k + 1], y=steps.tpr[:k + 1], mode="lines+markers", name=labels[0],
                    fill="tozeroy", fillcolor="rgba(0,114,178,0.18)",
                    line=dict(color=NEGATIVE, width=4), marker=dict(size=8, color=NEGATIVE),
                    customdata=np.column_stack([np.arange(k + 1), steps.thresholds[:k + 1]]),
                    hovertemplate="step %{customdata[0]}: (%{x:.3f}, %{y:.3f})<extra></extra>")
    fig.add_scatter(x=[steps.fpr[k]], y=[steps.tpr[k]], mode="markers", name=labels[2],
                    marker=dict(size=20, color=POSITIVE, line=dict(color="#000000", width=2)),
                    hoverinfo="skip")
    fig.add_scatter(x=[0, 1], y=[0, 1], mode="lines", showlegend=False, hoverinfo="skip",
                    line=dict(color=NEUTRAL, dash="dot", width=1))
    _square(fig, x_title, y_title)
    fig.update_layout(legend=dict(x=0.98, y=0.02, xanchor="right", yanchor="bottom"))
    return _layout(fig, title, height=520)


def ranked_strip(ranked, k_step: int, *, ids=None, class_names=("positive", "negative"),
                 x_title="rank", y_title="score", cut_label="cut", title=None) -> go.Figure:
    """Samples sorted by decreasing score (``ranked``: :class:`RankedSamples`)
    as a strip: one marker per sample at its rank, coloured by true class;
    samples already taken in by step ``k_step`` are solid, the cut is a line."""
    taken = ranked.step <= k_step
    fig = go.Figure()
    for cls, color, name in ((1, POSITIVE, class_names[0]), (0, NEGATIVE, class_names[1])):
        m = ranked.y == cls
        label = np.asarray(ids, dtype=object)[ranked.order][m] if ids is not None else ranked.order[m]
        fig.add_scatter(x=ranked.rank[m], y=ranked.scores[m], mode="markers", name=name,
                        marker=dict(color=color, size=np.where(taken[m], 16, 11),
                                    opacity=1.0, symbol=np.where(taken[m], "circle", "circle-open"),
                                    line=dict(color=color, width=2)),
                        customdata=np.column_stack([label, ranked.step[m]]),
                        hovertemplate="%{customdata[0]}: score %{y:.4g}, rank %{x}, step %{customdata[1]}"
                                      "<extra></extra>")
    n_taken = int(taken.sum())
    fig.add_vline(x=n_taken + 0.5, line=dict(color="#000000", width=3, dash="dash"),
                  annotation_text=cut_label, annotation_position="bottom right")
    fig.update_xaxes(title=x_title)
    fig.update_yaxes(title=y_title)
    fig.update_layout(legend=dict(orientation="h", y=1.12, x=1, xanchor="right"))
    return _layout(fig, title, height=300)


def pair_grid_figure(grid, *, roc=None, pos_ids=None, neg_ids=None, x_title="negatives (by score ↓)",
                     y_title="positives (by score ↓)", title=None,
                     hover=("positive", "negative", "penalty")) -> go.Figure:
    """The m+ x m- pair grid (``grid``: :class:`PairGrid`) in ROC coordinates:
    column j spans FPR [j/m-, (j+1)/m-], row i spans TPR [i/m+, (i+1)/m+];
    penalised cells (1 dark, 1/2 light) are the area above the ROC curve,
    which ``roc`` (an :class:`RocCurve` or :class:`CurveView`) overlays."""
    mp, mn = grid.penalty.shape
    xc = (np.arange(mn) + 0.5) / mn
    yc = (np.arange(mp) + 0.5) / mp
    pi = np.asarray(pos_ids, dtype=object) if pos_ids is not None else grid.pos_index
    ni = np.asarray(neg_ids, dtype=object) if neg_ids is not None else grid.neg_index
    pl = [f"{a} ({s:.4g})" for a, s in zip(pi, grid.pos_scores)]
    nl = [f"{a} ({s:.4g})" for a, s in zip(ni, grid.neg_scores)]
    text = np.array([[f"{hover[0]} {p}<br>{hover[1]} {q}" for q in nl] for p in pl])
    fig = go.Figure(go.Heatmap(
        z=grid.penalty, x=xc, y=yc, text=text, zmin=0, zmax=1, showscale=False, xgap=1, ygap=1,
        colorscale=[[0, "#F4F4F4"], [0.5, "#F2B48A"], [1, POSITIVE]],
        hovertemplate="%{text}<br>" + hover[2] + " = %{z}<extra></extra>"))
    if roc is not None:
        x = getattr(roc, "fpr", getattr(roc, "x", None))
        y = getattr(roc, "tpr", getattr(roc, "y", None))
        fig.add_scatter(x=x, y=y, mode="lines", line=dict(color=NEGATIVE, width=4), showlegend=False,
                        hoverinfo="skip")
    fig.update_xaxes(title=x_title, range=[0, 1], constrain="domain")
    fig.update_yaxes(title=y_title, range=[0, 1], scaleanchor="x", scaleratio=1)
    return _layout(fig, title, height=520)


# ------------------------------------------------------------------- cost
_LEFT = dict(xaxis="x", yaxis="y")      # the ROC panel of cost_linked_figure
_RIGHT = dict(xaxis="x2", yaxis="y2")   # its cost panel
def _clip_line(x0, y0, slope):
    """The segment of the line through (x0, y0) with ``slope`` inside [0, 1]^2."""
    if not np.isfinite(slope):
        return [x0, x0], [0.0, 1.0]
    xs = np.array([0.0, 1.0])
    ys = y0 + slope * (xs - x0)
    if slope > 0:
        lo, hi = max(0.0, x0 - y0 / slope), min(1.0, x0 + (1 - y0) / slope)
        xs = np.array([lo, hi])
        ys = y0 + slope * (xs - x0)
    return xs.tolist(), np.clip(ys, 0, 1).tolist()


def cost_linked_figure(roc_views, hulls, curves, samples, current, optimal, *, names,
                       pc: float, texts: dict, comparison=None) -> go.Figure:
    """ROC space (left) and cost space (right) in one figure.

    ``roc_views``: CurveView per model; ``hulls``: (fpr, tpr) per model;
    ``curves``: CostCurve per model; ``samples``: the cost-line indices to draw
    for the first model (``cost_line_sample``); ``current``/``optimal``:
    CostPoint per model; ``pc``: the operating condition P(+)cost.
    Left: curves, hulls, the iso-cost line through each optimum, current (●)
    and optimal (★) points.  Right: the first model's cost lines (faint), every
    model's lower envelope (bold, the first shaded), the vertical line x = pc
    and the points (pc, cost_norm).  With ``comparison`` (CostComparison of
    the first two), the x ranges where each is better are shaded.

    Two empty traces named "hl-roc" and "hl-cost" are for :func:`linked_html`
    to highlight the hovered ROC point and its cost line.
    """
    from plotly.subplots import make_subplots

    fig = make_subplots(rows=1, cols=2, horizontal_spacing=0.1,
                        subplot_titles=(texts.get("roc_title", "ROC"), texts.get("cost_title", "cost curve")))
    # -- cost space: sampled lines of the first model, as one trace with gaps
    c0 = curves[0]
    xs = np.linspace(0, 1, 11)
    lx, ly, ld = [], [], []
    for i in samples:
        lx += xs.tolist() + [None]
        ly += (c0.fpr[i] * (1 - xs) + c0.fnr[i] * xs).tolist() + [None]
        ld += [int(i)] * 11 + [-1]
    fig.add_scatter(x=lx, y=ly, mode="lines", line=dict(color="rgba(0,114,178,0.18)", width=1),
                    name=texts.get("lines", "one line per ROC point"), customdata=ld, **_RIGHT,
                    hovertemplate=texts.get("line_hover", "ROC point %{customdata}") + "<extra></extra>")
    line_trace = len(fig.data) - 1
    # -- ROC space: the first model's sampled ROC points, hoverable
    fig.add_scatter(x=c0.fpr[samples], y=1 - c0.fnr[samples], mode="markers", **_LEFT,
                    marker=dict(size=6, color="rgba(0,114,178,0.35)"), customdata=np.asarray(samples),
                    name=texts.get("points", "ROC points"), showlegend=False,
                    hovertemplate="FPR %{x:.3f}, TPR %{y:.3f}<extra></extra>")
    point_trace = len(fig.data) - 1
    for k, (v, hull, cc, cur, opt, name) in enumerate(zip(roc_views, hulls, curves, current, optimal, names)):
        color = model_color(k)
        fig.add_scatter(x=v.x, y=v.y, mode="lines", line=dict(color=color, width=3), name=name,
                        legendgroup=name, **_LEFT, hoverinfo="skip")
        fig.add_scatter(x=hull[0], y=hull[1], mode="lines", line=dict(color=color, width=2, dash="dash"),
                        showlegend=False, legendgroup=name, **_LEFT, hoverinfo="skip")
        ix, iy = _clip_line(opt.fpr, opt.tpr, opt.slope)
        fig.add_scatter(x=ix, y=iy, mode="lines", line=dict(color=color, width=2, dash="dot"),
                        name=texts.get("iso", "iso-cost line"), showlegend=k == 0, **_LEFT,
                        hoverinfo="skip")
        fig.add_scatter(x=cc.x, y=cc.envelope, mode="lines", line=dict(color=color, width=4),
                        fill="tozeroy" if k == 0 else None, fillcolor="rgba(0,114,178,0.12)",
                        name=f"{name}: {texts.get('area', 'expected total cost')} = {cc.expected_total_cost:.4f}",
                        legendgroup=name, **_RIGHT,
                        hovertemplate="P(+)cost %{x:.3f}: cost_norm %{y:.4f}<extra></extra>")
        fig.add_scatter(x=[cur.fpr], y=[cur.tpr], mode="markers", showlegend=False, **_LEFT,
                        marker=dict(size=15, color=color, line=dict(color="#000", width=2)),
                        hovertemplate=f"{texts.get('current', 'current')}: {cur.threshold:.6g}<extra></extra>")
        fig.add_scatter(x=[opt.fpr], y=[opt.tpr], mode="markers", showlegend=False, **_LEFT,
                        marker=dict(size=18, color=color, symbol="star", line=dict(color="#000", width=1)),
                        hovertemplate=f"{texts.get('optimal', 'optimal')}: {opt.threshold:.6g}<extra></extra>")
        fig.add_scatter(x=[pc, pc], y=[cur.norm_cost, opt.norm_cost], mode="markers", showlegend=False,
                        **_RIGHT, marker=dict(size=[15, 18], symbol=["circle", "star"], color=color,
                                                  line=dict(color="#000", width=1)),
                        hovertemplate="cost_norm %{y:.4f}<extra></extra>")
    if comparison is not None:
        for x0, x1, w in comparison.segments:
            if w in (0, 1):
                # shapes on explicit axes: add_vrect(row=, col=) is slow
                fig.add_shape(type="rect", xref="x2", yref="y2 domain", x0=x0, x1=x1, y0=0, y1=1,
                              fillcolor=model_color(w), opacity=0.08, line_width=0, layer="below")
    fig.add_shape(type="line", xref="x2", yref="y2 domain", x0=pc, x1=pc, y0=0, y1=1,
                  line=dict(color="#000", width=2, dash="dash"))
    fig.add_annotation(xref="x2", yref="y2 domain", x=pc, y=1, text=f" P(+)cost = {pc:.3f}",
                       showarrow=False, xanchor="left", yanchor="top", bgcolor="rgba(255,255,255,0.8)")
    fig.add_scatter(x=[], y=[], mode="markers", name="hl-roc", showlegend=False, **_LEFT,
                    marker=dict(size=18, color=POSITIVE, line=dict(color="#000", width=2)), hoverinfo="skip")
    fig.add_scatter(x=[], y=[], mode="lines", name="hl-cost", showlegend=False, **_RIGHT,
                    line=dict(color=POSITIVE, width=4), hoverinfo="skip")
    fig.update_layout(xaxis=dict(range=[-0.02, 1.02], title=texts.get("fpr", "FPR")),
                      yaxis=dict(range=[-0.02, 1.02], title=texts.get("tpr", "TPR")),
                      xaxis2=dict(range=[0, 1], title="P(+)cost"),
                      yaxis2=dict(range=[0, 1], title=texts.get("norm", "cost_norm")))
    fig.update_layout(legend=dict(orientation="h", y=-0.18, x=0), hovermode="closest",
                      meta=dict(line_trace=line_trace, point_trace=point_trace,
                                fpr=c0.fpr[samples].tolist(), fnr=c0.fnr[samples].tolist(),
                                samples=[int(i) for i in samples]))
    return _layout(fig, None, height=600)


def linked_html(fig: go.Figure, script_src: str = "/app/static/plotly.min.js", height: int = 620) -> str:
    """A self-contained page that draws ``fig`` (from :func:`cost_linked_figure`)
    and links hover between its two panels: hovering a ROC point highlights
    its cost line, hovering a cost line highlights its ROC point.  plotly.js is
    loaded from ``script_src`` (served by the app, so no internet is needed)."""
    payload = fig.to_json().replace("<", "\\u003c")
    return f"""<!doctype html><html><head><meta charset="utf-8">
<script src="{script_src}"></script>
<style>body{{margin:0;font-family:sans-serif}}</style></head><body>
<div id="fig" style="width:100%;height:{height - 10}px"></div>
<script id="spec" type="application/json">{payload}</script>
<script>
const spec = JSON.parse(document.getElementById('spec').textContent);
const gd = document.getElementById('fig');
const meta = spec.layout.meta;
Plotly.newPlot(gd, spec.data, spec.layout, {{displayModeBar: false, responsive: true}}).then(() => {{
  const names = gd.data.map(t => t.name);
  const hlRoc = names.indexOf('hl-roc'), hlCost = names.indexOf('hl-cost');
  function show(j) {{
    const f = meta.fpr[j], n = meta.fnr[j];
    Plotly.restyle(gd, {{x: [[f]], y: [[1 - n]]}}, [hlRoc]);
    Plotly.restyle(gd, {{x: [[0, 1]], y: [[f, n]]}}, [hlCost]);
    gd.dataset.highlight = String(meta.samples[j]);
  }}
  gd.on('plotly_hover', ev => {{
    const p = ev.points[0];
    if (p.curveNumber !== meta.line_trace && p.curveNumber !== meta.point_trace) return;
    const id = p.customdata;
    const j = meta.samples.indexOf(id);
    if (j >= 0) show(j);
  }});
  gd.on('plotly_unhover', () => {{
    Plotly.restyle(gd, {{x: [[]], y: [[]]}}, [hlRoc, hlCost]);
    gd.dataset.highlight = '';
  }});
  gd.dataset.ready = '1';
}});
</script></body></html>"""
