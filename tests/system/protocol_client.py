"""A client that speaks Streamlit's own protocol (``BackMsg`` / ``ForwardMsg`` on
``/_stcore/stream``, as bench/hall.py does), for the system tests: whole runs of a
page and, as a browser sends them, a widget's run of its fragment."""
from __future__ import annotations

import contextlib
import sys
from pathlib import Path


@contextlib.contextmanager
def served(store: str | None = None):
    """One ``streamlit run app.py`` on a free port (class mode's ``store``, if any) until it stops: its URL."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "deploy"))
    from class_server import free_port, start_app, stop_processes, wait_healthy

    port = free_port()
    procs = [start_app(port, store=store)]
    try:
        wait_healthy(url := f"http://127.0.0.1:{port}")
        yield url
    finally:
        stop_processes(procs, wait=30)


@contextlib.contextmanager
def session(url: str):
    """One websocket session to ``url`` (a :class:`Client`)."""
    from websockets.sync.client import connect

    with connect(url.replace("http", "ws") + "/_stcore/stream", origin=url, subprotocols=["streamlit"],
                 open_timeout=30, max_size=2**26) as ws:
        yield Client(ws)


class Client:
    """A websocket session: :meth:`send` a BackMsg and get the run's elements."""

    def __init__(self, ws):
        self.ws = ws
        self.page = ""
        self.fragments: dict[str, str] = {}       # a widget's id: the fragment that drew it ("" for none)

    def send(self, msg) -> list:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        self.ws.send(msg.SerializeToString())
        elements, kinds = [], []
        while "delta" not in kinds or kinds[-1] != "script_finished":     # (a first run may rerun)
            fm = ForwardMsg()
            fm.ParseFromString(self.ws.recv(timeout=60))
            kind = fm.WhichOneof("type")
            kinds.append(kind)
            if kind == "delta" and fm.delta.WhichOneof("type") == "new_element":
                el = fm.delta.new_element
                elements.append(sub := getattr(el, el.WhichOneof("type")))
                if isinstance(getattr(sub, "id", None), str) and sub.id.startswith("$$ID"):
                    self.fragments[sub.id] = fm.delta.fragment_id
        return elements

    def rerun(self, query: str, page: str = "", widgets=(), fragment: str = "") -> list:
        """A run of ``page`` (by default the page of the session's last run), as a browser asks for it.  The
        page goes by its name: the ``new_session`` message of a session's first run names app.py's hash
        where the page that ran is another (on a server that has run a session before), so a rerun by
        that hash would open the home page."""
        from streamlit.proto.BackMsg_pb2 import BackMsg

        self.page = page or self.page
        msg = BackMsg()
        msg.rerun_script.query_string = query
        msg.rerun_script.page_name = self.page
        msg.rerun_script.widget_states.widgets.extend(widgets)
        msg.rerun_script.fragment_id = fragment
        return self.send(msg)

    def move(self, query: str, widget: str, value: float) -> list:
        """What a browser's move of slider ``widget`` (its id) to ``value`` brings back: its fragment's run."""
        from streamlit.proto.WidgetStates_pb2 import WidgetState

        state = WidgetState(id=widget)
        state.double_array_value.data.append(value)
        return self.rerun(query, widgets=[state], fragment=self.fragments.get(widget, ""))
