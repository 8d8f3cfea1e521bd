"""The metrics lab under AppTest: every section renders, editing a table
changes the number, a bad cell gives a message for that table and keeps the
last good result; AMI, NMI and subset accuracy against scikit-learn."""
import numpy as np
import pytest
from apptest_utils import figures, latex, metrics, ok, run, section, shown, widget

import evalcore as ec
from evalcore.presets import LAB_TABLES

SECTIONS = ("loss", "multilabel", "regression", "clustering")


def page(name, lang="en", **state):
    return section("lab", name, lang, **state)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("section", SECTIONS)
def test_every_section_renders(lang, section):
    at = page(section, lang)
    assert latex(at)
    if section in ("regression", "clustering"):          # the clustering figure drawn in place (its phone layout)
        assert len(figures(at)) == 1


@pytest.mark.parametrize("lang, names", [("zh", ["猫", "狗", "兔"]), ("en", ["cat", "dog", "rabbit"])])
def test_the_three_class_table_names_its_classes_in_the_pages_language(lang, names):
    """The multi-class log loss table: its class columns and the true class's choices are named in the page's
    language (the review: cat / dog / rabbit in the Chinese page), and the table keeps the classes' own names,
    so a language switch keeps an edit and the number."""
    import json

    at = page("loss", lang)
    editor = next(d for d in at.dataframe if "rabbit" in list(d.value.columns))
    config = json.loads(editor.proto.columns)
    assert [config[c]["label"] for c in ("cat", "dog", "rabbit")] == names
    assert [o["label"] for o in config["y"]["type_config"]["options"]] == names
    assert [o["value"] for o in config["y"]["type_config"]["options"]] == ["cat", "dog", "rabbit"]
    before = latex(at)
    at.session_state["lab.table.multi"] = {"y": ["dog", "cat"], "cat": [0.2, 0.5], "dog": [0.7, 0.3],
                                           "rabbit": [0.1, 0.2]}
    at.run()
    value = "0.5249"                                     # -(ln 0.7 + ln 0.5) / 2
    assert value not in " ".join(before) and value in " ".join(latex(at))
    at.sidebar.radio[0].set_value("en" if lang == "zh" else "zh").run()
    ok(at)
    assert value in " ".join(latex(at))


def test_editing_a_table_changes_the_number_and_the_bias_slider_moves_r2_not_ev():
    at = page("regression")
    before = metrics(at)["MAE"]
    at.session_state["lab.table.regression"] = {"y": [1.0, 2.0, 3.0, 4.0], "yhat": [1.5, 2.5, 2.0, 4.5]}
    at.run()
    ok(at)
    r = ec.regression_scores([1.0, 2.0, 3.0, 4.0], [1.5, 2.5, 2.0, 4.5])
    assert metrics(at)["MAE"] == f"{r.mae:.4f}" != before
    ev, r2 = metrics(at)["Explained variance"], metrics(at)["R²"]
    widget(at.slider, "_w_lab.bias").set_value(2.0).run()
    assert metrics(at)["Explained variance"] == ev and metrics(at)["R²"] != r2


# ------------------------------------------------------------- item 11: each bad input in its table's words
BAD = [
    # (table, bad table, English words, Chinese words)
    ("binary", {"y": [1, 0, 1], "p": [0.9, 1.5, 0.3]}, "a probability lies between 0 and 1", "概率应在 0 到 1 之间"),
    ("binary", {"y": [1, 2, 1], "p": [0.9, 0.5, 0.3]}, "one of 0, 1", "只能是 0, 1 之一"),
    ("multi", {"y": ["cat", "horse"], "cat": [0.7, 0.1], "dog": [0.2, 0.8], "rabbit": [0.1, 0.1]},
     "one of cat, dog, rabbit", "只能是猫、狗、兔之一"),         # the classes as the select box names them
    ("hinge", {"y": [1, 0, 1], "w": [1.4, -0.3, 0.2]}, "one of -1, 1", "只能是 -1, 1 之一"),
]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("name,bad,en,zh", BAD, ids=[f"{b[0]}-{i}" for i, b in enumerate(BAD)])
def test_a_bad_loss_table_is_worded_for_that_table_and_the_formulas_stay(lang, name, bad, en, zh):
    at = page("loss", lang)
    before = latex(at)
    at.session_state[f"lab.table.{name}"] = bad
    at.run()
    ok(at)
    msgs = [e.value for e in at.error]
    assert len(msgs) == 1 and (en if lang == "en" else zh) in msgs[0], msgs
    assert "load_predictions" not in msgs[0] and "error rate" not in msgs[0]
    assert latex(at) == before                                # every formula stays, with the last good values


@pytest.mark.parametrize("lang,words", [("en", "one of 0, 1"), ("zh", "只能是 0, 1 之一")])
def test_a_multilabel_cell_of_5_keeps_every_measure(lang, words):
    at = page("multilabel", lang)
    before = metrics(at)
    bad = {**LAB_TABLES["labels"], "y2": [0, 5, 1, 0]}
    at.session_state["lab.table.labels"] = bad
    at.run()
    ok(at)
    assert any(words in e.value and "y2" in e.value for e in at.error)
    assert metrics(at) == before and latex(at)


# ------------------------------------------------------------- item 17
def test_subset_accuracy_is_shown_and_matches_scikit_learn():
    from sklearn.metrics import accuracy_score

    at = page("multilabel")
    t = LAB_TABLES["labels"]
    Y = np.column_stack([t["y1"], t["y2"], t["y3"]])
    P = (np.column_stack([t["f1"], t["f2"], t["f3"]]) >= 0.5).astype(int)
    assert metrics(at)["Subset accuracy"] == f"{accuracy_score(Y, P):.4f}"
    assert 0 < accuracy_score(Y, P) < 1                                   # the preset shows a strict miss


def test_subset_accuracy_against_scikit_learn_on_random_label_sets():
    from sklearn.metrics import accuracy_score

    rng = np.random.default_rng(0)
    for _ in range(30):
        n, L = rng.integers(1, 12), rng.integers(1, 5)
        Y, P = rng.integers(0, 2, (n, L)), rng.integers(0, 2, (n, L))
        assert ec.subset_accuracy(Y, P) == pytest.approx(accuracy_score(Y, P))


AVERAGES = ("min", "geometric", "arithmetic", "max")
ZERO_INFO = [([0, 0, 0, 0], [0, 0, 1, 1]), ([1] * 6, list(range(6))), (list(range(6)), [1] * 6),
             ([2, 2, 2], [0, 1, 1])]


@pytest.mark.parametrize("average", AVERAGES)
@pytest.mark.parametrize("u,v", ZERO_INFO)
def test_ami_and_nmi_are_exactly_zero_when_one_labelling_is_one_cluster(u, v, average):
    from sklearn.metrics import adjusted_mutual_info_score, normalized_mutual_info_score

    assert ec.adjusted_mutual_information(u, v, average=average) == 0.0 == adjusted_mutual_info_score(
        u, v, average_method=average)
    assert ec.normalized_mutual_information(u, v, average=average) == pytest.approx(
        normalized_mutual_info_score(u, v, average_method=average), abs=1e-12)


@pytest.mark.parametrize("average", AVERAGES)
def test_ami_against_scikit_learn_on_random_labellings(average):
    from sklearn.metrics import adjusted_mutual_info_score

    rng = np.random.default_rng(1)
    for _ in range(25):
        n = int(rng.integers(2, 30))
        u, v = rng.integers(0, rng.integers(1, 5), n), rng.integers(0, rng.integers(1, 5), n)
        assert ec.adjusted_mutual_information(u, v, average=average) == pytest.approx(
            adjusted_mutual_info_score(u, v, average_method=average), abs=1e-9)


def test_the_nmi_switch_visibly_changes_the_value_on_the_preset():
    from sklearn.metrics import normalized_mutual_info_score

    t = LAB_TABLES["clusters"]
    at = page("clustering")
    shown = {}
    for avg in ui_averages():
        widget(at.radio, "_w_lab.nmi").set_value(avg).run()
        ok(at)
        shown[avg] = metrics(at)["NMI"]
        assert shown[avg] == f"{normalized_mutual_info_score(t['class'], t['cluster'], average_method=avg):.4f}"
    assert len(set(shown.values())) == len(shown)
    assert abs(float(shown["geometric"]) - float(shown["arithmetic"])) >= 0.01      # visible at two decimals


def ui_averages():
    import ui

    return ui.NMI_AVERAGES


def test_clustering_pairs_match_evalcore():
    at = page("clustering")
    from pages_lab_presets import PRESET

    pc = ec.pair_counts(PRESET["class"], [str(c) for c in PRESET["cluster"]])
    assert f"a = {pc.a}" in "\n".join(c.value for c in at.caption)


def test_the_cluster_legend_names_colour_and_shape_apart():
    from apptest_utils import figure

    spec = figure(page("clustering", "zh"), "lab_clusters")
    groups = {t.get("legendgroup"): t.get("legendgrouptitle", {}).get("text") for t in spec["data"]
              if t.get("legendgroup")}
    assert groups == {"colour": "颜色 = 聚类结果的簇", "shape": "形状 = 真实类别"}
    points = [t for t in spec["data"] if t.get("showlegend") is False]
    assert all(t["textposition"] == "middle center" for t in points)      # numbers inside their markers


@pytest.mark.parametrize("source", ["breast-cancer", "horse-colic"])
def test_log_loss_on_the_current_data(source):
    from evalcore import datasets

    at = page("loss", source=source)
    ps = datasets.resolve(source)
    table = next(d.value for d in at.dataframe if "model" in list(d.value.columns))
    raw = {shown(m): m for m in ps.models}                       # the table names the models as the figures do
    for name, value in zip(table.iloc[:, 0], table.iloc[:, 1]):
        s = ps.scores[raw[name]]
        if s.min() >= 0 and s.max() <= 1:
            assert value == f"{ec.log_loss(ps.y, s):.4f}"
        else:
            assert "not probabilities" in value


def test_formula_words_are_in_the_users_language():
    text = "\n".join(latex(page("regression", "zh")) + latex(page("multilabel", "zh")))
    for english in ("explained", "textbook", "coverage", "ranking"):
        assert english not in text
    assert "解释方差" in text and "教材" in text and "涵盖误差" in text and "排序损失" in text


@pytest.mark.parametrize("page_file, key, value", [("pages/lab.py", "lab.section", "regression"),
                                                   ("pages/compare.py", "compare.section", "t"),
                                                   ("pages/compare.py", "compare.alpha", 0.01)])
def test_clicking_the_chosen_option_again_keeps_it(page_file, key, value):
    """A segmented control deselects on a second click (its value None): the
    section (or alpha) stays and the page draws (it raised KeyError: None)."""
    at = run(page_file, lang="en", **{key: value})
    ok(at)
    widget(at.segmented_control, "_w_" + key).set_value(None).run()
    ok(at)
    assert at.session_state[key] == value
    at.run()
    ok(at)
    assert widget(at.segmented_control, "_w_" + key).value == value
