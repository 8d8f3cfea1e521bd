"""The report on a production log: time and peak memory of the command line
(``python -m evalcore.report``) by engine and size, on this machine.

A log of N rows x 2 models is made with DuckDB (labels with 30 % positives,
two models' scores in [0, 1] logged with 6 decimals: at most 10^6 distinct
scores each, as a click-through model's log often has), as Parquet and, for
the in-memory path, as CSV.  Each report runs in its own process
(``/usr/bin/time`` reads its peak resident memory) and writes the JSON of
every number; the numbers of the two engines at the same size are compared
(largest absolute difference).

    python bench/bigreport.py                      # 10^6 (both engines), 10^7 and 10^8 (DuckDB)
    python bench/bigreport.py --sizes 1e6 1e7      # quicker
    python bench/bigreport.py --round-digits 4     # DuckDB with scores rounded to 4 decimals
    python bench/bigreport.py --multiclass         # a K-class log: 10^6 (both engines) and 10^7 rows x 10 classes

Target (issue 39): 10^8 rows x 2 models from Parquet in <= 30 s and <= 1.5 GB.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MEMORY_MAX_ROWS = 10 ** 6          # the in-memory path takes at most the app's MAX_ROWS (10^8 would need ~30 GB)
CLASSES = 10                       # classes of the K-class log


def make_log(path: Path, n: int, fmt: str) -> None:
    import duckdb

    con = duckdb.connect()
    con.execute("SET threads = 2")
    normal = "sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random())"
    sql = (f"SELECT y::INTEGER AS y_true, "
           f"round(1 / (1 + exp(-(y::INTEGER * 1.2 - 0.6 + {normal}))), 6) AS model_a, "
           f"round(1 / (1 + exp(-(y::INTEGER * 0.7 - 0.35 + {normal}))), 6) AS model_b "
           f"FROM (SELECT random() < 0.3 AS y FROM range({n}))")
    opts = "(FORMAT parquet, ROW_GROUP_SIZE 1000000)" if fmt == "parquet" else "(FORMAT csv, HEADER true)"
    con.execute(f"COPY ({sql}) TO '{path}' {opts}")


def make_multiclass_log(path: Path, n: int, fmt: str, k: int = CLASSES) -> None:
    """A K-class log of one model: labels skewed towards the first classes, probabilities floored to
    3 decimals (the last class takes the rest, so every row sums to 1)."""
    import duckdb

    con = duckdb.connect()
    con.execute("SET threads = 2")
    normal = "sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random())"
    e = [f"exp(1.4 * CAST(y = {j} AS INTEGER) + {normal}) AS e{j}" for j in range(k)]
    total = " + ".join(f"e{j}" for j in range(k))
    cols = [f"floor(e{j} / ({total}) * 1000) / 1000 AS \"model:c{j}\"" for j in range(k - 1)]
    rest = " - ".join(f"floor(e{j} / ({total}) * 1000) / 1000" for j in range(k - 1))
    sql = (f"SELECT 'c' || y AS label, {', '.join(cols)}, 1 - {rest} AS \"model:c{k - 1}\" "
           f"FROM (SELECT y, {', '.join(e)} FROM (SELECT CAST(floor({k} * pow(random(), 1.5)) AS INTEGER) AS y "
           f"FROM range({n})))")
    opts = "(FORMAT parquet, ROW_GROUP_SIZE 1000000)" if fmt == "parquet" else "(FORMAT csv, HEADER true)"
    con.execute(f"COPY ({sql}) TO '{path}' {opts}")


def multiclass_rows(tmp: str, sizes) -> list:
    """The K-class report by size: DuckDB from Parquet, and at 10^6 rows also DuckDB and memory from CSV."""
    rows = []
    for n in map(int, sizes):
        pq = Path(tmp) / f"mc-{n}.parquet"
        make_multiclass_log(pq, n, "parquet")
        t, rss, _ = run_report(pq, "duckdb", Path(tmp) / "mc.json", ("--costs", cost_file(tmp)))
        rows.append((f"{n:.0e} x {CLASSES} classes", "duckdb (Parquet)", f"{pq.stat().st_size / 2 ** 20:.0f} MB", t,
                     rss, ""))
        pq.unlink()
        got = json.loads((Path(tmp) / "mc.json").read_text(encoding="utf-8"))["models"][0]
        print(f"# {n:.0e} rows x {CLASSES} classes: macro AUC {got['auc']['macro']:.6f}, M "
              f"{got['auc']['hand_till']:.6f}, log loss {got['probability']['log_loss']:.4f}", flush=True)
        if n <= MEMORY_MAX_ROWS:
            csv = Path(tmp) / f"mc-{n}.csv"
            make_multiclass_log(csv, n, "csv")
            size = f"{csv.stat().st_size / 2 ** 20:.0f} MB"
            t, rss, _ = run_report(csv, "duckdb", Path(tmp) / "mc_d.json", ("--costs", cost_file(tmp)))
            rows.append((f"{n:.0e} x {CLASSES} classes", "duckdb (CSV)", size, t, rss, ""))
            t, rss, _ = run_report(csv, "memory", Path(tmp) / "mc_m.json", ("--costs", cost_file(tmp)))
            diff = _largest_difference(json.loads((Path(tmp) / "mc_m.json").read_text("utf-8")),
                                       json.loads((Path(tmp) / "mc_d.json").read_text("utf-8")))
            rows.append((f"{n:.0e} x {CLASSES} classes", "memory (CSV)", size, t, rss,
                         f"max |memory - duckdb| = {diff:.1e}"))
            csv.unlink()
    return rows


def cost_file(tmp: str) -> str:
    """A K x K cost matrix file: a mistake costs 1, a missed last class 5."""
    path = Path(tmp) / "cost.txt"
    if not path.exists():
        path.write_text("\n".join(",".join("0" if i == j else ("5" if i == CLASSES - 1 else "1")
                                            for j in range(CLASSES)) for i in range(CLASSES)) + "\n")
    return str(path)


def run_report(path: Path, engine: str, out: Path, extra=()) -> tuple[float, float, int]:
    cmd = ["/usr/bin/time", "-f", "TIME %e %M", sys.executable, "-m", "evalcore.report", str(path), "--engine",
           engine, "--format", "json", "-o", str(out), *extra]
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    m = re.search(r"TIME ([\d.]+) (\d+)", r.stderr)
    if r.returncode != 0 or not m:
        print(r.stderr[-2000:], file=sys.stderr)
        raise SystemExit(f"report failed: {' '.join(cmd)}")
    return float(m[1]), int(m[2]) / 1024, r.returncode


def _largest_difference(a, b) -> float:
    if isinstance(a, dict):
        return max([_largest_difference(a[k], b[k]) for k in a if k not in ("created", "engine", "name")] or [0.0])
    if isinstance(a, list):
        return max([_largest_difference(x, y) for x, y in zip(a, b)] or [0.0])
    if isinstance(a, float) and isinstance(b, float) and math.isfinite(a) and math.isfinite(b):
        return abs(a - b)
    return 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", nargs="+", type=float, default=[1e6, 1e7, 1e8])
    ap.add_argument("--round-digits", type=int)
    ap.add_argument("--keep", help="a folder to keep the logs in (default: a temporary one, removed)")
    ap.add_argument("--multiclass", nargs="*", type=float, metavar="N",
                    help="the K-class rows (10 classes, one model, a cost matrix): these sizes (default 1e6 1e7) "
                         "instead of the two-class ones")
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory(dir=args.keep) as tmp:
        if args.multiclass is not None:
            args.sizes = []
            rows += multiclass_rows(tmp, args.multiclass or [1e6, 1e7])
        for n in map(int, args.sizes):
            pq = Path(tmp) / f"log-{n}.parquet"
            make_log(pq, n, "parquet")
            size_pq = pq.stat().st_size / 2 ** 20
            extra = () if args.round_digits is None else ("--round-digits", str(args.round_digits))
            t, rss, _ = run_report(pq, "duckdb", Path(tmp) / "big.json", extra)
            rows.append((f"{n:.0e}", "duckdb (Parquet)", f"{size_pq:.0f} MB", t, rss, ""))
            big = json.loads((Path(tmp) / "big.json").read_text(encoding="utf-8"))
            pq.unlink()
            if n <= MEMORY_MAX_ROWS:
                csv = Path(tmp) / f"log-{n}.csv"
                make_log(csv, n, "csv")
                size_csv = csv.stat().st_size / 2 ** 20
                t, rss, _ = run_report(csv, "duckdb", Path(tmp) / "big_csv.json", extra)
                rows.append((f"{n:.0e}", "duckdb (CSV)", f"{size_csv:.0f} MB", t, rss, ""))
                if args.round_digits is None:
                    t, rss, _ = run_report(csv, "memory", Path(tmp) / "mem.json")
                    mem = json.loads((Path(tmp) / "mem.json").read_text(encoding="utf-8"))
                    diff = _largest_difference(mem, json.loads((Path(tmp) / "big_csv.json").read_text("utf-8")))
                    rows.append((f"{n:.0e}", "memory (CSV)", f"{size_csv:.0f} MB", t, rss,
                                 f"max |memory - duckdb| = {diff:.1e}"))
                csv.unlink()
            aucs = ", ".join(f'{m["name"]} {m["auc"]:.6f}' for m in big["models"])
            print(f"# {n:.0e} rows: AUC {aucs}", flush=True)
    print(f"\n{os.cpu_count()} cores; python -m evalcore.report --format json; peak RSS from /usr/bin/time\n")
    print("| rows | engine | file | time | peak RSS | numbers |")
    print("| --- | --- | --- | --- | --- | --- |")
    for n, eng, size, t, rss, note in rows:
        print(f"| {n} | {eng} | {size} | {t:.1f} s | {rss:.0f} MB | {note} |")


if __name__ == "__main__":
    main()
