"""Class mode (issue 38) under AppTest: the lecturer's and the student's
views in both languages, nothing touched while no class is open, and the
views' refusals tried as an attacker would (the rules themselves:
tests/classroom)."""
import json

import pytest
from apptest_utils import ROOT, ok, run
from streamlit.testing.v1 import AppTest

import ui
from ui.core import class_box, class_vote

EX = "pages/exercises.py"
STUDENT = "student-0001-abcdefghijk"


@pytest.fixture(autouse=True)
def store(tmp_path, monkeypatch):
    """Every test on a store of its own (the setting, as deploy/class_server.py passes it)."""
    path = tmp_path / "class.sqlite3"
    monkeypatch.setenv("EVALLAB_CLASS_STORE", str(path))
    return path


def texts(at) -> str:
    return "\n".join(str(e.value) for kind in ("markdown", "caption", "info", "success", "warning", "error")
                     for e in getattr(at, kind))


def lecturer(lang: str, n: str = "2.3"):
    at = run(EX, lang=lang, **{"exercises.open": n})
    at.button(key="_w_class_open").click().run()
    ok(at)
    return at, *at.session_state["class_lecture"]


def student(code: str, lang: str | None = None, me: str | None = None, page: str = EX):
    at = AppTest.from_file(str(ROOT / page), default_timeout=60)
    at.query_params["room"] = code
    if me:
        at.query_params["me"] = me
    if lang:
        at.session_state["lang"] = lang
    at.run()
    ok(at)
    return at


@pytest.mark.parametrize("page", [p.path for p in ui.PAGES])
def test_no_class_touches_no_store_and_starts_no_timer(page, store, monkeypatch):
    def boom():
        raise AssertionError("the class store was touched with no class open")

    import streamlit as st

    timed, fragment = [], st.fragment

    def recorded(fn=None, *, run_every=None):
        if run_every is not None:
            timed.append(run_every)
        return fragment(fn, run_every=run_every) if fn is not None else fragment(run_every=run_every)

    monkeypatch.setattr(class_box, "service", boom)
    monkeypatch.setattr(class_vote, "service", boom)
    monkeypatch.setattr(st, "fragment", recorded)
    at = run(page, lang="zh")
    ok(at)
    assert not store.exists() and not timed
    assert not [k for k in ("class_lecture", "class_room", "class_me") if k in at.session_state]
    assert "room" not in at.query_params and "me" not in at.query_params


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_lecturer_opens_a_vote_sees_the_count_reveals_and_votes_again(lang):
    at, code, secret = lecturer(lang)
    assert at.get("imgs") or at.get("image")                       # the QR code
    assert code[:4] in texts(at)
    assert not at.get("plotly_chart") and not at.success           # the answer still hidden
    at.button(key="_w_class_ask").click().run()
    c = class_box.service()
    for i, v in enumerate(("yes", "no", "no")):
        sid = f"student-{i:04d}-abcdefghijk"
        c.join(code, sid, client=sid)
        c.answer(code, sid, 1, v)
    at.run()
    ok(at)
    shown = texts(at)
    assert ("3 / 3" in shown) and (("Vote open" in shown) if lang == "en" else ("投票进行中" in shown))
    fig = json.loads(at.get("plotly_chart")[0].proto.spec)
    assert [tr["y"] for tr in fig["data"]] == [[1, 2]]
    at.button(key="_w_class_reveal").click().run()
    ok(at)
    assert at.success                                               # the experiment and its answer
    figs = [json.loads(f.proto.spec) for f in at.get("plotly_chart")]
    assert any("✓" in a.get("text", "") for f in figs for a in f["layout"].get("annotations", []))
    at.button(key="_w_class_again").click().run()
    c.answer(code, "student-0000-abcdefghijk", 2, "no")
    at.run()
    fig = json.loads(at.get("plotly_chart")[0].proto.spec)
    assert [tr["y"] for tr in fig["data"]] == [[1, 2], [0, 1]]      # both votes side by side
    csv = at.get("download_button")
    assert csv


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_student_joins_answers_by_touch_keeps_it_on_reload_and_sees_the_reveal(lang):
    c = class_box.service()
    code, secret = c.open_room()
    from ui.parts.exercises.guess import class_question

    c.open_vote(code, secret, class_question("2.3", {"yes": "", "no": ""}, None))
    at = student(code, lang)
    me = at.session_state["class_me"]
    assert at.query_params["room"] == code and at.query_params["me"] == me   # a reload keeps both
    assert c.students(code) == 1
    at.button(key="_w_class_ans_1_yes").click().run()
    at.button(key="_w_class_ans_1_no").click().run()                # changed before the vote closes
    ok(at)
    assert c.tally(code, 1).counts == {"yes": 0, "no": 1}
    again = student(code, lang, me=me)                              # the reload: a new session, the same id
    assert again.session_state["class_me"] == me and c.students(code) == 1
    assert ("not necessarily" if lang == "en" else "不一定") in texts(again).lower()
    c.reveal(code, secret)
    class_vote.forget(code)                                          # the phones' shared read of the room
    again.run()
    again.run()                                                      # the experiment's page state, then the page
    ok(again)
    assert again.session_state["exercises.shown.2.3"] is True and again.session_state["exercises.open"] == "2.3"
    assert again.success


def test_the_lecturers_private_link_takes_over_and_its_secret_leaves_the_url():
    c = class_box.service()
    code, secret = c.open_room()
    at = AppTest.from_file(str(ROOT / EX), default_timeout=60)
    at.query_params["class"], at.query_params["key"] = code, secret
    at.run()
    ok(at)
    assert at.session_state["class_lecture"] == (code, secret)
    assert "key" not in at.query_params and secret not in json.dumps(dict(at.query_params))
    main = "\n".join(str(e.value) for e in [*at.main.markdown, *at.main.code])
    assert secret not in main                                        # never drawn on the projected page


@pytest.mark.parametrize("key", ["wrong", "", "A" * 32])
def test_a_wrong_lecturer_key_gets_nothing(key):
    c = class_box.service()
    code, secret = c.open_room()
    at = AppTest.from_file(str(ROOT / EX), default_timeout=60)
    at.query_params["class"], at.query_params["key"] = code, key
    at.session_state["lang"] = "en"
    at.run()
    ok(at)
    assert "class_lecture" not in at.session_state
    assert "Only the lecturer" in texts(at)


@pytest.mark.parametrize("code", ["<b>XSS</b>", "[x](javascript:alert(1))", "AAAAAAAA", "x" * 500])
def test_a_crafted_room_code_is_refused_and_not_shown(code):
    at = student(code, "en")
    assert "class_room" not in at.session_state
    shown = texts(at)
    assert "No class has this code" in shown and "<b>" not in shown and "javascript" not in shown


def test_a_student_cannot_lecture():
    c = class_box.service()
    code, secret = c.open_room()
    at = student(code, "en")
    assert "class_lecture" not in at.session_state
    assert not [b for b in at.button if b.key in ("_w_class_reveal", "_w_class_close", "_w_class_ask")]


def test_a_store_that_fails_is_a_sentence_and_the_page_goes_on(monkeypatch):
    from classroom import Classroom
    from classroom.redis_store import RedisStore
    from ui.protect import limits

    down = Classroom(RedisStore("redis://127.0.0.1:1/0"), limits.CLASS_CAPS)
    monkeypatch.setattr(class_box, "service", lambda: down)
    monkeypatch.setattr(class_vote, "service", lambda: down)
    at = run(EX, lang="en", class_lecture=("ABCDEFGH", "secret"), class_room=None,
             **{"exercises.open": "2.3"})
    ok(at)
    assert "store cannot be reached" in texts(at) and at.title
    phone = run(EX, lang="en", class_room="ABCDEFGH", class_me=STUDENT, **{"exercises.open": "2.3"})
    ok(phone)
    assert "store cannot be reached" in texts(phone) and phone.session_state["class_room"] == "ABCDEFGH"
