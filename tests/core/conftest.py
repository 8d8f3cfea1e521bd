"""Fixtures of the evalcore tests: random labelled cases, tied or not."""
import numpy as np
import pytest


def random_case(rng, n, ties):
    """Labels with both classes and scores, heavily tied when ``ties``."""
    while True:
        y = rng.random(n) < rng.uniform(0.1, 0.9)
        if 0 < y.sum() < n:
            break
    if ties:
        s = rng.integers(0, max(2, n // 4), n).astype(float) / 4
    else:
        s = rng.standard_normal(n) + y * rng.uniform(0, 2)
    return y.astype(int), s


@pytest.fixture(params=[(n, ties, seed) for n in (2, 7, 50, 400) for ties in (False, True) for seed in range(3)],
                ids=lambda p: f"n{p[0]}-{'ties' if p[1] else 'noties'}-s{p[2]}")
def case(request):
    n, ties, seed = request.param
    return random_case(np.random.default_rng(1000 * n + seed + ties), n, ties)
