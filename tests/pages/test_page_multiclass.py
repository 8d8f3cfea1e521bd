"""The multi-class page under AppTest (issue 35): every section in both
languages, its numbers against scikit-learn, the sentence on macro and
micro both ways, the cost matrix, a click on a class's curve, uploads good
and bad, and links that carry every control."""
import json
import re

import numpy as np
import pytest
from apptest_utils import click, figure, latex, metrics, ok, round_trip, run, widget
from sklearn.metrics import accuracy_score, cohen_kappa_score, f1_score, roc_auc_score

import evalcore as ec

PAGE = "pages/multiclass.py"
K = "multiclass."
SECTIONS = ("decisions", "averages", "curves", "probabilities")


def _page(lang="en", **state):
    at = run(PAGE, lang=lang, **{K + k: v for k, v in state.items()})
    ok(at)
    assert not at.error, [e.value for e in at.error]
    return at


def _table(at, column: str):
    """The first table on the page with ``column`` (an editor is a table too)."""
    return next(d.value for d in [*at.dataframe, *at.table] if column in d.value.columns)


def _text(at) -> str:
    return "\n".join([e.value for kind in ("markdown", "caption", "info", "subheader", "header")
                      for e in getattr(at, kind) if not e.value.startswith("<style>")])


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("section", SECTIONS)
def test_every_section_runs_in_both_languages(lang, section):
    at = _page(lang, section=section, source="digits" if section == "curves" else "iris")
    assert at.title[0].value == ("多分类评估:宏平均、微平均与代价" if lang == "zh" else
                                 "Multi-class evaluation: macro, micro and costs")
    shown = _text(at)
    assert bool(re.search(r"[\u4e00-\u9fff]", shown)) == (lang == "zh")


def test_decisions_equal_scikit_learn():
    at = _page(section="decisions")
    ms = ec.builtin_multiclass("iris")
    pred = ms.scores["logistic"].argmax(axis=1)
    m = metrics(at)
    assert m["Accuracy"] == f"{accuracy_score(ms.y, pred):.3f}"
    assert m["κ"] == f"{cohen_kappa_score(ms.y, pred):.3f}"
    assert float(m["Cost-sensitive error"]) == pytest.approx(1 - accuracy_score(ms.y, pred), abs=1e-4)
    rows = _table(at, "F1")
    assert rows["F1"].tolist() == [f"{v:.3f}" for v in f1_score(ms.y, pred, average=None)]


def test_a_cost_matrix_moves_the_bayes_decision_and_its_cost():
    cost = "0,1,1;1,0,20;1,1,0"              # calling a virginica versicolor costs 20
    at = _page(section="decisions", rule="bayes", cost=cost, model="naive_bayes")
    ms = ec.builtin_multiclass("iris")
    p = ms.scores["naive_bayes"]
    c = ec.parse_cost_text(cost, 3)
    want = (p @ c).argmin(axis=1)
    assert float(metrics(at)["Cost-sensitive error"]) == pytest.approx(c[ms.y, want].mean(), abs=1e-4)
    assert any(f"{c[ms.y, want].sum():g}" in e for e in latex(at))
    assert at.query_params["mc.cost"] == cost and at.query_params["mc.rule"] == "bayes"
    # an edit in the editor (the cell versicolor -> virginica set to 7) goes into the matrix and the link
    edit = {"edited_rows": {"1": {"virginica": 7}}, "added_rows": [], "deleted_rows": []}
    at = run(PAGE, lang="en", **{K + "section": "decisions", "_w_multiclass.cost_table": edit})
    ok(at)
    assert at.session_state[K + "cost"] == "0,1,1;1,0,7;1,1,0" and at.query_params["mc.cost"] == "0,1,1;1,0,7;1,1,0"
    # a bad cell (or an added row) keeps the last good matrix, with a sentence
    for bad in ({"edited_rows": {"0": {"setosa": -3}}, "added_rows": [], "deleted_rows": []},
                {"edited_rows": {}, "added_rows": [{"setosa": 1}], "deleted_rows": []}):
        at = run(PAGE, lang="en", **{K + "section": "decisions", K + "cost": cost, "_w_multiclass.cost_table": bad})
        ok(at)
        assert at.session_state[K + "cost"] == cost
        assert any("last good cost matrix" in e.value for e in at.error)


def test_the_macro_micro_sentence_follows_the_numbers():
    at = _page(section="averages", source="imbalanced")
    text = _text(at)
    assert "is below micro-F1" in text and "rare" in text
    ms = ec.builtin_multiclass("imbalanced")
    cm = ec.confusion_matrix(ms.y, ms.scores["logistic"].argmax(axis=1), labels=[0, 1, 2])
    both = ec.macro_micro_both(cm)
    assert f"macro-F1 = **{both.ovr.macro_f1:.3f}**" in text
    pred = ms.scores["logistic"].argmax(axis=1)
    sk = f1_score(ms.y, pred, average='macro')
    assert f"`f1_score(average=\"macro\")` = **{sk:.3f}**" in text
    assert f"{sk:.3f}" != f"{both.ovr.macro_f1:.3f}" and "not the book's macro-F1" in text     # two numbers
    at = _page(section="averages", source="iris")
    assert "differ by less than 0.01" in _text(at)
    # iris: the two macro-F1 agree to three decimals, and the note says so (it said "not the book's" beside them)
    ms = ec.builtin_multiclass("iris")
    pred = ms.scores["logistic"].argmax(axis=1)
    book = ec.macro_micro_both(ec.confusion_matrix(ms.y, pred, labels=[0, 1, 2])).ovr.macro_f1
    assert f"{f1_score(ms.y, pred, average='macro'):.3f}" == f"{book:.3f}"
    assert "equal here to three decimals" in _text(at) and "not the book's" not in _text(at)
    tex = latex(at)
    assert sum("macro-}P" in e for e in tex) == 2 and sum("micro-}F1" in e for e in tex) == 2   # ovr and ovo


def test_the_intervals_column_is_there_only_with_the_intervals():
    """An empty "95 %" column took a phone's width (its header cut to "95 '") while the intervals were off."""
    for ci in (False, True):
        at = _page(section="curves", source="iris", ci=ci)
        assert ("95 %" in _table(at, "AUC").columns) == ci and ("95 %" in _table(at, "Value").columns) == ci


def test_curves_auc_table_equals_scikit_learn_and_a_click_sets_the_class_threshold():
    at = _page(section="curves", source="wine", ci=True)
    ms = ec.builtin_multiclass("wine")
    p = ms.scores["logistic"]
    averages = _table(at, "Value")
    assert averages["Value"].tolist()[:2] == [f"{roc_auc_score(ms.y, p, multi_class='ovr', average=a):.3f}"
                                              for a in ("macro", "weighted")]
    assert averages["Value"].tolist()[3] == f"{roc_auc_score(ms.y, p, multi_class='ovo'):.3f}"
    assert averages["95 %"].tolist()[0].startswith("[")
    fig = figure(at, "multiclass_curves")
    views = ec.class_views(ms.y, p)
    j = 4
    click(at, "multiclass_curves", 2, j)                  # trace 2 = class 2, its 5th drawn point
    ok(at)
    assert at.session_state[K + "class"] == 2
    thr = float(views.roc[2].thresholds[j])
    assert at.session_state[K + "thr"] == thr
    counts = ec.threshold_counts(ms.y == 2, p[:, 2]).at(thr)
    two = figure(at, "multiclass_2x2")
    assert f"<b>{counts.tp:,}</b>" in json.dumps(two)
    assert at.query_params["mc.cls"] == "2" and float(at.query_params["mc.thr"]) == pytest.approx(thr, rel=1e-9)
    assert len([t for t in fig["data"] if t.get("mode") == "lines+markers"]) == 3


def test_probabilities_table_equals_scikit_learn():
    from sklearn.metrics import log_loss, top_k_accuracy_score

    at = _page(section="probabilities", source="digits", topk=3)
    ms = ec.builtin_multiclass("digits")
    rows = _table(at, "Log loss")
    p = ms.scores["logistic"]
    assert rows["Log loss"].tolist()[0] == f"{log_loss(ms.y, p, labels=range(10)):.3f}"
    assert rows["top-3 accuracy"].tolist()[0] == f"{top_k_accuracy_score(ms.y, p, k=3, labels=range(10)):.3f}"
    assert figure(at, "multiclass_reliability")


LINK = {"mc.src": (K + "source", "wine"), "mc.sec": (K + "section", "curves"), "mc.model": (K + "model", "tree_depth2"),
        "mc.rule": (K + "rule", "bayes"), "mc.cost": (K + "cost", "0,2,1;1,0,1;1,3,0"), "mc.curve": (K + "curve", "pr"),
        "mc.cls": (K + "class", 1), "mc.thr": (K + "thr", 0.25), "mc.ci": (K + "ci", True), "mc.k": (K + "topk", 3)}


def test_a_link_carries_every_control():
    fresh = round_trip(PAGE, LINK)
    assert widget(fresh.number_input, "_w_multiclass_thr_n").value == 0.25


def test_links_with_bad_values_still_open():
    from streamlit.testing.v1 import AppTest
    from apptest_utils import ROOT

    at = AppTest.from_file(str(ROOT / PAGE), default_timeout=60)
    for name, value in {"mc.src": "nope", "mc.cost": "0,1;x", "mc.cls": "999", "mc.thr": "nan", "mc.k": "0",
                        "mc.sec": "curves"}.items():
        at.query_params[name] = value
    at.run()
    ok(at)
    assert at.session_state[K + "source"] == "iris" and K + "cost" not in at.session_state


def _upload_script(data: bytes, lang: str):
    import types

    import ui
    from ui.parts import multiclass as part
    ui.SS["lang"] = lang
    good = types.SimpleNamespace(file_id="good", name="good.csv",
                                 getvalue=lambda: b"y,a:x,a:y\nx,0.9,0.1\ny,0.2,0.8\nx,0.6,0.4\n")
    ui.handle_upload(part.UPLOAD, good, part.parse_upload)
    bad = types.SimpleNamespace(file_id="bad", name="bad.csv", getvalue=lambda: data)
    ui.handle_upload(part.UPLOAD, bad, part.parse_upload)
    ui.upload_status(part.UPLOAD)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("kind", ["models", "classes", "label"])
def test_a_bad_upload_is_refused_by_name_and_the_last_good_stays(kind, lang):
    from streamlit.testing.v1 import AppTest

    from ui.protect import limits

    if kind == "models":
        cols = [f"m{i}:{c}" for i in range(limits.MC_MODELS + 1) for c in ("x", "y")]
        data = ("y," + ",".join(cols) + "\n" + "x," + ",".join(["0.5"] * len(cols)) + "\n").encode()
        want = {"en": "at most 3", "zh": "最多接受 3"}
    elif kind == "classes":
        k = limits.MC_CLASSES + 1
        data = ("y," + ",".join(f"c{i}" for i in range(k)) + "\nc0," + ",".join(["0.1"] * k) + "\n").encode()
        want = {"en": f"at most {limits.MC_CLASSES}", "zh": f"最多接受 {limits.MC_CLASSES}"}
    else:
        data = b"y,a:x,a:y\nx,0.9,0.1\nz,0.2,0.8\n"
        want = {"en": "label(s) 'z' of column 'y'", "zh": "标签 'z' 没有"}      # the names quoted, not a list
    at = AppTest.from_function(_upload_script, args=(data, lang), default_timeout=60).run()
    ok(at)
    errors = [e.value for e in at.error]
    assert errors and want[lang] in errors[0], errors
    assert bool(re.search(r"[\u4e00-\u9fff]", errors[0])) == (lang == "zh")
    assert at.session_state[K + "upload_name"] == "good.csv"
    assert at.session_state[K + "upload"].classes == ["x", "y"]


@pytest.mark.parametrize("bad", [b"\x00\xff" * 500,                                   # binary
                                 b"y,a:x,a:y\rx,0.9,0.1\rz,0.2,0.8\r"])              # bare CR, a label without a column
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_refused_file_is_said_on_the_page_too_while_the_last_good_stays(lang, bad):
    """helper-27: after a good file, a refused one was said only in the sidebar; once a phone's sidebar
    closed, the page showed the earlier data with no sign of it.  The page says it too, above that data."""
    at = run("pages/multiclass.py", lang=lang, **{K + "source": "upload"})
    box = at.sidebar.file_uploader(key="_w_multiclass_upload")
    box.set_value(("good.csv", b"y,a:x,a:y\nx,0.9,0.1\ny,0.2,0.8\nx,0.6,0.4\n", "text/csv")).run()
    ok(at)
    assert not at.main.error
    at.sidebar.file_uploader(key="_w_multiclass_upload").set_value(("bad.csv", bad, "text/csv")).run()
    ok(at)
    errors = [e.value for e in at.sidebar.error]
    assert errors and [e.value for e in at.main.error] == errors[:1]
    kept = {"zh": "仍在使用之前成功载入的数据:good.csv", "en": "Still using the data loaded before: good.csv"}[lang]
    assert any(kept in i.value for i in at.main.info) and at.session_state[K + "upload_name"] == "good.csv"


def test_an_uploaded_file_is_shown_with_its_names_inert_and_kept_out_of_the_link():
    ms = ec.load_multiclass(b"label,m:[a](www.x.org),m:*b*,m:c\n[a](www.x.org),0.7,0.2,0.1\n*b*,0.1,0.8,0.1\n"
                            b"c,0.2,0.2,0.6\nc,0.3,0.3,0.4\n")
    at = _page(source="upload", upload=ms, upload_token="mcupload:t", section="curves")
    assert "mc.src" not in at.query_params and "mc.model" not in at.query_params
    assert not at.query_params.get("mc.thr")
    table = _table(at, "AUC")
    assert table["Class"].tolist() == ["[a](www.x.org)", "*b*", "c"]          # shown as written, a cell
    names = [t.get("name", "") for t in figure(at, "multiclass_curves")["data"]]
    assert "[a](www.x.org) (AUC = 1.000)" in names and not any("<a" in n for n in names)
    assert at.session_state[K + "upload_model"] == "m"
    # an upload's class, threshold and costs stay out of the link (they would land on another data set)
    click(at, "multiclass_curves", 1, 1)
    ok(at)
    assert at.session_state[K + "upload_class"] == 1 and K + "class" not in at.session_state
    assert not [p for p in at.query_params if p in ("mc.cls", "mc.thr", "mc.cost")], dict(at.query_params)


@pytest.mark.parametrize("source", ["iris", "wine", "digits", "imbalanced"])
@pytest.mark.parametrize("section", SECTIONS)
def test_no_latin_words_in_the_chinese_page(section, source):
    """As tests/pages/test_zh_latin.py for the other pages: a built-in set's classes and models read in
    Chinese; Hand & Till are people, like the names allowed there."""
    from test_zh_latin import latin_words, visible

    at = _page("zh", section=section, source=source, ci=True)
    assert not latin_words(visible(at)) - {"Hand", "Till"}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_rule_formula_is_the_rule_applied(lang):
    """The decision section's formula is the rule the confusion matrix below was made with: argmax's
    for argmax, the Bayes rule's for a Bayes decision of probabilities, and argmax's again when Bayes is
    asked of scores that are not probabilities (the page says it fell back).  It once showed the Bayes
    rule whatever was chosen."""
    def rule_formulas(at):
        return [f.strip("$\n") for f in latex(at) if r"d(x) = \arg" in f]
    assert rule_formulas(_page(lang, section="decisions", rule="argmax")) == [r"d(x) = \arg\max_{j}\; s_j(x)"]
    bayes = rule_formulas(_page(lang, section="decisions", rule="bayes", model="naive_bayes"))
    assert len(bayes) == 1 and r"\arg\min_{j}" in bayes[0] and r"\mathrm{cost}_{ij}" in bayes[0]
    scores = ec.load_multiclass(b"label,m:a,m:b,m:c\na,3,1,0\nb,0,2,1\nc,1,0,4\nc,0,1,2\n")   # not probabilities
    at = _page(lang, source="upload", upload=scores, upload_token="mcupload:s", section="decisions", rule="bayes")
    assert rule_formulas(at) == [r"d(x) = \arg\max_{j}\; s_j(x)"]
    assert at.info, "the fallback is said"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_scores_that_are_not_probabilities_get_no_expected_cost_formula_or_its_note(lang):
    """The review: after an upload of scores that are not probabilities, the expected cost's formula ended
    in "= nan" (the number above it said "—"), and its note still said the Bayes decision makes that cost
    least.  Both are the probabilities' only; for probabilities they are there."""
    note = {"en": "the Bayes decision makes the expected cost least", "zh": "贝叶斯决策使预期代价最小"}[lang]

    def expected_formulas(at):
        return [f for f in latex(at) if r"p_i(x)" in f]
    scores = ec.load_multiclass(b"label,m:a,m:b,m:c\na,3,1,0\nb,0,2,1\nc,1,0,4\nc,0,1,2\n")   # not probabilities
    at = _page(lang, source="upload", upload=scores, upload_token="mcupload:n", section="decisions")
    shown = latex(at) + [c.value for c in at.caption] + [str(m.value) for m in at.metric]
    assert not [s for s in shown if re.search(r"\bnan\b", s, re.I)], shown
    assert not expected_formulas(at) and not any(note in c.value for c in at.caption)
    at = _page(lang, section="decisions", model="naive_bayes")
    assert len(expected_formulas(at)) == 1 and any(note in c.value for c in at.caption)
    assert not any(re.search(r"\bnan\b", f, re.I) for f in latex(at))


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("data", [b"", b"y,a:x,a:y\n"])
def test_an_empty_file_is_told_this_uploaders_format_and_not_that_no_file_came(data, lang):
    """The review: an empty file got the binary uploader's "one score column per model", and below the
    error the sidebar said "No file uploaded yet"."""
    at = run("pages/multiclass.py", lang=lang, **{K + "source": "upload"})
    at.sidebar.file_uploader(key="_w_multiclass_upload").set_value(("e.csv", data, "text/csv")).run()
    ok(at)
    errors = [e.value for e in at.sidebar.error]
    assert errors and ("<model>:<class>" in errors[0] or "<模型>:<类别>" in errors[0]), errors
    infos = " ".join(i.value for i in at.sidebar.info)
    assert "No file uploaded yet" not in infos and "还没有上传文件" not in infos
    # the page itself says it too (a phone's sidebar is closed), above what to do
    assert [e.value for e in at.main.error] == errors[:1] and at.main.info
    # before any file: "none yet" is what there is to say, and the page has no error
    fresh = run("pages/multiclass.py", lang=lang, **{K + "source": "upload"})
    assert any(("No file uploaded yet" in i.value or "还没有上传文件" in i.value) for i in fresh.sidebar.info)
    assert not fresh.main.error and fresh.main.info


@pytest.mark.parametrize("model, side", [("logistic", "more"), ("naive_bayes", "less")])
def test_the_expected_cost_sentence_says_which_number_is_larger(model, side):
    """The review: "close values mean well-calibrated probabilities" stood beside 0.1564 against 0.0400,
    with no word on what those two said.  Oracle, 0-1 costs and the argmax decision: the error is the share
    misclassified (scikit-learn), the expected cost the mean of 1 - p of the class decided."""
    from ui.parts import multiclass as part

    at = run("pages/multiclass.py", lang="en", **{K + "source": "iris", K + "model": model})
    ok(at)
    ms = part._builtin("iris")
    p = ms.scores[model]
    pred = p.argmax(axis=1)
    error = 1 - accuracy_score(ms.y, pred)
    expected = float(np.mean(1 - p.max(axis=1)))
    assert (expected > error) == (side == "more")                  # the case meant
    sentence, = [c.value for c in at.caption if c.value.startswith("Here the")]
    assert f"{expected:.4f}" in sentence and f"{error:.4f}" in sentence
    assert (", more than the" in sentence) == (side == "more") and (", less than the" in sentence) == (side == "less")


@pytest.mark.parametrize("source, k", [("iris", 3), ("digits", 10)])
def test_on_a_phone_the_class_curves_legend_stands_under_the_plot(source, k):
    """In the plot's corner the legend (a line per class, the diagonal, the two averages) covered half of a
    phone's plot, all of it with digits' ten classes.  The figure's narrow layout puts it under the x axis
    title, the figure taller by its lines.  Wider, it stays in the corner up to six classes; ten classes'
    thirteen lines covered most of a laptop's plot there, so they stand under it too, a few entries a line."""
    at = _page(section="curves", source=source)
    spec = figure(at, "multiclass_curves")
    narrow = spec["layout"]["meta"]["narrow"]["layout"]
    names = [t["name"] for t in spec["data"] if t.get("showlegend") is not False and t.get("name")]
    assert len(names) == k + 3 and narrow["legend.y"] < 0 and narrow["legend.yanchor"] == "top"
    assert narrow["height"] >= 420 + 20 * len(names) and narrow["margin.b"] >= 20 * len(names)
    wide = spec["layout"]["legend"]
    if k <= 6:
        assert wide.get("y", 1) >= 0 and wide.get("orientation", "v") == "v"      # in the plot's corner
    else:
        assert wide["y"] < 0 and wide["orientation"] == "h" and wide["yanchor"] == "top"


def test_a_pair_matrix_title_names_each_class_on_its_own_line():
    """"对 维吉尼亚鸢尾" on one line ran into the next pair's title on a phone: the pair's two classes and the word
    between them are three lines; a tile writes its count under its name ("TN 100" was cut by its cell)."""
    at = _page("zh", section="averages", source="iris")
    spec = figure(at, "multiclass_ovo")
    titles = [a["text"] for a in spec["layout"]["annotations"]]
    assert "山鸢尾<br>对<br>维吉尼亚鸢尾" in titles and all(t.count("<br>") == 2 for t in titles)
    cells = [c for t in spec["data"] for row in t["text"] for c in row]
    assert all(re.fullmatch(r"(TP|FN|FP|TN)<br>[\d,]+", c) for c in cells), cells[:4]


def test_the_macro_formulas_stand_on_two_lines_with_the_classes_precisions():
    """With ten classes the macro-P and macro-R formulas ran off a phone's screen on one line (typeset at 55 %
    and cut).  Each is now its definition over its sum filled; with more than five classes the sum shows the
    first three classes' values, dots and the last class's, as scikit-learn computes them.  An undefined
    precision (a class never predicted) is written as a dash; it was written as a tab and 'ext{—}'."""
    from sklearn.metrics import precision_score

    from ui.parts import multiclass as part

    at = _page(section="averages", source="digits")
    ms = ec.builtin_multiclass("digits")
    p = precision_score(ms.y, ms.scores["logistic"].argmax(axis=1), average=None)
    tex = latex(at)
    definition = next(i for i, e in enumerate(tex) if "macro-}P" in e)
    assert r"\sum" in tex[definition] and "=" not in tex[definition].split(r"P_i")[-1]
    terms = [f"{v:.3f}" for v in (*p[:3], p[-1])]
    assert tex[definition + 1].lstrip("$ \n").startswith("=") and r"\frac{1}{10}" in tex[definition + 1]
    assert " + ".join([*terms[:3], r"\cdots", terms[3]]) in tex[definition + 1]
    assert tex[definition + 1].rstrip("$ \n").endswith(f"= {p.mean():.3f}")
    undefined = part._terms([0.5, float("nan")])
    assert undefined == r"0.500 + \text{—}" and "\t" not in undefined
