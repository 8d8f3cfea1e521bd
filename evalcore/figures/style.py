"""One style for every figure: the palette, named colours, type sizes and
heights, and the shared layout.

Okabe & Ito's colour-blind-safe palette on a white background with large
type, so figures read on a projector.  Builders take colours only from here.
"""
from __future__ import annotations

import base64
import copy
import textwrap
from collections.abc import Mapping

import numpy as np
import plotly.graph_objects as go
import plotly.io as pio
from _plotly_utils.utils import is_homogeneous_array, is_skipped_key, plotlyjsShortTypes, to_typed_array_spec

# Okabe-Ito: distinguishable under the common colour-vision deficiencies.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
POSITIVE = "#D55E00"   # vermillion: the positive class, errors
NEGATIVE = "#0072B2"   # blue: the negative class
GOOD = "#009E73"       # bluish green: correct cells
NEUTRAL = "#7F7F7F"    # reference lines (the diagonal, P = R)
INK = "#000000"        # outlines, the threshold line
PAPER = "#FFFFFF"
FAINT = "#BBBBBB"      # what is still to come, iso-F lines
FAINTER = "#CCCCCC"    # the full curve under a coarse walk
MUTED = "#888888"      # small annotations
EMPTY = "#F4F4F4"      # pair-grid cells without a penalty
HALF = "#F2B48A"       # pair-grid cells with a half penalty (ties)
# The counts on a heatmap's tiles are written in INK: black has WCAG AA contrast (4.5 : 1) on every tone of
# white -> GOOD and white -> POSITIVE (at least 6.1 and 5.4 : 1 on the full colours), where plotly's own
# choice (white on a tile it finds dark) gave 2.8 : 1 on a mid green ("TP 46").  On the full blue it would be
# 4.0 : 1, so a K x K matrix's scale ends at this blue, 90 % of NEGATIVE over white (4.8 : 1).
CELL_TEXT = INK
NEGATIVE_CELL = "#1A80BA"

FONT = dict(family="Noto Sans CJK SC, Microsoft YaHei, PingFang SC, Arial, sans-serif", size=17)
TITLE_SIZE = 20
LEGEND_SIZE = 15
HOVER_SIZE = 15
NOTE_SIZE = 12          # iso-F labels
CELL_SIZE = 24          # counts in the 2 x 2 matrix
CELL_SIZE_K = 22        # counts in a K x K matrix

# The shared layout's bottom margin: what the x axis's ticks and title (17 px, 15 px from the ticks) take.
# plotly pushes a margin that is too small (the template's automargin) and then draws the figure again: at 60 px,
# every such figure was drawn twice (a matrix's warm draw 18 -> 8 ms; plotly's time in a fresh browser's first
# screen about 30 ms less).
MARGIN_B = 64
TOP_AXIS = 65           # the top margin an x axis on top takes (a matrix's): its ticks and title, as MARGIN_B
MARGIN_T = 30           # the shared top margin
TITLE_ROOM = 30         # what a figure's title adds to a top margin
HEIGHT = dict(matrix=380, histogram=360, square=560, step=520, strip=300, grid=520, linked=600, default=420)
SQUARE_WIDTH = 600
NAME_CHARS = 40         # legend names are shortened to this; hover shows the whole name
# What every figure's toolbar is given, in the app (ui.core.charts.CHART_CONFIG) and in the report: no plotly
# logo, and no "Share chart..." button, which plotly.js 4 shows by default (``showSendToCloud``) and which
# uploads the figure, its data included, to Plotly Cloud
TOOLBAR = {"displaylogo": False, "showSendToCloud": False}


def threshold_text(x: float, digits: int = 6) -> str:
    """A threshold as text, one form on every page and figure: +∞ / −∞ for
    the infinite ones (the curve's first point, "predict nothing positive"),
    else ``digits`` significant digits (never "inf")."""
    v = float(x)
    if v != v:
        return "—"
    if v in (float("inf"), float("-inf")):
        return "+∞" if v > 0 else "−∞"
    return f"{v:.{digits}g}"


def safe(name, limit: int | None = None) -> str:
    """A name from a file made inert for plotly: HTML-escaped, bidi and
    zero-width characters removed, ``%{`` (a hover-template field) broken,
    and shortened to ``limit`` characters with an ellipsis."""
    import html

    from .._csv import visible

    s = visible(str(name))
    if limit is not None and len(s) > limit:
        s = s[:limit - 1] + "…"
    return html.escape(s, quote=False).replace("%{", "%\u2060{")


def _lines(text: str, width: int, lines: int) -> list[str]:
    """``text`` broken at spaces into at most ``lines`` lines of about ``width`` characters (the last: the rest)."""
    parts = textwrap.wrap(text, width=width, break_long_words=False, break_on_hyphens=False) or [""]
    return parts[:lines - 1] + [" ".join(parts[lines - 1:])] if len(parts) > lines else parts


def wrapped(name, width: int = 26, lines: int = 3) -> str:
    """:func:`safe` text broken at spaces into lines of about ``width``
    characters (plotly's ``<br>``, at most ``lines`` of them, the last
    shortened with an ellipsis): a long axis label shown whole instead of cut."""
    parts = _lines(str(name), width, lines)
    return "<br>".join(safe(part, width + 8 if i == len(parts) - 1 else None) for i, part in enumerate(parts))


def gloss_below(text: str) -> str:
    """An axis title "what (gloss)" as "what" over "(gloss)" (plotly's ``<br>``): a title that
    must fit a phone's narrow plot, Chinese included (it has no spaces to break at)."""
    head, paren, gloss = str(text).partition("(")
    return f"{head.rstrip()}<br>({gloss}" if paren and head.strip() else str(text)


def broken(text: str, width: int = 24, lines: int = 3) -> str:
    """Figure text already made safe (:func:`safe`, the page's ``t_fig``) broken at spaces into at most
    ``lines`` lines of about ``width`` characters: a vertical axis title longer than a short plot is
    high stays whole (plotly cuts it at both ends).  Text without spaces (Chinese) stays one line."""
    return "<br>".join(_lines(text, width, lines))


def model_color(i: int) -> str:
    """Colour of the i-th model, the same on every page."""
    return PALETTE[i % len(PALETTE)]


def model_dash(i: int) -> str:
    """Line style of the i-th model's curve: solid for the first ``len(PALETTE)``, whose colours are all
    different, then dashed, then dotted (ten classes' curves: classes 0 and 7 had the same blue line)."""
    return ("solid", "dash", "dot")[min(i // len(PALETTE), 2)]


def translucent(color: str, alpha: float) -> str:
    """``color`` (a ``#RRGGBB`` palette entry) with opacity ``alpha``."""
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r},{g},{b},{alpha})"


def need(text: Mapping, *keys: str) -> list[str]:
    """The visible strings ``keys`` from the caller's ``text`` mapping.

    Builders have no texts of their own (no English defaults): every visible
    word comes from the caller, already translated.  A missing key is a
    programming error and says which keys the builder needs."""
    missing = [k for k in keys if k not in text]
    if missing:
        raise KeyError(f"figure text needs the keys {list(keys)}; missing {missing}")
    return [text[k] for k in keys]


def _template() -> go.layout.Template:
    """plotly_white's layout only (white paper, light grid), built once:
    assigning the full named template validates every trace type's defaults
    and costs ~10 ms per figure, most of a threshold move's time."""
    import plotly.io as pio

    lay = pio.templates["plotly_white"].layout.to_plotly_json()
    keep = ("font", "hovermode", "hoverlabel", "paper_bgcolor", "plot_bgcolor", "xaxis", "yaxis", "title")
    return go.layout.Template(layout={k: v for k, v in lay.items() if k in keep})


TEMPLATE = _template()
TEMPLATE_JSON = TEMPLATE.to_plotly_json()


def top_margin(title: str | None = None, axis_on_top: bool = False) -> int:
    """A figure's top margin: the shared one, or what an x axis on top takes (TOP_AXIS), and room for a title."""
    return (TOP_AXIS if axis_on_top else MARGIN_T) + (TITLE_ROOM if title else 0)


def layout_dict(title: str | None = None, height: int = HEIGHT["default"], **more) -> dict:
    """The shared layout as a plain dict, for builders on the hot path of a
    threshold move that skip plotly's validation (:func:`fast_figure`)."""
    out = dict(template=TEMPLATE_JSON, font=FONT, height=height,
               margin=dict(l=70, r=30, t=top_margin(title), b=MARGIN_B),
               legend=dict(font=dict(size=LEGEND_SIZE)),
               hoverlabel=dict(font=dict(size=HOVER_SIZE)))
    if title:
        out["title"] = dict(text=title, font=dict(size=TITLE_SIZE))
    for k, v in more.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = {**out[k], **v}
        else:
            out[k] = v
    return out


class PlainFigure:
    """A figure kept as the plain dicts :func:`fast_figure` was given, made a
    plotly ``Figure`` only when something asks for one: any attribute of a
    ``Figure`` (``fig.data``, ``fig.update_layout``, ``fig.to_json``) builds
    it once and is read from it.  Drawn without being asked anything else
    (:func:`figure_json`, :func:`trace_types`), it is never built: even
    unvalidated, plotly makes an object per trace (1.4 ms of the cost page's
    1.8 ms figure, on every move)."""

    def __init__(self, data: list, layout: dict):
        self._plain = dict(data=data, layout=layout)
        self._figure: go.Figure | None = None

    @property
    def figure(self) -> go.Figure:
        """The plotly figure (built on first use; changes go to it)."""
        if self._figure is None:
            self._figure = go.Figure(self._plain, _validate=False)
        return self._figure

    def __getattr__(self, name):
        # its own fields before they are set (a copy being made), and marks not set (ui.kept's): no figure built
        if name in ("_plain", "_figure") or name.startswith(("__", "_lab")):
            raise AttributeError(name)
        return getattr(self.figure, name)

    def __setattr__(self, name, value):
        if name.startswith("_"):            # its own fields, and marks such as ui.kept's
            object.__setattr__(self, name, value)
        else:
            setattr(self.figure, name, value)

    def __repr__(self) -> str:
        return f"PlainFigure({len(self._plain['data'])} traces)"


def fast_figure(data: list, layout: dict) -> PlainFigure:
    """A figure from plain dicts without plotly's property validation (8 ms
    -> 0.3 ms, or nothing until asked: :class:`PlainFigure`): for the
    builders redrawn on every threshold move or step.  Their dicts are
    written as plotly's validation would leave them (no magic underscores,
    no None values): a test validates each such figure and finds it
    unchanged (``tests/core/test_figures.py``)."""
    return PlainFigure(data, layout)


def plotly_figure(fig) -> go.Figure:
    """``fig`` as a plotly ``Figure`` (a :class:`PlainFigure` built), for what
    takes nothing else (Streamlit's own chart)."""
    return fig.figure if isinstance(fig, PlainFigure) else fig


def trace_types(fig) -> list[str]:
    """The type of each trace of ``fig`` (without building a :class:`PlainFigure`)."""
    if isinstance(fig, PlainFigure) and fig._figure is None:
        return [t.get("type", "scatter") for t in fig._plain["data"]]
    return [t.type for t in fig.data]


def figure_json(fig: go.Figure) -> str:
    """``fig.to_json()``, the same text, in a fraction of the time: for the
    figures sent on every threshold move.  plotly deep-copies the whole
    figure, then asks of every value whether it is an array (through
    narwhals, for data frames) and copies each array again before encoding
    it (``to_dict``: 1.5 ms of 1.9 ms for the cost page's linked figure).
    Here one walk copies the containers and encodes each numpy array as
    plotly does (:func:`_array`); any other array-like value goes through
    plotly's own functions, and plotly's encoder writes the result.  A
    figure with animation frames goes through ``to_json``.  A
    :class:`PlainFigure` never built is written from its own dicts (the same
    JSON; plotly would put a trace's keys in its own order).
    ``tests/core/test_figures.py`` compares the two."""
    if isinstance(fig, PlainFigure):
        if fig._figure is None:                # never built: its own dicts
            return _written(fig._plain["data"], fig._plain["layout"])
        fig = fig.figure
    if fig._frame_objs:                       # noqa: SLF001  (plotly's own fields: the figure's dicts)
        return fig.to_json()
    return _written(fig._data, fig._layout)   # noqa: SLF001


def _written(data: list, layout: dict) -> str:
    """A figure's traces and layout written by plotly's encoder, arrays as typed-array specs."""
    return pio.to_json({"data": [_typed(t) for t in data], "layout": _typed(layout)}, validate=False)


_PLAIN = (str, int, float, bool, type(None))


def _typed(value):
    """A copy of ``value`` (dicts and lists) with every array under a dict key
    a typed-array spec, as plotly's ``convert_to_base64`` leaves its copy."""
    if isinstance(value, dict):
        return {k: _typed_item(k, v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_typed(v) for v in value]
    return value


def _typed_item(key: str, value):
    """The value under ``key`` of a dict, as :func:`_typed` copies it."""
    if isinstance(value, _PLAIN) or is_skipped_key(key):
        return value
    if isinstance(value, np.ndarray):
        return _array(value)
    if isinstance(value, (dict, list, tuple)):
        return _typed(value)
    return to_typed_array_spec(value) if is_homogeneous_array(value) else value


_NARROW = {"int64": ("int8", "int16", "int32"), "uint64": ("uint8", "uint16", "uint32")}


def _array(v: np.ndarray):
    """plotly's ``to_typed_array_spec`` for a numpy array: a numeric one as
    ``{"dtype", "bdata"[, "shape"]}``, 64-bit integers narrowed to the
    smallest type that holds them (left as they are when none does)."""
    if v.dtype.kind not in "uif" or v.size == 0:
        return to_typed_array_spec(v)
    name = str(v.dtype)
    if name in _NARROW:
        lo, hi = v.min(), v.max()
        fit = [t for t in _NARROW[name] if np.iinfo(t).min <= lo and hi <= np.iinfo(t).max]
        if not fit:
            return v
        v, name = v.astype(fit[0]), fit[0]
    if name not in plotlyjsShortTypes:
        return v
    spec = {"dtype": plotlyjsShortTypes[name], "bdata": base64.b64encode(np.ascontiguousarray(v)).decode("ascii")}
    if v.ndim > 1:
        spec["shape"] = str(v.shape)[1:-1]
    return spec


def layout(fig: go.Figure, title: str | None = None, height: int = HEIGHT["default"]) -> go.Figure:
    """The shared layout set on ``fig`` (title, height, type sizes, margins),
    merged into what the builder already set, as plotly's ``update_layout``
    with the same dicts would (``tests/core/test_figures.py`` compares the
    two).  Its values are this module's own, valid by construction, so they
    are written unchecked, a property's merged dict at a time (plotly's own
    code writes a layout that way, ``_validate``): checked property by
    property this took 3 ms a figure, rebuilding the template's objects on
    each, and one ``update_layout`` call 3 ms more."""
    lay = fig.layout

    def merged(name: str, inner: dict | None = None, **values) -> dict:
        out = _merged(lay, name, **values)
        if inner:
            out["font"] = {**(out.get("font") or {}), **inner}
        return out

    values = dict(template=copy.deepcopy(TEMPLATE_JSON),       # its own: plotly keeps the dict given, writes into it
                  font=merged("font", family=FONT["family"], size=FONT["size"]), height=height,
                  margin=merged("margin", l=70, r=30, t=top_margin(title), b=MARGIN_B),
                  legend=merged("legend", {"size": LEGEND_SIZE}), hoverlabel=merged("hoverlabel", {"size": HOVER_SIZE}))
    if title:
        values["title"] = merged("title", {"size": TITLE_SIZE}, text=title)
    _unchecked(lay, values)
    if not title:
        lay.title = None                       # a title set before is dropped, as update_layout(title=None)
    return fig


def _merged(lay, name: str, **values) -> dict:
    """The layout property ``name`` of ``lay`` as the builder left it (its own dict), with ``values`` over it."""
    return {**(lay._props.get(name) or {}), **values}                     # noqa: SLF001


def _unchecked(lay, values: dict) -> None:
    """Each of ``values`` (a top-level layout property: its whole merged dict, or a number) written into the
    layout ``lay`` without plotly's checks (plotly's own code does it so, ``_validate``): for this module's own
    values, valid by construction, where a checked write rebuilt the property's objects each time."""
    checked, lay._validate = lay._validate, False                          # noqa: SLF001
    try:
        for name, value in values.items():
            lay[name] = value
    finally:
        lay._validate = checked                                            # noqa: SLF001


def _under_plot(lay, tick: float = FONT["size"], title: float = FONT["size"]) -> float:
    """The pixels under a plot that its x tick labels and axis title take (the title's lines counted), with
    their gaps: where a legend placed under the plot starts."""
    return _under_plot_text(lay.xaxis.title.text, tick, title)


def _under_plot_text(x_title, tick: float = FONT["size"], title: float = FONT["size"]) -> float:
    lines = 1 + str(x_title or "").count("<br>")
    return 1.25 * tick + 6 + 1.3 * title * lines + 14 + 6


def legend_below(fig: go.Figure, *, rows: int = 4, tick: float = FONT["size"], title: float = FONT["size"],
                 legend: float = LEGEND_SIZE) -> go.Figure:
    """A horizontal legend under the plot, below its tick labels and x axis
    title whatever the plot's height.  Plotly places a legend in fractions of
    the plot's height, and pushes the bottom margin for the legend alone: a
    fixed ``y = -0.25`` sat on the axis title of a short plot or in larger
    type (presenter mode).  So ``y`` is worked out in pixels, for the plot
    as short as ``rows`` rows of legend would leave it (fewer rows: a little
    more space, never an overlap), and the bottom margin holds two rows
    (plotly grows it for more).  Call it after :func:`layout` (which sets the
    margins); ``tick``, ``title``, ``legend``: the type sizes in px."""
    lay = fig.layout
    below = _under_plot(lay, tick, title)
    row = 1.6 * legend
    top = lay.margin.t if lay.margin.t is not None else MARGIN_T
    plot = max(80.0, (lay.height or HEIGHT["default"]) - top - (below + rows * row + 10))
    _unchecked(lay, dict(margin=_merged(lay, "margin", b=int(below + 2 * row + 10)),
                         legend=_merged(lay, "legend", orientation="h", x=0, xanchor="left", y=-below / plot,
                                        yanchor="top")))
    return fig


NARROW_BELOW = 480      # px: a column narrower than this is a phone's; a figure's layout.meta.narrow applies there


def legend_under(fig: go.Figure, rows: int, height: float | None = None) -> dict:
    """``layout.meta.narrow`` (applied by the figure drawn in place, ``ui/core/live/figure.js``) that moves
    ``fig``'s vertical legend of ``rows`` lines (entries and group titles) under its plot, below the x axis
    title, in a figure of ``height`` (default: its own) made as much taller, the bottom margin holding the
    whole legend.  For a phone's column, where a legend at the plot's right took most of the width (a plot
    with equal scales was left 60 px wide) and one in the plot's corner covered half of it.  (A horizontal
    legend lays out groups with titles in one column, over the axis title.)"""
    lay = fig.layout
    return _legend_under(_under_plot(lay), lay.margin.t if lay.margin.t is not None else MARGIN_T, rows,
                         height or lay.height or HEIGHT["default"])


def legend_under_dict(lay: dict, rows: int, height: float | None = None) -> dict:
    """:func:`legend_under` for a layout given as a plain dict (:func:`layout_dict`, a figure redrawn on every
    threshold move, which builds no plotly ``Figure``)."""
    title = ((lay.get("xaxis") or {}).get("title") or {}).get("text")
    return _legend_under(_under_plot_text(title), (lay.get("margin") or {}).get("t", MARGIN_T), rows,
                         height or lay.get("height") or HEIGHT["default"])


def _legend_under(below: float, top: float, rows: int, height: float) -> dict:
    legend = rows * 1.6 * LEGEND_SIZE + 24                               # its lines and the gap between groups
    height = height + legend
    bottom = below + legend + 10
    plot = height - top - bottom
    return dict(below=NARROW_BELOW, layout={"height": int(height), "margin.b": int(bottom), "margin.r": 10,
                                             "legend.x": 0, "legend.xanchor": "left", "legend.y": -below / plot,
                                             "legend.yanchor": "top"})


def stacked_panels(height: float, domains=((0.6, 1.0), (0.0, 0.4)), *, titles: bool = False, **more) -> dict:
    """``layout.meta.narrow`` for a figure of panels side by side (axes x, y; x2, y2; ...): in a column
    narrower than 560 px (a phone; two panels had about 130 px each, and the right panel's y axis title ran
    over the left plot; three had 70 px) the panels stand one above the other in their order, each the
    whole width, panel i over the height ``domains[i]`` of a figure ``height`` px tall; with ``titles``,
    panel i's title (annotation i, as ``make_subplots`` writes them) moved with it, centred at its top;
    ``more``: further layout paths."""
    out = {"height": height}
    for i, (lo, hi) in enumerate(domains):
        at = "" if i == 0 else str(i + 1)
        out[f"xaxis{at}.domain"], out[f"yaxis{at}.domain"] = [0.0, 1.0], [lo, hi]
        if titles:
            out[f"annotations.{i}.x"], out[f"annotations.{i}.y"] = 0.5, hi
    return dict(below=560, layout={**out, **more})


def is_legend_below(fig: go.Figure) -> bool:
    """Whether ``fig``'s legend was placed by :func:`legend_below` (for a
    caller that changes the type sizes and places it again)."""
    leg = fig.layout.legend
    return leg.orientation == "h" and leg.yanchor == "top" and leg.y is not None and leg.y < 0


def square_axes(fig: go.Figure, x_title: str, y_title: str) -> None:
    """[0, 1] x [0, 1] axes with equal scales (ROC, P-R), on every x and y axis of ``fig``."""
    axes = square_axes_dict(x_title, y_title)
    fig.update_xaxes(axes["xaxis"])
    fig.update_yaxes(axes["yaxis"])


# A square plot in a column narrower than ``below`` px (a phone) is about as tall as it is wide: the figure
# drawn in place (ui/core/live/figure.js) takes this height there, where its 560 px left half of it empty.
NARROW_SQUARE = dict(below=NARROW_BELOW, layout={"height": 420})
# ... and one with its legend under it (:func:`square_legend_below`) as much taller as that legend needs: at
# 650 px (its height on wide screens) a phone's 270 px square plot stood between 150 px of empty space above
# and 450 px below
NARROW_SQUARE_UNDER = dict(below=NARROW_BELOW, layout={"height": NARROW_SQUARE["layout"]["height"] + 90})


def square_legend_below(fig: go.Figure, x_title: str, y_title: str, title: str | None) -> go.Figure:
    """Square [0, 1] axes (:func:`square_axes`) with the legend under the plot (:func:`legend_below`), the
    shared layout, and a phone's height (:data:`NARROW_SQUARE_UNDER`, for a figure drawn in place).  A legend
    in the plot's corner lay over the y axis's tick labels (the square plot is centred in a wider figure) or
    over the curves of a phone's narrow plot; one at its side took a half-width column's width."""
    square_axes(fig, x_title, y_title)
    fig = legend_below(layout(fig, title, height=HEIGHT["square"] + 90))
    fig.layout.meta = dict(narrow=NARROW_SQUARE_UNDER)
    return fig


SQUARE_PAD = 0.05    # a square plot's axes run from -pad to 1 + pad: a marker (15-18 px) at a corner or an edge is
#                     drawn whole, clear of the tick labels (at 0.02 a star at (0, 0) sat on the "0", a star at
#                     recall 1 was cut in half on a phone)


def square_axes_dict(x_title: str, y_title: str, legend: dict | None = None, pad: float = SQUARE_PAD) -> dict:
    """:func:`square_axes` as the layout's ``xaxis`` and ``yaxis`` dicts (for :func:`layout_dict`).  Both
    axes keep their range and give up length instead (``constrain="domain"``): a plot taller than wide (a
    phone) had its y range widened to keep the scales equal, a TPR or precision axis from -0.4 to 1.4.
    The plot keeps the figure's bottom edge, so a legend in the bottom right corner of the figure's plot
    area stays in the plot's; with ``legend`` (the figure's, :func:`roc_legend`) in the top left corner,
    the plot keeps the figure's top and left edges, so that corner is the plot's.  ``pad``: both axes run
    from -pad to 1 + pad (:data:`SQUARE_PAD`)."""
    top_left = bool(legend) and legend.get("xanchor") == "left" and legend.get("yanchor") == "top"
    return dict(xaxis=dict(title=dict(text=x_title), range=[-pad, 1 + pad], constrain="domain", zeroline=False,
                           **({"constraintoward": "left"} if top_left else {})),
                yaxis=dict(title=dict(text=y_title), range=[-pad, 1 + pad], scaleanchor="x", scaleratio=1,
                           constrain="domain", constraintoward="top" if top_left else "bottom", zeroline=False),
                meta=dict(narrow=NARROW_SQUARE))


def roc_legend(paths) -> dict:
    """A ROC figure's ``legend`` (its place, on a pale background): in the bottom right corner, where a curve
    better than chance never goes; in the top left corner when a curve goes there (worse than chance: a
    resampled few samples' AUC of 0.2 ran along TPR = 0 under the legend) and none goes there, else
    where it was.  The plot is square in a figure of another shape (a projector's is wide, a phone's
    tall), so the top left corner of the figure's plot area is the plot's only if the plot keeps that
    corner: :func:`square_axes_dict` given this legend does that (centred, the corner lay over the y
    axis's labels).  ``paths``: (fpr, tpr) pairs, each non-decreasing in both; a path enters the corner
    below 0.3 right of FPR 0.5 if its TPR at FPR 0.5 is under 0.3, the corner above 0.7 left of FPR 0.45
    if its TPR at 0.45 is over 0.7."""
    def at(x: float, path) -> float:
        fpr, tpr = (np.asarray(v, dtype=float) for v in path)
        return float(np.interp(x, fpr, tpr)) if fpr.size else 0.5
    if any(at(0.5, p) < 0.3 for p in paths) and not any(at(0.45, p) > 0.7 for p in paths):
        corner = dict(x=0.02, y=0.98, xanchor="left", yanchor="top")
    else:
        corner = dict(x=0.98, y=0.02, xanchor="right", yanchor="bottom")
    return dict(corner, bgcolor=translucent(PAPER, 0.8))


def across(axis: str, at: float, **props) -> dict:
    """A line across the whole plot at ``axis`` (``"x"``: a vertical line,
    ``"y"``: a horizontal one) = ``at``, as the plain shape plotly's
    ``add_vline`` / ``add_hline`` write on a figure of one plot; ``props``:
    the shape's own (``line``, ``layer``, ``name``...).  Added with
    :func:`add_shapes`."""
    other = "y" if axis == "x" else "x"
    return {"type": "line", f"{axis}0": at, f"{axis}1": at, f"{axis}ref": axis,
            f"{other}0": 0, f"{other}1": 1, f"{other}ref": f"{other} domain", **props}


def band(x0: float, x1: float, **props) -> dict:
    """A band from x = ``x0`` to ``x1`` the plot's whole height, as plotly's
    ``add_vrect`` writes it on a figure of one plot (see :func:`across`)."""
    return {"type": "rect", "x0": x0, "x1": x1, "xref": "x", "y0": 0, "y1": 1, "yref": "y domain", **props}


def add_shapes(fig: go.Figure, *shapes: dict) -> go.Figure:
    """``shapes`` (:func:`across`, :func:`band`) added to ``fig`` after its
    own, in one step.  plotly's ``add_vline`` and its kin look the figure's
    subplots up and validate every shape already there again, at each call:
    about 7 ms a line, so the test statistic's figure with four of them spent
    28 ms on its lines, where the same shapes set at once take about 1 ms
    (the same JSON, ``tests/core/test_figures.py``)."""
    if shapes:
        fig.layout.shapes = fig.layout.shapes + tuple(shapes)
    return fig


def marker(fig: go.Figure, x: float, y: float, i: int, hover: str, *, symbol: str = "circle", size: int = 15,
           edge: int = 1, **axes) -> None:
    """A single marked point in model ``i``'s colour (operating point, BEP, best F)."""
    fig.add_trace(marker_trace(x, y, i, hover, symbol=symbol, size=size, edge=edge, **axes))


def marker_trace(x: float, y: float, i: int, hover: str, *, symbol: str = "circle", size: int = 15,
                 edge: int = 1, **axes) -> dict:
    """:func:`marker`'s trace as a dict (for :func:`fast_figure`)."""
    return dict(type="scatter", x=[x], y=[y], mode="markers", showlegend=False,
                hovertemplate=hover + "<extra></extra>",
                marker=dict(color=model_color(i), size=size, symbol=symbol, line=dict(color=INK, width=edge)), **axes)
