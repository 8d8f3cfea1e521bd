"""The section boundary (ui.guard): an unexpected error in one section is a
sentence in the user's language with a reference id (logged with its
traceback), the sections after it are drawn, and Streamlit's own English
error box never appears; st.stop and st.rerun pass through."""
import logging
import re

import pytest
from apptest_utils import ROOT, run
from streamlit.testing.v1 import AppTest

from ui.parts import methods as experiments

from ui.core import tour
SENTENCE = {"zh": "意外的错误", "en": "unexpected error"}


def _failed(at, lang):
    return [e.value for e in at.error if SENTENCE[lang] in e.value]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_failing_section_is_a_sentence_and_the_rest_of_the_page_is_drawn(lang, monkeypatch, caplog):
    def broken():
        raise RuntimeError("a bug in the bootstrap section")

    monkeypatch.setattr(experiments, "oob_limit", broken)      # the first section of the methods page fails
    with caplog.at_level(logging.ERROR, logger="ui.core.boundary"):
        at = run("pages/methods.py", lang=lang)
    assert not at.exception                                    # no Streamlit error box
    said = _failed(at, lang)
    assert len(said) == 1
    ref = re.search(r"\b([0-9a-f]{8})\b", said[0]).group(1)
    assert ref in caplog.text and "a bug in the bootstrap section" in caplog.text   # the log has the traceback
    assert "Traceback" in caplog.text or caplog.records[-1].exc_info
    headers = " ".join(h.value for h in at.header)
    for later in (("留出法", "交叉验证", "调参") if lang == "zh" else ("Hold-out", "Cross-validation", "Tuning")):
        assert later in headers                                # the sections after it are drawn


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_last_boundary_in_app_py_catches_what_a_page_raises_outside_its_sections(lang, monkeypatch):
    def broken():
        raise RuntimeError("outside any section")

    monkeypatch.setattr(tour, "shipped", broken)               # the home page's tour button, before its sections
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.session_state["lang"] = lang
    at.run()
    assert not at.exception
    assert _failed(at, lang)


def _script_stop():
    import streamlit as st

    import ui

    with ui.guard("stops"):
        st.write("before")
        st.stop()
    st.write("after")


def _script_rerun():
    import streamlit as st

    import ui

    st.session_state.setdefault("runs", 0)
    st.session_state["runs"] += 1
    with ui.guard("reruns"):
        if st.session_state["runs"] == 1:
            st.rerun()
    st.write(f"runs {st.session_state['runs']}")


def test_st_stop_and_st_rerun_pass_through_the_boundary():
    at = AppTest.from_function(_script_stop).run()
    assert not at.exception and not at.error
    assert [m.value for m in at.markdown] == ["before"]          # stopped: nothing after it
    at = AppTest.from_function(_script_rerun).run()
    assert not at.exception and not at.error
    assert at.session_state["runs"] == 2 and [m.value for m in at.markdown] == ["runs 2"]


def test_a_refusal_from_evalcore_shows_its_own_sentence():
    import evalcore as ec

    def refused():
        raise ec.DataError("too_costly", cost=2e9, limit=1e9)

    at = AppTest.from_function(_script_refusal, args=(refused,))
    at.session_state["lang"] = "zh"
    at.run()
    assert not at.exception
    assert any(ec.DataError("too_costly", cost=2e9, limit=1e9).text("zh") in e.value for e in at.error)
    assert [m.value for m in at.markdown] == ["after"]


def _script_refusal(refused):
    import streamlit as st

    import ui

    with ui.guard("refusal"):
        refused()
    st.write("after")
