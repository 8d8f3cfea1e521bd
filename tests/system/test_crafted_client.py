"""A crafted client on a real server, speaking Streamlit's own protocol
(``BackMsg`` / ``ForwardMsg`` on ``/_stcore/stream``, as bench/loadtest.py
does): what a browser would never send, the server must still bound
(issue 37, items 3 and 5).

* A data editor's state with 10,000 added rows and row 0 deleted 10,000
  times (the old check counted 10,000 - 10,000 rows more; pandas drops one
  row): the lab's clustering runs on its last good 12 points and says the
  bound.
* A ``clear_cache`` message: the shared caches are everyone's; a value
  cached before it is still there after it."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "deploy"))
from class_server import free_port, start_app, stop_processes, wait_healthy  # noqa: E402  (the one way to start the app)
from protocol_client import session  # noqa: E402

PROBE = '''
import uuid

import streamlit as st

import ui  # noqa: F401  (the app's server protocol patch, as app.py imports it)


@st.cache_data
def token() -> str:
    return uuid.uuid4().hex


st.text("token " + token())
'''


def _serve(cmd_path: str, port: int, env=None) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "streamlit", "run", cmd_path, "--server.port", str(port),
                             "--server.address", "127.0.0.1", "--server.headless", "true",
                             "--browser.gatherUsageStats", "false"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    """The app and a probe page with one cached value (outside the source tree), started together."""
    probe = tmp_path_factory.mktemp("probe") / "probe.py"
    probe.write_text(PROBE, encoding="utf-8")
    app_port, probe_port = free_port(), free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [start_app(app_port), _serve(str(probe), probe_port, env)]
    try:
        urls = [f"http://127.0.0.1:{p}" for p in (app_port, probe_port)]
        for url in urls:
            wait_healthy(url)
        yield dict(zip(("app", "probe"), urls))
    finally:
        stop_processes(procs, wait=30)


def _texts(elements) -> str:
    return "\n".join(getattr(e, "body", "") for e in elements)


def test_a_crafted_editor_state_cannot_walk_past_the_bound(servers):
    from streamlit.proto.WidgetStates_pb2 import WidgetState

    with session(servers["app"]) as client:
        query = "l_sec=clustering&lang=en"
        first = client.rerun(query, page="lab")
        (editor,) = [e.id for e in first if getattr(e, "id", "").endswith("-_w_lab.table.clusters")]
        assert "= 0" in _texts(first) and "{66}" in _texts(first)        # C(12, 2) pairs: the preset's 12 points
        row = {"x": 1.0, "y": 2.0, "class": "A", "cluster": "1"}
        state = {"edited_rows": {}, "added_rows": [row] * 10_000, "deleted_rows": [0] * 10_000}
        crafted = WidgetState(id=editor, string_value=json.dumps(state))
        after = _texts(client.rerun(query, widgets=[crafted]))
        assert "takes at most 400 rows" in after and "10,011 rows" in after, after[:2000]
        assert "{66}" in after                                             # still the last good 12 points


def test_a_crafted_class_outside_the_select_box_is_refused_in_words(servers):
    """The lab's three-class table takes its true class from a select box (cat / dog / rabbit, shown in the
    page's language); a client that sends an edit naming a fourth class gets the table's message in its
    language, and the log loss stays the last good table's."""
    from streamlit.proto.WidgetStates_pb2 import WidgetState

    with session(servers["app"]) as client:
        query = "l_sec=loss&lang=zh"
        first = client.rerun(query, page="lab")
        (editor,) = [e.id for e in first if getattr(e, "id", "").endswith("-_w_lab.table.multi")]
        state = {"edited_rows": {"0": {"y": "horse"}}, "added_rows": [], "deleted_rows": []}
        after = _texts(client.rerun(query, widgets=[WidgetState(id=editor, string_value=json.dumps(state))]))
        assert "只能是猫、狗、兔之一" in after and "'horse'" in after, after[:2000]
        assert "Traceback" not in after


def test_a_clients_clear_cache_message_clears_nothing(servers):
    from streamlit.proto.BackMsg_pb2 import BackMsg

    with session(servers["probe"]) as client:
        before = [t for t in _texts(client.rerun("")).split() if len(t) == 32]
        assert len(before) == 1
        clear = BackMsg()
        clear.clear_cache = True
        client.ws.send(clear.SerializeToString())
        after = [t for t in _texts(client.rerun("")).split() if len(t) == 32]
        assert after == before
