"""查准率、查全率与 P-R 曲线 · P-R curve, BEP, F1 / Fβ (textbook 2.3.2)."""
import streamlit as st

import evalcore as ec
from evalcore import figures

import ui
from ui.parts import intervals

ps, token, models = ui.open_data_page("pr")
T = ui.t
facts = [ui.model(token, m, ps) for m in models]
views = [f.pr_view for f in facts]
summaries = [f.pr_facts for f in facts]
beps = [s.bep for s in summaries]
best1 = [f.best_f(1.0) for f in facts]


@st.fragment
@ui.guard("threshold views")
def threshold_views() -> None:
    """Everything that moves with a threshold or β: a threshold move or a
    click on a curve reruns only this part of the page (not the sidebar,
    the lesson or the comparison below)."""
    points = [ec.operating_point(f.counts, ui.get_threshold(token, m, f.counts)) for m, f in zip(models, facts)]

    beta = st.slider(T("common.cm.beta"), *ui.span("beta"), step=0.1, help=T("common.cm.beta.help"), **ui.bind("beta"))
    beta_is_1 = abs(beta - 1.0) < 1e-9
    bestb = [f.best_f(beta) for f in facts]
    iso = [(f"F1={v:.1f}", *ec.f_iso_curve(v, beta=1.0)) for v in (0.2, 0.4, 0.6, 0.8)]
    if not beta_is_1:
        iso += [(f"Fβ={v:.1f}", *ec.f_iso_curve(v, beta=beta)) for v in (0.4, 0.8)]
    best_label = "max F1" if beta_is_1 else f"max Fβ (β={beta:g})"

    left, right = st.columns([1.3, 1])
    with left:
        text = dict(x=T("common.axis.recall"), y=T("common.axis.precision"), threshold=T("common.thr.short"),
                    p_eq_r="P = R", bep="BEP", best=best_label, best_f1="max F1",
                    inset=ui.t_fig("pr.inset"))
        shown = list(map(ui.shown_name, models))
        ui.curve_chart(figures.pr_curves(views, points, names=shown, text=text, beps=beps, best=bestb, iso=iso,
                                         best_f1=None if beta_is_1 else best1, width=None),
                       "pr_fig", token, models, views)
        st.caption(T("pr.legend"))
    with right:
        ui.threshold_panel(token, models, ps)
        # one column per model, one row per measure
        table = {T("pr.measure"): ["BEP", "max F1", T("pr.at_thr"), "AP", T("pr.trap"),
                                   f"P ({T('common.thr.short')})", f"R ({T('common.thr.short')})"]}
        if not beta_is_1:
            table[T("pr.measure")].append(best_label)
        for m, s, p, b1, bb in zip(models, summaries, points, best1, bestb):
            col = [f"{s.bep:.4f}", f"{b1.f:.4f}", ui.fmt_threshold(b1.threshold, 4), f"{s.average_precision:.4f}",
                   f"{s.trapezoid:.4f}", ui.fmt(p.precision), ui.fmt(p.recall)]
            if not beta_is_1:
                col.append(f"{bb.f:.4f}")
            table[ui.shown_cell(m)] = col
        st.dataframe(ui.arrow_table(table), hide_index=True)
        st.markdown(T("pr.bep_vs_f1"))
        st.info(T("pr.ap_note"))
    if intervals.is_on():
        intervals.table(token, models, ps, beta=beta, measures=("precision", "recall", "f1", "fbeta", "ap"))


with ui.guard("threshold"):
    intervals.switch()
    threshold_views()
    if intervals.is_on():
        intervals.bands("pr", token, models, ps)

# ------------------------------------------------------------- comparing
with ui.guard("comparing"):
    st.header(T("pr.compare"), anchor="compare")
    if len(models) < 2:
        st.caption(T("pr.compare.one"))
    for i in range(len(models)):
        for j in range(i + 1, len(models)):
            verdict = ui.dominance("pr", facts[i], facts[j])
            winner = lambda a, b: models[i] if a > b else (models[j] if b > a else "=")  # noqa: E731
            st.markdown(T(f"pr.verdict.{verdict.value}", a=models[i], b=models[j],
                          bep=winner(beps[i], beps[j]), f1=winner(best1[i].f, best1[j].f),
                          ap=winner(summaries[i].average_precision, summaries[j].average_precision)))
    if ps.n > 20_000:
        st.caption(T("common.roc.reduced", n=f"{views[0].n_full:,}", k=len(views[0].x)))
