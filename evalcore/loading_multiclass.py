"""Reading K-class predictions: the true label and, per model, one score
column per class.

Columns are read without asking: ``<model>:<class>`` (``logistic:setosa``,
``tree:setosa`` ...) for one or more models, or just ``<class>`` for one
model.  The label values are matched to the classes of the columns
(``1`` and ``1.0`` are the same class); a label with no score column is
refused by name, a class with columns but no sample is a warning.  Scores
need not sum to 1: :attr:`MultiClassSet.probabilities` says for which
models they do.  Everything the binary loader checks (encodings,
separators, rows as the parser sees them, bounds, bad cells by row, errors
in both languages) holds, as the same reader (:func:`evalcore._csv.read_table`)
reads the file.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ._csv import read_table
from ._validation import DataError, read_only, register_messages
from .loading import ID_NAMES, LABEL_NAMES, LoadWarning, find_column
from .multiclass import sums_to_one

register_messages({
    "mc_file_empty": (
        "The file has no data (it is empty or has a header only). Upload a CSV with a true-label column "
        "(y_true, label, class or target) and, per model, one score column per class named <model>:<class> "
        "(e.g. logistic:setosa), one row per sample.",
        "文件中没有数据(是空的或只有表头)。请上传每个样本一行的 CSV:一列真实标签(y_true、label、class 或 "
        "target),每个模型每个类别一列分数,列名为 <模型>:<类别>(例如 logistic:setosa)。",
    ),
    "mc_no_label_column": (
        "No true-label column was found among {columns}: name it y_true, label, class or target.",
        "在 {columns} 中找不到真实标签列:请命名为 y_true、label、class 或 target。",
    ),
    "mc_mixed_columns": (
        "Write every score column as <model>:<class> (e.g. logistic:setosa), or, for one model, as the class "
        "alone; column {col!r} mixes the two.",
        "请把每个分数列写成 <模型>:<类别>(例如 logistic:setosa),单个模型时也可只写类别;列 {col!r} 混用了两种写法。",
    ),
    "mc_classes_differ": (
        "Every model needs a score column for the same classes; {model!r} has {got}, {first!r} has {want}.",
        "每个模型都需要同样类别的分数列;{model!r} 有 {got},{first!r} 有 {want}。",
    ),
    "mc_label_without_column": (
        "The label(s) {labels} of column {col!r} have no score column; the score columns name the classes "
        "{classes}.",
        "列 {col!r} 中的标签 {labels} 没有对应的分数列;分数列对应的类别是 {classes}。",
    ),
    "mc_too_few_classes": (
        "A multi-class file needs score columns for at least 2 classes; found {k}.",
        "多分类文件至少需要 2 个类别的分数列;找到 {k} 个。",
    ),
    "mc_too_many_classes": (
        "The file has score columns for {k:,} classes; this lab takes at most {limit:,}.",
        "文件有 {k:,} 个类别的分数列;本实验室最多接受 {limit:,} 个。",
    ),
    "mc_bad_score": (
        "Column {col!r} must hold finite numbers; data row {row} (line {line} of the file) has {value!r}.",
        "列 {col!r} 必须是有限的数值;第 {row} 个数据行(文件第 {line} 行)是 {value!r}。",
    ),
})


@dataclass(frozen=True, eq=False)
class MultiClassSet:
    """K-class predictions: ``y`` (class indices, int64), ``classes`` (their
    names, in the order of the first model's columns), ``scores`` {model:
    (n, K) float64, read-only}, ``probabilities`` {model: whether its rows
    are probability vectors}, ``warnings``, ``label_col``, ``name``."""

    y: np.ndarray
    classes: list
    scores: dict
    probabilities: dict
    warnings: list = field(default_factory=list)
    label_col: str = ""
    name: str = ""

    @property
    def n(self) -> int:
        return int(self.y.shape[0])

    @property
    def models(self) -> list:
        return list(self.scores)


def class_name(value) -> str:
    """A label value as a class name: text stripped, ``1.0`` as ``1``.

    Parameters
    ----------
    value : object
        A cell of the label column.

    Returns
    -------
    str
        The class name.
    """
    if isinstance(value, (bool, np.bool_)):
        return str(bool(value))
    if isinstance(value, (float, np.floating)) and float(value).is_integer():
        return str(int(value))
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    return str(value).strip()


def load_multiclass(source, *, label_col=None, max_rows=None, max_columns=None, max_classes=None) -> MultiClassSet:
    """Read a K-class predictions file (see the module's docstring).

    Parameters
    ----------
    source : path, bytes, or binary/text file-like
        The CSV.
    label_col : str, optional
        The true-class column; by default one named like ``y_true``, ``label``, ...
    max_rows, max_columns : int, optional
        Refuse a file with more rows or columns (checked before parsing).
    max_classes : int, optional
        Refuse more classes.

    Returns
    -------
    MultiClassSet
        ``y`` (class indices), ``classes``, ``scores`` ({model: (n, K)}),
        ``probabilities``, ``warnings``, ``label_col`` and ``name``.

    Examples
    --------
    >>> ms = load_multiclass(b"y,a:cat,a:dog,a:fox\\ncat,0.7,0.2,0.1\\nfox,0.2,0.2,0.6\\ndog,0.1,0.8,0.1\\n")
    >>> ms.classes, ms.y.tolist(), ms.probabilities
    (['cat', 'dog', 'fox'], [0, 2, 1], {'a': True})
    """
    df = read_table(source, max_rows=max_rows, max_columns=max_columns, empty="mc_file_empty")
    cols = list(df.columns)
    lab = label_col if label_col in cols else find_column(cols, LABEL_NAMES)
    if lab is None:
        raise DataError("mc_no_label_column", columns=cols)
    others = [c for c in cols if c != lab and c.strip().lower() not in ID_NAMES]
    warnings = [LoadWarning("id_column", col=c) for c in cols if c != lab and c.strip().lower() in ID_NAMES]
    classes, groups = score_columns(others, max_classes=max_classes)
    scores = {m: np.column_stack([_numbers(df, by_class[k]) for k in classes]) for m, by_class in groups.items()}
    codes, values = _factorize(df[lab])          # each distinct label named once, not once a row
    names = [class_name(v) for v in values]
    keep = codes >= 0
    keep[keep] = np.array([n != "" for n in names], dtype=bool)[codes[keep]]
    for s in scores.values():
        keep &= ~np.isnan(s).any(axis=1)
    if not keep.all():
        warnings.append(LoadWarning("dropped_rows", n=int((~keep).sum())))
    if not keep.any():
        raise DataError("file_no_rows")
    index = {k: i for i, k in enumerate(classes)}
    used = np.unique(codes[keep])
    unknown = sorted({names[u] for u in used if names[u] not in index})
    if unknown:
        raise DataError("mc_label_without_column", labels=unknown[:5], col=lab, classes=classes)
    y = np.array([index.get(n, -1) for n in names], dtype=np.int64)[codes[keep]]
    missing = [classes[i] for i in range(len(classes)) if not (y == i).any()]
    if missing:
        warnings.append(LoadWarning("class_without_samples", classes=missing))
    out, prob = {}, {}
    every = bool(keep.all())
    for m, s in scores.items():
        s = read_only(s if every else s[keep])          # (column_stack's own array: no second copy of every row)
        out[m], prob[m] = s, sums_to_one(s)
        if not prob[m]:
            warnings.append(LoadWarning("not_probabilities", model=m))
    y = read_only(y)
    name = getattr(source, "name", "") if not isinstance(source, (bytes, str)) else ""
    return MultiClassSet(y, classes, out, prob, warnings, lab, str(name))


def score_columns(columns, *, max_classes=None) -> tuple[list, dict]:
    """The classes and each model's score column per class, read from the
    score columns' names (``<model>:<class>``, or ``<class>`` for one model
    named "model"): ``(classes, {model: {class: column}})``, the classes in
    the first model's order; a DataError when the names do not say it."""
    named = [c for c in columns if ":" in c]
    if named and len(named) != len(columns):
        raise DataError("mc_mixed_columns", col=next(c for c in columns if ":" not in c))
    groups: dict = {}
    for c in columns:
        model, cls = c.rsplit(":", 1) if named else ("model", c)
        groups.setdefault(model.strip(), []).append((cls.strip(), c))
    first = next(iter(groups), None)
    classes = [k for k, _ in groups[first]] if first is not None else []
    if len(classes) < 2:
        raise DataError("mc_too_few_classes", k=len(classes))
    if max_classes is not None and len(classes) > max_classes:
        raise DataError("mc_too_many_classes", k=len(classes), limit=max_classes)
    for model, pairs in groups.items():
        if sorted(k for k, _ in pairs) != sorted(classes):
            raise DataError("mc_classes_differ", model=model, got=[k for k, _ in pairs], first=first, want=classes)
    return classes, {m: dict(pairs) for m, pairs in groups.items()}


def looks_multiclass(columns, label_values=()) -> bool:
    """Whether a predictions file is K-class by the column rule: every score
    column (``columns``: all but the label and ids) is ``<model>:<class>``,
    or there are at least two score columns and every label value (as
    :func:`class_name`) names one of them."""
    cols = [c.strip() for c in columns]
    if len(cols) >= 2 and all(":" in c for c in cols):
        return True
    labels = {class_name(v) for v in label_values} - {""}
    return len(cols) >= 2 and bool(labels) and labels <= set(cols)


def sniff_multiclass(source, *, head_bytes: int = 1 << 16) -> bool:
    """Whether the predictions file at path ``source`` is K-class
    (:func:`looks_multiclass`), read from its first ``head_bytes`` bytes
    (whole lines; the label values seen there); False when that part
    cannot be read as a table (the loader then says why)."""
    with open(source, "rb") as f:
        head = f.read(head_bytes)
    if len(head) == head_bytes:
        cut = head.rfind(b"\n")
        head = head[:cut + 1 + int(head.startswith(b"\xff\xfe"))] if cut > 0 else head      # UTF-16LE: "\n\0"
    try:
        df = read_table(head)
    except DataError:
        return False
    cols = [str(c) for c in df.columns]
    lab = find_column(cols, LABEL_NAMES)
    if lab is None:
        return False
    others = [c for c in cols if c != lab and c.strip().lower() not in ID_NAMES]
    return looks_multiclass(others, df[lab].dropna().unique()[:1000])


def _factorize(labels) -> tuple[np.ndarray, list]:
    """(code of each row, -1 for a missing label; the distinct labels)."""
    import pandas as pd

    codes, values = pd.factorize(labels, use_na_sentinel=True)
    return np.asarray(codes, dtype=np.int64), list(values)


def _numbers(df, col) -> np.ndarray:
    import pandas as pd

    s = df[col]
    v = pd.to_numeric(s, errors="coerce").to_numpy(dtype=np.float64, na_value=np.nan)
    if pd.api.types.is_numeric_dtype(s.dtype):  # parsed as numbers: only ±inf can be bad (no text to strip)
        present = s.notna().to_numpy()
    else:
        present = s.notna().to_numpy() & (s.astype("string").str.strip() != "").fillna(False).to_numpy()
    bad = present & ~np.isfinite(v)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise DataError("mc_bad_score", col=col, row=i + 1, line=i + 2, value=str(s.iloc[i])[:40])
    return v


__all__ = ["MultiClassSet", "load_multiclass", "class_name", "score_columns", "looks_multiclass",
           "sniff_multiclass"]
