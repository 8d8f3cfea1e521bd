"""evalcore.intervals against statsmodels' proportion_confint."""
import math

import pytest
from statsmodels.stats.proportion import proportion_confint

import evalcore as ec


@pytest.mark.parametrize("method,sm", [("wilson", "wilson"), ("clopper-pearson", "beta")])
@pytest.mark.parametrize("k,n", [(0, 1), (1, 1), (0, 10), (3, 10), (10, 10), (8, 10), (1, 200), (150, 200),
                                 (499, 1000), (7, 3000)])
@pytest.mark.parametrize("level", [0.9, 0.95, 0.99])
def test_proportion_interval_matches_statsmodels(k, n, method, sm, level):
    ci = ec.proportion_interval(k, n, confidence_level=level, method=method)
    low, high = proportion_confint(k, n, alpha=1 - level, method=sm)
    assert ci.low == pytest.approx(low, abs=1e-12)
    assert ci.high == pytest.approx(high, abs=1e-12)
    assert ci.low <= k / n <= ci.high


def test_proportion_interval_empty_and_bad_input():
    assert all(math.isnan(v) for v in ec.proportion_interval(0, 0))
    with pytest.raises(ec.DataError, match="method"):
        ec.proportion_interval(1, 2, method="wald")
    with pytest.raises(ec.DataError, match="confidence_level"):
        ec.proportion_interval(1, 2, confidence_level=1.0)
    with pytest.raises(ec.DataError, match="k must be in"):
        ec.proportion_interval(3, 2)
