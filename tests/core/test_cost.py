"""Cost-optimal thresholds, cost-curve comparison, imbalance helpers."""
import numpy as np
import pytest

import evalcore as ec
from oracles import brute_cost_envelope


def brute_costs(y, s, p, c01, c10):
    """Expected cost of every threshold (and of predicting nothing), by counting."""
    y = np.asarray(y, bool)
    s = np.asarray(s, float)
    out = []
    for t in np.concatenate(([np.inf], np.unique(s)[::-1])):
        pred = s >= t
        fnr = (~pred & y).sum() / y.sum()
        fpr = (pred & ~y).sum() / (~y).sum()
        out.append((t, p * c01 * fnr + (1 - p) * c10 * fpr))
    return out


@pytest.mark.parametrize("p, c01, c10", [(0.5, 1, 1), (0.2, 5, 1), (0.7, 1, 3), (0.01, 100, 1),
                                         (0.0, 1, 1), (1.0, 1, 1), (0.5, 0, 1), (0.5, 1, 0)])
def test_optimal_threshold_is_the_brute_force_minimum(case, p, c01, c10):
    y, s = case
    tc = ec.threshold_counts(y, s)
    best = ec.optimal_threshold(tc, p=p, cost01=c01, cost10=c10)
    costs = brute_costs(y, s, p, c01, c10)
    assert best.cost == pytest.approx(min(c for _, c in costs), abs=1e-12)
    # its normalised cost is its cost line at x = P(+)cost, never below the envelope
    cc = tc.cost_curve()
    assert best.norm_cost == pytest.approx(np.interp(best.pc, cc.x, cc.envelope), abs=1e-9)
    at = ec.cost_at(tc, best.threshold if np.isfinite(best.threshold) else np.inf, p=p, cost01=c01, cost10=c10)
    assert at.cost == pytest.approx(best.cost)


def test_cost_at_matches_textbook_2_23_on_the_data_prior():
    y = np.array([1, 1, 1, 0, 0, 0, 0, 0])
    s = np.array([0.9, 0.4, 0.3, 0.8, 0.2, 0.1, 0.35, 0.05])
    tc = ec.threshold_counts(y, s)
    t = 0.35
    pt = ec.cost_at(tc, t, p=y.mean(), cost01=5, cost10=1)
    assert pt.cost == pytest.approx(ec.cost_sensitive_error(y, (s >= t).astype(int), 5, 1))
    assert pt.pc == pytest.approx(ec.probability_cost(y.mean(), 5, 1))
    assert pt.norm_cost == pytest.approx(ec.normalized_cost(pt.fpr, 1 - pt.tpr, y.mean(), 5, 1))


def test_both_costs_zero_is_refused():
    tc = ec.threshold_counts([1, 0], [0.6, 0.4])
    with pytest.raises(ec.DataError, match="cannot both be 0"):
        ec.optimal_threshold(tc, p=0.5, cost01=0, cost10=0)
    with pytest.raises(ec.DataError, match=r"p must be in \[0, 1\], got 1.5"):
        ec.optimal_threshold(tc, p=1.5, cost01=1, cost10=1)


def test_compare_cost_curves_segments_agree_with_brute_force():
    ps = __import__("evalcore.datasets", fromlist=["x"]).synthetic(3000, 1.5, 0.5, seed=3)
    a = ec.cost_curve(ps.y, ps.scores["A"])
    b = ec.cost_curve(ps.y, ps.scores["B"])
    cmp_ = ec.compare_cost_curves(a, b)
    assert cmp_.segments[0][0] == 0.0 and cmp_.segments[-1][1] == 1.0
    assert {w for *_, w in cmp_.segments} >= {ec.Better.FIRST, ec.Better.SECOND}       # the two models cross
    for x0, x1, w in cmp_.segments:
        xm = np.array([(x0 + x1) / 2])
        ya = brute_cost_envelope(a.fpr, a.fnr, xm)[0]
        yb = brute_cost_envelope(b.fpr, b.fnr, xm)[0]
        if w == ec.Better.FIRST:
            assert ya < yb
        elif w == ec.Better.SECOND:
            assert yb < ya


def test_one_model_dominating_everywhere():
    y = np.array([1, 1, 0, 0, 1, 0])
    a = ec.cost_curve(y, [0.9, 0.8, 0.1, 0.2, 0.7, 0.3])   # perfect
    b = ec.cost_curve(y, [0.9, 0.2, 0.1, 0.8, 0.7, 0.3])
    segs = ec.compare_cost_curves(a, b).segments
    assert all(w in (ec.Better.FIRST, ec.Better.EQUAL) for *_, w in segs)
    assert any(w == ec.Better.FIRST for *_, w in segs)


@pytest.mark.parametrize("method", ["under", "over"])
@pytest.mark.parametrize("rate", [0.05, 0.3, 0.5, 0.8])
def test_resample_reaches_the_rate_and_keeps_roc(method, rate):
    ps = __import__("evalcore.datasets", fromlist=["x"]).synthetic(20_000, 1.2, 0.2, seed=1)
    y2, s2 = ec.resample_to_rate(ps.y, ps.scores["A"], rate, method=method, seed=0)
    assert y2.mean() == pytest.approx(rate, abs=0.01)
    assert ec.roc_auc(y2, s2) == pytest.approx(ec.roc_auc(ps.y, ps.scores["A"]), abs=0.02)


def test_rescaling_the_cost_ratio_is_changing_the_prior(case):
    y, s = case
    tc = ec.threshold_counts(y, s)
    p_data, p_new, ratio = 0.4, 0.1, 3.0
    direct = ec.optimal_threshold(tc, p=p_new, cost01=ratio, cost10=1.0)
    via_ratio = ec.optimal_threshold(tc, p=p_data, cost01=ec.rescaled_cost_ratio(ratio, p_data, p_new), cost10=1.0)
    assert direct.index == via_ratio.index


def test_cost_line_sample_contains_the_hull():
    ps = __import__("evalcore.datasets", fromlist=["x"]).synthetic(10_000, 1.0, 0.5, seed=2)
    cc = ec.cost_curve(ps.y, ps.scores["A"])
    idx = ec.cost_line_sample(cc, max_lines=100)
    assert set(cc.hull) <= set(idx) and len(idx) <= 100 + len(cc.hull)
