"""Curves and areas against scikit-learn, pair counting and the seeds' worked examples."""
import numpy as np
import pytest
from sklearn import metrics as skm

import evalcore as ec
from evalcore import datasets
from oracles import bep_reference, brute_cost_envelope, brute_counts, pair_rank_loss, rank_sum_auc

SEEDS = [(datasets.seed_nine, 0.4), (datasets.seed_five, 5 / 6), (datasets.seed_four, 0.75)]


@pytest.mark.parametrize("make, auc", SEEDS, ids=["seed9", "seed5", "seed4"])
def test_seed_worked_examples(make, auc):
    ps = make()
    s = next(iter(ps.scores.values()))
    assert ec.roc_auc(ps.y, s) == pytest.approx(auc, abs=1e-12)
    assert ec.rank_loss(ps.y, s) == pytest.approx(1 - auc, abs=1e-12)
    assert rank_sum_auc(ps.y, s) == pytest.approx(auc, abs=1e-12)


def test_seed_nine_points_are_the_books():
    # Seed 002 walks the table: first cut (nothing positive) (0, 0); x5 is
    # negative -> (0.2, 0); x2 positive -> (0.2, 0.25); ... -> (1, 1).
    ps = datasets.seed_nine()
    r = ec.roc_curve(ps.y, ps.scores["P(+)"])
    assert r.fpr.tolist() == pytest.approx([0, .2, .2, .4, .6, .6, .8, .8, .8, 1])
    assert r.tpr.tolist() == pytest.approx([0, 0, .25, .25, .25, .5, .5, .75, 1, 1])
    assert r.thresholds[0] == np.inf


def test_roc_matches_sklearn_without_dropping(case):
    y, s = case
    r = ec.roc_curve(y, s)
    fpr, tpr, thr = skm.roc_curve(y, s, drop_intermediate=False)
    np.testing.assert_allclose(r.fpr, fpr)
    np.testing.assert_allclose(r.tpr, tpr)
    np.testing.assert_array_equal(r.thresholds[1:], thr[1:])
    assert r.thresholds[0] == np.inf
    assert r.auc == pytest.approx(skm.roc_auc_score(y, s), abs=1e-12)


def test_auc_and_rank_loss_against_pair_counting(case):
    y, s = case
    assert ec.rank_loss(y, s) == pytest.approx(pair_rank_loss(y, s), abs=1e-12)
    assert ec.roc_auc(y, s) == pytest.approx(1 - pair_rank_loss(y, s), abs=1e-12)


def test_pr_curve_matches_sklearn(case):
    y, s = case
    c = ec.pr_curve(y, s)
    p, r, thr = skm.precision_recall_curve(y, s)
    # scikit-learn: increasing thresholds plus a final (R=0, P=1) point.
    np.testing.assert_allclose(c.precision, p[:-1][::-1])
    np.testing.assert_allclose(c.recall, r[:-1][::-1])
    np.testing.assert_array_equal(c.thresholds, thr[::-1])
    assert c.recall[-1] == 1.0 and c.precision[-1] == pytest.approx(np.mean(y))


def test_average_precision_matches_sklearn(case):
    y, s = case
    assert ec.average_precision(y, s) == pytest.approx(skm.average_precision_score(y, s), abs=1e-12)


def test_counts_at_any_threshold(case):
    y, s = case
    tc = ec.threshold_counts(y, s)
    for t in np.concatenate((np.unique(s), np.unique(s) + 1e-9, [-np.inf, np.inf, s.min() - 1])):
        assert tuple(tc.at(t)) == brute_counts(y, s, t)
        assert tuple(ec.binary_counts(y, s, t)) == brute_counts(y, s, t)
        i = tc.index_of(t)
        assert (tc.tp[i], tc.fp[i]) == brute_counts(y, s, t)[:2]


def test_confusion_at_threshold_matches_sklearn(case):
    y, s = case
    t = float(np.median(s))
    tp, fp, tn, fn = ec.binary_counts(y, s, t)
    cm = skm.confusion_matrix(y, (s >= t).astype(int), labels=[1, 0])
    assert [[tp, fn], [fp, tn]] == cm.tolist()


def test_bep_is_precision_of_top_m_pos_without_tie(case):
    y, s = case
    ref = bep_reference(y, s)
    if ref is not None:
        assert ec.break_even_point(y, s) == pytest.approx(ref, abs=1e-12)
    assert 0.0 <= ec.break_even_point(y, s) <= 1.0


def test_bep_interpolates_across_a_tie():
    # m+ = 2; ranks 2 and 3 tie.  Cuts: {a} P=1, R=.5; {a,b,c} P=2/3, R=1.
    # P - R goes from 0.5 to -1/3; crossing at t = 0.5 / (0.5 + 1/3) = 0.6:
    # P = 1 + 0.6 (2/3 - 1) = 0.8.
    y = [1, 1, 0, 0]
    s = [0.9, 0.5, 0.5, 0.1]
    assert ec.break_even_point(y, s) == pytest.approx(0.8)


def test_bep_all_scores_equal_is_positive_rate():
    assert ec.break_even_point([1, 0, 0, 0], [0.3] * 4) == pytest.approx(0.25)


def test_cost_curve_envelope_is_the_minimum_of_all_lines(case):
    y, s = case
    cc = ec.cost_curve(y, s)
    x = np.linspace(0, 1, 2001)
    brute = brute_cost_envelope(cc.fpr, cc.fnr, x)
    np.testing.assert_allclose(np.interp(x, cc.x, cc.envelope), brute, atol=1e-12)
    np.testing.assert_allclose(brute_cost_envelope(cc.fpr, cc.fnr, cc.x), cc.envelope, atol=1e-12)
    fine = np.linspace(0, 1, 200001)
    area = np.trapezoid(brute_cost_envelope(cc.fpr, cc.fnr, fine), fine)
    assert cc.expected_total_cost == pytest.approx(area, abs=1e-6)
    assert cc.x[0] == 0 and cc.x[-1] == 1 and np.all(np.diff(cc.x) > 0)


@pytest.mark.parametrize("s, area", [([0.9, 0.8, 0.2, 0.1], 0.0), ([0.5, 0.5, 0.5, 0.5], 0.25)],
                         ids=["perfect", "useless"])
def test_cost_curve_extremes(s, area):
    assert ec.cost_curve([1, 1, 0, 0], s).expected_total_cost == pytest.approx(area)


def test_probability_and_normalized_cost_formulas():
    # (2.24), (2.25) by hand: p = 0.3, cost01 = 4, cost10 = 1.
    assert ec.probability_cost(0.3, 4, 1) == pytest.approx(1.2 / (1.2 + 0.7))
    assert ec.normalized_cost(0.2, 0.1, 0.3, 4, 1) == pytest.approx((0.1 * 1.2 + 0.2 * 0.7) / 1.9)
    # The normalised cost of an ROC point is its cost line at x = P(+)cost.
    x = ec.probability_cost(0.3, 4, 1)
    assert ec.normalized_cost(0.2, 0.1, 0.3, 4, 1) == pytest.approx(0.2 * (1 - x) + 0.1 * x)


def test_convex_hull_drops_concave_and_collinear_points():
    fpr = [0, 0, 0.5, 0.5, 1]
    tpr = [0, 0.5, 0.5, 0.75, 1]
    assert ec.roc_convex_hull(fpr, tpr).tolist() == [0, 1, 4]


@pytest.mark.parametrize("fn", [ec.roc_curve, ec.roc_auc, ec.rank_loss, ec.pr_curve,
                                ec.average_precision, ec.break_even_point, ec.cost_curve,
                                ec.threshold_counts])
class TestCurveErrors:
    def test_one_class(self, fn):
        with pytest.raises(ec.DataError, match="at least one positive and one negative"):
            fn([1, 1, 1], [0.1, 0.2, 0.3])

    def test_length_mismatch(self, fn):
        with pytest.raises(ec.DataError, match="y_true has 3 values but scores has 2"):
            fn([1, 0, 1], [0.1, 0.2])

    def test_non_finite(self, fn):
        with pytest.raises(ec.DataError, match="finite numbers; found nan at position 1"):
            fn([1, 0], [0.1, np.nan])

    def test_bad_label(self, fn):
        with pytest.raises(ec.DataError, match="found 2 at position 2"):
            fn([1, 0, 2], [0.1, 0.2, 0.3])

    def test_data_error_is_value_error(self, fn):
        with pytest.raises(ValueError):
            fn([], [])
