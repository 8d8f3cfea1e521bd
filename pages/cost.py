"""代价敏感错误率与代价曲线 · cost-sensitive error, cost curves, class imbalance (textbook 2.3.4)."""
import streamlit as st

import evalcore as ec
from evalcore import figures

import ui

FEW_SAMPLES = 50      # below this many of a class after resampling, the ROC curve visibly moves by chance
RATIOS = (0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0)

ps, token, models = ui.open_data_page("cost")
T = ui.t

# ------------------------------------------------------------ cost matrix
with ui.guard("cost matrix"):
    if ui.presenter():          # a projector: one row of controls, the figure higher; the matrix with the formulas
        c_01, c_10, c_ratio, c_p = st.columns([1, 1, 1.2, 1.2])
        c_tab = None
    else:
        st.subheader(T("cost.matrix"))
        c_in, c_tab, c_ratio = st.columns([1.35, 1.15, 1.5])   # the inputs' labels on one line at 1366 px
        c_01 = c_10 = c_in
        c_p = c_ratio
    with c_01:
        st.number_input(T("cost.c01"), min_value=0.0, step=0.5, format="%.3g", help=T("cost.c01.help"),
                        **ui.bind("cost01", first="value"))
    with c_10:
        st.number_input(T("cost.c10"), min_value=0.0, step=0.5, format="%.3g", help=T("cost.c10.help"),
                        **ui.bind("cost10", first="value"))
    c01, c10 = ui.costs()                 # clamped to a finite range before any arithmetic
    if c_tab is not None:
        with c_tab:
            ui.formula("cost.matrix", c01=ui.tex_number(c01), c10=ui.tex_number(c10))

    with c_ratio:
        current_ratio = round(c01 / c10, 6) if c10 > 0 else RATIOS[-1]
        options = sorted({*RATIOS, current_ratio} if 0 < current_ratio <= RATIOS[-1] else set(RATIOS))

        def ratio_changed(ratio):
            ui.SS["cost01"] = ratio * max(float(ui.SS["cost10"]), 1e-12)

        st.select_slider(T("cost.ratio"), options, format_func=lambda r: f"{r:g} : 1", help=T("cost.ratio.help"),
                         **ui.tied("_w_cost_ratio", current_ratio if current_ratio in options else RATIOS[-1],
                                   ratio_changed))
    with c_p:
        pkey = f"cost_p|{token}"
        st.slider(T("cost.p"), 0.0, 1.0, step=0.001, format="%.3f", help=T("cost.p.help"),
                  **ui.bind(pkey, round(ps.n_pos / ps.n, 3)))
    p = float(ui.SS[pkey])

    try:
        pc = ec.probability_cost(p, c01, c10)
    except ec.DataError as err:
        ui.show_error(err)
        st.stop()

# ------------------------------------------- error at the threshold and optimum
@st.fragment
@ui.guard("threshold views")
def threshold_views(c01: float, c10: float, p: float, pc: float, rate: float, method: str, table) -> str:
    """Everything that depends on the threshold (a threshold move reruns only
    this part; the cost matrix and prior above are read once per page run),
    and the class-imbalance table, written into ``table`` further down the
    page; returns the model its threshold applies to."""
    left, right = st.columns([1, 1])
    with left:                  # the model above its threshold: one row less above the figure
        model = ui.model_picker(models, "common.roc.thr.model")
        if ui.SS.get("_cost_imbalance_model", model) != model:
            st.rerun()          # another model: the class-imbalance section below is the page's, drawn anew
        mf = ui.model(token, model, ps)
        tc = mf.counts
        thr = ui.threshold_control(token, model, tc)
        cur = ec.cost_at(tc, thr, p=p, cost01=c01, cost10=c10)
        opt = mf.optimal(p, c01, c10)
    with right:                 # beside the threshold, so the figure starts on the first screen (1366 x 768, projector)
        ui.metric_row("cost", [(T("cost.err_now"), ui.fmt_cost(cur.cost)), (T("cost.err_best"), ui.fmt_cost(opt.cost)),
                       (T("cost.best_thr"), ui.fmt_threshold(opt.threshold))])

        st.button(T("cost.move"), on_click=ui.set_threshold_to_point, args=(token, model, tc, opt.index),
                  key="cost_move", disabled=cur.index == opt.index)
    vals = dict(p=f"{p:.3f}", q=f"{1 - p:.3f}", c01=ui.tex_number(c01), c10=ui.tex_number(c10),
                fnr=f"{1 - cur.tpr:.3f}", fpr=f"{cur.fpr:.3f}")

    def formulas() -> None:
        with st.container():
            if ui.presenter():          # the cost matrix, above the figure without presenter mode
                ui.formula("cost.matrix", c01=ui.tex_number(c01), c10=ui.tex_number(c10))
            st.markdown(T("cost.formulas"))
            ui.formula_grid("cost_formulas", [
                (None, [ui.fill("cost.pc"), ui.fill("cost.pc_filled", v=f"{pc:.4f}", **vals)]),
                (None, [ui.fill("cost.error"), ui.fill("cost.error_filled", v=f"{cur.cost:.4f}", **vals)])],
                columns=1)
        ui.formula_grid("cost_norm", [
            (None, [ui.fill("cost.norm"), ui.fill("cost.norm_filled", v=f"{cur.norm_cost:.4f}", **vals)])],
            columns=1)
        st.caption(T("cost.formula_note"))

    # ------------------------------------------------------- linked figure
    facts = [ui.model(token, m, ps) for m in models]
    curves = [f.cost_curve for f in facts]
    currents = [ec.cost_at(f.counts, ui.get_threshold(token, m, f.counts), p=p, cost01=c01, cost10=c10)
                for m, f in zip(models, facts)]
    optima = [f.optimal(p, c01, c10) for f in facts]
    comparison = ui.cost_comparison(facts[0], facts[1]) if len(models) >= 2 else None
    text = ui.texts("cost.fig.", "roc_title", "cost_title", "lines", "points", "line_hover", "iso", "area", "current",
                    "optimal", "norm")
    text.update(fpr=T("common.axis.fpr"), tpr=T("common.axis.tpr"))
    shown = list(map(ui.shown_name, models))
    fig = figures.cost_linked_figure([f.roc_view for f in facts], [f.hull for f in facts], curves, facts[0].cost_lines,
                                     currents, optima, names=shown, pc=pc, text=text, comparison=comparison)
    ui.linked_chart(fig)
    # the section's name starts its caption: without a heading the figure starts on the first screen at 1366 x 768
    st.caption(f"**{T('cost.linked')}** · " + T("cost.linked.help", model=models[0]))
    cols = st.columns(len(models))
    for col, m, cc, o in zip(cols, shown, curves, optima):
        col.metric(T("cost.area", model=m), f"{cc.expected_total_cost:.4f}")
    if comparison is not None:
        winner = {ec.Better.FIRST: shown[0], ec.Better.SECOND: shown[1]}
        parts = [T("cost.range", lo=f"{a:.3f}", hi=f"{b:.3f}", model=winner[w]) for a, b, w in comparison.segments
                 if w in winner]
        st.markdown(T("cost.compare", a=shown[0], b=shown[1]) + " " + "; ".join(parts) + ".")
    # on a projector the formulas open on demand; otherwise below the figure they follow, every number filled in
    with st.expander(T("cost.formulas")) if ui.presenter() else st.container():
        formulas()

    with table:                 # the class-imbalance table: the measures at this threshold, before and after
        try:
            res = mf.resampled(float(rate), method)
        except ec.DataError:
            return model        # the section below says why
        thr_now = ui.get_threshold(token, model, tc)
        before, after = ec.measures(tc.at(thr_now)), ec.measures(res.counts.at(thr_now))
        best_b = mf.optimal(ps.n_pos / ps.n, 1.0, 1.0)
        rows = {T("imb.measure"): [T("imb.rate_row"), "AUC", "AP", T("imb.acc"), "P", "R", T("imb.best")],
                T("imb.before"): [f"{ps.n_pos / ps.n:.3f}", f"{mf.roc_view.auc:.4f}",
                                  f"{mf.pr_view.average_precision:.4f}", ui.fmt(before.accuracy),
                                  ui.fmt(before.precision), ui.fmt(before.recall),
                                  ui.fmt_threshold(best_b.threshold, 4)],
                T("imb.after"): [f"{res.rate:.3f}", f"{res.roc.auc:.4f}", f"{res.pr.average_precision:.4f}",
                                 ui.fmt(after.accuracy), ui.fmt(after.precision), ui.fmt(after.recall),
                                 ui.fmt_threshold(res.best.threshold, 4)]}
        st.dataframe(ui.arrow_table(rows), hide_index=True)
    return model


def imbalance(model: str, c01: float, c10: float, rate: float, method: str) -> None:
    """The class-imbalance section below its table: what resampling does to ``model``'s curves and optimum.
    Nothing here moves with the threshold: drawn in the page's run (a move redrew it: a quarter of its work)."""
    mf = ui.model(token, model, ps)
    try:
        res = mf.resampled(float(rate), method)
    except ec.DataError as err:
        ui.show_error(err)
        return
    if (got := f"{res.rate:.3f}") != (want := f"{rate:.3f}"):     # whole samples: the table's rate is not the slider's
        st.caption(T("imb.nearest", pos=f"{res.counts.n_pos:,}", neg=f"{res.counts.n_neg:,}", want=want, got=got))
    small = min(res.counts.n_pos, res.counts.n_neg)
    if small < FEW_SAMPLES:      # the claim "ROC stays" is about expectations: say when too few samples remain
        st.warning(T("imb.few", n=f"{small:,}", min=FEW_SAMPLES))
    f1, f2 = st.columns(2)
    names2 = [T("imb.before"), T("imb.after")]
    rv = [mf.roc_view, res.roc]
    pv, inputs = [mf.pr_view, res.pr], (token, model, float(rate), method)      # built once, kept while these stay
    with f1:
        ui.live_chart(ui.kept("imb_roc", lambda: figures.roc_curves(rv, names=names2, width=None, text=dict(
            x=T("common.axis.fpr"), y=T("common.axis.tpr"), diagonal=T("common.roc.diagonal"),
            threshold=T("common.thr.short"))), *inputs), key="imb_roc")
    with f2:
        ui.live_chart(ui.kept("imb_pr", lambda: figures.pr_curves(pv, names=names2, width=None, text=dict(
            x=T("common.axis.recall"), y=T("common.axis.precision"), threshold=T("common.thr.short"), p_eq_r="P = R",
            bep="BEP", best="max F1", best_f1="max F1")), *inputs), key="imb_pr")
    p_data, p_new = ps.n_pos / ps.n, res.rate
    if 0 < p_new < 1 and c10 > 0 and c01 > 0:
        r2 = ec.rescaled_cost_ratio(c01 / c10, p_data, p_new)
        direct = mf.optimal(p_new, c01, c10)
        via = mf.optimal(p_data, r2, 1.0)
        st.markdown(T("imb.rescale", p_new=f"{p_new:.3f}", p_data=f"{p_data:.3f}", ratio=ui.text_number(c01 / c10, 4),
                      ratio2=ui.text_number(r2, 4), t1=ui.fmt_threshold(direct.threshold, 4),
                      t2=ui.fmt_threshold(via.threshold, 4)))


# The threshold's part first, in its place above; the class-imbalance section below it: its controls, then
# the table the threshold's part fills, then the rest, drawn with the model the threshold's part shows.
views, imb_head, imb_table, imb_rest = st.container(), st.container(), st.container(), st.container()
with ui.guard("class imbalance"), imb_head:
    st.header(T("imb.title"), anchor="imbalance")
    st.markdown(T("imb.body"))
    i1, i2 = st.columns([2, 1])
    imb_rate = i1.slider(T("imb.rate"), 0.01, 0.99, step=0.01, **ui.bind("imb_rate", 0.1))
    METHODS = ("under", "over")
    imb_method = i2.radio(T("imb.method"), METHODS, format_func=ui.labels("imb.method.", METHODS).get,
                          **ui.bind("imb_method", "under"))
ui.SS.pop("_cost_imbalance_model", None)       # the page's run draws the section with the model shown
with ui.guard("threshold"), views:
    shown_model = threshold_views(c01, c10, p, pc, imb_rate, imb_method, imb_table)
with ui.guard("class imbalance"), imb_rest:
    if shown_model:
        ui.SS["_cost_imbalance_model"] = shown_model
        imbalance(shown_model, c01, c10, imb_rate, imb_method)
