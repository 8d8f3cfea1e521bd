"""Issue 36: what a threshold move sends.  A component's script is not in
each of its elements (ui/core/components.py), a fragment's run refers to the
traces the browser already holds (ui/core/held_traces.py), and tables go to
Streamlit as Arrow tables (ui/core/frames.py) showing the same cells."""
import json

import pyarrow as pa
import pytest
from apptest_utils import figures, ok
from apptest_utils import run as run_page

import ui
from evalcore import Counts
from evalcore.figures import confusion_heatmap
from streamlit import dataframe_util
from ui.core import charts, components, held_traces


def test_a_components_element_carries_a_loader_not_its_script():
    """Before: every live figure carried figure.js (7.9 kB) on every run."""
    at = run_page("pages/confusion.py", source="watermelon", lang="en")
    ok(at)
    live = [e for e in at.get("bidi_component") if e.proto.component_name == "lab_live_figure"]
    assert live
    source = (components.HERE / "live" / "figure.js").read_text(encoding="utf-8")
    for el in live:
        assert len(el.proto.js_content) < 600 and "drawInPlace" not in el.proto.js_content
        assert components.script_url("live/figure.js") in el.proto.js_content
    assert components.script_url("live/figure.js").startswith("/component/")
    assert len(source) > 5000                  # what each element carried before


def test_the_script_url_changes_with_the_script(tmp_path, monkeypatch):
    (tmp_path / "live").mkdir()
    (tmp_path / "live" / "figure.js").write_text("export default () => 1;")
    monkeypatch.setattr(components, "HERE", tmp_path)
    components.script_url.cache_clear()
    try:
        first = components.script_url("live/figure.js")
        components.script_url.cache_clear()
        (tmp_path / "live" / "figure.js").write_text("export default () => 2;")
        assert components.script_url("live/figure.js") != first
    finally:
        components.script_url.cache_clear()


FIG = {"data": [{"type": "scatter", "x": list(range(60)), "y": list(range(60))},     # a curve: long, stays
                {"type": "scatter", "x": [0.5], "y": [0.5]},                          # short: always whole
                {"type": "scatter", "x": [0.1] * 40, "y": [0.2] * 40, "name": "moves"}],
       "layout": {"title": {"text": "t"}}}


def _wire(monkeypatch, fig, fragment: bool, store: dict):
    monkeypatch.setattr(held_traces, "SS", store)
    monkeypatch.setattr(held_traces, "_fragment_run", lambda: fragment)
    spec, keys, _, _ = held_traces.wire("k", json.dumps(fig))
    return json.loads(spec)["data"], json.loads(keys)


def test_a_fragment_run_refers_to_the_template_and_the_toolbar_sent_before(monkeypatch):
    """The layout's template and the toolbar's settings (about 1 kB a figure, the same in every run) go once
    per whole run; a fragment's run refers to them, unless they changed or the browser missed them."""
    fig = json.loads(json.dumps(FIG))
    fig["layout"]["template"] = {"layout": {"paper_bgcolor": "white", "font": {"color": "#2a3f5f"}}}
    store, config = {}, json.dumps({"displaylogo": False})
    monkeypatch.setattr(held_traces, "SS", store)

    def send(fragment, cfg=config):
        monkeypatch.setattr(held_traces, "_fragment_run", lambda: fragment)
        spec, _, tkey, sent = held_traces.wire("k", json.dumps(fig), cfg)
        return json.loads(spec)["layout"]["template"], tkey, sent

    template, tkey, sent = send(False)
    assert template == fig["layout"]["template"] and tkey and sent == config      # a whole run: all of it
    assert send(True) == ({"ref": tkey}, tkey, "")                               # then references
    other = json.dumps({"displaylogo": True})
    assert send(True, other)[2] == other                                         # a changed toolbar: whole
    held_traces.forget("k")                                                      # the browser missed a part
    assert send(True) == (fig["layout"]["template"], tkey, config)


def test_a_fragment_run_refers_to_the_traces_sent_in_the_last_run(monkeypatch):
    store = {}
    whole, keys = _wire(monkeypatch, FIG, False, store)
    assert whole == FIG["data"] and keys[1] == "" and keys[0] and keys[2]
    moved = json.loads(json.dumps(FIG))
    moved["data"][2]["x"] = [0.3] * 40
    data, keys2 = _wire(monkeypatch, moved, True, store)
    assert data[0] == {"ref": keys[0]}                        # unchanged: a reference
    assert data[1] == FIG["data"][1] and data[2] == moved["data"][2]   # short, and changed: whole
    assert keys2[0] == keys[0] and keys2[2] != keys[2]
    assert _wire(monkeypatch, moved, False, store)[0] == moved["data"]    # a whole run sends all
    _wire(monkeypatch, moved, True, store)
    held_traces.forget("k")                                   # the browser missed one
    assert _wire(monkeypatch, moved, True, store)[0] == moved["data"]


def test_the_same_figure_again_sends_what_it_would_without_the_memo(monkeypatch):
    """A figure kept across moves (ui.kept) comes to wire() as the same text
    every move: its last result is given again (held_traces' memo), the same
    as working it out anew, and kept only while the browser holds the same."""
    store = {}
    _wire(monkeypatch, FIG, False, store)
    worked = _wire(monkeypatch, FIG, True, store)           # the browser holds the traces: references
    assert _wire(monkeypatch, FIG, True, store) == worked    # the same figure again: the last result
    store.pop("_wire_memo")
    assert _wire(monkeypatch, FIG, True, store) == worked    # which is what working it out gives
    held_traces.forget("k")                                  # the browser missed a trace: everything again
    assert _wire(monkeypatch, FIG, True, store)[0] == FIG["data"]


def test_a_figure_made_of_plain_dicts_is_sent_without_building_plotlys(monkeypatch):
    """A figure redrawn on every move (evalcore.figures.style.PlainFigure) is
    written from its dicts; asking it for a mark it does not have (ui.kept's)
    built plotly's Figure all the same, a third of the figure's time."""
    monkeypatch.setattr(charts, "SS", {})
    text = dict(tp="tp", fn="fn", fp="fp", tn="tn", pos="P", neg="N", true="T", pred="Q")
    fig = confusion_heatmap(Counts(tp=3, fp=1, tn=5, fn=2), text=text)
    assert charts.drawn_in_place(fig) and json.loads(charts._spec(fig))["data"][0]["type"] == "heatmap"
    kept = confusion_heatmap(Counts(tp=3, fp=1, tn=5, fn=2), text=text)
    kept._lab_kept = True
    assert charts._spec(kept) is charts._spec(kept)          # written once
    assert fig._figure is None and kept._figure is None


def test_hover_highlights_are_never_referred_to(monkeypatch):
    fig = json.loads(json.dumps(FIG))
    fig["layout"]["meta"] = {"hl_roc": 0, "hl_cost": 2}
    store = {}
    _wire(monkeypatch, fig, False, store)
    data, keys = _wire(monkeypatch, fig, True, store)
    assert data == fig["data"] and keys == ["", "", ""]


ROWS = [{"matrix": "'=a", "thr": "0.5000", "TP": 5, "FP": 2, "P": "0.714"},
        {"matrix": "b", "thr": "0.2500", "TP": 7, "FP": 0, "P": "1.000"}]


@pytest.mark.parametrize("data", [ROWS, {k: [r[k] for r in ROWS] for k in ROWS[0]}])
def test_arrow_tables_show_what_streamlits_own_conversion_shows(data):
    table = ui.arrow_table(data)
    assert isinstance(table, pa.Table)
    ours = dataframe_util.convert_arrow_table_to_arrow_bytes(table)
    theirs = dataframe_util.convert_pandas_df_to_arrow_bytes(dataframe_util.convert_anything_to_pandas_df(data))
    mine, streamlits = pa.ipc.open_stream(ours).read_all(), pa.ipc.open_stream(theirs).read_all()
    assert mine.column_names == [c for c in streamlits.column_names if not c.startswith("__index")]
    assert mine.to_pylist() == [{k: v for k, v in r.items() if not k.startswith("__index")}
                                for r in streamlits.to_pylist()]


def test_a_column_of_mixed_kinds_is_left_to_streamlit():
    rows = [{"a": 1, "b": "x"}, {"a": "two", "b": "y"}]
    assert ui.arrow_table(rows) is rows
    assert ui.arrow_table([]) == []


@pytest.mark.parametrize("page", ["pr", "cost"])
def test_the_tables_a_move_redraws_skip_pandas(page):
    """Before: the table went through pandas (its schema carried pandas' metadata), 2.3 ms a move."""
    at = run_page(f"pages/{page}.py", source="breast-cancer", lang="en")
    ok(at)
    assert figures(at)
    table = at.dataframe[0]
    schema = pa.ipc.open_stream(table.proto.arrow_data.data).read_all().schema
    assert b"pandas" not in (schema.metadata or {})
    assert table.value.shape[0] >= 1
