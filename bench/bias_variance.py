"""Bias-variance page speed: one slider move fits 200 training sets at one
degree and evaluates them at 200 points; the complexity curve does all 16
degrees.  Batched QR (evalcore.simulate_fits) against a plain per-set
np.polyfit loop.  Prints medians and ratios; asserts nothing.

    python bench/bias_variance.py
"""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import median_s  # noqa: E402
import evalcore as ec  # noqa: E402

SETS, POINTS, N = 200, 200, 20


def polyfit_loop(degree):
    sim = ec.simulate_fits(truth="sin", n_train=N, n_sets=SETS, degree=0, n_points=POINTS, seed=0)   # same data
    x = np.linspace(0, 1, POINTS)
    pred = np.array([np.polyval(np.polyfit(a, b, degree), x) for a, b in zip(sim.train_x, sim.train_y)])
    return ec.bias_variance(pred, ec.TRUTHS["sin"](x), noise=0.09)


def main():
    print(f"{SETS} training sets of {N} points, evaluated at {POINTS} points (median of 7)\n")
    print(f"{'degree':>6} {'batched QR':>11} {'polyfit loop':>13} {'ratio':>6}")
    worst = 0.0
    for d in (1, 3, 9, 15):
        a = 1000 * median_s(lambda: ec.simulate_fits(truth="sin", n_train=N, n_sets=SETS, degree=d, n_points=POINTS,
                                                     seed=0))
        b = 1000 * median_s(lambda: polyfit_loop(d))
        worst = max(worst, a)
        print(f"{d:>6} {a:9.1f} ms {b:11.1f} ms {b / a:5.1f}x")
    c = 1000 * median_s(lambda: ec.complexity_curve(truth="sin", n_train=N, n_sets=SETS, n_points=POINTS, seed=0),
                        repeats=3)
    g = 1000 * median_s(lambda: ec.training_curve(truth="sin", n_train=N, n_sets=SETS, n_points=POINTS, seed=0),
                        repeats=3)
    print(f"\ncomplexity curve, degrees 0-15: {c:.0f} ms;  training curve, 11 step counts: {g:.0f} ms")
    print(f"\ntarget: a slider move <= 150 ms   [{'ok' if worst <= 150 else 'MISSED'}] (worst {worst:.1f} ms)")


if __name__ == "__main__":
    main()
