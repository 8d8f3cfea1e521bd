"""The heavy computations' cost estimates against their time: for each job
of ``ui.protect.heavy`` at a page's default and at its largest settings, the
estimated cost (sample-operations), the median time of a run, and the time
per unit.  One unit should take about as long in every job: the estimate
decides which jobs wait for the server's one turn (``limits.HEAVY_QUEUE_COST``)
and which are refused (``limits.HEAVY_COST``).  Prints a table; asserts nothing.

    python bench/heavy_costs.py [repeats]        # default 3
"""
from __future__ import annotations

import logging
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ui.core import learners  # noqa: E402
from ui.parts import biasvar, methods  # noqa: E402
from ui.protect import limits  # noqa: E402

LOGISTIC = ("logistic", ())


def _raw(cached):
    """The job under its cache: (its cost function, its work unwrapped from heavy.job)."""
    job = cached if hasattr(cached, "cost") else cached.__wrapped__
    return job.cost, job.__wrapped__


CASES = [                        # (job, setting, the cached function, its arguments)
    ("methods.holdout_spread", "breast cancer", methods.holdout_spread, ("breast-cancer", LOGISTIC, True)),
    ("methods.cv_by_k", "breast cancer", methods.cv_by_k, ("breast-cancer", LOGISTIC)),
    ("methods.truth_study", "n = 100", methods.truth_study, (LOGISTIC, 100)),
    ("learners.paired_cv", "breast cancer", learners.paired_cv, ("breast-cancer", "logistic", "tree")),
    ("learners run: paired", "defaults", learners._compute, ("paired", *learners.DEFAULT_ARGS)),
    ("learners run: 5x2cv", "defaults", learners._compute, ("cv5x2", *learners.DEFAULT_ARGS)),
    ("biasvar.fits", "defaults, degree 9", biasvar.fits, ("sin", 20, 100, 0.3, 9, None)),
    ("biasvar.fits", "200 x 500, degree 15", biasvar.fits, ("sin", 200, 500, 0.3, 15, None)),
    ("biasvar.fits", "200 x 500, 100k steps", biasvar.fits, ("sin", 200, 500, 0.3, 12, 100_000)),
    ("biasvar.curve", "defaults, degrees", biasvar.curve, ("sin", 20, 100, 0.3, "degree")),
    ("biasvar.curve", "200 x 500, degrees", biasvar.curve, ("sin", 200, 500, 0.3, "degree")),
    ("biasvar.curve", "200 x 500, steps", biasvar.curve, ("sin", 200, 500, 0.3, "steps")),
]


def main(repeats: int = 3) -> None:
    logging.getLogger("streamlit").setLevel(logging.ERROR)     # progress lines outside a session: said per call
    print(f"queued at cost >= {limits.HEAVY_QUEUE_COST:,.0f}; refused above {limits.HEAVY_COST:,.0f}\n")
    print(f"| {'job':<24} | {'setting':<22} | {'cost':>10} | queued | {'median s':>8} | {'us / unit':>9} |")
    print(f"|{'-' * 26}|{'-' * 24}|{'-' * 12}|--------|{'-' * 10}|{'-' * 11}|")
    for name, setting, cached, args in CASES:
        cost, work = _raw(cached)
        c = cost(*args)
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            work(*args)
            times.append(time.perf_counter() - start)
        s = statistics.median(times)
        queued = "yes" if c >= limits.HEAVY_QUEUE_COST else "no"
        print(f"| {name:<24} | {setting:<22} | {c:>10,.0f} | {queued:<6} | {s:>8.3f} | {s / c * 1e6:>9.2f} |")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
