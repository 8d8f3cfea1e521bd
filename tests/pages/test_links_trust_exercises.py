"""Links of the which-test-to-trust page and the exercises' "just show me"
(issue 32 item 10): every setting goes into the address and a fresh session
opened at it shows it again (the trust page's link was just ``…/trust``; an
exercise opened from a link asked for a guess again)."""
import pytest
from apptest_utils import ok
from streamlit.testing.v1 import AppTest

from ui.core import settings
ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]

# link parameter -> (session key, a value that is not the default)
TRUST = {"t.reps": ("trust.reps", 500), "t.n": ("trust.n", 50), "t.eff": ("trust.effect", 0.03),
         "t.inf": ("trust.influence", 2.0), "t.data": ("trust.data", "gaussian"), "t.a": ("trust.a", "tree"),
         "t.b": ("trust.b", "knn"), "t.rope": ("trust.rope", 0.02)}


def _at(page):
    return AppTest.from_file(str(ROOT / "pages" / f"{page}.py"), default_timeout=60)


def _round_trip(page, name, key, value, **state):
    at = _at(page)
    at.session_state["trust.reps"] = 500                       # the simulation small, whatever is tested
    for k, v in {**state, key: value}.items():
        at.session_state[k] = v
    at.run()
    ok(at)
    assert name in at.query_params, sorted(at.query_params)
    fresh = _at(page)                                          # someone opens the link in a fresh browser
    for n, v in at.query_params.items():
        fresh.query_params[n] = v[0] if isinstance(v, list) else v
    fresh.run()
    ok(fresh)
    assert fresh.session_state[key] == value
    assert name in fresh.query_params                          # and the address still carries it
    return fresh


def test_every_trust_setting_has_a_case():
    params = {n for n, (key, _) in settings.params().items() if key.startswith("trust.")}
    assert params == set(TRUST)


@pytest.mark.parametrize("name", sorted(TRUST))
def test_a_trust_setting_goes_into_the_link_and_comes_back(name):
    key, value = TRUST[name]
    fresh = _round_trip("trust", name, key, value)
    shown = {w.key.split("#")[0]: w.value for kind in (fresh.slider, fresh.select_slider, fresh.selectbox)
             for w in kind}
    assert shown[f"_w_{key}"] == value                         # the control shows it


def test_defaults_stay_out_of_the_trust_link():
    at = _at("trust")
    at.session_state["trust.reps"] = 1000                      # the default
    at.run()
    assert not [n for n in at.query_params if n.startswith("t.")]


@pytest.mark.parametrize("n", settings.EXERCISES)
def test_just_show_me_goes_into_the_link_and_the_fresh_session_shows_the_answer(n):
    short = n.replace(".", "")
    fresh = _round_trip("exercises", f"x.s{short}", f"exercises.shown.{n}", True, **{"exercises.open": n})
    assert f"exercises.guess.{n}" not in fresh.session_state     # no guess was made: only "just show me"
    assert not [b for b in fresh.button if b.key == f"_w_commit_{n}"]   # the guess step is not asked again
