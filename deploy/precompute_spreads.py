"""Compute the evaluation-methods page's hold-out and k-fold spreads for
every built-in data set and learner setting, and write them to
assets/precomputed/methods_spreads.npz (shipped with the app, so a learner
switch or a depth notch costs no training at run time).  Run it again after
changing ui/experiments.py's FRACTIONS, KS, HOLDOUT_REPEATS, CV_REPEATS or a
learner.  A maintainer's build step (it imports the ui package).

    python deploy/precompute_spreads.py
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from ui import experiments as ex  # noqa: E402
from ui.data import FEATURE_SOURCES, feature_set  # noqa: E402

LEARNERS = ([("logistic", ())] + [("tree", (("depth", d),)) for d in range(1, 13)]
            + [("knn", (("neighbors", k),)) for k in range(1, 26)])


def main():
    out = {}
    t0 = time.perf_counter()
    for fs_name in ("breast-cancer", *(f for f in FEATURE_SOURCES if f != "breast-cancer")):
        fs = feature_set(fs_name)
        for learner in LEARNERS:
            lid = ex.learner_id(learner)
            for strat in (True, False):
                out[f"holdout|{fs_name}|{lid}|{int(strat)}"] = ex.holdout_spread_plain(fs, learner, strat)
            out[f"cv|{fs_name}|{lid}"] = ex.cv_by_k_plain(fs, learner)
            print(f"{time.perf_counter() - t0:7.0f} s  {fs_name} {lid}", flush=True)
    ex.SHIPPED.parent.mkdir(parents=True, exist_ok=True)
    tmp = ex.SHIPPED.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, **{k: v.astype(np.float32) for k, v in out.items()})
    tmp.replace(ex.SHIPPED)
    print(f"wrote {ex.SHIPPED} ({ex.SHIPPED.stat().st_size / 1024:.0f} kB, {len(out)} arrays)")


if __name__ == "__main__":
    main()
