"""多分类评估 · Multi-class evaluation (textbook 2.3.2 and 2.3.4 for K classes).

K-class scores through the chapter's lenses: argmax and Bayes decisions under a K x K cost matrix, the K x K
matrix and its cost, the book's macro and micro averages over one-vs-rest and one-vs-one matrices, one-vs-rest ROC
and P-R per class with their averages, AUC, M and their intervals, the measures of probabilities (``ui.parts``).
"""
import streamlit as st

import evalcore as ec
from evalcore import figures

import ui
from ui.parts import multiclass as part

ui.open_page("multiclass")
T = ui.t
K = "multiclass."

ms = token = None
with ui.guard("data"):
    ms, token, builtin = part.data()
if ms is None:
    part.no_data()
    st.stop()
names = [ui.shown_name(c, builtin=builtin) for c in ms.classes]
k = len(names)

model = decided = None
with ui.guard("model"):
    model = part.model_choice(ms, builtin)
    scores, probabilities = ms.scores[model], ms.probabilities[model]
    if not probabilities:
        st.info(T("multiclass.not_probabilities", model=model))
    section = ui.section(K + "section", part.SECTIONS, "multiclass.sec.")
    decided = part.decided(token, model, ms, ui.SS.get(K + "rule", "argmax"), part.current_cost(k))
if decided is None:
    st.stop()
MATRIX_TEXT = dict(tp="TP", fn="FN", fp="FP", tn="TN")

# ------------------------------------------------------- decisions and costs
if section == "decisions":
    with ui.guard("decisions"):
        st.header(T("multiclass.decisions"))
        left, right = st.columns([1, 1])
        with left:
            st.radio(T("multiclass.rule"), ec.RULES, format_func=ui.labels("multiclass.rule.", ec.RULES).get,
                     horizontal=True, **ui.bind(K + "rule"))
            rule_formula = st.empty()           # the rule as applied: filled once the decision is made, below
            st.markdown(T("multiclass.cost.title"))
            cost = part.cost_editor(names)
            ui.publish_again()                  # an edited cost goes into the link in this run
        decided = part.decided(token, model, ms, ui.SS[K + "rule"], cost)
        # argmax's formula for argmax and for a Bayes decision asked of scores that are not probabilities
        # (which falls back to it, as the note says); the Bayes rule's when it is the one applied
        with rule_formula:
            ui.formula(f"multiclass.{decided.rule}")
        if decided.fallback:
            st.info(ui.error_text(ec.DataError("mc_bayes_needs_probabilities", name=model)))
        kp = ec.kappa_parts(decided.cm)
        with right:
            axes = dict(true=T("multiclass.axis.true"), pred=T("multiclass.axis.pred"))
            ui.live_chart(figures.confusion_matrix_heatmap(*ui.readable_classes(decided.cm, names), text=axes),
                          key="multiclass_cm")
        ui.metric_row("multiclass", [(T("multiclass.accuracy"), ui.fmt(kp.p_o)),
                                     (T("multiclass.cost_error"), ui.fmt_cost(decided.cost_error)),
                                     (T("multiclass.expected"),
                                      ui.fmt_cost(decided.expected_cost) if probabilities else "—"),
                                     ("κ", ui.fmt(kp.kappa))])
        cost_f = ui.fill("multiclass.cost_error", sum=ui.tex_number(decided.cost_total, 6), m=f"{ms.n:,}",
                         v=ui.fmt_cost(decided.cost_error))
        expected_f = ui.fill("multiclass.expected", v=ui.fmt_cost(decided.expected_cost))
        # the expected cost reads the scores as probabilities: for other scores neither it nor its note
        ui.formula_grid("multiclass_cost_formulas", [(T("multiclass.cost_error"), cost_f)]
                        + ([(T("multiclass.expected"), expected_f)] if probabilities else []))
        if probabilities:                  # what the two numbers mean, and which of them is larger, as shown
            st.caption(T("multiclass.expected.note"))
            error, expected = ui.fmt_cost(decided.cost_error), ui.fmt_cost(decided.expected_cost)
            side = ("same" if error == expected else
                    "more" if decided.expected_cost > decided.cost_error else "less")
            st.caption(T(f"multiclass.expected.{side}", error=error, expected=expected))
        per = ec.per_class(decided.cm)
        st.subheader(T("multiclass.per_class"))
        st.dataframe([{T("multiclass.class"): ui.cell(n), T("multiclass.support"): int(s), "P": ui.fmt(p),
                       "R": ui.fmt(r), "F1": ui.fmt(f)}
                      for n, s, p, r, f in zip(names, per.support, per.precision, per.recall, per.f1)],
                     hide_index=True)
        st.markdown(T("multiclass.kappa", po=ui.fmt(kp.p_o), pe=ui.fmt(kp.p_e), kappa=ui.fmt(kp.kappa)))

# ------------------------------------------------------- macro and micro, both ways
if section == "averages":
    with ui.guard("averages"):
        st.header(T("multiclass.averages"))
        both = ec.macro_micro_both(decided.cm)
        per = ec.per_class(decided.cm)
        st.markdown(part.verdict(both.ovr, per, names))
        if ui.SS[K + "source"] != "imbalanced":
            st.button(T("multiclass.example"), key="_w_multiclass_example",
                      on_click=ui.SS.update, args=({K + "source": "imbalanced"},))
        ovr, ovo = ec.one_vs_rest(decided.cm), ec.one_vs_one(decided.cm)
        shown = ec.largest_classes(per.support, part.CURVE_CLASSES)
        pairs = ec.largest_classes(per.support, part.PAIR_CLASSES)
        grid_text = dict(MATRIX_TEXT)
        left, right = st.columns(2)
        with left:
            st.subheader(T("multiclass.ovr", k=k))
            # titles on two lines, as given (the figure escapes each): the class, then "vs rest"
            ui.chart(figures.matrix_grid([ovr[c] for c in shown], [(names[c], ui.t_plain("multiclass.vs_rest"))
                                                                   for c in shown],
                                         text=grid_text, columns=3), key="multiclass_ovr")
            ui.formula_grid("multiclass_ovr_formulas", part.macro_micro_formulas(ovr, both.ovr), columns=1)
        with right:
            st.subheader(T("multiclass.ovo", n=len(ovo)))
            keys = [(i, j) for (i, j) in ovo if i in pairs and j in pairs]
            # a pair's title on three lines: "对 维吉尼亚鸢尾" on one ran into the next title on a phone
            ui.chart(figures.matrix_grid([ovo[p] for p in keys],
                                         [(names[i], ui.t_plain("multiclass.vs.word"), names[j]) for i, j in keys],
                                         text=grid_text, columns=3), key="multiclass_ovo")
            st.caption(T("multiclass.ovo.note"))
            ui.formula_grid("multiclass_ovo_formulas", part.macro_micro_formulas(list(ovo.values()), both.ovo),
                            columns=1)
        if len(shown) < k or len(keys) < len(ovo):
            st.caption(T("multiclass.grid.capped", shown=len(shown), pairs=len(keys), k=k, all=len(ovo)))
        book, mean = ui.fmt(both.ovr.macro_f1), ui.fmt(per.f1_macro)     # the sentence follows the numbers shown
        st.info(T("multiclass.sklearn" if book != mean else "multiclass.sklearn.same", book=book, mean=mean,
                  weighted=ui.fmt(per.f1_weighted), micro=ui.fmt(both.ovr.micro_f1)))

# ------------------------------------------------------- curves, AUC and M
if section == "curves":
    with ui.guard("curves"):
        st.header(T("multiclass.curves"))
        v = part.views(token, model, ms)
        kind = st.segmented_control(T("multiclass.curve"), part.CURVES, format_func=ui.labels(
            "multiclass.curve.", part.CURVES).get, **ui.bind(K + "curve", first="one")) or ui.SS[K + "curve"]
        c = part.selected_class(token, model, names)
        tc = part.class_counts(token, model, ms, c)
        thr = part.threshold(tc)
        shown = [i for i in ec.largest_classes(v.support, part.CURVE_CLASSES) if v.roc[i] is not None]
        drawn = [(v.roc if kind == "roc" else v.pr)[i] for i in shown]
        roc = kind == "roc"
        text = dict(x=T("common.axis.fpr") if roc else T("common.axis.recall"),
                    y=T("common.axis.tpr") if roc else T("common.axis.precision"), threshold=T("common.thr.short"),
                    micro=ui.t_fig("multiclass.micro"), macro=ui.t_fig("multiclass.macro"),
                    diagonal=ui.t_fig("multiclass.diagonal"), p_eq_r="P = R")
        left, right = st.columns([1.4, 1])
        with left:
            part.curves_chart(figures.class_curves_figure(v, kind, classes=shown, names=names, text=text,
                                                          point=ec.operating_point(tc, thr), selected=c),
                              "multiclass_curves", token, model, shown, drawn)
            st.caption(T("multiclass.click"))
        with right:
            counts = tc.at(thr)
            st.subheader(T("multiclass.class_matrix", cls=names[c], thr=ui.fmt_threshold(thr, 4)))
            two = dict(MATRIX_TEXT, pos=names[c], neg=T("multiclass.rest"), true=T("multiclass.axis.true"),
                       pred=T("multiclass.axis.pred"))
            ui.live_chart(figures.confusion_heatmap(counts, text=two), key="multiclass_2x2")
            cm_ = ec.measures(counts)
            st.markdown(T("multiclass.class_pr", p=ui.fmt(cm_.precision), r=ui.fmt(cm_.recall), f1=ui.fmt(cm_.f1)))
        st.toggle(T("multiclass.ci"), help=T("multiclass.ci.help"), **ui.bind(K + "ci"))
        ci = part.intervals(token, model, ms) if ui.SS[K + "ci"] else None
        if ui.SS[K + "ci"] and ci is None:
            st.caption(T("multiclass.ci.too_many", n=f"{ms.n:,}", limit=f"{part.INTERVAL_ROWS:,}"))
        def iv(x) -> dict:          # the intervals' column only with them (empty, it took a phone's width)
            return {} if ci is None else {"95 %": "" if x is None else f"[{ui.fmt(x.low)}, {ui.fmt(x.high)}]"}

        rows = [{T("multiclass.class"): ui.cell(names[i]), T("multiclass.support"): int(v.support[i]),
                 "AUC": ui.fmt(v.auc[i]), **iv(ci.per_class[i] if ci else None), "AP": ui.fmt(v.ap[i])}
                for i in range(k)]
        st.dataframe(rows, hide_index=True)
        st.dataframe([{T("multiclass.average"): T(f"multiclass.avg.{a}"), T("multiclass.value"): ui.fmt(x),
                       **iv(getattr(ci, a, None))}
                      for a, x in (("macro", v.auc_macro), ("weighted", v.auc_weighted), ("micro", v.micro_roc.auc),
                                   ("hand_till", v.hand_till), ("ap_macro", v.ap_macro), ("ap_micro", v.ap_micro))],
                     hide_index=True)
        st.caption(T("multiclass.auc.note"))

# ------------------------------------------------------- probabilities
if section == "probabilities":
    with ui.guard("probabilities"):
        st.header(T("multiclass.probabilities"))
        top = min(k, 10)
        st.slider(T("multiclass.topk"), 1, top, **ui.bind(K + "topk", first="value", within=(1, top)))
        topk = min(max(ui.SS[K + "topk"], 1), top)
        rows, bins, shown_models = [], [], []
        for m in ms.models:
            s, prob = ms.scores[m], ms.probabilities[m]
            rows.append({T("multiclass.model"): ui.shown_cell(m, builtin=builtin),
                         T("multiclass.log_loss"): ui.fmt(ec.log_loss(ms.y, s, labels=list(range(k)))) if prob else "—",
                         "Brier": ui.fmt(ec.multiclass_brier_loss(ms.y, s)) if prob else "—",
                         T("multiclass.top1"): ui.fmt(ec.top_k_accuracy(ms.y, s, k=1)),
                         T("multiclass.topk_col", k=topk): ui.fmt(ec.top_k_accuracy(ms.y, s, k=topk))})
            if prob:
                bins.append(ec.top_label_reliability(ms.y, s))
                shown_models.append(ui.shown_name(m, builtin=builtin))
        st.table(rows)          # a phone's width: its headers wrap (a data frame's fifth column ran off the screen)
        st.caption(T("multiclass.prob.note"))
        if bins:
            ui.live_chart(figures.reliability_diagram(bins, names=shown_models, text=ui.texts(
                "multiclass.rel.", "x", "y", "diagonal", "count", "title")), key="multiclass_reliability")
        else:
            st.info(T("multiclass.rel.none"))
