"""Server CPU per threshold move, two versions of the app side by side (issue 36).

A change worth 0.5 ms a move is within the noise of one server timed after another on this
shared 2-core machine (a block of 100 moves varies by ±2 ms from one minute to the next).
Here two servers run at once, one per checkout (``git worktree add ../other <rev>``) or per
set of environment variables, each with one student at the websocket level
(``bench/hall.py``); blocks of moves alternate between them (A then B, then B then A, ...),
and the difference of each pair of blocks is taken, so that the machine's drift is in both.

Prints each side's median CPU ms per move (``/proc``) and the median of the paired
differences with how many blocks A was lower in::

    python bench/ab_moves.py . ../other                       # this checkout against another
    python bench/ab_moves.py . . --env-a GC_FLAG=1            # the same code, an environment apart
    python bench/ab_moves.py . ../other --page pr --blocks 16 --per 60

Read a difference as real when its sign holds in most blocks (say 8 of 10 or more).
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy"))
sys.path.insert(0, str(ROOT / "bench"))
from class_server import free_port, start_app, stop_processes, wait_healthy  # noqa: E402
import hall  # noqa: E402
from loadtest import cpu_seconds  # noqa: E402


def start(folder: str, env: list[str]) -> tuple[subprocess.Popen, str]:
    """The app in ``folder`` (``class_server.start_app``) with the extra ``KEY=VALUE`` variables ``env``."""
    port = free_port()
    return start_app(port, folder=folder, env=dict(kv.split("=", 1) for kv in env)), f"http://127.0.0.1:{port}"


async def compare(sides: dict, page: str, blocks: int, per: int) -> dict[str, list[float]]:
    """CPU ms per move of each block, by side."""
    out: dict[str, list[float]] = {name: [] for name in sides}
    async with contextlib.AsyncExitStack() as stack:
        students = {name: await stack.enter_async_context(hall.Student(url, random.Random(1)))
                    for name, (_, url) in sides.items()}
        for s in students.values():
            await s.open(page, "lang=en&source=watermelon")
            for _ in range(20):                               # warm: caches, the browser's message cache
                await s.act("move")
        pids = [proc.pid for proc, _ in sides.values()]
        hall.settle(lambda: cpu_seconds(pids), 120, window=1.0, share=0.03)     # start-up work done
        for i in range(blocks):
            for name in (list(sides) if i % 2 == 0 else list(sides)[::-1]):
                pid = sides[name][0].pid
                c0 = cpu_seconds([pid])
                for _ in range(per):
                    await students[name].act("move")
                out[name].append(1000 * (cpu_seconds([pid]) - c0) / per)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a", help="folder of version A (a checkout)")
    ap.add_argument("b", help="folder of version B")
    ap.add_argument("--env-a", action="append", default=[], metavar="KEY=VALUE", help="for A's server")
    ap.add_argument("--env-b", action="append", default=[], metavar="KEY=VALUE", help="for B's server")
    ap.add_argument("--page", default="confusion", help="a measure page: confusion, pr, roc or cost")
    ap.add_argument("--blocks", type=int, default=10, help="blocks of moves on each side")
    ap.add_argument("--per", type=int, default=100, help="moves a block")
    args = ap.parse_args()
    sides = {"A": start(args.a, args.env_a), "B": start(args.b, args.env_b)}
    try:
        for _, url in sides.values():
            wait_healthy(url)
        ms = asyncio.run(compare(sides, args.page, args.blocks, args.per))
    finally:
        stop_processes([proc for proc, _ in sides.values()])
    diff = [a - b for a, b in zip(ms["A"], ms["B"])]
    print(f"server CPU per {args.page} move, {args.blocks} blocks of {args.per} on each side, alternated\n")
    print("| side | folder | CPU ms / move (median) | blocks |")
    print("| --- | --- | ---: | --- |")
    for name, folder, env in (("A", args.a, args.env_a), ("B", args.b, args.env_b)):
        print(f"| {name} | {folder}{' ' + ' '.join(env) if env else ''} | {statistics.median(ms[name]):.2f} | "
              f"{', '.join(f'{x:.1f}' for x in ms[name])} |")
    print(f"\nA - B: median {statistics.median(diff):+.2f} ms a move; A lower in {sum(d < 0 for d in diff)} "
          f"of {len(diff)} blocks")


if __name__ == "__main__":
    main()
