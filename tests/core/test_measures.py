"""Measures, macro/micro, confusion matrices and kappa against scikit-learn and the seeds."""
import math

import numpy as np
import pytest
from sklearn import metrics as skm

import evalcore as ec
from evalcore import datasets


@pytest.mark.parametrize("seed", range(20))
def test_measures_match_sklearn(seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, 60)
    p = rng.integers(0, 2, 60)
    c = ec.Counts(int((p & y).sum()), int((p & ~y & 1).sum()), int((~p & ~y & 1).sum()), int((~p & 1 & y).sum()))
    beta = float(rng.uniform(0.2, 4))
    m = ec.measures(c, beta=beta)
    assert m.accuracy == pytest.approx(skm.accuracy_score(y, p))
    assert m.error_rate == pytest.approx(1 - skm.accuracy_score(y, p))
    assert m.precision == pytest.approx(skm.precision_score(y, p, zero_division=np.nan))
    assert m.recall == pytest.approx(skm.recall_score(y, p))
    assert m.f1 == pytest.approx(skm.f1_score(y, p))
    assert m.f_beta == pytest.approx(skm.fbeta_score(y, p, beta=beta))
    assert m.tpr == m.recall
    assert m.fpr == pytest.approx(1 - skm.recall_score(1 - y, 1 - p))
    assert m.fnr == pytest.approx(1 - m.tpr) and m.tnr == pytest.approx(1 - m.fpr)


def test_zero_denominators_are_nan_not_zero():
    m = ec.measures(ec.Counts(tp=0, fp=0, tn=5, fn=3))   # nothing predicted positive
    assert math.isnan(m.precision)
    assert m.recall == 0.0 and m.f1 == 0.0
    m = ec.measures(ec.Counts(tp=0, fp=2, tn=5, fn=0))   # no positives at all
    assert math.isnan(m.recall) and math.isnan(m.tpr) and m.precision == 0.0
    m = ec.measures(ec.Counts(0, 0, 5, 0))
    assert math.isnan(m.f1) and math.isnan(m.f_beta)


def test_accuracy_paradox_numbers():
    # 1% positives, "predict all negative": accuracy 0.99, recall 0.
    m = ec.measures(ec.Counts(tp=0, fp=0, tn=9900, fn=100))
    assert m.accuracy == pytest.approx(0.99) and m.recall == 0.0


def test_bad_beta_message():
    with pytest.raises(ec.DataError, match=r"beta must be in \(0, inf\), got -1"):
        ec.measures(ec.Counts(1, 1, 1, 1), beta=-1)


def test_macro_micro_textbook_definitions():
    c1, c2 = ec.Counts(8, 2, 85, 5), ec.Counts(1, 0, 90, 9)
    mm = ec.macro_micro([c1, c2])
    p1, r1, p2, r2 = 0.8, 8 / 13, 1.0, 0.1
    assert mm.macro_p == pytest.approx((p1 + p2) / 2)
    assert mm.macro_r == pytest.approx((r1 + r2) / 2)
    assert mm.macro_f1 == pytest.approx(2 * mm.macro_p * mm.macro_r / (mm.macro_p + mm.macro_r))
    assert mm.micro_p == pytest.approx(4.5 / (4.5 + 1))
    assert mm.micro_r == pytest.approx(4.5 / (4.5 + 7))
    f1s = [2 * p1 * r1 / (p1 + r1), 2 * p2 * r2 / (p2 + r2)]
    assert mm.mean_f1 == pytest.approx(np.mean(f1s))
    assert abs(mm.mean_f1 - mm.macro_f1) > 0.05   # the two "macro-F1"s differ


def test_one_vs_rest_macro_matches_sklearn_averages():
    rng = np.random.default_rng(3)
    yt = rng.integers(0, 4, 300)
    yp = np.where(rng.random(300) < 0.6, yt, rng.integers(0, 4, 300))
    mm = ec.macro_micro(ec.one_vs_rest(ec.confusion_matrix(yt, yp)))
    assert mm.macro_p == pytest.approx(skm.precision_score(yt, yp, average="macro"))
    assert mm.macro_r == pytest.approx(skm.recall_score(yt, yp, average="macro"))
    assert mm.mean_f1 == pytest.approx(skm.f1_score(yt, yp, average="macro"))
    assert mm.micro_f1 == pytest.approx(skm.f1_score(yt, yp, average="micro"))


@pytest.mark.parametrize("labels", [None, ["c", "a", "b"], ["a", "b"], ["b", "z", "a"]])
def test_confusion_matrix_matches_sklearn(labels):
    rng = np.random.default_rng(0)
    yt = rng.choice(list("abc"), 100)
    yp = rng.choice(list("abc"), 100)
    np.testing.assert_array_equal(ec.confusion_matrix(yt, yp, labels=labels),
                                  skm.confusion_matrix(yt, yp, labels=labels))


def test_kappa_seed_003_example_is_0_4():
    ls = datasets.kappa_example()
    cm = ec.confusion_matrix(ls.y_true, ls.y_pred, labels=["1", "0"])
    assert cm.tolist() == [[20, 10], [5, 15]]
    k = ec.kappa_parts(cm)
    assert (k.p_o, k.p_e) == (pytest.approx(0.7), pytest.approx(0.5))
    assert ec.cohen_kappa(cm) == pytest.approx(0.4)


@pytest.mark.parametrize("seed", range(5))
def test_kappa_matches_sklearn(seed):
    rng = np.random.default_rng(seed)
    yt = rng.integers(0, 3, 80)
    yp = np.where(rng.random(80) < 0.5, yt, rng.integers(0, 3, 80))
    assert ec.cohen_kappa(ec.confusion_matrix(yt, yp)) == pytest.approx(skm.cohen_kappa_score(yt, yp))


def test_cost_sensitive_error_textbook_2_23():
    y = [1, 1, 1, 0, 0]
    pred = [0, 1, 0, 1, 0]   # two false negatives, one false positive
    assert ec.cost_sensitive_error(y, pred, cost01=5, cost10=1) == pytest.approx((2 * 5 + 1) / 5)
    with pytest.raises(ec.DataError, match="cannot both be 0"):
        ec.cost_sensitive_error(y, pred, 0, 0)
