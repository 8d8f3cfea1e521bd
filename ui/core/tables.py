"""Sections and editable tables of the pages that work on small tables
(comparison tests, metrics lab):

* :func:`section` -- which part of a page is open, as a control whose value
  is session state (``st.tabs`` does not report its open tab, so a link or
  a language switch could not keep it);
* :func:`edited_table` -- an editable table checked on every edit; a bad
  edit shows its message and the last good table's result stays;
* :func:`last_good` -- the same for a result computed from other controls;
* :func:`metric_row` -- a row of numbers (``st.metric``) in one block;
* :func:`text_table` -- a small table of text, drawn as Markdown.
"""
from __future__ import annotations

from collections.abc import Callable

import evalcore as ec
import pandas as pd
import streamlit as st

from ui.protect.bounds import bounded_editor
from ui.core.i18n import labels, md, show_error, t
from ui.core.state import SS, bind


def section(key: str, options: tuple, prefix: str) -> str:
    """The open section of a page (session key ``key``, labels ``prefix + option``)."""
    return st.segmented_control(t("common.section"), options, format_func=labels(prefix, options).get,
                                label_visibility="collapsed", **bind(key, options[0], first="one")) or SS[key]


def _frame(table: dict) -> pd.DataFrame:
    return pd.DataFrame(table)


def edited_table(key: str, preset: dict, check: Callable, *, kept: str, **editor):
    """An editable table (session key ``key`` holds the last good one; the
    editor is :func:`ui.protect.bounds.bounded_editor`, bounded by
    ``ui.protect.limits.TABLES[key]``) and ``check(frame)``, the table's result.

    ``check`` raises a DataError for a bad table; then its message shows,
    with the sentence ``kept``, and the result of the last good table is
    returned.  Returns ``(result, frame)`` of the table in use.  ``editor``: more of
    ``st.data_editor``'s arguments (a ``column_config`` naming a column in the page's language)."""
    edited = bounded_editor(key, preset, **editor)
    try:
        result = check(edited)
    except ec.DataError as err:
        show_error(err)
        st.caption(kept)
    else:
        SS[key] = edited.to_dict(orient="list")
        return result, edited
    for table in (SS.get(key), preset):            # the last good table; the preset if that fails too
        if table is not None:
            try:
                return check(_frame(table)), _frame(table)
            except ec.DataError:
                continue
    raise RuntimeError(f"the preset of {key} does not pass its own check")


def last_good(key: str, compute: Callable, *, kept: str):
    """``compute()``, remembered under ``key``; a DataError shows its message
    (and ``kept``) and the last good result is returned (None before any)."""
    try:
        SS[key] = compute()
    except ec.DataError as err:
        show_error(err)
        if SS.get(key) is not None:
            st.caption(kept)
    return SS.get(key)


def control_row(name: str):
    """A row of controls (buttons, a toggle, a slider: ``with control_row(name):``) side by side, wrapping
    onto more lines where the screen is narrow; ``name`` is unique on the page (the row's key).  Columns
    stack one control per line below 640 px: the ROC walk's six took about 300 px of a phone above its
    figure."""
    return st.container(horizontal=True, vertical_alignment="bottom", key=name)


def metric_row(name: str, items: list[tuple[str, str]]) -> None:
    """``st.metric`` for each ``(label, value)``, side by side, sharing the row's width (two to a line on a
    phone, ``ui.core.screens``); ``name`` is unique on the page.  One horizontal container where
    ``st.columns`` makes a block per column as well: a threshold move of the confusion page sends four
    messages fewer (each costs the server's CPU and the network, issue 36)."""
    with st.container(horizontal=True, gap="small", key=f"metric_row_{name}"):
        for label, value in items:
            st.metric(label, value, width="stretch")


def _text_row(cells) -> str:
    """A Markdown table's row: each cell's text inert (:func:`md`) and on one line."""
    return "| " + " | ".join(md(" ".join(str(c).split())) or " " for c in cells) + " |"


def text_table(rows: list[dict]) -> None:
    """``rows`` (dicts with the same keys, numbers already formatted) as a
    table of text, drawn by Streamlit's Markdown (one element); every cell,
    user text too, is shown, never interpreted (:func:`md`).  For the few
    rows a page computes itself (one per model or class), where a data
    frame's grid brings nothing to sort or scroll: that grid's code is about
    1.2 MB of scripts a fresh browser loads before its first screen (0.27 s
    of the confusion page's, issue 36), and each data frame an Arrow table to
    build on every threshold move (0.6 ms of the server's CPU)."""
    if not rows:
        return
    head = list(rows[0])
    lines = [_text_row(head), "|" + " --- |" * len(head), *(_text_row(row.get(h, "") for h in head) for row in rows)]
    st.markdown("\n".join(lines))
