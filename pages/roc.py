"""ROC 与 AUC · the ROC curve step by step, AUC four ways, the rank-loss grid (textbook 2.3.3)."""
import streamlit as st

import evalcore as ec
from evalcore import figures

import ui
from ui.parts import intervals
from ui.parts.methods import horse_colic_report
from ui.parts.roc_walk import roc_walk

GRID_LIMIT = 200      # rank-loss grid up to this many positives and negatives

ps, token, models = ui.open_data_page("roc")
T = ui.t
facts = [ui.model(token, m, ps) for m in models]
tcs = [f.counts for f in facts]

# ------------------------------------------------------------------ warnings
with ui.guard("flip warnings"):
    for m, f in zip(models, facts):
        auc = f.roc_view.auc
        if auc < 0.5 or ui.is_flipped(token, m):
            st.warning(T("roc.flip.warn", model=m, auc=f"{auc:.3f}"))
            st.checkbox(T("roc.flip", model=m), value=ui.is_flipped(token, m), key=f"_w_flip|{m}",
                        on_change=lambda m=m: ui.set_flipped(token, m, ui.SS[f"_w_flip|{m}"]))

MODES = ("step", "four", "grid", "full")
mode = st.radio(T("roc.mode"), MODES, format_func=ui.labels("roc.mode.", MODES).get, horizontal=True,
                **ui.bind("roc_mode"))

# ------------------------------------------------------------- step mode
with ui.guard("mode view"):
    if mode == "step":      # the textbook's walk (ui.parts.roc_walk): buttons, keys, Play, slider, figures
        roc_walk(ps, token, models)

    # ----------------------------------------------------------- AUC 4 ways
    elif mode == "four":
        st.markdown(T("roc.four.intro"))
        for m, tc in zip(models, tcs):
            four = ec.auc_four_ways(tc)
            st.subheader(ui.md(m))
            rows = [
                (T("roc.four.trap"), [ui.fill("roc.four.trap")], four.trapezoid),
                (T("roc.four.loss"), [ui.fill("roc.four.loss")], four.one_minus_rank_loss),
                (T("roc.four.gain"), [ui.fill("roc.four.gain")], four.rank_gain),
                (T("roc.four.ranksum"), [ui.fill("roc.four.ranksum"), ui.fill(
                    "roc.four.ranksum_filled", total=f"{four.rank_sum_total:g}", pos=tc.n_pos, neg=tc.n_neg)],
                 four.rank_sum),
            ]
            for name, latexes, value in rows:          # one form per row: the long ones need the width
                st.markdown(f"**{name}**")
                for latex in latexes:
                    st.latex(latex)
                st.metric("AUC", f"{value:.12f}")
            st.caption(T("roc.four.equal", diff=f"{four.max_difference():.1e}"))

    # ------------------------------------------------------- rank-loss grid
    elif mode == "grid":
        model = ui.model_picker(models, "common.cm.model")
        mf = ui.model(token, model, ps)
        tc = mf.counts
        if max(ps.n_pos, ps.n_neg) > GRID_LIMIT:
            st.info(T("roc.grid.too_big", limit=GRID_LIMIT, n_pos=ps.n_pos, n_neg=ps.n_neg))
        else:
            grid = ec.rank_pair_grid(ps.y, mf.scores)
            ids = ps.ids if ps.ids is not None else None
            left, right = st.columns([1.2, 1])
            with left:
                ui.chart(figures.pair_grid_figure(
                    grid, roc=tc.roc_curve(), pos_ids=None if ids is None else ids[grid.pos_index],
                    neg_ids=None if ids is None else ids[grid.neg_index],
                    text=dict(x=T("roc.grid.x"), y=T("roc.grid.y"), pos=T("common.cls.pos"), neg=T("common.cls.neg"),
                              penalty=T("roc.grid.penalty"))),
                    key="roc_grid")
            with right:
                st.markdown(T("roc.grid.body"))
                ui.formula("roc.grid", pen=f"{grid.total_penalty:g}", pos=tc.n_pos, neg=tc.n_neg,
                           v=f"{grid.rank_loss:.4f}")
                ui.formula("roc.grid_auc", v=f"{1 - grid.rank_loss:.4f}")

    # ------------------------------------------------------------ full mode
    else:
        @st.fragment
        @ui.guard("full views")
        def full_views() -> None:
            """The curves with each model's threshold: a threshold move or a click
            on a curve reruns only this part of the page."""
            views = [f.roc_view for f in facts]
            points = [ec.operating_point(tc, ui.get_threshold(token, m, tc)) for m, tc in zip(models, tcs)]
            hull = st.checkbox(T("roc.hull"), **ui.bind("roc_hull", False))
            hulls = [f.hull for f in facts] if hull else None
            left, right = st.columns([1.3, 1])
            with left:
                text = dict(x=T("common.axis.fpr"), y=T("common.axis.tpr"), diagonal=T("common.roc.diagonal"),
                            threshold=T("common.thr.short"))
                ui.curve_chart(figures.roc_curves(views, points, names=list(map(ui.shown_name, models)), hulls=hulls,
                                                  text=text, width=None),
                               "roc_full", token, models, views)
                st.caption(T("roc.click"))
            with right:
                ui.threshold_panel(token, models, ps)
                rows = [{T("common.cm.model"): ui.shown_cell(m), "AUC": f"{v.auc:.4f}",
                         T("common.thr.short"): ui.fmt_threshold(p.threshold), "TPR": f"{p.tpr:.3f}",
                         "FPR": f"{p.fpr:.3f}"}
                        for m, v, p in zip(models, views, points)]
                st.dataframe(ui.arrow_table(rows), hide_index=True)
                for i in range(len(models)):
                    for j in range(i + 1, len(models)):
                        verdict = ui.dominance("roc", facts[i], facts[j])
                        st.markdown(T(f"roc.verdict.{verdict.value}", a=models[i], b=models[j],
                                      auc_a=f"{views[i].auc:.3f}", auc_b=f"{views[j].auc:.3f}"))
                if ps.n > 20_000:
                    st.caption(T("common.roc.reduced", n=f"{views[0].n_full:,}", k=len(views[0].x)))

        intervals_on = intervals.switch()
        full_views()
        if intervals_on:
            intervals.table(token, models, ps, measures=("auc",))
            intervals.bands("roc", token, models, ps)
        intervals.k_models(token, models, ps)
        intervals.cv_roc()

# ------------------------------------------- ties: the AdaBoost horse-colic ROC
with ui.guard("ties"):
    if token == "builtin:horse-colic":
        st.header(T("roc.ties.title"), anchor="ties")
        st.markdown(T("roc.ties.intro"))
        reports = [horse_colic_report(n) for n in (10, 50)]
        st.dataframe({T("roc.ties.col.rounds"): [r.rounds for r in reports],
                      T("roc.ties.col.aware"): [f"{r.train.tie_aware:.16f}" for r in reports],
                      T("roc.ties.col.low"): [f"{r.train.low:.16f}" for r in reports],
                      T("roc.ties.col.high"): [f"{r.train.high:.16f}" for r in reports],
                      T("roc.ties.col.printed"): [f"{r.printed:.16f}" for r in reports],
                      T("roc.ties.col.test_auc"): [f"{r.test_auc:.4f}" for r in reports],
                      T("roc.ties.col.test_err"): [f"{r.test_error:.4f}" for r in reports]}, hide_index=True)
        ui.formula("roc.ties.range")
        st.markdown(T("roc.ties.body", tied=f"{reports[0].train.tied_pairs:.2%}"))
