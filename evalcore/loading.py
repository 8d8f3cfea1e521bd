"""Reading a predictions CSV: labels plus one score column per model.

Accepted: CSV/TSV with ``,`` ``;`` or tab separators; UTF-8 with or without
BOM, UTF-16 (Excel's "Unicode text"), GBK/GB18030 (Excel on Chinese systems).
Everything that goes wrong raises :class:`DataError` with a message that
says what to fix; nothing else escapes.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ._csv import read_table as _read_table
from ._validation import Bi, DataError

LABEL_NAMES = ("y_true", "ytrue", "y", "label", "labels", "target", "class", "truth", "true",
               "actual", "gt", "ground_truth", "真实", "真实标签", "真实值", "标签", "类别", "好瓜")
PRED_NAMES = ("y_pred", "ypred", "pred", "prediction", "predicted", "预测", "预测标签", "预测值")
ID_NAMES = ("id", "编号", "序号", "index", "idx", "sample", "sample_id", "no", "unnamed: 0", "样本", "样例")
POSITIVE_WORDS = {"1", "1.0", "true", "t", "yes", "y", "pos", "positive", "+", "p", "是", "好瓜", "正",
                  "正例", "阳性", "good", "spam", "malignant", "恶性", "有", "真"}
NEGATIVE_WORDS = {"0", "0.0", "-1", "-1.0", "false", "f", "no", "n", "neg", "negative", "-", "否",
                  "坏瓜", "反", "反例", "负", "负例", "阴性", "bad", "ham", "benign", "良性", "无", "假"}
class LoadWarning(str):
    """A warning about the loaded file: a ``str`` (English) that also knows
    its Chinese text, ``w.text("zh")``."""

    _TEXT = {
        "dropped_rows": ("{n} row(s) with an empty label or score were left out.",
                         "有 {n} 行的标签或分数为空,已略去。"),
        "ignored_column": ("Column {col!r} is not numeric and was not used as a score.",
                           "列 {col!r} 不是数值,没有作为分数使用。"),
        "id_column": ("Column {col!r} looks like a row id and was not used as a score.",
                      "列 {col!r} 看起来是编号,没有作为分数使用。"),
        "guessed_label": ("Took column {col!r} as the true labels (two values only).",
                          "把只有两种取值的列 {col!r} 当作真实标签。"),
        "empty_columns": ("Left out the empty column(s) {cols} (e.g. from a trailing comma).",
                          "已略去空列 {cols}(例如行末多余的逗号)。"),
        "one_vs_rest": ("{k} classes: {pos!r} is the positive class, all others negative.",
                        "共 {k} 个类别:{pos!r} 为正例,其余均为反例。"),
        "class_without_samples": ("Class(es) {classes} have score columns but no sample in the file: their "
                                  "one-vs-rest curves are not defined.",
                                  "类别 {classes} 有分数列,但文件中没有该类样本:它们的一对其余曲线无定义。"),
        "not_probabilities": ("The scores of model {model!r} are not probabilities (rows non-negative and "
                              "summing to 1 within 0.01): decisions and curves use them as they are; log loss, "
                              "Brier, the reliability diagram and the Bayes decision are not shown for it.",
                              "模型 {model!r} 的分数不是概率(每行非负且和为 1,误差不超过 0.01):决策与曲线照原样使用;"
                              "不给出它的对数损失、Brier 分数、可靠性图和贝叶斯决策。"),
    }

    def __new__(cls, code: str, **params):
        obj = super().__new__(cls, cls._TEXT[code][0].format(**params))
        obj.code, obj.params = code, params
        return obj

    def text(self, lang: str = "en") -> str:
        """The warning in one language, its parameters filled in.

        Parameters
        ----------
        lang : {"en", "zh"}, default "en"
            The language; anything but ``"zh"`` gives English.

        Returns
        -------
        str
            The warning's sentence.
        """
        en, zh = self._TEXT[self.code]
        return (zh if lang == "zh" else en).format(**self.params)


@dataclass(frozen=True, eq=False)
class PredictionSet:
    """Labels and model scores read from a file.

    ``y`` int8 0/1 (1 = positive); ``scores`` maps each model's column name
    to a float64 array; ``pos_label``/``neg_label`` the original labels;
    ``warnings`` a list of str; ``label_col`` the label column's name;
    ``name`` where it came from.
    """

    y: np.ndarray
    scores: dict
    pos_label: object
    neg_label: object
    n_pos: int
    n_neg: int
    warnings: list = field(default_factory=list)
    label_col: str = ""
    name: str = ""
    ids: object = None  # optional sample names (built-in examples)

    @property
    def n(self) -> int:
        return int(self.y.shape[0])

    @property
    def models(self) -> list[str]:
        return list(self.scores)

    def correct(self, model: str, threshold: float) -> np.ndarray:
        """Whether ``model`` classifies each sample right at ``threshold``
        (score >= threshold is positive): McNemar's table is made of two of these.

        Parameters
        ----------
        model : str
            A key of ``scores`` (a score column's name).
        threshold : float
            The decision threshold, in the model's score units.

        Returns
        -------
        ndarray of bool, shape (m,)
            True where the prediction equals the true label.
        """
        return (self.scores[model] >= threshold) == (self.y == 1)


@dataclass(frozen=True, eq=False)
class LabelSet:
    """True and predicted labels of K classes (for a K x K confusion matrix)."""

    y_true: np.ndarray
    y_pred: np.ndarray
    labels: np.ndarray
    warnings: list = field(default_factory=list)


def _is_numeric(series) -> bool:
    import pandas as pd

    return pd.api.types.is_numeric_dtype(series.dtype) and not pd.api.types.is_bool_dtype(series.dtype)


def find_column(columns, names) -> str | None:
    """The first of ``names`` (lower case) that a column is called, ignoring
    case and surrounding spaces: the column's own name, or None."""
    lowered = {str(c).strip().lower(): c for c in columns}
    for n in names:
        if n in lowered:
            return lowered[n]
    return None


def _numeric_column(df, col, strict: bool):
    """Column ``col`` as float64 (NaN for empty cells).  A column that mostly
    holds numbers but has a bad cell raises DataError naming the row; a text
    column returns None (not a score) unless ``strict``."""
    import pandas as pd

    s = df[col]
    if _is_numeric(s):
        v = s.to_numpy(dtype=np.float64, na_value=np.nan)
    elif pd.api.types.is_bool_dtype(s.dtype):
        v = s.astype("float64").to_numpy()
    else:
        num = pd.to_numeric(s, errors="coerce")
        present = s.notna() & (s.astype("string").str.strip() != "")
        bad = present & num.isna()
        if bad.any():
            if not strict and bad.sum() > present.sum() / 2:
                return None
            i = int(np.flatnonzero(bad.to_numpy())[0])
            raise DataError("bad_score_value", col=col, row=i + 1, line=i + 2, value=str(s.iloc[i])[:40])
        v = num.to_numpy(dtype=np.float64, na_value=np.nan)
    inf = np.isinf(v)
    if inf.any():
        i = int(np.flatnonzero(inf)[0])
        raise DataError("bad_score_value", col=col, row=i + 1, line=i + 2, value=str(df[col].iloc[i]))
    return v


def _binary_map(values, pos_label):
    """Decide which of the label values is positive."""
    def key(v):
        return str(v).strip().lower()

    if pos_label is not None:
        match = [v for v in values if v == pos_label or key(v) == key(pos_label)]
        if not match:
            raise DataError("bad_pos_label", value=pos_label, labels=[_plain(v) for v in values])
        return match[0]
    if len(values) != 2:
        return None
    a, b = values
    if all(isinstance(v, (bool, np.bool_)) for v in values):
        return True
    try:
        fa, fb = float(a), float(b)
        if {fa, fb} in ({0.0, 1.0}, {-1.0, 1.0}):
            return a if fa == 1.0 else b
        if isinstance(a, (int, float, np.number)):
            return None
    except (TypeError, ValueError):
        pass
    pa, pb = key(a) in POSITIVE_WORDS, key(b) in POSITIVE_WORDS
    if pa != pb:
        return a if pa else b
    na, nb = key(a) in NEGATIVE_WORDS, key(b) in NEGATIVE_WORDS
    if na != nb:
        return b if na else a
    return None


def _plain(v):
    return v.item() if isinstance(v, np.generic) else v


def load_predictions(source, *, label_col=None, score_cols=None, pos_label=None, max_rows=None,
                     max_columns=None) -> PredictionSet:
    """Read a predictions table: one label column, one score column per model.

    Parameters
    ----------
    source : path, bytes, or binary/text file-like (e.g. ``st.file_uploader``'s value)
        The table: comma, semicolon or tab separated.
    label_col : str, optional
        The true-label column.  By default: a column named ``y_true``,
        ``label``, ``y``, ``target``, ``class``, ``真实``, ``标签``, ``好瓜``, ...;
        else the one non-numeric column; else the first two-valued column.
    score_cols : list of str, optional
        The score columns.  By default every other numeric column except
        row ids (``id``, ``编号``, ...).
    pos_label : optional
        The positive label.  By default 1 for {0, 1} and {-1, 1}, True for
        booleans, and for two strings the one that is a recognised positive
        word (是, 好瓜, yes, pos, positive, true, ...).  With more than two
        label values, ``pos_label`` makes a one-vs-rest problem.
    max_rows, max_columns : int, optional
        Refuse a file with more data rows or columns (checked before the
        table is parsed, so a huge file costs little).

    Returns
    -------
    PredictionSet
        ``y`` (0/1), ``scores`` ({model: scores}), ``pos_label``, ``neg_label``,
        ``n_pos``, ``n_neg``, ``warnings``, ``label_col``, ``name`` and ``ids``.

    Raises
    ------
    DataError
        Empty, binary or unreadable file; ragged rows; no label or score
        column; a non-numeric or infinite score (naming column and row); a
        label choice that needs ``pos_label``; fewer than one positive or one
        negative.

    Examples
    --------
    >>> import evalcore as ec
    >>> ps = ec.load_predictions(b"y_true,model_a\\n1,0.9\\n0,0.2\\n1,0.4\\n")
    >>> ps.n_pos, ps.n_neg, list(ps.scores)
    (2, 1, ['model_a'])
    """
    df = _read_table(source, max_rows=max_rows, max_columns=max_columns)
    warnings = [LoadWarning("empty_columns", cols=", ".join(map(repr, df.attrs["empty_columns"])))
                ] if df.attrs.get("empty_columns") else []
    cols = list(df.columns)
    if len(cols) < 2:
        raise DataError("file_too_few_columns", n=len(cols))
    # (warnings started above)
    if label_col is not None:
        if label_col not in cols:
            raise DataError("unknown_column", col=label_col, columns=cols)
        lab = label_col
    else:
        lab = _guess_label_column(df, cols, warnings)
    ids = {c for c in cols if c.lower() in ID_NAMES and c != lab}
    if score_cols is not None:
        for c in score_cols:
            if c not in cols:
                raise DataError("unknown_column", col=c, columns=cols)
        candidates, strict = list(score_cols), True
    else:
        candidates, strict = [c for c in cols if c != lab and c not in ids], False
        warnings.extend(LoadWarning("id_column", col=c) for c in cols if c in ids)
    scores = {}
    for c in candidates:
        v = _numeric_column(df, c, strict)
        if v is None:
            warnings.append(LoadWarning("ignored_column", col=c))
        else:
            scores[c] = v
    if not scores:
        raise DataError("no_score_column", label=lab)

    labels = df[lab]
    empty = labels.isna().to_numpy().copy()
    if not _is_numeric(labels) and not empty.all():
        empty |= (labels.astype("string").str.strip() == "").fillna(True).to_numpy()
    for v in scores.values():
        empty |= np.isnan(v)
    n_dropped = int(empty.sum())
    if n_dropped:
        keep = ~empty
        labels = labels[keep]
        scores = {k: v[keep] for k, v in scores.items()}
        warnings.append(LoadWarning("dropped_rows", n=n_dropped))
    if len(labels) == 0:
        raise DataError("file_no_rows")

    lab_values = labels.to_numpy()
    if lab_values.dtype == object or lab_values.dtype.kind in "USO":
        lab_values = np.array([str(v).strip() for v in lab_values], dtype=object)
    uniq = [_plain(v) for v in pd_unique(lab_values)]
    pos = choose_positive(uniq, pos_label, lab, rows=len(lab_values))
    y = (lab_values == pos)
    negs = [v for v in uniq if v != pos]
    if len(negs) > 1:
        warnings.append(LoadWarning("one_vs_rest", k=len(uniq), pos=pos))
    n_pos = int(y.sum())
    n_neg = int(y.shape[0] - n_pos)
    if n_pos == 0 or n_neg == 0:
        raise DataError("one_class", name=Bi(f"label column {lab!r}", f"标签列 {lab!r}"),
                        n_pos=n_pos, n_neg=n_neg)
    neg = negs[0] if len(negs) == 1 else "rest"
    name = getattr(source, "name", "") if not isinstance(source, (bytes, str)) else ""
    return PredictionSet(y.astype(np.int8), scores, pos, neg, n_pos, n_neg, warnings, lab, str(name))


def pd_unique(values: np.ndarray) -> np.ndarray:
    import pandas as pd

    return pd.unique(values)


def _guess_label_column(df, cols, warnings) -> str:
    named = find_column(cols, LABEL_NAMES)
    if named is not None:
        return named
    non_numeric = [c for c in cols if not _is_numeric(df[c]) and c.lower() not in ID_NAMES]
    text_cols = [c for c in non_numeric if _numeric_column_or_none(df, c) is None]
    if len(text_cols) == 1:
        return text_cols[0]
    if len(text_cols) > 1:
        raise DataError("no_label_column", columns=cols)
    for c in cols:
        if c.lower() in ID_NAMES:
            continue
        if df[c].dropna().nunique() <= 2:
            warnings.append(LoadWarning("guessed_label", col=c))
            return c
    raise DataError("no_label_column", columns=cols)


def _numeric_column_or_none(df, c):
    try:
        return _numeric_column(df, c, strict=False)
    except DataError:
        return np.empty(0)


def load_labels(source, *, true_col=None, pred_col=None, max_rows=None, max_classes=None) -> LabelSet:
    """Read true and predicted labels of K classes (columns like ``y_true``,
    ``y_pred``), for a K x K confusion matrix.

    ``max_rows`` (checked on the raw text) and ``max_classes`` (distinct
    labels of both columns) raise DataError when exceeded, before any
    K x K matrix is built.

    Parameters
    ----------
    source : path, bytes, or binary/text file-like (e.g. ``st.file_uploader``'s value)
        The table: comma, semicolon or tab separated.
    true_col : str, optional
        The true-label column.  By default a column named like ``y_true``,
        ``label``, ``y``, ...; with two columns and no names given, the first.
    pred_col : str, optional
        The predicted-label column.  By default a column named like ``y_pred``,
        ``pred``, ...; with two columns and no names given, the second.
    max_rows : int, optional
        Refuse a file with more data rows (no limit by default).
    max_classes : int, optional
        Refuse more distinct labels, both columns together (no limit by default).

    Returns
    -------
    LabelSet
        ``y_true`` and ``y_pred`` (object arrays of stripped strings, rows with a
        missing cell dropped), ``labels`` (every distinct label, sorted) and
        ``warnings`` (a :class:`LoadWarning` per dropped-rows notice).

    Raises
    ------
    DataError
        Fewer than two columns, no label or prediction column, an unknown
        column, no rows, too many rows or classes.

    Examples
    --------
    >>> import evalcore as ec
    >>> ls = ec.load_labels(b"y_true,y_pred\\ncat,cat\\ndog,cat\\nbird,bird\\n")
    >>> ls.labels.tolist()
    ['bird', 'cat', 'dog']
    """
    df = _read_table(source, max_rows=max_rows, empty="labels_file_empty")
    cols = list(df.columns)
    if len(cols) < 2:
        raise DataError("file_too_few_columns", n=len(cols))
    t = true_col or find_column(cols, LABEL_NAMES)
    p = pred_col or find_column(cols, PRED_NAMES)
    if t is None or p is None or t == p:
        if len(cols) == 2 and true_col is None and pred_col is None:
            t, p = cols
        else:
            raise DataError("no_pred_column", columns=cols)
    for c in (t, p):
        if c not in cols:
            raise DataError("unknown_column", col=c, columns=cols)
    sub = df[[t, p]].dropna()
    warnings = []
    if len(sub) < len(df):
        warnings.append(LoadWarning("dropped_rows", n=len(df) - len(sub)))
    if len(sub) == 0:
        raise DataError("file_no_rows")
    yt = np.array([str(v).strip() for v in sub[t].to_numpy()], dtype=object)
    yp = np.array([str(v).strip() for v in sub[p].to_numpy()], dtype=object)
    distinct = set(yt.tolist()) | set(yp.tolist())
    if max_classes is not None and len(distinct) > max_classes:
        raise DataError("too_many_label_classes", k=len(distinct), limit=max_classes)
    labels = np.array(sorted(distinct), dtype=object)
    return LabelSet(yt, yp, labels, warnings)


def choose_positive(values, pos_label, col, *, rows: int | None = None):
    """The positive label among a label column's distinct ``values`` (text
    stripped), as :func:`load_predictions` chooses it, or the DataError that
    says why it cannot (more than two values, one value, two that leave it
    open).  ``rows``: the column's rows, for the one-class message (1 when
    unknown, as for an engine that sees only the distinct values)."""
    plain = [v.strip() if isinstance(v, str) else v for v in values]
    pos = _binary_map(sorted(plain, key=str), pos_label)
    if pos is not None:
        return pos
    if len(plain) > 2:
        shown = ", ".join(map(str, sorted(plain, key=str)[:6])) + (" ..." if len(plain) > 6 else "")
        raise DataError("too_many_classes", col=col, k=len(plain), values=shown)
    if len(plain) < 2:
        n = 1 if rows is None else rows
        n_pos = n if plain and str(plain[0]).strip().lower() in POSITIVE_WORDS else 0
        raise DataError("one_class", name=Bi(f"label column {col!r}", f"标签列 {col!r}"), n_pos=n_pos,
                        n_neg=n - n_pos)
    a, b = sorted(plain, key=str)
    raise DataError("ambiguous_pos_label", a=a, b=b, choices=[a, b])


def positive_label(values, pos_label=None):
    """Which of a label column's distinct ``values`` is the positive class,
    as :func:`load_predictions` decides it (``pos_label`` when given; None
    when two values leave it open or there are more than two).  Used by the
    report's out-of-core engines, which see only the distinct values.

    Examples
    --------
    >>> positive_label(["否", "是"]), positive_label([0, 1]), positive_label(["a", "b"])
    ('是', 1, None)
    """
    return _binary_map(values, pos_label)
