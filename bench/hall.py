"""A lecture hall at the websocket level (issue 36): ``bench/loadtest.py --hall``.

Each student is a browser-less session (:class:`Student`, built on
:class:`attacks.Client`) that speaks Streamlit's protocol as the browser
does: a widget inside a fragment reruns that fragment only (its
``fragment_id`` is read from the deltas the server sent), and the student
reports the messages it holds (``cached_message_hashes``, aged out after
two runs as the browser's cache does), so the server sends a reference
instead of an element unchanged since the last run, as it does for a
browser.

Three phases on one server (one process, or several behind nginx):

1. **solo**: one student alone does each kind of action ten times, and the
   server's CPU time per action is read from ``/proc`` (the app processes,
   all threads): the CPU cost of a move, a whole-page change and a whole
   rerun of the confusion page at the default data, without the
   contention of the crowd.
2. **join burst**: N students open the lecturer's link within ``--join``
   seconds (as after "scan the QR code"): the page's HTML, the app's
   first script and style sheet, the websocket, the first run, then
   plotly.js from the address the figures name (the files unless
   ``--no-assets``); timed from the first request to the last byte.
3. **mix**: every 2-5 s (seeded) each student acts: four in five a
   threshold move on the page it is on (the confusion, P-R and cost
   pages' threshold slider, the ROC page's step slider), one in five a
   whole-page change: another data set, another of the four pages, β (P-R,
   confusion), the costs (cost page) or the ROC mode (ROC page).

Prints per action kind: count, p50, p95, max, kB per action (the messages'
bytes, and the bytes on the wire: the websocket compresses its messages,
``server.enableWebsocketCompression``, as it does for a browser), errors; the
solo CPU ms per kind; the crowd's CPU per action (all kinds together) and
the peak resident memory of the app processes.  Only 127.0.0.1 is
contacted; sessions and seconds are bounded by the caller.
"""
from __future__ import annotations

import asyncio
import json
import random
import re
import statistics
import threading
import time
import tomllib
import urllib.request
from pathlib import Path

import attacks

ROOT = Path(__file__).resolve().parent.parent
PAGES = ("confusion", "pr", "roc", "cost")
DATA = ("watermelon", "breast-cancer", "seed-9", "horse-colic")      # what a lecturer switches between
LINK = "lang=en&source=watermelon"                                   # the link the class opens
CACHE_AGE = 2                       # Streamlit's global.maxCachedMessageAge: runs a message is kept unused
MOVE_KEYS = ("_w_thr_s|", "_w_roc_slider|")


def _labels() -> dict:
    """English labels of the choices the students make (sources, ROC modes), from assets/i18n."""
    out = {}
    for name in ("common", "roc"):
        for key, v in tomllib.loads((ROOT / "assets" / "i18n" / f"{name}.toml").read_text("utf-8")).items():
            if isinstance(v, dict) and "en" in v:
                out[key] = v["en"]
    return out


LABELS = _labels()


class Student(attacks.Client):
    """A session that reruns fragments and reports its cached messages, as a browser does.

    ``await s.act(kind)`` does one action and returns ``(seconds, bytes)``."""

    def __init__(self, url: str, rng: random.Random, cookie: str = ""):
        super().__init__(url)
        self.cookie = cookie                # nginx's route: the websocket goes where the page came from
        self.rng = rng
        self.frag: dict[str, str] = {}      # widget id -> the fragment it was drawn in ('' for none)
        self.range: dict[str, tuple] = {}   # slider id -> (min, max, step)
        self.cache: dict[str, int] = {}     # hash -> runs since last used (the browser's message cache)
        self.fragment = ""                  # the fragment the next run reruns
        self.bytes = 0                      # the last run's messages, as Streamlit made them
        self.wire = 0                       # ... and as they came over the network (compressed), headers included
        self.received = 0                   # every byte received on the connection so far
        self.script = ""                    # the address of plotly.js the page's figures load

    async def __aenter__(self):
        import websockets

        cookies = "; ".join(c for c in (f"_streamlit_xsrf={self.token}", self.cookie) if c)
        self.ws = await websockets.connect(
            self.url.replace("http", "ws") + "/_stcore/stream", max_size=2 ** 28, origin=self.url,
            open_timeout=60, subprotocols=["streamlit", self.token], additional_headers={"Cookie": cookies})
        received = self.ws.data_received        # the connection's bytes as they arrive (the TCP stream)

        def counted(data: bytes) -> None:
            self.received += len(data)
            received(data)
        self.ws.data_received = counted
        return self

    async def _run(self, msg) -> float:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        rs = msg.rerun_script
        rs.fragment_id = self.fragment
        rs.cached_message_hashes.extend(sorted(self.cache))
        t0 = time.perf_counter()
        before = self.received
        await self.ws.send(msg.SerializeToString())
        ids: list[str] = []
        used: set[str] = set()
        size = 0
        while True:
            raw = await asyncio.wait_for(self.ws.recv(), timeout=attacks.PAGE_TIMEOUT)
            size += len(raw)
            fm = ForwardMsg()
            fm.ParseFromString(raw)
            kind = fm.WhichOneof("type")
            if kind == "ref_hash":
                used.add(fm.ref_hash)
            elif fm.metadata.cacheable and fm.hash:
                used.add(fm.hash)
            if kind == "new_session":
                self.session_id = fm.new_session.initialize.session_id or self.session_id
            elif kind == "delta" and fm.delta.WhichOneof("type") == "new_element":
                el = fm.delta.new_element
                sub = getattr(el, el.WhichOneof("type"), None)
                if el.WhichOneof("type") == "exception":
                    self.exceptions.append(f"{sub.type}: {sub.message}"[:200])
                elif el.WhichOneof("type") == "bidi_component" and not self.script and '"script"' in sub.json:
                    self.script = json.loads(sub.json).get("script", "")    # plotly.js, as the browser fetches it
                wid = getattr(sub, "id", "")
                if isinstance(wid, str) and wid.startswith("$$ID"):
                    ids.append(wid)
                    self.frag[wid] = fm.delta.fragment_id
                    if el.WhichOneof("type") == "slider":
                        self.range[wid] = (sub.min, sub.max, sub.step)
            elif kind == "script_finished" and fm.script_finished != 2:     # not "stopped for a rerun"
                break
        # the browser's message cache: what this run used is fresh, the rest ages and goes after CACHE_AGE runs
        self.cache = {h: 0 if h in used else a + 1 for h, a in {**self.cache, **dict.fromkeys(used, 0)}.items()
                      if (0 if h in used else a + 1) <= CACHE_AGE}
        self.ids = (ids + [i for i in self.ids if i not in ids]) if self.fragment else (ids or self.ids)
        self.bytes, self.wire = size, self.received - before
        return time.perf_counter() - t0

    async def _set(self, key: str, fill, wid: str | None = None) -> float:
        """Set the widget ``key`` (or the one whose id is ``wid``) as the browser does, rerunning its fragment."""
        from streamlit.proto.WidgetStates_pb2 import WidgetState

        wid = wid or self._id(key)
        if wid is None:
            raise RuntimeError(f"no widget {key!r} on {self.page}")
        self.states = {}                           # the other widgets keep their server-side values
        msg = self._message()
        w = WidgetState(id=wid)
        fill(w)
        msg.rerun_script.widget_states.widgets.append(w)
        self.fragment = self.frag.get(wid, "")
        try:
            return await self._run(msg)
        finally:
            self.fragment = ""

    def _mover(self) -> str | None:
        found = [i for i in self.ids if any(k in i for k in MOVE_KEYS) and i in self.range]
        return found[0] if found else None

    async def act(self, kind: str) -> float:
        """One action of ``kind``: move, data, page, beta, costs, mode, rerun."""
        rng = self.rng
        if kind == "move":
            wid = self._mover()
            if wid is None:
                raise RuntimeError(f"no threshold slider on {self.page}")
            lo, hi, step = self.range[wid]
            value = lo + step * rng.randint(0, max(0, round((hi - lo) / step)))
            return await self._set("", lambda w: w.double_array_value.data.append(round(value, 10)), wid)
        if kind == "data":
            src = rng.choice([d for d in DATA if d != getattr(self, "source", "watermelon")])
            self.source = src
            return await self._set("_w_source", lambda w: setattr(w, "string_value", LABELS[f"common.src.{src}"]))
        if kind == "page":
            page = rng.choice([p for p in PAGES if p != self.page])
            self.fragment = ""
            return await self.goto(page)
        if kind == "beta":
            return await self._set("_w_beta", lambda w: w.double_array_value.data.append(rng.choice((0.5, 1.0, 2.0))))
        if kind == "costs":
            return await self._set("_w_cost01", lambda w: setattr(w, "double_value", rng.choice((0.5, 1.0, 2.0, 5.0))))
        if kind == "mode":
            mode = rng.choice(("step", "full"))
            return await self._set("_w_roc_mode", lambda w: setattr(w, "string_value", LABELS[f"roc.mode.{mode}"]))
        if kind == "rerun":                     # the whole page again, nothing changed (the browser's "Rerun")
            self.states = {}
            return await self._run(self._message())
        raise ValueError(kind)

    def changes(self) -> list[str]:
        """The whole-page changes possible on the page the student is on."""
        return ["data", "page"] + {"confusion": ["beta"], "pr": ["beta"], "cost": ["costs"], "roc": ["mode"]}[self.page]


def fetch(url: str, cookie: str) -> int:
    """Bytes of one GET as a browser asks for it (compressed if the server will)."""
    req = urllib.request.Request(url, headers={"Cookie": cookie, "Accept-Encoding": "gzip"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return len(r.read())


def fetch_page(url: str, assets: bool) -> tuple[str, int]:
    """What a fresh browser fetches before the websocket: the page (nginx's route cookie with it) and, with
    ``assets``, the app's first script and style sheet.  Returns ``(cookie, bytes)``."""
    with urllib.request.urlopen(url + "/confusion?" + LINK, timeout=60) as r:
        html = r.read()
        cookie = "; ".join(c.split(";", 1)[0] for c in r.headers.get_all("Set-Cookie") or [])
    size = len(html)
    if assets:
        for path in re.findall(rb'(?:src|href)="\./(static/(?:js/index\.[^"]+\.js|css/[^"]+\.css))"', html):
            size += fetch(f"{url}/{path.decode()}", cookie)
    return cookie, size


class Hall:
    """Results: ``kinds[kind] -> list of (seconds, bytes, bytes on the wire)``, ``errors``."""

    def __init__(self):
        self.kinds: dict[str, list] = {}
        self.errors: list[str] = []

    def add(self, kind: str, dt: float, size: int, wire: int) -> None:
        self.kinds.setdefault(kind, []).append((dt, size, wire))

    def table(self, title: str, cpu: dict | None = None) -> str:
        rows = [f"{title}\n{'action':>8} {'count':>6} {'p50 s':>7} {'p95 s':>7} {'max s':>7} {'kB':>7} {'wire kB':>7}"
                + (f" {'CPU ms':>7}" if cpu else "")]
        for kind, got in self.kinds.items():
            lat = sorted(d for d, _, _ in got)
            q = lambda f: lat[min(len(lat) - 1, int(f * len(lat)))]  # noqa: E731
            rows.append(f"{kind:>8} {len(lat):>6} {q(0.5):7.3f} {q(0.95):7.3f} {lat[-1]:7.3f} "
                        f"{statistics.mean(s for _, s, _ in got) / 1024:7.1f} "
                        f"{statistics.mean(w for _, _, w in got) / 1024:7.1f}"
                        + (f" {cpu.get(kind, float('nan')):7.1f}" if cpu else ""))
        return "\n".join(rows)


async def solo(url: str, cpu, repeats: int = 10) -> tuple[Hall, dict]:
    """One student alone: each kind ``repeats`` times; server CPU ms per action of each kind."""
    hall, ms = Hall(), {}
    plan = [("confusion", "rerun", "seed-9"), ("confusion", "move", "seed-9"), ("confusion", "move", "watermelon"),
            ("pr", "move", "watermelon"), ("roc", "move", "watermelon"), ("cost", "move", "watermelon"),
            ("confusion", "beta", "watermelon"), ("cost", "costs", "watermelon"), ("roc", "mode", "watermelon"),
            ("confusion", "data", "watermelon"), ("pr", "page", "watermelon")]
    for page, kind, source in plan:
        async with Student(url, random.Random(1)) as s:
            await s.open(page, "lang=en" + ("" if source == "seed-9" else f"&source={source}"))
            s.source = source
            label = f"{kind}:{page}" if kind in ("move", "rerun") else kind
            if source == "seed-9":
                label += "@seed-9"
            await s.act(kind)                   # warm: the first of a kind computes what later ones reuse
            if kind == "mode":
                await s.act("mode")
            c0 = cpu()
            for _ in range(repeats):
                if kind == "data":              # back and forth between two sets (both cached after the first)
                    src = s.source = "breast-cancer" if s.source == "watermelon" else "watermelon"
                    dt = await s._set("_w_source", lambda w, v=LABELS[f"common.src.{src}"]:
                                      setattr(w, "string_value", v))
                elif kind == "page":
                    dt = await s.goto("pr" if s.page == "confusion" else "confusion")
                else:
                    dt = await s.act(kind)
                hall.add(label, dt, s.bytes, s.wire)
            ms[label] = 1000 * (cpu() - c0) / repeats
    return hall, ms


async def student(i: int, url: str, start: float, deadline: float, assets: bool, join: Hall, mix: Hall) -> None:
    rng = random.Random(i)
    await asyncio.sleep(max(0.0, start - time.monotonic()))
    joined = False
    try:
        t0 = time.perf_counter()
        cookie, size = await asyncio.to_thread(fetch_page, url, assets)
        async with Student(url, rng, cookie) as s:
            await s.open("confusion", LINK)
            if assets and s.script:     # the figures' library, asked for once the first run has drawn a figure
                size += await asyncio.to_thread(fetch, url + s.script, cookie)
            join.add("join", time.perf_counter() - t0, size + s.bytes, size + s.received)
            joined = True
            s.source = "watermelon"
            while True:
                await asyncio.sleep(rng.uniform(2.0, 5.0))
                if time.monotonic() >= deadline:
                    break
                kind = "move" if rng.random() < 0.8 else rng.choice(s.changes())
                try:
                    dt = await s.act(kind)
                except RuntimeError as err:      # no slider where the page has none (a ROC mode without one)
                    if "no threshold slider" not in str(err):
                        raise
                    kind, dt = "page", await s.act("page")
                mix.add(kind, dt, s.bytes, s.wire)
                mix.add("moves" if kind == "move" else "change", dt, s.bytes, s.wire)
            if s.exceptions:
                mix.errors.append(f"student {i}: exception box {s.exceptions[0]}")
    except Exception as err:  # a failed session is counted, not fatal
        (mix if joined else join).errors.append(f"{type(err).__name__}: {err}"[:200])


class Sampler(threading.Thread):
    """Peak resident memory of the app processes, every 0.5 s."""

    def __init__(self, rss):
        super().__init__(daemon=True)
        self.rss, self.peak, self.stop = rss, 0.0, threading.Event()

    def run(self):
        while not self.stop.is_set():
            self.peak = max(self.peak, self.rss())
            self.stop.wait(0.5)


async def crowd(url: str, n: int, join_s: float, mix_s: float, assets: bool) -> tuple[Hall, Hall]:
    join, mix = Hall(), Hall()
    t0 = time.monotonic()
    deadline = t0 + join_s + mix_s
    tasks = [asyncio.create_task(student(i, url, t0 + join_s * i / n, deadline, assets, join, mix)) for i in range(n)]
    await asyncio.gather(*tasks)
    return join, mix


def settle(cpu, seconds: float = 180.0, *, window: float = 2.0, share: float = 0.05) -> float:
    """Wait until the server is idle (under ``share`` of a core over ``window`` seconds: by default 5 % over
    2 s, the pages' defaults computed in the background at start are done), at most ``seconds``; returns the
    seconds waited."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < seconds:
        c0 = cpu()
        time.sleep(window)
        if cpu() - c0 < share * window:
            break
    return time.monotonic() - t0


def start_up(apps: list[str], cpu) -> float:
    """Open a session on each app process and wait until the server is idle; returns the seconds waited.
    A process's first page run starts its background work (the methods' and comparison pages' defaults,
    ``ui.protect.heavy.warm``: learners fitted for a few seconds of CPU at low priority), which a bench
    started right after would count as its first actions' CPU (a confusion move's 60 ms instead of 17)."""
    from class_server import warm       # (deploy/ is on the path of every bench that runs the hall)

    for app in apps:
        if warm(app, "confusion", LINK) is None:
            raise RuntimeError(f"no first run on {app}")
    return settle(cpu)


def run(url: str, pids: list[int], n: int, join_s: float, mix_s: float, assets: bool, cpu_seconds, rss_mb,
        apps: list[str] | None = None) -> None:
    """The three phases, printed.  ``apps``: each app process's own address (behind nginx), else ``[url]``."""
    cpu = lambda: cpu_seconds(pids)  # noqa: E731
    print(f"(waited {start_up(apps or [url], cpu):.0f} s for the server's start-up work)", flush=True)
    hall, ms = asyncio.run(solo(url, cpu))
    print(hall.table("\nsolo (one student, idle server; CPU ms = server CPU per action)", ms), flush=True)
    sampler = Sampler(lambda: rss_mb(pids))
    sampler.start()
    c0 = cpu()
    join, mix = asyncio.run(crowd(url, n, join_s, mix_s, assets))
    used = cpu() - c0
    sampler.stop.set()
    sampler.join()
    what = "page, first script and style sheet, websocket, first run, plotly.js" if assets else "page, websocket, run"
    print(join.table(f"\njoin burst: {n} students within {join_s:.0f} s ({what})"))
    print(mix.table(f"\nmix: {mix_s:.0f} s, each student every 2-5 s; 'moves' and 'change' pool the kinds"))
    actions = sum(len(v) for k, v in mix.kinds.items() if k in ("moves", "change")) + len(join.kinds.get("join", []))
    print(f"\nserver CPU {used:.1f} s for {actions} runs ({1000 * used / max(actions, 1):.1f} ms a run, joins "
          f"included); peak memory {sampler.peak:.0f} MB; errors: join {len(join.errors)}, mix {len(mix.errors)}")
    for e in (join.errors + mix.errors)[:5]:
        print("error:", e)

    def p95(h, k):
        lat = sorted(d for d, _, _ in h.kinds.get(k, [])) or [float("inf")]
        return lat[min(len(lat) - 1, int(0.95 * len(lat)))]
    checks = [("join p95 <= 3 s", p95(join, "join") <= 3.0), ("moves p95 <= 1 s", p95(mix, "moves") <= 1.0),
              ("changes p95 <= 2 s", p95(mix, "change") <= 2.0), ("no error", not (join.errors or mix.errors)),
              ("memory <= 4 GB", sampler.peak <= 4096)]
    moves = [k for k in hall.kinds if k.startswith("move:") and "@" not in k]       # solo, the four pages
    wire = max(statistics.mean(w for _, _, w in hall.kinds[k]) for k in moves) / 1024
    checks += [(f"a move <= 10 kB on the wire (at most {wire:.1f})", wire <= 10),
               (f"CPU <= 10 ms a move (confusion, solo: {ms['move:confusion']:.1f})", ms["move:confusion"] <= 10)]
    print("targets: " + "; ".join(f"{name} [{'ok' if ok else 'MISSED'}]" for name, ok in checks))
