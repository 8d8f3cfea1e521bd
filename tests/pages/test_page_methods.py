"""The evaluation-methods page under AppTest."""
import pytest
import numpy as np
from apptest_utils import round_trip, latex, metrics, ok, run, widget

import evalcore as ec


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_bootstrap_skip_shows_the_evalcore_oob_fraction(lang):
    at = run("pages/methods.py", lang=lang, **{"methods.m": 1000})
    ok(at)
    at.button(key="methods_skip").click().run()
    ok(at)
    want = ec.bootstrap_sample(1000, seed=0).oob_fraction
    assert f"{want:.3f}" in metrics(at).values()
    assert f"{ec.expected_oob_fraction(1000):.4f}" in metrics(at).values()


def test_play_steps_the_draws_and_reset_and_new_sample_work():
    at = run("pages/methods.py", lang="en", **{"methods.m": 10})
    widget(at.toggle, "_w_methods.play").set_value(True).run()
    ok(at)
    assert int(at.session_state["methods.step"]) >= 1
    at.button(key="methods_reset").click().run()
    assert at.session_state["methods.step"] == 0
    at.button(key="methods_new").click().run()
    assert at.session_state["methods.seed"] == 1


def test_play_turns_itself_off_at_the_end_and_when_idle(monkeypatch):
    """A Play left running would rerun its fragment every 0.4 s for as long as the tab is open."""
    from ui.protect import limits
    at = run("pages/methods.py", lang="en", **{"methods.m": 5})
    widget(at.toggle, "_w_methods.play").set_value(True).run()
    for _ in range(6):                    # each run takes a step, as the timed reruns do
        at.run()
    ok(at)
    assert at.session_state["methods.step"] == 5 and at.session_state["methods.play"] is False
    monkeypatch.setattr(limits, "PLAY_IDLE_S", 0.0)      # idle: the next run switches it off
    at.button(key="methods_reset").click().run()
    widget(at.toggle, "_w_methods.play").set_value(True).run()
    at.run()
    assert at.session_state["methods.play"] is False and at.session_state["methods.step"] < 5


def test_moving_m_k_and_the_test_fraction_updates_without_error():
    at = run("pages/methods.py", lang="en", **{"methods.fs": "watermelon"})
    ok(at)
    widget(at.select_slider, "_w_methods.m").set_value(200).run()
    widget(at.slider, "_w_methods.frac").set_value(0.5).run()
    widget(at.slider, "_w_methods.k").set_value(5).run()
    ok(at)
    assert "Models to train" in metrics(at)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_k_is_bound_by_the_smallest_class_and_the_page_says_why(lang):
    """Watermelon (8 bad, 9 good melons): the k slider ends at 8, a k from
    before is shown brought down to it (the setting itself stays: see
    test_page_methods_bounds.py), and the caption names the smallest class."""
    import numpy as np

    import ui

    smallest = int(np.bincount(ui.feature_set("watermelon").y).min())
    at = run("pages/methods.py", lang=lang, **{"methods.fs": "watermelon", "methods.k": 12})
    ok(at)
    k = widget(at.slider, "_w_methods.k")
    assert k.max == smallest == k.value == 8 and at.session_state["methods.k"] == 12
    assert not at.error
    assert any(f"{smallest}" in c.value and ("分层" in c.value if lang == "zh" else "stratified" in c.value)
               for c in at.caption)


def test_the_truth_study_and_tuning_render(monkeypatch):
    from ui.parts import methods as experiments
    monkeypatch.setattr(experiments, "TRUTH_REPEATS", 4)           # a small study under test; the page runs 25
    at = run("pages/methods.py", lang="en", **{"methods.fs": "gaussian", "methods.learner": "logistic",
                                             "methods.n": 30, "methods.truth_on": True})
    ok(at)
    assert any("leave-one-out" in str(d.value) for d in at.dataframe)
    text = " ".join(m.value for m in at.markdown)
    assert "Closest to the truth" in text
    widget(at.radio, "_w_methods.tune_stage").set_value(2).run()
    ok(at)
    assert "Final model's test error" in metrics(at)


M_LINK = {"m.m": ("methods.m", 50), "m.seed": ("methods.seed", 3), "m.step": ("methods.step", 7),
          "m.fs": ("methods.fs", "gaussian"), "m.l": ("methods.learner", "knn"), "m.nb": ("methods.neighbors", 7),
          "m.frac": ("methods.frac", 0.25), "m.strat": ("methods.stratify", False), "m.k": ("methods.k", 5),
          "m.p": ("methods.p", 2), "m.n": ("methods.n", 100), "m.tune": ("methods.tune_stage", 1)}


def test_link_round_trip_of_every_methods_control():
    """Every control goes into the address; a fresh session opened at it shows them again."""
    fresh = round_trip("pages/methods.py", M_LINK)
    assert widget(fresh.slider, "_w_methods.neighbors").value == 7
    # the tree's depth and leave-one-out travel too
    at = run("pages/methods.py", lang="en", **{"methods.learner": "tree", "methods.depth": 6, "methods.loo": True})
    at.run()
    assert at.query_params["m.depth"] in ("6", ["6"]) and at.query_params["m.loo"] in ("1", ["1"])


def test_a_changed_setting_marks_the_truth_study_stale_instead_of_rerunning_it(monkeypatch):
    from ui.parts import methods as experiments
    monkeypatch.setattr(experiments, "TRUTH_REPEATS", 3)
    at = run("pages/methods.py", lang="en", **{"methods.learner": "logistic", "methods.n": 30})
    at.button(key="methods_truth_run").click().run()
    ok(at)
    assert not at.warning and any("Closest to the truth" in m.value for m in at.markdown)
    calls = []
    real = experiments.truth_study
    monkeypatch.setattr(experiments, "truth_study", lambda *a: calls.append(a) or real(*a))
    widget(at.select_slider, "_w_methods.n").set_value(100).run()
    ok(at)
    assert any("n = 30" in w.value for w in at.warning)              # the old result, marked stale
    assert all(a[1] == 30 for a in calls)                             # nothing computed for n = 100


def test_cv_formula_and_tuning_steps():
    at = run("pages/methods.py", lang="en", **{"methods.k": 5, "methods.p": 2})
    ok(at)
    cv = next(f for f in latex(at) if "p \\times k" in f)
    assert "p = 2,\\ k = 5" in cv and "= 10" in cv and "2 \\ p" not in cv
    headers = lambda: list(at.dataframe[-1].value.columns)                     # noqa: E731
    assert headers() == ["α (ccp_alpha)"]                                     # step 1: no validation yet
    widget(at.radio, "_w_methods.tune_stage").set_value(1).run()
    assert "Validation error" in " ".join(headers()) or len(headers()) == 3
    from ui.parts import methods as experiments
    val = experiments.tuning("breast-cancer")[0]
    assert len(set(np.round(val, 6))) >= 3                                  # the grid shows a trade-off
    assert val.argmin() not in (0, len(val) - 1)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_tuning_sentence_names_the_candidates_the_table_lists(lang):
    """The sentence above the tuning table gives the book's example (a range and a step) and then the
    candidates this page tries: as many, and the same values, as the table's α column (it once said
    "[0, 0.2] in steps of 0.05: 5 candidates" above a table of six others)."""
    at = run("pages/methods.py", lang=lang)
    ok(at)
    shown = list(at.dataframe[-1].value["α (ccp_alpha)"])
    text = next(m.value for m in at.markdown if "ccp_alpha" in m.value)
    assert ", ".join(shown) in text
    assert (f"{len(shown)} candidates" if lang == "en" else f"{len(shown)} 个候选值") in text
    assert "0.05" in text and "0.2" in text                                       # the book's example too


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_k_fold_text_does_not_claim_what_its_figure_cannot_show(lang):
    """The review: "a larger k ... less bias" stood under the figure of estimates by k, whose medians rose
    with k (two repeats each: the split's noise).  The text now says how many repeats the figure has, that
    its ups and downs are noise, and where the bias is measured against the truth."""
    from ui.parts.methods import CV_REPEATS

    at = run("pages/methods.py", lang=lang)
    ok(at)
    text = " ".join(m.value for m in at.markdown)
    repeats = f"只重复 {CV_REPEATS} 次" if lang == "zh" else f"only {CV_REPEATS} times"
    truth = "哪个估计最接近真值?" if lang == "zh" else "Which estimate is closest to the truth?"
    assert repeats in text and truth in text
    assert truth in [h.value for h in at.header]                  # the section it points to is on the page
