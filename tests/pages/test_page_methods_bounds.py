"""The evaluation-methods page at every (data set x learner x control at its
bounds): each combination runs, or says on the page why it cannot, and the
rest of the page and every setting stay (issue 32 item 1: watermelon with
k-NN, k = 5, trained a fold of 4 samples and the page stopped with
Streamlit's English error box)."""
import datetime
import os

import pytest
from apptest_utils import ok, run, widget

from ui.parts import methods as experiments
SETS = ("watermelon", "breast-cancer", "gaussian")
LEARNERS = (("logistic", {}), ("tree", {"methods.depth": 1}), ("tree", {"methods.depth": 12}),
            ("knn", {"methods.neighbors": 1}), ("knn", {"methods.neighbors": 25}))
# the other controls at one end or the other (each spread depends on the data, learner and stratification;
# frac, k, p, leave-one-out and n change what is drawn around them)
LOW = {"methods.frac": 0.1, "methods.stratify": True, "methods.loo": True, "methods.n": 30, "methods.m": 5,
       "methods.tune_stage": 0}
HIGH = {"methods.frac": 0.9, "methods.stratify": False, "methods.loo": False, "methods.k": 20, "methods.p": 10,
        "methods.n": 200, "methods.m": 1000, "methods.tune_stage": 2}
HEADERS = {"zh": ("自助法", "留出法", "交叉验证", "真值", "调参"),
           "en": ("bootstrap", "hold-out", "cross-validation", "truth", "final model")}


@pytest.fixture
def small(monkeypatch):
    """The page's experiments made small (fewer repeats and fresh points): the
    combinations are what is tested, not the estimates; the caches are
    emptied after, so no other test sees the small results."""
    monkeypatch.setattr(experiments, "HOLDOUT_REPEATS", 1)
    monkeypatch.setattr(experiments, "CV_REPEATS", 1)
    monkeypatch.setattr(experiments, "TRUTH_REPEATS", 2)
    monkeypatch.setattr(experiments, "TRUTH_BOOTS", 2)
    monkeypatch.setattr(experiments, "TRUTH_DRAWS", 500)
    yield
    for f in (experiments.holdout_spread, experiments.cv_by_k, experiments.truth_study, experiments._truth_points):
        f.clear()


def _headers(at):
    return " ".join(h.value for h in at.header)


# one language per combination, alternating (a language changes no computation; the sentences of both
# languages at the bounds are tested below); a third of the (data set x learner x end) combinations a day,
# every learner and every data set among them (LAB_SWEEP, as the browser sweeps: all 30 over three days'
# runs, or with LAB_SWEEP=all): 10 page runs, the fast loop's largest part
SWEEP = os.environ.get("LAB_SWEEP", str(datetime.date.today().toordinal()))
CASES = [(fs, learner, end, ("zh", "en")[(i + (end == "high")) % 2]) for j, fs in enumerate(SETS)
         for i, learner in enumerate(LEARNERS) for k, end in enumerate(("low", "high"))
         if SWEEP == "all" or (i + j + 2 * k + int(SWEEP)) % 3 == 0]


@pytest.mark.parametrize("fs, learner, end, lang", CASES,
                         ids=[f"{c[0]}-{c[1][0]}{list(c[1][1].values())}-{c[2]}-{c[3]}" for c in CASES])
def test_every_combination_runs_and_keeps_the_page_and_its_settings(fs, learner, end, lang, small):
    state = {"methods.fs": fs, "methods.learner": learner[0], **learner[1], **(LOW if end == "low" else HIGH),
             "methods.truth_on": True}
    at = run("pages/methods.py", lang=lang, **state)
    ok(at)
    assert not at.error, [e.value for e in at.error]
    for h in HEADERS[lang]:                                         # every section is drawn
        assert h.lower() in _headers(at).lower(), (h, _headers(at))
    for key, value in state.items():                                # and no setting was overwritten
        assert at.session_state[key] == value, key
    assert any("Closest to the truth" in m.value or "离真值最近" in m.value for m in at.markdown)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_knn_larger_than_a_training_set_says_so_and_a_small_k_does_not(lang, small):
    """Watermelon: the hold-out at a test fraction of 0.9 trains on 2 melons;
    k = 5 lets both vote, and the page says so (a caption naming k and 2);
    k = 1 needs no such sentence."""
    least = experiments.smallest_training_set("watermelon", True)
    assert least == 2
    at = run("pages/methods.py", lang=lang, **{"methods.fs": "watermelon", "methods.learner": "knn"})
    ok(at)
    said = [c.value for c in at.caption if "k = 5" in c.value and f"{least} " in c.value]
    assert said and ("投票" in said[0] if lang == "zh" else "vote" in said[0])
    widget(at.slider, "_w_methods.neighbors").set_value(1).run()
    ok(at)
    assert not [c.value for c in at.caption if "k = 1 " in c.value]


def test_k_out_of_a_data_sets_range_keeps_the_setting_the_link_shows(small):
    """k = 12 on breast cancer, then watermelon (k at most 8): the slider shows
    8 and k-fold uses 8, while the setting stays 12 (the link says m.k = 12) and
    comes back on breast cancer; moving the slider is what changes it."""
    at = run("pages/methods.py", lang="en", **{"methods.k": 12})
    widget(at.selectbox, "_w_methods.fs").set_value("watermelon").run()
    ok(at)
    assert widget(at.slider, "_w_methods.k").value == 8 and at.session_state["methods.k"] == 12
    assert at.query_params["m.k"] in ("12", ["12"])
    widget(at.selectbox, "_w_methods.learner").set_value("knn").run()
    widget(at.selectbox, "_w_methods.learner").set_value("tree").run()      # the switch back
    ok(at)
    assert widget(at.slider, "_w_methods.depth").value == 3 and widget(at.slider, "_w_methods.k").value == 8
    widget(at.selectbox, "_w_methods.fs").set_value("breast-cancer").run()
    assert widget(at.slider, "_w_methods.k").value == 12
    widget(at.selectbox, "_w_methods.fs").set_value("watermelon").run()
    widget(at.slider, "_w_methods.k").set_value(5).run()
    assert at.session_state["methods.k"] == 5


# ---------------------------------------------------------------- issue 32 item 7: labels that follow the settings
def _truth_title(at):
    import json
    fig = json.loads(next(c for c in at.get("plotly_chart") if "methods_truth" in c.proto.id).proto.spec)
    return fig["layout"]["title"]["text"], fig


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_truth_figure_says_how_many_training_sets_the_study_used(lang, small, monkeypatch):
    for repeats in (2, 3):
        monkeypatch.setattr(experiments, "TRUTH_REPEATS", repeats)
        at = run("pages/methods.py", lang=lang, **{"methods.fs": "gaussian", "methods.learner": "logistic",
                                                   "methods.n": 30, "methods.truth_on": True})
        ok(at)
        title, fig = _truth_title(at)
        assert f"{repeats} " in title and ("训练集" in title if lang == "zh" else "training sets" in title)
        assert "20" not in title
        # the zero line's label stands right of the plot, where no box can cover it
        label = next(a for a in fig["layout"]["annotations"] if a["text"] == ("无偏" if lang == "zh" else "unbiased"))
        assert label["xref"] == "paper" and label["x"] >= 1 and label["xanchor"] == "left"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_learner_box_names_no_setting_and_the_stale_note_names_the_one_run(lang, small):
    at = run("pages/methods.py", lang=lang, **{"methods.learner": "tree", "methods.depth": 8,
                                               "methods.fs": "gaussian", "methods.n": 30})
    box = widget(at.selectbox, "_w_methods.learner")
    shown = list(box.options)                                # the labels the browser shows
    assert not any(ch.isdigit() for o in shown for ch in o), shown        # no "depth 3" or "k = 5" in the box
    at.button(key="methods_truth_run").click().run()
    for depth in (8, 5):                                     # the study ran at the depth shown, whatever it is
        widget(at.select_slider, "_w_methods.n").set_value(50).run()
        note = " ".join(w.value for w in at.warning)
        assert (f"深度 {depth}" if lang == "zh" else f"depth {depth}") in note, note
        widget(at.select_slider, "_w_methods.n").set_value(30).run()
        widget(at.slider, "_w_methods.depth").set_value(5).run()
        at.button(key="methods_truth_run").click().run()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_spread_and_histogram_titles_count_what_was_run(lang, small, monkeypatch):
    """The hold-out and k-fold spreads said "30 random splits" and "5 repeated
    CVs" while the page ran 10 and 2: each title now counts the result's columns."""
    import json

    def title(at, key):
        chart = next(c for c in at.get("plotly_chart") if key in c.proto.id)
        return json.loads(chart.proto.spec)["layout"]["title"]["text"]

    for repeats in (1, 2):
        monkeypatch.setattr(experiments, "HOLDOUT_REPEATS", repeats)
        monkeypatch.setattr(experiments, "CV_REPEATS", repeats + 1)
        experiments.holdout_spread.clear()                  # cached per arguments, not per these constants
        experiments.cv_by_k.clear()
        at = run("pages/methods.py", lang=lang, **{"methods.fs": "watermelon", "methods.learner": "logistic"})
        ok(at)
        spread, kspread = title(at, "methods_spread"), title(at, "methods_kspread")
        assert spread.startswith(f"{repeats} ") or f"of {repeats} random" in spread
        assert f"重复 {repeats + 1} 次" in kspread or f"repeated {repeats + 1} times" in kspread
        assert "10,000" in title(at, "methods_hist")
