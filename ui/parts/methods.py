"""The evaluation-methods page's experiments: real learners trained on the
splits evalcore makes, cached per setting (shared by every session, bounded)
with a worded progress bar, and the truth study's section.  Model fitting
stays out of evalcore."""
from __future__ import annotations

import numpy as np
import streamlit as st

import evalcore as ec

from ui.protect import heavy
from ui.core.data import feature_set
from evalcore.figures.methods import truth_figure

from ui.core.charts import chart
from ui.core.i18n import formula, t, t_fig, texts
from ui.core.state import SS
from ui.core.learners import factory, quiet

PAGE_STRINGS = "methods."
FRACTIONS = ec.HOLDOUT_FRACTIONS
KS = ec.CV_KS
HOLDOUT_REPEATS = 10                        # random splits per test fraction in the hold-out spread
CV_REPEATS = 2                              # repetitions per k in the k-fold spread
GRID = (0.0, 0.002, 0.005, 0.01, 0.02, 0.05)   # ccp_alpha of the tuning example (a trade-off on breast cancer)
TRUTH_DRAWS = 100_000                       # fresh test points for a learner whose true error has no formula
TRUTH_REPEATS = 25                          # training sets in the truth study
TRUTH_BOOTS = 20                            # bootstrap resamples per training set in the truth study
TRUTH_SEPARATION = 1.5
METHODS = ec.ESTIMATORS


class _Progress:
    """A worded progress bar for evalcore's ``on_progress(done, total)``."""

    def __init__(self, total: int):
        self.bar = st.progress(0.0, text=t("common.training", i=0, n=total))

    def __call__(self, done: int, total: int):
        if done == total or done % max(1, total // 20) == 0:      # about 20 updates: each is a message
            self.bar.progress(min(1.0, done / total), text=t("common.training", i=done, n=total))

    def close(self):
        self.bar.empty()


def _learner(learner: tuple):
    return factory(learner[0], **dict(learner[1]))


def _rows(fs_name: str) -> int:
    return int(feature_set(fs_name).y.shape[0])


@st.cache_data(max_entries=16, show_spinner=False)
@heavy.job(cost=lambda fs_name, learner, stratify, seed=0: len(FRACTIONS) * HOLDOUT_REPEATS * _rows(fs_name))
def holdout_spread(fs_name: str, learner: tuple, stratify: bool, seed: int = 0) -> np.ndarray:
    """(len(FRACTIONS), HOLDOUT_REPEATS) hold-out error estimates at each test fraction."""
    fs = feature_set(fs_name)
    bar = _Progress(len(FRACTIONS) * HOLDOUT_REPEATS)
    try:
        with quiet():
            return ec.holdout_spread(fs.X, fs.y, _learner(learner), repeats=HOLDOUT_REPEATS, stratify=stratify,
                                     seed=seed, on_progress=bar)
    finally:
        bar.close()


@st.cache_data(max_entries=16, show_spinner=False)
@heavy.job(cost=lambda fs_name, learner, seed=0: sum(KS) * CV_REPEATS * _rows(fs_name))
def cv_by_k(fs_name: str, learner: tuple, seed: int = 0) -> np.ndarray:
    """(len(KS), CV_REPEATS) k-fold estimates for each k (nan where a class is smaller than k)."""
    fs = feature_set(fs_name)
    bar = _Progress(sum(k for k in KS if k <= int(np.bincount(fs.y).min())) * CV_REPEATS)
    try:
        with quiet():
            return ec.cv_spread(fs.X, fs.y, _learner(learner), repeats=CV_REPEATS, seed=seed, on_progress=bar)
    finally:
        bar.close()


@st.cache_resource(max_entries=4, show_spinner=False)
def _truth_points(separation: float, seed: int):
    X, y = ec.GaussianProblem.default(separation).sample(TRUTH_DRAWS, seed=seed)
    X.flags.writeable = False
    y.flags.writeable = False
    return X, y


def _true_error(learner: tuple, problem: ec.GaussianProblem, separation: float, seed: int):
    """The true error of a fitted model: exact for the logistic model (a
    linear rule, evalcore's formula), else its error on 10^5 fresh points."""
    if learner[0] == "logistic":       # a scaler, then the linear model: evalcore's exact error
        return lambda model: problem.standardised_rule_error(model[-1].coef_[0], model[-1].intercept_[0],
                                                             model[0].mean_, model[0].scale_)
    tx, ty = _truth_points(separation, seed + 99)
    return lambda model: ec.error_rate(ty, model.predict(tx))


def _truth_cost(learner, n, repeats=TRUTH_REPEATS, seed=0):
    loo = n if n <= ec.STUDY_LOO_MAX_N else 0
    return repeats * ((12 + loo + TRUTH_BOOTS) * n + TRUTH_DRAWS * (n if learner[0] == "knn" else 1))


@st.cache_data(max_entries=8, show_spinner=False)
@heavy.job(cost=_truth_cost)
def truth_study(learner: tuple, n: int, repeats: int = TRUTH_REPEATS, seed: int = 0) -> ec.EstimatorStudy:
    """evalcore's estimator study on the Gaussian problem (separation
    TRUTH_SEPARATION): ``repeats`` training sets of ``n``."""
    problem = ec.GaussianProblem.default(TRUTH_SEPARATION)
    bar = _Progress(repeats)
    try:
        with quiet():
            return ec.estimator_study(problem, _learner(learner), n=n, repeats=repeats, boots=TRUTH_BOOTS, seed=seed,
                                      true_error=_true_error(learner, problem, TRUTH_SEPARATION, seed),
                                      on_progress=bar)
    finally:
        bar.close()


# The spreads at the page's default data set for each learner at its default setting, computed once
# per server process in the background (started by the process's first page run, ui.open_page; not on
# import, so a process that only imports ui, such as a test's, does no such work), so that a class's
# first learner switch finds them ready.  A failure only leaves the work to the first click.
DEFAULT_LEARNERS = (("tree", (("depth", 3),)), ("logistic", ()), ("knn", (("neighbors", 5),)))


def _warm() -> None:
    for learner in DEFAULT_LEARNERS:
        holdout_spread("breast-cancer", learner, True)
        cv_by_k("breast-cancer", learner)


def warm_start() -> None:
    """Start computing the default spreads in the background, once per process."""
    heavy.warm("methods-warm-start", _warm)


@st.cache_data(max_entries=8, show_spinner=False)
def tuning(fs_name: str, seed: int = 0):
    """Train / validation / test: the validation error of a pruned tree at
    each ccp_alpha of GRID, the chosen one, and the final model's test error
    after retraining on train + validation."""
    fs = feature_set(fs_name)
    outer = ec.holdout_split(fs.y, 0.25, seed=seed)                       # the test set, used once
    inner = ec.holdout_split(fs.y[outer.train], 0.25, seed=seed + 1)       # validation inside training data
    tr, va = outer.train[inner.train], outer.train[inner.test]
    with quiet():
        val = ec.errors_on_folds(fs.X, fs.y, [ec.Split(tr, va)],
                                 [factory("tree", depth=8, ccp_alpha=a) for a in GRID])[0]
        best = GRID[int(np.argmin(val))]
        test_err = ec.errors_on_folds(fs.X, fs.y, [ec.Split(outer.train, outer.test)],
                                      [factory("tree", depth=8, ccp_alpha=best)])[0, 0]
    return np.asarray(val), best, float(test_err), (len(tr), len(va), len(outer.test))


# ------------------------------------------------------------- the bootstrap
OOB_MS = (2, 3, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000)
OOB_REPEATS = 10_000


@st.cache_resource(max_entries=32, show_spinner=False)
def bootstrap(m: int, seed: int) -> ec.BootstrapSample:
    """One bootstrap sample of m (read-only)."""
    b = ec.bootstrap_sample(m, seed=seed)
    for a in (b.draws, b.counts, b.oob):
        a.flags.writeable = False
    return b


@st.cache_data(max_entries=2, show_spinner=False)
def oob_limit():
    """(1 - 1/m)^m beside simulated out-of-bag fractions over OOB_MS, 2,000 repeats each (read-only)."""
    return ec.oob_limit(OOB_MS, repeats=2000)


@st.cache_data(max_entries=16, show_spinner=False)
def oob_repeats(m: int) -> np.ndarray:
    """The out-of-bag fraction of OOB_REPEATS bootstrap samples of m."""
    return ec.oob_fraction(m, OOB_REPEATS, seed=0)


def smallest_class(fs_name: str) -> int:
    """The size of the smallest class of a feature set (it bounds stratified k)."""
    return int(np.bincount(feature_set(fs_name).y).min())


def smallest_training_set(fs_name: str, stratify: bool) -> int:
    """The fewest samples any model of the page's hold-out and k-fold
    spreads on ``fs_name`` is trained on: the hold-out split at the largest
    test fraction, and the 2-fold split (k-NN with a larger k lets every
    sample of such a set vote, ``ui.core.learners.NeighborsUpTo``)."""
    y = feature_set(fs_name).y
    holdout = ec.holdout_split(y, max(FRACTIONS), stratify=stratify, seed=0).train.size
    folds = ec.kfold_splits(y, min(KS), seed=0).splits()
    return int(min(holdout, *(f.train.size for f in folds)))


def learner_text(learner: tuple) -> str:
    """A learner with the setting it was run at ("decision tree (depth 8)"), for a sentence."""
    name, params = learner
    if not params:
        return t(f"methods.learner.{name}")
    return t(f"methods.learner.{name}.at", v=dict(params)[{"tree": "depth", "knn": "neighbors"}[name]])


def truth_sentences(study: ec.EstimatorStudy, names) -> list[tuple[str, dict]]:
    """The truth study's verdict as (string key, values): the estimator
    closest to the truth, and which lie significantly above or below it or
    not, all read from ``study`` (evalcore's bias, SE and RMSE)."""
    out = [("methods.truth.closest", dict(name=names[study.closest], rmse=f"{study.rmse[study.closest]:.4f}"))]
    ran = [j for j in range(len(names)) if study.ran[j]]
    groups = {"methods.truth.pessimistic": [j for j in ran if study.significant[j] and study.bias[j] > 0],
              "methods.truth.optimistic": [j for j in ran if study.significant[j] and study.bias[j] < 0],
              "methods.truth.unbiased": [j for j in ran if not study.significant[j]]}
    for key, js in groups.items():
        if js:
            out.append((key, dict(names=", ".join(f"{names[j]} ({study.bias[j]:+.4f} ± {study.bias_se[j]:.4f})"
                                                   for j in js))))
    return out


def truth_section(learner: tuple, n: int) -> None:
    """The truth study's result for the settings it was run at (session key
    ``methods.truth_on``: (learner, n), or True for the current ones),
    marked stale when the settings have changed since: never recomputed
    by a change, only by Run."""
    asked = SS.get("methods.truth_on")
    if not asked:
        return
    asked = (learner, n) if asked is True else tuple(asked)   # True: the current settings (a test, a link)
    study = truth_study(*asked, TRUTH_REPEATS)       # cached: a stale result costs nothing
    if asked != (learner, n):
        st.warning(t("methods.truth.stale", learner=learner_text(asked[0]), n=asked[1]))
    names = [t(f"methods.method.{mm}") for mm in METHODS]
    chart(truth_figure(study.estimates, study.truth, names, text={
        **texts("methods.truthfig.", "x", "y", "zero"),
        "title": t_fig("methods.truthfig.title", r=study.estimates.shape[0])}), key="methods_truth")
    knn = dict(asked[0][1]).get("neighbors") if asked[0][0] == "knn" else None
    if knn is not None and knn > study.smallest_train:
        st.caption(t("methods.truth.neighbors", k=knn, m=study.smallest_train))
    headers = [t(f"methods.col.{c}") for c in ("method", "mean", "bias", "rmse", "truth")]
    st.dataframe(truth_table(study, names, headers), hide_index=True)
    for line in truth_sentences(study, names):
        st.markdown(t(line[0], **line[1]))
    if not study.ran[METHODS.index("loo")]:
        st.caption(t("methods.truth.noloo", loo=ec.STUDY_LOO_MAX_N))
    st.markdown(t("methods.truth.body", r=study.estimates.shape[0]))
    formula("methods.b632")
    formula("methods.b632plus")


def truth_table(study: ec.EstimatorStudy, names, headers) -> dict:
    """Per estimator (columns ``headers``: estimator, mean, bias ± SE, rmse,
    truth): evalcore's numbers, formatted; "—" where an estimator was not run."""
    cols = range(study.estimates.shape[1])
    ran = study.ran

    def f(j, text):
        return text if ran[j] else "—"
    mean = study.mean
    return dict(zip(headers, (list(names), [f(j, f"{mean[j]:.4f}") for j in cols],
                              [f(j, f"{study.bias[j]:+.4f} ± {study.bias_se[j]:.4f}") for j in cols],
                              [f(j, f"{study.rmse[j]:.4f}") for j in cols],
                              [f"{study.truth_mean:.4f}"] * len(cols))))


@st.cache_data(max_entries=4, show_spinner=False)
def horse_colic_report(rounds: int) -> ec.HorseColicReport:
    """AdaBoost on horse colic (train and test), computed once."""
    return ec.horse_colic_report(rounds)
