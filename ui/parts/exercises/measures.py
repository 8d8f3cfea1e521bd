"""Exercises 2.3 to 2.7 (section 2.3, performance measures): F1 against the break-even point, how TPR,
FPR, P and R relate, AUC and the rank loss, the error rate read off an ROC curve, the ROC curve and
the cost curve as duals.

Session keys ``exercises.<n>.<name>`` (the section's controls, declared as the
``exercises.`` family in ui/core/state.py)."""
from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st
import evalcore as ec
from evalcore import datasets
from evalcore.figures import pair_grid_figure
from evalcore.figures.exercises import f1_bep_figure, precision_prior_figure
from ui.protect.bounds import redraw
from ui.core.charts import chart, live_chart
from ui.parts.exercises.guess import guess_first
from ui.core.i18n import fmt, formula, labels, t, texts
from ui.core.registry import page_link
from ui.core.state import SS, bind
from ui.core.tables import edited_table
from evalcore.figures.exercises import duality_figure, iso_error_figure
from ui.core.i18n import shown_name
from ui.parts.exercises.shared import current, options
from ui.core.settings import span

PAGE_STRINGS = "exercises."

def _check_23(frame: pd.DataFrame):
    cols = list(frame.columns)
    values = ec.table_values(frame.to_numpy().tolist(), cols, min_rows=4, min_cols=3)
    y = ec.table_labels(values[:, 0].tolist(), cols[0], (0, 1))
    if len(set(y)) < 2:
        raise ec.DataError("one_class", name=str(cols[0]), n_pos=int(sum(y)), n_neg=len(y) - int(sum(y)))
    y = np.asarray(y)
    a, b = values[:, 1], values[:, 2]
    fa, fb = ec.best_f(ec.threshold_counts(y, a)).f, ec.best_f(ec.threshold_counts(y, b)).f
    ba, bb = ec.break_even_point(y, a), ec.break_even_point(y, b)
    return y, a, b, fa, fb, ba, bb


def e23() -> None:
    st.markdown(t("exercises.e23.q"))
    if not guess_first("2.3", t("exercises.e23.guess"), options=options("exercises.e23.opt.", ("yes", "no"))):
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
        live_chart(f1_bep_figure(curves, points, names=["A", "B"],
                                 text=texts("exercises.e23.fig.", "x", "y", "bep", "f1", "diagonal")),
                   key="exercises_e23_fig")
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
                       options=options("exercises.e24.opt.", ("tpr_r", "fpr_p", "none"))):
        return
    c = st.columns(4)
    tp = c[0].number_input("TP", *span("exercises.24.tp"), step=1, **bind("exercises.24.tp", first="value"))
    fn = c[1].number_input("FN", *span("exercises.24.fn"), step=1, **bind("exercises.24.fn", first="value"))
    fp = c[2].number_input("FP", *span("exercises.24.fp"), step=1, **bind("exercises.24.fp", first="value"))
    tn = c[3].number_input("TN", *span("exercises.24.tn"), step=1, **bind("exercises.24.tn", first="value"))
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
        pi = st.slider(t("exercises.e24.prior"), *span("exercises.24.pi"), step=0.01,
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
                       options=options("exercises.e25.opt.", ("cell", "point", "none"))):
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
        (m_pos, m_neg), full, half = grid.shape, grid.n_below, grid.n_tied
        loss, auc = ec.rank_loss(y, s), ec.roc_auc(y, s)
        formula("exercises.e25.loss_filled", full=full, half=half, mp=m_pos, mn=m_neg, v=fmt(loss))
        formula("exercises.e25.cell", mp=m_pos, mn=m_neg, cell=t("exercises.e25.cell_word"))
        formula("exercises.e25.auc", l=fmt(loss), v=fmt(1 - loss))
        st.metric("AUC", fmt(auc), help=t("exercises.e25.auc.help"))
    st.success(t("exercises.e25.answer", full=full, half=half, v=fmt(loss), auc=fmt(auc)))
    page_link("roc")


def e26() -> None:
    st.markdown(t("exercises.e26.q"))
    if not guess_first("2.6", t("exercises.e26.guess"),
                       options=labels("exercises.e26.opt.", ("hull", "corner", "diagonal"))):
        return
    cur = current()
    if cur is None:
        return
    y, s, name = cur
    share = ec.positive_share(y)
    start = round(min(0.95, max(0.05, share)) * 20) / 20          # the slider's step nearest the data's share
    pi = st.slider(t("exercises.e26.prior", share=f"{share:.2f}", start=f"{start:.2f}"), *span("exercises.26.prior"),
                   step=0.05, **bind("exercises.26.prior", start))
    best = ec.least_error_point(y, s, prior=pi)
    roc = ec.roc_curve(y, s)
    lines = [(*ec.iso_error_line(best.error + d, pi), best.error + d) for d in (0.0, 0.1, 0.2, 0.3)]
    hull = ec.roc_hull_points(ec.threshold_counts(y, s))
    live_chart(iso_error_figure((roc.fpr, roc.tpr), hull, lines, (best.fpr, best.tpr, best.error),
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
    cur = current()
    if cur is None:
        return
    y, s, name = cur
    cc = ec.cost_curve(y, s)
    tpr = 1 - cc.fnr
    n = len(cc.fpr)
    i = st.slider(t("exercises.e27.point"), 0, n - 1,
                  **bind("exercises.27.point", min(n - 1, n // 2), within=(0, n - 1)))
    i = min(int(i), n - 1)
    live_chart(duality_figure(cc.fpr, tpr, cc.hull, (cc.x, cc.envelope), i, text=texts(     # a phone: stacked
        "exercises.e27.fig.", "roc_x", "roc_y", "cost_x", "cost_y", "points", "lines", "envelope", "chosen", "hull")),
        key="exercises_e27_fig")
    formula("exercises.e27.line", f=fmt(cc.fpr[i]), r=fmt(tpr[i]), fnr=fmt(cc.fnr[i]))
    on_hull = i in set(cc.hull.tolist())
    st.success(t("exercises.e27.answer", model=shown_name(name), n=n, h=len(cc.hull),
                 where=t("exercises.e27.on_hull" if on_hull else "exercises.e27.off_hull")))
    page_link("cost")


SECTIONS = {"2.3": e23, "2.4": e24, "2.5": e25, "2.6": e26, "2.7": e27}
