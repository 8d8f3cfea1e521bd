"""The session budget charges what a session computes from its upload (facts,
intervals, flipped copies), refuses the next heavy thing past it with a
sentence in the user's language while keeping what it has, and closed
sessions give their memory back (ui.protect.budget.reap)."""
import gc
import tomllib
import tracemalloc
from pathlib import Path

import numpy as np
import pytest
from apptest_utils import ok, run, text_tables

import evalcore as ec
from ui.protect import budget
from ui.protect import limits
from ui.core import models
ROOT = Path(__file__).resolve().parents[2]
MB = 2 ** 20


def _predictions(n: int, k: int, seed: int = 0, decimals: int = 4) -> ec.PredictionSet:
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.3).astype(int)
    cols = {f"m{i}": np.round(rng.normal(size=n) + y * (1.0 - 0.2 * i), decimals) for i in range(k)}
    csv = "y," + ",".join(cols) + "\n" + "\n".join(
        f"{y[i]}," + ",".join(f"{cols[c][i]}" for c in cols) for i in range(n))
    return ec.load_predictions(csv.encode())


@pytest.fixture
def session(monkeypatch):
    """A session's state as a plain dict (ui.protect.budget and ui.core.models read it), with an upload in it."""
    state: dict = {}
    monkeypatch.setattr(budget, "SS", state)
    monkeypatch.setattr(models, "SS", state)
    ps = _SMALL
    state.update(ds_upload=ps, ds_upload_token="upload:test", source="upload")
    return state


_SMALL = _predictions(60_000, 2)
_FACTS = ("counts", "roc_view", "pr_view", "cost_curve", "ranked", "histogram", "hull")


def _traced() -> int:
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


def test_a_session_is_charged_what_its_facts_and_intervals_hold_as_tracemalloc_measures(session):
    ps = session["ds_upload"]
    before = budget.session_bytes()
    assert before >= sum(a.nbytes for a in ps.scores.values())       # the upload itself
    tracemalloc.start()
    try:
        t0 = _traced()
        m = models.model("upload:test", "m0", ps)
        for name in _FACTS:
            getattr(m, name)
        m.steps()
        m.bootstrap
        m.roc_band
        held = _traced() - t0                                         # what stays allocated, measured apart
    finally:
        tracemalloc.stop()
    charged = budget.session_bytes() - before
    assert charged > 10 * MB                                          # the charge grew with the facts
    assert abs(charged - held) <= 0.1 * held, (charged / MB, held / MB)


def test_the_estimate_before_a_fact_is_not_below_what_it_holds(session):
    ps = session["ds_upload"]
    m = models.model("upload:test", "m1", ps)
    for name in ("counts", "cost_curve", "ranked", "steps", "bootstrap"):
        b0 = budget.nbytes(m)
        m.steps() if name == "steps" else getattr(m, name)
        got = budget.nbytes(m) - b0
        assert got <= m._estimate(name) <= 3 * got + MB, (name, got, m._estimate(name))


def test_a_flipped_copy_is_charged_and_the_other_orientation_is_given_back(session):
    ps = session["ds_upload"]
    models.model("upload:test", "m0", ps).counts
    one = budget.session_bytes()
    models.set_flipped("upload:test", "m0", True)
    m = models.model("upload:test", "m0", ps)
    m.counts
    assert m.flipped and list(session["_upload_facts"]) == [("upload:test", "m0", True)]
    assert abs(budget.session_bytes() - one - m.scores.nbytes) <= 0.02 * one    # + the negated copy only


def test_models_dropped_and_intervals_off_give_their_facts_back(session):
    ps = session["ds_upload"]
    for name in ps.models:
        m = models.model("upload:test", name, ps)
        m.counts
        m.bootstrap
    full = budget.session_bytes()
    models.release("upload:test", ["m0"], intervals=True)
    one = budget.session_bytes()
    assert one < full - 5 * MB
    models.release("upload:test", ["m0"], intervals=False)
    assert "bootstrap" not in session["_upload_facts"][("upload:test", "m0", False)]._facts
    assert budget.session_bytes() < one - 3 * MB        # the resamples of m0


@pytest.mark.parametrize("lang, words", [("en", "choose fewer models, turn the intervals off"),
                                         ("zh", "请少选几个模型、关闭区间")])
def test_past_its_budget_a_session_is_refused_the_next_fact_and_keeps_its_data(session, monkeypatch, lang, words):
    ps = session["ds_upload"]
    m = models.model("upload:test", "m0", ps)
    m.counts
    monkeypatch.setattr(limits, "SESSION_MB", budget.session_bytes() / MB + 5)    # counts fit, resamples do not
    with pytest.raises(budget.OverBudget) as err:
        m.bootstrap
    assert words in err.value.text(lang)
    assert session["ds_upload"] is ps and m.counts.n_pos == ps.n_pos           # what it had still works
    assert "bootstrap" not in m._facts


def _page_state(ps, **more):
    return dict(source="upload", ds_upload=ps, ds_upload_token="upload:page", models=list(ps.models), **more)


@pytest.mark.parametrize("lang, words", [("en", "turn the intervals off"), ("zh", "关闭区间")])
def test_a_page_past_the_budget_shows_the_sentence_and_what_fits(monkeypatch, lang, words):
    ps = _SMALL
    monkeypatch.setattr(limits, "SESSION_MB", 5.5)       # the upload (1 MB) and counts (2 MB) fit, the resamples do not
    at = run("pages/confusion.py", lang=lang, ci_on=True, **_page_state(ps))
    ok(at)
    assert any(words in w.value for w in at.warning)
    assert text_tables(at)[0]                              # the models' matrices are still drawn
    assert at.session_state["ds_upload"] is not None


def test_a_page_with_more_models_than_fit_draws_those_that_fit(monkeypatch):
    ps = _predictions(60_000, 4)
    monkeypatch.setattr(limits, "SESSION_MB", 6.5)        # the upload (2 MB) and two models' counts (2 MB each)
    at = run("pages/pr.py", lang="en", **_page_state(ps))
    ok(at)
    assert any("choose fewer models" in w.value for w in at.warning)
    held = {k[1] for k in at.session_state["_upload_facts"]}
    assert 1 <= len(held) < 4


# ------------------------------------------------------ closed sessions
class _Session:
    def __init__(self, sid):
        self.id, self.shut = sid, False

    def shutdown(self):
        self.shut = True


def _manager(clock):
    import threading

    from streamlit.runtime.caching.ttl_cache import TTLCache
    from streamlit.runtime.memory_session_storage import MemorySessionStorage

    storage = MemorySessionStorage(ttl_seconds=limits.SESSION_TTL_S)
    storage._cache = TTLCache(maxsize=128, ttl=limits.SESSION_TTL_S, timer=lambda: clock[0])
    return type("Mgr", (), {"_session_storage": storage, "_storage_lock": threading.Lock(),
                            "is_active_session": lambda self, sid: sid == "live"})()


def test_a_closed_session_is_kept_for_a_reconnect_then_dropped_and_shut_down():
    from streamlit.runtime.session_manager import SessionInfo

    clock = [0.0]
    mgr = _manager(clock)
    s = _Session("a")
    mgr._session_storage.save(SessionInfo(client=None, session=s, script_run_count=1))
    clock[0] = limits.SESSION_TTL_S - 1
    assert budget.reap(mgr) == 0 and mgr._session_storage.get("a") is not None and not s.shut
    clock[0] = limits.SESSION_TTL_S + 1
    assert budget.reap(mgr) == 1 and s.shut
    assert not mgr._session_storage._cache._data            # nothing of it left in Streamlit's storage


def test_the_server_keeps_closed_sessions_as_long_as_the_limit_says():
    cfg = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert cfg["server"]["disconnectedSessionTTL"] == limits.SESSION_TTL_S
    assert 0 < limits.REAP_S < limits.SESSION_TTL_S


def test_the_file_as_uploaded_is_charged_while_streamlit_keeps_it(session):
    from streamlit.proto.Common_pb2 import FileURLs
    from streamlit.runtime.uploaded_file_manager import UploadedFile, UploadedFileRec

    before = budget.session_bytes()
    data = b"y,m0\n" + b"1,0.5\n" * 500_000
    session["_w_upload"] = UploadedFile(UploadedFileRec("f1", "a.csv", "text/csv", data), FileURLs())
    assert budget.session_bytes() - before == len(data)


def test_a_refusal_of_a_data_error_subclass_reads_as_its_sentence():
    # ui.error_text rebuilt a message as type(err)(code, **params): ui.protect.budget.OverBudget(mb, limit) raised
    # TypeError there, so a session past its budget saw Streamlit's error box instead of the sentence
    from ui.protect import budget
    from ui.core.i18n import error_text

    assert "256" in error_text(budget.OverBudget(300.0, 256))


def test_a_prepared_report_past_the_budget_does_not_stop_the_page(monkeypatch):
    ps = _predictions(60_000, 4)
    monkeypatch.setattr(limits, "SESSION_MB", 6.5)
    at = run("pages/confusion.py", lang="zh", _report=("old state", b"<html></html>", "r.html"), **_page_state(ps))
    ok(at)
    assert any("请少选几个模型" in w.value for w in at.warning)
    assert text_tables(at)[0]


def test_a_flip_past_the_budget_is_refused_and_the_model_keeps_its_facts(session, monkeypatch):
    ps = session["ds_upload"]
    m = models.model("upload:test", "m0", ps)
    m.counts
    monkeypatch.setattr(limits, "SESSION_MB", budget.session_bytes() / MB + 0.1)   # no room for a copy
    models.set_flipped("upload:test", "m0", True)
    with pytest.raises(budget.OverBudget):
        models.model("upload:test", "m0", ps)
    assert not models.is_flipped("upload:test", "m0")
    assert models.model("upload:test", "m0", ps) is m and "counts" in m._facts


def test_a_memo_is_charged_with_the_sessions_other_memos(session, monkeypatch):
    a, b = object(), object()
    budget.once("a", a, lambda: np.zeros(3 * MB // 8))
    monkeypatch.setattr(limits, "SESSION_MB", budget.session_bytes() / MB + 2)      # room for 2 MB more
    with pytest.raises(ec.DataError, match="256|MB"):
        budget.once("b", b, lambda: np.zeros(3 * MB // 8))
    assert budget.once("a", a, lambda: None).nbytes == 3 * MB       # what it had stays


def test_a_refusal_that_reaches_the_top_of_a_page_is_its_sentence():
    from streamlit.testing.v1 import AppTest

    def app():
        import evalcore as ec
        import streamlit as st
        import ui

        class Page:
            def run(self):
                st.write("drawn before")
                raise ec.DataError("session_full", mb=300.0, limit=256)
        st.session_state["lang"] = "zh"
        ui.run(Page())

    at = AppTest.from_function(app).run()
    assert not at.exception
    assert at.markdown[0].value == "drawn before" and "关闭区间" in at.error[0].value


def test_the_files_of_sessions_neither_connected_nor_stored_are_dropped():
    from streamlit.runtime.memory_uploaded_file_manager import MemoryUploadedFileManager
    from streamlit.runtime.session_manager import SessionInfo
    from streamlit.runtime.uploaded_file_manager import UploadedFileRec

    clock = [0.0]
    mgr = _manager(clock)
    mgr._session_storage.save(SessionInfo(client=None, session=_Session("kept"), script_run_count=1))
    files = MemoryUploadedFileManager("/_stcore/upload_file")
    for sid in ("live", "kept", "forgotten"):          # connected, stored for a reconnect, evicted from storage
        files.add_file(sid, UploadedFileRec(f"f-{sid}", "a.csv", "text/csv", b"1,2\n" * 1000))
    assert budget.reap(mgr, files=files) == 1
    assert sorted(files.file_storage) == ["kept", "live"]


def test_past_the_budget_a_curve_of_a_model_shown_is_computed_for_the_run_not_kept(session, monkeypatch):
    ps = session["ds_upload"]
    m = models.model("upload:test", "m0", ps)
    m.counts
    held = budget.session_bytes()
    monkeypatch.setattr(limits, "SESSION_MB", held / MB + 0.5)       # no room for the ROC walk or the ranks
    assert m.steps().tpr.shape == ec.roc_steps(m.counts).tpr.shape and m.ranked is not None
    assert budget.session_bytes() == held and "steps" not in m._facts


@pytest.mark.parametrize("page", ["cost", "roc", "pr"])
def test_a_page_whose_curves_pass_the_budget_draws_them_without_an_exception(monkeypatch, page):
    ps = _predictions(60_000, 2, decimals=9)                  # every score distinct: O(n) facts
    limit = budget.nbytes(ps) + 2 * models.ROW_BYTES["counts"] * ps.n + 200_000    # the upload and both counts
    monkeypatch.setattr(limits, "SESSION_MB", limit / MB)
    at = run(f"pages/{page}.py", lang="en", roc_mode="full", **_page_state(ps))
    ok(at)
    assert {k[1] for k in at.session_state["_upload_facts"]} == {"m0", "m1"}      # both models drawn
