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
from .i18n import fmt, formula, labels, shown_name, t, texts
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
    st.success(t("exercises.e26.answer", model=shown_name(name), e=fmt(best.error), f=fmt(best.fpr), r=fmt(best.tpr),
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
    st.success(t("exercises.e27.answer", model=shown_name(name), n=n, h=len(cc.hull),
                 where=t("exercises.e27.on_hull" if on_hull else "exercises.e27.off_hull")))
    page_link("cost")


@st.cache_data(max_entries=32, show_spinner=False)
def _norm(outlier: float) -> ec.NormalisationStudy:
    return ec.normalisation_study(outlier)


def _num(v: float) -> str:
    """A table cell people read: whole numbers from 100 on ("5000", not "5e+03"), else 3 significant digits."""
    return f"{v:.0f}" if abs(v) >= 100 else f"{v:.3g}"


def _answer_28(study: ec.NormalisationStudy) -> str:
    """The answer, each claim chosen by a predicate of the study (outlier or not, which keeps the
    others more spread, which k-NN scores higher and whether the gap is noise)."""
    lo, hi = study.others_range("minmax")
    new_mm = study.new["minmax"][:, 1]
    outside = bool(((new_mm < 0) | (new_mm > 1)).any())
    parts = [t("exercises.e28.mm.outlier" if study.has_outlier else "exercises.e28.mm.none", o=_num(study.outlier),
               sds=f"{study.outlier_sds:.1f}", lo=f"{lo:.2f}", hi=f"{hi:.2f}", share=f"{study.others_share:.0%}"),
             t("exercises.e28.new.outside" if outside else "exercises.e28.new.inside",
               new=", ".join(f"{v:.2f}" for v in new_mm)),
             t("exercises.e28.linear", share=f"{study.others_share:.0%}"),
             t(f"exercises.e28.spread.{study.more_spread}", rm=f"{study.spread('minmax'):.2f}",
               rz=f"{study.spread('z'):.2f}"),
             t(f"exercises.e28.knn.{study.knn_better}", k=ec.STUDY_K, n=study.n_test,
               raw=f"{study.accuracy['raw']:.1%}", mm=f"{study.accuracy['minmax']:.1%}",
               z=f"{study.accuracy['z']:.1%}", d=study.knn_gap)]
    if study.knn_better != "same":
        parts.append(t("exercises.e28.knn.noise" if study.knn_gap_within_noise else "exercises.e28.knn.real",
                       n=study.n_test))
    if study.has_outlier and study.knn_gap_within_noise:
        parts.append(t("exercises.e28.knn.noise_feature"))
    return " ".join(parts)


def e28() -> None:
    st.markdown(t("exercises.e28.q"))
    if not guess_first("2.8", t("exercises.e28.guess"), options=labels("exercises.e28.opt.", ("minmax", "z", "both"))):
        return
    outlier = st.slider(t("exercises.e28.outlier"), 500, 5000, step=250, **bind("exercises.28.outlier"))
    study = _norm(float(outlier))
    keys = ec.NORMALISATIONS
    chart(normalisation_figure([(study.train[k], study.y) for k in keys], [study.new[k] for k in keys], text=dict(
        texts("exercises.e28.fig.", "pos", "neg", "new", "x", "y"),
        titles=[t(f"exercises.e28.{k}") for k in keys])), key="exercises_e28_fig")
    rows = {t("exercises.e28.col.method"): [t(f"exercises.e28.{k}") for k in keys],
            t("exercises.e28.col.range2"): [f"[{_num(study.train[k][:, 1].min())}, {_num(study.train[k][:, 1].max())}]"
                                             for k in keys],
            t("exercises.e28.col.new"): [", ".join(_num(v) for v in study.new[k][:, 1]) for k in keys],
            t("exercises.e28.col.knn", k=ec.STUDY_K): [f"{study.accuracy[k]:.1%}" for k in keys]}
    st.dataframe(pd.DataFrame(rows), hide_index=True)
    formula("exercises.e28.formulas")
    st.success(_answer_28(study))
    page_link("lab")


PRESETS_29 = {"goodness": {"count": [18, 22, 20, 40]},       # "count": the header in the page's language
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
        preset = {t("exercises.e29.count") if c == "count" else c: v for c, v in PRESETS_29[kind].items()}
        r, _ = edited_table(f"exercises.table.e29{kind[0]}", preset, _check_29(kind, alpha),
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


def _runs_text(r: ec.FriedmanRates, form: str) -> str:
    """A form's verdict per range of N: "above α at N = 3–5; at α … at N = 7–50"."""
    return t("exercises.e210.sep").join(
        t("exercises.e210.run", where=t(f"exercises.e210.{v}"), ns=f"{a}" if a == b else f"{a}–{b}")
        for v, a, b in r.runs(form))


def _answer_210(r: ec.FriedmanRates) -> str:
    """The answer, each claim chosen by a predicate of the simulated rates."""
    lo, hi = r.band
    common = dict(n=int(r.ns[0]), c=f"{r.rate_chi2[0]:.1%}", f=f"{r.rate_f[0]:.1%}", nmax=int(r.ns[-1]),
                  c50=f"{r.rate_chi2[-1]:.1%}", f50=f"{r.rate_f[-1]:.1%}")
    if r.effect != 0:
        return " ".join((t("exercises.e210.answer.effect", **common),
                         t(f"exercises.e210.power.{r.power_leader(0)}", n=int(r.ns[0]))))
    parts = [t("exercises.e210.answer.null", reps=f"{r.replications:,}", lo=f"{lo:.1%}", hi=f"{hi:.1%}",
               runs_c=_runs_text(r, "chi2"), runs_f=_runs_text(r, "f")),
             t(f"exercises.e210.verdict.{r.null_verdict}", dc=f"{r.deviation('chi2'):.2%}",
               df=f"{r.deviation('f'):.2%}")]
    if (r.verdicts("chi2") == "below").any():
        parts.append(t("exercises.e210.conservative"))
    return " ".join(parts)


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
    st.success(_answer_210(r))
    page_link("compare")


SECTIONS = {"2.6": e26, "2.7": e27, "2.8": e28, "2.9": e29, "2.10": e210}
