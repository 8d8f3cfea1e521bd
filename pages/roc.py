"""ROC 与 AUC · the ROC curve step by step, AUC four ways, the rank-loss grid (textbook 2.3.3)."""
import streamlit as st

import evalcore as ec
from evalcore import figures

import ui

STEP_LIMIT = 300      # walk one distinct score per step up to this many samples
GROUP_STEPS = 60      # larger sets: this many steps, each a run of thresholds
GRID_LIMIT = 200      # rank-loss grid up to this many positives and negatives
PLAY_SECONDS = 1.2    # Play takes one step this often

ps, token, models = ui.open_data_page("roc")
T = ui.t
facts = [ui.model(token, m, ps) for m in models]
tcs = [f.counts for f in facts]

# ------------------------------------------------------------------ warnings
for m, f in zip(models, facts):
    auc = f.roc_view.auc
    if auc < 0.5 or ui.is_flipped(token, m):
        st.warning(T("roc.flip.warn", model=m, auc=f"{auc:.3f}"))
        st.checkbox(T("roc.flip", model=m), value=ui.is_flipped(token, m), key=f"_w_flip|{m}",
                    on_change=lambda m=m: ui.set_flipped(token, m, ui.SS[f"_w_flip|{m}"]))

MODES = ("step", "four", "grid", "full")
mode = st.radio(T("roc.mode"), MODES, format_func=ui.labels("roc.mode.", MODES).get, horizontal=True,
                **ui.bind("roc_mode", "step"))

# ------------------------------------------------------------- step mode
if mode == "step":
    model = ui.model_picker(models, "common.cm.model")
    grouped = ps.n > STEP_LIMIT
    mf = ui.model(token, model, ps)
    steps = mf.steps(GROUP_STEPS if grouped else None)
    if grouped:
        st.info(T("roc.step.grouped", n=f"{ps.n:,}", limit=STEP_LIMIT, k=steps.n_steps))
    skey = f"roc_step|{token}|{model}|{grouped}"
    if "_link_step" in ui.SS:                       # a shared link's step, applied once
        ui.SS[skey] = min(int(ui.SS.pop("_link_step")), steps.n_steps)
    if ui.SS.get("_page_changed", True):          # Play stops when the page is left
        ui.SS["roc_play"] = False
    playing = ui.timers.playing("roc_play")     # off after limits.PLAY_IDLE_S untouched

    def move(delta=None, to=None):
        cur = int(ui.SS.get(skey, 0))
        ui.SS[skey] = max(0, min(steps.n_steps, to if to is not None else cur + delta))
        ui.SS["_roc_moved"] = True               # a user's move: this run takes no timed step
        ui.timers.touch("roc_play")

    def play(on):
        ui.SS["roc_play"] = bool(on)
        ui.timers.touch("roc_play")
        ui.SS["_roc_toggled"] = True

    KEY_MOVES = {"next": dict(delta=1), "prev": dict(delta=-1), "reset": dict(to=0), "end": dict(to=steps.n_steps)}

    def on_key(action):
        if action == "play":
            play(not ui.SS.get("roc_play", False))
        else:
            move(**KEY_MOVES[action])

    @st.fragment(run_every=ui.timers.every(PLAY_SECONDS, playing))
    def walk():
        kk = min(int(ui.SS.get(skey, 0)), steps.n_steps)
        on = ui.timers.playing("roc_play")
        if playing and not on and not ui.SS.get("_roc_toggled"):
            st.rerun()                            # idle too long: the whole page, to stop the timer
        if on and not ui.SS.pop("_roc_moved", False) and kk < steps.n_steps:
            kk += 1                               # a timed rerun of the fragment takes one step
            ui.SS[skey] = kk
        ui.SS.pop("_roc_moved", None)
        if on and kk >= steps.n_steps:            # at the end Play turns itself off
            ui.SS["roc_play"] = False
            if playing:
                st.rerun()                        # the whole page, to stop the timer
        ui.SS["roc_step_now"] = kk
        ui.links.publish_in_page(token, model)    # the link carries the step, in the fragment's runs too
        c1, c2, c3, c4, c5, c6 = st.columns([1, 1, 1, 1, 1.2, 4])
        c1.button(T("roc.prev"), on_click=move, kwargs={"delta": -1}, key="roc_prev", disabled=kk == 0,
                  help="← / PageUp")
        c2.button(T("roc.next"), on_click=move, kwargs={"delta": 1}, key="roc_next", disabled=kk >= steps.n_steps,
                  help="→ / PageDown")
        c3.button(T("roc.reset"), on_click=move, kwargs={"to": 0}, key="roc_reset", help="Home")
        c4.button(T("roc.end"), on_click=move, kwargs={"to": steps.n_steps}, key="roc_end", help="End",
                  disabled=kk >= steps.n_steps)
        c5.toggle(T("roc.play"), help=T("roc.play.help"),
                  **ui.tied("_w_roc_play", bool(ui.SS.get("roc_play", False)), play))
        if ui.SS.pop("_roc_toggled", False) and bool(ui.SS["roc_play"]) != playing:
            st.rerun()                            # start or stop the timer
        # the step slider is drawn anew after a move made elsewhere (ui.state.tied)
        c6.slider(T("roc.step"), 0, steps.n_steps, **ui.tied(f"_w_roc_slider|{skey}", kk, lambda k: move(to=k)))
        ui.keyboard("roc_keys", on_key, next=["arrowright", "pagedown"], prev=["arrowleft", "pageup"],
                    reset="home", end="end", play=" ")
        left, right = st.columns([1.1, 1])
        with left:
            ui.live_chart(figures.roc_step_figure(
                steps, kk, full=mf.roc_view if grouped else None,
                text=dict(x=T("common.axis.fpr"), y=T("common.axis.tpr"), walked=T("roc.walked"),
                          to_come=T("roc.tocome"), current=T("roc.current"), step=T("roc.col.step"))),
                key="roc_step_fig")
        with right:
            st.subheader(T("roc.step.now", k=kk, K=steps.n_steps))
            m1, m2, m3, m4 = st.columns(4)
            m1.metric("TP", f"{int(steps.tp[kk]):,}")
            m2.metric("FP", f"{int(steps.fp[kk]):,}")
            m3.metric("TPR", f"{steps.tpr[kk]:.3f}")
            m4.metric("FPR", f"{steps.fpr[kk]:.3f}")
            if kk == 0:
                st.markdown(T("roc.step.start"))
                lines = [ui.fill("roc.start")]
            else:
                thr = steps.thresholds[kk]
                dp, dn = int(steps.d_pos[kk]), int(steps.d_neg[kk])
                st.markdown(T("roc.step." + steps.kind[kk], thr=f"{thr:.6g}", dp=dp, dn=dn))
                lines = [ui.fill("roc.move", dn=dn, dp=dp, fp=int(steps.fp[kk]), neg=steps.n_neg, tp=int(steps.tp[kk]),
                                 pos=steps.n_pos),
                         ui.fill("roc.darea"),
                         ui.fill("roc.darea_filled", dx=f"{steps.fpr[kk] - steps.fpr[kk - 1]:.4f}",
                                 y0=f"{steps.tpr[kk - 1]:.4f}", y1=f"{steps.tpr[kk]:.4f}", v=f"{steps.area[kk]:.4f}")]
            lines.append(ui.fill("roc.sum_end" if kk == steps.n_steps else "roc.sum", v=f"{steps.cum_area[kk]:.4f}"))
            ui.formula_grid("roc_step_formulas", [(None, lines)], columns=1)
        if not grouped:
            ranked = mf.ranked
            ui.live_chart(figures.ranked_strip(ranked, kk, ids=ps.ids, text=dict(
                pos=T("common.cls.pos"), neg=T("common.cls.neg"), x=T("roc.rank"),
                y=ui.t_fig("common.axis.score", model=model), cut=T("roc.cut"), score=T("roc.col.score"),
                rank=T("roc.col.rank"), step=T("roc.col.step"))), key="roc_strip")
            ids = ps.ids if ps.ids is not None else ranked.order
            rows = [{T("roc.col.rank"): int(r), T("roc.col.id"): ui.cell(ids[i]), T("roc.col.score"): f"{s:.6g}",
                     T("roc.col.label"): T("common.cls.pos") if yy else T("common.cls.neg"),
                     T("roc.col.step"): int(g),
                     T("roc.col.in"): "✔" if g <= kk else ""}
                    for r, i, s, yy, g in zip(ranked.rank, ranked.order, ranked.scores, ranked.y, ranked.step)]
            st.dataframe(rows, hide_index=True, height=min(420, 38 + 35 * len(rows)))

    walk()

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
            ui.curve_chart(figures.roc_curves(views, points, names=models, hulls=hulls, text=text),
                           "roc_full", token, models, views)
            st.caption(T("roc.click"))
        with right:
            ui.threshold_panel(token, models, ps)
            rows = [{T("common.cm.model"): ui.cell(m), "AUC": f"{v.auc:.4f}",
                     T("common.thr.short"): f"{p.threshold:.6g}", "TPR": f"{p.tpr:.3f}", "FPR": f"{p.fpr:.3f}"}
                    for m, v, p in zip(models, views, points)]
            st.dataframe(rows, hide_index=True)
            for i in range(len(models)):
                for j in range(i + 1, len(models)):
                    verdict = ui.dominance("roc", facts[i], facts[j])
                    st.markdown(T(f"roc.verdict.{verdict.value}", a=models[i], b=models[j],
                                  auc_a=f"{views[i].auc:.3f}", auc_b=f"{views[j].auc:.3f}"))
            if ps.n > 20_000:
                st.caption(T("common.roc.reduced", n=f"{views[0].n_full:,}", k=len(views[0].x)))

    intervals_on = ui.intervals.switch()
    full_views()
    if intervals_on:
        ui.intervals.table(token, models, ps, measures=("auc",))
        ui.intervals.bands("roc", token, models, ps)
    ui.intervals.k_models(token, models, ps)
    ui.intervals.cv_roc()

# ------------------------------------------- ties: the AdaBoost horse-colic ROC
if token == "builtin:horse-colic":
    st.header(T("roc.ties.title"))
    st.markdown(T("roc.ties.intro"))
    reports = [ui.horse_colic_report(n) for n in (10, 50)]
    st.dataframe({T("roc.ties.col.rounds"): [r.rounds for r in reports],
                  T("roc.ties.col.aware"): [f"{r.train.tie_aware:.16f}" for r in reports],
                  T("roc.ties.col.low"): [f"{r.train.low:.16f}" for r in reports],
                  T("roc.ties.col.high"): [f"{r.train.high:.16f}" for r in reports],
                  T("roc.ties.col.printed"): [f"{r.printed:.16f}" for r in reports],
                  T("roc.ties.col.test_auc"): [f"{r.test_auc:.4f}" for r in reports],
                  T("roc.ties.col.test_err"): [f"{r.test_error:.4f}" for r in reports]}, hide_index=True)
    ui.formula("roc.ties.range")
    st.markdown(T("roc.ties.body", tied=f"{reports[0].train.tied_pairs:.2%}"))
