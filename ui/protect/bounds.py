"""Bounds where data enters: every editable table goes through
:func:`bounded_editor`, every uploaded table through a parser with its
limits (:func:`table_parser`, :func:`labels_parser`), each limit from
:data:`ui.protect.limits.TABLES`.

An edit that would make a table larger than its bound (typed rows, pasted
cells) is checked *before* Streamlit applies it: the editor is drawn anew
with the last good table and a sentence in the user's language names the
limit.  Costs that arrive from a link or a box are clamped before any
arithmetic (:func:`clamp_cost`).
"""
from __future__ import annotations

import math

import pandas as pd
import streamlit as st

import evalcore as ec

from ui.protect import budget
from ui.protect import limits
from ui.core.i18n import both, cell, error_text, strings, t
from ui.core.state import SS


def _name(name: str) -> ec.Bi:
    key = f"common.bound.{name}"
    return both(key) if key in strings() else ec.Bi(name, name)


def check_shape(name: str, rows: int, cols: int) -> None:
    """DataError ``table_too_large`` when ``rows x cols`` exceeds the bound of ``name``."""
    b = limits.bound(name)
    if rows > b.rows or cols > b.cols:
        raise ec.DataError("table_too_large", name=_name(name), rows=int(rows), cols=int(cols),
                           limit_rows=b.rows, limit_cols=b.cols)


def _check_cells(name: str, values) -> None:
    for v in values:
        if isinstance(v, str) and len(v) > limits.CELL_CHARS:
            raise ec.DataError("cell_too_long", name=_name(name), chars=len(v), limit=limits.CELL_CHARS)


_INDEX = "_index"                       # Streamlit's name of the index in an editor's state


def _invalid(name: str) -> ec.DataError:
    return ec.DataError("table_edit_invalid", name=_name(name))


def _position(name: str, p, rows: int) -> int:
    """Row position ``p`` of a client's edit as pandas indexes it (-1: the
    last), or a DataError (a text or an out-of-range number fails in Streamlit)."""
    if isinstance(p, bool) or not isinstance(p, int) or not -rows <= p < rows:
        raise _invalid(name)
    return p % rows


def check_edits(name: str, state, base_rows: int, columns) -> None:
    """Check a data editor's pending edits (its widget state: ``edited_rows``,
    ``added_rows``, ``deleted_rows``, sent by the client, so any JSON) against
    the bound of ``name`` without applying them: the table the edit would
    produce (rows deleted counted once each, every added row counted, the
    columns) and the length of every new cell.  Rows or columns the table
    does not have (an edit Streamlit would fail on) are a DataError too."""
    if not isinstance(state, dict):
        return
    added, deleted, edited = (state.get(k) or empty for k, empty in
                              (("added_rows", []), ("deleted_rows", []), ("edited_rows", {})))
    if not (isinstance(added, list) and isinstance(deleted, list) and isinstance(edited, dict)):
        raise _invalid(name)
    known = {str(c) for c in columns} | {_INDEX}
    gone = {_position(name, p, base_rows) for p in deleted}
    check_shape(name, base_rows - len(gone) + len(added), len(columns))
    for row in [*added, *edited.values()]:
        if not isinstance(row, dict) or not set(map(str, row)) <= known:
            raise _invalid(name)
        _check_cells(name, row.values())
    for p in edited:                          # Streamlit reads these keys with int(): "1" is row 1
        _position(name, int(p) if isinstance(p, str) and p.lstrip("-").isdigit() else p, base_rows)


def _edited(state) -> bool:
    return isinstance(state, dict) and any(state.get(k) for k in ("edited_rows", "added_rows", "deleted_rows"))


def _widget_key(name: str) -> str:
    g = SS.get("_bounds_gen", {}).get(name, 0)
    return f"_w_{name}" + (f"#{g}" if g else "")


def redraw(name: str) -> None:
    """Draw the editor of ``name`` anew at its next run (its table was
    replaced elsewhere: a preset, an upload, a run)."""
    gens = SS.setdefault("_bounds_gen", {})
    gens[name] = gens.get(name, 0) + 1


def inert(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with its headers and text cells as :func:`ui.cell` shows them:
    a leading = + - @ quoted, so the table's CSV download (the editor's own
    toolbar) carries no spreadsheet formula.  Numbers are left alone."""
    out = frame.rename(columns={c: cell(c) for c in frame.columns})
    for c in out.columns:
        if not pd.api.types.is_numeric_dtype(out[c].dtype):
            out[c] = out[c].map(lambda v: cell(v) if isinstance(v, str) else v)
    return out


def bounded_editor(name: str, default: dict, **kwargs) -> pd.DataFrame:
    """``st.data_editor`` of the last good table of ``name`` (a session key,
    a key of :data:`ui.protect.limits.TABLES`; ``default`` before any), bounded.

    Headers and text cells are shown inert (:func:`inert`).  Returns the
    edited frame.  An edit over the bound is refused before it
    is applied: the editor is drawn anew with the last good table, and the
    limit is named (until the next good edit).  The caller still checks the
    cells' values and stores the table under ``name`` when they are good."""
    last = inert(pd.DataFrame(SS.get(name, default)))
    b = limits.bound(name)
    if last.shape[0] > b.rows or last.shape[1] > b.cols:     # however it came (links and tours are checked too)
        last = inert(pd.DataFrame(default))
    key = _widget_key(name)
    try:
        try:
            state = SS.get(key)
        except (TypeError, ValueError):        # a client's state Streamlit cannot read (row keys that are no numbers)
            raise _invalid(name) from None
        check_edits(name, state, last.shape[0], last.columns)
    except ec.DataError as err:
        SS.setdefault("_bounds_error", {})[name] = err
        SS.pop(key, None)
        redraw(name)
        key = _widget_key(name)
    edited = st.data_editor(last, key=key, num_rows="dynamic", width="stretch", **kwargs)
    errors = SS.get("_bounds_error", {})
    if name in errors:
        if _edited(SS.get(key)):              # the user edited the fresh editor: the message has done its work
            errors.pop(name)
        else:
            st.error(error_text(errors[name]), icon="⚠️")
    return edited


def table_parser(name: str, **kwargs):
    """A parser for :func:`ui.handle_upload` of a table of results bounded by
    ``name`` (rows x columns, the columns counting a first name column)."""
    b = limits.bound(name)

    def parse(data: bytes):
        try:
            table = ec.load_table(data, max_rows=b.rows, max_columns=b.cols, **kwargs)
        except ec.DataError as err:
            if err.code == "too_many_rows_over":        # the rows were counted only up to the bound
                raise ec.DataError("file_table_too_many_rows", name=_name(name), limit_rows=b.rows,
                                   limit_cols=b.cols) from None
            if err.code not in ("too_many_rows", "too_many_columns"):
                raise
            unit = ec.Bi("data rows", "个数据行") if err.code == "too_many_rows" else ec.Bi("columns", "列")
            raise ec.DataError("file_table_too_large", name=_name(name), got=err.params["got"], unit=unit,
                               limit_rows=b.rows, limit_cols=b.cols) from None
        return budget.charged(name, table)
    return parse


def labels_parser(data: bytes):
    """The K x K labels upload, bounded in rows and classes (:data:`ui.protect.limits.TABLES` ``mc_labels``)."""
    b = limits.bound("mc_labels")
    return budget.charged("mc_labels", ec.load_labels(data, max_rows=b.rows, max_classes=b.cols))


def clamp_cost(v) -> float:
    """A cost from a box or a link as a finite number: 0, or within
    [``limits.COST_MIN``, ``limits.COST_MAX``] (nan and negatives give 0)."""
    try:
        x = float(v)
    except (TypeError, ValueError):
        return 1.0
    if not x > 0:                 # nan, 0, negatives
        return 0.0
    if math.isinf(x):
        return limits.COST_MAX
    return min(max(x, limits.COST_MIN), limits.COST_MAX)


def costs() -> tuple[float, float]:
    """The session's (cost01, cost10), clamped (:func:`clamp_cost`) and written back."""
    c01, c10 = clamp_cost(SS.get("cost01", 1.0)), clamp_cost(SS.get("cost10", 1.0))
    SS["cost01"], SS["cost10"] = c01, c10
    return c01, c10



def readable_classes(cm, labels):
    """``(matrix, labels)`` of a K x K matrix as it is drawn: at most
    ``limits.MATRIX_CLASSES`` classes, the largest, the rest as one "other"
    class (a caption says so)."""
    if len(labels) <= limits.MATRIX_CLASSES:
        return cm, list(labels)
    st.caption(t("common.bound.top", shown=limits.MATRIX_CLASSES - 1, k=f"{len(labels):,}"))
    return ec.top_classes(cm, labels, limits.MATRIX_CLASSES, other=t("common.bound.other"))
