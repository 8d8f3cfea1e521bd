"""A log aggregated to (distinct score, positives, negatives): every number
equals the one computed from the rows, and scikit-learn's where it has one."""
import numpy as np
import pytest
from sklearn.metrics import average_precision_score, brier_score_loss, roc_auc_score

import evalcore as ec


def _data(seed, n=3000, ties=True):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.3
    a = rng.normal(y * 1.0, 1.0)
    b = rng.normal(y * 0.6, 1.0)
    if ties:                               # many ties, as logged scores have
        a, b = np.round(a, 1), np.round(b, 2)
    squash = lambda v: 1 / (1 + np.exp(-v))  # noqa: E731
    return y.astype(int), squash(a), squash(b)


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("ties", [True, False])
def test_threshold_counts_from_the_table_equal_the_rows(seed, ties):
    y, a, _ = _data(seed, ties=ties)
    rows, table = ec.threshold_counts(y, a), ec.score_table(y, a).threshold_counts()
    for f in ("thresholds", "tp", "fp"):
        np.testing.assert_array_equal(getattr(table, f), getattr(rows, f))
    assert (table.n_pos, table.n_neg) == (rows.n_pos, rows.n_neg)
    probes = np.concatenate((a[:50], np.linspace(-0.1, 1.1, 57), [np.inf, -np.inf]))
    for t in probes:
        assert table.at(t) == rows.at(t)
    assert table.roc_auc() == pytest.approx(roc_auc_score(y, a), abs=1e-12)
    assert table.average_precision() == pytest.approx(average_precision_score(y, a), abs=1e-12)


@pytest.mark.parametrize("seed", [3, 4])
def test_delong_from_sums_equals_delong_on_the_rows(seed):
    y, a, b = _data(seed)
    flipped = -b
    scores = [a, b, flipped]
    tables = [ec.score_table(y, s) for s in scores]
    sums = ec.pair_sums(y, scores, tables, [0.5, 0.5, -0.5])
    got = ec.delong_from_sums(sums.pos_cross, sums.pos_sum, sums.neg_cross, sums.neg_sum,
                              int(y.sum()), int((1 - y).sum()))
    want = ec.delong_pairs(y, scores)
    np.testing.assert_allclose(got.covariance, want.covariance, rtol=1e-10, atol=1e-15)
    np.testing.assert_allclose(got.auc, [roc_auc_score(y, s) for s in scores], atol=1e-12)
    for key, w in want.tests.items():
        assert got.tests[key].statistic == pytest.approx(w.statistic, rel=1e-9)
        assert got.tests[key].pvalue == pytest.approx(w.pvalue, rel=1e-9, abs=1e-300)
    for i, t in enumerate(tables):                      # one model's interval needs no pairing
        assert ec.auc_interval_from_table(t) == pytest.approx(want.ci[i], abs=1e-12)
        assert t.auc() == pytest.approx(want.auc[i], abs=1e-12)
    right = [(s >= thr) == y.astype(bool) for s, thr in zip(scores, [0.5, 0.5, -0.5])]
    for (i, j), (e01, e10) in sums.mcnemar.items():
        table = ec.mcnemar_table(right[i], right[j])
        assert (e01, e10) == (int(table[0, 1]), int(table[1, 0]))


def test_calibration_from_the_table_equals_the_rows_and_scikit_learn():
    y, a, _ = _data(5)
    t = ec.score_table(y, a)
    r_rows, r_tab = ec.reliability_bins(y, a), t.reliability()
    np.testing.assert_array_equal(r_tab.count, r_rows.count)
    np.testing.assert_allclose(r_tab.mean_score, r_rows.mean_score, rtol=1e-12)
    np.testing.assert_allclose(r_tab.positive_rate, r_rows.positive_rate, rtol=1e-12)
    b_rows, b_tab = ec.brier_loss(y, a), t.brier()
    assert b_tab.brier == pytest.approx(brier_score_loss(y, a), abs=1e-12)
    for f in ("brier", "reliability", "resolution", "uncertainty", "within_bin"):
        assert getattr(b_tab, f) == pytest.approx(getattr(b_rows, f), abs=1e-12)


def test_flipped_table_is_the_table_of_negated_scores():
    y, a, _ = _data(6)
    f, want = ec.score_table(y, a).flipped(), ec.score_table(y, -a)
    for k in ("score", "pos", "neg"):
        np.testing.assert_array_equal(getattr(f, k), getattr(want, k))


@pytest.mark.parametrize("digits", [0, 1, 2, 3])
def test_rounded_scores_keep_the_auc_within_the_stated_bound(digits):
    y, a, _ = _data(7, ties=False)
    exact = ec.score_table(y, a)
    table, bound = exact.rounded(digits)
    want = ec.score_table(y, ec.round_scores(a, digits))
    for k in ("score", "pos", "neg"):
        np.testing.assert_array_equal(getattr(table, k), getattr(want, k))
    assert abs(exact.auc() - table.auc()) <= bound + 1e-15
    # the bound is the tied pairs' share over two, counted by brute force on a sample
    r = ec.round_scores(a, digits)
    pos, neg = r[y == 1], r[y == 0]
    tied = sum(int(np.count_nonzero(neg == v)) for v in pos)
    assert bound == pytest.approx(tied / (2 * len(pos) * len(neg)), rel=1e-12)


def test_round_scores_is_half_up_on_the_decimal_grid():
    np.testing.assert_array_equal(ec.round_scores([0.25, 0.35, -0.25, 0.7499], 1), [0.3, 0.4, -0.2, 0.7])


def test_exact_integer_sums_do_not_overflow():
    big = np.full(10, 3 * 10 ** 9, dtype=np.int64)      # products past int64
    from evalcore.aggregate import _dot_int

    assert _dot_int(big, big) == 10 * (3 * 10 ** 9) ** 2
