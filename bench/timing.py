"""The one timing helper of the benches: the median wall time of a call."""
from __future__ import annotations

import statistics
import time


def median_s(fn, repeats: int = 5) -> float:
    """Median seconds of ``repeats`` calls of ``fn()``."""
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)
