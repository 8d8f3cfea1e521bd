"""Speed of evalcore's curves, as ratios measured in one process.

    python bench/curves.py            # n = 1e5, 1e6, 1e7 (a few minutes)
    python bench/curves.py --quick    # n = 1e5, 1e6

For each n and each score kind (random; heavily tied: 100 distinct values),
median of 5 runs, it prints:

* ``roc_curve``, ``pr_curve``, ``roc_auc``, ``average_precision``: evalcore vs
  scikit-learn (``roc_curve(drop_intermediate=False)``,
  ``precision_recall_curve``, ``roc_auc_score``, ``average_precision_score``)
  and vs a bare ``np.argsort`` / ``np.sort`` of the scores;
* "four together": one ``threshold_counts`` then the four results from it,
  vs scikit-learn's four calls;
* one threshold change (``ThresholdCounts.at`` + ``measures``) at n = 1e6;
* ``cost_curve`` (envelope and exact area) at n = 1e6;
* ``load_predictions`` of a 1e6-row, two-score-column CSV given as bytes.

Targets (issue 2): roc_curve >= 2x faster than scikit-learn at every n and
>= 3x at 1e7, and <= 1.5x a bare argsort at 1e7; four together >= 5x faster
than scikit-learn's four; threshold change < 20 us; CSV load < 0.5 s;
cost curve at 1e6 < 0.5 s (issue 4).
Timings are printed, never asserted by the test suite.
"""
from __future__ import annotations

import io
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import median_s  # noqa: E402
import evalcore as ec  # noqa: E402
from sklearn import metrics as skm  # noqa: E402

REPEATS = 5


def data(n: int, kind: str, rng):
    y = rng.random(n) < 0.3
    s = rng.standard_normal(n) + y
    if kind == "tied":
        s = np.round(s * 16) / 16          # ~100 distinct values
    return y, s


def four_evalcore(y, s):
    tc = ec.threshold_counts(y, s)
    return tc.roc_curve(), tc.pr_curve(), tc.roc_auc(), tc.average_precision()


def four_sklearn(y, s):
    return (skm.roc_curve(y, s, drop_intermediate=False), skm.precision_recall_curve(y, s),
            skm.roc_auc_score(y, s), skm.average_precision_score(y, s))


def bench_curves(sizes):
    rng = np.random.default_rng(0)
    pairs = {
        "roc_curve": (ec.roc_curve, lambda y, s: skm.roc_curve(y, s, drop_intermediate=False)),
        "pr_curve": (ec.pr_curve, skm.precision_recall_curve),
        "roc_auc": (ec.roc_auc, skm.roc_auc_score),
        "average_precision": (ec.average_precision, skm.average_precision_score),
        "four together": (four_evalcore, four_sklearn),
    }
    print(f"{'n':>10} {'scores':>7} {'function':>18} {'evalcore s':>11} {'sklearn s':>10} "
          f"{'sk/ec':>7} {'ec/argsort':>10} {'ec/sort':>8}")
    verdicts = []
    for n in sizes:
        for kind in ("random", "tied"):
            y, s = data(n, kind, rng)
            t_argsort = median_s(lambda: np.argsort(s))
            t_sort = median_s(lambda: np.sort(s))
            for name, (ours, theirs) in pairs.items():
                t_ec = median_s(lambda: ours(y, s))
                t_sk = median_s(lambda: theirs(y, s), repeats=3 if n >= 10**7 else REPEATS)
                print(f"{n:>10,} {kind:>7} {name:>18} {t_ec:>11.4f} {t_sk:>10.4f} "
                      f"{t_sk / t_ec:>7.1f} {t_ec / t_argsort:>10.2f} {t_ec / t_sort:>8.2f}")
                if name == "roc_curve":
                    need = 3.0 if n >= 10**7 else 2.0
                    verdicts.append((f"roc_curve n={n:.0e} {kind}: sk/ec >= {need}", t_sk / t_ec >= need))
                    if n >= 10**7:
                        verdicts.append((f"roc_curve n={n:.0e} {kind}: ec/argsort <= 1.5",
                                         t_ec / t_argsort <= 1.5))
                if name == "four together":
                    verdicts.append((f"four together n={n:.0e} {kind}: sk/ec >= 5", t_sk / t_ec >= 5))
    return verdicts


def bench_threshold_change():
    rng = np.random.default_rng(1)
    y, s = data(10**6, "random", rng)
    tc = ec.threshold_counts(y, s)
    ts = rng.standard_normal(20_000)
    t0 = time.perf_counter()
    for t in ts:
        ec.measures(tc.at(t), beta=1.0)
    per = (time.perf_counter() - t0) / ts.shape[0]
    print(f"\none threshold change (counts + measures), n = 1e6: {per * 1e6:.2f} us")
    return [("threshold change < 20 us", per < 20e-6)]


def bench_cost_curve():
    rng = np.random.default_rng(3)
    out = []
    for kind in ("random", "tied"):
        y, s = data(10**6, kind, rng)
        t = median_s(lambda: ec.cost_curve(y, s))
        cc = ec.cost_curve(y, s)
        print(f"cost_curve (envelope + exact area), n = 1e6 {kind}: {t:.3f} s "
              f"({len(cc.fpr):,} lines, {len(cc.hull)} on the hull)")
        out.append((f"cost_curve n=1e6 {kind} < 0.5 s", t < 0.5))
    return out


def bench_load():
    rng = np.random.default_rng(2)
    n = 10**6
    y = (rng.random(n) < 0.3).astype(int)
    buf = io.StringIO()
    np.savetxt(buf, np.column_stack([y, rng.random(n), rng.standard_normal(n)]),
               fmt=["%d", "%.6f", "%.6f"], delimiter=",", header="y_true,model_a,model_b", comments="")
    raw = buf.getvalue().encode()
    t = median_s(lambda: ec.load_predictions(raw))
    print(f"load_predictions, 1e6 rows x 2 score columns ({len(raw) / 2**20:.1f} MiB of bytes): {t:.3f} s")
    return [("load 1e6-row CSV < 0.5 s", t < 0.5)]


def main():
    quick = "--quick" in sys.argv
    sizes = (10**5, 10**6) if quick else (10**5, 10**6, 10**7)
    print(f"numpy {np.__version__}; scikit-learn {__import__('sklearn').__version__}; median of {REPEATS}\n")
    verdicts = bench_curves(sizes)
    verdicts += bench_threshold_change()
    verdicts += bench_cost_curve()
    verdicts += bench_load()
    print("\ntargets:")
    for text, ok in verdicts:
        print(f"  [{'ok' if ok else 'MISSED'}] {text}")


if __name__ == "__main__":
    main()
