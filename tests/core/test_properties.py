"""Properties that hold for every input (hypothesis)."""
import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import evalcore as ec
from oracles import pair_rank_loss

labels_scores = st.integers(2, 60).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, 1), min_size=n, max_size=n),
    st.lists(st.one_of(st.integers(-5, 5).map(float),
                       st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)),
             min_size=n, max_size=n)))


def both_classes(case):
    y, s = case
    return 0 < sum(y) < len(y)


@settings(max_examples=100, deadline=None)
@given(labels_scores.filter(both_classes))
def test_auc_equals_one_minus_rank_loss_and_u_statistic(case):
    y, s = map(np.asarray, case)
    auc = ec.roc_auc(y, s)
    assert abs(auc - (1 - ec.rank_loss(y, s))) < 1e-12
    assert abs(auc - (1 - pair_rank_loss(y, s))) < 1e-12
    from scipy.stats import mannwhitneyu
    u = mannwhitneyu(s[y == 1], s[y == 0]).statistic
    assert abs(auc - u / (y.sum() * (1 - y).sum())) < 1e-12


@settings(max_examples=75, deadline=None)
@given(labels_scores.filter(both_classes), st.sampled_from(["exp", "cube", "affine", "arctan"]))
def test_auc_invariant_under_increasing_transform(case, kind):
    y, s = map(np.asarray, case)
    s = np.clip(s, -50, 50)
    f = {"exp": np.exp, "cube": lambda v: v ** 3 + v, "affine": lambda v: 3 * v - 7,
         "arctan": np.arctan}[kind]
    t = f(s)
    # the transform must stay strictly increasing in floating point on these values
    u = np.unique(s)
    assume(np.all(np.diff(f(u)) > 0))
    assert abs(ec.roc_auc(y, s) - ec.roc_auc(y, t)) < 1e-12


@settings(max_examples=75, deadline=None)
@given(labels_scores.filter(both_classes))
def test_roc_monotone_from_origin_to_one_one(case):
    y, s = case
    r = ec.roc_curve(y, s)
    assert (r.fpr[0], r.tpr[0]) == (0.0, 0.0) and (r.fpr[-1], r.tpr[-1]) == (1.0, 1.0)
    assert np.all(np.diff(r.fpr) >= 0) and np.all(np.diff(r.tpr) >= 0)
    assert np.all(np.diff(r.thresholds) < 0) and r.thresholds[0] == np.inf
    assert len(r.fpr) == len(np.unique(s)) + 1


@settings(max_examples=75, deadline=None)
@given(labels_scores.filter(both_classes))
def test_expected_total_cost_bounds(case):
    y, s = case
    cc = ec.cost_curve(y, s)
    # The ROC hull always contains (0, 0) and (1, 1), so it lies on or above
    # the diagonal and the envelope is at most min(x, 1 - x): area <= 0.25.
    assert -1e-12 <= cc.expected_total_cost <= 0.25 + 1e-12


@settings(max_examples=100, deadline=None)
@given(labels_scores.filter(both_classes))
def test_flipping_scores_flips_auc(case):
    y, s = map(np.asarray, case)
    assert abs(ec.roc_auc(y, s) + ec.roc_auc(y, -s) - 1) < 1e-12


@settings(max_examples=100, deadline=None)
@given(labels_scores.filter(both_classes))
def test_ap_and_bep_in_unit_interval_and_pr_ends_at_positive_rate(case):
    y, s = map(np.asarray, case)
    c = ec.pr_curve(y, s)
    assert c.recall[-1] == 1.0 and abs(c.precision[-1] - y.mean()) < 1e-12
    assert 0 <= ec.average_precision(y, s) <= 1
    assert 0 <= ec.break_even_point(y, s) <= 1


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 50), st.integers(0, 50), st.integers(0, 50), st.integers(0, 50)),
                min_size=1, max_size=6))
def test_micro_equals_pooled_counts(rows):
    cl = [ec.Counts(*r) for r in rows]
    mm = ec.macro_micro(cl)
    tp, fp, fn = (sum(c[i] for c in cl) for i in (0, 1, 3))
    pooled = ec.measures(ec.Counts(tp, fp, 0, fn))
    for a, b in ((mm.micro_p, pooled.precision), (mm.micro_r, pooled.recall)):
        assert (np.isnan(a) and np.isnan(b)) or abs(a - b) < 1e-12
