"""Evaluation-methods and bias-variance pages: server time of one control
change, under Streamlit's AppTest (in process, so what the server spends),
on first use of the new setting (caches cleared before each round; the
page run once at its defaults first and the methods page's warm-up done,
as on a server a few seconds after its start).
Prints the median over rounds per control; asserts nothing.

    python bench/methods.py [rounds]        # default 3 rounds

Targets (issue 21): every methods control <= 1 s, the truth study <= 5 s,
every bias-variance control <= 0.5 s.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import streamlit as st  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

METHODS = [                       # (what, session key, new value); applied in order, each kept
    ("learner -> logistic", "methods.learner", "logistic"),
    ("learner -> k-NN", "methods.learner", "knn"),
    ("neighbours 5 -> 6", "methods.neighbors", 6),
    ("learner -> tree", "methods.learner", "tree"),
    ("depth 3 -> 4", "methods.depth", 4),
    ("test fraction 0.3 -> 0.35", "methods.frac", 0.35),
    ("stratified off", "methods.stratify", False),
    ("k 10 -> 5", "methods.k", 5),
    ("repeats p 1 -> 2", "methods.p", 2),
    ("m 20 -> 50", "methods.m", 50),
    ("tuning step 1 -> 3", "methods.tune_stage", 2),
    ("data -> watermelon", "methods.fs", "watermelon"),
    ("data -> breast cancer", "methods.fs", "breast-cancer"),
]
TRUTH = ("truth study (run)", "methods.truth_on", (("tree", (("depth", 4),)), 50))   # Run, at the settings above
BIASVAR = [
    ("degree 3 -> 4", "biasvar.degree", 4),
    ("noise 0.3 -> 0.35", "biasvar.noise", 0.35),
    ("n 20 -> 30", "biasvar.n", 30),
    ("sets 200 -> 500", "biasvar.sets", 500),
    ("truth -> step", "biasvar.truth", "step"),
    ("mode -> steps", "biasvar.mode", "steps"),
    ("steps 100 -> 300", "biasvar.steps", 300),
]


def one_round(page: str, changes, extra=()):
    st.cache_data.clear()
    st.cache_resource.clear()
    if page == "pages/methods.py":
        from ui.parts import methods as experiments
        experiments._warm()        # what a server's warm-up thread has done in its first seconds (not timed)
    at = AppTest.from_file(str(ROOT / page), default_timeout=600)
    at.session_state["lang"] = "en"
    at.run()
    out = {}
    for what, key, value in list(changes) + list(extra):
        at.session_state[key] = value
        t0 = time.perf_counter()
        at.run()
        out[what] = time.perf_counter() - t0
        assert not at.exception, [e.value for e in at.exception]
    return out


def report(title, rounds, target):
    print(f"\n{title} (median of {len(rounds)} rounds, seconds; target <= {target} s)")
    for what in rounds[0]:
        med = statistics.median(r[what] for r in rounds)
        lim = 5.0 if what.startswith("truth study") else target
        print(f"  {what:28s} {med:7.2f}   {'ok' if med <= lim else 'MISSED'}")


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    report("evaluation methods", [one_round("pages/methods.py", METHODS, [TRUTH, ("n 50 -> 200 (stale)",
                                                                                  "methods.n", 200)])
                                  for _ in range(n)], 1.0)
    report("bias and variance", [one_round("pages/biasvar.py", BIASVAR) for _ in range(n)], 0.5)


if __name__ == "__main__":
    main()
