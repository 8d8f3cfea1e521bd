"""A fragment's rerun that a browser asked for on the page it showed, taken by
the server after the session went to another page (``st.switch_page``: a
revealed question's experiment, the tour's next stop; the browser's timers of
the old page still running), is dropped (``ui.protect.protocol``).  Run, it
told the browser that the page had changed back: the browser cleared the
page and took the fragment's elements into places that no longer existed
("Bad delta path index"), and closed the connection (the class test's phones,
1 run in 4 on a busy machine).

Checked on a real server with Streamlit's own messages, as a browser sends
them (the page's address is the hash a browser learns from the
``navigation`` message), with a student in a class: the student's poll is
the one fragment every page draws in the same place, so the new page has
it too.  (A fragment the new page lacks Streamlit drops itself.)"""
from __future__ import annotations

import pytest
from protocol_client import served, session

QUERY = "lang=en"


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """A server with a class store of its own, and a room open in it: (url, room code)."""
    from classroom import Classroom, open_store
    from ui.protect.limits import CLASS_CAPS

    store = str(tmp_path_factory.mktemp("class") / "class.sqlite3")
    code, _ = Classroom(open_store(store), CLASS_CAPS).open_room()
    with served(store) as url:
        yield url, code


class Browser:
    """A websocket session (``protocol_client.session``'s) that keeps every message, as a browser's page
    would, and sends a timed fragment's rerun by the page's hash, as a browser does."""

    def __init__(self, ws, query: str):
        self.ws, self.query = ws, query
        self.hashes: dict[str, str] = {}          # a page's address ("confusion") -> its script hash

    def send(self, *, page: str = "", page_hash: str = "", fragment: str = "") -> None:
        from streamlit.proto.BackMsg_pb2 import BackMsg

        msg = BackMsg()
        rs = msg.rerun_script
        rs.query_string, rs.page_name, rs.page_script_hash = self.query, page, page_hash
        rs.fragment_id = fragment
        rs.is_auto_rerun = bool(fragment)        # a timed fragment's rerun (run_every), as the browser asks for it
        self.ws.send(msg.SerializeToString())

    def within(self, seconds: float) -> list:
        """The messages that come within ``seconds`` (none for a request the server dropped)."""
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        got = []
        try:
            while True:
                got.append(ForwardMsg.FromString(self.ws.recv(timeout=seconds)))
        except TimeoutError:
            return got

    def until_finished(self) -> list:
        """The messages up to the next run's end."""
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        got = []
        while True:
            fm = ForwardMsg()
            fm.ParseFromString(self.ws.recv(timeout=60))
            got.append(fm)
            if fm.WhichOneof("type") == "navigation":
                self.hashes.update({p.url_pathname: p.page_script_hash for p in fm.navigation.app_pages})
            if fm.WhichOneof("type") == "script_finished" and \
                    fm.script_finished != ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                return got


def _fragments(messages) -> set[str]:
    return {m.delta.fragment_id for m in messages if m.WhichOneof("type") == "delta" and m.delta.fragment_id}


def _pages_announced(messages) -> list[str]:
    return [m.new_session.page_script_hash for m in messages if m.WhichOneof("type") == "new_session"]


def test_a_fragments_rerun_for_a_page_no_longer_shown_is_dropped(app):
    url, code = app
    with session(url) as client:
        browser = Browser(client.ws, f"{QUERY}&room={code}")
        browser.send(page="home")                          # the student's link: home, in the room
        (poll,) = _fragments(browser.until_finished())     # the student's view, polled
        browser.send(page="exercises")                     # the session goes to another page ...
        assert poll in _fragments(browser.until_finished())    # ... which draws the same poll

        # ... and the home page's timer had asked for the poll (taken by the server now).  Nothing comes
        # back; before, its run came at once (the server is idle), announcing the page the browser left
        browser.send(page_hash=browser.hashes["home"], fragment=poll)
        dropped = browser.within(3)
        assert browser.hashes["home"] not in _pages_announced(dropped), \
            "the browser was told of the page it left: it clears the page shown"
        assert {m.WhichOneof("type") for m in dropped} <= {"session_status_changed"}, dropped    # no run

        browser.send(page_hash=browser.hashes["exercises"], fragment=poll)     # the new page's timer: it runs
        after = browser.until_finished()
        assert _pages_announced(after) == [browser.hashes["exercises"]]
        assert after[-1].script_finished == after[-1].FINISHED_FRAGMENT_RUN_SUCCESSFULLY
        assert _fragments(after) == {poll}
