"""The evaluation-methods page's experiments: real learners trained on the
splits evalcore makes, cached per setting (shared by every session, bounded)
with a worded progress bar.  Model fitting stays out of evalcore."""
from __future__ import annotations

import numpy as np
import streamlit as st

import evalcore as ec

from . import heavy
from .data import feature_set
from .i18n import t
from .learners import make

FRACTIONS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
KS = (2, 3, 5, 10, 20)
GRID = (0.0, 0.05, 0.1, 0.15, 0.2)        # the book's example: [0, 0.2] in steps of 0.05
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


def _rows(fs_name: str) -> int:
    return int(feature_set(fs_name).y.shape[0])


@st.cache_data(max_entries=16, show_spinner=False)
@heavy.job(cost=lambda fs_name, learner, stratify, repeats=30, seed=0: len(FRACTIONS) * repeats * _rows(fs_name))
def holdout_spread(fs_name: str, learner: tuple, stratify: bool, repeats: int = 30, seed: int = 0) -> np.ndarray:
    """(len(FRACTIONS), repeats) hold-out error estimates at each test fraction."""
    fs = feature_set(fs_name)
    out = np.empty((len(FRACTIONS), repeats))
    bar = _Progress(out.size)
    for i, frac in enumerate(FRACTIONS):
        for r in range(repeats):
            s = ec.holdout_split(fs.y, frac, stratify=stratify, seed=seed + 1000 * i + r)
            out[i, r] = _error(_fit(learner, fs.X[s.train], fs.y[s.train]), fs.X[s.test], fs.y[s.test])
            bar.step()
    bar.close()
    return out


@st.cache_data(max_entries=16, show_spinner=False)
@heavy.job(cost=lambda fs_name, learner, repeats, seed=0: sum(KS) * repeats * _rows(fs_name))
def cv_by_k(fs_name: str, learner: tuple, repeats: int, seed: int = 0) -> np.ndarray:
    """(len(KS), repeats) k-fold estimates (the mean of the k fold errors) for each k."""
    fs = feature_set(fs_name)
    ks = [k for k in KS if k <= int(np.bincount(fs.y).min())]
    out = np.full((len(KS), repeats), np.nan)
    bar = _Progress(sum(ks) * repeats)
    for i, k in enumerate(ks):
        cv = ec.kfold_splits(fs.y, k, repeats=repeats, seed=seed + i)
        errs = []
        for s in cv.splits():
            errs.append(_error(_fit(learner, fs.X[s.train], fs.y[s.train]), fs.X[s.test], fs.y[s.test]) * len(s.test))
            bar.step()
        out[i] = np.asarray(errs).reshape(repeats, k).sum(axis=1) / len(fs.y)
    bar.close()
    return out


@st.cache_resource(max_entries=4, show_spinner=False)
def _truth_points(separation: float, seed: int):
    X, y = ec.GaussianProblem.default(separation).sample(TRUTH_DRAWS, seed=seed)
    X.flags.writeable = False
    y.flags.writeable = False
    return X, y


@st.cache_data(max_entries=8, show_spinner=False)
@heavy.job(cost=lambda learner, n, repeats, separation, boots=30, seed=0: repeats * (
    (12 + (n if n <= 100 else 0) + boots) * n + TRUTH_DRAWS * (n if learner[0] == "knn" else 1)))
def truth_study(learner: tuple, n: int, repeats: int, separation: float, boots: int = 30, seed: int = 0):
    """For ``repeats`` training sets of ``n`` from the Gaussian problem: each
    method's estimate (repeats, len(METHODS)) and the true error (repeats,).
    A logistic model is a linear rule, so its truth is exact; for others it
    is the error on 10^5 fresh points."""
    g = ec.GaussianProblem.default(separation)
    tx, ty = _truth_points(separation, seed + 99)
    loo = n <= 100
    per = 1 + 1 + 10 + (n if loo else 0) + boots
    bar = _Progress(per * repeats)
    est = np.full((repeats, len(METHODS)), np.nan)
    truth = np.empty(repeats)
    for r in range(repeats):
        X, y = g.sample(n, seed=seed + r)
        model = _fit(learner, X, y)
        if learner[0] == "logistic":
            lr = model[-1]
            scale = model[0]
            w = lr.coef_[0] / scale.scale_
            b = float(lr.intercept_[0] - np.sum(lr.coef_[0] * scale.mean_ / scale.scale_))
            truth[r] = g.linear_rule_error(w, b)
        else:
            truth[r] = _error(model, tx, ty)
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
        wrong, seen = np.zeros(n), np.zeros(n)
        for b in range(boots):
            bs = ec.bootstrap_sample(n, seed=seed + 10_000 * r + b)
            if bs.oob.size == 0 or len(set(y[bs.draws])) < 2:
                continue
            m = _fit(learner, X[bs.draws], y[bs.draws])
            wrong[bs.oob] += m.predict(X[bs.oob]) != y[bs.oob]
            seen[bs.oob] += 1
            bar.step()
        err_oob = float(np.mean(wrong[seen > 0] / seen[seen > 0]))
        err_train = _error(model, X, y)
        res = ec.bootstrap_632(err_train, err_oob, ec.no_information_rate(y, model.predict(X)))
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


def truth_table(est: np.ndarray, truth: np.ndarray, names, headers) -> dict:
    """Per method (columns ``headers``: method, mean, bias, sd, rmse, truth):
    mean estimate, bias (mean of estimate - truth), spread (sd) and
    root-mean-square distance from the truth."""
    d = est - truth[:, None]
    cols = range(d.shape[1])
    return dict(zip(headers, (list(names), [f"{np.nanmean(est[:, j]):.4f}" for j in cols],
                              [f"{np.nanmean(d[:, j]):+.4f}" for j in cols],
                              [f"{np.nanstd(d[:, j]):.4f}" for j in cols],
                              [f"{np.sqrt(np.nanmean(d[:, j] ** 2)):.4f}" for j in cols],
                              [f"{truth.mean():.4f}"] * d.shape[1])))


@st.cache_data(max_entries=4, show_spinner=False)
def horse_colic_report(rounds: int) -> ec.HorseColicReport:
    """AdaBoost on horse colic (train and test), computed once."""
    return ec.horse_colic_report(rounds)
