"""代价敏感错误率与代价曲线 · cost-sensitive error, cost curves, class imbalance (textbook 2.3.4)."""
import types

import streamlit as st

import evalcore as ec
from evalcore import figures

import ui
from ui.parts import cost

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
def threshold_views(c01: float, c10: float, p: float, pc: float, rate: float, method: str, at) -> str:
    """Everything that moves with the threshold (a threshold move reruns only
    this part; the cost matrix and prior above are read once per page run),
    and what it fills in places the page's run made further down: the formulas
    (``at.grids``) and the class-imbalance table (``at.table``).  What does not
    move with it (the cost curves' areas, the formulas' words) is the page's.
    Returns the model its threshold applies to."""
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

    # ------------------------------------------------------- linked figure
    facts = [ui.model(token, m, ps) for m in models]
    currents = [ec.cost_at(f.counts, ui.get_threshold(token, m, f.counts), p=p, cost01=c01, cost10=c10)
                for m, f in zip(models, facts)]
    comparison = ui.cost_comparison(facts[0], facts[1]) if len(models) >= 2 else None
    text = ui.texts("cost.fig.", "roc_title", "cost_title", "lines", "points", "line_hover", "iso", "area", "current",
                    "optimal", "norm")
    text.update(fpr=T("common.axis.fpr"), tpr=T("common.axis.tpr"))
    fig = figures.cost_linked_figure(
        [f.roc_view for f in facts], [f.hull for f in facts], [f.cost_curve for f in facts], facts[0].cost_lines,
        currents, [f.optimal(p, c01, c10) for f in facts], names=list(map(ui.shown_name, models)), pc=pc, text=text,
        comparison=comparison)
    ui.linked_chart(fig)

    vals = dict(p=f"{p:.3f}", q=f"{1 - p:.3f}", c01=ui.tex_number(c01), c10=ui.tex_number(c10),
                fnr=f"{1 - cur.tpr:.3f}", fpr=f"{cur.fpr:.3f}")
    with at.grids:              # every number filled in
        ui.formula_grid("cost_formulas", [
            (None, [ui.fill("cost.pc"), ui.fill("cost.pc_filled", v=f"{pc:.4f}", **vals)]),
            (None, [ui.fill("cost.error"), ui.fill("cost.error_filled", v=f"{cur.cost:.4f}", **vals)])], columns=1)
        ui.formula_grid("cost_norm", [
            (None, [ui.fill("cost.norm"), ui.fill("cost.norm_filled", v=f"{cur.norm_cost:.4f}", **vals)])], columns=1)

    with at.table:              # the class-imbalance table: the measures at this threshold, before and after
        try:
            res = mf.resampled(float(rate), method)
        except ec.DataError:
            return model        # the section below says why
        thr_now = ui.get_threshold(token, model, tc)
        before, after = ec.measures(tc.at(thr_now)), ec.measures(res.counts.at(thr_now))
        best_b = mf.optimal(ps.n_pos / ps.n, 1.0, 1.0)
        rows = {T("imb.measure"): [T("imb.rate_row"), "AUC", "AP", T("imb.acc"), "P", "R", T("imb.best")],
                T("imb.before"): [f"{ps.n_pos / ps.n:.3f}", cost.auc_text(mf.roc_view.auc),
                                  f"{mf.pr_view.average_precision:.4f}", ui.fmt(before.accuracy),
                                  ui.fmt(before.precision), ui.fmt(before.recall),
                                  ui.fmt_threshold(best_b.threshold, 4)],
                T("imb.after"): [f"{res.rate:.3f}", cost.auc_text(res.roc.auc), f"{res.pr.average_precision:.4f}",
                                 ui.fmt(after.accuracy), ui.fmt(after.precision), ui.fmt(after.recall),
                                 ui.fmt_threshold(res.best.threshold, 4)]}
        st.dataframe(ui.arrow_table(rows), hide_index=True)
    return model


def linked_notes() -> None:
    """Under the linked figure, what does not move with the threshold: each cost curve's area, which model
    is cheaper where, and the formulas' words around the place the threshold's part fills (``grids``)."""
    shown = list(map(ui.shown_name, models))
    facts = [ui.model(token, m, ps) for m in models]
    # the section's name starts its caption: without a heading the figure starts on the first screen at 1366 x 768
    st.caption(f"**{T('cost.linked')}** · " + T("cost.linked.help", model=models[0]))
    ui.metric_row("cost_area", [(T("cost.area", model=m), f"{f.cost_curve.expected_total_cost:.4f}")
                                for m, f in zip(shown, facts)])
    if len(models) >= 2:
        winner = {ec.Better.FIRST: shown[0], ec.Better.SECOND: shown[1]}
        parts = [T("cost.range", lo=f"{a:.3f}", hi=f"{b:.3f}", model=winner[w])
                 for a, b, w in ui.cost_comparison(facts[0], facts[1]).segments if w in winner]
        st.markdown(T("cost.compare", a=shown[0], b=shown[1]) + " " + "; ".join(parts) + ".")


# The threshold's part first, in its place above; below it what does not move, then the formulas around the place
# the threshold's part fills; the class-imbalance section: its controls, the table the threshold's part fills, then
# the rest, drawn with the model the threshold's part shows.
views = st.container()
with ui.guard("cost curves"):
    linked_notes()
# on a projector the formulas open on demand; otherwise below the figure they follow, every number filled in
with st.expander(T("cost.formulas")) if ui.presenter() else st.container():
    if ui.presenter():          # the cost matrix, above the figure without presenter mode
        ui.formula("cost.matrix", c01=ui.tex_number(c01), c10=ui.tex_number(c10))
    st.markdown(T("cost.formulas"))
    grids = st.container()
    st.caption(T("cost.formula_note"))
imb_head, imb_table, imb_rest = st.container(), st.container(), st.container()
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
    shown_model = threshold_views(c01, c10, p, pc, imb_rate, imb_method,
                                  types.SimpleNamespace(grids=grids, table=imb_table))
with ui.guard("class imbalance"), imb_rest:
    if shown_model:
        ui.SS["_cost_imbalance_model"] = shown_model
        cost.imbalance(token, ps, shown_model, c01, c10, imb_rate, imb_method)
