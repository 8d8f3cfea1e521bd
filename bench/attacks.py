"""The hostile probe of issue 37 as code: a client that speaks Streamlit's
protocol without a browser, and the attacks ``bench/fairness.py --attack``
runs while another session times its threshold moves.

:class:`Client` opens a page over ``/_stcore/stream`` (``BackMsg`` /
``ForwardMsg`` protobufs), learns the ids of the widgets the server draws
(from the deltas it sends), sets a widget by its key (``_w_source``,
``_w_upload``, ...) as a browser would, and uploads a file the way
Streamlit's uploader does: an HTTP PUT of a multipart form to
``/_stcore/upload_file/<session>/<file id>`` (with the XSRF cookie and
header of a double-submit token), then a rerun whose file-uploader widget
state carries that file id.  Traffic goes only to the server the bench
started on 127.0.0.1.

Each attack is ``async def attack(url, args) -> str``: it does its worst and
returns one line saying what the server did (accepted, refused with which
sentence, exceptions seen).
"""
from __future__ import annotations

import asyncio
import json
import sys
import time
import urllib.request
import uuid

import numpy as np

PAGE_TIMEOUT = 600          # seconds a run may take before the client gives up (a guard, not a measure)
VERBOSE = False             # each step of each client on stderr (fairness.py --verbose)


def _xsrf() -> str:
    from streamlit.web.server.starlette.starlette_app_utils import generate_xsrf_token_string

    return generate_xsrf_token_string()


class Client:
    """One browser-less session: ``await c.open(page, query)``, then
    ``await c.set(key, value)`` / ``await c.upload(key, name, data)`` /
    ``await c.goto(page)``.  ``alerts`` holds the text of every error,
    warning and info box drawn, ``exceptions`` the exception boxes."""

    def __init__(self, url: str):
        self.url, self.token = url, _xsrf()
        self.ws = None
        self.session_id = ""
        self.page, self.query, self.page_hash = "", "", ""
        self.ids: list[str] = []            # widget ids of the last run, in the order drawn
        self.states: dict = {}              # key -> function filling a WidgetState (sent while on the page)
        self.alerts: list[str] = []
        self.exceptions: list[str] = []
        self.verbose = VERBOSE

    async def __aenter__(self):
        import websockets

        self.ws = await websockets.connect(
            self.url.replace("http", "ws") + "/_stcore/stream", max_size=2 ** 28, origin=self.url,
            open_timeout=60, subprotocols=["streamlit", self.token],
            additional_headers={"Cookie": f"_streamlit_xsrf={self.token}"})
        return self

    async def __aexit__(self, *exc):
        await self.ws.close()

    def _id(self, key: str) -> str | None:
        found = [i for i in self.ids if i.endswith("-" + key) or ("-" + key + "#") in i]
        return found[-1] if found else None

    def log(self, what: str) -> None:
        if self.verbose:
            print(f"  {time.strftime('%H:%M:%S')} {self.page}: {what}", file=sys.stderr, flush=True)

    async def _run(self, msg) -> float:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        t0 = time.perf_counter()
        await self.ws.send(msg.SerializeToString())
        ids: list[str] = []
        while True:
            raw = await asyncio.wait_for(self.ws.recv(), timeout=PAGE_TIMEOUT)
            fm = ForwardMsg()
            fm.ParseFromString(raw)
            kind = fm.WhichOneof("type")
            if kind == "new_session":
                self.session_id = fm.new_session.initialize.session_id or self.session_id
                self.page_hash = fm.new_session.page_script_hash
            elif kind == "delta" and fm.delta.WhichOneof("type") == "new_element":
                el = fm.delta.new_element
                ek = el.WhichOneof("type")
                sub = getattr(el, ek, None)
                if ek == "alert":
                    self.alerts.append(sub.body)
                elif ek == "exception":
                    self.exceptions.append(f"{sub.type}: {sub.message}"[:200])
                wid = getattr(sub, "id", "")
                if isinstance(wid, str) and wid.startswith("$$ID"):
                    ids.append(wid)
            elif kind == "script_finished" and fm.script_finished != 2:     # not "stopped for a rerun"
                self.ids = ids or self.ids
                self.log(f"run finished in {time.perf_counter() - t0:.1f} s")
                return time.perf_counter() - t0

    def _message(self, page: str | None = None):
        from streamlit.proto.BackMsg_pb2 import BackMsg
        from streamlit.proto.WidgetStates_pb2 import WidgetState

        msg = BackMsg()
        rs = msg.rerun_script
        rs.query_string = self.query
        rs.page_name = page or self.page
        rs.page_script_hash = ""            # the page by its name (a session's first hash may be app.py's)
        if not page:
            for key, fill in self.states.items():
                wid = self._id(key)
                if wid is not None:
                    w = WidgetState(id=wid)
                    fill(w)
                    rs.widget_states.widgets.append(w)
        return msg

    async def open(self, page: str, query: str = "lang=en") -> float:
        self.page, self.query = page, query
        return await self._run(self._message(page))

    async def goto(self, page: str) -> float:
        """Open another page of the app (its own widgets; the session's state stays)."""
        self.page, self.states = page, {}
        return await self._run(self._message(page))

    async def set(self, key: str, value) -> float:
        """Set the widget whose key is ``key`` (its shown value: a label, a bool, a list of labels, a number
        or a data editor's state as a dict) and rerun."""
        def fill(w, v=value):
            if isinstance(v, bool):
                w.bool_value = v
            elif isinstance(v, dict):
                w.string_value = json.dumps(v)
            elif isinstance(v, str):
                w.string_value = v
            elif isinstance(v, (list, tuple)):
                w.string_array_value.data.extend(str(x) for x in v)
            elif isinstance(v, int):
                w.int_value = v
            else:
                w.double_value = float(v)
        if self._id(key) is None:
            raise RuntimeError(f"no widget {key!r} on {self.page}")
        self.states[key] = fill
        self.log(f"set {key}")
        return await self._run(self._message())

    def _put(self, file_id: str, name: str, data: bytes) -> None:
        boundary = uuid.uuid4().hex
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n"
                "Content-Type: text/csv\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
        req = urllib.request.Request(
            f"{self.url}/_stcore/upload_file/{self.session_id}/{file_id}", data=body, method="PUT",
            headers={"Content-Type": f"multipart/form-data; boundary={boundary}", "X-Xsrftoken": self.token,
                     "Cookie": f"_streamlit_xsrf={self.token}"})
        with urllib.request.urlopen(req, timeout=120) as r:
            r.read()

    async def upload(self, key: str, name: str, data: bytes) -> float:
        """Upload ``data`` as file ``name`` through the uploader widget ``key`` and rerun."""
        file_id = str(uuid.uuid4())
        self.log(f"PUT {name} ({len(data) / 2**20:.1f} MB)")
        await asyncio.to_thread(self._put, file_id, name, data)
        path = f"/_stcore/upload_file/{self.session_id}/{file_id}"

        def fill(w):
            info = w.file_uploader_state_value.uploaded_file_info.add()
            info.file_id, info.name, info.size = file_id, name, len(data)
            info.file_urls.file_id, info.file_urls.upload_url, info.file_urls.delete_url = file_id, path, path
        if self._id(key) is None:
            raise RuntimeError(f"no uploader {key!r} on {self.page}")
        self.states[key] = fill
        return await self._run(self._message())

    def said(self) -> str:
        """The last alert shown, shortened, and the exception boxes seen."""
        last = self.alerts[-1].replace("\n", " ")[:110] if self.alerts else "no message"
        return last + (f"; {len(self.exceptions)} exception boxes ({self.exceptions[0][:80]})"
                       if self.exceptions else "")


# ------------------------------------------------------------------ files
def predictions_csv(rows: int, models: int, *, newline: str = "\n", decimals: int = 6, seed: int = 0) -> bytes:
    """A predictions file: label y and ``models`` score columns m0, m1, ... (10^6 x 5: 47 MB)."""
    rng = np.random.default_rng(seed)
    y = (rng.random(rows) < 0.3).astype(np.int8)
    cols = [np.char.mod(f"%.{decimals}f", rng.random(rows) + (0.1 + 0.1 * k) * y) for k in range(models)]
    lines = np.char.add(y.astype("U1"), "")
    for c in cols:
        lines = np.char.add(np.char.add(lines, ","), c)
    head = "y," + ",".join(f"m{k}" for k in range(models))
    return (head + "\n" + newline.join(lines.tolist()) + newline).encode()     # the header ends in \n


def friedman_csv(rows: int, algos: int, *, newline: str = "\r", seed: int = 0) -> bytes:
    """A Friedman table (data sets x ``algos`` algorithms); rows end in ``newline`` (bare CR by default)."""
    rng = np.random.default_rng(seed)
    x = np.char.mod("%.3f", rng.random((rows, algos)))
    head = "set," + ",".join(f"A{k}" for k in range(algos))
    body = newline.join(f"d{i}," + ",".join(x[i]) for i in range(rows))
    return (head + "\n" + body + newline).encode()          # the header ends in \n, every row in ``newline``


# ---------------------------------------------------------------- attacks
async def tour(url: str, args) -> str:
    """(1) A tour file of one dotted key of ``--tour-parts`` parts, then one nested 1,100 deep."""
    out = []
    for name, data in (("dotted.toml", ("a." * (args.tour_parts - 1) + "a = 1\n").encode()),
                       ("deep.toml", ("x = " + "[" * 1100 + "]" * 1100 + "\n").encode())):
        async with Client(url) as c:
            await c.open("confusion", "lang=en&source=watermelon")
            t0 = time.perf_counter()
            try:
                await c.upload("_w_tour_upload", name, data)
                out.append(f"{name} {len(data) / 1000:.0f} kB: {time.perf_counter() - t0:.1f} s, {c.said()}")
            except Exception as err:  # the server went away or took too long
                out.append(f"{name}: {type(err).__name__}")
    return " | ".join(out)


async def bare_cr(url: str, args) -> str:
    """(2) A bare-CR Friedman table (``--friedman-rows`` x 20) and a bare-CR predictions file (``--cr-rows``)."""
    out = []
    async with Client(url) as c:
        await c.open("compare", "lang=en&c_sec=friedman")
        data = friedman_csv(args.friedman_rows, 20)
        dt = await c.upload("_w_compare_upload", "friedman.csv", data)
        dt2 = await c.set("_w_compare.alpha", 0.01) if c._id("_w_compare.alpha") else float("nan")
        out.append(f"Friedman {len(data) / 2**20:.1f} MB: {dt:.1f} s, a later rerun {dt2:.1f} s, {c.said()}")
    async with Client(url) as c:
        await c.open("confusion", "lang=en")
        await c.set("_w_source", "Upload a CSV")
        data = predictions_csv(args.cr_rows, 2, newline="\r")
        dt = await c.upload("_w_upload", "cr.csv", data)
        out.append(f"predictions {args.cr_rows:,} rows {len(data) / 2**20:.1f} MB: {dt:.1f} s, {c.said()}")
    return " | ".join(out)


async def editor(url: str, args) -> str:
    """(3) The lab's clustering editor sent ``--editor-rows`` added rows and one deleted index repeated."""
    async with Client(url) as c:
        await c.open("lab", "lang=en&l_sec=clustering")
        rows = args.editor_rows
        state = {"edited_rows": {}, "deleted_rows": [0] * rows,
                 "added_rows": [{"x": float(i % 97), "y": float(i % 89), "cluster": i % 3, "class": i % 2}
                                for i in range(rows)]}
        wid = next((k for k in ("_w_lab.table.clusters",) if c._id(k)), None)
        if wid is None:
            return "no clustering editor found"
        dt = await c.set(wid, state)
        return f"{rows:,} added rows, deleted_rows = [0] x {rows:,}: {dt:.1f} s, {c.said()}"


async def _uploader(url: str, i: int, data: bytes, models: int, pages, hold: float, out: list) -> None:
    async with Client(url) as c:
        await c.open("confusion", "lang=en")
        await c.set("_w_source", "Upload a CSV")
        await c.upload("_w_upload", f"p{i}.csv", data)
        if c._id("_w_models"):
            await c.set("_w_models", [f"m{k}" for k in range(models)])
        if c._id("_w_ci_on"):
            await c.set("_w_ci_on", True)
        for p in pages[1:]:
            await c.goto(p)
        await asyncio.sleep(hold)
        budget = [a for a in c.alerts if "one session may hold at most" in a]
        out.append(budget[-1] if budget else "")


async def uploads(url: str, args) -> str:
    """(4) ``--sessions`` sessions each upload a 10^6 x 5 predictions file, all models, intervals on, four pages."""
    data = predictions_csv(args.upload_rows, 5)
    out: list[str] = []
    pages = ("confusion", "pr", "roc", "cost")
    tasks = []
    for i in range(args.sessions):
        tasks.append(asyncio.create_task(_uploader(url, i, data, 5, pages, args.hold, out)))
        await asyncio.sleep(0.5)
    res = await asyncio.gather(*tasks, return_exceptions=True)
    errors = [f"{type(r).__name__}: {r}"[:80] for r in res if isinstance(r, Exception)]
    told = [s for s in out if s]
    return (f"{args.sessions} x {len(data) / 2**20:.0f} MB, pages {', '.join(pages)}; "
            f"{len(errors)} failed{(' (' + errors[0] + ')') if errors else ''}; {len(told)} told the session "
            f"budget{(': ' + told[0][:100]) if told else ''}")


async def clear_cache(url: str, args) -> str:
    """(5) A crafted ``clear_cache`` BackMsg every second for ``--seconds``."""
    from streamlit.proto.BackMsg_pb2 import BackMsg

    msg = BackMsg()
    msg.clear_cache = True
    n = 0
    async with Client(url) as c:
        await c.open("confusion", "lang=en&source=watermelon")
        deadline = time.monotonic() + args.seconds
        while time.monotonic() < deadline:
            await c.ws.send(msg.SerializeToString())
            n += 1
            await asyncio.sleep(1.0)
    return f"{n} clear_cache messages sent"


ATTACKS = {"tour": tour, "bare-cr": bare_cr, "editor": editor, "uploads": uploads, "clear-cache": clear_cache}
