"""The exercises page under AppTest: every exercise in both languages, the
answer hidden until a guess is committed (or "just show me"), the guesses
and controls in the link, bad table edits worded, the numbers from evalcore."""
import math

import pytest
from apptest_utils import ROOT, figures, ok, run, widget
from streamlit.testing.v1 import AppTest

from ui.core import settings
EXERCISES = settings.EXERCISES


def shown(n, lang="en", **state):
    at = run("pages/exercises.py", lang=lang, **{"exercises.open": n, f"exercises.shown.{n}": True}, **state)
    ok(at)
    return at


def test_the_page_offers_every_exercise_of_the_link_table():
    at = run("pages/exercises.py", lang="en")
    ok(at)
    assert tuple(widget(at.segmented_control, "_w_exercises.open").options) == tuple(f"Exercise {n}" for n in EXERCISES)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("n", EXERCISES)
def test_every_exercise_shows_its_experiment_and_answer(lang, n):
    at = shown(n, lang)
    assert at.success or at.error                                    # the answer (2.9: a verdict box)
    if n not in ("2.1",):
        assert figures(at)                      # Streamlit's chart, or drawn in place (2.7: its phone layout)


@pytest.mark.parametrize("n, guess", [("2.2", "loo100"), ("2.9", "reject")])
def test_the_answer_is_hidden_until_a_guess_is_committed(n, guess):
    at = run("pages/exercises.py", lang="en", **{"exercises.open": n})
    ok(at)
    assert not at.get("plotly_chart") and not at.success
    widget(at.radio, f"_w_guess_{n}").set_value(guess).run()
    at.button(key=f"_w_commit_{n}").click().run()                                       # "Commit my guess"
    ok(at)
    assert at.get("plotly_chart")
    assert at.session_state[f"exercises.guess.{n}"] == guess


def test_just_show_me_reveals_without_a_guess():
    at = run("pages/exercises.py", lang="zh", **{"exercises.open": "2.4"})
    at.button(key="_w_skip_2.4").click().run()                       # "直接看答案"
    ok(at)
    assert at.success and "exercises.guess.2.4" not in at.session_state


def test_2_1_shows_the_exact_count():
    at = shown("2.1")
    exact = str(math.comb(500, 150) ** 2)
    assert any(exact == c.value for c in at.code)
    assert any("263" in m.help for m in at.metric if m.help)
    assert any(m.value == "2.986 × 10²⁶²" for m in at.metric)         # 2.98594…: rounded, not cut to 2.985


def test_2_2_leave_one_out_is_100_percent_for_the_majority_vote():
    at = shown("2.2", lang="zh")
    values = {m.label: m.value for m in at.metric}
    assert values["留一法错误率"] == "100%"


def test_a_bad_cell_in_the_chi_square_table_is_worded_and_the_last_good_result_stays():
    at = shown("2.9", lang="zh", **{"exercises.table.e29g": {"count": [18, 22, 20, 40]}})
    before = [f.value for f in at.latex][-1]
    at.session_state["_w_exercises.table.e29g"] = {"edited_rows": {"1": {"count": -5}}, "added_rows": [],
                                                   "deleted_rows": []}
    at.run()
    ok(at)
    assert any("必须" in e.value or "负" in e.value for e in at.error)
    assert [f.value for f in at.latex][-1] == before


def test_link_round_trip_of_the_open_exercise_guesses_and_controls():
    state = {"exercises.open": "2.2", "exercises.guess.2.2": "loo100", "exercises.22.pos": 40,
             "exercises.22.learner": "1nn", "exercises.guess.2.10": "chi2", "exercises.210.k": 6}
    at = run("pages/exercises.py", lang="en", **state)
    ok(at)
    at.run()
    q = dict(at.query_params)
    fresh = AppTest.from_file(str(ROOT / "pages/exercises.py"), default_timeout=60)
    for name, vals in q.items():
        fresh.query_params[name] = vals[0] if isinstance(vals, list) else vals
    fresh.run()
    ok(fresh)
    for key, value in state.items():
        assert fresh.session_state[key] == value, key
    assert fresh.get("plotly_chart")                                  # the committed guess shows the answer


def test_a_hostile_guess_in_a_link_is_ignored():
    at = AppTest.from_file(str(ROOT / "pages/exercises.py"), default_timeout=60)
    at.query_params["x.g22"] = "<script>alert(1)</script>"
    at.query_params["x.open"] = "2.2"
    at.run()
    ok(at)
    assert "exercises.guess.2.2" not in at.session_state and not at.get("plotly_chart")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_2_8_answer_follows_the_outlier_the_spread_and_knn(lang):
    """No outlier at 500: no "squeezed", the spreads about the same; at 5000 the others are
    squeezed, z-score keeps more spread, min-max's k-NN scores 2 more (within noise); at 1250
    z-score's k-NN scores higher.  Table cells read 5000, never 5e+03."""
    words = {"zh": ("挤进", "算不上离群点", "差不多", "z-score 保留了更多", "最小-最大多对 2 个", "z-score 多对"),
             "en": ("squeezes", "no outlier", "about the same", "z-score keeps more", "min-max gets 2 more",
                    "z-score gets")}[lang]
    squeezed, none, same, z_more, mm_knn, z_knn = words
    texts_ = {}
    for o in (500, 1250, 5000):
        at = shown("2.8", lang, **{"exercises.28.outlier": o})
        texts_[o] = at.success[0].value
        table = at.dataframe[0].value.to_string()
        assert "e+" not in table and "e-" not in table
    assert none in texts_[500] and squeezed not in texts_[500] and same in texts_[500]
    assert squeezed in texts_[5000] and none not in texts_[5000] and z_more in texts_[5000]
    assert mm_knn in texts_[5000] and z_knn not in texts_[5000] and z_knn in texts_[1250]
    assert "5000" in shown("2.8", lang, **{"exercises.28.outlier": 5000}).dataframe[0].value.to_string()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_2_10_answer_states_what_the_simulated_rates_show(lang):
    """k = 4: τ_F above the band at N = 3-5, so no "corrects"; k = 7: inside at every N, so the book's
    reason is stated; with an effect, the form with more power at N = 3 is named."""
    corrects = {"zh": "修正了", "en": "corrects"}[lang]
    above = {"zh": "$\\tau_F$ N = 3–5 时高于 α", "en": "$\\tau_F$ is above α at N = 3–5"}[lang]
    text = {}
    for k, effect in ((4, 0.0), (7, 0.0), (4, 0.3)):
        at = shown("2.10", lang, **{"exercises.210.k": k, "exercises.210.effect": effect})
        text[k, effect] = at.success[0].value
    assert above in text[4, 0.0] and corrects not in text[4, 0.0]
    assert corrects in text[7, 0.0] and above not in text[7, 0.0]
    more = {"zh": "时 $\\tau_F$ 更常发现", "en": "$\\tau_F$ finds the difference more often"}[lang]
    assert more in text[4, 0.3] and more not in text[4, 0.0]
    assert "{" not in "".join(text.values()).replace("{\\chi^2}", "")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_2_6_prior_slider_names_the_datas_share_and_the_step_nearest_it(lang):
    """The review: the label gave the data's share (0.44) beside a slider at its nearest step (0.45), unsaid.
    It names both, the slider starting at that step; moved elsewhere (or kept across a change of data, an
    upload), the slider is not what the label speaks of, so the label does not say where the slider is."""
    import re

    at = shown("2.6", lang)
    slider = next(s for s in at.slider if "π" in s.label)
    share, step = (float(v) for v in re.findall(r"\d\.\d\d", slider.label))
    assert abs(share - step) <= 0.025 + 1e-9 and round(step * 20) == pytest.approx(step * 20)
    assert slider.value == pytest.approx(step)                                   # where it starts
    label = slider.label
    slider.set_value(0.2).run()
    ok(at)
    moved = next(s for s in at.slider if "π" in s.label)
    assert moved.value == pytest.approx(0.2) and moved.label == label            # true wherever the slider is


def test_exercise_2_10s_two_formulas_are_two_so_a_phone_stacks_them():
    """The review: (2.34) and (2.35) were one line joined by a quad, typeset at 11 px on a phone.  They are two
    formulas of one grid now (one column on a phone, ``typeset.js``), each whole."""
    from apptest_utils import latex

    at = run("pages/exercises.py", lang="zh", **{"exercises.open": "2.10", "exercises.shown.2.10": True})
    tex = latex(at)
    chi2 = [f for f in tex if "(2.34)" in f]
    f = [f for f in tex if "(2.35)" in f]
    assert len(chi2) == len(f) == 1 and chi2 != f and r"\qquad" not in chi2[0] + f[0]
