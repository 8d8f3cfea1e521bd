"""Drawing figures in the page: plotly charts (Streamlit's), figures redrawn
in place (one component, ``ui/core/live/figure.js``), curve charts whose clicks
set the threshold, and the hover-linked ROC / cost figure (the same
component; its figure comes from ``evalcore.figures.cost_linked_figure``)."""
from __future__ import annotations

import functools
import json
from pathlib import Path

import plotly
import plotly.graph_objects as go
import streamlit.components.v1 as components
import streamlit as st

from evalcore.figures.style import (MARGIN_B, TOOLBAR, TOP_AXIS, figure_json, is_legend_below, legend_below,
                                   plotly_figure, trace_types)

from ui.core import held_traces, served
from ui.core.components import component
from ui.core.registry import first_screen_views
from ui.core.state import SS
from ui.core.threshold import threshold_from_click

# Every figure has the toolbar with a PNG download at twice the screen's resolution (shown while the
# pointer is over the figure, plotly's default: a toolbar always shown covers titles on a projector), and
# nothing that sends a figure out (style.TOOLBAR: the lab needs no internet, and a student's uploaded scores
# stay on the class's server) ...
CHART_CONFIG = {**TOOLBAR, "displayModeBar": "hover",
                "modeBarButtonsToRemove": ["lasso2d", "select2d", "autoScale2d", "toggleSpikelines",
                                           "hoverClosestCartesian", "hoverCompareCartesian"],
                "toImageButtonOptions": {"format": "png", "scale": 2, "filename": "evaluation-lab"}}
# ... or an SVG: the toolbar's settings by what the camera button downloads (the sidebar's ``export_fmt``)
CHART_CONFIGS = {fmt: {**CHART_CONFIG, "toImageButtonOptions": {**CHART_CONFIG["toImageButtonOptions"], "format": fmt}}
                 for fmt in ("png", "svg")}
# live_chart's settings as JSON text: every value the component gets is a string or a flag, because
# Streamlit inspects a dict or list value for a data frame (importing pandas, ~1 s, on the first one).
# Without plotly's ``responsive``: a figure drawn in place follows its box itself (live/figure.js), and
# plotly's own resize, after a window resize, dropped the height of a figure without a width of its own
# (the ROC walk's step figure stayed in a 0 px box, drawn over what is below it)
LIVE_CONFIGS = {fmt: json.dumps(cfg) for fmt, cfg in CHART_CONFIGS.items()}
PRESENTER_FONT = dict(base=20, tick=18, title=24)
# what an x axis's ticks and title take more in that type: the shared margins below the plot (style.MARGIN_B)
# and above a matrix (style.TOP_AXIS) grow by it, so that plotly draws each figure once (68 and 69 px, measured)
PRESENTER_AXIS = 4


def _export(configs: dict):
    """The toolbar settings for the sidebar's download format (``export_fmt``)."""
    return configs.get(SS.get("export_fmt", "png"), configs["png"])


def _presenter(fig) -> None:
    """Chart text for the back row: ticks, annotations and text labels >= 18 px, titles >= 22 px, width
    from the page."""
    f = PRESENTER_FONT
    fig.update_layout(font_size=f["base"], title_font_size=f["title"], legend_font_size=f["tick"], width=None)
    fig.update_xaxes(tickfont_size=f["tick"], title_font_size=f["title"])
    fig.update_yaxes(tickfont_size=f["tick"], title_font_size=f["title"])
    fig.update_annotations(font_size=f["tick"])
    fig.update_traces(textfont_size=f["tick"], selector=dict(type="scatter", mode="text"))   # values written by bars
    margin = fig.layout.margin
    if margin.b == MARGIN_B:
        margin.b = MARGIN_B + PRESENTER_AXIS
    if margin.t == TOP_AXIS:
        margin.t = TOP_AXIS + PRESENTER_AXIS
    if is_legend_below(fig):                    # under the axis title in the larger type too
        legend_below(fig, tick=f["tick"], title=f["title"], legend=f["tick"])
    if any(a.xanchor == "left" and a.x is not None and a.x >= 0.99 for a in fig.layout.annotations):
        fig.update_layout(margin_r=90)          # labels at a curve's right end (iso-F) in the larger text
        if fig.layout.yaxis.scaleanchor:        # a square plot shrinks rather than widening its range
            fig.update_yaxes(constrain="domain")


def kept(key: str, build, *inputs):
    """``build()``, kept in this session under ``key`` while ``inputs`` (and
    the language and presenter mode) stay the same: for a figure that does
    not depend on the threshold but sits in a part of the page that reruns
    on every threshold move.  One figure per key, so bounded."""
    store = SS.setdefault("_kept_figures", {})
    stamp = (*inputs, SS.get("lang", "zh"), bool(SS.get("presenter")))
    hit = store.get(key)
    if hit is None or hit[0] != stamp:
        fig = build()
        fig._lab_kept = True        # live_chart prepares and writes it once (_spec)
        hit = store[key] = (stamp, fig)
    return hit[1]


def _spec(fig) -> str:
    """The JSON of ``fig`` as :func:`live_chart` draws it (presenter text
    applied); for a figure :func:`kept` across runs, made once and kept on
    the figure: it is the same figure, the same language and mode."""
    spec = getattr(fig, "_lab_spec", None)
    if spec is None:
        if SS.get("presenter"):
            _presenter(fig)
        spec = figure_json(fig)
        if getattr(fig, "_lab_kept", False):
            fig._lab_spec = spec
    return spec


def _live_component():
    return component("lab_live_figure", "live/figure.js")


def _fits_screen(key: str) -> bool:
    """Whether figure ``key`` is drawn to fit the first screen: the page's
    main view and the figures beside it (``ui.core.registry.Page.main``,
    ``Page.beside``) in presenter mode."""
    return bool(SS.get("presenter")) and key in first_screen_views(SS.get("_page", ""))


def live_chart(fig, key: str, *, on_click=None):
    """A figure that moves with the threshold or a step, drawn by the
    component in ``ui/core/live/``: its plot stays and each run's figure is drawn
    into it in place (``Plotly.react``), where Streamlit's own chart is
    rebuilt from nothing whenever its figure changes (2-3x the browser's work
    on every threshold move).  Same toolbar, presenter text and export format
    as :func:`chart`.  With ``on_click``, a click on a point calls it, with
    the point in ``SS[key].click`` (``{"curve": i, "index": j}``).  A figure
    whose ``layout.meta`` names hover highlights (``hl_roc``, ``hl_cost``, as
    ``figures.cost_linked_figure`` makes) gets hover linking.  A fragment's
    run sends only the traces that changed (:mod:`ui.core.held_traces`).
    A figure with a trace type the served plotly.js lacks (:func:`drawn_in_place`)
    is drawn by Streamlit's chart instead, without ``on_click``."""
    if SS.get("_no_charts"):
        return None
    if not drawn_in_place(fig):
        if SS.get("presenter"):
            _presenter(fig)
        return st.plotly_chart(plotly_figure(fig), key=key, config=_export(CHART_CONFIGS), width="stretch",
                               theme=None)
    spec, keys, tkey, config = held_traces.wire(key, _spec(fig), _export(LIVE_CONFIGS))
    data = dict(spec=spec, keys=keys, tkey=tkey, config=config, script=plotly_js_url(),
                clickable=on_click is not None, fit=_fits_screen(key))
    return _live_component()(key=key, data=data, on_missing_change=lambda: held_traces.forget(key),
                             **({"on_click_change": on_click} if on_click else {}))


def chart(fig, key: str, *, on_select=None, width="stretch", **kw):
    """Draw a plotly figure.  With ``on_select``, clicking a point reruns and
    calls it.  The page's main view in presenter mode is drawn by
    :func:`live_chart`, which fits it to the first screen.  The figure keeps
    its own look (``theme=None``), as the figures drawn in place do:
    Streamlit's theme drew tick labels and axis titles grey, 3.7 : 1 on white
    where small text needs 4.5 : 1.  (``bench/pages.py`` sets ``_no_charts``
    to time a page without its charts.)"""
    if SS.get("_no_charts"):
        return None
    if on_select is None and _fits_screen(key):
        return live_chart(fig, key)
    if SS.get("presenter"):
        _presenter(fig)
        width = "stretch"
    config = _export(CHART_CONFIGS)
    fig = plotly_figure(fig)
    if on_select is None:
        return st.plotly_chart(fig, key=key, config=config, width=width, theme=None, **kw)
    return st.plotly_chart(fig, key=key, config=config, on_select=on_select, selection_mode="points",
                           width=width, theme=None, **kw)


def preload_figures() -> None:
    """An empty figure of each kind (Streamlit's chart and
    :func:`live_chart`'s), for :func:`ui.core.preload.preload` to draw
    out of sight: the browser loads and starts the figure libraries
    (Streamlit's, about 2.5 s on 2 cores, and plotly.js; once per tab)
    while the student reads the home page, not on the first page that draws
    a figure."""
    if SS.get("_no_charts"):
        return
    st.plotly_chart(go.Figure(), key="preload_figure", config={"displayModeBar": False})
    _live_component()(key="preload_live", data=dict(script=plotly_js_url()))   # live_chart's plotly.js


def curve_chart(fig, key: str, token: str, models: list, views: list) -> None:
    """A ROC or P-R figure (trace i = model i) whose clicked point sets that
    model's shared threshold."""
    live_chart(fig, key, on_click=lambda: threshold_from_click(key, token, models, views))


VENDOR = Path(__file__).parent / "live" / "vendor"
# the trace types of the plotly.js built for the lab (ui/core/live/vendor/build.sh's TRACES and scatter)
TRACE_KINDS = frozenset({"bar", "box", "heatmap", "histogram", "scatter"})


@functools.cache
def _plotly_js() -> tuple[str, frozenset | None]:
    """The URL of plotly.js for the figures drawn in place, and the trace types it draws (None: all).

    The bundle kept in ``ui/core/live/vendor/`` (1.2 MB, built from plotly.js's sources with the
    trace types the app draws: a fresh browser loads it and draws a first figure in about 0.33 s
    of its main thread on 2 cores, npm's cartesian bundle in 0.6 s, the whole library in 1.2 s)
    when it is the version the installed plotly package was made for; otherwise that package's
    whole ``plotly.min.js``.  Either is served by Streamlit itself (its folder declared as a
    component's), so it works offline and nothing is ever written into the app's tree."""
    version = plotly.offline.get_plotlyjs_version()
    partial = VENDOR / f"plotly-lab-{version}.min.js"
    if partial.is_file():
        folder, file, kinds = VENDOR, partial, TRACE_KINDS
    else:
        folder, kinds = Path(plotly.__file__).parent / "package_data", None
        file = folder / "plotly.min.js"
    # the version in the folder's name: a browser keeps the file (ui.core.served), a new plotly is a new address
    tag = "".join(c if c.isalnum() else "_" for c in version)
    component = components.declare_component(f"plotlyjs_{tag}", path=str(folder))
    path = f"/component/{component.name}/{file.name}"
    served.serve(path, file)     # compressed once, kept by the browser (ui.core.served)
    # fetched with the page itself (ui.core.served.head), run when the first figure needs it (figure.js)
    served.head("plotly", f'<link rel="preload" as="script" href="{path}">')
    return path, kinds


def plotly_js_url() -> str:
    """The URL of the plotly.js that draws the figures in place (:func:`_plotly_js`)."""
    return _plotly_js()[0]


def drawn_in_place(fig) -> bool:
    """Whether the plotly.js served (:func:`_plotly_js`) draws every trace of ``fig``."""
    kinds = _plotly_js()[1]
    return kinds is None or all(kind in kinds for kind in trace_types(fig))


def linked_chart(fig: go.Figure) -> None:
    """A figure from ``figures.cost_linked_figure`` with hover linking
    (hovering a ROC point highlights its cost line, hovering a cost line its
    ROC point): :func:`live_chart`, which reads the wiring from the figure's
    ``layout.meta``."""
    live_chart(fig, "linked")
