"""The comparison-tests page under AppTest: every section, the book's table
2.5, alpha flipping a borderline decision, edited and bad cells."""
import pytest
from apptest_utils import ok, run, widget

import evalcore as ec


def text(at):
    parts = [e.value for kind in ("markdown", "latex", "success", "error", "warning", "info", "caption")
             for e in getattr(at, kind)]
    return "\n".join(map(str, parts))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_section_renders_with_its_figure(lang):
    at = run("pages/compare.py", lang=lang)
    ok(at)
    assert len(at.tabs) == 7
    assert len(at.get("plotly_chart")) >= 8
    assert "24.4286" in text(at) and "1.657" in text(at)              # the book: tau_F = 24.429, CD = 1.657


def test_binomial_alpha_flips_a_borderline_decision():
    m, k, eps0 = 30, 7, 0.1
    assert ec.binomial_test(k, m, eps0, alpha=0.05).reject != ec.binomial_test(k, m, eps0, alpha=0.01).reject
    at = run("pages/compare.py", lang="en", **{"compare.m": m, "compare.errors": k, "compare.eps0": eps0})
    first = [e.value for e in at.tabs[0].success] + [e.value for e in at.tabs[0].error]
    widget(at.segmented_control, "_w_compare.alpha").set_value(0.01).run()
    ok(at)
    second = [e.value for e in at.tabs[0].success] + [e.value for e in at.tabs[0].error]
    assert first != second and any("cannot reject" in s for s in first + second)


def test_editing_a_cell_updates_the_statistic_and_a_bad_cell_keeps_the_last_table():
    at = run("pages/compare.py", lang="en")
    before = [e.value for e in at.tabs[1].latex]
    at.session_state["compare.table.t"] = {"error": [0.3, 0.32, 0.28, 0.31, 0.29]}
    at.run()
    ok(at)
    after = [e.value for e in at.tabs[1].latex]
    assert before != after
    r = ec.t_test([0.3, 0.32, 0.28, 0.31, 0.29], 0.1)
    assert f"{r.statistic:.4f}" in after[0]
    # a bad edit through the editor widget: the message names the cell, the last table stays
    at.session_state["compare.table.t"] = {"error": [0.3, 1.7, 0.28]}
    at.run()
    ok(at)
    assert any("between 0 and 1" in e.value for e in at.tabs[1].error)


def test_all_equal_differences_say_so_in_a_sentence():
    at = run("pages/compare.py", lang="zh", **{"compare.table.paired": {"A": [0.1, 0.2, 0.3], "B": [0.1, 0.2, 0.3]}})
    ok(at)
    assert any("0/0" in w.value for w in at.tabs[2].warning)


def test_mcnemar_with_few_disagreements_offers_the_exact_form():
    at = run("pages/compare.py", lang="en", **{"compare.e01": 6, "compare.e10": 1})
    ok(at)
    assert any("exact binomial" in e.value for e in at.tabs[4].info)
    at = run("pages/compare.py", lang="en", **{"compare.e01": 0, "compare.e10": 0})
    ok(at)
    assert any("disagree" in e.value for e in at.tabs[4].error)


def test_delong_section_matches_evalcore():
    from evalcore import datasets

    ps = datasets.resolve("breast-cancer")
    r = ec.delong_test(ps.y, ps.scores[ps.models[0]], ps.scores[ps.models[1]])
    at = run("pages/compare.py", lang="en")
    values = [m.value for m in at.tabs[6].metric]
    assert f"{r.auc_a:.4f}" in values and f"{r.auc_b:.4f}" in values


def test_mcnemar_and_delong_on_the_current_data():
    from evalcore import datasets

    at = run("pages/compare.py", lang="en", source="breast-cancer")
    ok(at)
    at.button(key="compare_mc_cur").click().run()
    ok(at)
    ps = datasets.resolve("breast-cancer")
    a, b = ps.models[:2]
    t = ec.mcnemar_table((ps.scores[a] >= 0.5) == (ps.y == 1), (ps.scores[b] >= 0.5) == (ps.y == 1))
    assert at.session_state["compare.e01"] == t[0, 1] and at.session_state["compare.e10"] == t[1, 0]
    r = ec.delong_test(ps.y, ps.scores[a], ps.scores[b])
    assert f"{r.auc_a:.4f}" in [m.value for m in at.tabs[6].metric]


def test_the_demsar_preset_ranks_larger_is_better_and_gives_cd_1_25():
    at = run("pages/compare.py", lang="en")
    widget(at.radio, "_w_compare.preset").set_value("demsar").run()
    ok(at)
    assert at.session_state["compare.higher"] is True
    text = "\n".join(e.value for e in at.tabs[5].latex)
    assert "1.254" in text                                       # Demsar (2006): CD = 1.25 at k = 4, N = 14
    ranks = "\n".join(e.value for e in at.tabs[5].markdown)
    assert "C4.5 = 3.143" in ranks                               # as the paper: C4.5 is the worst


def test_nemenyi_cd_agrees_with_scikit_posthocs():
    """A pair differs by more than CD exactly when scikit-posthocs' Nemenyi p-value is below alpha."""
    import numpy as np
    import scikit_posthocs as sp

    rng = np.random.default_rng(3)
    for _ in range(5):
        perf = rng.random((12, 4)) + np.array([0.0, 0.1, 0.3, 0.5])
        r = ec.friedman(perf)
        cd = ec.nemenyi_cd(4, 12)
        p = sp.posthoc_nemenyi_friedman(perf).to_numpy()
        for i in range(4):
            for j in range(i + 1, 4):
                gap = abs(r.avg_ranks[i] - r.avg_ranks[j])
                if abs(gap - cd) > 1e-6:
                    assert (gap > cd) == (p[i, j] < 0.05)


def test_run_it_with_too_many_folds_for_a_class_says_so():
    at = run("pages/compare.py", lang="en", **{"compare.fs.paired": "watermelon"})
    at.button(key="compare.run.paired").click().run()
    ok(at)
    assert any("10-fold stratified" in e.value for e in at.tabs[2].error)
    at = run("pages/compare.py", lang="en")
    at.button(key="compare.run.paired").click().run()                     # breast cancer: it runs
    ok(at)
    assert len(at.session_state["compare.table.paired"]["A"]) == 10


def test_friedman_run_it_fills_a_learners_by_data_sets_table():
    at = run("pages/compare.py", lang="en")
    at.button(key="compare.run.friedman").click().run()
    ok(at)
    table = at.session_state["compare.table.friedman"]
    assert len(table) == 4 and all(len(v) == 3 and all(0 <= e <= 1 for e in v) for v in table.values())
