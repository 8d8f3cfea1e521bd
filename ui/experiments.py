"""The evaluation-methods page's experiments: real learners trained on the
splits evalcore makes, cached per setting (shared by every session, bounded)
with a worded progress bar.  Model fitting stays out of evalcore; the
estimators' math (out-of-bag error, .632, the quality table) is evalcore's.
The hold-out and k-fold spreads of every built-in setting are computed ahead
(``deploy/precompute_spreads.py``) and shipped; each heavy job is one call
(:func:`holdout_spread`, :func:`cv_by_k`, :func:`truth_study`)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import streamlit as st

import evalcore as ec

from .data import feature_set
from .i18n import t
from .learners import make

FRACTIONS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
KS = (2, 3, 5, 10, 20)
HOLDOUT_REPEATS = 30                        # hold-out splits per test fraction
CV_REPEATS = 5                              # k-fold runs per k
SHIPPED = Path(__file__).resolve().parent.parent / "assets" / "precomputed" / "methods_spreads.npz"
GRID = (0.0, 0.01, 0.05, 0.4)               # ccp_alpha: a full tree, two pruned ones, a stump -- distinct validation
                                            # errors with the least inside (the book's 0..0.2 by 0.05 gave 4 equal)
TRUTH_REPEATS = 40                          # training sets of the truth study
TRUTH_BOOTS = 25                            # bootstrap models per training set
TRUTH_DRAWS = 100_000                       # fresh test points for a learner whose true error has no formula
METHODS = ("holdout", "cv10", "loo", "oob", "b632", "b632plus")


class _Progress:
    def __init__(self, total: int):
        self.total, self.done = total, 0
        self.bar = st.progress(0.0, text=t("common.training", i=0, n=total))

    def step(self, n: int = 1):
        self.done += n
        self.bar.progress(min(1.0, self.done / self.total), text=t("common.training", i=self.done, n=self.total))

    def close(self):
        self.bar.empty()


def _error(model, X, y) -> float:
    return float(np.mean(model.predict(X) != y))


def _fit(learner: tuple, X, y):
    name, params = learner[0], dict(learner[1])
    return make(name, **params).fit(X, y)


def learner_id(learner: tuple) -> str:
    """A learner setting as a short name: "logistic", "tree-3", "knn-5"."""
    return "-".join([learner[0], *(str(v) for _, v in learner[1])])


def holdout_spread_plain(fs, learner: tuple, stratify: bool, *, repeats: int = HOLDOUT_REPEATS, seed: int = 0,
                         step=lambda n=1: None) -> np.ndarray:
    """(len(FRACTIONS), repeats) hold-out error estimates at each test fraction."""
    out = np.empty((len(FRACTIONS), repeats))
    for i, frac in enumerate(FRACTIONS):
        for r in range(repeats):
            s = ec.holdout_split(fs.y, frac, stratify=stratify, seed=seed + 1000 * i + r)
            out[i, r] = _error(_fit(learner, fs.X[s.train], fs.y[s.train]), fs.X[s.test], fs.y[s.test])
            step()
    return out


def cv_by_k_plain(fs, learner: tuple, *, repeats: int = CV_REPEATS, seed: int = 0, step=lambda n=1: None):
    """(len(KS), repeats) k-fold estimates (the mean of the k fold errors) for each k."""
    ks = [k for k in KS if k <= max_folds(fs.y)]
    out = np.full((len(KS), repeats), np.nan)
    for i, k in enumerate(ks):
        cv = ec.kfold_splits(fs.y, k, repeats=repeats, seed=seed + i)
        errs = []
        for s in cv.splits():
            errs.append(_error(_fit(learner, fs.X[s.train], fs.y[s.train]), fs.X[s.test], fs.y[s.test]) * len(s.test))
            step()
        out[i] = np.asarray(errs).reshape(repeats, k).sum(axis=1) / len(fs.y)
    return out


def max_folds(y) -> int:
    """The most folds stratified k-fold allows: the smallest class's size (at most max(KS))."""
    return int(min(max(KS), np.bincount(np.asarray(y, dtype=np.int64)).min()))


@st.cache_resource(show_spinner=False)
def _shipped() -> dict:
    """The spreads computed ahead for every built-in data set and learner
    setting (deploy/precompute_spreads.py), loaded once per process, read-only."""
    if not SHIPPED.exists():
        return {}
    with np.load(SHIPPED) as z:
        out = {k: z[k] for k in z.files}
    for v in out.values():
        v.flags.writeable = False
    return out


@st.cache_data(max_entries=16, show_spinner=False)
def holdout_spread(fs_name: str, learner: tuple, stratify: bool) -> np.ndarray:
    """:func:`holdout_spread_plain`, shipped or computed once (with a progress bar)."""
    key = f"holdout|{fs_name}|{learner_id(learner)}|{int(stratify)}"
    if key in _shipped():
        return _shipped()[key]
    bar = _Progress(len(FRACTIONS) * HOLDOUT_REPEATS)
    out = holdout_spread_plain(feature_set(fs_name), learner, stratify, step=bar.step)
    bar.close()
    return out


@st.cache_data(max_entries=16, show_spinner=False)
def cv_by_k(fs_name: str, learner: tuple) -> np.ndarray:
    """:func:`cv_by_k_plain`, shipped or computed once (with a progress bar)."""
    key = f"cv|{fs_name}|{learner_id(learner)}"
    if key in _shipped():
        return _shipped()[key]
    fs = feature_set(fs_name)
    bar = _Progress(sum(k for k in KS if k <= max_folds(fs.y)) * CV_REPEATS)
    out = cv_by_k_plain(fs, learner, step=bar.step)
    bar.close()
    return out


@st.cache_resource(max_entries=4, show_spinner=False)
def _truth_points(separation: float, seed: int):
    X, y = ec.GaussianProblem.default(separation).sample(TRUTH_DRAWS, seed=seed)
    X.flags.writeable = False
    y.flags.writeable = False
    return X, y


def _true_error(learner, model, g, tx, ty) -> float:
    if learner[0] == "logistic":            # a linear rule: its true error is exact
        lr, scale = model[-1], model[0]
        w = lr.coef_[0] / scale.scale_
        b = float(lr.intercept_[0] - np.sum(lr.coef_[0] * scale.mean_ / scale.scale_))
        return g.linear_rule_error(w, b)
    return _error(model, tx, ty)


@st.cache_data(max_entries=8, show_spinner=False)
def truth_study(learner: tuple, n: int, repeats: int = TRUTH_REPEATS, separation: float = 1.5,
                boots: int = TRUTH_BOOTS, seed: int = 0):
    """The truth study, one call (the heavy job; a progress bar while it runs):
    for ``repeats`` training sets of ``n`` from the Gaussian problem, each
    method's estimate (repeats, len(METHODS)) and the true error (repeats,).
    A logistic model is a linear rule, so its truth is exact; for others it
    is the error on 10^5 fresh points.  Leave-one-out only for n <= 100."""
    g = ec.GaussianProblem.default(separation)
    tx, ty = _truth_points(separation, seed + 99)
    loo = n <= 100
    bar = _Progress((1 + 1 + 10 + (n if loo else 0) + boots) * repeats)
    est = np.full((repeats, len(METHODS)), np.nan)
    truth = np.empty(repeats)
    for r in range(repeats):
        X, y = g.sample(n, seed=seed + r)
        model = _fit(learner, X, y)
        truth[r] = _true_error(learner, model, g, tx, ty)
        bar.step()
        h = ec.holdout_split(y, 1 / 3, seed=seed + r)
        est[r, 0] = _error(_fit(learner, X[h.train], y[h.train]), X[h.test], y[h.test])
        bar.step()
        cv = ec.kfold_splits(y, 10, seed=seed + r)
        est[r, 1] = sum(_error(_fit(learner, X[s.train], y[s.train]), X[s.test], y[s.test]) * len(s.test)
                        for s in cv.splits()) / n
        bar.step(10)
        if loo:
            est[r, 2] = np.mean([_error(_fit(learner, X[s.train], y[s.train]), X[s.test], y[s.test])
                                 for s in ec.leave_one_out(n).splits()])
            bar.step(n)
        preds, bags = [], []
        for b in range(boots):
            bs = ec.bootstrap_sample(n, seed=seed + 10_000 * r + b)
            bar.step()
            if bs.oob.size == 0 or len(set(y[bs.draws])) < 2:
                continue
            preds.append(_fit(learner, X[bs.draws], y[bs.draws]).predict(X))
            bags.append(bs.counts > 0)
        err_oob = ec.oob_error(y, np.asarray(preds), np.asarray(bags))
        res = ec.bootstrap_632(_error(model, X, y), err_oob, ec.no_information_rate(y, model.predict(X)))
        est[r, 3], est[r, 4], est[r, 5] = err_oob, res.est_632, res.est_632plus
    bar.close()
    return est, truth


@st.cache_data(max_entries=8, show_spinner=False)
def tuning(fs_name: str, seed: int = 0):
    """Train / validation / test: the validation error of a pruned tree at
    each ccp_alpha of GRID, the chosen one, and the final model's test error
    after retraining on train + validation."""
    fs = feature_set(fs_name)
    outer = ec.holdout_split(fs.y, 0.25, seed=seed)                       # the test set, used once
    inner = ec.holdout_split(fs.y[outer.train], 0.25, seed=seed + 1)       # validation inside training data
    tr, va = outer.train[inner.train], outer.train[inner.test]
    val = [_error(make("tree", depth=8, ccp_alpha=a).fit(fs.X[tr], fs.y[tr]), fs.X[va], fs.y[va]) for a in GRID]
    best = GRID[int(np.argmin(val))]
    final = make("tree", depth=8, ccp_alpha=best).fit(fs.X[outer.train], fs.y[outer.train])
    return (np.asarray(val), best, _error(final, fs.X[outer.test], fs.y[outer.test]),
            (len(tr), len(va), len(outer.test)))


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
    """(ms, (1 - 1/m)^m, simulated mean, simulated sd) over OOB_MS, 2,000 repeats each."""
    sims = [ec.oob_fraction(mm, 2000, seed=mm) for mm in OOB_MS]
    return (np.asarray(OOB_MS), np.asarray([ec.expected_oob_fraction(mm) for mm in OOB_MS]),
            np.asarray([s.mean() for s in sims]), np.asarray([s.std() for s in sims]))


@st.cache_data(max_entries=16, show_spinner=False)
def oob_repeats(m: int) -> np.ndarray:
    """The out-of-bag fraction of OOB_REPEATS bootstrap samples of m."""
    return ec.oob_fraction(m, OOB_REPEATS, seed=0)


def class_shares(y: np.ndarray, split: ec.Split) -> tuple[float, float, float]:
    """The positive share in all data, the training set and the test set."""
    return float(y.mean()), float(y[split.train].mean()), float(y[split.test].mean())


def truth_table(q: ec.EstimateQuality, names, headers) -> dict:
    """The estimate-quality table (columns ``headers``: method, mean, bias ± SE,
    sd, rmse, p) of :func:`evalcore.estimate_quality`'s result ``q``."""
    cols = range(len(names))
    return dict(zip(headers, (list(names), [f"{q.mean[j]:.4f}" for j in cols],
                              [f"{q.bias[j]:+.4f} ± {q.bias_se[j]:.4f}" for j in cols],
                              [f"{q.sd[j]:.4f}" for j in cols], [f"{q.rmse[j]:.4f}" for j in cols],
                              [f"{q.pvalue[j]:.3f}" + (" *" if q.significant[j] else "") for j in cols])))


@st.cache_data(max_entries=4, show_spinner=False)
def horse_colic_report(rounds: int) -> ec.HorseColicReport:
    """AdaBoost on horse colic (train and test), computed once."""
    return ec.horse_colic_report(rounds)

