"""The metrics lab's measures against scikit-learn, on random inputs and edge cases."""
import numpy as np
import pytest
from sklearn import metrics as skm

import evalcore as ec

SEEDS = range(6)


@pytest.mark.parametrize("seed", SEEDS)
def test_losses(seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, 30)
    y[:2] = [0, 1]
    p = rng.random(30)
    assert ec.log_loss(y, p) == pytest.approx(skm.log_loss(y, p))
    yk = rng.integers(0, 4, 40)
    yk[:4] = [0, 1, 2, 3]
    P = rng.dirichlet(np.ones(4), 40)
    assert ec.log_loss(yk, P) == pytest.approx(skm.log_loss(yk, P))
    ypm = np.where(y == 1, 1, -1)
    d = rng.normal(size=30)
    assert ec.hinge_loss(ypm, d) == pytest.approx(skm.hinge_loss(ypm, d))
    D = rng.normal(size=(40, 4))
    assert ec.hinge_loss(yk, D) == pytest.approx(skm.hinge_loss(yk, D, labels=[0, 1, 2, 3]))
    f = ec.hinge_forms(ypm, d)
    assert f.multiclass == pytest.approx(np.mean(np.maximum(0, 1 - 2 * ypm * d)))


@pytest.mark.parametrize("seed", SEEDS)
def test_multilabel(seed):
    rng = np.random.default_rng(seed)
    Y = (rng.random((25, 5)) < 0.4).astype(int)
    Y[0] = 0                                                   # a sample with no label at all
    Yp = (rng.random((25, 5)) < 0.4).astype(int)
    S = np.round(rng.random((25, 5)), 1)                       # ties on purpose
    assert ec.hamming_loss(Y, Yp) == pytest.approx(skm.hamming_loss(Y, Yp))
    assert ec.jaccard(Y, Yp).mean == pytest.approx(skm.jaccard_score(Y, Yp, average="samples", zero_division=1))
    assert ec.coverage_error(Y, S) == pytest.approx(skm.coverage_error(Y, S))
    assert ec.label_ranking_average_precision(Y, S) == pytest.approx(skm.label_ranking_average_precision_score(Y, S))
    assert ec.label_ranking_loss(Y, S) == pytest.approx(skm.label_ranking_loss(Y, S))


@pytest.mark.parametrize("seed", SEEDS)
def test_regression(seed):
    rng = np.random.default_rng(seed)
    y = rng.normal(size=50)
    p = y + rng.normal(scale=0.5, size=50) + 0.3
    r = ec.regression_scores(y, p)
    assert r.mae == pytest.approx(skm.mean_absolute_error(y, p))
    assert r.mse == pytest.approx(skm.mean_squared_error(y, p))
    assert r.explained_variance == pytest.approx(skm.explained_variance_score(y, p))
    assert r.r2 == pytest.approx(skm.r2_score(y, p))
    shifted = ec.regression_scores(y, p + 1.0)                 # a constant bias: EV blind, R² not
    assert shifted.explained_variance == pytest.approx(r.explained_variance) and shifted.r2 < r.r2


@pytest.mark.parametrize("seed", SEEDS)
def test_clustering(seed):
    rng = np.random.default_rng(seed)
    u = rng.integers(0, 3, 40)
    v = rng.integers(0, 4, 40)
    assert ec.rand_index(u, v) == pytest.approx(skm.rand_score(u, v))
    assert ec.adjusted_rand_index(u, v) == pytest.approx(skm.adjusted_rand_score(u, v))
    assert ec.mutual_information(u, v) == pytest.approx(skm.mutual_info_score(u, v))
    for avg in ("geometric", "arithmetic", "min", "max"):
        assert ec.normalized_mutual_information(u, v, average=avg) == pytest.approx(
            skm.normalized_mutual_info_score(u, v, average_method=avg))
        assert ec.adjusted_mutual_information(u, v, average=avg) == pytest.approx(
            skm.adjusted_mutual_info_score(u, v, average_method=avg), abs=1e-9)
    X = rng.normal(size=(40, 2)) + u[:, None] * 2
    np.testing.assert_allclose(ec.silhouette(X, u).per_sample, skm.silhouette_samples(X, u))


def test_edge_cases():
    same = [0, 0, 1, 1, 2]
    assert ec.adjusted_rand_index(same, [5, 5, 7, 7, 9]) == 1.0
    assert ec.normalized_mutual_information(same, same) == pytest.approx(1.0)
    assert ec.adjusted_mutual_information(same, same) == pytest.approx(1.0)
    assert ec.adjusted_rand_index([0, 0, 0], [1, 1, 1]) == skm.adjusted_rand_score([0, 0, 0], [1, 1, 1])
    with pytest.raises(ec.DataError, match="at least 2 clusters"):
        ec.silhouette([[0, 0], [1, 1], [2, 2]], [0, 0, 0])
    Y = np.zeros((3, 4), int)                                   # a label column all zeros
    Y[0, 1] = 1
    S = np.ones((3, 4))                                        # all-equal scores
    assert ec.label_ranking_loss(Y, S) == pytest.approx(skm.label_ranking_loss(Y, S))
    assert ec.coverage_error(Y, S) == pytest.approx(skm.coverage_error(Y, S))
    with pytest.raises(ec.DataError):
        ec.log_loss([1, 1], [0.5, 1.5])
    assert np.isnan(ec.regression_scores([2.0, 2.0], [1.0, 3.0]).r2)


def test_a_label_outside_the_table_s_classes_is_named_as_the_page_names_them():
    """The lab's three-class table holds cat / dog / rabbit and shows them as 猫 / 狗 / 兔: its message names
    them so in Chinese, as the labels in English, and a label without a name as itself."""
    names = {"cat": ec.Bi("cat", "猫"), "dog": ec.Bi("dog", "狗")}
    with pytest.raises(ec.DataError) as err:
        ec.table_labels(["dog", "cat", "horse"], "y", ("cat", "dog", "rabbit"), names=names)
    assert err.value.params["row"] == 3
    assert err.value.text("zh").endswith("只能是猫、狗、rabbit 之一。")     # no space between two Han characters
    assert str(err.value).endswith("one of cat, dog, rabbit.")
    with pytest.raises(ec.DataError) as plain:
        ec.table_labels([2], "y", (0, 1))
    assert plain.value.text("zh").endswith("只能是 0, 1 之一。") and str(plain.value).endswith("one of 0, 1.")
    assert ec.table_labels(["dog", "cat"], "y", ("cat", "dog"), names=names) == ["dog", "cat"]
