"""Reading a predictions log too large for memory: DuckDB (embedded, out of
core) reduces each model to its :class:`evalcore.ScoreTable` with one
``GROUP BY score`` and makes the one pass over the rows that pairs models
(DeLong's covariance, McNemar's tables) as exact integer sums, so that
:func:`evalcore.report.build_report` gives the same numbers as on the
rows in memory.

``DuckDBLog(paths)`` reads CSV or Parquet, one file, several, or a glob
(``logs/*.parquet``), within ``memory`` (spilling to a temporary folder,
never into the working directory).  The columns are chosen as
:func:`evalcore.load_predictions` chooses them (a label column by name or
the one text column; every other numeric column but row ids a model).
A model with more distinct scores than the memory allows is refused with a
sentence that offers ``round_digits``: scores rounded half up to that many
decimals, and the largest error that rounding can make in each AUC
reported beside it (:meth:`evalcore.ScoreTable.rounded`), never a silent
approximation.

DuckDB is an optional dependency (``pip install duckdb``); ``import
evalcore.report`` does not import it.
"""
from __future__ import annotations

import glob
import os
import re
import shutil
import tempfile
import threading
import time

import numpy as np

import evalcore as ec

from .._validation import DataError, register_messages
from ..loading import ID_NAMES, LABEL_NAMES, POSITIVE_WORDS
from . import PredictionLog

STAGES = ("columns", "labels", "checking", "reading", "counting", "aggregating", "pairing")
BYTES_PER_DISTINCT = 160      # what one distinct score of one model costs in memory after the aggregation
DEFAULT_MEMORY = "1GB"

register_messages({
    "engine_missing": (
        "The {engine} engine needs the Python package {package!r}: pip install {package}",
        "{engine} 引擎需要 Python 包 {package!r}:pip install {package}",
    ),
    "engine_no_files": (
        "No file matches {path!r}.",
        "没有与 {path!r} 匹配的文件。",
    ),
    "engine_bad_memory": (
        "Could not read the memory setting {spec!r}: write a size such as 512MB or 2GB.",
        "无法读取内存设置 {spec!r}:请写成 512MB 或 2GB 这样的大小。",
    ),
    "engine_too_many_distinct": (
        "Model {model!r} has {n:,} distinct scores; {limit:,} fit in the memory set ({memory}). "
        "Round the scores with --round-digits (6 digits keep at most a million values between 0 and 1; "
        "the report then gives each AUC's largest possible error from the rounding), or allow more memory.",
        "模型 {model!r} 有 {n:,} 个不同的分数;在设定的内存({memory})中最多能放 {limit:,} 个。"
        "请用 --round-digits 把分数取整(6 位小数时 0 到 1 之间最多一百万个值;报告会给出取整可能造成的 AUC 最大误差),"
        "或允许使用更多内存。",
    ),
    "engine_error": (
        "The file could not be read: {detail}",
        "无法读取文件:{detail}",
    ),
})

_NUMERIC = re.compile(r"^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|FLOAT|"
                      r"DOUBLE|REAL|DECIMAL.*|BOOLEAN)$", re.I)


def memory_bytes(spec: str) -> int:
    """``"512MB"``, ``"2GB"``, ``"1.5 GiB"`` as bytes (a DataError otherwise)."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(k|m|g|t)?i?b?\s*", str(spec), re.I)
    if not m:
        raise DataError("engine_bad_memory", spec=spec)
    scale = {"k": 2 ** 10, "m": 2 ** 20, "g": 2 ** 30, "t": 2 ** 40}.get((m[2] or "").lower(), 1)
    n = int(float(m[1]) * scale)
    if n < 64 * 2 ** 20:
        raise DataError("engine_bad_memory", spec=spec)
    return n


def _quote(name: str) -> str:
    return '"' + str(name).replace('"', '""') + '"'


def _files(paths) -> list[str]:
    out = []
    for p in [paths] if isinstance(paths, str) else list(paths):
        found = sorted(glob.glob(p)) if any(ch in p for ch in "*?[") else ([p] if os.path.exists(p) else [])
        if not found:
            raise DataError("engine_no_files", path=p)
        out += found
    return out


class DuckDBLog(PredictionLog):
    """A predictions log read by DuckDB (see the module's docstring).

    Parameters
    ----------
    paths : str or list of str
        CSV (any separator DuckDB detects) or Parquet files; globs allowed.
    label_col, score_cols, pos_label :
        As :func:`evalcore.load_predictions`.
    memory : str
        DuckDB's memory limit, e.g. ``"1GB"``; the distinct scores kept
        after the aggregation are bounded by it too.
    round_digits : int, optional
        Round every score half up to this many decimals before anything is
        counted (reported, with each AUC's worst-case error).
    max_models : int
        At most this many score columns.
    max_distinct : int, optional
        At most this many distinct scores per model (default: what
        ``memory`` holds, :data:`BYTES_PER_DISTINCT` each).
    progress : callable(stage, percent, model), optional
        Called now and then during a long query: ``stage`` one of
        :data:`STAGES`, ``percent`` DuckDB's estimate, ``model`` the model
        being aggregated (else None).
    """

    def __init__(self, paths, *, label_col=None, score_cols=None, pos_label=None, memory: str = DEFAULT_MEMORY,
                 round_digits: int | None = None, max_models: int = 10, max_distinct: int | None = None,
                 progress=None):
        try:
            import duckdb
        except ImportError:
            raise DataError("engine_missing", engine="DuckDB", package="duckdb") from None
        self._duckdb = duckdb
        self.engine = "duckdb"
        self.memory, self._limit = memory, memory_bytes(memory)
        self.round_digits = None if round_digits is None else int(round_digits)
        self._max_distinct = max_distinct
        self._progress = progress
        self.files = _files(paths)
        self.name = os.path.basename(self.files[0]) + (f" (+{len(self.files) - 1})" if len(self.files) > 1 else "")
        self._tmp = tempfile.mkdtemp(prefix="evalcore-duckdb-")
        self.con = duckdb.connect(":memory:")
        self.con.execute(f"SET memory_limit = '{self._limit // 2 ** 20}MB'")
        self.con.execute(f"SET temp_directory = '{self._tmp}'")
        self.con.execute("SET preserve_insertion_order = false")
        self.con.execute("SET enable_progress_bar = false")
        self._tables: dict = {}
        try:
            self._open(label_col, score_cols, pos_label, max_models)
        except BaseException:
            self.close()
            raise

    # -- reading -------------------------------------------------------------
    def _source(self) -> str:
        files = "[" + ", ".join("'" + f.replace("'", "''") + "'" for f in self.files) + "]"
        if all(f.lower().endswith((".parquet", ".pq")) for f in self.files):
            return f"read_parquet({files}, union_by_name = true)"
        return f"read_csv({files}, header = true, union_by_name = true)"

    def _open(self, label_col, score_cols, pos_label, max_models) -> None:
        src = self._source()
        cols = self._run(f"DESCRIBE SELECT * FROM {src}", "columns").fetchall()
        names = [c[0] for c in cols]
        types = {c[0]: c[1] for c in cols}
        if len(names) < 2:
            raise DataError("file_too_few_columns", n=len(names))
        lab = self._label_column(names, types, label_col)
        if types[lab].upper() == "BOOLEAN" and "read_csv" in src:     # yes/no, as written (pandas keeps the text)
            src = src[:-1] + f", types = {{{_literal(lab)}: 'VARCHAR'}})"
            types[lab] = "VARCHAR"
        ids = {c for c in names if c.lower() in ID_NAMES and c != lab}
        self.warnings = [ec.LoadWarning("id_column", col=c) for c in names if c in ids]
        if score_cols is not None:
            for c in score_cols:
                if c not in names:
                    raise DataError("unknown_column", col=c, columns=names)
            models = list(score_cols)
        else:
            models = [c for c in names if c != lab and c not in ids and _NUMERIC.match(types[c])]
            for c in names:                 # a mostly numeric text column has a bad cell: say where (as in memory)
                if c != lab and c not in ids and c not in models:
                    self._check_text_scores(src, c)
            self.warnings += [ec.LoadWarning("ignored_column", col=c) for c in names
                              if c != lab and c not in ids and c not in models]
        if not models:
            raise DataError("no_score_column", label=lab)
        if len(models) > max_models:
            raise DataError("too_many_columns", got=len(models) + 1, limit=max_models + 1, models=max_models)
        self.models, self.label_col = models, lab
        is_text = not _NUMERIC.match(types[lab])
        label = f"trim({_quote(lab)})" if is_text else _quote(lab)
        keep = [f"{_quote(lab)} IS NOT NULL"] + ([f"{label} <> ''"] if is_text else [])
        keep += [f"{_quote(m)} IS NOT NULL AND NOT isnan({_quote(m)}::DOUBLE)" for m in models]
        uniq = [r[0] for r in self._run(f"SELECT DISTINCT {label} FROM {src} WHERE {' AND '.join(keep)} LIMIT 7",
                                        "labels").fetchall()]
        pos = _positive(uniq, pos_label, lab)
        if len([v for v in uniq if v != pos]) > 1:
            self.warnings.append(ec.LoadWarning("one_vs_rest", k=len(uniq), pos=pos))
        negs = [v for v in uniq if v != pos]
        self.pos_label, self.neg_label = pos, negs[0] if len(negs) == 1 else "rest"
        score = {m: self._score_expr(m) for m in models}
        select = ", ".join([f"({label} = $pos) AS y"] + [f"{score[m]} AS s{i}" for i, m in enumerate(models)])
        self._check_finite(src, models)
        view = f"SELECT {select} FROM {src} WHERE {' AND '.join(keep)}"
        if all(f.lower().endswith((".parquet", ".pq")) for f in self.files):
            self.con.execute(f"CREATE TEMP VIEW data AS {view.replace('$pos', _literal(pos))}")
        else:                                   # a CSV is parsed once, kept (spilled) in DuckDB's own format
            self._run(f"CREATE TEMP TABLE data AS {view.replace('$pos', _literal(pos))}", "reading")
        total = self._run(f"SELECT count(*) FROM {src}", "counting").fetchone()[0]
        n_pos, n = self.con.execute("SELECT count(*) FILTER (WHERE y), count(*) FROM data").fetchone()
        self.n_pos, self.n_neg = int(n_pos), int(n - n_pos)
        if total > n:
            self.warnings.append(ec.LoadWarning("dropped_rows", n=int(total - n)))
        if n == 0:
            raise DataError("file_no_rows")
        if self.n_pos == 0 or self.n_neg == 0:
            raise DataError("one_class", name=ec.Bi(f"label column {lab!r}", f"标签列 {lab!r}"),
                            n_pos=self.n_pos, n_neg=self.n_neg)
        self.rows_read = int(total)

    def _score_expr(self, model: str) -> str:
        s = f"{_quote(model)}::DOUBLE"
        if self.round_digits is None:
            return s
        return f"floor({s} * {10.0 ** self.round_digits!r} + 0.5) / {10.0 ** self.round_digits!r}"

    def _label_column(self, names, types, label_col) -> str:
        if label_col is not None:
            if label_col not in names:
                raise DataError("unknown_column", col=label_col, columns=names)
            return label_col
        for want in LABEL_NAMES:
            for c in names:
                if c.strip().lower() == want:
                    return c
        text = [c for c in names if not _NUMERIC.match(types[c]) and c.lower() not in ID_NAMES]
        if len(text) == 1:
            return text[0]
        raise DataError("no_label_column", columns=names)

    def _check_text_scores(self, src: str, col: str) -> None:
        q = _quote(col)
        present, numeric = self._run(f"SELECT count(*) FILTER (WHERE trim({q}) <> ''), count(TRY_CAST(trim({q}) AS "
                                     f"DOUBLE)) FROM {src}", "checking").fetchone()
        if numeric > present / 2:
            self._first_row(src, col, f"trim({q}) <> '' AND TRY_CAST(trim({q}) AS DOUBLE) IS NULL")

    def _first_row(self, src: str, col: str, bad: str) -> None:
        """Raise the loader's ``bad_score_value`` for the first row (file order) where ``bad`` holds."""
        self.con.execute("SET preserve_insertion_order = true")
        row = self.con.execute(f"SELECT n, v FROM (SELECT row_number() OVER () AS n, {_quote(col)} AS v, * FROM "
                               f"{src}) WHERE {bad} LIMIT 1").fetchone()
        if row:
            raise DataError("bad_score_value", col=col, row=int(row[0]), line=int(row[0]) + 1, value=str(row[1])[:40])

    def _check_finite(self, src: str, models) -> None:
        infinite = " OR ".join(f"isinf({_quote(m)}::DOUBLE)" for m in models)
        if not self._run(f"SELECT count(*) FROM {src} WHERE {infinite}", "checking").fetchone()[0]:
            return
        for m in models:                    # only on this error path: which row (file order kept)
            self._first_row(src, m, f"isinf({_quote(m)}::DOUBLE)")

    # -- what the report reads -------------------------------------------------
    def table(self, model: str, *, flipped: bool = False) -> ec.ScoreTable:
        if model not in self._tables:
            i = self.models.index(model)
            name = f"t{i}"
            self._run(f"CREATE TEMP TABLE {name} AS SELECT s{i} AS score, count(*) FILTER (WHERE y) AS pos, "
                      f"count(*) FILTER (WHERE NOT y) AS neg FROM data GROUP BY s{i}", "aggregating", model)
            n = self.con.execute(f"SELECT count(*) FROM {name}").fetchone()[0]
            limit = self._max_distinct or self._limit // (BYTES_PER_DISTINCT * max(len(self.models), 1))
            if n > limit:
                raise DataError("engine_too_many_distinct", model=model, n=int(n), limit=int(limit),
                                memory=self.memory)
            a = self.con.execute(f"SELECT score, pos, neg FROM {name} ORDER BY score").fetchnumpy()
            self._tables[model] = ec.ScoreTable(*(_ro(np.asarray(a[k], dtype=t)) for k, t in
                                                  (("score", np.float64), ("pos", np.int64), ("neg", np.int64))))
        t = self._tables[model]
        return t.flipped() if flipped else t

    def pair_sums(self, models, tables, thresholds, flipped) -> ec.PairSums:
        k = len(models)
        idx = [self.models.index(m) for m in models]
        for j, (i, m) in enumerate(zip(idx, models)):
            score = "-score" if m in flipped else "score"
            self.con.execute(
                f"CREATE OR REPLACE TEMP TABLE p{j} AS SELECT score, "
                f"(2 * (coalesce(sum(neg) OVER w_below, 0)) + neg)::BIGINT AS p10, "
                f"(2 * ({self.n_pos} - sum(pos) OVER w_upto) + pos)::BIGINT AS p01 "
                f"FROM (SELECT {score} AS score, pos, neg FROM t{i}) "
                f"WINDOW w_below AS (ORDER BY score ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), "
                f"w_upto AS (ORDER BY score ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)")
        s = [f"{'-' if m in flipped else ''}d.s{i}" for i, m in zip(idx, models)]
        terms = []
        for a in range(k):
            terms += [f"sum(p{a}.p10) FILTER (WHERE d.y)", f"sum(p{a}.p01) FILTER (WHERE NOT d.y)"]
            for b in range(a, k):
                terms += [f"sum(p{a}.p10::HUGEINT * p{b}.p10) FILTER (WHERE d.y)",
                          f"sum(p{a}.p01::HUGEINT * p{b}.p01) FILTER (WHERE NOT d.y)"]
        right = [f"(({s[a]} >= {float(thresholds[a])!r}) = d.y)" for a in range(k)]
        for a in range(k):
            for b in range(a + 1, k):
                terms += [f"count(*) FILTER (WHERE NOT {right[a]} AND {right[b]})",
                          f"count(*) FILTER (WHERE {right[a]} AND NOT {right[b]})"]
        joins = " ".join(f"JOIN p{a} ON {s[a]} = p{a}.score" for a in range(k))
        row = self._run(f"SELECT {', '.join(terms)} FROM data d {joins}", "pairing").fetchone()
        vals = iter(int(v or 0) for v in row)
        pos_sum, neg_sum = [0] * k, [0] * k
        pos_cross = [[0] * k for _ in range(k)]
        neg_cross = [[0] * k for _ in range(k)]
        for a in range(k):
            pos_sum[a], neg_sum[a] = next(vals), next(vals)
            for b in range(a, k):
                pos_cross[a][b] = pos_cross[b][a] = next(vals)
                neg_cross[a][b] = neg_cross[b][a] = next(vals)
        mcn = {(a, b): (next(vals), next(vals)) for a in range(k) for b in range(a + 1, k)}
        return ec.PairSums(tuple(pos_sum), tuple(neg_sum), tuple(map(tuple, pos_cross)),
                           tuple(map(tuple, neg_cross)), mcn)

    def auc_rounding_bounds(self, models, flipped=()) -> dict:
        """Each model's largest AUC error from ``round_digits`` (None without rounding)."""
        if self.round_digits is None:
            return {m: None for m in models}
        return {m: self.table(m, flipped=m in flipped).auc_rounding_bound() for m in models}

    # -- running a query with progress --------------------------------------------
    def _run(self, sql: str, stage: str, model: str | None = None):
        if self._progress is None:
            return self._execute(sql)
        done = threading.Event()

        def watch():
            last = 0.0
            while not done.wait(0.5):
                pct = self.con.query_progress()
                if pct >= 0 and time.monotonic() - last >= 2.0:
                    self._progress(stage, pct, model)
                    last = time.monotonic()

        t = threading.Thread(target=watch, daemon=True)
        t.start()
        try:
            return self._execute(sql)
        finally:
            done.set()
            t.join()

    def _execute(self, sql: str):
        try:
            return self.con.execute(sql)
        except self._duckdb.ConversionException as err:
            raise _conversion_error(str(err)) from None
        except self._duckdb.OutOfMemoryException:
            raise DataError("engine_error", detail=f"more than the memory set ({self.memory})") from None
        except self._duckdb.Error as err:
            raise DataError("engine_error", detail=str(err).splitlines()[0][:300]) from None

    def close(self) -> None:
        try:
            self.con.close()
        finally:
            shutil.rmtree(self._tmp, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _conversion_error(msg: str) -> DataError:
    line = re.search(r"Line: (\d+)", msg)
    col = re.search(r'column "(.+?)"', msg)
    value = re.search(r'string "(.*?)"', msg)
    if line and col:
        n = int(line[1])
        return DataError("bad_score_value", col=col[1], row=n - 1, line=n, value=(value[1] if value else "")[:40])
    return DataError("engine_error", detail=msg.splitlines()[0][:300])


def _literal(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return repr(v)
    return "'" + str(v).replace("'", "''") + "'"


def _positive(values, pos_label, col):
    """The positive label among ``values`` (as :func:`evalcore.load_predictions` chooses it)."""
    from ..loading import _binary_map

    plain = [v.strip() if isinstance(v, str) else v for v in values]
    pos = _binary_map(sorted(plain, key=str), pos_label)
    if pos is not None:
        return pos
    if len(plain) > 2:
        shown = ", ".join(map(str, sorted(plain, key=str)[:6])) + (" ..." if len(plain) > 6 else "")
        raise DataError("too_many_classes", col=col, k=len(plain), values=shown)
    if len(plain) < 2:
        only = plain[0] if plain else ""
        n_pos = 1 if str(only).strip().lower() in POSITIVE_WORDS else 0
        raise DataError("one_class", name=ec.Bi(f"label column {col!r}", f"标签列 {col!r}"), n_pos=n_pos,
                        n_neg=1 - n_pos)
    a, b = sorted(plain, key=str)
    raise DataError("ambiguous_pos_label", a=a, b=b, choices=[a, b])


def _ro(a: np.ndarray) -> np.ndarray:
    a = np.ascontiguousarray(a)
    a.setflags(write=False)
    return a


__all__ = ["DuckDBLog", "memory_bytes"]
