"""K-class scores aggregated per column (evalcore.classtable) against
scikit-learn, Hand & Till's M written here from the paper, DeLong's
variance (two classes) and a bootstrap (the averaged AUCs' intervals)."""
import numpy as np
import pytest
from sklearn.metrics import (average_precision_score, confusion_matrix, log_loss, roc_auc_score,
                             top_k_accuracy_score)
from sklearn.preprocessing import label_binarize

import evalcore as ec
from evalcore import classtable as ct


def _data(seed, n=900, k=4, digits=None, skew=(0.45, 0.3, 0.17, 0.08)):
    rng = np.random.default_rng(seed)
    y = rng.choice(k, n, p=np.asarray(skew[:k]) / np.sum(skew[:k]))
    y[:k] = np.arange(k)
    logits = rng.normal(0, 1, (n, k)) + 1.2 * (y[:, None] == np.arange(k))
    p = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    if digits is not None:                                  # ties, rows still summing to 1 exactly enough
        p = np.round(p, digits)
        p[:, -1] = 1 - p[:, :-1].sum(axis=1)
    return y, p


def _hand_till(y, p):
    """Hand & Till (2001), eq. (7) and M = 2/(c(c-1)) Σ_{i<j} Â(i, j), Â(i, j) = (Â(i|j) + Â(j|i))/2,
    Â(i|j) by counting pairs (ties 1/2) -- independent of the library."""
    k, out = p.shape[1], []
    for i in range(k):
        for j in range(i + 1, k):
            a = []
            for s, t, col in ((i, j, i), (j, i, j)):
                x, z = p[y == s, col], p[y == t, col]
                a.append(((x[:, None] > z[None, :]).sum() + 0.5 * (x[:, None] == z[None, :]).sum()) / (len(x) * len(z)))
            out.append(sum(a) / 2)
    return 2 / (k * (k - 1)) * sum(out)


@pytest.mark.parametrize("digits", [None, 2])
def test_aucs_from_the_tables_equal_scikit_learn_and_the_paper(digits):
    y, p = _data(3, digits=digits)
    tables = ct.class_tables(y, p)
    a = ct.class_aucs(tables)
    Y = label_binarize(y, classes=range(4))
    for c in range(4):
        assert a.auc[c] == pytest.approx(roc_auc_score(Y[:, c], p[:, c]), abs=1e-12)
        assert tables[c].ovr(c).threshold_counts().average_precision() == pytest.approx(
            average_precision_score(Y[:, c], p[:, c]), abs=1e-12)
    assert a.averages["macro"] == pytest.approx(roc_auc_score(y, p, multi_class="ovr", average="macro"), abs=1e-12)
    assert a.averages["weighted"] == pytest.approx(roc_auc_score(y, p, multi_class="ovr", average="weighted"),
                                                   abs=1e-12)
    assert a.averages["micro"] == pytest.approx(roc_auc_score(Y, p, average="micro"), abs=1e-12)
    assert a.averages["hand_till"] == pytest.approx(_hand_till(y, p), abs=1e-12)
    assert a.averages["hand_till"] == pytest.approx(roc_auc_score(y, p, multi_class="ovo"), abs=1e-12)


def test_log_loss_brier_and_top_k_from_tables_and_ranks():
    y, p = _data(4)
    tables = ct.class_tables(y, p)
    assert ct.log_loss_from_tables(tables) == pytest.approx(log_loss(y, p, labels=range(4)), rel=1e-12)
    assert ct.brier_from_tables(tables) == pytest.approx(ec.multiclass_brier_loss(y, p), rel=1e-12)
    rows = ct.row_numbers(y, p, tables)
    for k in (1, 2, 3):           # no ties: scikit-learn's top_k_accuracy_score
        assert ct.top_k_from_ranks(*rows.ranks, k=k) == pytest.approx(top_k_accuracy_score(y, p, k=k), abs=1e-15)
    yt, pt = _data(5, digits=1)   # ties shared as evalcore.top_k_accuracy
    rows = ct.row_numbers(yt, pt, ct.class_tables(yt, pt))
    for k in (1, 2):
        assert ct.top_k_from_ranks(*rows.ranks, k=k) == pytest.approx(ec.top_k_accuracy(yt, pt, k=k), abs=1e-15)


def test_row_pass_matrices_costs_and_top_label():
    y, p = _data(6, digits=2)
    cost = np.array([[0, 1, 2, 9], [1, 0, 1, 1], [4, 1, 0, 1], [9, 3, 1, 0]], float)
    rows = ct.row_numbers(y, p, ct.class_tables(y, p), cost=cost, top_label=True)
    np.testing.assert_array_equal(rows.confusion["argmax"], confusion_matrix(y, p.argmax(axis=1), labels=range(4)))
    brute = np.array([min(range(4), key=lambda j: (sum(p[r, i] * cost[i, j] for i in range(4)), j))
                      for r in range(len(y))])                  # least expected cost, the first on a tie
    np.testing.assert_array_equal(rows.confusion["bayes"], confusion_matrix(y, brute, labels=range(4)))
    assert rows.cost_sum["bayes"] / len(y) == pytest.approx(ec.expected_cost(p, cost, brute), rel=1e-12)
    assert rows.cost_sum["argmax"] >= rows.cost_sum["bayes"]    # the Bayes decision expects the least cost
    want = ec.top_label_reliability(y, p)
    got = rows.top_label.reliability()
    np.testing.assert_array_equal(got.count, want.count)
    np.testing.assert_allclose(got.positive_rate, want.positive_rate, equal_nan=True)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])     # float32 scores widened a block at a time
@pytest.mark.parametrize("n", [0, 1, 50, 2 * 8192 + 17])          # none, one, one block, three blocks
def test_expected_costs_are_summed_in_class_order(n, dtype):
    rng = np.random.default_rng(0)
    p, c = rng.random((n, 5)).astype(dtype), rng.random((5, 5))
    seq = sum(p[:, i:i + 1].astype(np.float64) * c[i] for i in range(5))   # the SQL engines' left-to-right sum
    assert np.array_equal(ec.expected_costs(p, c), seq)
    assert np.array_equal(ec.bayes_decision(p, c), seq.argmin(axis=1))
    np.testing.assert_allclose(ec.expected_costs(p, c), p @ c, rtol=1e-12)      # the product, by BLAS


@pytest.mark.parametrize("n", [0, 1, 2 * 4096 + 17])
def test_costs_at_decisions_are_the_brute_force_minimum_and_the_given_decisions_cost(n):
    """Without the (n, K) array: the Bayes decision is the class of least expected cost by a loop over the
    classes (the first on a tie: a cost matrix with two equal columns makes ties), and each row's cost is the
    (n, K) array's at the decision, the Bayes decision's or a given one's."""
    rng = np.random.default_rng(3)
    p = rng.dirichlet(np.ones(4), n)
    c = rng.uniform(0, 3, (4, 4))
    c[:, 2] = c[:, 1]                                                # classes 1 and 2 always tie: 1 is chosen
    e = ec.expected_costs(p, c)
    best = np.zeros(n, dtype=int)
    for j in range(1, 4):                                            # brute force, strictly less to move
        best = np.where(e[:, j] < e[np.arange(n), best], j, best)
    d, row = ec.costs_at_decisions(p, c)
    assert np.array_equal(d, best) and not (d == 2).any()
    assert np.array_equal(row, e[np.arange(n), best])
    given = rng.integers(0, 4, n)
    d2, row2 = ec.costs_at_decisions(p.astype(np.float32), c, given)
    assert np.array_equal(d2, given)
    assert np.array_equal(row2, ec.expected_costs(p.astype(np.float32), c)[np.arange(n), given])
    if n:                                                            # the mean of the same numbers, in order
        assert ec.expected_cost(p, c, given) == ec.expected_costs(p, c)[np.arange(n), given].mean()
    with pytest.raises(ec.DataError):
        ec.costs_at_decisions(p, c, np.full(n + 1, 0))


def test_two_classes_averaged_intervals_are_delong_s():
    """With K = 2 and p1 = 1 - p0 the macro, weighted AUC and M are the one AUC, and the stratified delta
    method is DeLong's variance exactly."""
    rng = np.random.default_rng(7)
    y = (rng.random(400) < 0.35).astype(int)
    p1 = np.round(1 / (1 + np.exp(-rng.normal(y * 1.3, 1))), 3)
    p = np.column_stack([1 - p1, p1])
    tables = ct.class_tables(y, p)
    a = ct.class_aucs(tables)
    rows = ct.row_numbers(y, p, tables)
    iv = ct.average_intervals(rows.sums, ct.class_sizes(tables), a.averages)
    delong = ec.auc_interval_from_table(ec.score_table(y.astype(bool), p1))
    for name in ("macro", "weighted", "hand_till"):
        assert a.averages[name] == pytest.approx(roc_auc_score(y, p1), abs=1e-12)
        assert (iv[name].low, iv[name].high) == pytest.approx((delong.low, delong.high), abs=1e-12)


def test_averaged_intervals_match_a_bootstrap_of_the_rows():
    y, p = _data(8, n=700)
    tables = ct.class_tables(y, p)
    a = ct.class_aucs(tables)
    iv = ct.average_intervals(ct.row_numbers(y, p, tables).sums, ct.class_sizes(tables), a.averages)
    rng = np.random.default_rng(1)
    boot = {name: [] for name in ct.AVERAGES}
    for _ in range(150):                                 # resample within each class (class sizes fixed)
        idx = np.concatenate([rng.choice(np.flatnonzero(y == c), (y == c).sum()) for c in range(4)])
        b = ct.class_aucs(ct.class_tables(y[idx], p[idx])).averages
        for name in ct.AVERAGES:
            boot[name].append(b[name])
    for name in ct.AVERAGES:
        se = (iv[name].high - iv[name].low) / (2 * 1.959963984540054)
        assert np.std(boot[name], ddof=1) == pytest.approx(se, rel=0.25), name


def test_pooled_table_is_every_row_and_class_pair():
    y, p = _data(9, n=200, digits=2)
    pooled = ct.pooled_table(ct.class_tables(y, p))
    Y = label_binarize(y, classes=range(4))
    want = ec.score_table(Y.ravel().astype(bool), p.ravel())
    for f in ("score", "pos", "neg"):
        np.testing.assert_array_equal(getattr(pooled, f), getattr(want, f))
