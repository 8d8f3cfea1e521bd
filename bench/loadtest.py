"""A class on one server: N scripted students at the websocket level.

Each student speaks Streamlit's own protocol (``BackMsg`` / ``ForwardMsg``
protobufs on ``/_stcore/stream``): it opens the confusion page on a data set,
then moves the threshold slider every 2-5 s (seeded think time), and the
latency of each move is the time from sending the ``rerun_script`` message
to the server's ``script_finished``.  What a browser sends is recorded first
from a real headless Chromium session (widget and fragment ids are
deterministic for a page and its settings), then replayed with new slider
values.  Traffic goes only to 127.0.0.1; the script starts and stops its own
server and is bounded in sessions and seconds.

    python bench/loadtest.py                       # 40 students, watermelon, 60 s
    python bench/loadtest.py --sessions 20 --source synthetic --n 100000
    python bench/loadtest.py --processes 2         # deploy/class_server.py: 2 processes behind nginx
    python bench/loadtest.py --hall                # issue 36: 200 join within 30 s, then the mix (bench/hall.py)
    python bench/loadtest.py --hall --processes 2 --sessions 120 --join 30 --seconds 60

With ``--processes N`` (N >= 2) the students go through nginx with sticky
sessions, as ``deploy/class_server.py`` serves a class: each first fetches
the page (getting its route cookie), then opens the websocket with it.

``--hall`` runs the lecture hall of :mod:`hall` instead (no browser
needed): each kind of action alone (server CPU per action), the join burst,
then the realistic mix over the four measure pages; per action kind p50,
p95, max and kB.

Prints a table: sessions, moves, p50 / p95 / max latency, errors, bytes per
move, the server's CPU time per move (all app processes, page openings
included), server memory (resident, all app processes).
"""
from __future__ import annotations

import argparse
import contextlib
import asyncio
import os
import random
import statistics
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy"))
from class_server import Cluster, free_port, start_app, stop_processes, wait_healthy  # noqa: E402  (one way to start the app)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def rss_mb(pids: list[int]) -> float:
    """Resident memory of the given processes and their children, in MB."""
    total = 0
    seen = set()
    todo = list(pids)
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
            todo += [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
        except OSError:
            pass
    return total / 1024


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of the given processes so far, in seconds."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])      # utime, stime (clock ticks)
        except OSError:
            pass
    return total / os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def recording_page(url: str, path: str, ready: str):
    """A headless Chromium page opened at ``url + path`` (waiting for the
    selector ``ready``) whose websocket frames sent are collected; yields
    ``(page, sent)``."""
    from playwright.sync_api import sync_playwright

    sent: list[bytes] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=FLAGS)
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(bytes(f))
                                              if isinstance(f, (bytes, bytearray)) else None))
        page.goto(url + path)
        page.wait_for_selector(ready, timeout=120_000)
        yield page, sent
        browser.close()


def record(url: str, path: str) -> list[bytes]:
    """The BackMsg frames a real browser sends: opening ``path`` and one
    threshold-slider move."""
    with recording_page(url, path, "[data-testid='stSlider']") as (page, sent):
        page.wait_for_timeout(2500)
        thumb = page.locator("[data-testid='stSlider'] input[type='range']").first
        thumb.focus()
        thumb.press("ArrowRight")
        page.wait_for_timeout(2500)
    return sent


def with_widget(template: bytes, id_part: str, value: float) -> bytes:
    """The recorded rerun message ``template`` with the widget whose id holds
    ``id_part`` set to ``value`` (a slider's value list, an int or a float)."""
    from streamlit.proto.BackMsg_pb2 import BackMsg

    msg = BackMsg()
    msg.ParseFromString(template)
    for w in msg.rerun_script.widget_states.widgets:
        if id_part in w.id:
            kind = w.WhichOneof("value")
            if kind == "double_array_value":
                del w.double_array_value.data[:]
                w.double_array_value.data.append(float(value))
            elif kind == "int_value":
                w.int_value = int(value)
            elif kind == "double_value":
                w.double_value = float(value)
    return msg.SerializeToString()


def slider_message(template: bytes, value: float) -> bytes:
    """The recorded slider move with a new threshold."""
    return with_widget(template, "_w_thr_s|", value)


def route_cookie(url: str) -> str:
    """The cookie a browser gets on its first request (nginx's route key; empty without nginx)."""
    with urllib.request.urlopen(url + "/", timeout=30) as r:
        cookies = [c.split(";", 1)[0] for c in r.headers.get_all("Set-Cookie") or []]
    return "; ".join(cookies)


async def student(i: int, url: str, frames: list[bytes], deadline: float, lo: float, hi: float, out: dict) -> None:
    import websockets
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    rng = random.Random(i)
    ws_url = url.replace("http", "ws") + "/_stcore/stream"
    try:
        cookie = await asyncio.to_thread(route_cookie, url)
        async with websockets.connect(ws_url, max_size=2**26, origin=url, open_timeout=60,
                                      subprotocols=["streamlit"],
                                      additional_headers={"Cookie": cookie} if cookie else None) as ws:
            async def run(payload: bytes) -> tuple[float, int]:
                t0 = time.perf_counter()
                await ws.send(payload)
                size = 0
                while True:
                    raw = await asyncio.wait_for(ws.recv(), timeout=120)
                    size += len(raw)
                    msg = ForwardMsg()
                    msg.ParseFromString(raw)
                    if msg.WhichOneof("type") == "script_finished":
                        return time.perf_counter() - t0, size

            await run(frames[0])                                   # open the page
            while time.monotonic() < deadline:
                await asyncio.sleep(rng.uniform(2.0, 5.0))         # think time
                if time.monotonic() >= deadline:
                    break
                dt, size = await run(slider_message(frames[1], round(rng.uniform(lo, hi), 3)))
                out["lat"].append(dt)
                out["bytes"].append(size)
    except Exception as err:  # a failed session is counted, not fatal
        out["errors"].append(f"{type(err).__name__}: {err}"[:200])


async def crowd(n: int, url: str, frames: list[bytes], seconds: float, lo: float, hi: float) -> dict:
    out = {"lat": [], "bytes": [], "errors": []}
    deadline = time.monotonic() + seconds
    tasks = []
    for i in range(n):
        tasks.append(asyncio.create_task(student(i, url, frames, deadline, lo, hi, out)))
        await asyncio.sleep(0.1)                                  # students arrive over a few seconds
    await asyncio.gather(*tasks)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sessions", type=int, default=None, help="students (default 40; 200 with --hall)")
    ap.add_argument("--seconds", type=float, default=None, help="seconds of moves (default 60; --hall: 90 of mix)")
    ap.add_argument("--source", default="watermelon", choices=("watermelon", "synthetic"))
    ap.add_argument("--n", type=int, default=100_000, help="synthetic set size")
    ap.add_argument("--processes", type=int, default=1, help="app processes; 2 or more: behind nginx")
    ap.add_argument("--hall", action="store_true", help="the join burst and the mix of actions (bench/hall.py)")
    ap.add_argument("--join", type=float, default=30, help="--hall: seconds over which the students join")
    ap.add_argument("--no-assets", action="store_true", help="--hall: joining fetches the page only, not its "
                                                              "first script, style sheet and plotly.js")
    args = ap.parse_args()
    sessions = max(1, min(args.sessions or (200 if args.hall else 40), 200))
    seconds = max(5.0, min(args.seconds or (90.0 if args.hall else 60.0), 600.0))

    cluster = None
    if args.processes > 1:
        cluster = Cluster(min(args.processes, 8), free_port())
        apps, url = cluster.apps, cluster.url
    else:
        port = free_port()
        apps = [start_app(port)]
        url = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(url)
        if args.hall:
            import hall

            print(f"({sessions} students; {'one process' if not cluster else f'{len(apps)} processes behind nginx'}"
                  f"; load before: {os.getloadavg()[0]:.2f})", flush=True)
            hall.run(url, [a.pid for a in apps], sessions, max(1.0, min(args.join, 120.0)), seconds,
                     not args.no_assets, cpu_seconds, rss_mb,
                     [f"http://127.0.0.1:{p}" for p in cluster.app_ports] if cluster else None)
            print(f"(load after: {os.getloadavg()[0]:.2f})")
            return
        query = "source=watermelon" if args.source == "watermelon" else f"source=synthetic&n={args.n}"
        frames = record(url, f"/confusion?{query}")
        if len(frames) < 2:
            raise RuntimeError("recording failed: fewer than two frames sent by the browser")
        lo, hi = (0.1, 0.9) if args.source == "watermelon" else (-1.0, 2.0)
        base = rss_mb([a.pid for a in apps])
        cpu0 = cpu_seconds([a.pid for a in apps])
        t0 = time.monotonic()
        out = asyncio.run(crowd(sessions, url, frames, seconds, lo, hi))
        wall = time.monotonic() - t0
        peak = rss_mb([a.pid for a in apps])
        cpu = cpu_seconds([a.pid for a in apps]) - cpu0
        lat = sorted(out["lat"])
        q = (lambda f: lat[min(len(lat) - 1, int(f * len(lat)))]) if lat else (lambda f: float("nan"))
        print(f"\n{'sessions':>8} {'moves':>6} {'p50 s':>7} {'p95 s':>7} {'max s':>7} {'errors':>6} "
              f"{'kB/move':>8} {'CPU ms/move':>12} {'RSS MB':>8}")
        print(f"{sessions:>8} {len(lat):>6} {q(0.5):7.3f} {q(0.95):7.3f} "
              f"{(lat[-1] if lat else float('nan')):7.3f} {len(out['errors']):>6} "
              f"{(statistics.mean(out['bytes']) / 1024 if out['bytes'] else 0):8.1f} "
              f"{(1000 * cpu / len(lat) if lat else float('nan')):12.1f} {peak:8.0f}")
        print(f"(data: {args.source}{'' if args.source == 'watermelon' else f', n = {args.n:,}'}; {wall:.0f} s; "
              f"server memory before the crowd {base:.0f} MB; "
              f"{f'{len(apps)} processes behind nginx' if cluster else 'one process'})")
        for e in out["errors"][:5]:
            print("error:", e)
        ok = lat and q(0.95) <= 1.0 and not out["errors"] and peak <= 4096
        print(f"target p95 <= 1 s, no error, memory <= 4 GB: [{'ok' if ok else 'MISSED'}]")
    finally:
        if cluster:
            cluster.stop()
            return
        stop_processes(apps)


if __name__ == "__main__":
    main()
