"""Tables of results (folds x learners, data sets x algorithms): read from a
file or an edited grid, checked cell by cell with messages that name the
cell."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ._csv import read_table
from ._validation import Bi, DataError, register_messages

_MESSAGES = {
    "table_cell": (
        "Row {row}, column {col!r} must be a number; it holds {value!r}. Type a number there.",
        "第 {row} 行、列 {col!r} 必须是数值;现在是 {value!r}。请填入数值。",
    ),
    "table_rate": (
        "Row {row}, column {col!r} is {value}; an error rate lies between 0 and 1.",
        "第 {row} 行、列 {col!r} 为 {value};错误率应在 0 到 1 之间。",
    ),
    "table_empty_cell": (
        "Row {row}, column {col!r} is empty. Type a number there, or delete the row.",
        "第 {row} 行、列 {col!r} 是空的。请填入数值,或删除这一行。",
    ),
    "table_probability": (
        "Row {row}, column {col!r} is {value}; a probability lies between 0 and 1.",
        "第 {row} 行、列 {col!r} 为 {value};概率应在 0 到 1 之间。",
    ),
    "table_label": (
        "Row {row}, column {col!r} is {value!r}; a label in this table is one of {allowed}.",
        "第 {row} 行、列 {col!r} 为 {value!r};这个表格中的标签只能是 {allowed} 之一。",
    ),
    "table_file_empty": (
        "The file has no table (it is empty or has a header only). Upload a CSV with one row per data set: "
        "its name in the first column, then one column per algorithm with its score on that data set.",
        "文件中没有表格(是空的或只有表头)。请上传每个数据集一行的 CSV:第一列为数据集名,"
        "其后每个算法一列,填该算法在这个数据集上的性能。",
    ),
    "table_is_predictions": (
        "This looks like a predictions file (column {col!r} holds 0/1 labels of samples), not a table of "
        "results. The Friedman test needs one row per data set and one column per algorithm, each cell that "
        "algorithm's performance (e.g. its error rate) on that data set.",
        "这看起来是预测文件(列 {col!r} 是样本的 0/1 标签),而不是结果表。Friedman 检验需要"
        "每个数据集一行、每个算法一列,每格为该算法在该数据集上的性能(如错误率)。",
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


def table_values(rows, col_names, *, rates: bool = False, probabilities: bool = False, min_rows: int = 1,
                 min_cols: int = 1) -> np.ndarray:
    """A float matrix from ``rows`` (a list of lists, e.g. an edited grid),
    every cell checked: present, a number (and, with ``rates`` or
    ``probabilities``, in [0, 1]; the message names which).

    Parameters
    ----------
    rows : list of list
        The cells, row by row.
    col_names : sequence of str
        The columns' names (for messages), one per cell of a row.
    rates : bool, default False
        Every cell must lie in [0, 1] (error rates).
    probabilities : bool, default False
        Every cell must lie in [0, 1] (probabilities; the message says so).
    min_rows, min_cols : int, default 1
        Refuse a table with fewer rows or value columns.

    Returns
    -------
    ndarray of float, shape (len(rows), len(col_names))
        The checked values.

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
            if v is None or (isinstance(v, str) and not v.strip()) or (isinstance(v, float) and math.isnan(v)):
                raise DataError("table_empty_cell", row=i, col=str(col))
            try:
                x = float(v)
            except (TypeError, ValueError):
                raise DataError("table_cell", row=i, col=str(col), value=v) from None
            if not math.isfinite(x):
                raise DataError("table_cell", row=i, col=str(col), value=v)
            if (rates or probabilities) and not 0.0 <= x <= 1.0:
                raise DataError("table_probability" if probabilities else "table_rate", row=i, col=str(col),
                                value=f"{x:g}")
            vals.append(x)
        out.append(vals)
    a = np.asarray(out, dtype=np.float64).reshape(len(out), len(col_names))
    if a.shape[0] < min_rows or a.shape[1] < min_cols:
        raise DataError("table_shape", rows=min_rows, cols=min_cols, got_rows=a.shape[0], got_cols=a.shape[1])
    return a


def table_labels(values, col: str, allowed, *, names=None) -> list:
    """The cells of label column ``col``, each checked to be one of
    ``allowed`` (numbers compared as numbers, e.g. 1.0 is 1; text as text).

    Parameters
    ----------
    values : sequence
        The column's cells.
    col : str
        The column's name (for messages).
    allowed : sequence
        The allowed labels (numbers or text).
    names : mapping, optional
        How the message names each allowed label: a str, or a :class:`Bi`
        for a name in each language (a table whose select box shows the
        classes as 猫 / 狗 / 兔 while it holds cat / dog / rabbit).  By
        default the labels themselves.

    Returns
    -------
    list
        Each cell as the element of ``allowed`` it equals.

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.table_labels([1, -1.0, 1], "y", (-1, 1))
    [1, -1, 1]
    >>> names = {"cat": ec.Bi("cat", "猫"), "dog": ec.Bi("dog", "狗")}
    >>> try:
    ...     ec.table_labels(["cat", "horse"], "y", ("cat", "dog"), names=names)
    ... except ec.DataError as err:
    ...     print(err.text("zh"))
    第 2 行、列 'y' 为 'horse';这个表格中的标签只能是猫、狗之一。
    """
    out = []
    numeric = all(isinstance(a, (int, float)) for a in allowed)
    for i, v in enumerate(values, start=1):
        if v is None or (isinstance(v, float) and math.isnan(v)) or (isinstance(v, str) and not v.strip()):
            raise DataError("table_empty_cell", row=i, col=str(col))
        key = v
        if numeric:
            try:
                key = float(v)
            except (TypeError, ValueError):
                key = None
        else:
            key = str(v)
        match = [a for a in allowed if a == key]
        if not match:
            raise DataError("table_label", row=i, col=str(col), value=v, allowed=_listed(allowed, names))
        out.append(match[0])
    return out


def _listed(allowed, names) -> str | Bi:
    """The allowed labels as a message lists them: joined with ", ", or with ``names`` each label's name in
    each language (a :class:`Bi`; Chinese joined with "、")."""
    if names is None:
        return ", ".join(str(a) for a in allowed)
    shown = [names.get(a, str(a)) for a in allowed]
    return Bi(", ".join(str(n[0] if isinstance(n, Bi) else n) for n in shown),
              "、".join(str(n[1] if isinstance(n, Bi) else n) for n in shown))


def _labels_column(df) -> str | None:
    """A column that makes ``df`` a predictions file rather than a table of
    results: named like a label column, or holding only 0/1 among many rows."""
    for c in df.columns:
        name = str(c).strip().lower()
        values = df[c].dropna()
        binary = values.shape[0] > 0 and values.isin([0, 1]).all()
        if binary and (name in ("y", "y_true", "label", "labels", "target", "class", "truth", "真实标签", "标签")
                       or values.shape[0] >= 30):
            return str(c)
    return None


def load_table(source, *, rates: bool = False, min_rows: int = 1, min_cols: int = 1, max_rows=None,
               max_columns=None, refuse_predictions: bool = False) -> ResultTable:
    """Read a table of results from a CSV: a first text column (if any) names
    the rows, every other column is numeric.  An empty or header-only file
    says what the table should be; with ``refuse_predictions`` a file that
    looks like predictions (a 0/1 label column) is refused with a message
    that says what a table of results is.  ``max_rows`` and ``max_columns``
    are checked on the raw text, before it is parsed.

    Parameters
    ----------
    source : path, bytes, or binary/text file-like
        The CSV.
    rates : bool, default False
        Every value must lie in [0, 1] (error rates).
    min_rows, min_cols : int, default 1
        Refuse a table with fewer rows or value columns.
    max_rows, max_columns : int, optional
        Refuse a file with more rows or columns (checked on the raw text).
    refuse_predictions : bool, default False
        Refuse a file that looks like predictions (a label column).

    Returns
    -------
    ResultTable
        ``values`` ((rows, columns) float), ``row_names`` and ``col_names`` (tuples of str).

    Examples
    --------
    >>> import evalcore as ec
    >>> t = ec.load_table(b"data,A,B\\nd1,0.1,0.2\\nd2,0.3,0.1\\n", rates=True)
    >>> t.col_names, t.values.tolist()
    (('A', 'B'), [[0.1, 0.2], [0.3, 0.1]])
    """
    import pandas as pd

    df = read_table(source, max_rows=max_rows, max_columns=max_columns, empty="table_file_empty")
    if refuse_predictions and (col := _labels_column(df)) is not None:
        raise DataError("table_is_predictions", col=col)
    cols = list(df.columns)
    first = df[cols[0]]
    named = not pd.api.types.is_numeric_dtype(first.dtype) and len(cols) > 1
    names = tuple(str(v) for v in first) if named else tuple(str(i + 1) for i in range(len(df)))
    value_cols = cols[1:] if named else cols
    values = table_values(df[value_cols].to_numpy().tolist(), value_cols, rates=rates, min_rows=min_rows,
                          min_cols=min_cols)
    return ResultTable(values, names, tuple(value_cols))


__all__ = ["ResultTable", "table_values", "table_labels", "load_table"]
