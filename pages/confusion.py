"""混淆矩阵与性能度量 · Confusion matrix and measures (textbook 2.3.1-2.3.2)."""
import math
import types

import streamlit as st

import evalcore as ec
from evalcore import datasets, figures

import ui
from ui.parts import intervals

ui.open_page("confusion")
ps, token = ui.data_sidebar()
T = ui.t
MATRIX_TEXT = dict(tp="TP", fn="FN", fp="FP", tn="TN")
SCALES = ("count", "density", "log")      # the histogram's y axis


def formulas(c: ec.Counts, m: ec.Measures) -> list[tuple[str, str | list[str]]]:
    """(name, LaTeX or LaTeX lines) pairs: each textbook formula filled with the live counts."""
    f = ui.fmt
    b = m.beta
    return [
        (T("m.accuracy"), ui.fill("cm.accuracy", tp=c.tp, tn=c.tn, m=c.m, v=f(m.accuracy))),
        (T("m.error"), ui.fill("cm.error", fp=c.fp, fn=c.fn, m=c.m, v=f(m.error_rate))),
        (T("m.precision"), ui.fill("cm.precision", tp=c.tp, fp=c.fp, v=f(m.precision))),
        (T("m.recall"), ui.fill("cm.recall", tp=c.tp, fn=c.fn, v=f(m.recall))),
        ("F1", ui.fill("cm.f1", tp=c.tp, tn=c.tn, m=c.m, v=f(m.f1))),
        (f"Fβ (β = {b:g})", [ui.fill("cm.fbeta"), ui.fill("cm.fbeta_filled", b2=f"{b * b:g}", p=f(m.precision),
                                                          r=f(m.recall), v=f(m.f_beta))]),
        ("TPR", ui.fill("cm.tpr", tp=c.tp, pos=c.tp + c.fn, v=f(m.tpr))),
        ("FPR", ui.fill("cm.fpr", fp=c.fp, neg=c.tn + c.fp, v=f(m.fpr))),
    ]


# ------------------------------------------------------------ binary view
@st.fragment
@ui.guard("threshold views")
def threshold_views(models: list, model: str, beta: float, scale: str, at) -> None:
    """Everything that depends on the threshold: a threshold move reruns only
    this part of the page (not the sidebar, the controls around it or the K x K
    section).  It writes into the places ``at`` the page's run made for it
    (``at.left`` ... ``at.macro``); what does not move with the threshold (the
    model, β and the histogram's scale, the columns, two headings) is the
    page's, drawn once per page run: seven elements fewer a move."""
    facts = ui.model(token, model, ps)
    tc = facts.counts
    thr = ui.threshold_control(token, model, tc)
    c = tc.at(thr)
    m = ec.measures(c, beta=beta)

    with at.left:
        st.subheader(T("cm.matrix.title", thr=ui.fmt_threshold(thr, 4)))
        matrix_text = dict(MATRIX_TEXT, pos=T("common.cls.pos"), neg=T("common.cls.neg"), true=T("axis.true"),
                           pred=T("axis.pred"))
        ui.live_chart(figures.confusion_heatmap(c, text=matrix_text), key="cm_heat")
    with at.metrics:
        ui.metric_row("cm", [(T("m.accuracy"), ui.fmt(m.accuracy)), (T("m.precision"), ui.fmt(m.precision)),
                       (T("m.recall"), ui.fmt(m.recall)), ("F1", ui.fmt(m.f1))])
    with at.histogram:
        ui.live_chart(figures.score_histogram(
            ec.split_histogram(facts.histogram, tc, thr), thr, scale=scale,
            text=dict(pos=T("common.cls.pos"), neg=T("common.cls.neg"),
                      x=ui.t_fig("common.axis.score", model=ui.shown_name(model)), y=T(f"cm.hist.y.{scale}"),
                      threshold=T("common.thr.short"), title=T("cm.hist.title"))),
            key="cm_hist")
    if intervals.is_on():
        with at.intervals:
            intervals.table(token, [model], ps, beta=beta,
                            measures=("accuracy", "error", "precision", "recall", "f1", "fbeta"))
    with at.formulas:
        ui.formula_grid("cm_formulas", formulas(c, m))
        if any(math.isnan(v) for v in (m.precision, m.recall, m.fpr)):
            st.caption(T("cm.nan_note"))

    # ------------------------------------------- macro / micro over models
    rows, counts_list = [], []
    for mod in models:
        tcm = ui.model(token, mod, ps).counts
        tm = ui.get_threshold(token, mod, tcm)
        cm_ = tcm.at(tm)
        mm_ = ec.measures(cm_)
        counts_list.append(cm_)
        rows.append({T("mm.matrix"): ui.shown_name(mod), T("common.thr.short"): ui.fmt_threshold(tm, 4),
                     "TP": cm_.tp, "FP": cm_.fp, "TN": cm_.tn, "FN": cm_.fn, "P": ui.fmt(mm_.precision),
                     "R": ui.fmt(mm_.recall), "F1": ui.fmt(mm_.f1)})
    mac = ec.macro_micro(counts_list)
    p, r = ui.fmt(mac.macro_p), ui.fmt(mac.macro_r)
    mp, mr = ui.fmt(mac.micro_p), ui.fmt(mac.micro_r)
    mean_f1, macro_f1 = ui.fmt(mac.mean_f1), ui.fmt(mac.macro_f1)
    note = "mm.note" if mean_f1 != macro_f1 else "mm.note.one" if len(models) == 1 else "mm.note.same"
    with at.macro:
        ui.text_table(rows)
        ui.formula_grid("mm_formulas", [(None, ui.fill("cm.macro_p", v=p)), (None, ui.fill("cm.micro_p", v=mp)),
                                        (None, ui.fill("cm.macro_r", v=r)), (None, ui.fill("cm.micro_r", v=mr)),
                                        (None, ui.fill("cm.macro_f1", p=p, r=r, v=ui.fmt(mac.macro_f1))),
                                        (None, ui.fill("cm.micro_f1", p=mp, r=mr, v=ui.fmt(mac.micro_f1)))])
        st.info(T(note, mean_f1=mean_f1, macro_f1=macro_f1))


def binary_view(models: list) -> None:
    """The binary view's controls and places, then its threshold part (:func:`threshold_views`) in them."""
    model = ui.model_picker(models, "common.cm.model")
    control = st.container()            # the threshold's slider and number box, drawn by threshold_views
    beta = st.slider(T("common.cm.beta"), *ui.span("beta"), step=0.1, help=T("common.cm.beta.help"), **ui.bind("beta"))
    left, right = st.columns([1, 1.6])
    with right:
        metrics, above, histogram = st.container(), st.container(), st.container()
        # the histogram's scale above it; on a projector below it, so that the figure fits the first screen
        with st.container() if ui.presenter() else above:
            scale = st.segmented_control(T("cm.hist.scale"), SCALES, help=T("cm.hist.scale.help"),
                                         format_func=ui.labels("cm.hist.scale.", SCALES).get,
                                         **ui.bind("hist_scale", "count", first="one")) or ui.SS["hist_scale"]
    at_intervals = st.container()
    st.subheader(T("cm.formulas"), anchor="formulas")
    at_formulas = st.container()
    st.header(T("mm.title"), anchor="macro-micro")
    at = types.SimpleNamespace(left=left, metrics=metrics, histogram=histogram, intervals=at_intervals,
                               formulas=at_formulas, macro=st.container())
    with control:
        threshold_views(models, model, beta, scale, at)


with ui.guard("binary"):
    if ps is None:
        ui.no_data()
    else:
        intervals.switch()
        fit = ui.affordable(token, ui.chosen_models(ps), ps)     # past the session's memory budget: those that fit
        if fit:
            binary_view(fit)

        # ------------------------------------------------- accuracy paradox
        st.header(T("paradox.title"), anchor="paradox")
        allneg = ec.measures(ec.Counts(0, 0, ps.n_neg, ps.n_pos))
        ui.metric_row("paradox", [(T("paradox.acc"), ui.fmt(allneg.accuracy)),
                                  (T("paradox.recall"), ui.fmt(allneg.recall)),
                                  (T("paradox.rate"), f"{ps.n_pos / ps.n:.1%}")])
        st.markdown(T("paradox.body"))
        st.button(T("paradox.button"), on_click=ui.set_synthetic, args=(10_000, 1.5, 0.01), key="paradox_btn")

# ------------------------------------------------------- multi-class view
with ui.guard("multi-class"):
    st.header(T("mc.title"), anchor="multiclass")
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
        ui.handle_upload(ui.LABELS_UPLOAD, f, ui.labels_parser)
        ui.upload_status(ui.LABELS_UPLOAD, none="mc.upload.none")
        labelset = ui.SS.get("mc_labels")

    if labelset is not None:
        cmk = ui.once("mc_matrix", labelset, lambda: ec.confusion_matrix(labelset.y_true, labelset.y_pred,
                                                                          labels=labelset.labels))
        kp = ec.kappa_parts(cmk)
        l2, r2 = st.columns([1, 1])
        with l2:
            names = [ui.shown_name(c, builtin=ui.SS["mc_source"] != "upload") for c in labelset.labels]
            # drawn in place, as the page's other figures: Streamlit's own chart would load its 1.4 MB
            # library into a browser that opens this page first (a class joining by the lecturer's link)
            ui.live_chart(figures.confusion_matrix_heatmap(*ui.readable_classes(cmk, names),
                                                           text=dict(true=T("axis.true"), pred=T("axis.pred"))),
                          key="mc_heat")
        with r2:
            st.metric(T("m.accuracy"), ui.fmt(kp.p_o))
            # typeset in place as the page's other formulas: st.latex loads Streamlit's own KaTeX (77 kB)
            po, pe = ui.fmt(kp.p_o), ui.fmt(kp.p_e)
            ui.formula_grid("mc_kappa", [(None, ui.fill("cm.p_o", agree=kp.n_agree, n=kp.n, v=po)),
                                         (None, ui.fill("cm.p_e", v=pe)),
                                         (None, ui.fill("cm.kappa", po=po, pe=pe, v=ui.fmt(kp.kappa)))], columns=1)
            st.caption(T("mc.kappa.note"))
        ovr = ec.one_vs_rest(cmk)
        per = []
        for lab, cc in zip(names, ovr):
            mm_ = ec.measures(cc)
            per.append({T("mc.class"): lab, "TP": cc.tp, "FP": cc.fp, "FN": cc.fn,
                        "P": ui.fmt(mm_.precision), "R": ui.fmt(mm_.recall), "F1": ui.fmt(mm_.f1)})
        ui.text_table(per)
        mac2 = ec.macro_micro(ovr)
        st.markdown(T("mc.ovr", macro_p=ui.fmt(mac2.macro_p), macro_r=ui.fmt(mac2.macro_r),
                      macro_f1=ui.fmt(mac2.macro_f1), micro_f1=ui.fmt(mac2.micro_f1),
                      mean_f1=ui.fmt(mac2.mean_f1)))
