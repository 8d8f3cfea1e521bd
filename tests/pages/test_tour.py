"""The lecture tour under AppTest: every stop of the shipped tour opens
without error and sets exactly its state; Next gives the same state as the
stop's link; a lecturer's tour survives download and upload; hostile tour
files get a message in the user's language and change nothing."""
import pytest
from apptest_utils import ROOT, ok
from streamlit.testing.v1 import AppTest

from ui.core import settings

from ui.core import tour
STOPS = tour.shipped()


def at_stop(i: int, lang="en", **query):
    at = AppTest.from_file(str(ROOT / f"pages/{STOPS[i].page}.py"), default_timeout=60)
    at.session_state["lang"] = lang
    for k, v in query.items():
        at.query_params[k] = v
    if not query:
        at.session_state["tour"] = "chapter2"
        at.session_state["_tour_go"] = ("to", i)
    at.run()
    return at


def test_the_shipped_tour_is_a_lecture_in_the_books_order():
    assert 20 <= len(STOPS) <= 40
    assert STOPS[0].page == "home" and all(s.zh and s.en for s in STOPS)
    pages = [s.page for s in STOPS]
    assert pages.index("methods") < pages.index("confusion") < pages.index("compare") < pages.index("biasvar")
    assert {"exercises", "roc", "cost", "trust", "lab"} <= set(pages)


@pytest.mark.parametrize("i", range(len(STOPS)))
def test_every_stop_opens_and_sets_its_state(i):
    at = at_stop(i, lang="zh" if i % 2 else "en")
    ok(at)
    assert at.session_state["tour_stop"] == i
    for name, text in STOPS[i].state.items():
        if name in tour.DATA_STATE:
            continue
        key = settings.params()[name][0]
        assert at.session_state[key] == settings.parse_param(name, text), (i, name)
    bar = [m.value for m in at.markdown]
    assert any(f"{i + 1} / {len(STOPS)}" in v for v in bar)


@pytest.mark.parametrize("i", [3, 4, 12])
def test_a_stop_reached_by_next_equals_the_stop_opened_from_its_link(i):
    walked = at_stop(i)
    walked.button(key="tour_next").click().run()
    ok(walked)
    linked = at_stop(i + 1, tour="chapter2", stop=str(i + 2))
    ok(linked)
    assert walked.session_state["tour_stop"] == linked.session_state["tour_stop"] == i + 1
    for name in {**STOPS[i].state, **STOPS[i + 1].state}:
        if name in tour.DATA_STATE:
            continue
        key = settings.params()[name][0]
        assert (key in walked.session_state) == (key in linked.session_state), name
        if key in walked.session_state:
            assert walked.session_state[key] == linked.session_state[key], name


def test_a_lecturers_tour_survives_download_and_upload():
    at = AppTest.from_file(str(ROOT / "pages/compare.py"), default_timeout=60)
    at.session_state["lang"] = "en"
    at.session_state["compare.section"] = "friedman"
    at.run()
    at.text_input(key="_w_tour_note").input("Ranks: <b>A</b> wins").run()
    at.button(key="tour_add").click().run()
    ok(at)
    own = at.session_state["tour_own"]
    assert len(own) == 1 and own[0].page == "compare" and own[0].state.get("c_sec") == "friedman"
    again = tour.parse_tour(tour.tour_text(own).encode("utf-8"))
    assert again == own


HOSTILE = {
    "size": b"[[stop]]\npage = \"home\"\n" * 100_000,
    "toml": b"[[stop]\npage = ",
    "text": b"\x89PNG\r\n\x1a\n" + bytes(40),
    "empty": b"title = 'nothing'",
    "page": b"[[stop]]\npage = \"../../etc/passwd\"",
    "key": b"[[stop]]\npage = \"methods\"\nstate = { \"rm -rf\" = \"1\" }",
    "value": b"[[stop]]\npage = \"methods\"\nstate = { \"m.k\" = \"999\" }",
    "type": b"[[stop]]\npage = \"methods\"\nstate = \"m.k=5\"",
    "stops": b"[[stop]]\npage = \"home\"\n" * 61,
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_hostile_tour_file_gets_a_message_and_changes_nothing(kind):
    with pytest.raises(tour.TourError) as err:
        tour.parse_tour(HOSTILE[kind])
    assert err.value.code == kind


def test_hostile_messages_are_worded_in_both_languages_and_a_note_stays_inert():
    at = AppTest.from_file(str(ROOT / "pages/home.py"), default_timeout=60)
    at.session_state["lang"] = "zh"
    at.session_state["tour"] = "own"
    at.session_state["tour_own"] = [tour.Stop("home", {}, "<script>x</script> **bold**", "")]
    with pytest.raises(tour.TourError) as err:
        tour.parse_tour(HOSTILE["value"])
    at.session_state["tour_error"] = "shown"
    at.run()
    ok(at)
    shown = " ".join(m.value for m in at.markdown)
    assert "\\<script\\>" in shown and "\\*\\*bold\\*\\*" in shown
    from ui.core import i18n

    for lang, word in (("zh", "第 1 站"), ("en", "Stop 1")):
        text = i18n.strings()[f"common.tour.err.{err.value.code}"][lang].format(
            **{k: str(v) for k, v in err.value.values.items()})
        assert word in text and "999" in text and "m.k" in text


def _worded(data: bytes, lang: str):
    import streamlit as st

    from ui.core import tour as tour_
    from ui.core.state import SS

    SS["lang"] = lang
    try:
        tour_.parse_tour(data)
    except tour_.TourError as err:
        st.error(err.text())


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_every_hostile_file_gets_its_sentence_through_the_app(kind, lang):
    at = AppTest.from_function(_worded, args=(HOSTILE[kind], lang), default_timeout=30)
    at.run()
    ok(at)
    assert len(at.error) == 1 and ("站" in at.error[0].value or "导览" in at.error[0].value) == (lang == "zh")


def test_the_tour_is_in_the_link_and_leaving_keeps_the_state():
    at = at_stop(4)
    at.run()
    assert at.query_params["tour"] in ("chapter2", ["chapter2"]) and at.query_params["stop"] in ("5", ["5"])
    m = at.session_state["methods.m"]
    at.button(key="tour_leave").click().run()
    ok(at)
    assert "tour" not in at.session_state and at.session_state["methods.m"] == m
    assert "tour" not in dict(at.query_params)


def test_a_broken_or_binary_tour_file_is_described_in_the_users_words():
    """Where a TOML error is and that a binary file is not text, in zh and en (not Python's English)."""
    from ui.core import i18n

    with pytest.raises(tour.TourError) as err:
        tour.parse_tour(b'[[stop]]\npage = "home"\nzh = \n')
    assert err.value.values == {"line": "3", "column": "6"}
    for lang in ("zh", "en"):
        for kind in ("toml", "text"):
            with pytest.raises(tour.TourError) as err:
                tour.parse_tour(HOSTILE[kind])
            text = i18n.strings()[f"common.tour.err.{kind}"][lang]
            assert "codec" not in text and "{detail}" not in text
