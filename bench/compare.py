"""The comparison page's "run it" (issue 21, item 7): server time of a click
at the default settings, from a cold cache, printed as medians.

    python bench/compare.py

For each run (paired 10-fold CV of logistic regression and naive Bayes on
breast cancer; 5x2cv of the same; the Friedman table, 4 learners x 3 data
sets x 5 folds) the page is opened under Streamlit's AppTest, the run's
cache is cleared, and the click (the run, the table stored, the rerun
that draws it) is timed; then the same page's plain rerun for comparison,
and the heavy call alone (``ui.core.learners.run``, the one function a
per-session guard would wrap).  The default settings are computed once per
server process in the background (``ui.core.learners._warm``); the last lines
time the same runs without it.  Target: a click <= 0.5 s.  Asserts nothing.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from streamlit.testing.v1 import AppTest  # noqa: E402

from ui.core import learners  # noqa: E402

REPEATS = 5
TARGET_S = 0.5


def page(section: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "pages" / "compare.py"), default_timeout=120)
    at.session_state["compare.section"] = section
    at.session_state["_no_charts"] = True          # the server's work without the charts (timed elsewhere)
    return at.run()


def median(fn) -> float:
    ts = []
    for _ in range(REPEATS):
        learners.run.clear()
        t0 = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t0)
    return statistics.median(ts)


def main() -> None:
    page("paired").button(key="compare.run.paired").click().run()          # scikit-learn imported once
    while len(learners._WARM) < len(learners.RUNS):                        # the warm start has finished
        time.sleep(0.2)
    print(f"{'run':<10} {'click (s)':>10} {'plain rerun (s)':>16} {'run() alone (s)':>16}  target <= {TARGET_S} s")
    for kind in ("paired", "cv5x2", "friedman"):
        at = page(kind)
        click = median(lambda: at.button(key=f"compare.run.{kind}").click().run())
        plain = median(lambda: at.run())
        args = () if kind == "friedman" else ("breast-cancer", "logistic", "naive_bayes")
        alone = median(lambda: learners.run(kind, *args))
        verdict = "ok" if click <= TARGET_S else "MISSED"
        print(f"{kind:<10} {click:>10.3f} {plain:>16.3f} {alone:>16.3f}  [{verdict}]")
    print("without the warm start (the first click of a setting nobody has run yet):")
    learners._WARM.clear()
    for kind in ("paired", "cv5x2", "friedman"):
        args = () if kind == "friedman" else ("breast-cancer", "logistic", "naive_bayes")
        print(f"{kind:<10} run() alone {median(lambda: learners.run(kind, *args)):.3f} s")


if __name__ == "__main__":
    main()
