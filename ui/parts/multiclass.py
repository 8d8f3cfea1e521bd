"""The multi-class page's parts (``pages/multiclass.py``): its data (a
built-in K-class set or an upload), the model, the cost-matrix editor and
the class threshold (its control, and a click on a class's curve).  The
math is ``evalcore`` (``class_views``, ``decide``, ``auc_intervals`` ...).

Session keys, ``"multiclass." + ...`` (every control is in the link,
``ui.core.settings``; an upload's own never are):

``source``        the data: a built-in set (``settings.MC_SOURCES``) or "upload"
``section``       the open section (``settings.MC_SECTIONS``)
``model``         the built-in data's model;  ``upload_model``: the uploaded file's
``rule``          "argmax" or "bayes" (the Bayes decision under the cost matrix)
``cost``          the K x K cost matrix as text (``evalcore.cost_text``; "" = 0-1 costs)
``cost_table``    the cost editor's table (``ui.protect.bounds.bounded_editor``)
``cost_edited``   the cost text the editor produced last (another one came from elsewhere: redraw it)
``curve``         "roc" or "pr"
``class``         the class whose one-vs-rest threshold and 2 x 2 matrix are shown (an index)
``thr``           that class's threshold (absent: where the class starts, ``default_threshold``)
``thr_for``       (token, model, class) of ``thr``: another one starts the threshold anew
``ci``            bootstrap intervals of the AUCs on;  ``topk``: k of the top-k accuracy
``upload`` ``upload_name`` ``upload_error`` ``upload_file_id`` ``upload_token``: the K-class upload;
``upload_cost`` ``upload_class`` ``upload_thr`` ``upload_thr_for``: an upload's own (:func:`own`)
"""
from __future__ import annotations

import dataclasses
import hashlib
import time

import numpy as np
import streamlit as st

import evalcore as ec
from evalcore.multiclass import check_cost_matrix
from evalcore.report import default_threshold

from ui.core.charts import live_chart
from ui.core.data import UPLOAD_LIMIT_MB, UploadSlot, handle_upload, refused_in_page, upload_status
from ui.core.i18n import error_text, fill, fmt, labels, shown_name, t, t_counted
from ui.core.settings import MC_CURVES, MC_SECTIONS, MC_SOURCES, default
from ui.core.state import SS, bind, tied
from ui.protect import budget
from ui.protect import limits
from ui.protect.bounds import bounded_editor, redraw

PAGE_STRINGS = "multiclass."
K = "multiclass."
SECTIONS, CURVES = MC_SECTIONS, MC_CURVES
CURVE_CLASSES, PAIR_CLASSES = limits.MC_CURVES, limits.MC_PAIR_CLASSES    # classes drawn (the largest)
INTERVAL_ROWS, RESAMPLES = limits.MC_INTERVAL_ROWS, limits.MC_RESAMPLES
UPLOAD = UploadSlot(K + "upload", K + "upload_name", K + "upload_error", K + "upload_file_id")
COST_TABLE = K + "cost_table"


def own(name: str) -> str:
    """The session key of a setting that belongs to the data (the cost matrix, the class and its
    threshold): ``multiclass.<name>`` for a built-in set, which the link carries, and
    ``multiclass.upload_<name>`` for an upload, which it does not (an upload does not travel: its
    classes and costs would land on another set)."""
    return K + (name if SS.get(K + "source") != "upload" else "upload_" + name)


# ------------------------------------------------------------------ data
IMPORT_TRIES = 5       # a first import of scikit-learn that meets another thread's (a warm start) is tried again


@st.cache_resource(max_entries=4, show_spinner=False)
def _builtin(name: str) -> ec.MultiClassSet:
    """Built-in set ``name``, once per process.  Its first call may import
    scikit-learn while a warm start (``ui.core.registry.warm_starts``)
    imports it in another thread; two threads importing a package's
    submodules in different orders can meet in a circular import, which
    fails in one of them (ImportError): tried again once the other is done."""
    for _ in range(IMPORT_TRIES - 1):
        try:
            return ec.builtin_multiclass(name)
        except ImportError:
            time.sleep(0.5)
    return ec.builtin_multiclass(name)


def parse_upload(data: bytes) -> ec.MultiClassSet:
    """A K-class predictions file within its bounds (``limits.TABLES["multiclass upload"]``, models, classes),
    charged to the session's memory budget."""
    b = limits.bound("multiclass upload")
    ms = ec.check_model_count(ec.load_multiclass(data, max_rows=b.rows, max_columns=b.cols,
                                                 max_classes=limits.MC_CLASSES), limits.MC_MODELS)
    ms = budget.charged(K + "upload", ms)
    SS[K + "upload_token"] = "mcupload:" + hashlib.sha256(data).hexdigest()
    return ms


def no_data() -> None:
    """The page with no data loaded: a refused file's reason first (the sidebar says it too, but on a phone the
    sidebar is closed and the page said only "pick or upload data"), then what to do."""
    upload_status(UPLOAD, st)
    st.info(t("multiclass.pick_first"))


def data():
    """The sidebar's data: ``(MultiClassSet | None, token, builtin)``."""
    sb = st.sidebar
    sb.header(t("common.data.header"))
    sb.selectbox(t("multiclass.source"), MC_SOURCES, format_func=labels("multiclass.src.", MC_SOURCES).get,
                 **bind(K + "source"))
    src = SS[K + "source"]
    if src != "upload":
        ms, token = _builtin(src), "mcbuiltin:" + src
    else:
        f = sb.file_uploader(t("multiclass.upload.label"), key="_w_multiclass_upload", help=t("multiclass.upload.help"))
        sb.caption(t("common.upload.limit", mb=UPLOAD_LIMIT_MB))
        handle_upload(UPLOAD, f, parse_upload)
        upload_status(UPLOAD, sb, none="multiclass.upload.none")
        refused_in_page(UPLOAD)
        ms, token = SS.get(K + "upload"), SS.get(K + "upload_token")
        if ms is None:
            return None, None, False
    sb.markdown(t_counted("multiclass.summary", len(ms.models), n=f"{ms.n:,}", k=len(ms.classes), m=len(ms.models)))
    for w in ms.warnings:
        sb.caption("ℹ️ " + error_text(w))
    return ms, token, src != "upload"


def model_choice(ms: ec.MultiClassSet, builtin: bool) -> str:
    """The model the page shows (a built-in set's is in the link; an upload's is not)."""
    key = K + "model" if builtin else K + "upload_model"
    if SS.get(key) not in ms.models:
        SS[key] = ms.models[0]
    if len(ms.models) > 1:
        st.selectbox(t("multiclass.model"), ms.models,
                     format_func={m: shown_name(m, builtin=builtin) for m in ms.models}.get,
                     **(bind(key) if builtin else bind(key, ms.models[0])))
    return SS[key]


# ------------------------------------------------------------- the cost matrix
def _set_zero_one() -> None:
    SS[own("cost")] = ""


def cost_editor(names: list) -> np.ndarray:
    """The K x K cost matrix: the editor (rows = true class, columns =
    predicted; up to ``limits.MC_COST_CLASSES`` classes, 0-1 costs past it)
    and a button back to 0-1 costs.  Every cost is 0 or within the app's
    range (``evalcore.cost_from_cells``); a bad cell keeps the last good matrix."""
    k = len(names)
    if k > limits.MC_COST_CLASSES:
        st.caption(t("multiclass.cost.too_many", k=k, limit=limits.MC_COST_CLASSES))
        return ec.zero_one_cost(k)
    SS.setdefault(own("cost"), default(K + "cost"))
    try:
        cost = ec.parse_cost_text(SS[own("cost")], k)
    except ec.DataError:                       # a link's matrix of another data set: 0-1 costs
        SS[own("cost")], cost = "", ec.zero_one_cost(k)
    if SS.get(K + "cost_edited") not in (None, (tuple(names), SS[own("cost")])):
        redraw(COST_TABLE)                     # changed elsewhere (a link, the button, other data): edits go
    header = t("multiclass.cost.true")
    SS[COST_TABLE] = {header: list(names), **{n: [float(v) for v in cost[:, j]] for j, n in enumerate(names)}}
    edited = bounded_editor(COST_TABLE, SS[COST_TABLE], disabled=[header], hide_index=True)
    try:
        cost = ec.cost_from_cells(edited.iloc[:, 1:].to_numpy(), k)
    except ec.DataError:                       # a bad cell, an added or deleted row: the last good matrix
        st.error(t("multiclass.cost.bad"), icon="⚠️")
        cost = ec.parse_cost_text(SS[own("cost")], k)
        redraw(COST_TABLE)
    text = ec.cost_text(cost)
    SS[own("cost")] = "" if text == ec.cost_text(ec.zero_one_cost(k)) else text
    SS[K + "cost_edited"] = (tuple(names), SS[own("cost")])
    st.button(t("multiclass.cost.reset"), on_click=_set_zero_one, key="_w_multiclass_cost_reset")
    return cost


# ------------------------------------------------------- the class threshold
def selected_class(token: str, model: str, names: list) -> int:
    """The class whose threshold is shown (a picker); a new (data, model,
    class) starts its threshold anew."""
    if not 0 <= SS.get(own("class"), 0) < len(names):
        SS[own("class")] = 0
    st.selectbox(t("multiclass.class"), list(range(len(names))), format_func=names.__getitem__,
                 **(bind(own("class")) if own("class") == K + "class" else bind(own("class"), 0)))
    c = SS[own("class")]
    if SS.get(own("thr_for")) not in (None, (token, model, c)):
        SS.pop(own("thr"), None)
    SS[own("thr_for")] = (token, model, c)
    return c


def threshold(tc: ec.ThresholdCounts) -> float:
    """The selected class's one-vs-rest threshold: slider and exact number
    (predicted as the class iff its score >= the threshold); probabilities
    get the whole [0, 1], other scores their range (``evalcore.slider_range``)."""
    value = float(SS.get(own("thr"), default_threshold(tc)))
    lo, hi = float(tc.thresholds[-1]), float(tc.thresholds[1])
    grid = ec.slider_range(0.0, 1.0) if 0 <= lo and hi <= 1 else ec.slider_range(lo, hi)

    def move_to(v):
        SS[own("thr")] = float(v)

    if grid is None:                           # scores too large for a slider: the exact input alone
        st.number_input(t("common.thr.number"), format="%.6g", **tied("_w_multiclass_thr_n", value, move_to))
        return float(SS.get(own("thr"), value))
    c1, c2 = st.columns([3, 1])
    c1.slider(t("multiclass.thr"), grid.lo, grid.hi, step=grid.step, format="%.4f",
              **tied("_w_multiclass_thr_s", min(max(value, grid.lo), grid.hi), move_to))
    c2.number_input(t("common.thr.number"), step=grid.step, format="%.6g",
                    **tied("_w_multiclass_thr_n", value, move_to))
    return float(SS.get(own("thr"), value))


def curve_click(key: str, token: str, model: str, classes: list, views: list):
    """The click callback of the class curves (trace i = class ``classes[i]``,
    ``views[i]`` its drawn curve): the clicked point sets that class and its
    threshold, exactly (by the point's index, not read back from JSON)."""
    def on_click() -> None:
        click = (SS.get(key) or {}).get("click")
        i, j = (click.get("curve"), click.get("index")) if isinstance(click, dict) else (None, None)
        if not (isinstance(i, int) and isinstance(j, int) and 0 <= i < len(views)
                and 0 <= j < len(views[i].thresholds)):
            return
        thr = ec.finite_threshold(views[i].thresholds, j)    # the ROC start (+inf) as a number above every score
        SS[own("class")], SS[own("thr")], SS[own("thr_for")] = classes[i], thr, (token, model, classes[i])
    return on_click


def curves_chart(fig, key: str, token: str, model: str, classes: list, views: list) -> None:
    """The class curves, drawn in place; a click sets a class's threshold (:func:`curve_click`)."""
    live_chart(fig, key, on_click=curve_click(key, token, model, classes, views))


# ------------------------------------------------------ cached computations
@st.cache_resource(max_entries=8, show_spinner=False)
def _views(token: str, model: str, _y, _scores) -> ec.ClassViews:
    # kept without each class's counts (the shared cache holds reduced curves only: at 10^6 rows the counts of
    # 10 classes are some 240 MB); the selected class's counts are class_counts' own
    return budget.freeze(dataclasses.replace(ec.class_views(_y, _scores), counts=[]))


def views(token: str, model: str, ms: ec.MultiClassSet) -> ec.ClassViews:
    """Every class's reduced curves and the AUC averages of ``model``, once per (data, model) for all
    sessions (a few thousand points per class, whatever the rows)."""
    return _views(token, model, ms.y, ms.scores[model])


@st.cache_resource(max_entries=4, show_spinner=False)
def _class_counts(token: str, model: str, c: int, _y, _scores) -> ec.ThresholdCounts:
    return ec.threshold_counts(_y == c, _scores[:, c])


def class_counts(token: str, model: str, ms: ec.MultiClassSet, c: int) -> ec.ThresholdCounts:
    """Class ``c``'s one-vs-rest counts (one sort), kept for the few classes last looked at."""
    return _class_counts(token, model, c, ms.y, ms.scores[model])


@st.cache_resource(max_entries=8, show_spinner=False)
def _intervals(token: str, model: str, _y, _scores) -> ec.AucIntervals:
    return ec.auc_intervals(_y, _scores, n_resamples=RESAMPLES, seed=0)


def intervals(token: str, model: str, ms: ec.MultiClassSet) -> ec.AucIntervals | None:
    """The AUCs' bootstrap intervals, or None past ``limits.MC_INTERVAL_ROWS`` rows (the page says so)."""
    return _intervals(token, model, ms.y, ms.scores[model]) if ms.n <= INTERVAL_ROWS else None


@st.cache_resource(max_entries=8, show_spinner=False)
def _decided(token: str, model: str, rule: str, cost: bytes, probabilities: bool, _y, _scores) -> ec.Decided:
    k = _scores.shape[1]
    return budget.freeze(ec.decide(_y, _scores, rule=rule, cost=np.frombuffer(cost).reshape(k, k),
                                   probabilities=probabilities))


def decided(token: str, model: str, ms: ec.MultiClassSet, rule: str, cost) -> ec.Decided:
    """``ec.decide`` of ``model`` under ``rule`` and the K x K ``cost``, once per (data, model, rule, cost) for
    all sessions: the page decides before its sections (with the cost in the session) and again after the
    cost editor (with the cost edited), the same decision in most runs, and at 10^6 rows x 10 classes a
    decision under costs takes about 0.1 s.  Keyed on the whole cost matrix, not a hash of it."""
    c = np.ascontiguousarray(check_cost_matrix(cost, ms.scores[model].shape[1]))    # a DataError, not a cache key
    return _decided(token, model, rule, c.tobytes(), bool(ms.probabilities[model]), ms.y, ms.scores[model])


def current_cost(k: int) -> np.ndarray:
    """The cost matrix in use without its editor (0-1 costs when the text does not fit K classes)."""
    try:
        return ec.parse_cost_text(SS.get(own("cost"), ""), k) if k <= limits.MC_COST_CLASSES else ec.zero_one_cost(k)
    except ec.DataError:
        return ec.zero_one_cost(k)


# ------------------------------------------------------------ formulas filled
def _terms(values) -> str:
    """The sum's terms, each to 3 decimals (an undefined one as a dash): all of up to five, else the first
    three, a dots and the last."""
    values = list(values)
    shown = [fmt(v) if v == v else r"\text{—}" for v in values]
    return " + ".join(shown if len(shown) <= 5 else [*shown[:3], r"\cdots", shown[-1]])


def macro_micro_formulas(matrices: list, mm) -> list:
    """(None, LaTeX) items of the book's (2.12)-(2.17) filled for ``matrices`` (binary
    :class:`evalcore.Counts`) and their averages ``mm`` (:class:`evalcore.MacroMicro`)."""
    ms = [ec.measures(c) for c in matrices]
    tp, fp, _, fn = ec.mean_counts(matrices)
    n = len(matrices)
    p, r, mp, mr = fmt(mm.macro_p), fmt(mm.macro_r), fmt(mm.micro_p), fmt(mm.micro_r)
    def macro(name, values, v):                     # the definition over its sum filled: two lines
        return [fill(f"multiclass.{name}"), fill("multiclass.macro_sum", n=n, terms=_terms(values), v=v)]
    return [(None, macro("macro_p", [m.precision for m in ms], p)),
            (None, macro("macro_r", [m.recall for m in ms], r)),
            (None, fill("multiclass.macro_f1", p=p, r=r, v=fmt(mm.macro_f1))),
            (None, fill("multiclass.micro_p", tp=f"{tp:.4g}", fp=f"{fp:.4g}", v=mp)),
            (None, fill("multiclass.micro_r", tp=f"{tp:.4g}", fn=f"{fn:.4g}", v=mr)),
            (None, fill("multiclass.micro_f1", p=mp, r=mr, v=fmt(mm.micro_f1)))]


def verdict(mm, per: ec.PerClass, names: list) -> str:
    """The sentence on macro against micro F1 (one-vs-rest), chosen by the numbers shown."""
    worst = ec.weakest_class(per.f1)
    return t(f"multiclass.mm.verdict.{ec.macro_micro_gap(mm)}", macro=fmt(mm.macro_f1), micro=fmt(mm.micro_f1),
             cls=names[worst], f1=fmt(per.f1[worst]), support=f"{int(per.support[worst]):,}")
