"""The intervals switch on the measure pages, the bands, k models on the ROC
page and the which-test-to-trust page, under AppTest in both languages."""
import re

import numpy as np
import pytest
from apptest_utils import figure, figures, ok, run, shown, text_tables

import evalcore as ec


def _tables(at):
    return [t.value for t in at.table]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_confusion_intervals_match_evalcore(lang):
    at = run("pages/confusion.py", lang=lang, ci_on=True, ci_prop="clopper-pearson", ci_boot="bca")
    ok(at)
    row = _tables(at)[0].iloc[0]
    cells = [str(v) for v in row.values if re.match(r"^\d\.\d{3}\s+\[", str(v))]
    assert len(cells) >= 5
    for v in cells:
        val, lo, hi = map(float, re.findall(r"\d\.\d{3}", v))
        assert lo <= val <= hi
    # accuracy, error, P, R: Clopper-Pearson of the counts the page shows for the same model and threshold
    counts = text_tables(at)[0][0]                # the macro/micro table's first matrix
    tp, fp, tn, fn = (int(counts[k]) for k in ("TP", "FP", "TN", "FN"))
    n = tp + fp + tn + fn
    for cell, (k, m) in zip(cells[:4], ((tp + tn, n), (fp + fn, n), (tp, tp + fp), (tp, tp + fn))):
        ci = ec.proportion_interval(k, m, method="clopper-pearson")
        assert cell.endswith(f"[{ci.low:.3f},\u00a0{ci.high:.3f}]")
    assert any("95%" in i.value for i in at.info)


def test_the_switch_is_off_by_default_and_in_the_link():
    at = run("pages/confusion.py")
    ok(at)
    assert not _tables(at)
    at = run("pages/pr.py", ci_on=True)
    ok(at)
    assert at.query_params.get("ci") == "1"
    assert any(f["key"].endswith("pr_band") for f in figures(at))


def test_roc_full_mode_has_intervals_bands_k_models_and_the_cv_average():
    at = run("pages/roc.py", lang="en", roc_mode="full", ci_on=True, source="synthetic")
    ok(at)
    tab = _tables(at)[0]
    assert "AUC (DeLong interval)" in tab.columns
    band = figure(at, "roc_band")
    assert [tr.get("fill") for tr in band["data"]].count("toself") >= 1
    cv = figure(at, "roc_cv")
    assert sum(1 for tr in cv["data"] if tr.get("legendgroup") == "folds") == 10
    text = " ".join(m.value for m in at.markdown)
    assert "Needs 3 to 10 models" in " ".join(c.value for c in at.caption) or "Holm" in text


def test_k_models_from_an_upload_of_four_score_columns(tmp_path):
    rng = np.random.default_rng(0)
    n = 300
    y = (rng.random(n) < 0.5).astype(int)
    cols = {f"m{i}": rng.normal(size=n) + y * d for i, d in enumerate((1.5, 1.4, 0.6, 0.0))}
    csv = "y," + ",".join(cols) + "\n" + "\n".join(
        f"{y[i]}," + ",".join(f"{cols[c][i]:.6f}" for c in cols) for i in range(n))
    ps = ec.load_predictions(csv.encode())
    at = run("pages/roc.py", lang="en", roc_mode="full", source="upload", ds_upload=ps, ds_upload_token="upload:t4",
             models=list(cols))
    ok(at)
    mat = figure(at, "roc_k_matrix")
    z = mat["data"][0]["text"]
    res = ec.delong_pairwise(ps.y, [ps.scores[c] for c in cols])
    assert z[0][3].startswith(f"{res.adjusted[0, 3]:.3g}")
    verdict = " ".join(m.value for m in at.markdown)
    assert f"**{int(np.triu(res.reject, 1).sum())}**" in verdict


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_trust_page_runs_and_its_verdict_follows_the_numbers(lang):
    at = run("pages/trust.py", lang=lang, **{"trust.reps": 500, "trust.n": 50})
    ok(at)
    sim = ec.simulate_tests(replications=500, n=50, influence=1.5, seed=0)
    tab = _tables(at)[0]
    assert [float(v) for v in tab.iloc[:, 1]] == pytest.approx(list(sim.rate), abs=5e-4)
    post = figure(at, "trust_posterior")
    assert sum(1 for tr in post["data"] if tr.get("fill") == "toself") >= 2
    words = " ".join(m.value for m in at.markdown)
    assert re.search(r"P\(.+\) = 0\.\d{3}", words)


def test_trust_effect_turns_the_table_into_power():
    at = run("pages/trust.py", lang="en", **{"trust.reps": 500, "trust.n": 50, "trust.effect": 0.1})
    ok(at)
    assert "power" in " ".join(m.value for m in at.markdown) + str(figure(at, "trust_sim")["layout"]["xaxis"])



@pytest.mark.parametrize("effect", [0.0, 0.1])
def test_trust_bars_say_what_their_colour_means_in_each_mode(effect):
    """Issue 32 item 8: in power mode the bars kept α's green / orange.  Now the legend names
    what the colours mean (keeps α / above α with no effect; most powerful / the others with one)
    and the power sentence names the same most-powerful tests as the blue bars."""
    at = run("pages/trust.py", lang="zh", **{"trust.reps": 500, "trust.n": 50, "trust.effect": effect})
    ok(at)
    legend = {b["name"]: b["y"] for b in figure(at, "trust_sim")["data"] if b["type"] == "bar"}
    words = " ".join(m.value for m in at.markdown)
    if effect == 0:
        assert "守得住 α(在灰带内或更低)" in legend and not any("检验力" in n for n in legend)
    else:
        top = legend["检验力最高(与最高值相差在 2 个标准误以内)"]
        assert not any("α" in n for n in legend)
        assert all(y.replace("<br>", " ") in words for y in top)


@pytest.mark.parametrize("influence, verdict", [(0.0, "keeps"), (1.5, "above")])
def test_the_corrected_tests_sentence_says_what_its_row_shows(influence, verdict):
    """The review: the lesson called Nadeau-Bengio's correction a remedy while its bar stood above α.  The
    sentence under the table now reads the corrected test's own verdict (against the simulation's oracle)."""
    at = run("pages/trust.py", lang="en", **{"trust.reps": 500, "trust.n": 50, "trust.influence": influence})
    ok(at)
    sim = ec.simulate_tests(replications=500, n=50, influence=influence, seed=0)
    got = dict(zip(sim.tests, sim.verdicts))["corrected_t"]
    assert got == verdict                                   # the setting is the case it is meant to be
    row = _tables(at)[0].iloc[list(sim.tests).index("corrected_t")]
    assert row.iloc[2] == {"keeps": "keeps α", "above": "above α"}[verdict]
    words = " ".join(m.value for m in at.markdown)
    corr = f"{dict(zip(sim.tests, sim.rate))['corrected_t']:.3f}"
    assert f"down to {corr}" in words
    assert ("still above α's grey band" in words) == (verdict == "above")
    assert ("within α's grey band, so here it keeps α" in words) == (verdict == "keeps")


def test_k_models_name_the_models_as_the_legends_and_table_do():
    """DeLong's k-model figures named the breast-cancer models by their raw names ('logistic', 'tree_depth2')
    beside a Chinese legend and table; they now use the shown names, as the groups sentence does."""
    at = run("pages/roc.py", lang="zh", roc_mode="full", ci_on=True, source="breast-cancer")
    ok(at)
    models = at.session_state["models"]
    named = {shown(m, "zh") for m in models}
    assert set(figure(at, "roc_k_groups")["layout"]["yaxis"]["ticktext"]) == named
    matrix = figure(at, "roc_k_matrix")["layout"]
    assert set(matrix["xaxis"]["ticktext"]) == set(matrix["yaxis"]["ticktext"]) == named
    assert not named & set(models)                     # the raw names are not what a student reads
