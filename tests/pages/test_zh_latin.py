"""Issue 32 item 13: no English in the Chinese pages.  Every page, section,
ROC mode and exercise runs under AppTest in zh; the text a student reads
(markdown, captions, message boxes, headings, widget labels and options,
metrics, table headers and text cells, figure titles, axis titles, legend
names and annotations) is scanned for words of Latin letters.  Allowed:
formulas ($…$, LaTeX elements, typeset formulas), code in backticks, names
the user typed (none here: built-in data only), and a short allow-list of
symbols and abbreviations the book itself writes in Latin letters."""
import json
import re

import pytest
from apptest_utils import figures, ok, run

from ui.core import settings  # What may stay in Latin letters in a Chinese page, and why:
ALLOWED = set(
    # the book's own symbols and abbreviations (it writes them in Latin letters too)
    """AUC ROC PR P-R BEP AP F1 Fβ TP FP TN FN TPR FPR FNR TNR k-NN kNN CV LOO OOB acc bias var max min s.t
    ŷ log cost norm cost_norm E Var Bin sd SD SE RI ARI MI NMI AMI MAE MSE RMSE LRAP ROPE macro-P micro-P z-score cv
    """
    # people and methods named after them
    """McNemar Friedman Nemenyi DeLong Wilcoxon Bonferroni Holm Dietterich Demšar Nadeau Bengio Benavoli Bayes
    Clopper Pearson Cohen Cohen's Brier Hamming Jaccard Rand Gauss Student Efron Tibshirani Kohavi Domingos
    AdaBoost Fisher Yates Youden Mann Whitney
    """
    # software and formats named as such
    """scikit-learn sklearn scipy SciPy statsmodels mlxtend baycomp pROC R KaTeX CSV UTF-8 GBK PNG SVG HTML
    """
    # the language switch ("语言 / Language", its option "English") and the presenter keys
    """Language English PageDown PageUp Home End
    """.split())
# symbols with an index (x1, e01, y2, f3, A1), code (a name with _ or ., camelCase), numbers
SYMBOL = re.compile(r"[A-Za-z]{1,2}\d+|[A-Za-z]|.*[_.].*|[a-z]+[A-Z]\w*|[A-Z]{1,4}")
LATIN = re.compile(r"[A-Za-zÀ-ÖØ-öø-ž][A-Za-zÀ-ÖØ-öø-ž0-9_'’.\-]*")
# formulas, code, HTML tags, link targets, addresses: not prose
MATH = re.compile(r"\$\$.*?\$\$|\$[^$]*\$|`[^`]*`|<[^>]+>|\]\([^)]*\)|https?://\S+|5×2cv", re.S)


def visible(at) -> list[str]:
    """The text a student reads (editable tables excluded: their cells are the student's data)."""
    out = []
    for kind in ("markdown", "caption", "info", "success", "warning", "error", "title", "header", "subheader"):
        out += [e.value for e in getattr(at, kind) if "<style" not in e.value]
    for m in at.metric:
        out += [m.label, m.value, m.help or ""]
    for kind in ("slider", "select_slider", "selectbox", "radio", "multiselect", "segmented_control",
                 "number_input", "checkbox", "toggle", "button", "text_input"):
        for w in getattr(at, kind):
            out += [getattr(w, "label", "") or "", getattr(w, "help", "") or ""]
            out += [str(o) for o in (getattr(w, "options", None) or [])]
    for df in list(at.dataframe) + list(at.table):
        if getattr(df.proto, "editing_mode", 0):
            continue
        v = df.value
        out += [str(c) for c in v.columns]
        out += [str(x) for col in v.columns if v[col].dtype == object for x in v[col]]
    for f in figures(at):
        lay = f["spec"].get("layout", {})
        title = lay.get("title")
        out.append(title.get("text", "") if isinstance(title, dict) else str(title or ""))
        for ax in [k for k in lay if k.startswith(("xaxis", "yaxis"))]:
            t = lay[ax].get("title")
            out.append(t.get("text", "") if isinstance(t, dict) else str(t or ""))
            out += [str(x) for x in lay[ax].get("ticktext", []) or []]
        out += [a.get("text", "") for a in lay.get("annotations", [])]
        traces = f["spec"].get("data", [])
        out += [tr.get("name", "") or "" for tr in traces if tr.get("showlegend", True) is not False]
        out += [str(x) for tr in traces if isinstance(tr.get("text"), list) for x in tr["text"]]
    return [s for s in out if isinstance(s, str) and s]


def latin_words(texts) -> set[str]:
    found = set()
    for s in texts:
        for w in LATIN.findall(MATH.sub(" ", s)):
            w = w.strip("'’-.")
            if w and w not in ALLOWED and not SYMBOL.fullmatch(w):
                found.add(w)
    return found


PAGES = ["home", "confusion", "pr", "roc", "cost", "methods", "biasvar", "lab", "trust", "compare", "exercises"]


def runs():
    for p in PAGES:
        yield p, {}
    for sec in settings.COMPARE_SECTIONS:
        yield "compare", {"compare.section": sec}
    for sec in settings.LAB_SECTIONS:
        yield "lab", {"lab.section": sec}
    for mode in ("four", "grid", "full"):
        yield "roc", {"roc_mode": mode}
    for n in settings.EXERCISES:
        yield "exercises", {"exercises.open": n, f"exercises.shown.{n}": True}
    for src in ("breast-cancer", "watermelon", "synthetic", "horse-colic"):
        yield "confusion", {"source": src}


@pytest.mark.parametrize("page, state", list(runs()), ids=lambda v: v if isinstance(v, str) else json.dumps(v))
def test_no_latin_words_in_zh_pages(page, state):
    at = run(f"pages/{page}.py", lang="zh", **state)
    ok(at)
    assert not latin_words(visible(at))


def test_built_in_names_are_translated_and_a_users_names_are_not():
    """The breast-cancer models and classes read 逻辑回归 / 恶性 in zh (English in en); an uploaded
    file whose columns are also called logistic / malignant keeps them as written."""
    at = run("pages/confusion.py", lang="zh", source="breast-cancer")
    ok(at)
    assert "逻辑回归" in at.sidebar.multiselect[0].options and "logistic" not in at.sidebar.multiselect[0].options
    assert any("恶性" in m.value for m in at.sidebar.markdown)
    en = run("pages/confusion.py", lang="en", source="breast-cancer")
    assert "logistic regression" in en.sidebar.multiselect[0].options
    at = run("pages/confusion.py", lang="zh", source="upload")
    at.sidebar.file_uploader(key="_w_upload").set_value(
        ("u.csv", b"y,logistic\nmalignant,0.9\nbenign,0.2\nmalignant,0.6\nbenign,0.4\n", "text/csv")).run()
    ok(at)
    assert at.sidebar.multiselect[0].options == ["logistic"]
    assert any("malignant" in m.value for m in at.sidebar.markdown)


@pytest.mark.parametrize("lang, cell, count", [("zh", "一格", "计数"), ("en", "one cell", "count")])
def test_exercise_words_follow_the_language(lang, cell, count):
    """2.5's area of one cell, 2.9's header; 2.6 names its model in a phrase, not as "P(+):", and by the name
    the legends give it (the nine-sample example's "P(+)" is shown as "example learner": as "P(+)" it read as
    the probability beside the cost curve's P(+)cost axis)."""
    from apptest_utils import latex
    at = run("pages/exercises.py", lang=lang, **{"exercises.open": "2.5", "exercises.shown.2.5": True})
    assert any(rf"\text{{{cell}}}" in f for f in latex(at))
    at = run("pages/exercises.py", lang=lang, **{"exercises.open": "2.9", "exercises.shown.2.9": True})
    assert list(at.dataframe[0].value.columns) == [count]
    at = run("pages/exercises.py", lang=lang, **{"exercises.open": "2.6", "exercises.shown.2.6": True})
    answer = at.success[0].value
    assert "P(+)" not in answer and ("「示例学习器」" if lang == "zh" else "“example learner”") in answer
