"""What the multi-class page draws (evalcore.multiclass_views, multiclass_data)
against scikit-learn, scipy.stats.bootstrap on the same resamples and
brute-force references written here."""
import functools

import numpy as np
import pytest
from scipy import stats
from sklearn.metrics import (average_precision_score, confusion_matrix, precision_recall_curve, roc_auc_score,
                             roc_curve)
from sklearn.preprocessing import label_binarize

import evalcore as ec
from evalcore import figures


@functools.cache
def _builtin(name):
    return ec.builtin_multiclass(name)


def _data(seed, n=400, k=4, ties=False):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    y[:k] = np.arange(k)
    logits = rng.normal(0, 1, (n, k)) + 1.2 * (y[:, None] == np.arange(k))
    p = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    if ties:
        p = np.round(p, 1)
        p = p / p.sum(axis=1, keepdims=True)
    return y, p


@pytest.mark.parametrize("seed,ties", [(0, False), (1, True)])
def test_class_views_equal_scikit_learn(seed, ties):
    y, p = _data(seed, ties=ties)
    k = p.shape[1]
    v = ec.class_views(y, p)
    Y = label_binarize(y, classes=range(k))
    for c in range(k):
        assert v.auc[c] == pytest.approx(roc_auc_score(Y[:, c], p[:, c]), abs=1e-12)
        assert v.ap[c] == pytest.approx(average_precision_score(Y[:, c], p[:, c]), abs=1e-12)
    assert v.auc_macro == pytest.approx(roc_auc_score(y, p, multi_class="ovr", average="macro"), abs=1e-12)
    assert v.auc_weighted == pytest.approx(roc_auc_score(y, p, multi_class="ovr", average="weighted"), abs=1e-12)
    assert v.hand_till == pytest.approx(roc_auc_score(y, p, multi_class="ovo", average="macro"), abs=1e-12)
    assert v.micro_roc.auc == pytest.approx(roc_auc_score(Y, p, average="micro"), abs=1e-12)
    assert v.ap_macro == pytest.approx(average_precision_score(Y, p, average="macro"), abs=1e-12)
    assert v.ap_micro == pytest.approx(average_precision_score(Y, p, average="micro"), abs=1e-12)
    np.testing.assert_array_equal(v.support, np.bincount(y, minlength=k))


def test_macro_curves_are_the_averages_of_the_classes():
    y, p = _data(2, n=150, k=3)
    k = p.shape[1]
    v = ec.class_views(y, p)
    Y = label_binarize(y, classes=range(k))
    curves = [roc_curve(Y[:, c], p[:, c], drop_intermediate=False)[:2] for c in range(k)]
    grid = np.unique(np.concatenate([f for f, _ in curves]))
    want = np.mean([np.interp(grid, f, t) for f, t in curves], axis=0)          # scikit-learn's example
    np.testing.assert_allclose(v.macro_tpr, np.interp(v.macro_fpr, grid, want), atol=1e-12)
    # the macro P-R curve: each class's interpolated precision (max precision at recall >= r), averaged
    r = np.linspace(0, 1, ec.multiclass_views.RECALL_GRID)
    interp = []
    for c in range(k):
        prec, rec, _ = precision_recall_curve(Y[:, c], p[:, c])
        interp.append([prec[rec >= x].max() for x in r])
    np.testing.assert_allclose(v.macro_precision, np.mean(interp, axis=0), atol=1e-12)


def test_a_class_without_samples_is_left_out_of_the_averages():
    y, p = _data(3, k=4)
    y = np.where(y == 3, 0, y)
    v = ec.class_views(y, p)
    assert v.roc[3] is None and np.isnan(v.auc[3])
    assert v.auc_macro == pytest.approx(np.mean(v.auc[:3]))


@pytest.mark.parametrize("seed", [0, 1])
def test_bayes_decision_and_its_matrix_against_brute_force(seed):
    y, p = _data(seed, n=300, k=3)
    rng = np.random.default_rng(seed)
    cost = rng.uniform(0, 5, (3, 3))
    np.fill_diagonal(cost, 0)
    d = ec.decide(y, p, rule="bayes", cost=cost, probabilities=True)
    brute = [min(range(3), key=lambda j: sum(p[r, i] * cost[i, j] for i in range(3))) for r in range(len(y))]
    np.testing.assert_array_equal(d.predicted, brute)
    np.testing.assert_array_equal(d.cm, confusion_matrix(y, brute, labels=range(3)))
    assert d.cost_total == pytest.approx(sum(cost[a, b] for a, b in zip(y, brute)))
    assert d.cost_error == pytest.approx(d.cost_total / len(y))
    assert d.expected_cost == pytest.approx(np.mean([sum(p[r, i] * cost[i, brute[r]] for i in range(3))
                                                     for r in range(len(y))]))
    # the Bayes decision's expected cost is the least of any decision's, argmax's included
    a = ec.decide(y, p, rule="argmax", cost=cost, probabilities=True)
    assert d.expected_cost <= a.expected_cost + 1e-12


def test_bayes_under_zero_one_costs_is_the_argmax_and_scores_not_probabilities_fall_back():
    y, p = _data(4, n=200, k=3)
    z = ec.zero_one_cost(3)
    b = ec.decide(y, p, rule="bayes", cost=z, probabilities=True)
    np.testing.assert_array_equal(b.predicted, p.argmax(axis=1))
    raw = np.log(p)                                  # scores, not probabilities
    d = ec.decide(y, raw, rule="bayes", cost=[[0, 9, 9], [1, 0, 1], [1, 1, 0]], probabilities=False)
    assert d.fallback and d.rule == "argmax" and np.isnan(d.expected_cost)
    np.testing.assert_array_equal(d.predicted, raw.argmax(axis=1))
    assert not b.fallback


def test_cost_text_round_trip_and_refusals():
    c = np.array([[0, 2.5, 1], [1e-3, 0, 7], [1, 1, 0]])
    assert ec.cost_text(c) == "0,2.5,1;0.001,0,7;1,1,0"
    np.testing.assert_array_equal(ec.parse_cost_text(ec.cost_text(c), 3), c)
    np.testing.assert_array_equal(ec.parse_cost_text("", 4), 1 - np.eye(4))
    for bad in ("0,1;1", "0,1;1,x", "0,-1;1,0", "0,inf;1,0", "0,1;1,0"):
        with pytest.raises(ec.DataError, match="cost matrix needs 3 rows"):
            ec.parse_cost_text(bad, 3)
    assert ec.cost_from_cells([[0, 1e9], ["2", 0]], 2).tolist() == [[0.0, 1e6], [2.0, 0.0]]
    assert ec.cost_from_cells([[0, 1e-9], [1, 0]], 2)[0, 1] == ec._bounds.COST_MIN
    for bad in ([[0, None], [1, 0]], [[0, -1], [1, 0]], [[0, "a"], [1, 0]], [[0, 1, 1], [1, 0, 1]]):
        with pytest.raises(ec.DataError):
            ec.cost_from_cells(bad, 2)


def _rank_auc(pos, x):
    """The AUC from Mann-Whitney's rank sum (tied ranks averaged): an independent reference."""
    r = stats.rankdata(x)
    n1, n0 = pos.sum(), (~pos).sum()
    return (r[pos].sum() - n1 * (n1 + 1) / 2) / (n1 * n0)


def test_auc_intervals_equal_scipy_bootstrap_on_the_same_resamples():
    y, p = _data(5, n=90, k=3, ties=True)
    n, b = len(y), 80
    got = ec.auc_intervals(y, p, n_resamples=b, seed=5, chunk=30)
    def hand_till(i):           # Hand & Till's M from the paper: pairs of classes, A(i|j) and A(j|i) by ranks
        yy, pp = y[i], p[i]
        pairs = [(a, c) for a in range(3) for c in range(a + 1, 3)]
        return np.mean([(_rank_auc(yy[(yy == a) | (yy == c)] == a, pp[(yy == a) | (yy == c), a])
                         + _rank_auc(yy[(yy == a) | (yy == c)] == c, pp[(yy == a) | (yy == c), c])) / 2
                        for a, c in pairs])

    refs = {"macro": lambda i: np.mean([_rank_auc(y[i] == c, p[i, c]) for c in range(3)]),
            "hand_till": hand_till,
            "weighted": lambda i: np.average([_rank_auc(y[i] == c, p[i, c]) for c in range(3)],
                                             weights=np.bincount(y[i], minlength=3))}
    refs.update({c: (lambda i, c=c: _rank_auc(y[i] == c, p[i, c])) for c in range(3)})
    for name, stat in refs.items():
        ref = stats.bootstrap((np.arange(n),), stat, n_resamples=b, method="percentile",
                              rng=np.random.default_rng(5), vectorized=False).confidence_interval
        ci = got.per_class[name] if isinstance(name, int) else getattr(got, name)
        assert ci.low == pytest.approx(ref.low, abs=1e-12) and ci.high == pytest.approx(ref.high, abs=1e-12), name


def test_small_helpers():
    assert ec.largest_classes([5, 1, 9, 3], 2) == [0, 2]
    assert ec.largest_classes([2, 2, 2], 2) == [0, 1]
    assert ec.weakest_class([0.5, np.nan, 0.2]) == 2 and ec.weakest_class([np.nan]) == 0
    cs = [ec.Counts(3, 1, 5, 2), ec.Counts(1, 3, 7, 0)]          # Counts(tp, fp, tn, fn)
    assert ec.mean_counts(cs) == (2.0, 2.0, 6.0, 1.0)
    mm = ec.macro_micro(cs)
    assert ec.macro_micro_gap(mm) in ec.GAPS
    lower = ec.MacroMicro(0.5, 0.5, 0.5, 0.9, 0.9, 0.9)
    higher = ec.MacroMicro(0.9, 0.9, 0.9, 0.5, 0.5, 0.5)
    same = ec.MacroMicro(0.9, 0.9, 0.9, 0.905, 0.9, 0.895)
    assert [ec.macro_micro_gap(m) for m in (lower, higher, same)] == ["macro_lower", "micro_lower", "same"]
    ms = ec.load_multiclass(b"y,a:x,a:y,b:x,b:y\nx,1,0,1,0\ny,0,1,0,1\n")
    assert ec.check_model_count(ms, 2) is ms
    with pytest.raises(ec.DataError, match="at most 1"):
        ec.check_model_count(ms, 1)


def test_builtin_sets_are_scored_out_of_sample():
    from sklearn.datasets import load_iris
    from sklearn.model_selection import StratifiedKFold, cross_val_predict
    from sklearn.naive_bayes import GaussianNB

    ms = _builtin("iris")
    X, y = load_iris(return_X_y=True)
    want = cross_val_predict(GaussianNB(), X, y, cv=StratifiedKFold(5, shuffle=True, random_state=0),
                             method="predict_proba")
    np.testing.assert_allclose(ms.scores["naive_bayes"], want)
    assert ms.classes == ["setosa", "versicolor", "virginica"] and all(ms.probabilities.values())
    assert not ms.scores["logistic"].flags.writeable


def test_the_imbalanced_example_makes_macro_and_micro_disagree():
    """The lesson's claim: on the built-in imbalanced set macro-F1 is well below micro-F1 for every model,
    and the rare class has the lowest F1; on iris they agree."""
    ms = _builtin("imbalanced")
    assert np.bincount(ms.y).tolist() == [850, 120, 30]
    for s in ms.scores.values():
        cm = confusion_matrix(ms.y, s.argmax(axis=1), labels=range(3))
        both = ec.macro_micro_both(cm)
        assert both.ovr.micro_f1 - both.ovr.macro_f1 > 0.2
        assert ec.macro_micro_gap(both.ovr) == "macro_lower"
        assert ec.weakest_class(ec.per_class(cm).f1) == 2
    iris = _builtin("iris")
    cm = confusion_matrix(iris.y, iris.scores["logistic"].argmax(axis=1))
    assert ec.macro_micro_gap(ec.macro_micro_both(cm).ovr) == "same"


def test_class_curves_figure_puts_the_classes_first_and_matrix_grid_draws_each_matrix():
    y, p = _data(0, n=200, k=4)
    v = ec.class_views(y, p)
    text = dict(x="FPR", y="TPR", threshold="t", micro="micro <b>", macro="macro", diagonal="d", p_eq_r="P = R")
    tc = ec.threshold_counts(y == 2, p[:, 2])
    for kind in ("roc", "pr"):
        fig = figures.class_curves_figure(v, kind, classes=[1, 2], names=["a", "<b>x</b>", "c", "d"], text=text,
                                          point=ec.operating_point(tc, 0.5), selected=2)
        drawn = v.roc if kind == "roc" else v.pr
        for i, c in enumerate([1, 2]):
            np.testing.assert_array_equal(fig.data[i].x, drawn[c].x)
        assert "<b>x</b>" not in fig.data[1].name            # a class name is shown, never interpreted
        assert any(tr.name and tr.name.startswith("micro") for tr in fig.data)
    grid = figures.matrix_grid([ec.Counts(1, 2, 3, 4)] * 5, ["a"] * 5, text=dict(tp="TP", fn="FN", fp="FP", tn="TN"))
    assert len(grid.data) == 5 and grid.data[0].text[0][0] == "TP<br>1"     # name over count


def _grid_by_make_subplots(matrices, titles, text, columns=5):
    """The matrix grid as plotly builds it: make_subplots, a checked trace per matrix, update_*axes (the
    reference for the plain-dict builder)."""
    import math

    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    from evalcore.figures import style

    k = len(matrices)
    cols = max(1, min(columns, k))
    rows = max(1, math.ceil(k / cols))
    lines = [(t,) if isinstance(t, str) else tuple(t) for t in titles]
    depth = max(map(len, lines), default=1)
    shown = ["<br>".join(style.safe(x, style.NAME_CHARS) for x in t) for t in lines]
    fig = make_subplots(rows=rows, cols=cols, subplot_titles=shown, horizontal_spacing=0.04,
                        vertical_spacing=min(0.12 + 0.04 * depth, 0.5 / rows))
    for n, c in enumerate(matrices):
        z = np.array([[c.tp, c.fn], [c.fp, c.tn]], dtype=float)
        share = z / z.sum(axis=1, keepdims=True)
        fig.add_trace(go.Heatmap(z=[[share[0, 0], -share[0, 1]], [-share[1, 0], share[1, 1]]],
                                 text=[[f"{text['tp']}<br>{c.tp:,}", f"{text['fn']}<br>{c.fn:,}"],
                                       [f"{text['fp']}<br>{c.fp:,}", f"{text['tn']}<br>{c.tn:,}"]],
                                 texttemplate="%{text}", zmin=-1, zmax=1, showscale=False,
                                 colorscale=[[0.0, style.POSITIVE], [0.5, style.PAPER], [1.0, style.GOOD]],
                                 hoverinfo="skip", xgap=2, ygap=2, textfont=dict(size=13, color=style.CELL_TEXT)),
                      row=n // cols + 1, col=n % cols + 1)
    fig.update_xaxes(visible=False)
    fig.update_yaxes(visible=False, autorange="reversed")
    fig.update_annotations(font_size=13)
    style.layout(fig, text.get("title"), height=60 + 150 * rows)
    if depth > 1:
        fig.update_layout(margin_t=fig.layout.margin.t + 18 * (depth - 1))
    return fig


@pytest.mark.parametrize("k, titles, title", [(1, ("a",), None), (3, ("setosa", "vs rest"), None),
                                              (5, ("x",), "A title"), (6, ("a", "vs b"), None),
                                              (10, ("<b>9</b>", "vs rest"), "T"), (45, ("c1", "vs c2"), None)])
def test_the_matrix_grid_is_what_make_subplots_builds(k, titles, title):
    """matrix_grid builds its figure from plain dicts on make_subplots' axes (kept per grid shape): the same
    figure as plotly's make_subplots and checked traces give, read back through plotly's validation, for
    one matrix, a grid of one row, full and partly full rows, 45 pairs of ten classes."""
    import json

    import plotly.graph_objects as go

    from evalcore.figures import style

    text = dict(tp="TP", fn="FN", fp="FP", tn="TN", **({"title": title} if title else {}))
    matrices = [ec.Counts(tp=3 + i, fp=i, tn=1000 + i, fn=2) for i in range(k)]
    names = [tuple(f"{t}{i}" for t in titles) for i in range(k)]
    mine = figures.matrix_grid(matrices, names, text=text)
    theirs = _grid_by_make_subplots(matrices, names, text)
    written = json.loads(style.figure_json(mine))
    assert written == json.loads(theirs.to_json())
    assert json.loads(go.Figure(written).to_json()) == written              # plotly's checks change nothing


def test_pair_aucs_are_hand_and_tills_a_from_ranks():
    y, p = _data(6, n=300, k=4, ties=True)
    a = ec.multiclass_views.pair_aucs(y, p)
    for i in range(4):
        for j in range(4):
            if i != j:
                both = (y == i) | (y == j)
                assert a[i, j] == pytest.approx(_rank_auc(y[both] == i, p[both, i]), abs=1e-12), (i, j)
    assert np.isnan(np.diag(a)).all()
    assert ec.multiclass_views.hand_till_from_pairs(a) == pytest.approx(ec.hand_till_m(y, p), abs=1e-12)


def test_a_class_named_like_a_number_keeps_the_2x2_matrix_categorical():
    """A digit class ("0" against "the rest") once made plotly read the axis as numbers and draw an empty
    matrix: the axes are categories."""
    fig = figures.confusion_heatmap(ec.Counts(3, 1, 5, 2), text=dict(tp="TP", fn="FN", fp="FP", tn="TN", pos="0",
                                                                      neg="rest", true="t", pred="p"))
    assert fig.layout.xaxis.type == "category" and fig.layout.yaxis.type == "category"
