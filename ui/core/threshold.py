"""The shared threshold: one threshold per (data set, model), the same on
every page; its control (slider plus exact number), and curve clicks that
set it."""
from __future__ import annotations


import streamlit as st

import evalcore as ec
from evalcore.report import default_threshold

from ui.core import links
from ui.core.data import model_picker
from ui.core.i18n import fmt_threshold, t
from ui.core.models import model
from ui.core.state import SS, tied


def _thr_key(token: str, name: str) -> str:
    return f"{token}|{name}"


def get_threshold(token: str, name: str, tc: ec.ThresholdCounts) -> float:
    store = SS.setdefault("thresholds", {})
    return store.setdefault(_thr_key(token, name), default_threshold(tc))


def set_threshold(token: str, name: str, value: float) -> None:
    SS.setdefault("thresholds", {})[_thr_key(token, name)] = float(value)


def threshold_control(token: str, name: str, tc: ec.ThresholdCounts) -> float:
    """Slider plus exact number input for the shared threshold of model
    ``name``; returns the current threshold.  Rule: predicted positive iff
    score >= it."""
    value = get_threshold(token, name, tc)
    lo, hi = float(tc.thresholds[-1]), float(tc.thresholds[1])
    grid = ec.slider_range(lo, hi)
    nbase = f"_w_thr_n|{name}"

    def move_to(v):
        set_threshold(token, name, v)

    if grid is None:
        # scores too large for a slider's steps: the exact input alone
        st.number_input(t("common.thr.number"), format="%.6g", **tied(nbase, float(value), move_to))
        st.caption(t("common.thr.no_slider"))
        return get_threshold(token, name, tc)
    lo_s, hi_s, step = grid.lo, grid.hi, grid.step
    # each widget shows the shared value; one whose value changed elsewhere (the other one, a click,
    # a link, another page) is drawn anew, so the one being moved keeps its key and fast presses
    c1, c2 = st.columns([3, 1])
    c1.slider(t("common.thr.slider"), lo_s, hi_s, step=step, format="%.4f", help=t("common.thr.help"),
              **tied(f"_w_thr_s|{name}", float(min(max(value, lo_s), hi_s)), move_to))
    c2.number_input(t("common.thr.number"), step=step, format="%.6g", **tied(nbase, float(value), move_to))
    current = get_threshold(token, name, tc)
    links.publish_in_page(token, name)      # the address follows the threshold, in a fragment's run too
    if current > hi:
        st.caption(t("common.thr.above", thr=fmt_threshold(current)))
    elif current < lo:
        st.caption(t("common.thr.below", thr=fmt_threshold(current)))
    return current


def set_threshold_to_point(token: str, name: str, tc: ec.ThresholdCounts, index: int) -> None:
    """Set the shared threshold to curve point ``index`` of ``tc`` (a button
    callback); the point at +inf (nothing predicted positive) becomes the
    smallest threshold above every score."""
    set_threshold(token, name, ec.finite_threshold(tc.thresholds, index))


def threshold_panel(token: str, models: list, ps) -> str:
    """Pick a model and show its shared-threshold control; returns the model."""
    name = model_picker(models, "common.roc.thr.model")
    threshold_control(token, name, model(token, name, ps).counts)
    return name


def threshold_from_click(key: str, token: str, models: list, views: list) -> None:
    """Click callback of a curve chart (``ui.core.charts.live_chart``): the clicked
    point of model ``i`` (trace ``i``) sets that model's shared threshold,
    exactly (looked up by the point's index in the drawn curve, not read back
    from JSON).  Anything else in the click (another trace, a bad index) is
    ignored."""
    click = (SS.get(key) or {}).get("click")
    i, j = (click.get("curve"), click.get("index")) if isinstance(click, dict) else (None, None)
    if not (isinstance(i, int) and isinstance(j, int) and 0 <= i < len(views) and 0 <= j < len(views[i].thresholds)):
        return
    set_threshold(token, models[i], ec.finite_threshold(views[i].thresholds, j))   # the ROC start: +inf
    SS["roc_model"] = models[i]       # the visible control follows the clicked curve
