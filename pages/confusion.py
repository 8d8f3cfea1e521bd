"""混淆矩阵与性能度量 · Confusion matrix and measures (textbook 2.3.1-2.3.2)."""
import numpy as np
import streamlit as st

import evalcore as ec
from evalcore import datasets, figures

import ui

ui.page("cm.title", "confusion")
ps, token = ui.data_sidebar()
T = ui.t


def names():
    return dict(names=("TP", "FN", "FP", "TN"), class_names=(T("cls.pos"), T("cls.neg")),
                axis_titles=(T("axis.true"), T("axis.pred")))


def formulas(c: ec.Counts, m: ec.Measures) -> list[tuple[str, str]]:
    """(name, LaTeX) pairs: each textbook formula filled with the live counts."""
    f = ui.fmt
    b = m.beta
    return [
        (T("m.accuracy"), rf"\mathrm{{acc}} = \frac{{TP+TN}}{{m}} = \frac{{{c.tp}+{c.tn}}}{{{c.m}}} = {f(m.accuracy)}"),
        (T("m.error"), rf"E = \frac{{FP+FN}}{{m}} = \frac{{{c.fp}+{c.fn}}}{{{c.m}}} = {f(m.error_rate)}"),
        (T("m.precision"), rf"P = \frac{{TP}}{{TP+FP}} = \frac{{{c.tp}}}{{{c.tp}+{c.fp}}} = {f(m.precision)}"),
        (T("m.recall"), rf"R = \frac{{TP}}{{TP+FN}} = \frac{{{c.tp}}}{{{c.tp}+{c.fn}}} = {f(m.recall)}"),
        ("F1", rf"F1 = \frac{{2 \times TP}}{{m + TP - TN}} = \frac{{2 \times {c.tp}}}{{{c.m}+{c.tp}-{c.tn}}} = {f(m.f1)}"),
        (f"Fβ (β = {b:g})", rf"F_\beta = \frac{{(1+\beta^2) P R}}{{\beta^2 P + R}} = {f(m.f_beta)}"),
        ("TPR", rf"\mathrm{{TPR}} = \frac{{TP}}{{TP+FN}} = \frac{{{c.tp}}}{{{c.tp + c.fn}}} = {f(m.tpr)}"),
        ("FPR", rf"\mathrm{{FPR}} = \frac{{FP}}{{TN+FP}} = \frac{{{c.fp}}}{{{c.tn + c.fp}}} = {f(m.fpr)}"),
    ]


# ------------------------------------------------------------ binary view
if ps is None:
    st.info(T("data.pick_first"))
else:
    models = ui.chosen_models(ps)
    model = ui.model_picker(models, "cm.model")
    tc = ui.counts(token, model, ps)
    thr = ui.threshold_control(token, model, tc)
    beta = st.slider(T("cm.beta"), 0.1, 5.0, step=0.1, help=T("cm.beta.help"), **ui.bind("beta", 1.0))
    c = tc.at(thr)
    m = ec.measures(c, beta=beta)

    left, right = st.columns([1, 1.6])
    with left:
        st.subheader(T("cm.matrix.title", thr=f"{thr:.4g}"))
        st.plotly_chart(figures.confusion_heatmap(c, **names()), key="cm_heat",
                        config={"displayModeBar": False})
    with right:
        k1, k2, k3, k4 = st.columns(4)
        k1.metric(T("m.accuracy"), ui.fmt(m.accuracy))
        k2.metric(T("m.precision"), ui.fmt(m.precision))
        k3.metric(T("m.recall"), ui.fmt(m.recall))
        k4.metric("F1", ui.fmt(m.f1))
        st.plotly_chart(figures.score_histogram(
            ui.histogram(token, model, ps), thr, class_names=(T("cls.pos"), T("cls.neg")),
            x_title=T("axis.score", model=model), y_title=T("axis.count"),
            threshold_label=T("thr.short"), title=T("cm.hist.title")), key="cm_hist")

    st.subheader(T("cm.formulas"))
    grid = st.columns(2)
    for i, (name, latex) in enumerate(formulas(c, m)):
        with grid[i % 2]:
            st.markdown(f"**{name}**")
            st.latex(latex)
    if any(np.isnan(v) for v in (m.precision, m.recall, m.fpr)):
        st.caption(T("cm.nan_note"))

    # ------------------------------------------------- accuracy paradox
    st.header(T("paradox.title"))
    allneg = ec.measures(ec.Counts(0, 0, ps.n_neg, ps.n_pos))
    p1, p2, p3 = st.columns(3)
    p1.metric(T("paradox.acc"), ui.fmt(allneg.accuracy))
    p2.metric(T("paradox.recall"), ui.fmt(allneg.recall))
    p3.metric(T("paradox.rate"), f"{ps.n_pos / ps.n:.1%}")
    st.markdown(T("paradox.body"))
    st.button(T("paradox.button"), on_click=ui.set_synthetic, args=(10_000, 1.5, 0.01), key="paradox_btn")

    # ------------------------------------------- macro / micro over models
    st.header(T("mm.title"))
    rows, counts_list = [], []
    for mod in models:
        tcm = ui.counts(token, mod, ps)
        tm = ui.get_threshold(token, mod, tcm)
        cm_ = tcm.at(tm)
        mm_ = ec.measures(cm_)
        counts_list.append(cm_)
        rows.append({T("mm.matrix"): mod, T("thr.short"): f"{tm:.4g}", "TP": cm_.tp, "FP": cm_.fp,
                     "TN": cm_.tn, "FN": cm_.fn, "P": ui.fmt(mm_.precision), "R": ui.fmt(mm_.recall),
                     "F1": ui.fmt(mm_.f1)})
    st.dataframe(rows, hide_index=True)
    mac = ec.macro_micro(counts_list)
    a1, a2 = st.columns(2)
    with a1:
        st.latex(rf"\text{{macro-}}P = \tfrac{{1}}{{n}}\sum_i P_i = {ui.fmt(mac.macro_p)}")
        st.latex(rf"\text{{macro-}}R = \tfrac{{1}}{{n}}\sum_i R_i = {ui.fmt(mac.macro_r)}")
        st.latex(rf"\text{{macro-}}F1 = \frac{{2 \times {ui.fmt(mac.macro_p)} \times {ui.fmt(mac.macro_r)}}}"
                 rf"{{{ui.fmt(mac.macro_p)} + {ui.fmt(mac.macro_r)}}} = {ui.fmt(mac.macro_f1)}")
    with a2:
        st.latex(rf"\text{{micro-}}P = \frac{{\overline{{TP}}}}{{\overline{{TP}} + \overline{{FP}}}} = {ui.fmt(mac.micro_p)}")
        st.latex(rf"\text{{micro-}}R = \frac{{\overline{{TP}}}}{{\overline{{TP}} + \overline{{FN}}}} = {ui.fmt(mac.micro_r)}")
        st.latex(rf"\text{{micro-}}F1 = \frac{{2 \times \text{{micro-}}P \times \text{{micro-}}R}}"
                 rf"{{\text{{micro-}}P + \text{{micro-}}R}} = {ui.fmt(mac.micro_f1)}")
    st.info(T("mm.note", mean_f1=ui.fmt(mac.mean_f1), macro_f1=ui.fmt(mac.macro_f1)))

# ------------------------------------------------------- multi-class view
st.header(T("mc.title"))
MC_SOURCES = ("kappa", "animals", "upload")
st.radio(T("mc.source"), MC_SOURCES, format_func=ui.labels("mc.src.", MC_SOURCES).get, horizontal=True,
         **ui.bind("mc_source", "kappa"))
labelset = None
if ui.SS["mc_source"] == "kappa":
    labelset = datasets.kappa_example()
elif ui.SS["mc_source"] == "animals":
    labelset = datasets.animals_example()
else:
    f = st.file_uploader(T("mc.upload"), key="_w_mc_upload", help=T("mc.upload.help"))
    if f is not None and f.file_id != ui.SS.get("mc_file_id"):
        ui.SS["mc_file_id"] = f.file_id
        ui.SS.pop("mc_error", None)
        try:
            ui.SS["mc_labels"] = ec.load_labels(f.getvalue())
        except Exception as err:
            ui.SS["mc_error"] = err
    if ui.SS.get("mc_error") is not None:
        ui.show_error(ui.SS["mc_error"])
    labelset = ui.SS.get("mc_labels")
    if labelset is None:
        st.info(T("mc.upload.none"))

if labelset is not None:
    cmk = ec.confusion_matrix(labelset.y_true, labelset.y_pred, labels=labelset.labels)
    kp = ec.kappa_parts(cmk)
    l2, r2 = st.columns([1, 1])
    with l2:
        st.plotly_chart(figures.confusion_matrix_heatmap(cmk, labelset.labels, axis_titles=(T("axis.true"), T("axis.pred"))),
                        key="mc_heat", config={"displayModeBar": False})
    with r2:
        st.metric(T("m.accuracy"), ui.fmt(kp.p_o))
        st.latex(rf"p_o = \frac{{\sum_k n_{{kk}}}}{{N}} = \frac{{{kp.n_agree}}}{{{kp.n}}} = {ui.fmt(kp.p_o)}")
        st.latex(rf"p_e = \sum_k \frac{{n_{{k\cdot}}}}{{N}} \cdot \frac{{n_{{\cdot k}}}}{{N}} = {ui.fmt(kp.p_e)}")
        st.latex(rf"\kappa = \frac{{p_o - p_e}}{{1 - p_e}} = \frac{{{ui.fmt(kp.p_o)} - {ui.fmt(kp.p_e)}}}"
                 rf"{{1 - {ui.fmt(kp.p_e)}}} = {ui.fmt(kp.kappa)}")
        st.caption(T("mc.kappa.note"))
    ovr = ec.one_vs_rest(cmk)
    per = []
    for lab, cc in zip(labelset.labels, ovr):
        mm_ = ec.measures(cc)
        per.append({T("mc.class"): str(lab), "TP": cc.tp, "FP": cc.fp, "FN": cc.fn,
                    "P": ui.fmt(mm_.precision), "R": ui.fmt(mm_.recall), "F1": ui.fmt(mm_.f1)})
    st.dataframe(per, hide_index=True)
    mac2 = ec.macro_micro(ovr)
    st.markdown(T("mc.ovr", macro_p=ui.fmt(mac2.macro_p), macro_r=ui.fmt(mac2.macro_r),
                  macro_f1=ui.fmt(mac2.macro_f1), micro_f1=ui.fmt(mac2.micro_f1),
                  mean_f1=ui.fmt(mac2.mean_f1)))
