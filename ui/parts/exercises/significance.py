"""Exercises 2.9 and 2.10 (section 2.4, comparison tests): the chi-square test of a contingency table;
the Friedman test's chi-square form against its F form.

Session keys ``exercises.<n>.<name>`` (the section's controls, declared as the
``exercises.`` family in ui/core/state.py)."""
from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st
import evalcore as ec
from ui.core.charts import chart
from ui.parts.exercises.guess import guess_first
from ui.core.i18n import fill, fmt, formula, labels, t, texts
from ui.core.registry import page_link
from ui.core.state import SS, bind
from ui.core.typeset import formula_grid
from ui.core.tables import edited_table
from ui.core.settings import span
from evalcore.figures import null_figure
from evalcore.figures.exercises import friedman_rates_figure

PAGE_STRINGS = "exercises."

ALPHAS = (0.01, 0.05, 0.1)


FRIEDMAN_NS = (3, 4, 5, 7, 10, 15, 20, 30, 50)       # numbers of data sets N in 2.10


FRIEDMAN_REPLICATIONS = 3000                         # per N (bounded by ec.FRIEDMAN_MAX_WORK at k = 8)


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
    k = c1.slider(t("exercises.e210.k"), *span("exercises.210.k"), **bind("exercises.210.k"))
    alpha = c2.segmented_control("α", ALPHAS, **bind("exercises.210.alpha", first="one")) or SS["exercises.210.alpha"]
    effect = c3.slider(t("exercises.e210.effect"), *span("exercises.210.effect"), step=0.1,
                       help=t("exercises.e210.effect.help"),
                       **bind("exercises.210.effect"))
    r = _rates(int(k), float(alpha), float(effect))
    chart(friedman_rates_figure(r, text=texts("exercises.e210.fig.", "x", "y", "chi2", "f", "alpha")),
          key="exercises_e210_fig")
    formula_grid("exercises_e210_forms", [(None, fill("exercises.e210.chi2")), (None, fill("exercises.e210.f"))])
    st.success(_answer_210(r))
    page_link("compare")


SECTIONS = {"2.9": e29, "2.10": e210}
