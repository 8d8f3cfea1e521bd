"""Real learners (scikit-learn) for the pages that run experiments: a few
models by name, and the one call that trains two learners (or all of them)
on shared folds for the comparison tests (:func:`run`), with its controls
(:func:`run_controls`).  The folds and the error rates are evalcore's
(``evalcore.crossval``); model fitting stays out of evalcore."""
from __future__ import annotations

import contextlib

import numpy as np
import streamlit as st
from threadpoolctl import threadpool_limits

import evalcore as ec

from ui.protect import bounds
from ui.protect import heavy
from ui.core.data import feature_set
from ui.core.i18n import labels, show_error, t
from ui.core.state import SS, bind

LEARNERS = ("logistic", "tree", "knn", "naive_bayes")
RUNS = ("paired", "cv5x2", "friedman")      # what "run it" fills: a paired CV table, a 5x2cv table, a Friedman table
RUN_SETS = ("breast-cancer", "watermelon")  # the data sets offered for a paired run
FRIEDMAN_SETS = ("watermelon", "breast-cancer", "gaussian")


def make(name: str, *, depth: int = 3, neighbors: int = 5, ccp_alpha: float = 0.0):
    """A fresh scikit-learn estimator for ``name`` (one of :data:`LEARNERS`);
    ``depth`` and ``ccp_alpha`` for the tree, ``neighbors`` for k-NN.
    scikit-learn is imported here, at the first fit (about 1 s on 2 cores),
    not when a page that never fits a learner imports this module."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.naive_bayes import GaussianNB
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.tree import DecisionTreeClassifier

    return {
        "logistic": lambda: make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)),
        "tree": lambda: DecisionTreeClassifier(max_depth=depth, ccp_alpha=ccp_alpha, random_state=0),
        "knn": lambda: NeighborsUpTo(neighbors, lambda k: make_pipeline(StandardScaler(),
                                                                        KNeighborsClassifier(n_neighbors=k))),
        "naive_bayes": lambda: GaussianNB(),
    }[name]()


class NeighborsUpTo:
    """k-NN with at most ``neighbors`` neighbours: on a training set of
    fewer samples every sample votes (k = the training set's size), where
    scikit-learn refuses to fit (a fold of 4 samples with k = 5 stopped the
    evaluation-methods page).  The page says when this happens
    (``ui.parts.methods.smallest_training_set``).  ``build(k)`` makes the
    k-NN model (:func:`make` passes it: scikit-learn is imported at the
    first fit)."""

    def __init__(self, neighbors: int, build):
        self.neighbors, self._build = int(neighbors), build

    def fit(self, X, y):
        self.model_ = self._build(min(self.neighbors, len(X))).fit(X, y)
        self.classes_ = self.model_.classes_
        return self

    def predict(self, X):
        return self.model_.predict(X)

    def predict_proba(self, X):
        return self.model_.predict_proba(X)


def _factory(name: str):
    return lambda: make(name)


@contextlib.contextmanager
def quiet():
    """Fits with one BLAS thread each (on a shared 2-core server more threads
    only queue: a logistic fit took up to 7x longer with them) and
    scikit-learn's input checks off (the built-in data are finite and
    checked once, in evalcore)."""
    import sklearn

    with threadpool_limits(1), sklearn.config_context(assume_finite=True, skip_parameter_validation=True):
        yield


def factory(name: str, **params):
    """A learner for evalcore (a call makes a fresh model): ``make(name, **params)``."""
    return lambda: make(name, **params)


def _errors(fs_name: str, names: tuple, folds, progress=None) -> np.ndarray:
    """evalcore's :func:`errors_on_folds` on a built-in feature set, :func:`quiet`."""
    fs = feature_set(fs_name)
    with quiet():
        return ec.errors_on_folds(fs.X, fs.y, folds, [_factory(n) for n in names], names=names,
                                  on_progress=progress)


def _rows(fs_name: str) -> int:
    return int(feature_set(fs_name).y.shape[0])


def paired_folds(fs_name: str) -> int:
    """k of a paired run on ``fs_name``: the book's 10 folds, or as many as
    the smallest class allows (stratified folds need every class in each:
    watermelon's 8 bad melons give 8 folds; the page says so)."""
    return int(min(ec.PAIRED_CV_FOLDS, np.bincount(feature_set(fs_name).y).min()))


def _cost(kind: str, fs_name: str, a: str, b: str, seed: int, progress=None) -> float:
    """Sample-operations of a run (``ui.protect.heavy``): fits times rows."""
    if kind == "paired":
        return 2 * paired_folds(fs_name) * _rows(fs_name)
    if kind == "cv5x2":
        return 2 * ec.CV5X2_REPLICATIONS * ec.CV5X2_FOLDS * _rows(fs_name)
    return ec.FRIEDMAN_CV_FOLDS * len(LEARNERS) * sum(_rows(f) for f in FRIEDMAN_SETS)


@st.cache_data(max_entries=16, show_spinner=False)
@heavy.job(cost=lambda fs_name, a, b, k=10, seed=0: 2 * k * _rows(fs_name))
def paired_cv(fs_name: str, a: str, b: str, k: int = 10, seed: int = 0) -> np.ndarray:
    """(k, 2) error rates of learners ``a`` and ``b`` on the same k stratified folds."""
    return _errors(fs_name, (a, b), ec.paired_cv_folds(feature_set(fs_name).y, k=k, seed=seed))


@heavy.job(cost=_cost)
def _compute(kind: str, fs_name: str, a: str, b: str, seed: int, progress=None) -> dict:
    if kind == "paired":
        e = _errors(fs_name, (a, b), ec.paired_cv_folds(feature_set(fs_name).y, k=paired_folds(fs_name), seed=seed),
                    progress)
        return {"A": e[:, 0].tolist(), "B": e[:, 1].tolist()}
    if kind == "cv5x2":
        ea, eb = ec.cv5x2_tables(_errors(fs_name, (a, b), ec.cv5x2_folds(feature_set(fs_name).y, seed=seed),
                                         progress))
        return {"A1": ea[:, 0].tolist(), "A2": ea[:, 1].tolist(), "B1": eb[:, 0].tolist(), "B2": eb[:, 1].tolist()}
    table = {name: [] for name in LEARNERS}
    for name in FRIEDMAN_SETS:
        folds = ec.paired_cv_folds(feature_set(name).y, k=ec.FRIEDMAN_CV_FOLDS, seed=seed)
        for learner, err in zip(LEARNERS, ec.pooled_errors(_errors(name, LEARNERS, folds, progress), folds)):
            table[learner].append(float(err))
    return table


# The runs at the page's default settings, computed once per server process in the background
# (started by the process's first page run, ui.open_page; not on import): a class's first click finds
# them ready.
DEFAULT_ARGS = ("breast-cancer", "logistic", "naive_bayes", 0)
_WARM: dict[str, dict] = {}


def _warm() -> None:
    for kind in RUNS:
        _WARM[kind] = _compute(kind, *DEFAULT_ARGS)


def warm_start() -> None:
    """Start the default runs in the background, once per process."""
    heavy.warm("compare-warm-start", _warm)


@st.cache_data(max_entries=32, show_spinner=False)
def run(kind: str, fs_name: str = "breast-cancer", a: str = "logistic", b: str = "naive_bayes",
        seed: int = 0) -> dict:
    """The heavy part of "run it", in one call (cached for every session):
    ``kind`` "paired" (10-fold CV of ``a`` and ``b`` on ``fs_name``, fewer
    folds where a class is smaller: :func:`paired_folds`),
    "cv5x2" (5 x 2-fold CV) or "friedman" (every learner, 5-fold CV, on
    every data set of :data:`FRIEDMAN_SETS`).  Returns the page's table
    as {column: values}; a DataError when a learner fails or a class is too
    small for the folds.  The default settings come from the warm start."""
    if kind == "friedman":
        fs_name, a, b = DEFAULT_ARGS[:3]
    if (fs_name, a, b, seed) == DEFAULT_ARGS and kind in _WARM:
        return _WARM[kind]
    total = {"paired": 2 * paired_folds(fs_name), "cv5x2": 2 * ec.CV5X2_REPLICATIONS * ec.CV5X2_FOLDS}.get(kind)
    bar = st.progress(0.0, text=t("common.training", i=0, n=total or "…"))

    def progress(done, n):
        if total is not None and (done % 2 == 0 or done == n):    # one update per fold: each is a message
            bar.progress(done / n, text=t("common.training", i=done, n=n))

    try:
        return _compute(kind, fs_name, a, b, seed, progress)
    finally:
        bar.empty()


def run_controls(kind: str, table_key: str, *, label: str, help: str, data_label: str,
                 names: dict) -> bool:
    """The "run it" block of a comparison section: for a paired or 5x2cv
    run a data set (labelled ``data_label``) and learners A and B (shown by
    ``names``; session keys ``compare.fs.<kind>``, ``compare.a.<kind>``,
    ``compare.b.<kind>``), and the button ``label``.  A click calls
    :func:`run` once and puts its table into ``SS[table_key]`` (its editor
    drawn anew; a Friedman table's columns are named by
    ``names``); a failure is shown and the table stays.  Returns True when
    the table changed (the page reruns)."""
    args = ()
    if kind != "friedman":
        c1, c2, c3, c4 = st.columns([1.2, 1, 1, 1])
        c1.selectbox(data_label, RUN_SETS, format_func=labels("common.fs.", RUN_SETS).get,
                     **bind(f"compare.fs.{kind}", RUN_SETS[0]))
        k = paired_folds(SS[f"compare.fs.{kind}"])
        if kind == "paired" and k < ec.PAIRED_CV_FOLDS:        # the run itself chooses the folds the data allow
            c1.caption(t("common.run.folds", k=k, c=k, book=ec.PAIRED_CV_FOLDS))
        c2.selectbox("A", LEARNERS, format_func=names.get, **bind(f"compare.a.{kind}", LEARNERS[0]))
        c3.selectbox("B", LEARNERS, format_func=names.get, **bind(f"compare.b.{kind}", LEARNERS[3]))
        args = (SS[f"compare.fs.{kind}"], SS[f"compare.a.{kind}"], SS[f"compare.b.{kind}"])
        clicked = c4.button(label, key=f"compare.run.{kind}", help=help)
    else:
        clicked = st.button(label, key=f"compare.run.{kind}", help=help)
    if not clicked:
        return False
    try:
        table = run(kind, *args)
    except ec.DataError as err:
        show_error(err)
        return False
    if kind == "friedman":
        table = {names[k]: v for k, v in table.items()}
    SS[table_key] = table
    bounds.redraw(table_key)
    return True
