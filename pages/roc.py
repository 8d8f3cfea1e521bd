"""ROC 与 AUC · the ROC curve step by step, AUC four ways, the rank-loss grid (textbook 2.3.3)."""
import streamlit as st

import evalcore as ec
from evalcore import figures

import ui

STEP_LIMIT = 300      # walk one distinct score per step up to this many samples
GROUP_STEPS = 60      # larger sets: this many steps, each a run of thresholds
GRID_LIMIT = 200      # rank-loss grid up to this many positives and negatives

ps, token, models = ui.data_page("roc.title", "roc")
T = ui.t
tcs = [ui.counts(token, m, ps) for m in models]

# ------------------------------------------------------------------ warnings
for m, tc in zip(models, tcs):
    auc = ui.roc_view(token, m, ps).area
    if auc < 0.5 or ui.is_flipped(token, m):
        st.warning(T("roc.flip.warn", model=m, auc=f"{auc:.3f}"))
        st.checkbox(T("roc.flip", model=m), value=ui.is_flipped(token, m), key=f"_w_flip|{m}",
                    on_change=lambda m=m: ui.set_flipped(token, m, ui.SS[f"_w_flip|{m}"]))

MODES = ("step", "four", "grid", "full")
mode = st.radio(T("roc.mode"), MODES, format_func=ui.labels("roc.mode.", MODES).get, horizontal=True,
                **ui.bind("roc_mode", "step"))

# ------------------------------------------------------------- step mode
if mode == "step":
    model = ui.model_picker(models, "cm.model")
    grouped = ps.n > STEP_LIMIT
    steps = ui.roc_steps(token, model, ps, GROUP_STEPS if grouped else None)
    if grouped:
        st.info(T("roc.step.grouped", n=f"{ps.n:,}", limit=STEP_LIMIT, k=steps.n_steps))
    skey = f"roc_step|{token}|{model}|{grouped}"
    k = min(int(ui.SS.get(skey, 0)), steps.n_steps)

    def move(delta=None, to=None):
        cur = int(ui.SS.get(skey, 0))
        ui.SS[skey] = max(0, min(steps.n_steps, to if to is not None else cur + delta))

    c1, c2, c3, c4, c5 = st.columns([1, 1, 1, 1, 4])
    c1.button(T("roc.prev"), on_click=move, kwargs={"delta": -1}, key="roc_prev", disabled=k == 0)
    c2.button(T("roc.next"), on_click=move, kwargs={"delta": 1}, key="roc_next", disabled=k >= steps.n_steps)
    c3.button(T("roc.reset"), on_click=move, kwargs={"to": 0}, key="roc_reset")
    playing = c4.toggle(T("roc.play"), key="_w_roc_play")
    ui.SS[f"_w_roc_slider|{skey}"] = k
    c5.slider(T("roc.step"), 0, steps.n_steps, key=f"_w_roc_slider|{skey}",
              on_change=lambda: move(to=ui.SS[f"_w_roc_slider|{skey}"]))

    @st.fragment(run_every=1.2 if playing and k < steps.n_steps else None)
    def walk():
        kk = min(int(ui.SS.get(skey, 0)), steps.n_steps)
        if playing and kk < steps.n_steps:   # each timed rerun of the fragment takes one step
            move(delta=1)
            kk += 1
        left, right = st.columns([1.1, 1])
        with left:
            ui.chart(figures.roc_step_figure(
                steps, kk, full=ui.roc_view(token, model, ps) if grouped else None,
                x_title=T("axis.fpr"), y_title=T("axis.tpr"),
                labels=(T("roc.walked"), T("roc.tocome"), T("roc.current"))), key="roc_step_fig")
        with right:
            st.subheader(T("roc.step.now", k=kk, K=steps.n_steps))
            m1, m2, m3, m4 = st.columns(4)
            m1.metric("TP", int(steps.tp[kk]))
            m2.metric("FP", int(steps.fp[kk]))
            m3.metric("TPR", f"{steps.tpr[kk]:.3f}")
            m4.metric("FPR", f"{steps.fpr[kk]:.3f}")
            if kk == 0:
                st.markdown(T("roc.step.start"))
                st.latex(r"(x, y) = (0, 0)")
            else:
                thr = steps.thresholds[kk]
                dp, dn = int(steps.d_pos[kk]), int(steps.d_neg[kk])
                st.markdown(T("roc.step." + steps.kind[kk], thr=f"{thr:.6g}", dp=dp, dn=dn))
                st.latex(rf"(x, y) \leftarrow \left(x + \frac{{{dn}}}{{m^-}},\ y + \frac{{{dp}}}{{m^+}}\right)"
                         rf" = \left(\frac{{{int(steps.fp[kk])}}}{{{steps.n_neg}}},\ "
                         rf"\frac{{{int(steps.tp[kk])}}}{{{steps.n_pos}}}\right)")
                st.latex(r"\Delta\mathrm{AUC} = \tfrac12 (x_{k} - x_{k-1})(y_{k-1} + y_{k})")
                st.latex(rf"= \tfrac12 \times {steps.fpr[kk] - steps.fpr[kk - 1]:.4f} \times "
                         rf"({steps.tpr[kk - 1]:.4f} + {steps.tpr[kk]:.4f}) = {steps.area[kk]:.4f}")
            st.latex(rf"\sum \Delta\mathrm{{AUC}} = {steps.cum_area[kk]:.4f}"
                     + (rf" = \mathrm{{AUC}}" if kk == steps.n_steps else ""))
        if not grouped:
            ranked = ec.ranked_samples(ps.y, ec.flipped_scores(ps.scores[model]) if ui.is_flipped(token, model)
                                       else ps.scores[model])
            ui.chart(figures.ranked_strip(ranked, kk, ids=ps.ids, class_names=(T("cls.pos"), T("cls.neg")),
                                          x_title=T("roc.rank"), y_title=T("axis.score", model=model),
                                          cut_label=T("roc.cut")), key="roc_strip")
            ids = ps.ids if ps.ids is not None else ranked.order
            rows = [{T("roc.col.rank"): int(r), T("roc.col.id"): str(ids[i]), T("roc.col.score"): f"{s:.6g}",
                     T("roc.col.label"): T("cls.pos") if yy else T("cls.neg"), T("roc.col.step"): int(g),
                     T("roc.col.in"): "✔" if g <= kk else ""}
                    for r, i, s, yy, g in zip(ranked.rank, ranked.order, ranked.scores, ranked.y, ranked.step)]
            st.dataframe(rows, hide_index=True, height=min(420, 38 + 35 * len(rows)))

    walk()

# ----------------------------------------------------------- AUC 4 ways
elif mode == "four":
    st.markdown(T("roc.four.intro"))
    for m, tc in zip(models, tcs):
        four = ec.auc_four_ways(tc)
        st.subheader(m)
        rows = [
            (T("roc.four.trap"), r"\mathrm{AUC} = \tfrac12 \sum_{i=1}^{m-1} (x_{i+1} - x_i)(y_i + y_{i+1})", four.trapezoid),
            (T("roc.four.loss"), r"1 - \ell_{rank} = 1 - \frac{1}{m^+ m^-} \sum_{x^+} \sum_{x^-} \left( \mathbb{I}(f(x^+) < f(x^-)) + \tfrac12 \mathbb{I}(f(x^+) = f(x^-)) \right)", four.one_minus_rank_loss),
            (T("roc.four.gain"), r"\frac{1}{m^+ m^-} \sum_{x^+} \sum_{x^-} \left( \mathbb{I}(f(x^+) > f(x^-)) + \tfrac12 \mathbb{I}(f(x^+) = f(x^-)) \right)", four.rank_gain),
            (T("roc.four.ranksum"), rf"\frac{{\sum_{{i \in D^+}} r_i - m^+(m^+ + 1)/2}}{{m^+ m^-}} = \frac{{{four.rank_sum_total:g} - {tc.n_pos}({tc.n_pos}+1)/2}}{{{tc.n_pos} \times {tc.n_neg}}}", four.rank_sum),
        ]
        cols = st.columns(4)
        for col, (name, latex, value) in zip(cols, rows):
            with col:
                st.markdown(f"**{name}**")
                st.latex(latex)
                st.metric("AUC", f"{value:.12f}")
        st.caption(T("roc.four.equal", diff=f"{four.max_difference():.1e}"))

# ------------------------------------------------------- rank-loss grid
elif mode == "grid":
    model = ui.model_picker(models, "cm.model")
    tc = ui.counts(token, model, ps)
    if max(ps.n_pos, ps.n_neg) > GRID_LIMIT:
        st.info(T("roc.grid.too_big", limit=GRID_LIMIT, n_pos=ps.n_pos, n_neg=ps.n_neg))
    else:
        s = ec.flipped_scores(ps.scores[model]) if ui.is_flipped(token, model) else ps.scores[model]
        grid = ec.rank_pair_grid(ps.y, s)
        ids = ps.ids if ps.ids is not None else None
        left, right = st.columns([1.2, 1])
        with left:
            ui.chart(figures.pair_grid_figure(
                grid, roc=tc.roc_curve(), pos_ids=None if ids is None else ids[grid.pos_index],
                neg_ids=None if ids is None else ids[grid.neg_index], x_title=T("roc.grid.x"),
                y_title=T("roc.grid.y"), hover=(T("cls.pos"), T("cls.neg"), T("roc.grid.penalty"))),
                key="roc_grid")
        with right:
            st.markdown(T("roc.grid.body"))
            st.latex(rf"\ell_{{rank}} = \frac{{{grid.total_penalty:g}}}{{{tc.n_pos} \times {tc.n_neg}}} = "
                     rf"{grid.rank_loss:.4f},\quad \mathrm{{AUC}} = 1 - \ell_{{rank}} = {1 - grid.rank_loss:.4f}")

# ------------------------------------------------------------ full mode
else:
    views = [ui.roc_view(token, m, ps) for m in models]
    points = [ec.operating_point(tc, ui.get_threshold(token, m, tc)) for m, tc in zip(models, tcs)]
    hull = st.checkbox(T("roc.hull"), **ui.bind("roc_hull", False))
    hulls = [ui.roc_hull(token, m, ps) for m in models] if hull else None
    left, right = st.columns([1.3, 1])
    with left:
        ui.curve_chart(figures.roc_curves(views, points, names=models, hulls=hulls, x_title=T("axis.fpr"),
                                          y_title=T("axis.tpr"), diagonal_label=T("roc.diagonal"),
                                          point_label=T("thr.short")),
                       "roc_full", token, models, views)
        st.caption(T("roc.click"))
    with right:
        ui.threshold_panel(token, models, ps)
        rows = [{T("cm.model"): m, "AUC": f"{v.area:.4f}", T("thr.short"): f"{p.threshold:.6g}",
                 "TPR": f"{p.tpr:.3f}", "FPR": f"{p.fpr:.3f}"} for m, v, p in zip(models, views, points)]
        st.dataframe(rows, hide_index=True)
        for i in range(len(models)):
            for j in range(i + 1, len(models)):
                verdict = ui.dominance("roc", token, models[i], models[j], ps)
                st.markdown(T(f"roc.verdict.{verdict}", a=models[i], b=models[j],
                              auc_a=f"{views[i].area:.3f}", auc_b=f"{views[j].area:.3f}"))
        if ps.n > 20_000:
            st.caption(T("roc.reduced", n=f"{views[0].n_full:,}", k=len(views[0].x)))
