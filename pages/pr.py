"""查准率、查全率与 P-R 曲线 · P-R curve, BEP, F1 / Fβ (textbook 2.3.2)."""
import streamlit as st

import evalcore as ec
from evalcore import figures

import ui

ps, token, models = ui.data_page("pr.title", "pr")
T = ui.t
tcs = [ui.counts(token, m, ps) for m in models]
views = [ui.pr_view(token, m, ps) for m in models]
points = [ec.operating_point(tc, ui.get_threshold(token, m, tc)) for m, tc in zip(models, tcs)]

beta = st.slider(T("cm.beta"), 0.1, 5.0, step=0.1, help=T("cm.beta.help"), **ui.bind("beta", 1.0))
beta_is_1 = abs(beta - 1.0) < 1e-9
facts = [ui.pr_facts(token, m, ps) for m in models]
beps = [f["bep"] for f in facts]
best1 = [ui.best_f(token, m, 1.0, ps) for m in models]
bestb = [ui.best_f(token, m, beta, ps) for m in models]
iso = [(f"F1={f:.1f}", *ec.f_iso_curve(f, 1.0)) for f in (0.2, 0.4, 0.6, 0.8)]
if not beta_is_1:
    iso += [(f"Fβ={f:.1f}", *ec.f_iso_curve(f, beta)) for f in (0.4, 0.8)]

left, right = st.columns([1.3, 1])
with left:
    ui.curve_chart(figures.pr_curves(views, points, names=models, beps=beps, best=bestb, iso=iso,
                                     best_f1=None if beta_is_1 else best1,
                                     x_title=T("axis.recall"), y_title=T("axis.precision"),
                                     point_label=T("thr.short"), bep_label="BEP",
                                     best_label="max F1" if beta_is_1 else f"max Fβ (β={beta:g})"),
                   "pr_fig", token, models, views)
    st.caption(T("pr.legend"))
with right:
    ui.threshold_panel(token, models, ps)
    # one column per model, one row per measure
    table = {T("pr.measure"): ["BEP", "max F1", T("pr.at_thr"), "AP", T("pr.trap"),
                               f"P ({T('thr.short')})", f"R ({T('thr.short')})"]}
    if not beta_is_1:
        table[T("pr.measure")].append(f"max Fβ (β={beta:g})")
    for m, f, v, p, bep, b1, bb in zip(models, facts, views, points, beps, best1, bestb):
        col = [f"{bep:.4f}", f"{b1.f:.4f}", f"{b1.threshold:.4g}", f"{v.area:.4f}",
               f"{f['trapezoid']:.4f}", ui.fmt(p.precision), ui.fmt(p.recall)]
        if not beta_is_1:
            col.append(f"{bb.f:.4f}")
        table[m] = col
    st.dataframe(table, hide_index=True)
    st.markdown(T("pr.bep_vs_f1"))
    st.info(T("pr.ap_note"))

# ------------------------------------------------------------- comparing
st.header(T("pr.compare"))
if len(models) < 2:
    st.caption(T("pr.compare.one"))
for i in range(len(models)):
    for j in range(i + 1, len(models)):
        verdict = ui.dominance("pr", token, models[i], models[j], ps)
        winner = lambda a, b: models[i] if a > b else (models[j] if b > a else "=")  # noqa: E731
        st.markdown(T(f"pr.verdict.{verdict}", a=models[i], b=models[j],
                      bep=winner(beps[i], beps[j]), f1=winner(best1[i].f, best1[j].f),
                      ap=winner(views[i].area, views[j].area)))
if ps.n > 20_000:
    st.caption(T("roc.reduced", n=f"{views[0].n_full:,}", k=len(views[0].x)))
