"""What a whole-page rerun costs on each page, and how much of it is building figures.

    python bench/page_runs.py [--repeats 7] [--pages methods,compare]

Each page (each section of the pages that show one at a time) is run once
under Streamlit's AppTest in English with its default settings (its cached
results computed), then rerun ``--repeats`` times as a student's whole-page
change reruns it; printed per case: the median CPU milliseconds of a rerun,
the part of it spent in ``evalcore.figures``' builders (wrapped here, the
page unchanged) and the number of figures.  Run it on two commits to compare
(``git stash`` or a worktree); nothing is asserted.
"""
from __future__ import annotations

import argparse
import functools
import importlib
import inspect
import logging
import pkgutil
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CASES = {
    "methods": [{}], "confusion": [{}], "pr": [{}], "roc": [{}, {"mode": "step"}], "cost": [{}],
    "multiclass": [{"mc.sec": s} for s in ("decisions", "averages", "curves", "probabilities")],
    "lab": [{"l_sec": s} for s in ("loss", "multilabel", "regression", "clustering")],
    "compare": [{"c_sec": s} for s in ("binomial", "t", "paired", "cv5x2", "mcnemar", "friedman", "delong")],
    "trust": [{}], "biasvar": [{}],
    "exercises": [{"x.open": k, "x.s" + k.replace(".", ""): "1"} for k in
                  ("2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7", "2.8", "2.9", "2.10")],
}

_in_figures = [0.0]


def _timed_builders() -> None:
    """Every public builder of ``evalcore.figures`` counts its own time into ``_in_figures`` (outermost call)."""
    import evalcore.figures as figures
    depth = [0]

    def wrap(fn):
        @functools.wraps(fn)
        def timed(*a, **k):
            depth[0] += 1
            t0 = time.process_time()
            try:
                return fn(*a, **k)
            finally:
                depth[0] -= 1
                if depth[0] == 0:
                    _in_figures[0] += time.process_time() - t0
        return timed

    for info in pkgutil.iter_modules(figures.__path__):
        mod = importlib.import_module(f"evalcore.figures.{info.name}")
        for name, fn in list(vars(mod).items()):
            if inspect.isfunction(fn) and fn.__module__ == mod.__name__ and not name.startswith("_") \
                    and info.name != "style":
                setattr(mod, name, wrap(fn))
    for name in dir(figures):                       # the package's own names for them
        fn = getattr(figures, name)
        if inspect.isfunction(fn):
            wrapped = getattr(sys.modules[fn.__module__], fn.__name__, None)
            if getattr(wrapped, "__wrapped__", None) is fn:
                setattr(figures, name, wrapped)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--pages", default=",".join(CASES))
    args = ap.parse_args()
    logging.disable(logging.WARNING)
    _timed_builders()
    from streamlit.testing.v1 import AppTest

    rows = []
    for page in args.pages.split(","):
        for query in CASES[page]:
            at = AppTest.from_file(str(ROOT / "pages" / f"{page}.py"), default_timeout=300)
            for k, v in {**query, "lang": "en"}.items():
                at.query_params[k] = v
            at.run()                                               # its results computed and cached
            if at.exception:
                rows.append((page, query, None, None, 0))
                continue
            cpu, figs = [], []
            for _ in range(args.repeats):
                _in_figures[0] = 0.0
                t0 = time.process_time()
                at.run()
                cpu.append(time.process_time() - t0)
                figs.append(_in_figures[0])
            n = len(at.get("plotly_chart")) + sum(1 for c in at.get("bidi_component")
                                                 if c.proto.component_name == "lab_live_figure")
            rows.append((page, query, statistics.median(cpu), statistics.median(figs), n))
            print(f"  {page} {query}", file=sys.stderr, flush=True)

    print(f"{'page':<11} {'section':<14} {'rerun CPU':>10} {'figures':>9} {'share':>6} {'n':>3}")
    for page, query, cpu, figs, n in rows:
        section = next((v for k, v in query.items() if k != "mode" and not k.startswith("x.s")), query.get("mode", ""))
        if cpu is None:
            print(f"{page:<11} {section:<14} {'error':>10}")
            continue
        print(f"{page:<11} {section:<14} {1000 * cpu:8.1f} ms {1000 * figs:6.1f} ms {figs / cpu:6.0%} {n:3d}")
    done = [r for r in rows if r[2] is not None]
    total, in_figs = sum(r[2] for r in done), sum(r[3] for r in done)
    print(f"{'all':<11} {'':<14} {1000 * total:8.1f} ms {1000 * in_figs:6.1f} ms {in_figs / total:6.0%}")


if __name__ == "__main__":
    main()
