"""What a threshold move costs Streamlit itself, apart from the lab's own work (issue 36).

Three servers, each with the lab's server changes (``ui.protect.protocol``) and its
``.streamlit/config.toml``, one student at the websocket level (``bench/hall.py``):

* **floor**: a fragment with the threshold's slider and number box, nothing else;
* **same elements**: a fragment that sends what a move of the confusion page sends (the
  same kinds of element, in the same containers, of about the same sizes; the controls and
  headings that do not move drawn by the page's run, the fragment writing into places the page
  made, as the confusion page does) with no computing behind them: fixed figures, numbers and
  tables;
* **one component**: the design issue 36's 10 ms would need: the threshold's widgets, the
  address and one component carrying everything a move changes (its data about the size of the
  confusion move's figures, numbers, formulas and table together), nothing else;
* **the confusion page**: the app itself, on the watermelon data.

Prints each one's server CPU per move (``/proc``, median over blocks of moves, the three
servers alternated ``--rounds`` times) and messages per move.  The second row is what
Streamlit's rerun and messages cost for that page with nothing computed; the third minus
the second is the lab's own work (measures, figures, formulas, tables).

    python bench/fragment_floor.py                  # 3 rounds of 70 moves each
    python bench/fragment_floor.py --rounds 5 --moves 140

The probe apps are written to a temporary folder (never into the source tree).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy"))
sys.path.insert(0, str(ROOT / "bench"))
from class_server import free_port, start_app, stop_processes, wait_healthy  # noqa: E402
import hall  # noqa: E402
from loadtest import cpu_seconds  # noqa: E402

PROBE = '''
import os
import types

import streamlit as st
import streamlit.components.v2 as components

import ui  # noqa: F401  (the lab's server changes, as app.py has them)

SAME = os.environ["PROBE"] == "same"
ONE = os.environ["PROBE"] == "one"
figure = components.component("probe_figure", js="export default function (c) {}")


@st.fragment
def moves(at=None):
    a, b = st.columns(2)
    with a:
        t = st.slider("threshold", 0.0, 1.0, 0.5, 0.01, key="_w_thr_s|probe")
    with b:
        st.number_input("exact threshold", value=t, key="_w_thr_n|probe")
    if ONE:
        figure(key="address", data={"query": f"thr={t}"})
        figure(key="view", data={"spec": "x" * 9000, "t": t})
        return
    if not SAME:
        return
    figure(key="address", data={"query": f"thr={t}"})
    with at.left:
        st.subheader(f"Confusion matrix (threshold {t:.3f})")
        figure(key="heat", data={"spec": "x" * 1400, "keys": ["a", "b"], "tkey": "t", "config": {"a": 1},
                                 "script": "s", "clickable": False, "fit": False})
    with at.metrics, st.container(horizontal=True, gap="small"):
        for name in ("Accuracy", "Precision", "Recall", "F1"):
            st.metric(name, f"{t:.3f}", width="stretch")
    with at.histogram:
        figure(key="hist", data={"spec": "x" * 1600, "keys": ["a", "b"], "tkey": "t", "config": {"a": 1},
                                 "script": "s", "clickable": False, "fit": False})
    with at.formulas:
        figure(key="formulas", data={"items": ["x" * 1150]})
    with at.macro:
        rows = [("a", f"{t:.3f}", 3, 1, 8, 5, "0.75", "0.38", "0.50"), ("b", "0.5", 6, 2, 7, 2, "0.75", "0.75", "0.75")]
        st.markdown(chr(10).join(["| matrix | threshold | TP | FP | TN | FN | P | R | F1 |", "|" + " --- |" * 9]
                                 + ["| " + " | ".join(map(str, r)) + " |" for r in rows]))    # as ui.text_table
        figure(key="mm_formulas", data={"items": ["x" * 950]})
        st.info(f"This page uses the textbook's definition ({t:.3f}).")


if SAME:        # as the confusion page: the controls and headings that do not move are the page's, drawn once
    control = st.container()
    st.slider("beta", 0.1, 5.0, 1.0, key="_w_beta")
    left, right = st.columns([1, 1.6])
    with right:
        metrics = st.container()
        st.segmented_control("y axis", ["count", "density", "log"], default="count", key="_w_scale")
        histogram = st.container()
    st.subheader("Measures from the current counts")
    formulas = st.container()
    st.header("Macro vs micro averages")
    places = types.SimpleNamespace(left=left, metrics=metrics, histogram=histogram, formulas=formulas,
                                   macro=st.container())
    with control:
        moves(places)
else:
    moves()
'''


async def moves_cpu(url: str, pid: int, page: str, moves: int, blocks: int = 7) -> tuple[float, int]:
    """CPU ms per threshold move (median of ``blocks`` blocks) and messages per move."""
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    async with hall.Student(url, random.Random(1)) as s:
        await s.open(page, "lang=en&source=watermelon")
        for _ in range(10):                                 # warm: caches, the browser's message cache
            await s.act("move")
        count = 0
        recv = s.ws.recv

        async def counted():
            nonlocal count
            raw = await recv()
            count += ForwardMsg.FromString(raw).WhichOneof("type") is not None
            return raw
        s.ws.recv = counted
        out = []
        per = max(1, moves // blocks)
        for _ in range(blocks):
            c0 = cpu_seconds([pid])
            for _ in range(per):
                await s.act("move")
            out.append(1000 * (cpu_seconds([pid]) - c0) / per)
        return statistics.median(out), round(count / (per * blocks))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--moves", type=int, default=70)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="evallab-floor-"))
    procs = []
    try:
        (tmp / ".streamlit").mkdir()
        shutil.copy(ROOT / ".streamlit" / "config.toml", tmp / ".streamlit" / "config.toml")
        (tmp / "probe.py").write_text(PROBE)
        servers = {}
        for name, probe in (("floor", "floor"), ("same elements", "same"), ("one component", "one")):
            port = free_port()
            env = {"PROBE": probe, "PYTHONPATH": str(ROOT)}
            procs.append(subprocess.Popen(
                [sys.executable, "-m", "streamlit", "run", "probe.py", "--server.port", str(port),
                 "--server.address", "127.0.0.1", "--server.headless", "true",
                 "--browser.gatherUsageStats", "false"], cwd=tmp, env={**os.environ, **env},
                stdout=subprocess.DEVNULL, stderr=open(tmp / f"{probe}.log", "w")))
            servers[name] = (f"http://127.0.0.1:{port}", procs[-1].pid, "probe")
        port = free_port()
        procs.append(start_app(port))
        servers["the confusion page"] = (f"http://127.0.0.1:{port}", procs[-1].pid, "confusion")
        for url, _, _ in servers.values():
            wait_healthy(url)
        url, pid, _ = servers["the confusion page"]     # its start-up work done before the first round
        print(f"(waited {hall.start_up([url], lambda: cpu_seconds([pid])):.0f} s for the app's start-up work)")
        ms: dict[str, list[float]] = {k: [] for k in servers}
        msgs: dict[str, int] = {}
        for _ in range(args.rounds):
            for name, (url, pid, page) in servers.items():
                hall.settle(lambda pid=pid: cpu_seconds([pid]), 60, window=1.0, share=0.03)   # idle: under 3 %
                m, n = asyncio.run(moves_cpu(url, pid, page, args.moves))
                ms[name].append(m)
                msgs[name] = n
        print(f"server CPU per threshold move, one student, {args.rounds} rounds of {args.moves} moves\n")
        print("| what | messages / move | CPU ms / move (median of rounds) | rounds |")
        print("| --- | ---: | ---: | --- |")
        for name in servers:
            print(f"| {name} | {msgs[name]} | {statistics.median(ms[name]):.1f} | "
                  f"{', '.join(f'{x:.1f}' for x in ms[name])} |")
        floor, same, one, page = (statistics.median(ms[k]) for k in servers)
        print(f"\nthe lab's own work: {page - same:.1f} ms a move ({(page - same) / page:.0%}); Streamlit's for "
              f"the same elements {same:.1f} ms ({same / page:.0%}), of which the bare rerun {floor:.1f} ms")
        print(f"a move drawn by one component would cost Streamlit {one:.1f} ms: {10 - one:.1f} ms left for the "
              f"lab's own work under the 10 ms target (today {page - same:.1f})")
    finally:
        stop_processes(procs)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
