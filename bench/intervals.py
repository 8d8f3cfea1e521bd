"""Speed of the intervals, bands, k-model tests and the tests' simulation.

    python bench/intervals.py

Medians of repeated runs (timings printed, never asserted by the tests):

* one threshold move at 10^4 rows: the intervals the confusion page shows
  (accuracy, error, P, R by Wilson; F1 and F-beta by bootstrap percentile and
  BCa, 1000 resamples) read from the resampled-once cumulative counts, vs a
  naive loop that draws the 1000 resamples and recounts at each move
  (``scipy.stats.bootstrap`` with a vectorised F1 statistic);
  target (issue 24): <= 30 ms per move;
* ``bootstrap_counts`` (the once-per-model cost) at 10^4, 10^5, 10^6 rows;
* ROC and P-R bands at 10^6 rows (bounded: 1000 resamples x <= 1000 kept
  thresholds, 101 / 100 grid points);
* ``delong_pairwise`` for 10 models at 10^4 rows;
* ``simulate_tests`` at the page's settings (target: a few thousand
  replications <= 5 s).
"""
from __future__ import annotations

import statistics
import sys
from pathlib import Path

import numpy as np
from scipy import stats

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import median_s  # noqa: E402
import evalcore as ec  # noqa: E402


def data(n, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.3
    return y, rng.normal(size=n) + 1.2 * y


def page_intervals(bc, tc, thr, beta=2.0):
    c = tc.at(thr)
    n = c.tp + c.fp + c.tn + c.fn
    out = [ec.proportion_interval(k, m) for k, m in ((c.tp + c.tn, n), (c.fp + c.fn, n), (c.tp, c.tp + c.fp),
                                                     (c.tp, c.tp + c.fn))]
    for method in ("percentile", "bca"):
        out += [bc.f_interval(thr, beta=1.0, method=method), bc.f_interval(thr, beta=beta, method=method)]
    return out


def naive_move(y, s, thr, b=1000):
    def f1(yy, ss, axis=-1):
        pred = ss >= thr
        tp = np.sum(pred & yy, axis=axis)
        return 2 * tp / (2 * tp + np.sum(pred & ~yy, axis=axis) + np.sum(~pred & yy, axis=axis))
    return stats.bootstrap((y, s), f1, paired=True, n_resamples=b, method="percentile", vectorized=True,
                           batch=100, rng=np.random.default_rng(0)).confidence_interval


def main():
    rows = []
    y, s = data(10_000)
    tc = ec.threshold_counts(y, s)
    bc = ec.bootstrap_counts(y, s, n_resamples=1000, grid=1000)
    thrs = np.quantile(s, np.linspace(0.05, 0.95, 40))
    per = [median_s(lambda t=t: page_intervals(bc, tc, t), repeats=3) for t in thrs]
    move = statistics.median(per)
    naive = median_s(lambda: naive_move(y, s, float(thrs[20])), repeats=3)
    rows.append(("threshold move, 10^4 rows: 12 intervals (4 Wilson, 8 bootstrap)", move))
    rows.append(("naive: scipy.stats.bootstrap of F1 alone per move, 10^4 rows", naive))
    print(f"ratio naive / resample-once: {naive / move:,.0f}x (the naive one computes 1 interval, ours 12)")
    for n in (10_000, 100_000, 1_000_000):
        yy, ss = data(n, 1)
        rows.append((f"bootstrap_counts once per model, {n:,} rows", median_s(
            lambda: ec.bootstrap_counts(yy, ss, n_resamples=1000, grid=1000), repeats=3)))
    big = ec.bootstrap_counts(yy, ss, n_resamples=1000, grid=1000)
    rows.append(("ROC band + P-R band, 10^6 rows", median_s(lambda: (big.roc_band(), big.pr_band()), repeats=3)))
    rng = np.random.default_rng(2)
    scores = [s + rng.normal(scale=0.5 + 0.1 * i, size=s.shape[0]) for i in range(10)]
    rows.append(("delong_pairwise, 10 models, 10^4 rows", median_s(lambda: ec.delong_pairwise(y, scores),
                                                                        repeats=3)))
    for reps, n in ((1000, 100), (2000, 100), (4000, 100), (4000, 200)):
        rows.append((f"simulate_tests {reps} replications, n = {n}", median_s(
            lambda: ec.simulate_tests(replications=reps, n=n), repeats=3)))
    print(f"{'what':<68} {'median':>10}")
    for name, sec in rows:
        print(f"{name:<68} {sec * 1e3:>8.1f} ms")


if __name__ == "__main__":
    main()
