"""How sure is each number: the switch that puts an interval beside every
headline measure (confusion, P-R and ROC pages), the bootstrap bands on the
curves, k models' pairwise DeLong tests, and the ROC averaged over CV folds.

Pages call one function per element; the math is in ``evalcore``
(``proportion_interval``, ``BootstrapCounts``, ``delong_pairwise``,
``roc_vertical_average``), resampled once per (data, model) in
:class:`ui.core.models.ModelFacts` and read at any threshold.
"""
from __future__ import annotations

import functools

import streamlit as st

import evalcore as ec
from evalcore import figures

from ui.protect.budget import OverBudget
from ui.core.charts import chart, live_chart
from ui.core.data import feature_set
from ui.core.i18n import error_text, fmt, labels, shown_cell, shown_name, t, t_fig
from ui.core.learners import make
from ui.core.models import ModelFacts, model
from ui.protect.budget import freeze
from ui.core.state import SS, bind
from ui.core.tables import control_row
from ui.core.threshold import get_threshold

LEVEL = 0.95                          # the confidence level of every interval shown
PROP_METHODS = ec.PROPORTION_METHODS  # ("wilson", "clopper-pearson")
BOOT_METHODS = ec.BOOTSTRAP_METHODS   # ("percentile", "bca")
CV_FOLDS = 10                         # folds of the averaged ROC
CV_SETS = ("gaussian", "breast-cancer")
CV_LEARNERS = ("logistic", "tree", "knn", "naive_bayes")


def switch() -> bool:
    """The switch (and its two method choices) that turns the intervals on;
    returns whether they are on."""
    # side by side as wide as each needs, wrapping where the row is narrow: in a column of a third of the page
    # the switch's own words were cut ("Show 95% int…" at 1024 x 768 with the sidebar open)
    with control_row("ci_switch"):
        on = st.toggle(t("common.ci.switch"), help=t("common.ci.switch.help"), **bind("ci_on"))
        if on:
            st.radio(t("common.ci.prop"), PROP_METHODS, format_func=labels("common.ci.prop.", PROP_METHODS).get,
                     horizontal=True, help=t("common.ci.prop.help"), **bind("ci_prop"))
            st.radio(t("common.ci.boot"), BOOT_METHODS, format_func=labels("common.ci.boot.", BOOT_METHODS).get,
                     horizontal=True, help=t("common.ci.boot.help"), **bind("ci_boot"))
    return bool(on)


def _within_budget(draw):
    """``draw`` (an element of the switch), or, past the session's memory
    budget, the sentence saying what to drop; what the page drew stays."""
    @functools.wraps(draw)
    def guarded(*args, **kwargs):
        try:
            return draw(*args, **kwargs)
        except OverBudget as err:
            st.warning(error_text(err), icon="⚠️")
    return guarded


def _ci(ci: ec.ConfidenceInterval) -> str:
    return f"[{fmt(ci.low)},\u00a0{fmt(ci.high)}]"      # a narrow cell wraps before the interval, not inside it


def _with(value: float, ci: ec.ConfidenceInterval) -> str:
    return f"{fmt(value)}  {_ci(ci)}"


def _row(facts: ModelFacts, thr: float, beta: float, measures) -> dict:
    """One model's cells: each measure as "value [low, high]"."""
    prop, boot = SS.get("ci_prop", "wilson"), SS.get("ci_boot", "percentile")
    c = facts.counts.at(thr)
    m = ec.measures(c, beta=beta)
    n = c.tp + c.fp + c.tn + c.fn
    pi = lambda k, total: ec.proportion_interval(k, total, confidence_level=LEVEL, method=prop)  # noqa: E731
    row = {}
    for key in measures:
        if key == "accuracy":
            row[t("common.ci.m.accuracy")] = _with(m.accuracy, pi(c.tp + c.tn, n))
        elif key == "error":
            row[t("common.ci.m.error")] = _with(m.error_rate, pi(c.fp + c.fn, n))
        elif key == "precision":
            row["P"] = _with(m.precision, pi(c.tp, c.tp + c.fp))
        elif key == "recall":
            row["R"] = _with(m.recall, pi(c.tp, c.tp + c.fn))
        elif key == "f1":
            row["F1"] = _with(m.f1, facts.bootstrap.f_interval(thr, beta=1.0, confidence_level=LEVEL, method=boot))
        elif key == "fbeta" and abs(beta - 1.0) > 1e-9:
            row[f"Fβ (β={beta:g})"] = _with(m.f_beta, facts.bootstrap.f_interval(thr, beta=beta,
                                                                                  confidence_level=LEVEL, method=boot))
        elif key == "auc":
            row[t("common.ci.m.auc_delong")] = _with(facts.roc_view.auc, facts.auc_delong)
            row[t("common.ci.m.auc_boot")] = _ci(facts.bootstrap.auc_interval(confidence_level=LEVEL, method=boot))
        elif key == "ap":
            row["AP"] = _with(facts.bootstrap.ap_estimate, facts.bootstrap.ap_interval(confidence_level=LEVEL))
    return row


@_within_budget
def table(token: str, models: list, ps, *, beta: float = 1.0, measures=("accuracy", "precision", "recall", "f1")):
    """A table, one row per model, of each measure at its shared threshold
    with its 95% interval, then the sentence saying what an interval means
    and which methods made it."""
    rows = []
    for name in models:
        facts = model(token, name, ps)
        thr = get_threshold(token, name, facts.counts)
        rows.append({t("common.cm.model"): shown_cell(name), **_row(facts, thr, beta, measures)})
    st.table(rows)
    prop, boot = SS.get("ci_prop", "wilson"), SS.get("ci_boot", "percentile")
    st.caption(t("common.ci.methods", prop=t(f"common.ci.prop.{prop}"), boot=t(f"common.ci.boot.{boot}"),
                 b=model(token, models[0], ps).bootstrap.n_resamples))
    st.info(t("common.ci.meaning"))


@_within_budget
def bands(kind: str, token: str, models: list, ps) -> None:
    """Each model's ROC (``kind="roc"``) or P-R curve with its pointwise 95%
    bootstrap band, in a figure of its own (the clickable figure above keeps
    its traces)."""
    facts = [model(token, m, ps) for m in models]
    views = [f.roc_view if kind == "roc" else f.pr_view for f in facts]
    bs = [f.roc_band if kind == "roc" else f.pr_band for f in facts]
    x, y = ("common.axis.fpr", "common.axis.tpr") if kind == "roc" else ("common.axis.recall", "common.axis.precision")
    text = dict(x=t(x), y=t(y), band=t_fig("common.ci.band"), diagonal=t("common.roc.diagonal"),
                title=t_fig(f"common.ci.band.title.{kind}"))
    live_chart(figures.band_figure(views, bs, names=list(map(shown_name, models)), kind=kind, text=text),
               key=f"{kind}_band")
    st.caption(t(f"common.ci.band.note.{kind}", b=facts[0].bootstrap.n_resamples))


@st.cache_resource(max_entries=32, show_spinner=False, hash_funcs={ModelFacts: lambda m: m.key})
def _pairwise(facts: tuple) -> ec.PairwiseDeLong:
    return freeze(ec.delong_pairwise(facts[0].y, [f.scores for f in facts], alpha=0.05))


@_within_budget
def k_models(token: str, models: list, ps) -> None:
    """For 3 to 10 models: DeLong's test for every pair with Holm's
    correction, the matrix of adjusted p-values and the groups that cannot
    be told apart."""
    st.subheader(t("common.ci.k.title"))
    if len(models) < 3:
        st.caption(t("common.ci.k.few"))
        return
    with st.spinner(t("common.working")):
        res = _pairwise(tuple(model(token, m, ps) for m in models))
    names = [shown_name(m) for m in models]         # as the ROC page's legends and table name them
    left, right = st.columns([1, 1])
    with left:
        chart(figures.auc_groups_figure(res, names, text=dict(x="AUC", title=t_fig("common.ci.k.groups"))),
              key="roc_k_groups")
    with right:
        chart(figures.pvalue_matrix(res, names, text=dict(hover=t_fig("common.ci.k.hover"),
                                                          title=t_fig("common.ci.k.matrix"))), key="roc_k_matrix")
    groups = "; ".join("{" + ", ".join(names[i] for i in g) + "}" for g in res.groups)
    st.markdown(t("common.ci.k.verdict", sig=res.n_rejected, pairs=res.n_pairs,
                  groups=groups or t("common.ci.k.nogroup")))
    st.caption(t("common.ci.k.note"))


@st.cache_data(max_entries=8, show_spinner=False)
def _cv_curves(fs_name: str, learner: str, seed: int = 0) -> ec.CvRoc:
    """Each fold's ROC curve of ``learner`` in a stratified 10-fold CV of the
    feature set ``fs_name`` (``ec.cv_roc``), with a progress bar."""
    fs = feature_set(fs_name)
    bar = st.progress(0.0, text=t("common.training", i=0, n=CV_FOLDS))
    out = ec.cv_roc(fs.X, fs.y, ec.kfold_splits(fs.y, CV_FOLDS, seed=seed).splits(), lambda: make(learner),
                    name=learner, on_progress=lambda i, n: bar.progress(i / n, text=t("common.training", i=i, n=n)))
    bar.empty()
    return out


def cv_roc() -> None:
    """The ROC of a real learner averaged over the folds of a 10-fold CV:
    each fold's curve faint, the vertical mean and a +-1 sd band."""
    st.subheader(t("common.ci.cv.title"))
    c1, c2 = st.columns(2)
    fs_name = c1.selectbox(t("common.ci.cv.data"), CV_SETS, format_func=labels("common.ci.set.", CV_SETS).get,
                           **bind("ci_cv_data", CV_SETS[0]))
    learner = c2.selectbox(t("common.ci.cv.learner"), CV_LEARNERS,
                           format_func=labels("common.ci.learner.", CV_LEARNERS).get,
                           **bind("ci_cv_learner", CV_LEARNERS[0]))
    try:
        folds = _cv_curves(fs_name, learner)
    except ec.DataError as err:
        st.error(err.text(SS.get("lang", "zh")))
        return
    text = dict(x=t("common.axis.fpr"), y=t("common.axis.tpr"), fold=t_fig("common.ci.cv.fold"),
                mean=t_fig("common.ci.cv.mean"), band=t_fig("common.ci.cv.band"), diagonal=t("common.roc.diagonal"))
    left, right = st.columns([1.3, 1])
    with left:
        live_chart(figures.cv_roc_figure(folds.curves, folds.averaged, text=text), key="roc_cv")
    with right:
        st.metric(t("common.ci.cv.auc"), f"{folds.auc_mean:.3f} ± {folds.auc_sd:.3f}")
        st.markdown(t("common.ci.cv.body", k=CV_FOLDS, k1=CV_FOLDS - 1))


def is_on() -> bool:
    return bool(SS.get("ci_on", False))
