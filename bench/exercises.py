"""Exercises page: the Friedman forms' rejection-rate simulation (exercise
2.10) and the other computations a control change runs.  Prints medians;
asserts nothing.

    python bench/exercises.py

Target (issue 23): 10,000 null replications in under a second for k = 4, N = 10.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import evalcore as ec  # noqa: E402
from timing import median_s  # noqa: E402

CASES = [
    ("2.10: 10,000 null replications, k = 4, N = 10", 1.0,
     lambda: ec.friedman_rejection_rates(4, [10], replications=10_000)),
    ("2.10: the page's curve, k = 8, 9 values of N x 3,000", 1.0,
     lambda: ec.friedman_rejection_rates(8, [3, 4, 5, 7, 10, 15, 20, 30, 50], replications=3000)),
    ("2.2: 10-fold and leave-one-out, 200 samples, 1-NN", 0.5,
     lambda: ec.cv_versus_loo(*ec.toy_data(100, 100), learner="1nn")),
    ("2.3: a counter-example search", 0.5, lambda: ec.f1_bep_counterexample(seed=7)),
    ("2.1: the exact count at 5,000 + 5,000", 0.5, lambda: str(ec.holdout_count(5000, 5000, 0.5).stratified)),
]


def main():
    print(f"{'what':58s} {'median':>10s}  target")
    for what, target, fn in CASES:
        t = median_s(fn)
        print(f"{what:58s} {1000 * t:8.1f} ms  <= {target:g} s  [{'ok' if t <= target else 'MISSED'}]")


if __name__ == "__main__":
    main()
