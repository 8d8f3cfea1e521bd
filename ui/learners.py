"""Real learners (scikit-learn) for the pages that run experiments: a few
models by name and cross-validation runs of two learners on the same folds,
cached and with a worded progress bar.  Model fitting stays out of evalcore."""
from __future__ import annotations

import numpy as np
import streamlit as st

import evalcore as ec

from . import heavy
from .data import feature_set
from .i18n import t

LEARNERS = ("logistic", "tree", "knn", "naive_bayes")


def make(name: str, *, depth: int = 3, neighbors: int = 5, ccp_alpha: float = 0.0):
    """A fresh scikit-learn estimator for ``name`` (one of :data:`LEARNERS`);
    ``depth`` and ``ccp_alpha`` for the tree, ``neighbors`` for k-NN."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.naive_bayes import GaussianNB
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.tree import DecisionTreeClassifier

    return {
        "logistic": lambda: make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)),
        "tree": lambda: DecisionTreeClassifier(max_depth=depth, ccp_alpha=ccp_alpha, random_state=0),
        "knn": lambda: make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=neighbors)),
        "naive_bayes": lambda: GaussianNB(),
    }[name]()


def _errors_on_folds(fs_name: str, names: tuple, folds, label: str) -> np.ndarray:
    fs = feature_set(fs_name)
    out = np.empty((len(folds), len(names)))
    bar = st.progress(0.0, text=label)
    total = len(folds) * len(names)
    for i, (train, test) in enumerate(folds):
        for j, name in enumerate(names):
            try:
                model = make(name).fit(fs.X[train], fs.y[train])
            except Exception as err:       # e.g. a fold with one class only
                bar.empty()
                raise ec.DataError("learner_failed", learner=name, fold=i + 1, detail=str(err)[:160]) from None
            out[i, j] = float(np.mean(model.predict(fs.X[test]) != fs.y[test]))
            done = i * len(names) + j + 1
            bar.progress(done / total, text=t("common.training", i=done, n=total))
    bar.empty()
    return out


def _rows(fs_name: str) -> int:
    return int(feature_set(fs_name).y.shape[0])


@st.cache_data(max_entries=16, show_spinner=False)
@heavy.job(cost=lambda fs_name, a, b, k=10, seed=0: 2 * k * _rows(fs_name))
def paired_cv(fs_name: str, a: str, b: str, k: int = 10, seed: int = 0) -> np.ndarray:
    """(k, 2) error rates of learners ``a`` and ``b`` on the same k stratified folds."""

    y = feature_set(fs_name).y
    folds = [(s.train, s.test) for s in ec.kfold_splits(y, k, seed=seed).splits()]   # DataError when k is too large
    return _errors_on_folds(fs_name, (a, b), folds, t("common.training", i=0, n=2 * k))


@st.cache_data(max_entries=16, show_spinner=False)
@heavy.job(cost=lambda fs_name, a, b, seed=0: 2 * 10 * _rows(fs_name))
def cv5x2(fs_name: str, a: str, b: str, seed: int = 0) -> np.ndarray:
    """(5, 2, 2) error rates: replication i, fold j, learner (a, b); each
    replication a fresh stratified 2-fold split."""
    from sklearn.model_selection import StratifiedKFold

    y = feature_set(fs_name).y
    folds = [f for i in range(5)
             for f in StratifiedKFold(2, shuffle=True, random_state=seed + i).split(np.zeros(len(y)), y)]
    return _errors_on_folds(fs_name, (a, b), folds, t("common.training", i=0, n=20)).reshape(5, 2, 2)


def correct(ps, model: str, threshold: float) -> np.ndarray:
    """Whether each sample of a predictions set is classified right by
    ``model`` at ``threshold`` (score >= threshold = positive)."""
    return (ps.scores[model] >= threshold) == (ps.y == 1)


FRIEDMAN_SETS = ("watermelon", "breast-cancer", "gaussian")


@st.cache_data(max_entries=4, show_spinner=False)
@heavy.job(cost=lambda k=5, seed=0: k * len(LEARNERS) * sum(_rows(f) for f in FRIEDMAN_SETS))
def friedman_run(k: int = 5, seed: int = 0) -> dict:
    """Every learner of :data:`LEARNERS` on every data set of FRIEDMAN_SETS:
    the mean error of a k-fold stratified CV (the same folds for all learners),
    as {learner: [error per data set]}."""
    table = {name: [] for name in LEARNERS}
    for fs_name in FRIEDMAN_SETS:
        y = feature_set(fs_name).y
        folds = [(s.train, s.test) for s in ec.kfold_splits(y, k, seed=seed).splits()]
        errs = _errors_on_folds(fs_name, LEARNERS, folds, t("common.training", i=0, n=len(folds) * len(LEARNERS)))
        for j, name in enumerate(LEARNERS):
            table[name].append(float(np.average(errs[:, j], weights=[len(test) for _, test in folds])))
    return table
