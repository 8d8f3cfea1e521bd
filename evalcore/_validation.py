"""Input checking for every evalcore function, and the messages it gives.

All checks live here so that each message says, in plain words, what is wrong,
where, and what to do about it.  A :class:`DataError` carries a ``code`` and
its parameters, so a user interface can show the same message in Chinese
(``err.text("zh")``) while ``str(err)`` stays English for notebooks and logs.
"""
from __future__ import annotations

import math
import numbers
import re

import numpy as np

# code -> (English, Chinese).  Templates use str.format fields.
MESSAGES: dict[str, tuple[str, str]] = {
    "length_mismatch": (
        "{a} has {na} values but {b} has {nb}; give one value per sample in each.",
        "{a} 有 {na} 个值,而 {b} 有 {nb} 个;请为每个样本各给一个值。",
    ),
    "not_1d": (
        "{name} must be one-dimensional (one value per sample); got shape {shape}.",
        "{name} 必须是一维的(每个样本一个值);实际形状为 {shape}。",
    ),
    "empty": (
        "{name} is empty; give at least one sample.",
        "{name} 为空;请至少提供一个样本。",
    ),
    "bad_binary_label": (
        "y_true must hold 0/1 or True/False (1 = positive); found {value!r} at "
        "position {pos}. Map your labels first, e.g. with ec.load_predictions.",
        "y_true 只能是 0/1 或 True/False(1 为正例);第 {pos} 个位置出现了 {value!r}。"
        "请先转换标签,例如使用 ec.load_predictions。",
    ),
    "one_class": (
        "{name} needs at least one positive and one negative sample; got "
        "{n_pos} positive and {n_neg} negative.",
        "{name} 至少需要一个正例和一个反例;现有正例 {n_pos} 个、反例 {n_neg} 个。",
    ),
    "non_finite": (
        "{name} must be finite numbers; found {value} at position {pos}.",
        "{name} 必须是有限的数值;第 {pos} 个位置是 {value}。",
    ),
    "non_numeric": (
        "{name} must be numbers; could not read it as numbers ({detail}).",
        "{name} 必须是数值;无法按数值读取({detail})。",
    ),
    "out_of_range": (
        "{name} must be in {interval}, got {value}.",
        "{name} 必须在 {interval} 之内,实际为 {value}。",
    ),
    "not_integer": (
        "{name} must be a whole number, got {value}.",
        "{name} 必须是整数,实际为 {value}。",
    ),
    "bad_shape": (
        "{name} must have shape {expected}; got {shape}.",
        "{name} 的形状必须是 {expected};实际为 {shape}。",
    ),
    "too_few": (
        "{name} needs at least {need} values; got {got}.",
        "{name} 至少需要 {need} 个值;实际只有 {got} 个。",
    ),
    "bad_option": (
        "{name} must be one of {options}; got {value!r}.",
        "{name} 必须是 {options} 之一;实际为 {value!r}。",
    ),
    "no_disagreement": (
        "McNemar's test needs at least one sample on which the two classifiers "
        "disagree (e01 + e10 > 0); got e01 = {e01}, e10 = {e10}.",
        "McNemar 检验至少需要一个两个分类器结果不同的样本(e01 + e10 > 0);"
        "现有 e01 = {e01},e10 = {e10}。",
    ),
    "errors_exceed_m": (
        "There are {errors} errors but only m = {m} test samples: the number of errors n_errors cannot exceed "
        "m (it must be in [0, m]). Lower the errors or raise m.",
        "错误数为 {errors},但测试样本只有 m = {m} 个:错误数不能超过 m(应在 [0, m] 之内)。请减少错误数或增大 m。",
    ),
    "cv5x2_table_shape": (
        "The 5x2cv table has exactly 5 rows (the replications) and 4 columns (A1, A2: learner A's error rates "
        "on folds 1 and 2; B1, B2: learner B's); it has {got_rows} x {got_cols}. Add or delete rows to match.",
        "5×2 交叉验证的表格应恰好有 5 行(5 次重复)、4 列(A1、A2:学习器 A 在第 1、2 折上的错误率;"
        "B1、B2:学习器 B 的);现在是 {got_rows} × {got_cols}。请增删行使之相符。",
    ),
    "zero_cost": (
        "cost01 and cost10 cannot both be 0; at least one kind of error must cost something.",
        "cost01 与 cost10 不能同时为 0;至少有一类错误应有代价。",
    ),
    "zero_cost_at_prior": (
        "With this prior every error costs 0 (p = 0 with cost10 = 0, or p = 1 with cost01 = 0); "
        "change the prior or give the other kind of error a cost.",
        "在这个先验下所有错误的代价都为 0(p = 0 且 cost10 = 0,或 p = 1 且 cost01 = 0);"
        "请调整先验,或给另一类错误设定代价。",
    ),
    "too_many": (
        "{name} allows at most {limit} values; got {got}. {hint}",
        "{name} 最多允许 {limit} 个值;实际有 {got} 个。{hint}",
    ),
    "threshold_nan": (
        "The threshold must be a number (+inf and -inf are allowed: nothing or everything predicted "
        "positive); got {value}.",
        "阈值必须是数值(允许 +inf 与 -inf:全部判为反例或全部判为正例);实际为 {value}。",
    ),
    "bad_source_type": (
        "Cannot read data from a {kind}; give a path, bytes, or an open file.",
        "无法从 {kind} 读取数据;请提供文件路径、字节串或已打开的文件。",
    ),
    # ---- loading files -------------------------------------------------
    "file_empty": (
        "The file is empty. Upload a CSV with a header row, a label column and "
        "one score column per model.",
        "文件是空的。请上传带表头的 CSV:一列真实标签,每个模型一列分数。",
    ),
    "labels_file_empty": (
        "The file has no data (it is empty or has a header only). Upload a CSV with a true-label column and "
        "a predicted-label column (e.g. y_true, y_pred), one row per sample.",
        "文件中没有数据(是空的或只有表头)。请上传每个样本一行的 CSV:一列真实标签,一列预测标签(例如 y_true、y_pred)。",
    ),
    "file_too_large": (
        "The file is {size_mb:.0f} MB; the limit is {limit_mb} MB. Upload a smaller file "
        "(for example only the label and score columns).",
        "文件大小为 {size_mb:.0f} MB,超过上限 {limit_mb} MB。请上传更小的文件(例如只保留标签列和分数列)。",
    ),
    "file_binary": (
        "This does not look like a text CSV file (it looks like {kind}). Save it "
        "as CSV (comma, semicolon or tab separated) and upload that.",
        "这不像文本 CSV 文件(看起来是 {kind})。请另存为 CSV(逗号、分号或制表符分隔)后再上传。",
    ),
    "file_encoding": (
        "Could not read the file's text: it is neither UTF-8 nor GBK/GB18030. "
        "Save it as UTF-8 CSV.",
        "无法读取文件文本:既不是 UTF-8 也不是 GBK/GB18030 编码。请另存为 UTF-8 编码的 CSV。",
    ),
    "file_parse": (
        "Could not read the file as a table: {detail}. Check that every row has "
        "the same number of fields as the header.",
        "无法把文件读成表格:{detail}。请检查每一行的字段数是否与表头相同。",
    ),
    "file_ragged": (
        "Row {row} has {got} fields but the header has {expected}. Every row "
        "needs one value per column.",
        "第 {row} 行有 {got} 个字段,而表头有 {expected} 个。每一行都需要每列一个值。",
    ),
    "too_many_rows": (
        "The file has {got:,} data rows; this lab takes at most {limit:,}. Upload a sample of the rows "
        "(a random sample keeps the curves' shape).",
        "文件有 {got:,} 个数据行;本实验室最多接受 {limit:,} 行。请上传其中的一部分(随机抽样能保持曲线形状)。",
    ),
    "too_many_rows_over": (
        "The file has more than {limit:,} data rows; this lab takes at most {limit:,}. Upload a sample of the "
        "rows (a random sample keeps the curves' shape).",
        "文件的数据行多于 {limit:,} 行;本实验室最多接受 {limit:,} 行。请上传其中的一部分(随机抽样能保持曲线形状)。",
    ),
    "too_many_columns": (
        "The file has {got:,} columns; this lab takes at most {limit:,} (a label column and up to {models} "
        "models). Keep only the label column and the score columns you want to compare.",
        "文件有 {got:,} 列;本实验室最多接受 {limit:,} 列(一列标签,最多 {models} 个模型)。"
        "请只保留标签列和要比较的分数列。",
    ),
    "resample_too_large": (
        "Over-sampling to this rate would make {got:,} samples; the limit is {limit:,}. Choose a rate nearer "
        "the data's own, or under-sample instead.",
        "过采样到这个比例将产生 {got:,} 个样本,超过上限 {limit:,}。请选择更接近原数据的比例,或改用欠采样。",
    ),
    "learner_failed": (
        "The learner {learner!r} could not be trained on fold {fold}: {detail}. Try another learner or data set.",
        "学习器 {learner!r} 无法在第 {fold} 折上训练:{detail}。请换一个学习器或数据集。",
    ),
    "file_no_rows": (
        "The file has a header but no data rows. Add one row per sample.",
        "文件只有表头、没有数据行。请每个样本一行。",
    ),
    "file_too_few_columns": (
        "The file has {n} column(s); it needs a label column and at least one "
        "score column (one per model).",
        "文件只有 {n} 列;需要一列真实标签,以及至少一列分数(每个模型一列)。",
    ),
    "file_cell_too_long": (
        "The file has a cell {size} characters long; this is not a "
        "predictions table. Check the separator and the file.",
        "文件中有一个单元格长达 {size} 个字符;这不是预测结果表。请检查分隔符和文件内容。",
    ),
    "no_label_column": (
        "Could not tell which column holds the true labels (columns: {columns}). "
        "Name it y_true, label or 标签 and load the file again.",
        "无法判断哪一列是真实标签(列:{columns})。请把它命名为 y_true、label 或 标签,再重新载入文件。",
    ),
    "unknown_column": (
        "There is no column {col!r}; the columns are {columns}.",
        "没有名为 {col!r} 的列;现有的列为 {columns}。",
    ),
    "no_score_column": (
        "No numeric score column was found besides the label column {label!r}. "
        "Add one column of scores per model (larger = more likely positive).",
        "除标签列 {label!r} 外没有找到数值分数列。请为每个模型加一列分数(越大越可能是正例)。",
    ),
    "bad_score_value": (
        "Column {col!r} must hold finite numbers; data row {row} (line {line} of "
        "the file) has {value!r}.",
        "列 {col!r} 必须是有限的数值;第 {row} 个数据行(文件第 {line} 行)是 {value!r}。",
    ),
    "too_many_classes": (
        "The label column {col!r} has {k} different values ({values}); a "
        "two-class predictions file needs exactly two. For K classes use a file "
        "with y_true and y_pred columns (multi-class section).",
        "标签列 {col!r} 有 {k} 种不同的值({values});二分类预测文件只能有两种。"
        "多分类请使用含 y_true 和 y_pred 两列的文件(见多分类部分)。",
    ),
    "ambiguous_pos_label": (
        "Which label is the positive class: {a!r} or {b!r}? Pick it (pos_label).",
        "哪个标签是正例:{a!r} 还是 {b!r}?请选择正例标签。",
    ),
    "bad_pos_label": (
        "pos_label {value!r} is not one of the labels {labels}.",
        "正例标签 {value!r} 不在标签 {labels} 之中。",
    ),
    "file_trailing_comma": (
        "Every data row ends in a separator ({sep!r}) but the header row does not, so each row has one field "
        "more than the header. Remove the separator at the end of the rows (or add one to the header).",
        "每个数据行都以分隔符({sep!r})结尾,而表头没有,所以每行比表头多一个字段。"
        "请删去数据行末尾的分隔符(或在表头末尾也加一个)。",
    ),
    "too_many_label_classes": (
        "The file has {k:,} different classes; this lab takes at most {limit:,} for a K x K matrix. "
        "Keep the classes you want to study, or merge rare ones into one class.",
        "文件有 {k:,} 个不同的类别;本实验室的 K×K 矩阵最多接受 {limit:,} 个。"
        "请只保留要研究的类别,或把少见的类别合并为一类。",
    ),
    "no_pred_column": (
        "A multi-class file needs a true-label column and a predicted-label "
        "column (e.g. y_true, y_pred); found columns {columns}.",
        "多分类文件需要一列真实标签和一列预测标签(例如 y_true、y_pred);现有的列为 {columns}。",
    ),
}


def register_messages(messages: dict[str, tuple[str, str]]) -> None:
    """Add a topic module's own message codes to the catalogue (each code
    once, English and Chinese)."""
    clash = set(messages) & set(MESSAGES)
    if clash:
        raise RuntimeError(f"message codes defined twice: {sorted(clash)}")
    MESSAGES.update(messages)


_HAN = re.compile(r"[\u4e00-\u9fff]")


class Bi(tuple):
    """A message parameter given in both languages: ``Bi("label column", "标签列")``."""

    def __new__(cls, en: str, zh: str):
        return super().__new__(cls, (en, zh))

    def __str__(self) -> str:
        return self[0]


NAMES_SHOWN = 12      # a list parameter (a file's columns) names at most this many in a message


def _names(values: list, lang: str) -> str:
    """A list parameter as a message shows it: each item quoted, ", " (English) or "、" (Chinese) between,
    at most NAMES_SHOWN of them, then "…" if there are more (a file may have thousands of columns)."""
    sep = "、" if lang == "zh" else ", "
    return sep.join([repr(str(v)) for v in values[:NAMES_SHOWN]] + ["…"] * (len(values) > NAMES_SHOWN))


class DataError(ValueError):
    """Bad input to an evalcore function.

    ``str(err)`` is the English message; ``err.text("zh")`` the Chinese one;
    ``err.code`` and ``err.params`` identify it for programs.
    """

    def __init__(self, code: str, **params):
        self.code = code
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The message in one language, its parameters filled in.

        Parameters
        ----------
        lang : {"en", "zh"}, default "en"
            The language; anything but ``"zh"`` gives English.

        Returns
        -------
        str
            The message of ``code`` (what is wrong and what to do), with each
            :class:`Bi` parameter in the same language.
        """
        en, zh = MESSAGES[self.code]
        template = zh if lang == "zh" else en
        i = 1 if lang == "zh" else 0
        params = {k: (v[i] if isinstance(v, Bi) else _names(v, lang) if isinstance(v, list) else v)
                  for k, v in self.params.items()}
        if lang == "zh":      # a space sets Latin words apart from Chinese ("是 PNG 图片"), never two Han characters
            for k, v in params.items():
                if isinstance(self.params[k], Bi) and v:
                    if _HAN.match(v[0]):
                        template = re.sub(r"(?<=[\u4e00-\u9fff]) (?=\{" + re.escape(k) + r"[}:!])", "", template)
                    if _HAN.match(v[-1]):
                        template = re.sub(r"(?<=\{" + re.escape(k) + r"\}) (?=[\u4e00-\u9fff])", "", template)
        return template.format(**params)


class DataTypeError(DataError, TypeError):
    """A :class:`DataError` for an argument of the wrong type (also a ``TypeError``)."""


def as_1d(x, name: str) -> np.ndarray:
    arr = np.asarray(x)
    if arr.ndim != 1:
        raise DataError("not_1d", name=name, shape=arr.shape)
    if arr.size == 0:
        raise DataError("empty", name=name)
    return arr


def check_same_length(a: np.ndarray, b: np.ndarray, name_a: str, name_b: str) -> None:
    if a.shape[0] != b.shape[0]:
        raise DataError("length_mismatch", a=name_a, na=a.shape[0], b=name_b, nb=b.shape[0])


def check_binary_labels(y_true, name: str = "y_true") -> np.ndarray:
    """Return ``y_true`` as a bool array (True = positive) or raise DataError."""
    y = as_1d(y_true, name)
    if y.dtype == bool:
        return y
    if y.dtype.kind in "iuf":
        pos = y == 1
        bad = ~(pos | (y == 0))
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            raise DataError("bad_binary_label", value=y[i].item(), pos=i)
        return pos
    # object / string arrays: accept only 0/1/True/False values
    i = 0
    out = np.empty(y.shape[0], dtype=bool)
    for i, v in enumerate(y.tolist()):
        if v is True or v is False or v in (0, 1):
            out[i] = bool(v)
        else:
            raise DataError("bad_binary_label", value=v, pos=i)
    return out


def check_scores(scores, name: str = "scores") -> np.ndarray:
    """Return ``scores`` as a finite float64 array or raise DataError."""
    s = as_1d(scores, name)
    try:
        s = np.asarray(s, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise DataError("non_numeric", name=name, detail=str(exc)) from None
    finite = np.isfinite(s)
    if not finite.all():
        i = int(np.flatnonzero(~finite)[0])
        raise DataError("non_finite", name=name, value=s[i], pos=i)
    return s


def check_labels_and_scores(y_true, scores, *, need_both: bool = True):
    """Validate a (y_true, scores) pair: bool labels, finite float scores."""
    y = check_binary_labels(y_true)
    s = check_scores(scores)
    check_same_length(y, s, "y_true", "scores")
    if need_both:
        n_pos = int(np.count_nonzero(y))
        n_neg = y.shape[0] - n_pos
        if n_pos == 0 or n_neg == 0:
            raise DataError("one_class", name="y_true", n_pos=n_pos, n_neg=n_neg)
    return y, s


def check_alpha(alpha) -> float:
    return check_open_unit(alpha, "alpha")


def check_open_unit(value, name: str) -> float:
    v = check_real(value, name)
    if not 0.0 < v < 1.0:
        raise DataError("out_of_range", name=name, interval="(0, 1)", value=value)
    return v


def check_unit(value, name: str) -> float:
    v = check_real(value, name)
    if not 0.0 <= v <= 1.0:
        raise DataError("out_of_range", name=name, interval="[0, 1]", value=value)
    return v


def check_real(value, name: str) -> float:
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise DataError("non_numeric", name=name, detail=repr(value)) from None
    if not math.isfinite(v):
        raise DataError("non_finite", name=name, value=v, pos=0)
    return v


def check_nonneg(value, name: str) -> float:
    v = check_real(value, name)
    if v < 0:
        raise DataError("out_of_range", name=name, interval="[0, inf)", value=value)
    return v


def check_count(value, name: str, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, (numbers.Integral, float, np.floating)):
        raise DataError("not_integer", name=name, value=value)
    if float(value) != int(value):
        raise DataError("not_integer", name=name, value=value)
    v = int(value)
    if v < minimum:
        raise DataError("out_of_range", name=name, interval=f"[{minimum}, inf)", value=value)
    return v


def check_costs(cost01, cost10) -> tuple[float, float]:
    c01 = check_nonneg(cost01, "cost01")
    c10 = check_nonneg(cost10, "cost10")
    if c01 == 0 and c10 == 0:
        raise DataError("zero_cost")
    return c01, c10


def check_matrix(x, name: str, shape=None, min_rows: int = 1) -> np.ndarray:
    try:
        a = np.asarray(x, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise DataError("non_numeric", name=name, detail=str(exc)) from None
    if shape is not None and a.shape != shape:
        raise DataError("bad_shape", name=name, expected=shape, shape=a.shape)
    if a.ndim != 2:
        raise DataError("bad_shape", name=name, expected="(rows, columns)", shape=a.shape)
    if a.shape[0] < min_rows:
        raise DataError("too_few", name=name, need=min_rows, got=a.shape[0])
    finite = np.isfinite(a)
    if not finite.all():
        i = int(np.flatnonzero(~finite.ravel())[0])
        raise DataError("non_finite", name=name, value=a.ravel()[i], pos=i)
    return a


def read_only(a) -> np.ndarray:
    """``a`` as a contiguous array that cannot be written (results shared
    between callers, or cached for every session)."""
    a = np.ascontiguousarray(a)
    a.setflags(write=False)
    return a
