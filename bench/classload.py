"""Class mode under load (issue 38): N students in one room answer a vote
within 10 s, at the websocket level (Streamlit's own protocol, as
``bench/loadtest.py``), while M other students move thresholds.

What a phone and the projector send is recorded first from a real headless
Chromium (a phone that joins a room and taps an answer; the projector that
takes a class over by its private link), then replayed: each student opens
``/?room=CODE&me=<its id>``, asks for the room every ``CLASS_POLL_S`` as the
browser's timer does (the server's ``auto_rerun``), and taps its answer at a
random moment of the 10 s after the vote opens (once its phone shows the
answers: a tap on a button the phone has not drawn yet would be a tap no
student can make).  The projector asks every
``CLASS_LIVE_S`` and reads "Answered: n / m" off the page.  The bench opens
the vote itself, on the store, as the lecturer's click would.

    python bench/classload.py                          # 200 students + 40 moving thresholds, one process
    python bench/classload.py --processes 2            # deploy/class_server.py: 2 processes behind nginx
    python bench/classload.py --store redis://127.0.0.1:6379/0   # a running Redis (else a SQLite file)

Prints: answers stored (target = students), p95 from tap to stored (<= 1 s;
"stored": first seen by a reader of the store polling every 20 ms), the
projector's lag behind the last answer (<= 3 s), the movers' p95 (<= 1 s),
and the server's CPU per student per second while the vote is open.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from loadtest import (Cluster, cpu_seconds, free_port, record, recording_page, start_app, stop_processes,  # noqa: E402
                      wait_healthy)
from loadtest import student as mover  # noqa: E402

WINDOW = 25.0                  # seconds the phones and the projector stay after the vote opens (taps: the first 10)
ANSWERED = re.compile(r"(?:Answered|已作答)[:：]\s*(\d+)\s*/\s*(\d+)")


def _msg(raw: bytes):
    from streamlit.proto.BackMsg_pb2 import BackMsg

    m = BackMsg()
    m.ParseFromString(raw)
    return m


def recorded(url: str, classroom, question) -> dict:
    """A phone's frames (open, a poll, the tap) and the projector's (open, a poll), from Chromium."""
    code, secret = classroom.open_room()
    classroom.open_vote(code, secret, question)
    with recording_page(url, f"/?room={code}", ".st-key-_w_class_ans_1_no button") as (page, sent):
        page.wait_for_timeout(2600)                             # one poll of the room
        page.locator(".st-key-_w_class_ans_1_no button").first.click()
        page.wait_for_timeout(1500)
        phone = list(sent)
    with recording_page(url, f"/exercises?class={code}&key={secret}&x.open=2.3&lang=en",
                        ".st-key-class_vote") as (page, sent):
        page.wait_for_timeout(2600)
        projector = list(sent)
    msgs = [_msg(f) for f in phone]
    tap = next(f for f, m in zip(phone, msgs) if any("_w_class_ans_1_no" in w.id and w.trigger_value
                                                     for w in m.rerun_script.widget_states.widgets))
    poll = next(f for f, m in zip(phone, msgs) if m.rerun_script.is_auto_rerun)
    return {"phone_open": phone[0], "poll": poll, "tap": tap, "projector_open": projector[0],
            "projector_poll": next(f for f in projector if _msg(f).rerun_script.is_auto_rerun)}


def frame(template: bytes, query: str | None = None, fragment: str | None = None) -> bytes:
    m = _msg(template)
    if query is not None:
        m.rerun_script.query_string = query
    if fragment is not None:
        m.rerun_script.fragment_id = fragment
    return m.SerializeToString()


async def session(url: str, first: bytes, poll: bytes, query: str, until: float, out: dict, *,
                  tap: tuple[float, bytes] | None = None, seen=None) -> None:
    """One browser at the websocket level: opens with ``first``, then reruns
    the fragment the server asks for (``auto_rerun``) at its interval, taps
    at ``tap[0]`` (monotonic); ``seen(text)`` gets every Markdown body."""
    import websockets
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    from loadtest import route_cookie

    try:
        cookie = await asyncio.to_thread(route_cookie, url)
        async with websockets.connect(url.replace("http", "ws") + "/_stcore/stream", max_size=2**26, origin=url,
                                      open_timeout=120, subprotocols=["streamlit"],
                                      additional_headers={"Cookie": cookie} if cookie else None) as ws:
            timer = {"every": None, "fragment": None, "buttons": False}

            async def reader():
                async for raw in ws:
                    msg = ForwardMsg()
                    msg.ParseFromString(raw)
                    kind = msg.WhichOneof("type")
                    if kind == "auto_rerun":
                        timer["every"], timer["fragment"] = msg.auto_rerun.interval, msg.auto_rerun.fragment_id
                    elif kind == "delta":
                        element = msg.delta.new_element
                        kind = element.WhichOneof("type")
                        if seen and kind == "markdown":
                            seen(element.markdown.body)
                        elif kind == "button" and "_w_class_ans_" in element.button.id:
                            timer["buttons"] = True          # the answer buttons are on the phone

            task = asyncio.create_task(reader())
            await ws.send(frame(first, query))
            next_poll = time.monotonic() + 2
            while time.monotonic() < until:
                now = time.monotonic()
                if tap and now >= tap[0] and timer["buttons"]:       # a student taps what the phone shows
                    out["taps"][query] = time.monotonic()
                    await ws.send(frame(tap[1], query))
                    tap = None
                elif timer["every"] and now >= next_poll:
                    await ws.send(frame(poll, query, timer["fragment"]))
                    next_poll = now + timer["every"]
                await asyncio.sleep(0.05)
            task.cancel()
    except Exception as err:  # noqa: BLE001  (a failed session is counted, not fatal)
        out["errors"].append(f"{type(err).__name__}: {err}"[:200])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--students", type=int, default=200)
    ap.add_argument("--movers", type=int, default=40, help="students moving thresholds meanwhile")
    ap.add_argument("--processes", type=int, default=1)
    ap.add_argument("--store", default=None, help="redis://host:port/db (default: a SQLite file of its own)")
    args = ap.parse_args()
    n = max(1, min(args.students, 400))
    store = args.store or str(Path(tempfile.mkdtemp(prefix="evallab-class-")) / "class.sqlite3")
    os.environ["EVALLAB_CLASS_STORE"] = store
    from classroom import Caps, Classroom, open_store
    from ui.parts.exercises.guess import class_question

    caps = Caps(rooms=50, students=1000, votes=100, joins_per_client=100, joins_per_minute=100_000, ttl_s=3600)
    c = Classroom(open_store(store), caps)
    question = class_question("2.3", {"yes": "", "no": ""}, None)
    cluster = Cluster(min(args.processes, 8), free_port(), store=store) if args.processes > 1 else None
    port = free_port()
    apps = cluster.apps if cluster else [start_app(port, True, store)]
    url = cluster.url if cluster else f"http://127.0.0.1:{port}"
    try:
        wait_healthy(url)
        frames = recorded(url, c, question)
        moves = record(url, "/confusion?source=watermelon") if args.movers else []
        code, secret = c.open_room()
        sids = [f"bench-{i:04d}-{random.Random(i).getrandbits(64):016x}" for i in range(n)]
        out = {"taps": {}, "errors": [], "lat": [], "bytes": []}
        stored, projector = {}, {}

        def reader(stop: threading.Event):
            s = open_store(store)
            while not stop.is_set():
                state = s.room(code)
                vote = state["state"]["current"] if state else None
                if vote:
                    now = time.monotonic()
                    for sid in s.answers(code, vote):
                        stored.setdefault(f"room={code}&me={sid}", now)
                time.sleep(0.02)

        def on_text(body: str):
            m = ANSWERED.search(body)
            if m:
                projector.setdefault("seen", []).append((time.monotonic(), int(m[1])))

        async def crowd():
            opened = time.monotonic() + n * 0.05 + 4              # students arrive over n / 20 s, then the vote
            end = opened + WINDOW
            rng = random.Random(0)
            tasks = [asyncio.create_task(mover(i, url, moves, end, 0.1, 0.9, out)) for i in range(args.movers)]
            for sid in sids:
                tap = (opened + rng.uniform(2, 10), frames["tap"])          # within 10 s of the vote's opening
                tasks.append(asyncio.create_task(session(url, frames["phone_open"], frames["poll"],
                                                         f"room={code}&me={sid}", end, out, tap=tap)))
                await asyncio.sleep(0.05)
            await asyncio.sleep(max(0.0, opened - time.monotonic()))
            c.open_vote(code, secret, question)                   # the lecturer's click
            cpu0 = cpu_seconds([a.pid for a in apps])
            tasks.append(asyncio.create_task(session(url, frames["projector_open"], frames["projector_poll"],
                                                     f"class={code}&key={secret}&x.open=2.3&lang=en", end, out,
                                                     seen=on_text)))
            await asyncio.sleep(max(0.0, end - time.monotonic()))
            cpu = cpu_seconds([a.pid for a in apps]) - cpu0
            await asyncio.gather(*tasks, return_exceptions=True)
            return opened, cpu

        stop = threading.Event()
        watcher = threading.Thread(target=reader, args=(stop,), daemon=True)
        watcher.start()
        opened, cpu = asyncio.run(crowd())
        stop.set()
        time.sleep(3)                                     # a tap still queued in the server when its phone left
        count = c.tally(code, 1).n
        lags = sorted(stored[q] - t for q, t in out["taps"].items() if q in stored)
        p95 = lags[min(len(lags) - 1, int(0.95 * len(lags)))] if lags else float("nan")
        last = max(stored.values()) if stored else float("nan")
        shown = [t for t, k in projector.get("seen", []) if k >= len(stored)]     # the count of every stored answer
        lag = (shown[0] if shown else float("nan")) - last
        lat = sorted(out["lat"])
        mp95 = lat[min(len(lat) - 1, int(0.95 * len(lat)))] if lat else float("nan")
        per = cpu / n / WINDOW
        print(f"\n{'students':>8} {'taps':>5} {'stored':>6} {'tap->stored p95 s':>18} {'max s':>6} "
              f"{'projector lag s':>16} {'movers':>6} {'moves p95 s':>11} {'CPU ms/student/s':>17} {'errors':>6}")
        print(f"{n:>8} {len(out['taps']):>5} {count:>6} {p95:18.3f} {(lags[-1] if lags else float('nan')):6.2f} "
              f"{lag:16.2f} {args.movers:>6} {mp95:11.3f} {1000 * per:17.2f} {len(out['errors']):>6}")
        load = os.getloadavg()[0]
        print(f"(machine load average at the end: {load:.1f} on {os.cpu_count()} cores)")
        print(f"({'%d processes behind nginx' % len(apps) if cluster else 'one process'}; store: "
              f"{'redis' if store.startswith('redis') else 'SQLite'}; the phones stay {WINDOW:g} s after the vote "
              f"opens; the clients share the server's cores)")
        for e in out["errors"][:5]:
            print("error:", e)
        ok = count == n and p95 <= 1 and lag <= 3 and (not lat or mp95 <= 1)
        print(f"targets: every answer stored, tap->stored p95 <= 1 s, projector <= 3 s behind, moves p95 <= 1 s: "
              f"[{'ok' if ok else 'MISSED'}]")
    finally:
        if cluster:
            cluster.stop()
        else:
            stop_processes(apps)


if __name__ == "__main__":
    main()
