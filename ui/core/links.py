"""Shareable state: the URL carries what a link needs to bring a prepared
state back (page, language, presenter mode, built-in data with its
parameters, model, threshold, beta, ROC mode and step, costs and prior).

Opening a link restores it once per session (:func:`restore`); after that
the page writes the current state back into the URL on every run
(:func:`publish`), so the address bar is always a link to what is shown.
An uploaded file cannot travel in a link: the page says so.
"""
from __future__ import annotations

import math
from urllib.parse import urlencode

import streamlit as st

from ui.core.components import component
from ui.core.i18n import t
from ui.core.state import BOUND_DEFAULTS, SS

from ui.core.parsers import int_in
from ui.core.settings import DATA_PARSERS, TABLE_CHARS, defaults, params, table_text

_UNSET = object()          # a session key not set, or a key without a default (it always differs)

# values that need the data token: restored when the data is known
_PENDING = "_link_pending"


def restore() -> None:
    """Once per session: copy the link's parameters into the session state
    (bad values are ignored, so a broken link still opens)."""
    if SS.get("_link_read"):
        return
    SS["_link_read"] = True
    q = st.query_params
    for name, (key, parse) in params().items():
        if name in q:
            try:
                SS[key] = parse(q[name])
            except (ValueError, TypeError):
                pass
    if q.get("tour") == "chapter2":                      # a tour and its stop: entered by the tour bar
        try:
            SS["tour"], SS["_tour_go"] = "chapter2", ("to", int_in(1, 1000)(q.get("stop", "1")) - 1)
        except (ValueError, TypeError):
            pass
    pending = {}
    for name, parse in DATA_PARSERS.items():
        if name in q:
            try:
                pending[name] = parse(q[name])
            except (ValueError, TypeError):
                pass
    SS[_PENDING] = pending


def restore_data_state(token: str, model: str) -> None:
    """The parts of a link that belong to the data: the model's threshold,
    the cost page's prior, the ROC walk's step (applied once)."""
    pending = SS.pop(_PENDING, None)
    if not pending:
        return
    if "thr" in pending and math.isfinite(pending["thr"]):
        SS.setdefault("thresholds", {})[f"{token}|{model}"] = pending["thr"]
    if "p" in pending:
        SS[f"cost_p|{token}"] = pending["p"]
    if "step" in pending:
        SS["_link_step"] = pending["step"]


def _fmt(v) -> str:
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, float):
        return f"{v:.10g}"
    return str(v)


def _refused(parse, text: str) -> bool:
    """Whether a link's parser refuses ``text`` (e.g. the multi-class page's source "upload")."""
    try:
        parse(text)
    except (ValueError, TypeError):
        return True
    return False


def _wanted(token: str | None, model: str | None) -> dict:
    """The link's parameters for the current state (only what differs from the defaults)."""
    known = defaults()
    want = {}
    too_large = []
    page = SS.get("_page")
    for name, (key, parse) in params().items():
        if "." in key and key.split(".", 1)[0] != page:
            continue                                         # a page's own key: only in a link to that page
        value = SS.get(key, _UNSET)                          # one read (each costs Streamlit's lock and lookups)
        if value is _UNSET:
            continue
        default = known.get(key, BOUND_DEFAULTS.get(key, _UNSET))
        if isinstance(value, dict) and value != default:
            text = table_text(value)
            if len(text) > TABLE_CHARS:
                too_large.append(key)
            else:
                want[name] = text
            continue
        if value != default:
            if key.startswith("syn_") and SS.get("source") != "synthetic":
                continue
            if key == "source" and value == "upload":
                continue
            if key == "roc_model" and (SS.get("source") == "upload" or str(token).startswith("upload")):
                continue                                     # an upload's model name: the upload does not travel
            if _refused(parse, _fmt(value)):
                continue                                     # a value the link could not bring back (an upload)
            want[name] = _fmt(value)
    if SS.get("tour") == "chapter2":                     # the shipped tour's stop (a lecturer's own: this session only)
        want["tour"], want["stop"] = "chapter2", str(int(SS.get("tour_stop", 0)) + 1)
    if SS.get("class_room"):                             # a student's room and anonymous id (ui.core.class_box)
        want["room"], want["me"] = SS["class_room"], SS["class_me"]
    if SS.get("_page") == "roc" and SS.get("roc_mode", "step") == "step" and SS.get("roc_step_now"):
        want["step"] = str(int(SS["roc_step_now"]))
    if token is not None and model is not None and not token.startswith("upload"):
        thr = SS.get("thresholds", {}).get(f"{token}|{model}")
        if thr is not None and math.isfinite(thr):
            want["thr"] = _fmt(float(thr))
        if f"cost_p|{token}" in SS:
            want["p"] = _fmt(float(SS[f"cost_p|{token}"]))
    SS["_link_too_large"] = too_large
    return want


def query(token: str | None, model: str | None) -> dict:
    """The link's query parameters for the current state (what :func:`publish` writes)."""
    return _wanted(token, model)


def publish(token: str | None = None, model: str | None = None) -> None:
    """Write the current state into the URL (only what differs from the defaults)."""
    SS["_link_args"] = (token, model)
    want = _wanted(token, model)
    q = st.query_params
    if {k: q.get(k) for k in q} != want:
        q.from_dict(want)
    _say_too_large()


def publish_again() -> None:
    """:func:`publish` once more at the end of a page's run, with the data
    of its last call: what the page itself stored during the run (an edited
    table) goes into the link now, not one run later."""
    token, model = SS.get("_link_args", (None, None))
    publish(token, model)


def _say_too_large() -> None:
    note = SS.get("_link_note")
    if note is None:
        return
    if SS.get("_link_too_large"):
        note.caption(t("common.link.too_large"))
    else:
        note.empty()


def _address_component():
    return component("lab_address", "linkbox/address.js")


def publish_in_page(token: str, model: str) -> None:
    """:func:`publish` for a fragment's runs (a threshold move, a walk step):
    the browser replaces its address in place.  Streamlit's own update would
    add a history entry per move and redraw the whole app; the next full run
    tells Streamlit the address again (:func:`publish`)."""
    _address_component()(key="address", data=dict(query=urlencode(_wanted(token, model))))


def _link_component():
    return component("lab_link", "linkbox/link.js", "linkbox/link.css")


def link_box(uploaded: bool) -> None:
    """The sidebar's "share a link" box: the address bar's link as it is now
    (read in the browser, so a threshold moved in a fragment's run, which
    redraws only part of the page, is in it too) and a copy button."""
    if SS.get("_link_box_drawn"):    # once per run (ui.open_page clears it): a page may also draw a data sidebar
        return
    SS["_link_box_drawn"] = True
    with st.sidebar.expander(t("common.link.title")):
        _link_component()(key="link_box", data=dict(copy=t("common.link.copy"), copied=t("common.link.copied"),
                                                     failed=t("common.link.failed")))
        st.caption(t("common.link.upload") if uploaded else t("common.link.help"))
        SS["_link_note"] = st.empty()       # filled by publish when a table is too large to carry
    _say_too_large()
