"""The cost page's class-imbalance section below its table (textbook 2.3.4 with section 3.6's rescaling):
what resampling the data to another positive rate does to a model's ROC and P-R curves and to its least-cost
threshold.  The math is ``evalcore`` (the model's ``resampled`` facts, ``rescaled_cost_ratio``); the table
of measures at the current threshold is the page's threshold part's, which moves with it."""
from __future__ import annotations

import streamlit as st

import evalcore as ec
from evalcore import figures

from ui.core.charts import kept, live_chart
from ui.core.i18n import fmt_threshold, show_error, t, text_number
from ui.core.models import model as model_facts

PAGE_STRINGS = "imb."      # the cost page's class-imbalance strings (assets/i18n/cost.toml)
FEW_SAMPLES = 50      # below this many of a class after resampling, the ROC curve visibly moves by chance
ROC_STAYS = 0.01      # AUCs (as the table shows them) within this: "the ROC curve hardly moves"


def auc_text(auc: float) -> str:
    """An AUC as the section's table and the sentence that reads it show it (the same digits in both)."""
    return f"{auc:.4f}"


def imbalance(token: str, ps, model: str, c01: float, c10: float, rate: float, method: str) -> None:
    """The class-imbalance section below its table: what resampling does to ``model``'s curves and optimum.
    Nothing here moves with the threshold: drawn in the page's run (a move redrew it: a quarter of its work)."""
    mf = model_facts(token, model, ps)
    try:
        res = mf.resampled(float(rate), method)
    except ec.DataError as err:
        show_error(err)
        return
    if (got := f"{res.rate:.3f}") != (want := f"{rate:.3f}"):     # whole samples: the table's rate is not the slider's
        st.caption(t("imb.nearest", pos=f"{res.counts.n_pos:,}", neg=f"{res.counts.n_neg:,}", want=want, got=got))
    small = min(res.counts.n_pos, res.counts.n_neg)
    if small < FEW_SAMPLES:      # the claim "ROC stays" is about expectations: say when too few samples remain
        st.warning(t("imb.few", n=f"{small:,}", min=FEW_SAMPLES))
    f1, f2 = st.columns(2)
    names2 = [t("imb.before"), t("imb.after")]
    rv = [mf.roc_view, res.roc]
    pv, inputs = [mf.pr_view, res.pr], (token, model, float(rate), method)      # built once, kept while these stay
    with f1:
        live_chart(kept("imb_roc", lambda: figures.roc_curves(rv, names=names2, width=None, text=dict(
            x=t("common.axis.fpr"), y=t("common.axis.tpr"), diagonal=t("common.roc.diagonal"),
            threshold=t("common.thr.short"))), *inputs), key="imb_roc")
    with f2:
        live_chart(kept("imb_pr", lambda: figures.pr_curves(pv, names=names2, width=None, text=dict(
            x=t("common.axis.recall"), y=t("common.axis.precision"), threshold=t("common.thr.short"), p_eq_r="P = R",
            bep="BEP", best="max F1", best_f1="max F1")), *inputs), key="imb_pr")
    # what the two curves did here, read from the AUCs the table shows (the body says what is expected)
    before, after = auc_text(mf.roc_view.auc), auc_text(res.roc.auc)
    diff = abs(float(after) - float(before))
    st.markdown(t("imb.roc.stays" if diff <= ROC_STAYS else "imb.roc.moves", before=before, after=after,
                  diff=f"{diff:.4f}", tol=f"{ROC_STAYS:g}", pos=f"{res.counts.n_pos:,}", neg=f"{res.counts.n_neg:,}"))
    p_data, p_new = ps.n_pos / ps.n, res.rate
    if 0 < p_new < 1 and c10 > 0 and c01 > 0:
        r2 = ec.rescaled_cost_ratio(c01 / c10, p_data, p_new)
        direct = mf.optimal(p_new, c01, c10)
        via = mf.optimal(p_data, r2, 1.0)
        st.markdown(t("imb.rescale", p_new=f"{p_new:.3f}", p_data=f"{p_data:.3f}", ratio=text_number(c01 / c10, 4),
                      ratio2=text_number(r2, 4), t1=fmt_threshold(direct.threshold, 4),
                      t2=fmt_threshold(via.threshold, 4)))
