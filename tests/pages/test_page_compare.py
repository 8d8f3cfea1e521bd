"""The comparison-tests page under AppTest: every section, the book's table
2.5, alpha flipping a borderline decision, edited and bad cells, the
rejection regions' geometry, links that bring every control back."""
import base64
import re

import numpy as np
import pytest
from apptest_utils import section, figure, figures, latex, ok, widget

import evalcore as ec
from evalcore import presets

SECTIONS = ("binomial", "t", "paired", "cv5x2", "mcnemar", "friedman", "delong")


def text(at):
    parts = [e.value for kind in ("markdown", "latex", "success", "error", "warning", "info", "caption")
             for e in getattr(at, kind)]
    return "\n".join(map(str, parts))


def arr(v):
    """A figure array from its JSON (plotly ships numbers base64-encoded)."""
    if isinstance(v, dict) and "bdata" in v:
        return np.frombuffer(base64.b64decode(v["bdata"]), dtype=np.dtype(v["dtype"])).astype(float)
    return np.array([np.nan if x is None else x for x in v], dtype=float)


def page(name, lang="en", **state):
    return section("compare", name, lang, **state)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("section", SECTIONS)
def test_every_section_renders_with_its_figure(lang, section):
    at = page(section, lang)
    assert len(at.get("plotly_chart")) >= 1
    if section == "friedman":
        assert "24.4286" in text(at) and "1.657" in text(at)              # the book: tau_F = 24.429, CD = 1.657


# ------------------------------------------------------------- item 1: rejection regions are the tails
TWO_SIDED = {"t": "compare_t", "paired": "compare_paired", "cv5x2": "compare_cv5x2", "delong": "compare_delong"}
ONE_SIDED = {"mcnemar": "compare_mcnemar", "friedman": "compare_friedman"}


@pytest.mark.parametrize("section", [*TWO_SIDED, *ONE_SIDED])
def test_the_shaded_rejection_region_lies_in_the_tails_under_the_curve(section):
    """Every shaded point lies beyond a critical value and on or under the
    density curve; a two-sided test has one filled trace per tail, each
    reaching its critical value; nothing is shaded between the critical values."""
    at = page(section)
    spec = figure(at, {**TWO_SIDED, **ONE_SIDED}[section])
    curve = next(t for t in spec["data"] if t.get("fill") is None and t.get("mode") == "lines")
    cx, cy = arr(curve["x"]), arr(curve["y"])
    crit = sorted(s["x0"] for s in spec["layout"]["shapes"] if s["line"].get("dash") == "dot")
    shaded = [t for t in spec["data"] if t.get("fill") == "tozeroy"]
    assert len(shaded) == (2 if section in TWO_SIDED else 1) == len(crit)
    for t in shaded:
        x, y = arr(t["x"]), arr(t["y"])
        assert np.isfinite(x).all() and np.isfinite(y).all()              # no gaps for plotly to fill across
        assert (y <= np.interp(x, cx, cy) + 1e-12).all() and (y >= 0).all()
        if section in TWO_SIDED:
            assert (x <= crit[0] + 1e-9).all() or (x >= crit[1] - 1e-9).all()
            edge = crit[0] if x.max() <= crit[0] + 1e-9 else crit[1]
            assert np.isclose(x, edge).any()                              # the tail starts at its critical value
        else:
            assert (x >= crit[0] - 1e-9).all()
    # the middle (between the critical values) carries no shading at all
    if section in TWO_SIDED:
        mid = [x for t in shaded for x in arr(t["x"]) if crit[0] + 1e-9 < x < crit[1] - 1e-9]
        assert mid == []


def test_the_region_traces_share_one_legend_entry():
    spec = figure(page("t"), "compare_t")
    shaded = [t for t in spec["data"] if t.get("fill") == "tozeroy"]
    assert [t.get("showlegend", True) for t in shaded] == [True, False]


# ------------------------------------------------------------- the paired τt: one signed form in formula and figure
def observed(at, key):
    """The observed statistic's x in a null figure (its labelled line)."""
    spec = figure(at, key)
    return next(a["x"] for a in spec["layout"]["annotations"] if a["text"].startswith("<b>"))


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("swap", [False, True])
def test_the_paired_formula_and_figure_show_the_same_signed_statistic(lang, swap):
    """Issue 32: the figure marked "observed −6.466" on an axis titled τt while the formula defined
    τt as |…|.  Now both show the signed τt (negative when A is better, positive with the columns
    swapped), the formula adds |τt|, and a caption says which form is used."""
    cols = ("B", "A") if swap else ("A", "B")
    table = {c: presets.COMPARE_TABLES["paired"][o] for c, o in zip(("A", "B"), cols)}
    r = ec.paired_t_test(table["A"], table["B"])
    at = page("paired", lang, **{"compare.table.paired": table})
    tex = next(t for t in latex(at) if r"\tau_t" in t)
    signed, absolute = map(float, re.search(r"= (-?[0-9.]+),\\qquad \|\\tau_t\| = ([0-9.]+)", tex).groups())
    assert signed == pytest.approx(r.statistic, abs=1e-4) and absolute == pytest.approx(abs(r.statistic), abs=1e-4)
    assert (signed < 0) != swap and np.sign(observed(at, "compare_paired")) == np.sign(signed)
    assert observed(at, "compare_paired") == pytest.approx(r.statistic)
    assert any("(2.31)" in c.value for c in at.caption)


# ------------------------------------------------------------- printed operands reproduce the result
def tex_float(s):
    """A number as tex_number prints it: 0.0123, (-0.024), 7.238 \\times 10^{-6}."""
    s = s.strip().strip("()")
    m = re.fullmatch(r"(-?[0-9.]*)\s*(?:\\times\s*)?10\^\{(-?\d+)\}", s)
    return float(m.group(1) or 1) * 10 ** int(m.group(2)) if m else float(s)


NUM = r"(\(?-?[0-9.]+(?:\s*\\times\s*10\^\{-?\d+\})?\)?)"


@pytest.mark.parametrize("name, pattern, compute", [
    ("t", r"\\sqrt\{(\d+)\} \\times \(" + NUM + r" - ([0-9.]+)\)\}\{" + NUM + r"\} = (-?[0-9.]+)",
     lambda k, mu, e, s: np.sqrt(k) * (mu - e) / s),
    ("paired", r"\\sqrt\{(\d+)\} \\times " + NUM + r"\}\{" + NUM + r"\} = (-?[0-9.]+)",
     lambda k, mu, s: np.sqrt(k) * mu / s),
    ("cv5x2", r"\\frac\{" + NUM + r"\}\{\\sqrt\{0\.2 \\times " + NUM + r"\}\} = (-?[0-9.]+)",
     lambda mu, s: mu / np.sqrt(0.2 * s)),
    ("delong", r"\\frac\{" + NUM + r"\}\{\\sqrt\{" + NUM + r"\}\} = (-?[0-9.]+)",
     lambda d, v: d / np.sqrt(v)),
])
def test_a_student_recomputing_from_the_printed_numbers_gets_the_printed_result(name, pattern, compute):
    """Issue 32: DeLong printed z = 0.0055/√0.000007 = 2.0570, which recomputes to 2.0788.  Every
    filled formula here prints its operands to the digits the result needs (ec.formula_digits)."""
    at = page(name, "en")
    tex = next(t for t in latex(at) if re.search(pattern, t))
    *ops, result = re.search(pattern, tex).groups()
    assert round(compute(*map(tex_float, ops)), 4) == pytest.approx(float(result), abs=1e-12)


def test_formula_digits_are_the_fewest_that_reproduce_the_result():
    from evalcore import datasets

    ps = datasets.resolve("breast-cancer")
    r = ec.delong_test(ps.y, ps.scores[ps.models[0]], ps.scores[ps.models[1]])
    n = ec.formula_digits(r)
    z = lambda d, v: d / np.sqrt(v)                                          # noqa: E731
    printed = lambda m: [float(f"{v:.{m}g}") for v in (r.difference, r.difference_variance)]   # noqa: E731
    assert round(z(*printed(n)), 4) == round(r.statistic, 4)
    assert n == 3 or round(z(*printed(n - 1)), 4) != round(r.statistic, 4)
    assert round(z(0.0055, 0.000007), 4) != round(r.statistic, 4)           # what the page printed before


# ------------------------------------------------------------- verdicts, alpha, edits
def test_binomial_alpha_flips_a_borderline_decision():
    m, k, eps0 = 30, 7, 0.1
    assert ec.binomial_test(k, m, eps0, alpha=0.05).reject != ec.binomial_test(k, m, eps0, alpha=0.01).reject
    at = page("binomial", **{"compare.m": m, "compare.errors": k, "compare.eps0": eps0})
    first = [e.value for e in at.success] + [e.value for e in at.error]
    widget(at.segmented_control, "_w_compare.alpha").set_value(0.01).run()
    ok(at)
    second = [e.value for e in at.success] + [e.value for e in at.error]
    assert first != second and any("cannot reject" in s for s in first + second)


def test_editing_a_cell_updates_the_statistic_and_a_bad_cell_keeps_the_last_table():
    at = page("t")
    before = latex(at)
    at.session_state["compare.table.t"] = {"error": [0.3, 0.32, 0.28, 0.31, 0.29]}
    at.run()
    ok(at)
    after = latex(at)
    assert before != after
    r = ec.t_test([0.3, 0.32, 0.28, 0.31, 0.29], 0.1)
    assert any(f"{r.statistic:.4f}" in t for t in after)
    at.session_state["compare.table.t"] = {"error": [0.3, 1.7, 0.28]}
    at.run()
    ok(at)
    assert any("between 0 and 1" in e.value for e in at.error)
    assert figures(at) and latex(at)                                      # the figure and formula stay


@pytest.mark.parametrize("lang,words", [("en", "is empty"), ("zh", "是空的")])
def test_an_empty_cell_says_it_is_empty_not_nan(lang, words):
    at = page("t", lang, **{"compare.table.t": {"error": [0.1, None, 0.2]}})
    msgs = [e.value for e in at.error]
    assert any(words in m for m in msgs) and not any("nan" in m for m in msgs)
    assert figures(at) and latex(at)


def test_all_equal_differences_say_so_in_a_sentence():
    at = page("paired", "zh", **{"compare.table.paired": {"A": [0.1, 0.2, 0.3], "B": [0.1, 0.2, 0.3]}})
    assert any("0/0" in w.value for w in at.warning)


@pytest.mark.parametrize("lang,words", [("en", "division by 0"), ("zh", "除以 0")])
def test_two_equal_values_warn_instead_of_rejecting(lang, words):
    """sigma = 0 with a mean away from eps0: tau = inf; a warning, never "reject, p = 0"."""
    at = page("t", lang, **{"compare.table.t": {"error": [0.2, 0.2]}})
    assert any(words in w.value for w in at.warning)
    assert not at.error and not at.success


@pytest.mark.parametrize("lang,words", [("en", "cannot exceed m"), ("zh", "不能超过 m")])
def test_more_errors_than_samples_is_worded_and_the_figure_stays(lang, words):
    at = page("binomial", lang)
    assert figures(at)
    widget(at.number_input, "_w_compare.errors").set_value(40).run()
    ok(at)
    assert any(words in e.value for e in at.error)
    assert figures(at) and latex(at)                                      # the last good result stays


def test_mcnemar_with_few_disagreements_offers_the_exact_form():
    at = page("mcnemar", **{"compare.e01": 6, "compare.e10": 1})
    assert any("exact binomial" in e.value for e in at.info)
    at = page("mcnemar", **{"compare.e01": 0, "compare.e10": 0})
    assert any("disagree" in e.value for e in at.error)


def test_delong_section_matches_evalcore_and_shows_the_denominator():
    from evalcore import datasets

    ps = datasets.resolve("breast-cancer")
    r = ec.delong_test(ps.y, ps.scores[ps.models[0]], ps.scores[ps.models[1]])
    at = page("delong", "zh")
    values = [m.value for m in at.metric]
    assert f"{r.auc_a:.4f}" in values and f"{r.auc_b:.4f}" in values
    tex = next(t for t in latex(at) if "AUC" in t)
    assert r"\cdots" not in tex and r"\sqrt{7.238 \times 10^{-6}}" in tex
    assert r.difference_variance == pytest.approx(float(r.difference / r.statistic) ** 2)
    labels = [m.label for m in at.metric]
    assert not any(n in " ".join(labels) for n in ("logistic", "naive_bayes"))      # learner names in Chinese


def test_mcnemar_and_delong_on_the_current_data():
    from evalcore import datasets

    at = page("mcnemar", source="breast-cancer")
    at.button(key="compare_mc_cur").click().run()
    ok(at)
    ps = datasets.resolve("breast-cancer")
    a, b = ps.models[:2]
    t = ec.mcnemar_table((ps.scores[a] >= 0.5) == (ps.y == 1), (ps.scores[b] >= 0.5) == (ps.y == 1))
    assert at.session_state["compare.e01"] == t[0, 1] and at.session_state["compare.e10"] == t[1, 0]
    # the preset is this very data at 0.5: the page says the numbers did not change, and why
    assert any("The same as before" in c.value for c in at.caption)
    at.session_state["compare.section"] = "delong"
    at.run()
    r = ec.delong_test(ps.y, ps.scores[a], ps.scores[b])
    assert f"{r.auc_a:.4f}" in [m.value for m in at.metric]


# ------------------------------------------------------------- Friedman
def test_the_demsar_preset_ranks_larger_is_better_and_gives_cd_1_25():
    at = page("friedman")
    widget(at.radio, "_w_compare.preset").set_value("demsar").run()
    ok(at)
    assert at.session_state["compare.higher"] is True
    assert any("1.254" in t for t in latex(at))                           # Demsar (2006): CD = 1.25 at k = 4, N = 14
    assert "C4.5 = 3.143" in text(at)                                     # as the paper: C4.5 is the worst
    assert "row 13 (voting)" in text(at)


# Demsar (2006) table 6 as printed: the rank of each variant on each data set
DEMSAR_PRINTED = [(4, 3, 2, 1), (1, 2, 3, 4), (4, 1, 2, 3), (4, 1, 3, 2), (4, 2, 3, 1), (1, 2.5, 4, 2.5),
                  (3, 2, 4, 1), (2.5, 2.5, 4, 1), (4, 3, 2, 1), (2.5, 2.5, 2.5, 2.5), (4, 2.5, 1, 2.5), (3, 2, 4, 1),
                  (4, 1, 2, 3), (3, 1, 4, 2)]


def test_the_transcribed_demsar_table_gives_the_papers_ranks_except_on_voting():
    values = np.column_stack(list(presets.DEMSAR_TABLE6.values()))
    r = ec.friedman(values, higher_is_better=True)
    differ = [presets.DEMSAR_DATASETS[i] for i in range(14) if tuple(r.ranks[i]) != DEMSAR_PRINTED[i]]
    assert differ == ["voting"]                                           # printed 0.975 twice, ranked 2 and 3
    paper = np.mean(DEMSAR_PRINTED, axis=0)
    assert np.round(paper, 3).tolist() == list(presets.DEMSAR_PRINTED_RANKS)
    assert np.round(r.avg_ranks, 3).tolist() == [3.143, 2.0, 2.929, 1.929]


def test_friedman_names_show_without_escapes():
    at = page("friedman", **{"compare.table.friedman": {"y_true": [1, 2, 3], "model_a": [2, 1, 1],
                                                         "model_b": [3, 3, 2]}})
    ranks = next(m for m in text(at).splitlines() if "Average ranks" in m)
    # escaped once for Markdown (the reader sees y_true); twice showed "y\_true"
    assert "y\\_true = " in ranks and "\\\\" not in ranks


def test_nemenyi_cd_agrees_with_scikit_posthocs():
    """A pair differs by more than CD exactly when scikit-posthocs' Nemenyi p-value is below alpha."""
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


# ------------------------------------------------------------- "run it"
# An advice that names a control, and how to find that control on the page (label patterns).  Issue 32
# item 11: "… take k ≤ 8, or do not stratify" was shown on the comparison page, which has neither.
ADVICE = {r"k ≤ \d": r"^k\b|^k 折|^k$|folds? k|\bk\b.*折", r"不分层|without stratif|not stratif": r"分层|stratif"}


def _advice_names_controls_on_the_page(at):
    import re

    said = [e.value for e in (*at.error, *at.warning, *at.info, *at.caption)]
    labels = [w.label for kind in (at.slider, at.select_slider, at.toggle, at.checkbox, at.number_input,
                                   at.selectbox, at.radio) for w in kind]
    for text in said:
        for advice, control in ADVICE.items():
            if re.search(advice, text):
                assert any(re.search(control, lab) for lab in labels), (text, labels)
    return said


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_paired_run_on_watermelon_uses_the_folds_the_data_allow_and_says_so(lang):
    """Watermelon has 8 bad melons: the run uses 8 stratified folds (the book's
    10 cannot be made) and the page says so by the data set; every advice
    shown names a control that exists on this page."""
    at = page("paired", lang, **{"compare.fs.paired": "watermelon"})
    note = [c.value for c in at.caption if ("8 折" in c.value if lang == "zh" else "8 folds" in c.value)]
    assert note and "10" in note[0]
    at.button(key="compare.run.paired").click().run()
    ok(at)
    assert not at.error, [e.value for e in at.error]
    assert len(at.session_state["compare.table.paired"]["A"]) == 8
    _advice_names_controls_on_the_page(at)
    at = page("paired", lang)
    at.button(key="compare.run.paired").click().run()                     # breast cancer: the book's 10 folds
    ok(at)
    assert len(at.session_state["compare.table.paired"]["A"]) == 10
    assert not [c.value for c in at.caption if "最小的类别" in c.value or "smallest class" in c.value]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_run_data_sets_are_named_by_their_features(lang):
    at = page("paired", lang)
    box = widget(at.selectbox, "_w_compare.fs.paired")
    shown = " ".join(box.options)
    assert ("含糖率" in shown if lang == "zh" else "sugar" in shown)
    assert not any(w in shown for w in ("对率回归", "留一法", "logistic", "leave-one-out"))


def test_the_advice_check_finds_a_dead_end():
    """The check itself: evalcore's refusal "take k ≤ 8, or do not stratify",
    shown on this page (no k, no stratify control), fails it in both languages."""
    import types

    from evalcore import splits

    at = page("paired", "zh")
    for lang in ("zh", "en"):
        with pytest.raises(ec.DataError) as refused:
            splits.kfold_splits(np.array([0] * 9 + [1] * 8), 10)
        shown = types.SimpleNamespace(**{k: getattr(at, k) for k in (
            "warning", "info", "caption", "slider", "select_slider", "toggle", "checkbox", "number_input",
            "selectbox", "radio")}, error=[types.SimpleNamespace(value=refused.value.text(lang))])
        with pytest.raises(AssertionError):
            _advice_names_controls_on_the_page(shown)


def test_friedman_run_it_fills_a_learners_by_data_sets_table():
    at = page("friedman")
    at.button(key="compare.run.friedman").click().run()
    ok(at)
    table = at.session_state["compare.table.friedman"]
    assert len(table) == 4 and all(len(v) == 3 and all(0 <= e <= 1 for e in v) for v in table.values())


# ------------------------------------------------------------- the open section survives
def test_a_language_switch_keeps_the_open_section():
    at = page("cv5x2", "zh")
    at.sidebar.radio[0].set_value("en").run()
    ok(at)
    assert at.session_state["compare.section"] == "cv5x2"
    assert any("5x2cv" in t or "Dietterich" in t for t in [r.label for r in at.radio] + [text(at)])


def test_binomial_section_shows_the_exact_interval_of_the_error_rate():
    from scipy import stats

    at = page("binomial", **{"compare.m": 40, "compare.errors": 9, "compare.alpha": 0.1})
    ci = stats.binomtest(9, 40).proportion_ci(confidence_level=0.9, method="exact")
    assert f"[{ci.low:.4f}, {ci.high:.4f}]" in text(at) and "9/40" in text(at)
