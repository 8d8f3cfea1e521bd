"""Drawing figures in the page: plotly charts, curve charts whose clicks set
the threshold, and the hover-linked ROC / cost figure (HTML and JS here;
its figure comes from ``evalcore.figures.cost_linked_figure``)."""
from __future__ import annotations

from pathlib import Path

import plotly.graph_objects as go
import streamlit as st

from .state import SS
from .threshold import threshold_from_click

# Every figure has the toolbar with a PNG download at twice the screen's resolution ...
CHART_CONFIG = {"displayModeBar": True, "displaylogo": False,
                "modeBarButtonsToRemove": ["lasso2d", "select2d", "autoScale2d", "toggleSpikelines",
                                           "hoverClosestCartesian", "hoverCompareCartesian"],
                "toImageButtonOptions": {"format": "png", "scale": 2, "filename": "evaluation-lab"}}
# ... or an SVG: the toolbar's settings by what the camera button downloads (the sidebar's ``export_fmt``)
CHART_CONFIGS = {fmt: {**CHART_CONFIG, "toImageButtonOptions": {**CHART_CONFIG["toImageButtonOptions"], "format": fmt}}
                 for fmt in ("png", "svg")}
PRESENTER_FONT = dict(base=20, tick=18, title=24)


def _presenter(fig) -> None:
    """Chart text for the back row: ticks >= 18 px, titles >= 22 px, width from the page."""
    f = PRESENTER_FONT
    fig.update_layout(font_size=f["base"], title_font_size=f["title"], legend_font_size=f["tick"], width=None)
    fig.update_xaxes(tickfont_size=f["tick"], title_font_size=f["title"])
    fig.update_yaxes(tickfont_size=f["tick"], title_font_size=f["title"])
    fig.update_annotations(font_size=f["tick"])
    if any(a.xanchor == "left" and a.x is not None and a.x >= 0.99 for a in fig.layout.annotations):
        fig.update_layout(margin_r=90)          # labels at a curve's right end (iso-F) in the larger text
        if fig.layout.yaxis.scaleanchor:        # a square plot shrinks rather than widening its range
            fig.update_yaxes(constrain="domain")


LINKED_HEIGHT = 640


def chart(fig, key: str, *, on_select=None, width="stretch", **kw):
    """Draw a plotly figure.  With ``on_select``, clicking a point reruns and
    calls it.  (``bench/pages.py`` sets ``_no_charts`` to time a page
    without its charts.)"""
    if SS.get("_no_charts"):
        return None
    if SS.get("presenter"):
        _presenter(fig)
        width = "stretch"
    config = CHART_CONFIGS.get(SS.get("export_fmt", "png"), CHART_CONFIG)
    if on_select is None:
        return st.plotly_chart(fig, key=key, config=config, width=width, **kw)
    return st.plotly_chart(fig, key=key, config=config, on_select=on_select, selection_mode="points",
                           width=width, **kw)


def preload_figures() -> None:
    """An empty figure in a hidden box: the browser loads and starts the
    figure library (about 2.5 s on 2 cores, once per tab) while the student
    reads the home page, not on the first page that draws a figure."""
    if SS.get("_no_charts"):
        return
    st.markdown("<style>.st-key-preload_figures { display: none; }</style>", unsafe_allow_html=True)
    with st.container(key="preload_figures"):
        st.plotly_chart(go.Figure(), key="preload_figure", config={"displayModeBar": False})


def curve_chart(fig, key: str, token: str, models: list, views: list) -> None:
    """A ROC or P-R figure (trace i = model i) whose clicked point sets that
    model's shared threshold."""
    chart(fig, key, on_select=lambda: threshold_from_click(key, token, models, views), width="content")


def plotly_js_url() -> str:
    """The URL of plotly.js for the linked figure, served by Streamlit itself
    from the installed plotly package (declared as a component's folder), so
    it works offline and nothing is ever written into the app's tree."""
    import plotly
    import streamlit.components.v1 as components

    folder = Path(plotly.__file__).parent / "package_data"
    component = components.declare_component("plotlyjs", path=str(folder))
    return f"/component/{component.name}/plotly.min.js"


def linked_chart(fig, height: int = LINKED_HEIGHT) -> None:
    """A figure from ``figures.cost_linked_figure`` with hover linking, in an iframe."""
    if SS.get("_no_charts"):
        return
    st.iframe(linked_html(fig, plotly_js_url(), height), height=height)


def linked_html(fig: go.Figure, script_src: str, height: int = 620) -> str:
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
  const hlRoc = meta.hl_roc, hlCost = meta.hl_cost;   // by index, never by a (user-chosen) name
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
