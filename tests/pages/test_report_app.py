"""The sidebar's report under AppTest: every number it holds equals what the
pages show for the same state (confusion, P-R and cost pages), for built-in
data and an upload, in both languages; built only when asked."""
import json
import re

import pytest
from apptest_utils import metrics, ok, run, text_tables

TOKEN = "builtin:breast-cancer"
MODELS = ["logistic", "naive_bayes", "tree_depth2"]
# the pages show the built-in models' names in the page's language (the report keeps the data's own names)
SHOWN = {"en": dict(zip(MODELS, ("logistic regression", "naive Bayes", "decision tree (depth 2)"))),
         "zh": dict(zip(MODELS, ("逻辑回归", "朴素贝叶斯", "决策树(深度 2)")))}
STATE = dict(source="breast-cancer", models=MODELS, beta=2.0, cost01=5.0, cost10=1.0,
             thresholds={f"{TOKEN}|logistic": 0.3, f"{TOKEN}|naive_bayes": 0.8, f"{TOKEN}|tree_depth2": 0.5},
             **{f"cost_p|{TOKEN}": 0.3})


def prepared(at) -> dict:
    """Press "Prepare a report" and return the numbers inside the HTML."""
    assert "_report" not in at.session_state                       # nothing built before it is asked for
    assert not at.get("download_button")
    at.sidebar.button(key="_w_report_prepare").click().run()
    ok(at)
    assert at.get("download_button")
    key, html, name = at.session_state["_report"]
    page = html.decode("utf-8")
    assert name.endswith(".html") and "<script>alert" not in page
    raw = re.search(r'<script type="application/json" id="report-numbers">(.*?)</script>', page, re.S).group(1)
    return json.loads(raw)


def f3(x):
    return "—" if x is None else f"{x:.3f}"


def f4(x):
    return f"{x:.4f}"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_report_numbers_equal_the_confusion_page(lang):
    at = run("pages/confusion.py", lang=lang, **STATE)
    ok(at)
    n = prepared(at)
    assert n["report"]["lang"] == lang and n["settings"]["beta"] == 2.0
    by = {SHOWN[lang][m["name"]]: m["operating_points"]["current"] for m in n["models"]}
    cur = by[SHOWN[lang]["logistic"]]                                # the model the page shows first
    shown = [m.value for m in at.metric][:4]        # (a later "Accuracy" belongs to the K x K section)
    assert shown == [f3(cur["accuracy"]), f3(cur["precision"]), f3(cur["recall"]), f3(cur["f1"])]
    table = text_tables(at)[0]                                       # every model at its threshold
    assert len(table) == len(MODELS)
    for row in table:
        name, threshold = list(row.values())[:2]
        op = by[name]
        assert [row["TP"], row["FP"], row["TN"], row["FN"]] == [str(op[k]) for k in ("tp", "fp", "tn", "fn")]
        assert [row["P"], row["R"], row["F1"]] == [f3(op["precision"]), f3(op["recall"]), f3(op["f1"])]
        assert threshold == f"{op['threshold']:.4g}"
    assert n["link"].split("?")[1].count("source=breast-cancer") == 1


def test_report_numbers_equal_the_pr_page():
    at = run("pages/pr.py", lang="en", **STATE)
    ok(at)
    n = prepared(at)
    table = at.dataframe[0].value
    rows = list(table.iloc[:, 0])
    for m in n["models"]:
        col = list(table[SHOWN["en"][m["name"]]])            # the columns name the models as the legend does
        f1 = m["operating_points"]["f1_optimal"]
        assert col[rows.index("BEP")] == f4(m["bep"])
        assert col[rows.index("AP")] == f4(m["average_precision"])
        assert col[rows.index("max F1")] == f4(f1["f1"])
        assert col[rows.index("threshold of max F1")] == f"{f1['threshold']:.4g}"
        cur = m["operating_points"]["current"]
        assert col[5:7] == [f3(cur["precision"]), f3(cur["recall"])]


def test_report_numbers_equal_the_cost_page():
    at = run("pages/cost.py", lang="en", **STATE)
    ok(at)
    n = prepared(at)
    s = n["settings"]
    assert (s["cost01"], s["cost10"], s["prior"]) == (5.0, 1.0, 0.3)
    shown = {k.replace("\\_", "_"): v for k, v in metrics(at).items()}    # labels escape names for Markdown
    first = n["models"][0]
    ops = first["operating_points"]
    assert shown["Cost error now"] == f4(ops["current"]["cost"])
    assert shown["Least cost error"] == f4(ops["cost_optimal"]["cost"])
    assert shown["Best threshold"] == f"{ops['cost_optimal']['threshold']:.6g}"
    for m in n["models"]:
        assert shown[f"Expected total cost of {SHOWN['en'][m['name']]}"] == f4(m["expected_total_cost"])


def test_report_of_an_upload_says_it_cannot_travel_and_a_flipped_model_is_flipped():
    at = run("pages/confusion.py", source="upload", lang="zh")
    at.sidebar.file_uploader(key="_w_upload").set_value(
        ("<b>x</b>.csv", b"y,m1,m2\n1,0.9,0.2\n0,0.1,0.6\n1,0.7,0.1\n0,0.4,0.8\n1,0.6,0.3\n", "text/csv"))
    at.run()
    ok(at)
    at.session_state["flipped"] = {at.session_state["ds_upload_token"] + "|m2"}
    at.run()
    n = prepared(at)
    assert n["data"]["name"] == "<b>x</b>.csv" and n["data"]["source"] == "upload" and n["link"] is None
    assert n["settings"]["flipped"] == ["m2"]
    html = at.session_state["_report"][1].decode()
    assert "无法放进链接" in html and "&lt;b&gt;x&lt;/b&gt;.csv" in html
    assert at.session_state["_report"][2] == "report-b_x_b-zh.html"
    m2 = next(m for m in n["models"] if m["name"] == "m2")
    assert m2["auc"] == 1.0                                        # -s ranks this model perfectly
    # a changed state drops the prepared report; downloading it drops it too
    at.session_state["beta"] = 3.0
    at.run()
    assert "_report" not in at.session_state and not at.get("download_button")


def test_report_auc_equals_the_roc_page_and_its_figure():
    from apptest_utils import figures

    at = run("pages/roc.py", lang="en", roc_mode="full", **STATE)
    ok(at)
    n = prepared(at)
    names = [tr.get("name", "") for f in figures(at) for tr in f["spec"]["data"]]
    for m in n["models"]:
        assert f"{SHOWN['en'][m['name']]} (AUC = {m['auc']:.3f})" in names


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_report_names_built_in_models_as_the_page_does(lang):
    """The page says 逻辑回归 / logistic regression; the report's HTML now says the same (its
    numbers stay keyed by the data's names, and an upload's names are never relabelled)."""
    at = run("pages/confusion.py", lang=lang, **STATE)
    ok(at)
    n = prepared(at)
    assert n["settings"]["labels"] == SHOWN[lang]
    html = at.session_state["_report"][1].decode("utf-8")
    assert SHOWN[lang]["naive_bayes"] in html and ">naive_bayes<" not in html
