"""Time, memory and size of a report of a large predictions file.

    python bench/report.py            # 1e6 rows x 10 models, 3 runs
    python bench/report.py --quick    # 1e5 rows x 10 models, 3 runs

Writes a CSV (label plus 10 score columns, continuous scores in [0, 1]) to a
temporary folder, then runs ``python -m evalcore.report`` on it in a fresh
process per run (HTML, and once JSON), and prints the median wall and CPU time of
the whole command (read, compute, draw, write), each phase's median from
inside one process, the peak resident memory of the command (its
``ru_maxrss``), and the report's size.  The curves are drawn from the same
reduction the pages use (``evalcore.roc_view`` / ``pr_view``).

Targets (issue 26): <= 10 s and <= 1 GB on 2 cores, report <= 10 MB.
Printed, never asserted by the test suite.
"""
from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import evalcore as ec  # noqa: E402
from evalcore.report import build_report  # noqa: E402

REPEATS = 3
MODELS = 10


def write_csv(path: Path, n: int, seed: int = 0) -> None:
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.3).astype(np.int8)
    cols = []
    for k in range(MODELS):
        z = rng.normal(size=n) + (0.4 + 0.15 * k) * (2 * y - 1)
        cols.append(1.0 / (1.0 + np.exp(-z)))
    table = np.column_stack([y, *cols])
    header = "y_true," + ",".join(f"model_{k}" for k in range(MODELS))
    np.savetxt(path, table, delimiter=",", header=header, comments="", fmt=["%d"] + ["%.6f"] * MODELS)


def run_cli(csv: Path, out: Path, fmt: str) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system) and peak RSS (MB) of one
    ``python -m evalcore.report`` run."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    before = r0.ru_maxrss
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "evalcore.report", str(csv), "-o", str(out), "--format", fmt,
                    "--threshold", "model_0=0.4", "--costs", "1,5"], cwd=ROOT, check=True,
                   capture_output=True)
    wall = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (r1.ru_utime + r1.ru_stime) - (r0.ru_utime + r0.ru_stime)
    return wall, cpu, max(r1.ru_maxrss, before) / 1024


def phases(csv: Path) -> dict:
    from evalcore.report.html import render

    t0 = time.perf_counter()
    ps = ec.load_predictions(csv)
    t1 = time.perf_counter()
    rep = build_report(ps, thresholds={"model_0": 0.4}, cost01=1.0, cost10=5.0)
    t2 = time.perf_counter()
    render(rep, lang="zh")
    t3 = time.perf_counter()
    return {"read CSV": t1 - t0, "build_report": t2 - t1, "render HTML": t3 - t2}


def main() -> None:
    n = 100_000 if "--quick" in sys.argv else 1_000_000
    with tempfile.TemporaryDirectory() as tmp:
        csv = Path(tmp) / "predictions.csv"
        write_csv(csv, n)
        print(f"{n:,} rows x {MODELS} models, CSV {os.path.getsize(csv) / 2**20:.1f} MB; "
              f"{os.cpu_count()} cores; median of {REPEATS}\n")
        got = {}
        for fmt in ("html", "json"):
            out = Path(tmp) / f"report.{fmt}"
            runs = [run_cli(csv, out, fmt) for _ in range(REPEATS if fmt == "html" else 1)]
            got[fmt] = (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs),
                        max(r[2] for r in runs), os.path.getsize(out))
        inside = [phases(csv) for _ in range(REPEATS)]
    load = os.getloadavg()[0]
    print(f"load average {load:.1f} on {os.cpu_count()} cores: on a busy machine the CPU seconds are the "
          "steadier figure\n")
    print(f"{'command':<32}{'wall s':>8}{'CPU s':>8}{'peak RSS MB':>13}{'output MB':>11}")
    for fmt, (wall, cpu, rss, size) in got.items():
        print(f"{'python -m evalcore.report (' + fmt + ')':<32}{wall:>8.2f}{cpu:>8.2f}{rss:>13.0f}"
              f"{size / 2**20:>11.2f}")
    print("\nphases in one process (median s):")
    for key in inside[0]:
        print(f"  {key:<16}{statistics.median(p[key] for p in inside):>8.2f}")


if __name__ == "__main__":
    main()
