"""Data: the sidebar's built-in and uploaded predictions, the one upload
helper every upload goes through, and the built-in feature data sets.

Three kinds of data:

* predictions (:class:`evalcore.PredictionSet`): labels and one score column
  per model -- the sidebar of the measure pages;
* feature data sets (:class:`evalcore.datasets.FeatureSet`): features and
  labels, for pages that train learners (:func:`feature_set`);
* tables of results (folds x learners, data sets x algorithms): uploaded
  through :func:`handle_upload` with a table parser.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

import streamlit as st

import evalcore as ec
from evalcore import datasets

from ui.protect import budget
from ui.protect import limits
from ui.core import links
from ui.core.i18n import error_text, labels, md, shown_name, t
from ui.core.settings import SOURCES, choices, span
from ui.core.models import is_flipped, release
from ui.core.state import SS, bind

UPLOAD_LIMIT_MB = limits.UPLOAD_MB


# ---------------------------------------------------------------- uploads
@dataclass(frozen=True)
class UploadSlot:
    """Where one upload keeps its state: the session keys of the last value
    that loaded, its file name, the last error, and the file already handled."""

    value: str
    name: str
    error: str
    file_id: str


PREDICTIONS = UploadSlot("ds_upload", "upload_name", "upload_error", "upload_file_id")
LABELS_UPLOAD = UploadSlot("mc_labels", "mc_name", "mc_error", "mc_file_id")
"""The confusion page's K x K labels upload (its session keys)."""


def handle_upload(slot: UploadSlot, file, parse, on_error=None) -> bool:
    """Parse a newly uploaded ``file`` with ``parse(bytes)`` into ``slot``.

    A file is handled once (by its ``file_id``); a failure keeps the value
    loaded before and records the error for :func:`upload_status`.  Returns
    True when a new value loaded.  ``on_error(err, data, name)`` may keep
    what a follow-up question needs (e.g. which label is positive)."""
    if file is None or file.file_id == SS.get(slot.file_id):
        return False
    SS[slot.file_id] = file.file_id
    SS.pop(slot.error, None)
    data = file.getvalue()          # dropped when this function returns (only the parsed value is kept)
    if len(data) > UPLOAD_LIMIT_MB * 2**20:
        SS[slot.error] = ec.DataError("file_too_large", size_mb=len(data) / 2**20, limit_mb=UPLOAD_LIMIT_MB)
        return False
    try:
        SS[slot.value] = parse(data)
        SS[slot.name] = file.name
        return True
    except Exception as err:  # never a traceback in the page
        SS[slot.error] = err
        if on_error is not None:
            on_error(err, data, file.name)
        return False


def upload_status(slot: UploadSlot, where=st, *, none: str | None = None) -> None:
    """The slot's last error, and that the earlier data is still in use; with ``none`` (a string key),
    that nothing is loaded yet when nothing is and no file was refused (a refused file says why)."""
    err = SS.get(slot.error)
    if err is not None:
        where.error(error_text(err), icon="⚠️")
        if SS.get(slot.value) is not None:
            where.info(t("common.upload.kept", name=SS.get(slot.name, "")))
    elif none is not None and SS.get(slot.value) is None:
        where.info(t(none))


def refused_in_page(slot: UploadSlot) -> None:
    """A refused file while the data loaded before stays in use: said in the page too, where the page's
    run is when this is called (its top).  A phone's sidebar closes once a file is chosen, and the page went
    on showing the earlier data with no sign that the new file was refused (helper-27's review)."""
    if SS.get(slot.error) is not None and SS.get(slot.value) is not None:
        upload_status(slot, st)


def no_data() -> None:
    """A page with no predictions loaded: a refused file's reason first (the sidebar says it too, but on a
    phone the sidebar is closed and the page said only "pick or upload data in the sidebar first"), then
    what to do."""
    if SS.get("source") == "upload":
        upload_status(PREDICTIONS, st)
    st.info(t("common.data.pick_first"))


# ------------------------------------------------------ predictions sidebar
@st.cache_resource(max_entries=8, show_spinner=False)
def _builtin(name: str):
    return datasets.resolve(name)


@st.cache_resource(max_entries=4, show_spinner=False)
def _synthetic(n: int, sep: float, rate: float, seed: int):
    return datasets.synthetic(n, sep, rate, seed)


def set_synthetic(n: int, sep: float, rate: float) -> None:
    """Switch the sidebar to the synthetic generator with these settings
    (a button callback, e.g. the accuracy-paradox preset)."""
    SS["source"] = "synthetic"
    SS["syn_n"], SS["syn_sep"], SS["syn_rate"] = n, sep, rate


def _parse_predictions(data: bytes, pos_label=None):
    ps = budget.charged("ds_upload", ec.load_predictions(data, pos_label=pos_label, max_rows=limits.MAX_ROWS,
                                                         max_columns=limits.MAX_MODELS + 1),
                        replaces=("_upload_facts",))      # the facts of the upload it replaces go with it
    SS["ds_upload_token"] = "upload:" + hashlib.sha256(data).hexdigest() + f":{pos_label}"
    return ps


def _ask_pos_label(err, data, name) -> None:
    SS.pop("upload_pending", None)
    if isinstance(err, ec.DataError) and err.code in ("ambiguous_pos_label",):
        SS["upload_pending"] = (data, name, err)


def _upload_panel() -> None:
    sb = st.sidebar
    f = sb.file_uploader(t("common.upload.label"), type=None, key="_w_upload", help=t("common.upload.help"))
    sb.caption(t("common.upload.limit", mb=UPLOAD_LIMIT_MB))
    if handle_upload(PREDICTIONS, f, _parse_predictions, on_error=_ask_pos_label):
        SS.pop("upload_pending", None)
    upload_status(PREDICTIONS, sb, none="common.upload.none")
    refused_in_page(PREDICTIONS)
    pending = SS.get("upload_pending")
    if pending is not None:
        data, name, perr = pending
        choices = [perr.params.get("a"), perr.params.get("b")]
        pick = sb.selectbox(t("common.pos.pick"), [str(c) for c in choices], key="_w_pos_pick")
        if sb.button(t("common.pos.apply"), key="_w_pos_apply"):
            try:
                SS["ds_upload"] = _parse_predictions(data, pos_label=pick)
                SS["upload_name"] = name
                SS.pop("upload_error", None)
                SS.pop("upload_pending", None)
                st.rerun()
            except ec.DataError as err2:
                SS["upload_error"] = err2


def data_sidebar_only():
    """Draw the data sidebar and return ``(PredictionSet | None, token)``.

    The data set is kept in session state across pages; a failed upload
    leaves the previous one in place."""
    sb = st.sidebar
    sb.header(t("common.data.header"))
    sb.selectbox(t("common.data.source"), SOURCES, format_func=labels("common.src.", SOURCES).get,
                 **bind("source"))
    src = SS["source"]
    ps, token = None, None
    if src == "synthetic":
        # ranges and defaults from the one table of settings (ui.core.settings), which the link reads too
        sb.select_slider(t("common.syn.n"), choices("syn_n"), format_func=lambda v: f"{v:,}",
                         **bind("syn_n"))
        sb.slider(t("common.syn.sep"), *span("syn_sep"), step=0.1, **bind("syn_sep"))
        sb.slider(t("common.syn.rate"), *span("syn_rate"), step=0.01, **bind("syn_rate"))
        sb.number_input(t("common.syn.seed"), *span("syn_seed"), step=1,
                        **bind("syn_seed"))
        args = (int(SS["syn_n"]), float(SS["syn_sep"]), float(SS["syn_rate"]), int(SS["syn_seed"]))
        ps, token = _synthetic(*args), "syn:" + ":".join(map(str, args))
    elif src == "upload":
        _upload_panel()
        ps, token = SS.get("ds_upload"), SS.get("ds_upload_token")
    else:
        ps, token = _builtin(src), "builtin:" + src
        if src == "watermelon":
            sb.caption(t("common.src.watermelon.note"))
        if src == "breast-cancer":
            sb.caption(t("common.src.breast.note"))
    if ps is None:
        links.publish()
        links.link_box(uploaded=True)
        return None, None
    sb.markdown(t("common.data.summary", n=f"{ps.n:,}", n_pos=f"{ps.n_pos:,}", n_neg=f"{ps.n_neg:,}",
                  pos=shown_name(ps.pos_label), neg=shown_name(ps.neg_label)))
    for w in ps.warnings:
        sb.caption("ℹ️ " + (error_text(w) if hasattr(w, "text") else md(w)))
    models = ps.models
    chosen = [m for m in SS.get("models", []) if m in models] or models[:3]
    SS["models"] = chosen
    sb.multiselect(t("common.data.models"), models, format_func={m: shown_name(m) for m in models}.get,
                   **bind("models", chosen))
    if not SS["models"]:
        sb.warning(t("common.data.no_models"))
    _after_data(ps, token)
    return ps, token


def _after_data(ps, token: str) -> None:
    """What needs the data set: the link's threshold and prior, the link
    itself, and a word when some model's scores are used negated."""
    models = chosen_models(ps)
    release(token, models, intervals=bool(SS.get("ci_on", False)))    # what the session no longer shows
    model = SS.get("roc_model") if SS.get("roc_model") in models else models[0]
    links.restore_data_state(token, model)
    links.publish(token, model)
    links.link_box(uploaded=token.startswith("upload"))
    flipped = [m for m in models if is_flipped(token, m)]
    if flipped and SS.get("_page") != "roc":
        st.info(t("common.flipped", models=", ".join(map(shown_name, flipped))), icon="↕️")


def chosen_models(ps) -> list[str]:
    return [m for m in SS.get("models", []) if m in ps.scores] or ps.models[:1]


def model_picker(models: list, label_key: str = "common.roc.thr.model", key: str = "roc_model") -> str:
    """Which of the chosen models a control applies to (shared across pages)."""
    if len(models) > 1:
        st.selectbox(t(label_key), models, format_func={m: shown_name(m) for m in models}.get,
                     **bind(key, models[0]))
    choice = SS.get(key, models[0])
    return choice if choice in models else models[0]


# ------------------------------------------------------------ feature sets
@st.cache_resource(max_entries=4, show_spinner=False)
def feature_set(name: str) -> "datasets.FeatureSet":
    """A built-in feature data set by name (see ``FEATURE_SOURCES``), loaded once
    for all sessions; its arrays are read-only."""
    fs = datasets.FEATURE_SETS[name]()
    fs.X.flags.writeable = False
    fs.y.flags.writeable = False
    return fs
