"""Every page under Streamlit's AppTest: runs, reacts, translates, survives bad input."""
import json
import re

import pytest
from apptest_utils import figure, figures, latex, metrics, ok, run, widget

import ui
from ui.core import charts

PAGES = [p.path for p in ui.PAGES]        # every page the app navigates to
SOURCES = ["seed-9", "seed-5", "seed-4", "watermelon", "breast-cancer", "horse-colic", "synthetic", "upload"]


def all_text(at):
    parts = [e.value for kind in ("title", "header", "subheader", "markdown", "caption",
                                  "info", "error", "warning") for e in getattr(at, kind)]
    parts += latex(at, labels=True)
    parts += [m.label + " " + m.value for m in at.metric]
    return "\n".join(str(p) for p in parts)


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_page_runs(page, lang):
    at = run(page, lang=lang)
    ok(at)
    assert at.title[0].value
    # every section the registry names (a tour stop may scroll to it) is a heading's anchor on the page
    entry = next(p for p in ui.PAGES if p.path == page)
    anchors = [h.proto.anchor for kind in ("title", "header", "subheader") for h in getattr(at, kind)]
    assert set(entry.sections) <= set(anchors), (sorted(set(entry.sections) - set(anchors)), anchors)
    assert anchors[0] == entry.top                   # the title carries the top section's anchor (or none)
    # every figure is one the plotly.js bundle served for figures drawn in place can draw (ui/core/live/vendor/):
    # in presenter mode a page's main view, whichever it is, is drawn in place
    kinds = {t.get("type", "scatter") for f in figures(at) for t in f["spec"].get("data", ())}
    assert kinds <= charts.TRACE_KINDS, kinds - charts.TRACE_KINDS
    # Streamlit's charts keep the figure's own look, as those drawn in place do: Streamlit's theme drew their
    # tick labels and axis titles grey, 3.7 : 1 on white (WCAG AA asks 4.5 : 1 of small text)
    themed = [el.proto.id for el in at.get("plotly_chart")
              if el.proto.theme and not el.proto.id.endswith("preload_figure")]
    assert not themed, themed


@pytest.mark.parametrize("page", PAGES)
def test_language_switch_changes_text(page):
    at = run(page)
    zh = at.title[0].value
    assert re.search(r"[\u4e00-\u9fff]", zh)
    at.sidebar.radio[0].set_value("en").run()
    ok(at)
    en = at.title[0].value
    assert en != zh and not re.search(r"[\u4e00-\u9fff]", en)
    assert at.session_state["lang"] == "en"


def test_home_starts_every_element_kind_in_a_hidden_box():
    at = run("pages/home.py")
    ok(at)
    charts = at.get("plotly_chart")
    assert [c.key for c in charts] == ["preload_figure"]
    live = at.get("bidi_component")                  # ... and plotly.js of the figures drawn in place
    assert "preload_live" in [c.proto.id.rsplit("-", 1)[-1] for c in live]
    assert not at.get("component_instance")         # no iframe component: every figure is drawn in the page
    for kind in ("latex", "metric", "dataframe", "selectbox", "multiselect", "slider", "select_slider",
                 "number_input", "button_group", "checkbox", "toggle", "button", "file_uploader", "tabs"):
        assert at.get(kind), kind
    # the widgets have no keys: nothing in the session state but the figure components' own
    keys = [k for k in at.session_state._state.filtered_state if "preload" in k or k.startswith("$$")]
    assert sorted(keys) == ["preload_live"]


@pytest.mark.parametrize("page", [p.path for p in ui.PAGES])
def test_one_share_link_box_per_page(page):
    at = run(page)
    ok(at)
    boxes = [c for c in at.get("bidi_component") if c.proto.id.endswith("link_box")]
    assert len(boxes) == 1
    assert json.loads(boxes[0].proto.json)["copy"] == "复制链接"


@pytest.mark.parametrize("page", [p.path for p in ui.PAGES if p.key in ("methods", "confusion", "compare")])
def test_the_export_switch_sets_every_figures_download_format(page):
    """The sidebar's radio (PNG at 2x by default, or SVG) reaches every
    figure's toolbar; a link carries it as img=svg."""

    at = run(page)
    formats = lambda: {f["config"]["toImageButtonOptions"]["format"] for f in figures(at)}  # noqa: E731
    assert formats() == {"png"}
    assert all(f["config"]["toImageButtonOptions"]["scale"] == 2 for f in figures(at))
    radio = next(r for r in at.sidebar.radio if r.options == ["PNG (2×)", "SVG"])
    radio.set_value("svg").run()
    ok(at)
    assert formats() == {"svg"}
    assert at.query_params.get("img") == "svg"


@pytest.mark.parametrize("source", SOURCES)
def test_confusion_page_on_every_source(source):
    at = run("pages/confusion.py", source=source, lang="en")
    ok(at)
    if source != "upload":
        assert "Accuracy" in metrics(at)


def test_threshold_slider_changes_numbers():
    at = run("pages/confusion.py", lang="en")
    before = metrics(at)
    slider = widget(at.slider, "_w_thr_s|P(+)")
    slider.set_value(0.75).run()
    ok(at)
    after = metrics(at)
    assert after != before
    # 9-sample table at 0.75: predicted positive = x5 (0.9, -), x2 (0.8, +) -> P = 1/2, R = 1/4
    assert after["Precision P"] == "0.500" and after["Recall R"] == "0.250"
    assert at.session_state["thresholds"]["builtin:seed-9|P(+)"] == pytest.approx(0.75)


def test_exact_number_input_sets_the_shared_threshold():
    at = run("pages/confusion.py", lang="en")
    widget(at.number_input, "_w_thr_n|P(+)").set_value(0.45).run()
    ok(at)
    # >= 0.45: x5 x2 x7 x4 x1 -> TP 2, FP 3
    assert "\\frac{2}{2+3}" in all_text(at)
    assert widget(at.slider, "_w_thr_s|P(+)").value == pytest.approx(0.45)


def test_the_formulas_have_a_katex_of_the_version_of_streamlits_katex_style():
    """ui.formula_grid typesets with a KaTeX of the version Streamlit's KaTeX
    style sheet was written for (kept in ui/core/typeset/vendor/): after a
    Streamlit upgrade that moves its style to another version, this fails
    until that version is kept there (the pages would still work, through
    st.latex)."""
    import ui.core.typeset

    url = ui.core.typeset.katex_url()
    assert url and url.endswith(f"katex-{ui.core.typeset.style_version()}.min.js"), url


def test_without_katex_the_formulas_are_drawn_with_st_latex(monkeypatch):
    import ui.core.typeset

    monkeypatch.setattr(ui.core.typeset, "katex_url", lambda: None)
    at = run("pages/confusion.py", lang="en")
    ok(at)
    assert not [e for e in at.get("bidi_component") if e.proto.component_name == "lab_typeset"]
    text = "\n".join(e.value for e in at.latex)
    assert r"\frac{2+2}{9} = 0.444" in text and r"\frac{3}{5} = 0.600" in text
    assert "**Accuracy**" in [e.value for e in at.markdown]


def test_formulas_are_filled_with_counts():
    at = run("pages/confusion.py", lang="en")
    text = all_text(at)
    assert r"\frac{2+2}{9} = 0.444" in text          # accuracy at 0.5
    assert r"\frac{3}{5} = 0.600" in text             # FPR


def test_accuracy_paradox_button_loads_imbalanced_set():
    at = run("pages/confusion.py", lang="en")
    at.button(key="paradox_btn").click().run()
    ok(at)
    m = metrics(at)
    assert at.session_state["source"] == "synthetic"
    assert m["Accuracy of “predict all negative”"] == "0.990" and m["Its recall"] == "0.000"


GOOD = b"y_true,m1,m2\n1,0.9,0.8\n0,0.2,0.4\n1,0.7,0.3\n0,0.4,0.1\n1,0.6,0.65\n"
BAD_FILES = {
    "empty": b"",
    "header_only": b"y_true,a\n",
    "one_class": b"y,a\n1,0.2\n1,0.3\n",
    "non_numeric": b"y,a\n1,0.2\n0,abc\n1,0.5\n0,0.1\n",
    "bare_cr_non_numeric": b"y,a\r1,0.2\r0,abc\r1,0.5\r0,0.1\r",      # bare CR: rows as the parser splits them
    "infinite": b"y,a\n1,0.2\n0,inf\n",
    "png": b"\x89PNG\r\n\x1a\n" + bytes(64),
    "xlsx": b"PK\x03\x04" + bytes(64),
    "ragged": b"y,a,b\n1,0.2,0.3\n0,0.1,0.2,0.5\n",
    "three_classes": b"y,a\ncat,0.1\ndog,0.2\nbird,0.3\n",
    "big_cell": b"a" * 5_000_000,
}


def upload(at, data, name="p.csv"):
    at.sidebar.file_uploader(key="_w_upload").set_value((name, data, "text/csv"))
    return at.run()


@pytest.mark.parametrize("bad", list(BAD_FILES))
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_bad_upload_shows_error_and_keeps_data(bad, lang):
    at = run("pages/confusion.py", source="upload", lang=lang)
    upload(at, GOOD, "good.csv")
    ok(at)
    assert "m1" in at.sidebar.multiselect[0].options
    upload(at, BAD_FILES[bad], "bad.csv")
    ok(at)
    errors = [e.value for e in at.sidebar.error]
    assert errors, "a bad upload must show an error"
    if lang == "zh":
        assert re.search(r"[\u4e00-\u9fff]", errors[0])
    else:
        assert not re.search(r"[\u4e00-\u9fff]", errors[0])
    # the old data is still there and still drawn
    assert "m1" in at.sidebar.multiselect[0].options
    assert at.session_state["ds_upload"].n == 5
    assert metrics(at)
    # and the page says so too, above it (helper-27: once a phone's sidebar closed, nothing said the file
    # was refused): the same reason and the file still in use
    assert [e.value for e in at.main.error] == errors[:1]
    kept = {"zh": "仍在使用之前成功载入的数据:good.csv", "en": "Still using the data loaded before: good.csv"}[lang]
    assert any(kept in i.value for i in at.main.info)
    upload(at, GOOD, "again.csv")                              # a good file: the page's messages go
    ok(at)
    assert not at.main.error and not any("good.csv" in i.value for i in at.main.info)


@pytest.mark.parametrize("page", ["pages/confusion.py", "pages/pr.py"])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_first_upload_refused_says_why_on_the_page_too(page, lang):
    """With no data loaded yet, a refused file's reason shows on the page as well as in the sidebar: on a
    phone the sidebar is closed, and the page said only "pick or upload data in the sidebar first"."""
    at = run(page, source="upload", lang=lang)
    assert not at.main.error                                   # nothing refused yet: the hint alone
    upload(at, BAD_FILES["non_numeric"], "bad.csv")
    ok(at)
    reason = at.sidebar.error[0].value
    assert "'abc'" in reason and [e.value for e in at.main.error] == [reason]
    assert bool(re.search(r"[\u4e00-\u9fff]", reason)) == (lang == "zh")
    hint = "请先在左侧边栏选择或上传数据。" if lang == "zh" else "Pick or upload data in the sidebar first."
    assert any(i.value == hint for i in at.main.info)
    upload(at, GOOD, "good.csv")                               # a good file: no refusal, no hint left on the page
    ok(at)
    assert not at.main.error and not any(i.value == hint for i in at.main.info)


def test_ambiguous_labels_ask_for_the_positive_label():
    at = run("pages/confusion.py", source="upload", lang="en")
    upload(at, b"y,m\nA,0.3\nB,0.2\nA,0.9\n")
    assert "Which label is the positive class" in at.sidebar.error[0].value
    widget(at.sidebar.selectbox, "_w_pos_pick").set_value("B")
    at.sidebar.button(key="_w_pos_apply").click().run()
    ok(at)
    ps = at.session_state["ds_upload"]
    assert ps.pos_label == "B" and ps.n_pos == 1
    assert not at.sidebar.error


def test_data_survives_a_page_switch():
    at = run("pages/confusion.py", source="upload", lang="en")
    upload(at, GOOD)
    state = {k: at.session_state[k] for k in ("ds_upload", "ds_upload_token", "source", "lang", "thresholds")}
    at2 = run("pages/home.py", **state)
    ok(at2)
    at3 = run("pages/confusion.py", **state)
    ok(at3)
    assert "m1" in at3.sidebar.multiselect[0].options


def test_multiclass_kappa_example_and_bad_upload():
    at = run("pages/confusion.py", lang="en")
    assert r"= 0.400" in "\n".join(f for f in latex(at) if "kappa" in f)
    widget(at.radio, "_w_mc_source").set_value("upload").run()
    at.file_uploader(key="_w_mc_upload").set_value(("x.csv", b"a,b,c\n1,2,3\n", "text/csv")).run()
    ok(at)
    assert any("predicted-label" in e.value for e in at.error)
    at.file_uploader(key="_w_mc_upload").set_value(
        ("y.csv", b"y_true,y_pred\ncat,cat\ndog,cat\nbird,bird\n", "text/csv")).run()
    ok(at)
    assert not at.error


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_macro_micro_note_says_whether_its_two_numbers_differ(lang):
    """The review: with one model the note showed 0.444 and 0.444 and said "in general a different number".
    The note now says what its two numbers do: differ (the synthetic data's two models), agree to the three
    decimals shown (breast cancer's three models), or agree because there is one matrix."""
    def note(at):
        ok(at)
        text, = [e.value for e in at.info if "f1_score(average=" in e.value]
        macro, mean = re.findall(r"= (\d\.\d{3})", text)[:2]
        return text, macro == mean

    text, same = note(run("pages/confusion.py", source="synthetic", lang=lang))
    assert not same and ("a different number here" in text or "这里就是另一个数" in text)
    at = run("pages/confusion.py", source="breast-cancer", lang=lang)
    text, same = note(at)
    assert same and ("equal here to three decimals" in text or "在三位小数内恰好相同" in text)
    at.session_state["models"] = at.session_state["models"][:1]
    text, same = note(at.run())
    assert same and ("the same with one matrix" in text or "只有一个矩阵时两者相同" in text)


def test_upload_over_the_size_limit_is_refused_with_its_own_message(monkeypatch):
    import ui as ui_module

    monkeypatch.setattr(ui_module.core.data, "UPLOAD_LIMIT_MB", 0)      # any file is "too large"
    at = run("pages/confusion.py", source="upload", lang="en")
    at.sidebar.file_uploader(key="_w_upload").set_value(("big.csv", GOOD, "text/csv")).run()
    ok(at)
    assert "the limit is 0 MB" in at.sidebar.error[0].value
    assert "ds_upload" not in at.session_state            # nothing was loaded


@pytest.mark.parametrize("page", [p.path for p in ui.PAGES if p.needs == "predictions"])
def test_every_data_page_runs_on_the_horse_colic_source(page):
    at = run(page, source="horse-colic", lang="en")
    ok(at)
    assert "AdaBoost (10 stumps)" in at.sidebar.multiselect[0].options          # a built-in name, in the language
    assert at.session_state["models"][0] == "adaboost-10"                       # the key stays the data's own


def test_presenter_mode_writes_the_trust_simulations_rates_in_the_back_rows_size():
    """The rates written beside the trust simulation's bars stayed at 14 px on a projector while the names
    beside them grew to the ticks' 18 px; in presenter mode they are the ticks' size, elsewhere the names'
    size too (the figures' type, 17 px; they were 14)."""
    from evalcore.figures.style import FONT
    from ui.core.charts import PRESENTER_FONT

    for presenter, size in ((True, PRESENTER_FONT["tick"]), (False, FONT["size"])):
        at = run("pages/trust.py", presenter=presenter)
        ok(at)
        (rates,) = [t for t in figure(at, "trust_sim")["data"] if t.get("mode") == "text"]
        assert rates["textfont"]["size"] == size and rates["text"][0].startswith("0.")


def test_presenter_mode_leaves_room_for_the_iso_f_labels():
    """In presenter mode's larger text the iso-F labels at the curves' right
    end need a wider right margin; the square plot shrinks rather than
    stretching its [0, 1] range."""

    at = run("pages/pr.py", presenter=True)
    ok(at)
    spec = figure(at, "pr_fig")
    assert spec["layout"]["margin"]["r"] == 90 and spec["layout"]["yaxis"]["constrain"] == "domain"
    assert any(a["text"].startswith("F1=") for a in spec["layout"]["annotations"])
