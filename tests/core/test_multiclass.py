"""K-class predictions against scikit-learn, a brute-force Bayes decision
and Hand & Till's M written here from the paper's formula."""
import itertools

import numpy as np
import pytest
from sklearn.metrics import (brier_score_loss, confusion_matrix, log_loss, precision_recall_fscore_support,
                             roc_auc_score, roc_curve, top_k_accuracy_score)
from sklearn.preprocessing import label_binarize

import evalcore as ec
from evalcore import multiclass as mc


def _data(seed, n=600, k=4, ties=False):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    y[:k] = np.arange(k)                                   # every class present
    logits = rng.normal(0, 1, (n, k)) + 1.5 * (y[:, None] == np.arange(k))
    p = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    if ties:
        p = np.round(p, 1)
        p = p / p.sum(axis=1, keepdims=True)
    return y, p


@pytest.mark.parametrize("seed", [0, 1])
def test_auc_averages_and_curves_equal_scikit_learn(seed):
    y, p = _data(seed)
    c = mc.class_curves(y, p)
    assert c.auc_macro == pytest.approx(roc_auc_score(y, p, multi_class="ovr", average="macro"), abs=1e-12)
    assert c.auc_weighted == pytest.approx(roc_auc_score(y, p, multi_class="ovr", average="weighted"), abs=1e-12)
    assert c.hand_till == pytest.approx(roc_auc_score(y, p, multi_class="ovo", average="macro"), abs=1e-12)
    Y = label_binarize(y, classes=range(p.shape[1]))
    assert c.micro_auc == pytest.approx(roc_auc_score(Y, p, average="micro"), abs=1e-12)
    for k in range(p.shape[1]):
        fpr, tpr, _ = roc_curve(Y[:, k], p[:, k], drop_intermediate=False)
        np.testing.assert_allclose(c.fpr[k], fpr, atol=1e-15)
        np.testing.assert_allclose(c.tpr[k], tpr, atol=1e-15)
    # the macro curve: the classes' TPR averaged on the union of their FPR points (scikit-learn's example)
    grid = np.unique(np.concatenate(c.fpr))
    want = np.mean([np.interp(grid, c.fpr[k], c.tpr[k]) for k in range(p.shape[1])], axis=0)
    np.testing.assert_allclose(c.macro_tpr, want)


def test_hand_till_from_the_paper_formula_with_ties():
    y, p = _data(2, n=200, k=3, ties=True)

    def a_hat(i, j):          # Hand & Till's A(i|j) = (S_i - n_i(n_i+1)/2) / (n_i n_j), tied ranks averaged
        from scipy.stats import rankdata

        both = (y == i) | (y == j)
        r = rankdata(p[both, i])
        ni, nj = int((y == i).sum()), int((y == j).sum())
        return (r[y[both] == i].sum() - ni * (ni + 1) / 2) / (ni * nj)

    pairs = list(itertools.combinations(range(3), 2))
    m = sum((a_hat(i, j) + a_hat(j, i)) / 2 for i, j in pairs) * 2 / (3 * 2)
    assert mc.hand_till_m(y, p) == pytest.approx(m, abs=1e-12)


@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize("few", [0, 10**9], ids=["sorted per class", "searched per row"])
def test_pair_aucs_are_the_papers_rank_formula_either_way(monkeypatch, ties, few):
    """Hand & Till's A(i|j) for every ordered pair, by both ways of counting (each class's scores sorted, for a
    column of few distinct scores; each row's score searched, otherwise: forced here both ways), against the
    paper's rank formula (tied ranks averaged) -- with a class that has no sample (a nan row and column)."""
    from scipy.stats import rankdata

    from evalcore import multiclass_views

    y, p = _data(5, n=300, k=4, ties=ties)
    y[y == 3] = 2                                             # class 3 has no sample
    monkeypatch.setattr(multiclass_views, "_FEW_DISTINCT", few)
    got = multiclass_views.pair_aucs(y, p)
    for i in range(4):
        for j in range(4):
            ni, nj = int((y == i).sum()), int((y == j).sum())
            if i == j or not ni or not nj:
                assert np.isnan(got[i, j]), (i, j)
                continue
            both = (y == i) | (y == j)
            r = rankdata(p[both, i])
            assert got[i, j] == pytest.approx((r[y[both] == i].sum() - ni * (ni + 1) / 2) / (ni * nj), abs=1e-12)


def test_bayes_decision_is_the_brute_force_minimum():
    y, p = _data(3, n=300, k=3)
    rng = np.random.default_rng(3)
    cost = rng.uniform(0.5, 5, (3, 3))
    np.fill_diagonal(cost, 0)
    got = mc.bayes_decision(p, cost)
    for row, d in zip(p, got):
        risks = [sum(row[i] * cost[i, j] for i in range(3)) for j in range(3)]
        assert risks[d] == pytest.approx(min(risks))
    assert (mc.bayes_decision(p, 1 - np.eye(3)) == p.argmax(axis=1)).all()      # 0-1 cost: argmax
    cm = ec.confusion_matrix(y, got, labels=[0, 1, 2])
    np.testing.assert_array_equal(cm, confusion_matrix(y, got, labels=[0, 1, 2]))
    want = np.mean([cost[t, d] for t, d in zip(y, got)])
    assert mc.cost_matrix_error(cm, cost) == pytest.approx(want)
    assert mc.expected_cost(p, cost, got) == pytest.approx(np.mean([(row @ cost)[d] for row, d in zip(p, got)]))


def test_two_classes_give_the_books_cost_sensitive_error():
    cm = np.array([[50, 10], [5, 35]])         # rows true (+, -), columns predicted (+, -)
    c01, c10 = 3.0, 1.0
    got = mc.cost_matrix_error(cm, [[0, c01], [c10, 0]])
    y_true = [1] * 60 + [0] * 40
    y_pred = [1] * 50 + [0] * 10 + [1] * 5 + [0] * 35
    assert got == pytest.approx(ec.cost_sensitive_error(y_true, y_pred, cost01=c01, cost10=c10))


def test_per_class_and_sklearns_averages():
    y, p = _data(4)
    d = p.argmax(axis=1)
    pc = mc.per_class(ec.confusion_matrix(y, d, labels=list(range(4))))
    P, R, F, S = precision_recall_fscore_support(y, d, average=None, zero_division=np.nan)
    np.testing.assert_allclose(pc.precision, P)
    np.testing.assert_allclose(pc.recall, R)
    np.testing.assert_allclose(pc.f1, F)
    np.testing.assert_array_equal(pc.support, S)
    assert pc.f1_macro == pytest.approx(precision_recall_fscore_support(y, d, average="macro")[2])
    assert pc.f1_weighted == pytest.approx(precision_recall_fscore_support(y, d, average="weighted")[2])


def test_macro_micro_one_vs_one_uses_the_pair_matrices():
    cm = np.array([[30, 5, 5], [2, 20, 8], [1, 3, 26]])
    pairs = mc.one_vs_one(cm)
    assert pairs[0, 1] == ec.Counts(tp=30, fp=2, tn=20, fn=5)
    both = mc.macro_micro_both(cm)
    want = ec.macro_micro([pairs[0, 1], pairs[0, 2], pairs[1, 2]])
    assert both.ovo == want and both.ovr == ec.macro_micro(ec.one_vs_rest(cm))
    # micro over one-vs-rest matrices is the accuracy for single-label predictions
    assert both.ovr.micro_p == pytest.approx(np.trace(cm) / cm.sum())


@pytest.mark.parametrize("k", [1, 2, 3])
def test_top_k_accuracy_equals_scikit_learn_without_ties(k):
    y, p = _data(5)
    assert mc.top_k_accuracy(y, p, k=k) == pytest.approx(top_k_accuracy_score(y, p, k=k, labels=range(4)))


def test_top_k_accuracy_shares_ties():
    # the true class ties with one other for first place: half a hit at k = 1, a hit at k = 2
    assert mc.top_k_accuracy([0], [[0.4, 0.4, 0.2]], k=1) == 0.5
    assert mc.top_k_accuracy([0], [[0.4, 0.4, 0.2]], k=2) == 1.0


def test_probability_measures_equal_scikit_learn():
    y, p = _data(6)
    assert mc.multiclass_brier_loss(y, p) == pytest.approx(brier_score_loss(y, p, labels=range(4), scale_by_half=False))
    assert ec.log_loss(y, p, labels=range(4)) == pytest.approx(log_loss(y, p, labels=range(4)))
    r = mc.top_label_reliability(y, p)
    right = p.argmax(axis=1) == y
    assert r.count.sum() == len(y)
    assert np.nansum(r.positive_rate * r.count) == pytest.approx(right.sum())
    assert mc.sums_to_one(p) and not mc.sums_to_one(p * 2)
    with pytest.raises(ec.DataError) as err:
        mc.top_label_reliability(y, p * 2)
    assert "概率" in err.value.text("zh")


def test_bad_shapes_and_costs_are_data_errors():
    with pytest.raises(ec.DataError):
        mc.class_curves([0, 1], [0.1, 0.2])
    with pytest.raises(ec.DataError):
        mc.bayes_decision([[0.5, 0.5]], [[0, -1], [1, 0]])
    with pytest.raises(ec.DataError):
        mc.class_curves([0, 3], [[0.5, 0.5], [0.2, 0.8]])


# ---------------------------------------------------------------- the loader
from evalcore.loading_multiclass import load_multiclass  # noqa: E402


def test_loader_reads_model_colon_class_columns_and_matches_labels():
    text = ("id,label,lr:0,lr:1,lr:2,tree:0,tree:2,tree:1\n"
            "1,0,0.7,0.2,0.1,1,0,0\n2,2.0,0.1,0.2,0.7,0,1,0\n3,1,0.2,0.5,0.3,0.2,0.3,0.5\n4,,0.3,0.3,0.4,0,0,1\n")
    ms = load_multiclass(text.encode())
    assert ms.classes == ["0", "1", "2"] and ms.y.tolist() == [0, 2, 1]
    np.testing.assert_array_equal(ms.scores["tree"][1], [0, 0, 1])        # columns put in the classes' order
    assert ms.probabilities == {"lr": True, "tree": True}
    assert {w.code for w in ms.warnings} == {"id_column", "dropped_rows"}
    with pytest.raises(ValueError):
        ms.scores["lr"][0, 0] = 1.0


def test_loader_one_model_with_class_names_and_scores_that_are_not_probabilities():
    ms = load_multiclass("y,cat,dog,fox\ncat,3,1,0\ndog,-1,2,0\nfox,0,0,5\n".encode("gbk"))
    assert ms.models == ["model"] and ms.probabilities == {"model": False}
    assert "概率" in next(w for w in ms.warnings if w.code == "not_probabilities").text("zh")


@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"])
def test_probabilities_kept_to_three_decimals_are_probabilities_and_used_as_given(eol):
    """The review: a file of probabilities rounded to three decimals (rows summing to 0.999-1.001) was
    read as "not probabilities" (rows had to sum to 1 within 1e-6), and its log loss, Brier score,
    reliability diagram and Bayes decision were switched off.  Rows within 0.01 of 1 are probabilities,
    used as given, as scikit-learn's log_loss uses them; rows 0.02 off are not."""
    import warnings

    y, p = _data(3, n=300, k=3)
    q = np.round(p, 3)
    sums = q.sum(axis=1)
    assert not np.allclose(sums, 1, atol=1e-6, rtol=0) and np.abs(sums - 1).max() <= 0.0015
    assert mc.sums_to_one(q) and not mc.sums_to_one(q * 0.98) and not mc.sums_to_one(q * 1.02)
    assert not mc.sums_to_one(np.where(q == q.max(), -q, q))                 # a negative entry
    text = f"label,m:a,m:b,m:c{eol}" + "".join(f"{'abc'[t]},{r[0]:.3f},{r[1]:.3f},{r[2]:.3f}{eol}"
                                                for t, r in zip(y, q))           # rows as the parser splits them
    ms = load_multiclass(text.encode())
    assert ms.probabilities == {"m": True} and "not_probabilities" not in {w.code for w in ms.warnings}
    np.testing.assert_array_equal(ms.scores["m"], q)                      # used as given, not divided by its sums
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)                      # scikit-learn: "do not sum to one"
        expected = log_loss(y, q, labels=range(3))
    assert ec.log_loss(ms.y, ms.scores["m"], labels=range(3)) == pytest.approx(expected, rel=1e-12)
    assert mc.top_label_reliability(ms.y, ms.scores["m"]).count.sum() == len(y)
    off = "label,m:a,m:b,m:c\n" + "".join(f"{'abc'[t]},{r[0] * 0.98:.4f},{r[1] * 0.98:.4f},{r[2] * 0.98:.4f}\n"
                                           for t, r in zip(y, q))
    assert load_multiclass(off.encode()).probabilities == {"m": False}


@pytest.mark.parametrize("text, code", [
    ("y,a:cat,a:dog\ncat,0.5,0.5\nemu,0.4,0.6\n", "mc_label_without_column"),
    ("y,a:cat,dog\ncat,0.5,0.5\n", "mc_mixed_columns"),
    ("y,a:cat,a:dog,b:cat\ncat,0.5,0.5,1\n", "mc_classes_differ"),
    ("y,a:cat\ncat,1\n", "mc_too_few_classes"),
    ("y,a:cat,a:dog\ncat,0.5,oops\ndog,0.5,0.5\n", "mc_bad_score"),
    ("x,a:cat,a:dog\ncat,0.5,0.5\n", "mc_no_label_column"),
])
def test_loader_refuses_with_a_sentence_in_both_languages(text, code):
    with pytest.raises(ec.DataError) as err:
        load_multiclass(text.encode())
    assert err.value.code == code
    assert err.value.text("zh") != err.value.text("en")
    if code == "mc_label_without_column":
        assert "emu" in err.value.text("zh")


def test_loader_bounds_classes_and_rows():
    header = "y," + ",".join(f"m:c{i}" for i in range(30))
    row = "c0," + ",".join(["0.1"] * 30)
    with pytest.raises(ec.DataError) as err:
        load_multiclass(f"{header}\n{row}\n".encode(), max_classes=20)
    assert err.value.code == "mc_too_many_classes"
    with pytest.raises(ec.DataError) as err:
        load_multiclass(("y,a:x,a:y\n" + "x,0.5,0.5\r" * 50).encode(), max_rows=10)
    assert err.value.code.startswith("too_many_rows")
