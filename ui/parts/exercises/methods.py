"""Exercises 2.1 and 2.2 (section 2.2, evaluation methods): how many hold-out splits; 10-fold cross-
validation against leave-one-out on a data set with random labels.

Session keys ``exercises.<n>.<name>`` (the section's controls, declared as the
``exercises.`` family in ui/core/state.py)."""
from __future__ import annotations

import numpy as np
import streamlit as st
import evalcore as ec
from evalcore.figures import fold_grid
from ui.core.charts import chart
from ui.parts.exercises.guess import guess_first
from ui.core.i18n import formula, labels, t, texts
from ui.core.registry import page_link
from ui.core.state import bind
from ui.parts.exercises.shared import big, options
from ui.core.settings import grid_step, span

PAGE_STRINGS = "exercises."

MAX_CLASS = 5000          # samples per class in 2.1 (the exact count stays under Python's 4300-digit str limit)


@st.cache_data(max_entries=64, show_spinner=False)
def _count(p: int, n: int, f: float) -> ec.HoldoutCount:
    return ec.holdout_count(p, n, f)


def e21() -> None:
    st.markdown(t("exercises.e21.q"))
    if not guess_first("2.1", t("exercises.e21.guess"),
                       options=options("exercises.e21.opt.", ("small", "mid", "huge", "inf"))):
        return
    c1, c2, c3 = st.columns(3)
    p = c1.number_input(t("exercises.e21.pos"), *span("exercises.21.pos"), step=1,
                        **bind("exercises.21.pos", first="value"))
    n = c2.number_input(t("exercises.e21.neg"), *span("exercises.21.neg"), step=1,
                        **bind("exercises.21.neg", first="value"))
    f = c3.slider(t("exercises.e21.frac"), *span("exercises.21.frac"), step=grid_step("exercises.21.frac"),
                  **bind("exercises.21.frac"))
    c = _count(int(p), int(n), float(f))
    formula("exercises.e21", p=int(p), tp=c.test_pos, n=int(n), tn=c.test_neg, v=big(c.stratified, tex=True))
    k1, k2 = st.columns(2)
    k1.metric(t("exercises.e21.count"), big(c.stratified), help=t("exercises.e21.digits", d=c.digits))
    k2.metric(t("exercises.e21.unstratified", m=int(p + n), t=c.test_pos + c.test_neg), big(c.unstratified))
    with st.expander(t("exercises.e21.exact", d=c.digits)):
        st.code(str(c.stratified), language=None, wrap_lines=True)
    share = c.stratified / c.unstratified
    st.success(t("exercises.e21.answer", tp=c.test_pos, tn=c.test_neg, share=f"{share:.3g}"))
    page_link("methods")


@st.cache_data(max_entries=32, show_spinner=False)
def _loo(n_pos: int, n_neg: int, learner: str) -> tuple[ec.CvVersusLoo, np.ndarray]:
    x, y = ec.toy_data(n_pos, n_neg)
    return ec.cv_versus_loo(x, y, learner=learner), y


def e22() -> None:
    st.markdown(t("exercises.e22.q"))
    if not guess_first("2.2", t("exercises.e22.guess"),
                       options=options("exercises.e22.opt.", ("both50", "loo0", "loo100"))):
        return
    c1, c2, c3 = st.columns(3)
    n_pos = c1.slider(t("exercises.e22.pos"), *span("exercises.22.pos"), step=5, **bind("exercises.22.pos"))
    n_neg = c2.slider(t("exercises.e22.neg"), *span("exercises.22.neg"), step=5, **bind("exercises.22.neg"))
    learner = c3.radio(t("exercises.e22.learner"), ec.LEARNERS_22, horizontal=True,
                       format_func=labels("exercises.e22.learner.", ec.LEARNERS_22).get,
                       **bind("exercises.22.learner"))
    r, y = _loo(int(n_pos), int(n_neg), learner)
    k1, k2, k3 = st.columns(3)
    k1.metric(t("exercises.e22.kfold"), f"{r.kfold_error:.0%}")
    k2.metric(t("exercises.e22.loo"), f"{r.loo_error:.0%}")
    k3.metric(t("exercises.e22.loo_train"), f"{r.loo_train_pos} / {r.loo_train_neg}",
              help=t("exercises.e22.loo_train.help"))
    chart(fold_grid(r.fold_of, y, text=texts("exercises.e22.grid.", "x", "y", "pos", "neg", "test")),
          key="exercises_e22_grid")
    key = "exercises.e22.answer.majority" if learner == "majority" else "exercises.e22.answer.other"
    st.success(t(key, kf=f"{r.kfold_error:.0%}", loo=f"{r.loo_error:.0%}", p=r.loo_train_pos, n=r.loo_train_neg))
    page_link("methods")


SECTIONS = {"2.1": e21, "2.2": e22}
