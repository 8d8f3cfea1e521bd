"""Tables of results (folds x learners, data sets x algorithms): read from a
file or an edited grid, checked cell by cell with messages that name the
cell."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ._csv import read_table
from ._validation import DataError, register_messages

_MESSAGES = {
    "table_cell": (
        "Row {row}, column {col!r} must be a number; it holds {value!r}. Type a number there.",
        "第 {row} 行、列 {col!r} 必须是数值;现在是 {value!r}。请填入数值。",
    ),
    "table_rate": (
        "Row {row}, column {col!r} is {value}; an error rate lies between 0 and 1.",
        "第 {row} 行、列 {col!r} 为 {value};错误率应在 0 到 1 之间。",
    ),
    "table_shape": (
        "The table needs at least {rows} rows and {cols} columns of numbers; it has {got_rows} x {got_cols}.",
        "表格至少需要 {rows} 行、{cols} 列数值;现在是 {got_rows} × {got_cols}。",
    ),
}
register_messages(_MESSAGES)


@dataclass(frozen=True, eq=False)
class ResultTable:
    """``values`` (rows x columns) float64; ``row_names`` and ``col_names``."""

    values: np.ndarray
    row_names: tuple
    col_names: tuple


def table_values(rows, col_names, *, rates: bool = False, min_rows: int = 1, min_cols: int = 1) -> np.ndarray:
    """A float matrix from ``rows`` (a list of lists, e.g. an edited grid),
    every cell checked: a number (and, with ``rates``, in [0, 1]).

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.table_values([[0.1, 0.2], [0.3, "x"]], ["a", "b"])
    Traceback (most recent call last):
    ...
    evalcore._validation.DataError: Row 2, column 'b' must be a number; it holds 'x'. Type a number there.
    """
    out = []
    for i, row in enumerate(rows, start=1):
        vals = []
        for col, v in zip(col_names, row):
            try:
                x = float(v)
            except (TypeError, ValueError):
                raise DataError("table_cell", row=i, col=str(col), value=v) from None
            if not math.isfinite(x):
                raise DataError("table_cell", row=i, col=str(col), value=v)
            if rates and not 0.0 <= x <= 1.0:
                raise DataError("table_rate", row=i, col=str(col), value=x)
            vals.append(x)
        out.append(vals)
    a = np.asarray(out, dtype=np.float64).reshape(len(out), len(col_names))
    if a.shape[0] < min_rows or a.shape[1] < min_cols:
        raise DataError("table_shape", rows=min_rows, cols=min_cols, got_rows=a.shape[0], got_cols=a.shape[1])
    return a


def load_table(source, *, rates: bool = False, min_rows: int = 1, min_cols: int = 1, max_rows=None,
               max_columns=None) -> ResultTable:
    """Read a table of results from a CSV: a first text column (if any) names
    the rows, every other column is numeric.  ``max_rows`` and
    ``max_columns`` are checked on the raw text, before it is parsed.

    Examples
    --------
    >>> import evalcore as ec
    >>> t = ec.load_table(b"data,A,B\\nd1,0.1,0.2\\nd2,0.3,0.1\\n", rates=True)
    >>> t.col_names, t.values.tolist()
    (('A', 'B'), [[0.1, 0.2], [0.3, 0.1]])
    """
    import pandas as pd

    df = read_table(source, max_rows=max_rows, max_columns=max_columns)
    cols = list(df.columns)
    first = df[cols[0]]
    named = not pd.api.types.is_numeric_dtype(first.dtype) and len(cols) > 1
    names = tuple(str(v) for v in first) if named else tuple(str(i + 1) for i in range(len(df)))
    value_cols = cols[1:] if named else cols
    values = table_values(df[value_cols].to_numpy().tolist(), value_cols, rates=rates, min_rows=min_rows,
                          min_cols=min_cols)
    return ResultTable(values, names, tuple(value_cols))


__all__ = ["ResultTable", "table_values", "load_table"]
