"""The P-R and ROC pages under AppTest: the book's walk, AUC four ways, clicks,
the shared threshold, and awkward data."""
import json
import re

import numpy as np
import pytest
from apptest_utils import click, figure, latex, metrics, ok, run, shown, widget
from sklearn import metrics as skm

import evalcore as ec
from evalcore import datasets


def test_next_walks_the_books_points_to_auc_0_4():
    at = run("pages/roc.py", lang="en")
    ok(at)
    book = [(0, 0), (.2, 0), (.2, .25), (.4, .25), (.6, .25), (.6, .5), (.8, .5), (.8, .75), (.8, 1), (1, 1)]
    for k in range(1, 10):
        at.button(key="roc_next").click().run()
        ok(at)
        m = metrics(at)
        assert (float(m["FPR"]), float(m["TPR"])) == pytest.approx(book[k], abs=1e-3), k
    assert any(r"= \mathrm{AUC}" in e and "0.4000" in e for e in latex(at))
    at.button(key="roc_prev").click().run()
    assert metrics(at)["FPR"] == "0.800" and metrics(at)["TPR"] == "1.000"
    at.button(key="roc_reset").click().run()
    assert metrics(at)["TP"] == "0"


@pytest.mark.parametrize("source, auc", [("seed-5", 5 / 6), ("seed-4", 0.75)])
def test_step_mode_reproduces_other_seed_examples(source, auc):
    at = run("pages/roc.py", lang="en", source=source)
    at.slider(key=next(s.key for s in at.slider if s.key.startswith("_w_roc_slider"))).set_value(
        at.slider[0].max).run()
    ok(at)
    assert any(f"{auc:.4f}" in e and "AUC" in e for e in latex(at))


def test_auc_four_ways_are_equal_and_right():
    at = run("pages/roc.py", lang="en", source="breast-cancer", roc_mode="four")
    ok(at)
    ps = datasets.breast_cancer()
    values = [float(m.value) for m in at.metric if m.label == "AUC"]
    assert len(values) == 4 * 3
    for i, model in enumerate(ps.models):
        four = values[4 * i:4 * i + 4]
        assert max(four) - min(four) < 1e-12
        assert four[0] == pytest.approx(skm.roc_auc_score(ps.y, ps.scores[model]), abs=1e-11)


def test_rank_grid_matches_rank_loss():
    at = run("pages/roc.py", lang="en", roc_mode="grid")
    ok(at)
    assert any(r"\frac{12}{4 \times 5} = 0.6000" in e.value for e in at.latex)


def test_click_on_roc_sets_the_shared_threshold_and_confusion_page_sees_it():
    at = run("pages/roc.py", lang="en", source="seed-9", roc_mode="full")
    ok(at)
    click(at, "roc_full", 0, 5)      # point 5: threshold 0.5 (x5 x2 x7 x4 x1 in)
    ok(at)
    assert at.session_state["thresholds"]["builtin:seed-9|P(+)"] == 0.5
    click(at, "roc_full", 0, 3)      # point 3: threshold 0.7
    assert at.session_state["thresholds"]["builtin:seed-9|P(+)"] == 0.7
    state = {k: at.session_state[k] for k in ("thresholds", "source", "lang")}
    cm = run("pages/confusion.py", **state)
    ok(cm)
    assert widget(cm.number_input, "_w_thr_n|P(+)").value == 0.7
    m = metrics(cm)
    assert (m["Precision P"], m["Recall R"]) == ("0.333", "0.250")   # x5 x2 x7: 1 TP, 2 FP


def test_click_on_pr_curve_sets_threshold_exactly():
    at = run("pages/pr.py", lang="en", source="breast-cancer")
    ok(at)
    ps = datasets.breast_cancer()
    tc = ec.threshold_counts(ps.y, ps.scores["naive_bayes"])
    view = ec.pr_view(tc)
    click(at, "pr_fig", 1, 7)
    ok(at)
    assert at.session_state["thresholds"]["builtin:breast-cancer|naive_bayes"] == view.thresholds[7]


def test_pr_page_shows_bep_and_ap_of_breast_cancer_models():
    at = run("pages/pr.py", lang="en", source="breast-cancer")
    ok(at)
    ps = datasets.breast_cancer()
    table = at.dataframe[0].value
    rows = dict(zip(table["measure"], range(len(table))))
    for model in ps.models:
        ap = skm.average_precision_score(ps.y, ps.scores[model])
        assert float(table[shown(model)][rows["AP"]]) == pytest.approx(ap, abs=5e-5)
        # BEP: precision of the top n_pos when no tie at the cut (checked by sorting here)
        order = np.argsort(-ps.scores[model], kind="stable")
        top = ps.y[order][:ps.n_pos].mean()
        bep = float(table[shown(model)][rows["BEP"]])     # the columns name the models as the legend does
        assert bep == pytest.approx(ec.break_even_point(ps.y, ps.scores[model]), abs=5e-5)
        if len(np.unique(ps.scores[model])) == ps.n:
            assert bep == pytest.approx(top, abs=5e-5)
    text = "\n".join(m.value for m in at.markdown)
    assert re.search(r"(encloses|cross)", text)


def test_flip_offer_for_auc_below_half():
    at = run("pages/roc.py", lang="en")       # the 9-sample table has AUC 0.4
    ok(at)
    assert any("AUC = 0.400 < 0.5" in w.value for w in at.warning)
    at.checkbox(key="_w_flip|P(+)").check().run()
    ok(at)
    widget(at.radio, "_w_roc_mode").set_value("four").run()
    assert float(next(m.value for m in at.metric if m.label == "AUC")) == pytest.approx(0.6)


def test_large_data_steps_by_groups_and_stays_light():
    at = run("pages/roc.py", lang="en", source="synthetic", syn_n=100_000)
    ok(at)
    assert any("each of the 60 steps" in i.value for i in at.info)
    widget(at.radio, "_w_roc_mode").set_value("full").run()
    ok(at)
    spec = figure(at, "roc_full")
    for trace in spec["data"][:2]:
        n = len(trace["x"]) if isinstance(trace["x"], list) else trace["x"]["bdata"] and len(
            __import__("base64").b64decode(trace["x"]["bdata"])) // 4
        assert n <= 2000
        assert len(json.dumps(trace)) < 70_000


AWKWARD = {
    "all_equal": b"y,m\n1,0.5\n0,0.5\n1,0.5\n0,0.5\n",
    "single_positive": b"y,m\n1,0.9\n0,0.5\n0,0.4\n0,0.3\n0,0.1\n",
    "constant_model": b"y,good,flat\n1,0.9,1\n0,0.1,1\n1,0.8,1\n0,0.3,1\n",
    "duplicates": b"y,m\n" + b"".join(b"%d,%.1f\n" % (i % 2, (i % 3) / 2) for i in range(60)),
    "reversed": b"y,m\n1,0.1\n0,0.9\n1,0.2\n0,0.8\n",
}


@pytest.mark.parametrize("name", list(AWKWARD))
@pytest.mark.parametrize("page", ["pages/pr.py", "pages/roc.py", "pages/confusion.py"])
def test_awkward_data_draws_without_error(name, page):
    at = run(page, lang="en", source="upload")
    at.sidebar.file_uploader(key="_w_upload").set_value(("a.csv", AWKWARD[name], "text/csv")).run()
    ok(at)
    assert not at.sidebar.error
    if page.endswith("roc.py"):
        for mode in ("four", "grid", "full", "step"):
            widget(at.radio, "_w_roc_mode").set_value(mode).run()
            ok(at)
            if mode == "step":
                for _ in range(3):
                    if at.button(key="roc_next").disabled:   # at the end of the walk
                        break
                    at.button(key="roc_next").click().run()
                    ok(at)


def test_all_equal_scores_is_one_diagonal_step():
    at = run("pages/roc.py", lang="en", source="upload")
    at.sidebar.file_uploader(key="_w_upload").set_value(("a.csv", AWKWARD["all_equal"], "text/csv")).run()
    widget(at.radio, "_w_roc_mode").set_value("step").run()
    at.button(key="roc_next").click().run()
    ok(at)
    assert any("tie" in m.value for m in at.markdown)
    assert (metrics(at)["FPR"], metrics(at)["TPR"]) == ("1.000", "1.000")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_steps_sentence_counts_what_the_step_took_in(lang):
    """The review: "1 false positive(s) come in".  Steps of 2 TP, 1 FP, 1 TP, 2 FP, then a tie of one of
    each: every sentence names the step's own counts (read from the TP / FP numbers beside it), in the
    singular for one, and never "(s)"."""
    at = run("pages/roc.py", lang=lang, source="upload")
    at.sidebar.file_uploader(key="_w_upload").set_value(
        ("a.csv", b"y,m\n1,0.9\n1,0.9\n0,0.8\n1,0.7\n0,0.6\n0,0.6\n1,0.5\n0,0.5\n", "text/csv")).run()
    widget(at.radio, "_w_roc_mode").set_value("step").run()
    en = {(2, 0): "2 **true positives** come in", (0, 1): "1 **false positive** comes in",
          (1, 0): "1 **true positive** comes in", (0, 2): "2 **false positives** come in",
          (1, 1): "1 positive and 1 negative **tie**"}
    zh = {(2, 0): "新划入 2 个**真正例**", (0, 1): "新划入 1 个**假正例**", (1, 0): "新划入 1 个**真正例**",
          (0, 2): "新划入 2 个**假正例**", (1, 1): "有 1 个正例和 1 个反例**并列**"}
    before = (0, 0)
    for want in [(2, 0), (0, 1), (1, 0), (0, 2), (1, 1)]:
        at.button(key="roc_next").click().run()
        ok(at)
        now = (int(metrics(at)["TP"]), int(metrics(at)["FP"]))
        assert (now[0] - before[0], now[1] - before[1]) == want          # the step is the case meant
        words = " ".join(m.value for m in at.markdown)
        assert (en if lang == "en" else zh)[want] in words and "(s)" not in words
        before = now


@pytest.mark.parametrize("page", ["pages/pr.py", "pages/roc.py"])
def test_language_switch(page):
    at = run(page)
    zh = at.title[0].value
    at.sidebar.radio[0].set_value("en").run()
    ok(at)
    assert at.title[0].value != zh and not re.search(r"[\u4e00-\u9fff]", at.title[0].value)


@pytest.mark.parametrize("page", ["pages/pr.py", "pages/roc.py"])
def test_bad_upload_keeps_data(page):
    at = run(page, lang="zh", source="upload")
    at.sidebar.file_uploader(key="_w_upload").set_value(("g.csv", AWKWARD["single_positive"], "text/csv")).run()
    at.sidebar.file_uploader(key="_w_upload").set_value(("b.csv", b"y,a\n1,0.2\n0,inf\n", "text/csv")).run()
    ok(at)
    assert re.search(r"[\u4e00-\u9fff]", at.sidebar.error[0].value)
    assert at.session_state["ds_upload"].n == 5


def test_pr_marks_max_f1_and_max_fbeta_when_beta_is_not_one():
    at = run("pages/pr.py", lang="en", source="breast-cancer", beta=2.0)
    ok(at)
    spec = figure(at, "pr_fig")
    symbols = [t.get("marker", {}).get("symbol") for t in spec["data"]]
    assert symbols.count("triangle-up") == 3 and symbols.count("star") == 3
    ps = datasets.breast_cancer()
    table = at.dataframe[0].value
    row = list(table["measure"]).index("max Fβ (β=2)")
    for m in ps.models:
        f2 = max(skm.fbeta_score(ps.y, (ps.scores[m] >= t).astype(int), beta=2) for t in np.unique(ps.scores[m]))
        assert float(table[shown(m)][row]) == pytest.approx(f2, abs=5e-5)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_roc_table_names_the_model_as_its_legend_does(lang):
    """The table beside the ROC figure named the watermelon model 'logit-LOO' while the legend said
    '逻辑回归(留一法)' (a browser review): it now shows the legend's name."""
    at = run("pages/roc.py", lang=lang, source="watermelon", roc_mode="full")
    ok(at)
    name = shown("logit-LOO", lang)
    assert name != "logit-LOO"
    table = next(d.value for d in at.dataframe if "AUC" in list(d.value.columns))
    assert list(table.iloc[:, 0]) == [name]
    assert figure(at, "roc_full")["data"][0]["name"].startswith(name)
