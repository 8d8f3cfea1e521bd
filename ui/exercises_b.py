"""Sections of the exercises page for exercises 2.6 to 2.10 (one function
each).  Session keys ``exercises.<n>.<name>`` (the section's controls);
2.6 and 2.7 read the predictions chosen in the data sidebar."""
from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

import evalcore as ec
from evalcore.figures import null_figure
from evalcore.figures.exercises import duality_figure, friedman_rates_figure, iso_error_figure, normalisation_figure

from .charts import chart
from .data import chosen_models
from .guess import guess_first
from .i18n import fmt, formula, labels, t, texts
from .page import data_sidebar
from .registry import page_link
from .state import SS, bind
from .tables import edited_table

PAGE_STRINGS = "exercises."
FRIEDMAN_NS = (3, 4, 5, 7, 10, 15, 20, 30, 50)       # numbers of data sets N in 2.10
FRIEDMAN_REPLICATIONS = 3000                         # per N (bounded by ec.FRIEDMAN_MAX_WORK at k = 8)
ALPHAS = (0.01, 0.05, 0.1)


def _current():
    """The sidebar's predictions and the first chosen model's (y, scores, name)."""
    ps, _ = data_sidebar()
    if ps is None:
        st.info(t("common.data.pick_first"))
        return None
    name = (chosen_models(ps) or ps.models)[0]
    return ps.y, ps.scores[name], name


def e26() -> None:
    st.markdown(t("exercises.e26.q"))
    if not guess_first("2.6", t("exercises.e26.guess"),
                       options=labels("exercises.e26.opt.", ("hull", "corner", "diagonal"))):
        return
    cur = _current()
    if cur is None:
        return
    y, s, name = cur
    share = float(np.mean(y))
    pi = st.slider(t("exercises.e26.prior", share=f"{share:.2f}"), 0.05, 0.95, step=0.05,
                   **bind("exercises.26.prior", round(min(0.95, max(0.05, share)) * 20) / 20))
    best = ec.least_error_point(y, s, prior=pi)
    roc = ec.roc_curve(y, s)
    lines = [(*ec.iso_error_line(best.error + d, pi), best.error + d) for d in (0.0, 0.1, 0.2, 0.3)]
    chart(iso_error_figure((roc.fpr, roc.tpr), ec.roc_hull(y, s), lines, (best.fpr, best.tpr, best.error),
                           text=texts("exercises.e26.fig.", "x", "y", "roc", "hull", "iso", "best")),
          key="exercises_e26_fig")
    formula("exercises.e26.err", pi=f"{pi:.2f}")
    st.success(t("exercises.e26.answer", model=name, e=fmt(best.error), f=fmt(best.fpr), r=fmt(best.tpr),
                 slope=f"{best.slope:.3g}", pi=f"{pi:.2f}"))
    page_link("cost")


def e27() -> None:
    st.markdown(t("exercises.e27.q"))
    if not guess_first("2.7", t("exercises.e27.guess"), options=labels("exercises.e27.opt.", ("yes", "no"))):
        return
    cur = _current()
    if cur is None:
        return
    y, s, name = cur
    cc = ec.cost_curve(y, s)
    tpr = 1 - cc.fnr
    n = len(cc.fpr)
    i = st.slider(t("exercises.e27.point"), 0, n - 1, **bind("exercises.27.point", min(n - 1, n // 2)))
    i = min(int(i), n - 1)
    chart(duality_figure(cc.fpr, tpr, cc.hull, (cc.x, cc.envelope), i, text=texts(
        "exercises.e27.fig.", "roc_x", "roc_y", "cost_x", "cost_y", "points", "lines", "envelope", "chosen", "hull")),
        key="exercises_e27_fig")
    formula("exercises.e27.line", f=fmt(cc.fpr[i]), r=fmt(tpr[i]), fnr=fmt(cc.fnr[i]))
    on_hull = i in set(cc.hull.tolist())
    st.success(t("exercises.e27.answer", model=name, n=n, h=len(cc.hull),
                 where=t("exercises.e27.on_hull" if on_hull else "exercises.e27.off_hull")))
    page_link("cost")


@st.cache_data(max_entries=32, show_spinner=False)
def _norm(outlier: float, seed: int = 0):
    """A 2-feature set on different scales (feature 2 in hundreds) with one
    outlier moved to ``outlier`` on feature 2, a test set, and new samples
    beyond the training range; k-NN (k = 3) accuracy raw and after each
    normalisation (its statistics from the training set)."""
    rng = np.random.default_rng(seed)
    n = 60
    y = rng.integers(0, 2, n)
    X = np.c_[rng.normal(y * 2.0, 1.0), rng.normal(500, 100, n)]
    X[0, 1] = outlier
    yt = rng.integers(0, 2, 200)
    Xt = np.c_[rng.normal(yt * 2.0, 1.0), rng.normal(500, 100, 200)]
    new = np.array([[X[:, 0].max() + 1.5, X[:, 1].max() * 1.2], [X[:, 0].min() - 1.5, X[:, 1].min() * 0.8]])
    out = {}
    for key, f in (("raw", lambda A: A), ("minmax", lambda A: ec.min_max(A, X)), ("z", lambda A: ec.z_score(A, X))):
        out[key] = (f(X), f(new), float(np.mean(ec.knn_predict(f(X), y, f(Xt), 3) == yt)))
    return y, out


def e28() -> None:
    st.markdown(t("exercises.e28.q"))
    if not guess_first("2.8", t("exercises.e28.guess"), options=labels("exercises.e28.opt.", ("minmax", "z", "both"))):
        return
    outlier = st.slider(t("exercises.e28.outlier"), 500, 5000, step=250, **bind("exercises.28.outlier"))
    y, out = _norm(float(outlier))
    keys = ("raw", "minmax", "z")
    chart(normalisation_figure([(out[k][0], y) for k in keys], [out[k][1] for k in keys], text=dict(
        texts("exercises.e28.fig.", "pos", "neg", "new", "x", "y"),
        titles=[t(f"exercises.e28.{k}") for k in keys])), key="exercises_e28_fig")
    rows = {t("exercises.e28.col.method"): [t(f"exercises.e28.{k}") for k in keys],
            t("exercises.e28.col.range2"): [f"[{out[k][0][:, 1].min():.3g}, {out[k][0][:, 1].max():.3g}]"
                                             for k in keys],
            t("exercises.e28.col.new"): [", ".join(f"{v:.3g}" for v in out[k][1][:, 1]) for k in keys],
            t("exercises.e28.col.knn"): [f"{out[k][2]:.1%}" for k in keys]}
    st.dataframe(pd.DataFrame(rows), hide_index=True)
    formula("exercises.e28.formulas")
    mm = out["minmax"][0][1:, 1]
    st.success(t("exercises.e28.answer", lo=f"{mm.min():.2f}", hi=f"{mm.max():.2f}",
                 new=", ".join(f"{v:.2f}" for v in out["minmax"][1][:, 1]),
                 raw=f"{out['raw'][2]:.1%}", mm=f"{out['minmax'][2]:.1%}", z=f"{out['z'][2]:.1%}"))
    page_link("lab")


PRESETS_29 = {"goodness": {"count": [18, 22, 20, 40]},
              "independence": {"A": [30, 10], "B": [20, 40]}}


def _check_29(kind: str, alpha: float):
    def check(frame):
        v = ec.table_values(frame.to_numpy().tolist(), list(frame.columns), min_rows=2, min_cols=1)
        return ec.chi2_goodness_of_fit(v[:, 0], alpha=alpha) if kind == "goodness" else \
            ec.chi2_independence(v, alpha=alpha)
    return check


def e29() -> None:
    st.markdown(t("exercises.e29.q"))
    if not guess_first("2.9", t("exercises.e29.guess"), options=labels("exercises.e29.opt.", ("reject", "keep"))):
        return
    kinds = ("goodness", "independence")
    c1, c2 = st.columns([2, 1])
    kind = c1.radio(t("exercises.e29.kind"), kinds, horizontal=True, format_func=labels("exercises.e29.", kinds).get,
                    **bind("exercises.29.kind"))
    alpha = c2.segmented_control("α", ALPHAS, **bind("exercises.29.alpha", first="one")) or SS["exercises.29.alpha"]
    left, right = st.columns([1, 1.4])
    with left:
        st.caption(t(f"exercises.e29.{kind}.help"))
        r, _ = edited_table(f"exercises.table.e29{kind[0]}", PRESETS_29[kind], _check_29(kind, alpha),
                            kept=t("exercises.kept"))
        st.dataframe(pd.DataFrame(np.c_[r.observed.reshape(-1), r.expected.reshape(-1)],
                                  columns=[t("exercises.e29.observed"), t("exercises.e29.expected")]),
                     hide_index=True)
    with right:
        chart(null_figure(ec.null_distribution(r), text=dict(
            texts("compare.null.", "y", "region", "critical", "observed"), x="χ²")), key="exercises_e29_null")
    formula("exercises.e29.stat", v=fmt(r.statistic), df=r.df)
    verdict = "exercises.e29.reject" if r.reject else "exercises.e29.keep"
    (st.error if r.reject else st.success)(t(verdict, s=fmt(r.statistic), df=r.df, c=fmt(r.critical),
                                             p=fmt(r.pvalue), a=f"{alpha:g}"))
    st.caption(t("exercises.e29.note"))
    page_link("compare")


@st.cache_data(max_entries=32, show_spinner=False)
def _rates(k: int, alpha: float, effect: float) -> ec.FriedmanRates:
    return ec.friedman_rejection_rates(k, FRIEDMAN_NS, alpha=alpha, effect=effect,
                                       replications=FRIEDMAN_REPLICATIONS, seed=k)


def e210() -> None:
    st.markdown(t("exercises.e210.q"))
    if not guess_first("2.10", t("exercises.e210.guess"),
                       options=labels("exercises.e210.opt.", ("chi2", "f", "same"))):
        return
    c1, c2, c3 = st.columns(3)
    k = c1.slider(t("exercises.e210.k"), 3, 8, **bind("exercises.210.k"))
    alpha = c2.segmented_control("α", ALPHAS, **bind("exercises.210.alpha", first="one")) or SS["exercises.210.alpha"]
    effect = c3.slider(t("exercises.e210.effect"), 0.0, 1.0, step=0.1, help=t("exercises.e210.effect.help"),
                       **bind("exercises.210.effect"))
    r = _rates(int(k), float(alpha), float(effect))
    chart(friedman_rates_figure(r, text=texts("exercises.e210.fig.", "x", "y", "chi2", "f", "alpha")),
          key="exercises_e210_fig")
    formula("exercises.e210.forms")
    lo, hi = r.alpha - 2 * r.se, r.alpha + 2 * r.se
    small = int(np.argmin(r.ns))

    def where(rate):
        return t("exercises.e210.below" if rate < lo else "exercises.e210.above" if rate > hi else "exercises.e210.at")
    key = "exercises.e210.answer.null" if effect == 0 else "exercises.e210.answer.effect"
    st.success(t(key, n=int(r.ns[small]), c=f"{r.rate_chi2[small]:.1%}", f=f"{r.rate_f[small]:.1%}",
                 wc=where(r.rate_chi2[small]), wf=where(r.rate_f[small]), a=f"{r.alpha:g}",
                 se=f"{r.se:.1%}", reps=f"{r.replications:,}",
                 c50=f"{r.rate_chi2[-1]:.1%}", f50=f"{r.rate_f[-1]:.1%}", nmax=int(r.ns[-1])))
    page_link("compare")


SECTIONS = {"2.6": e26, "2.7": e27, "2.8": e28, "2.9": e29, "2.10": e210}
