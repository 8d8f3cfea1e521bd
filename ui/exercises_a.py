"""Sections of the exercises page for exercises 2.1 to 2.5 (one function
each).  Session keys ``exercises.<n>.<name>`` (the section's controls,
declared as the ``exercises.`` family in ui/state.py)."""
from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

import evalcore as ec
from evalcore import datasets
from evalcore.figures import fold_grid, pair_grid_figure
from evalcore.figures.exercises import f1_bep_figure, precision_prior_figure

from .bounds import redraw
from .charts import chart
from .guess import guess_first
from .i18n import fmt, formula, labels, t, texts
from .registry import page_link
from .state import SS, bind
from .tables import edited_table

PAGE_STRINGS = "exercises."
MAX_CLASS = 5000          # samples per class in 2.1 (the exact count stays under Python's 4300-digit str limit)


def _options(prefix: str, keys: tuple) -> dict:
    return labels(prefix, keys)


_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _big(n: int, tex: bool = False) -> str:
    """A big integer in scientific form, 4 digits rounded: 2.986 × 10^262 (LaTeX with ``tex``)."""
    if n < 10 ** 6:
        return str(n)
    m, e = ec.scientific_parts(n, 4)
    return m + (rf" \times 10^{{{e}}}" if tex else " × 10" + str(e).translate(_SUPERSCRIPT))


@st.cache_data(max_entries=64, show_spinner=False)
def _count(p: int, n: int, f: float) -> ec.HoldoutCount:
    return ec.holdout_count(p, n, f)


def e21() -> None:
    st.markdown(t("exercises.e21.q"))
    if not guess_first("2.1", t("exercises.e21.guess"),
                       options=_options("exercises.e21.opt.", ("small", "mid", "huge", "inf"))):
        return
    c1, c2, c3 = st.columns(3)
    p = c1.number_input(t("exercises.e21.pos"), 1, MAX_CLASS, step=1, **bind("exercises.21.pos", first="value"))
    n = c2.number_input(t("exercises.e21.neg"), 1, MAX_CLASS, step=1, **bind("exercises.21.neg", first="value"))
    f = c3.slider(t("exercises.e21.frac"), 0.05, 0.95, step=0.05, **bind("exercises.21.frac"))
    c = _count(int(p), int(n), float(f))
    formula("exercises.e21", p=int(p), tp=c.test_pos, n=int(n), tn=c.test_neg, v=_big(c.stratified, tex=True))
    k1, k2 = st.columns(2)
    k1.metric(t("exercises.e21.count"), _big(c.stratified), help=t("exercises.e21.digits", d=c.digits))
    k2.metric(t("exercises.e21.unstratified", m=int(p + n), t=c.test_pos + c.test_neg), _big(c.unstratified))
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
                       options=_options("exercises.e22.opt.", ("both50", "loo0", "loo100"))):
        return
    c1, c2, c3 = st.columns(3)
    n_pos = c1.slider(t("exercises.e22.pos"), 10, 100, step=5, **bind("exercises.22.pos"))
    n_neg = c2.slider(t("exercises.e22.neg"), 10, 100, step=5, **bind("exercises.22.neg"))
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


def _check_23(frame: pd.DataFrame):
    cols = list(frame.columns)
    values = ec.table_values(frame.to_numpy().tolist(), cols, min_rows=4, min_cols=3)
    y = ec.table_labels(values[:, 0].tolist(), cols[0], (0, 1))
    if len(set(y)) < 2:
        raise ec.DataError("one_class", name=str(cols[0]), n_pos=int(sum(y)), n_neg=len(y) - int(sum(y)))
    y = np.asarray(y)
    a, b = values[:, 1], values[:, 2]
    fa, fb = ec.max_f1(y, a), ec.max_f1(y, b)
    ba, bb = ec.break_even_point(y, a), ec.break_even_point(y, b)
    return y, a, b, fa, fb, ba, bb


def e23() -> None:
    st.markdown(t("exercises.e23.q"))
    if not guess_first("2.3", t("exercises.e23.guess"), options=_options("exercises.e23.opt.", ("yes", "no"))):
        return
    seed = int(SS.get("exercises.23.seed", 1))
    if st.button(t("exercises.e23.another"), key="exercises_e23_another"):
        SS["exercises.23.seed"] = seed = seed + 1
        SS.pop("exercises.table.e23", None)
        redraw("exercises.table.e23")
    ex = ec.f1_bep_counterexample(seed=seed)
    preset = {"y": ex.y.tolist(), "A": ex.a.tolist(), "B": ex.b.tolist()}
    left, right = st.columns([1, 1.6])
    with left:
        (y, a, b, fa, fb, ba, bb), _ = edited_table("exercises.table.e23", preset, _check_23,
                                                    kept=t("exercises.kept"))
    with right:
        curves, points = [], []
        for s, bep in ((a, ba), (b, bb)):
            tc = ec.threshold_counts(y, s)
            best = ec.best_f(tc)
            pr = tc.pr_curve()
            curves.append((pr.recall, pr.precision))
            points.append((bep, (best.recall, best.precision)))
        chart(f1_bep_figure(curves, points, names=["A", "B"], text=texts("exercises.e23.fig.", "x", "y", "bep", "f1",
                                                                          "diagonal")), key="exercises_e23_fig")
    k = st.columns(4)
    for box, label, v in zip(k, ("F1 A", "F1 B", "BEP A", "BEP B"), (fa, fb, ba, bb)):
        box.metric(label, fmt(v))
    counter = (fa > fb and ba < bb) or (fb > fa and bb < ba)
    st.success(t("exercises.e23.answer.counter" if counter else "exercises.e23.answer.not",
                 fa=fmt(fa), fb=fmt(fb), ba=fmt(ba), bb=fmt(bb)))
    st.caption(t("exercises.e23.why"))
    page_link("pr")


def e24() -> None:
    st.markdown(t("exercises.e24.q"))
    if not guess_first("2.4", t("exercises.e24.guess"),
                       options=_options("exercises.e24.opt.", ("tpr_r", "fpr_p", "none"))):
        return
    c = st.columns(4)
    tp = c[0].number_input("TP", 0, 10**6, step=1, **bind("exercises.24.tp", first="value"))
    fn = c[1].number_input("FN", 0, 10**6, step=1, **bind("exercises.24.fn", first="value"))
    fp = c[2].number_input("FP", 0, 10**6, step=1, **bind("exercises.24.fp", first="value"))
    tn = c[3].number_input("TN", 0, 10**6, step=1, **bind("exercises.24.tn", first="value"))
    if min(tp + fn, fp + tn) == 0:
        st.warning(t("exercises.e24.empty"))
        return
    tpr, fpr = tp / (tp + fn), fp / (fp + tn)
    prec = ec.precision_from_rates(tpr, fpr, (tp + fn) / (tp + fn + fp + tn))
    left, right = st.columns(2)
    with left:
        st.table(pd.DataFrame({t("exercises.e24.pred_pos"): [tp, fp], t("exercises.e24.pred_neg"): [fn, tn]},
                              index=[t("exercises.e24.true_pos"), t("exercises.e24.true_neg")]))
        formula("exercises.e24.tpr", tp=tp, fn=fn, v=fmt(tpr))
        formula("exercises.e24.fpr", fp=fp, tn=tn, v=fmt(fpr))
        formula("exercises.e24.p", tp=tp, fp=fp, v=fmt(prec))
        formula("exercises.e24.prior")
    with right:
        pi = st.slider(t("exercises.e24.prior"), 0.01, 0.99, step=0.01,
                       **bind("exercises.24.pi"))
        grid = np.linspace(0.01, 0.99, 99)
        chart(precision_prior_figure(grid, [ec.precision_from_rates(tpr, fpr, g) for g in grid],
                                     (pi, ec.precision_from_rates(tpr, fpr, pi)),
                                     text=texts("exercises.e24.fig.", "x", "y", "now")), key="exercises_e24_fig")
    st.success(t("exercises.e24.answer", tpr=fmt(tpr), fpr=fmt(fpr), pi=f"{pi:.2f}",
                 p=fmt(ec.precision_from_rates(tpr, fpr, pi))))
    page_link("confusion")


def e25() -> None:
    st.markdown(t("exercises.e25.q"))
    if not guess_first("2.5", t("exercises.e25.guess"),
                       options=_options("exercises.e25.opt.", ("cell", "point", "none"))):
        return
    names = ("seed-9", "seed-5", "seed-4")
    which = st.radio(t("exercises.e25.data"), names, horizontal=True, format_func=labels("common.src.", names).get,
                     **bind("exercises.25.data"))
    ps = datasets.resolve(which)
    model = ps.models[0]
    y, s = ps.y, ps.scores[model]
    grid = ec.rank_pair_grid(y, s)
    formula("exercises.e25.loss")
    left, right = st.columns([1.2, 1])
    with left:
        chart(pair_grid_figure(grid, roc=ec.roc_curve(y, s), text=dict(
            texts("exercises.e25.grid.", "x", "y", "penalty"), pos=t("common.cls.pos"), neg=t("common.cls.neg"))),
            key="exercises_e25_grid")
    with right:
        m_pos, m_neg = int(y.sum()), int(y.size - y.sum())
        full, half = int((grid.penalty == 1).sum()), int((grid.penalty == 0.5).sum())
        loss, auc = ec.rank_loss(y, s), ec.roc_auc(y, s)
        formula("exercises.e25.loss_filled", full=full, half=half, mp=m_pos, mn=m_neg, v=fmt(loss))
        formula("exercises.e25.cell", mp=m_pos, mn=m_neg, cell=t("exercises.e25.cell_word"))
        formula("exercises.e25.auc", l=fmt(loss), v=fmt(1 - loss))
        st.metric("AUC", fmt(auc), help=t("exercises.e25.auc.help"))
    st.success(t("exercises.e25.answer", full=full, half=half, v=fmt(loss), auc=fmt(auc)))
    page_link("roc")


SECTIONS = {"2.1": e21, "2.2": e22, "2.3": e23, "2.4": e24, "2.5": e25}
