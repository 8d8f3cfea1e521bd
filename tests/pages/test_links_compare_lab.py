"""Links of the comparison-tests page and the metrics lab: every control
goes into the address and comes back from it (a fresh session opened on
the link), small tables compactly; a table too large to carry is left out
and the share box says so."""
import json

import pytest
from apptest_utils import ok, widget
from streamlit.testing.v1 import AppTest

from evalcore.presets import COMPARE_TABLES, DEMSAR_TABLE6
from ui.core import settings
ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]

# link parameter -> (page, session key, a value that is not the default)
CASES = {
    "c_sec": ("compare", "compare.section", "cv5x2"),
    "c_alpha": ("compare", "compare.alpha", 0.01),
    "c_m": ("compare", "compare.m", 40),
    "c_err": ("compare", "compare.errors", 9),
    "c_eps0": ("compare", "compare.eps0", 0.25),
    "c_eps0t": ("compare", "compare.eps0_t", 0.15),
    "c_var": ("compare", "compare.variant", "dietterich"),
    "c_e01": ("compare", "compare.e01", 17),
    "c_e10": ("compare", "compare.e10", 4),
    "c_preset": ("compare", "compare.preset", "demsar"),
    "c_higher": ("compare", "compare.higher", True),
    "c_delong": ("compare", "compare.delong_set", "synthetic"),
    "c_fs_paired": ("compare", "compare.fs.paired", "watermelon"),
    "c_a_paired": ("compare", "compare.a.paired", "knn"),
    "c_b_paired": ("compare", "compare.b.paired", "tree"),
    "c_fs_cv5x2": ("compare", "compare.fs.cv5x2", "watermelon"),
    "c_a_cv5x2": ("compare", "compare.a.cv5x2", "tree"),
    "c_b_cv5x2": ("compare", "compare.b.cv5x2", "logistic"),
    "c_tab_t": ("compare", "compare.table.t", {"error": [0.2, 0.25, 0.3]}),
    "c_tab_paired": ("compare", "compare.table.paired", {"A": [0.1, 0.2, 0.15], "B": [0.2, 0.25, 0.3]}),
    "c_tab_cv5x2": ("compare", "compare.table.cv5x2", {k: [round(v + 0.01, 2) for v in vs]
                                                         for k, vs in COMPARE_TABLES["cv5x2"].items()}),
    "c_tab_friedman": ("compare", "compare.table.friedman", {"x, y": [1, 2], "B;2": [2, 1], "c:3": [3, 3]}),
    "l_sec": ("lab", "lab.section", "clustering"),
    "l_bias": ("lab", "lab.bias", -1.5),
    "l_nmi": ("lab", "lab.nmi", "max"),
    "l_tab_binary": ("lab", "lab.table.binary", {"y": [1, 0, 0], "p": [0.7, 0.1, 0.45]}),
    "l_tab_multi": ("lab", "lab.table.multi", {"y": ["dog", "cat"], "cat": [0.1, 0.6], "dog": [0.8, 0.3],
                                               "rabbit": [0.1, 0.1]}),
    "l_tab_hinge": ("lab", "lab.table.hinge", {"y": [1, -1], "w": [0.5, 2.25]}),
    "l_tab_labels": ("lab", "lab.table.labels", {"y1": [1, 0], "y2": [0, 1], "y3": [1, 1], "f1": [0.9, 0.1],
                                                 "f2": [0.2, 0.7], "f3": [0.4, 0.6]}),
    "l_tab_regression": ("lab", "lab.table.regression", {"y": [1.5, -2.0, 3.25], "yhat": [1.0, -1.0, 3.0]}),
    "l_tab_clusters": ("lab", "lab.table.clusters", {"x": [0.0, 1.0, 5.0], "y": [0.0, 1.0, 5.0],
                                                     "class": ["a b", "a b", "ç"], "cluster": [1, 1, 2]}),
}


def test_every_control_of_both_pages_has_a_case():
    params = {n for n, (key, _) in settings.params().items() if key.startswith(("compare.", "lab."))}
    assert params == set(CASES)


def _at(page):
    return AppTest.from_file(str(ROOT / "pages" / f"{page}.py"), default_timeout=60)


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_control_goes_into_the_link_and_comes_back(name):
    page, key, value = CASES[name]
    at = _at(page)
    at.session_state[key] = value
    at.run()
    ok(at)
    assert name in at.query_params, sorted(at.query_params)
    sent = at.query_params[name]
    fresh = _at(page)                                                     # someone opens the link
    fresh.query_params[name] = sent
    fresh.run()
    ok(fresh)
    assert fresh.session_state[key] == value
    assert name in fresh.query_params                                     # and the address still carries it


def test_a_restored_section_and_alpha_show_in_their_controls():
    at = _at("compare")
    at.query_params.update(c_sec="friedman", c_alpha="0.1", c_preset="demsar",
                           c_tab_friedman=settings.table_text(DEMSAR_TABLE6), c_higher="1")
    at.run()
    ok(at)
    assert widget(at.segmented_control, "_w_compare.section").value == "friedman"
    assert widget(at.segmented_control, "_w_compare.alpha").value == 0.1
    assert widget(at.radio, "_w_compare.preset").value == "demsar"
    assert "C4.5 = 3.143" in "\n".join(m.value for m in at.markdown)


def test_defaults_stay_out_of_the_link_and_a_bad_value_is_ignored():
    at = _at("compare")
    at.query_params.update(c_alpha="0.2", c_tab_t="error:0.1,,0.2", c_sec="nowhere")
    at.run()
    ok(at)
    assert at.session_state["compare.alpha"] == 0.05 and at.session_state["compare.section"] == "binomial"
    assert not {k for k in at.query_params if k.startswith(("c_", "l_"))}


@pytest.mark.parametrize("lang,words", [("en", "too large to carry"), ("zh", "太大")])
def test_a_table_too_large_is_left_out_and_the_share_box_says_so(lang, words):
    at = _at("compare")
    at.session_state["lang"] = lang
    at.session_state["compare.section"] = "friedman"
    at.session_state["compare.table.friedman"] = {f"algorithm {j}": [0.123456 + i / 1000 for i in range(60)]
                                                  for j in range(6)}
    at.run()
    ok(at)
    assert "c_tab_friedman" not in at.query_params
    assert any(words in c.value for c in at.sidebar.caption)
    at.session_state["compare.table.friedman"] = {"A": [1, 2], "B": [2, 1]}
    at.run()
    assert "c_tab_friedman" in at.query_params
    assert not any(words in c.value for c in at.sidebar.caption)


def test_the_link_form_of_a_table_is_compact_and_round_trips():
    table = {"A": [0.1, 0.2], "B": [1, 2]}
    assert settings.table_text(table) == "A:0.1,0.2;B:1,2"
    assert settings._table(settings.table_text(table)) == table
    odd = {"a,b;c:d%": ["x y", "=1"], "名": [1.5, -2]}
    assert settings._table(settings.table_text(odd)) == odd
    assert json.dumps(settings._table("a:1,2;b:3,4")) == '{"a": [1, 2], "b": [3, 4]}'
