"""Built-in data sets for the lab.

Predictions (:class:`PredictionSet`): three small worked examples of ROC/AUC,
西瓜数据集 3.0 with out-of-sample scores, scikit-learn's breast-cancer data
with three models, and a two-Gaussian score generator.

Features (:class:`FeatureSet`), for training learners: 西瓜数据集 3.0
(密度, 含糖率), breast cancer (30 features), and a two-Gaussian generator
whose true error is known (:mod:`evalcore.gaussian`).

The data files ship inside the package (``evalcore/data/``).

``import evalcore`` does not import this module's optional dependencies:
scikit-learn is imported only inside :func:`breast_cancer`.
"""
from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ._validation import DataError, check_count, check_open_unit, check_real
from .adaboost import fit_adaboost, load_horse_colic
from .estimates import GaussianProblem
from .loading import LabelSet, PredictionSet

DATA = Path(__file__).resolve().parent / "data"


def _pset(y, scores, name, pos="+", neg="-", ids=None) -> PredictionSet:
    y = np.asarray(y, dtype=np.int8)
    return PredictionSet(y, {k: np.asarray(v, dtype=np.float64) for k, v in scores.items()},
                         pos, neg, int(y.sum()), int(y.shape[0] - y.sum()), [], "y_true", name,
                         None if ids is None else np.asarray(ids, dtype=object))


def seed_nine() -> PredictionSet:
    """The 9-sample ROC worked example (AUC = 0.4, l_rank = 0.6)."""
    ids = ["x5", "x2", "x7", "x4", "x1", "x6", "x3", "x8", "x9"]
    y = [0, 1, 0, 0, 1, 0, 1, 1, 0]
    s = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]
    return _pset(y, {"P(+)": s}, "seed-9", ids=ids)


def seed_five() -> PredictionSet:
    """The 5-sample ROC worked example (AUC = 5/6)."""
    return _pset([1, 1, 0, 0, 1], {"p": [0.5, 0.6, 0.55, 0.4, 0.7]}, "seed-5",
                 ids=["1", "2", "3", "4", "5"])


def seed_four() -> PredictionSet:
    """The 4-sample rank worked example (AUC = 0.75)."""
    return _pset([1, 0, 1, 0], {"P(+|x)": [0.8, 0.4, 0.3, 0.1]}, "seed-4",
                 ids=["X4", "X2", "X3", "X1"])


def _fit_logistic(X, y, ridge=1e-3, iters=50):
    """Logistic regression by Newton's method (textbook 3.3, (3.27)-(3.31)),
    with a small ridge on the weights for stability."""
    Xb = np.column_stack([X, np.ones(X.shape[0])])
    beta = np.zeros(Xb.shape[1])
    reg = np.full(Xb.shape[1], ridge)
    reg[-1] = 0.0
    for _ in range(iters):
        p = 1.0 / (1.0 + np.exp(-Xb @ beta))
        grad = Xb.T @ (p - y) + reg * beta
        hess = (Xb * (p * (1 - p))[:, None]).T @ Xb + np.diag(reg)
        step = np.linalg.solve(hess, grad)
        beta -= step
        if np.abs(step).max() < 1e-10:
            break
    return beta


def watermelon() -> PredictionSet:
    """西瓜数据集 3.0: P(好瓜) from logistic regression on 密度 and 含糖率,
    each melon scored by the model fitted on the other 16 (leave-one-out)."""
    rows = _watermelon_rows()
    X = np.array([[float(r["密度"]), float(r["含糖率"])] for r in rows])
    y = np.array([r["好瓜"] == "是" for r in rows], dtype=np.float64)
    s = np.empty(len(rows))
    for i in range(len(rows)):
        keep = np.arange(len(rows)) != i
        beta = _fit_logistic(X[keep], y[keep])
        s[i] = 1.0 / (1.0 + np.exp(-(X[i] @ beta[:2] + beta[2])))
    return _pset(y, {"logit-LOO": s}, "watermelon-3.0", pos="是", neg="否",
                 ids=[r["编号"] for r in rows])


def breast_cancer(seed: int = 0) -> PredictionSet:
    """scikit-learn's breast-cancer data (positive = malignant), three models
    fitted on a stratified half and scored on the held-out half."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.naive_bayes import GaussianNB
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.tree import DecisionTreeClassifier

    X, t = load_breast_cancer(return_X_y=True)
    y = (t == 0).astype(np.int8)  # 0 = malignant in scikit-learn's coding
    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.5, stratify=y, random_state=seed)
    models = {
        "logistic": make_pipeline(StandardScaler(), LogisticRegression(C=0.05, max_iter=1000)),
        "naive_bayes": GaussianNB(),
        "tree_depth2": DecisionTreeClassifier(max_depth=2, random_state=seed),
    }
    scores = {name: m.fit(Xtr, ytr).predict_proba(Xte)[:, 1] for name, m in models.items()}
    return _pset(yte, scores, "breast-cancer", pos="malignant", neg="benign")


def synthetic(n: int = 1000, separation: float = 1.5, pos_rate: float = 0.5, seed: int = 0) -> PredictionSet:
    """Two Gaussian score distributions.

    Model ``A``: negatives N(0, 1), positives N(separation, 1).
    Model ``B``: negatives N(0, 1.5^2), positives N(0.8 separation, 0.6^2) —
    a different shape, so the two models' curves can cross.
    ``n_pos = round(n * pos_rate)``, at least one of each class.
    """
    nn = check_count(n, "n", minimum=2)
    d = check_real(separation, "separation")
    r = check_open_unit(pos_rate, "pos_rate")
    n_pos = min(max(int(round(nn * r)), 1), nn - 1)
    rng = np.random.default_rng(seed)
    y = np.zeros(nn, dtype=np.int8)
    y[:n_pos] = 1
    rng.shuffle(y)
    pos = y == 1
    z1 = rng.standard_normal(nn)
    z2 = rng.standard_normal(nn)
    a = z1 + d * pos
    b = np.where(pos, 0.8 * d + 0.6 * z2, 1.5 * z2)
    return _pset(y, {"A": a, "B": b}, f"synthetic(n={nn}, d={d:g}, pos={r:g})")


def kappa_example() -> LabelSet:
    """A 50-sample kappa worked example: Ground vs Predict with counts
    (1,1) = 20, (0,1) = 5 [predicted 1, true 0], (1,0) = 10, (0,0) = 15; kappa = 0.4."""
    yt = ["1"] * 20 + ["0"] * 5 + ["1"] * 10 + ["0"] * 15
    yp = ["1"] * 25 + ["0"] * 25
    return LabelSet(np.array(yt, dtype=object), np.array(yp, dtype=object), np.array(["0", "1"], dtype=object))


def animals_example() -> LabelSet:
    """A 3-class example (cat / dog / rabbit) for the K x K matrix."""
    cm = {"cat": {"cat": 5, "dog": 3, "rabbit": 0},
          "dog": {"cat": 2, "dog": 3, "rabbit": 1},
          "rabbit": {"cat": 0, "dog": 2, "rabbit": 11}}
    yt, yp = [], []
    for t, row in cm.items():
        for p, c in row.items():
            yt += [t] * c
            yp += [p] * c
    return LabelSet(np.array(yt, dtype=object), np.array(yp, dtype=object),
                    np.array(["cat", "dog", "rabbit"], dtype=object))


# ------------------------------------------------------------ features
@dataclass(frozen=True, eq=False)
class FeatureSet:
    """A data set with features, for training learners.

    ``X`` (n, d) float64; ``y`` (n,) int8, 1 = positive; ``feature_names``
    (d names); ``pos_label`` / ``neg_label`` as the source writes them;
    ``name`` for display."""

    X: np.ndarray
    y: np.ndarray
    feature_names: tuple
    pos_label: str
    neg_label: str
    name: str

    @property
    def n(self) -> int:
        return int(self.y.shape[0])

    @property
    def n_pos(self) -> int:
        return int(self.y.sum())


def _watermelon_rows() -> list[dict]:
    with open(DATA / "watermelon-3.0.csv", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def watermelon_features() -> FeatureSet:
    """西瓜数据集 3.0 (17 melons): 密度 and 含糖率, positive = 好瓜 是."""
    rows = _watermelon_rows()
    X = np.array([[float(r["密度"]), float(r["含糖率"])] for r in rows])
    y = np.array([r["好瓜"] == "是" for r in rows], dtype=np.int8)
    return FeatureSet(X, y, ("密度", "含糖率"), "是", "否", "watermelon-3.0")


def breast_cancer_features() -> FeatureSet:
    """scikit-learn's breast-cancer data (569 samples, 30 features),
    positive = malignant.  Imports scikit-learn."""
    from sklearn.datasets import load_breast_cancer

    data = load_breast_cancer()
    y = (data.target == 0).astype(np.int8)  # 0 = malignant in scikit-learn's coding
    return FeatureSet(np.asarray(data.data, dtype=np.float64), y, tuple(data.feature_names), "malignant",
                      "benign", "breast-cancer")


def gaussian_features(n: int = 300, separation: float = 1.5, seed: int = 0) -> FeatureSet:
    """n samples of :meth:`GaussianProblem.default` (two 2-D Gaussian classes
    whose true error is known exactly)."""
    X, y = GaussianProblem.default(separation).sample(n, seed=seed)
    return FeatureSet(X, y, ("x1", "x2"), "+", "-", f"gaussian(n={n}, d={separation:g})")


FEATURE_SETS = {"watermelon": watermelon_features, "breast-cancer": breast_cancer_features,
                "gaussian": gaussian_features}


def horse_colic() -> PredictionSet:
    """The horse-colic training data scored by AdaBoost with decision stumps
    after 10 and after 50 rounds (models "adaboost-10", "adaboost-50"), on
    the training data itself as *Machine Learning in Action* draws its ROC:
    the scores are weighted votes with many ties."""
    X, y = load_horse_colic(part="train")
    scores = {f"adaboost-{n}": fit_adaboost(X, y, n).decision_function(X) for n in (10, 50)}
    return _pset(y, scores, "horse-colic", pos="+1", neg="-1")


def resolve(name: str, **kw) -> PredictionSet:
    """A built-in set by name: seed-9, seed-5, seed-4, watermelon, breast-cancer, horse-colic, synthetic."""
    table = {"seed-9": seed_nine, "seed-5": seed_five, "seed-4": seed_four, "watermelon": watermelon,
             "breast-cancer": breast_cancer, "horse-colic": horse_colic, "synthetic": synthetic}
    if name not in table:
        raise DataError("bad_option", name="data set", options=tuple(table), value=name)
    return table[name](**kw)
