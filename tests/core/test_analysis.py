"""ROC steps, AUC four ways, pair grid, best F, enclosure and curve reduction."""
import numpy as np
import pytest
from sklearn import metrics as skm

import evalcore as ec
from evalcore import datasets
from oracles import pair_rank_loss


def test_auc_four_ways_agree_and_match_sklearn(case):
    y, s = case
    four = ec.auc_four_ways(ec.threshold_counts(y, s))
    ref = skm.roc_auc_score(y, s)
    for v in (four.trapezoid, four.one_minus_rank_loss, four.rank_gain, four.rank_sum):
        assert v == pytest.approx(ref, abs=1e-12)
    assert four.max_difference() < 1e-12


def test_seed_four_rank_sum_is_the_notes_example():
    # seed 002: ranks (ascending) of the positives X4, X3 are 4 and 2:
    # AUC = (2 + 4 - 2*3/2) / (2*2) = 0.75
    ps = datasets.seed_four()
    four = ec.auc_four_ways(ec.threshold_counts(ps.y, ps.scores["P(+|x)"]))
    assert four.rank_sum_total == 6 and four.rank_sum == 0.75


def test_roc_steps_walk_the_seed_nine_table():
    ps = datasets.seed_nine()
    st = ec.roc_steps(ec.threshold_counts(ps.y, ps.scores["P(+)"]))
    assert st.n_steps == 9
    assert st.kind.tolist() == ["start", "right", "up", "right", "right", "up", "right", "up", "up", "right"]
    assert st.cum_area[-1] == pytest.approx(0.4)
    assert st.area.sum() == pytest.approx(0.4)


def test_roc_steps_tie_moves_diagonally():
    st = ec.roc_steps(ec.threshold_counts([1, 0, 1, 0], [0.5, 0.5, 0.9, 0.1]))
    assert st.kind.tolist() == ["start", "up", "diagonal", "right"]
    assert st.area[2] == pytest.approx(0.5 * (0.5 + 1.0) / 2)


def test_ranked_samples_and_steps():
    r = ec.ranked_samples([0, 1, 1, 0], [0.2, 0.9, 0.2, 0.5])
    assert r.order.tolist() == [1, 3, 0, 2]
    assert r.step.tolist() == [1, 2, 3, 3]


def test_pair_grid_mean_is_rank_loss(case):
    y, s = case
    g = ec.rank_pair_grid(y, s)
    assert g.penalty.shape == (int(np.sum(y)), int(len(y) - np.sum(y)))
    assert g.rank_loss == pytest.approx(pair_rank_loss(y, s), abs=1e-12)
    assert set(np.unique(g.penalty)) <= {0.0, 0.5, 1.0}


@pytest.mark.parametrize("beta", [0.5, 1.0, 2.0])
def test_best_f_is_the_brute_force_maximum(case, beta):
    y, s = case
    b = ec.best_f(ec.threshold_counts(y, s), beta=beta)
    # brute force: predictions at every distinct score, F_beta = (1+b^2)TP / ((1+b^2)TP + b^2 FN + FP)
    pred = s[None, :] >= np.unique(s)[:, None]
    tp = (pred & (y == 1)).sum(1)
    fp = (pred & (y == 0)).sum(1)
    fn = (y == 1).sum() - tp
    scores = (1 + beta ** 2) * tp / ((1 + beta ** 2) * tp + beta ** 2 * fn + fp)
    assert b.f == pytest.approx(scores.max())
    assert skm.fbeta_score(y, (s >= b.threshold).astype(int), beta=beta) == pytest.approx(b.f)


@pytest.mark.parametrize("f, beta", [(0.5, 1.0), (0.8, 2.0), (0.3, 0.5)])
def test_iso_f_curve_points_have_that_f(f, beta):
    r, p = ec.f_iso_curve(f, beta=beta)
    fb = (1 + beta ** 2) * p * r / (beta ** 2 * p + r)
    np.testing.assert_allclose(fb[p < 1], f)


def test_pr_trapezoid_matches_sklearn_auc(case):
    y, s = case
    p, r, _ = skm.precision_recall_curve(y, s)
    assert ec.pr_trapezoid_area(ec.threshold_counts(y, s)) == pytest.approx(skm.auc(r, p), abs=1e-12)


def test_curve_dominance():
    y = np.array([1, 1, 0, 0, 1, 0])
    good = ec.roc_curve(y, [0.9, 0.8, 0.1, 0.2, 0.7, 0.3])
    mid = ec.roc_curve(y, [0.9, 0.2, 0.1, 0.8, 0.7, 0.3])
    assert ec.curve_dominance(good.fpr, good.tpr, mid.fpr, mid.tpr) == ec.Better.FIRST
    assert ec.curve_dominance(mid.fpr, mid.tpr, good.fpr, good.tpr) == ec.Better.SECOND
    assert ec.curve_dominance(good.fpr, good.tpr, good.fpr, good.tpr) == ec.Better.EQUAL
    ps = datasets.synthetic(4000, 1.5, 0.5, seed=0)      # A and B are built to cross
    a, b = (ec.roc_curve(ps.y, ps.scores[m]) for m in ("A", "B"))
    assert ec.curve_dominance(a.fpr, a.tpr, b.fpr, b.tpr) == ec.Better.CROSS


@pytest.mark.parametrize("extremes", [False, True])
def test_reduce_curve_bound(extremes):
    ps = datasets.synthetic(200_000, 1.0, 0.3, seed=1)
    tc = ec.threshold_counts(ps.y, ps.scores["A"])
    if extremes:
        c = tc.pr_curve()
        x, y = c.recall, c.precision
    else:
        c = tc.roc_curve()
        x, y = c.fpr, c.tpr
    cols = 500
    keep = ec.reduce_curve(x, y, columns=cols, extremes=extremes)
    assert len(keep) <= (4 if extremes else 2) * cols and keep[0] == 0 and keep[-1] == len(x) - 1
    col = np.clip((x * cols).astype(int), 0, cols - 1)
    kept_col = col[keep]
    dropped = np.setdiff1d(np.arange(len(x)), keep)
    # each dropped point: its neighbours among the kept points are in its column
    # (so within one pixel horizontally) and its y lies within their y range
    j = np.searchsorted(keep, dropped)
    a, b = keep[j - 1], keep[j]
    assert (kept_col[j - 1] == col[dropped]).all() and (kept_col[j] == col[dropped]).all()
    for c_ in np.unique(col[dropped])[:200]:
        ky = y[keep][kept_col == c_]
        dy = y[dropped][col[dropped] == c_]
        assert ky.min() <= dy.min() and dy.max() <= ky.max()
    del a, b
