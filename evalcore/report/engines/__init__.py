"""Reading a predictions log too large for memory: an SQL engine -- DuckDB
(embedded, out of core; :mod:`.duck`) or Spark (a cluster; :mod:`.spark`) --
reduces each model to its :class:`evalcore.ScoreTable` with one
``GROUP BY score`` and makes the one pass over the rows that pairs models
(DeLong's covariance, McNemar's tables) as exact integer sums, so that
:func:`evalcore.report.build_report` gives the same numbers as on the
rows in memory.

:class:`SqlLog` holds what the engines share: the same SQL, the same
integer sums, the same refusals; an engine says how to run a statement,
make a table and fetch one (``DuckDBLog(paths)`` reads CSV or Parquet, one
file, several, or a glob such as ``logs/*.parquet``, within ``memory``,
spilling to a temporary folder, never into the working directory;
``SparkLog(paths, master=...)`` reads whatever Spark reads, ``s3a://`` and
``hdfs://`` paths included).  The columns are chosen as
:func:`evalcore.load_predictions` chooses them (a label column by name or
the one text column; every other numeric column but row ids a model).
A model with more distinct scores than the memory allows is refused with a
sentence that offers ``round_digits``: scores rounded half up to that many
decimals, and the largest error that rounding can make in each AUC
reported beside it (:meth:`evalcore.ScoreTable.rounded`), never a silent
approximation.

DuckDB and pyspark are optional dependencies (``pip install duckdb`` /
``pyspark``); ``import evalcore.report`` imports neither.
"""
from __future__ import annotations

import glob
import os
import re
import threading
import time

import numpy as np

import evalcore as ec

from ..._validation import DataError, read_only, register_messages
from ...loading import ID_NAMES, LABEL_NAMES, choose_positive, find_column
from .. import PredictionLog

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
    "engine_bad_score_somewhere": (
        "Column {col!r} must hold finite numbers; it has {value!r} (this engine does not tell on which row).",
        "列 {col!r} 必须是有限的数值;其中有 {value!r}(该引擎不报告所在行)。",
    ),
})



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


def files_of(paths) -> list[str]:
    out = []
    for p in [paths] if isinstance(paths, str) else list(paths):
        found = sorted(glob.glob(p)) if any(ch in p for ch in "*?[") else ([p] if os.path.exists(p) else [])
        if not found:
            raise DataError("engine_no_files", path=p)
        out += found
    return out


class SqlLog(PredictionLog):
    """A predictions log read by an SQL engine (see the module's docstring);
    an engine subclass provides :meth:`_statement` (run one, rows back),
    :meth:`_table` (keep a query's result as a table), :meth:`_numpy`
    (fetch columns as arrays), :meth:`_columns` (names and kinds of the
    source's columns), :meth:`_first_bad_row` and :meth:`q` (quote a
    name), and :meth:`product_type` (an integer type for exact sums of
    products), then calls :meth:`_open`.

    Parameters (of every engine)
    ----------------------------
    label_col, score_cols, pos_label :
        As :func:`evalcore.load_predictions`.
    round_digits : int, optional
        Round every score half up to this many decimals before anything is
        counted (reported, with each AUC's worst-case error).
    max_models : int
        At most this many score columns.
    max_distinct : int
        At most this many distinct scores per model are fetched into memory.
    progress : callable(stage, percent, model), optional
        Called now and then during a long query: ``stage`` one of
        :data:`STAGES`, ``percent`` the engine's estimate, ``model`` the
        model being aggregated (else None).
    """

    engine = "sql"

    def product_type(self, n: int) -> str:
        """An integer type in which a product of two doubled components of ``n`` rows and its sum are exact."""
        return "DECIMAL(38, 0)"

    def _setup(self, *, round_digits, max_distinct, memory, progress) -> None:
        self.round_digits = None if round_digits is None else int(round_digits)
        self._max_distinct, self.memory, self._progress = int(max_distinct), memory, progress
        self._tables: dict = {}

    # -- what an engine provides -----------------------------------------------
    def q(self, name: str) -> str:
        return '"' + str(name).replace('"', '""') + '"'

    def _statement(self, sql: str, stage: str | None = None, model: str | None = None) -> list:
        raise NotImplementedError

    def _table(self, name: str, sql: str, stage: str | None = None, model: str | None = None) -> None:
        raise NotImplementedError

    def _numpy(self, sql: str) -> dict:
        raise NotImplementedError

    def _columns(self) -> list:
        """[(name, kind)] of the source ``src``, kind "number", "bool" or "text"."""
        raise NotImplementedError

    def _first_bad_row(self, col: str, bad: str) -> tuple | None:
        """(row number, value) of the first row where ``bad`` holds, or None when the engine cannot tell."""
        return None

    # -- reading ---------------------------------------------------------------------
    def _open(self, label_col, score_cols, pos_label, max_models) -> None:
        """Choose the columns and the positive label, check the scores, and
        keep the rows used as the table ``data`` (y, s0, s1, ...)."""
        cols = self._columns()
        names = [c[0] for c in cols]
        kind = dict(cols)
        if len(names) < 2:
            raise DataError("file_too_few_columns", n=len(names))
        lab = self._label_column(names, kind, label_col)
        ids = {c for c in names if c.lower() in ID_NAMES and c != lab}
        self.warnings = [ec.LoadWarning("id_column", col=c) for c in names if c in ids]
        if score_cols is not None:
            for c in score_cols:
                if c not in names:
                    raise DataError("unknown_column", col=c, columns=names)
            models = list(score_cols)
        else:
            models = [c for c in names if c != lab and c not in ids and kind[c] == "number"]
            for c in names:                 # a mostly numeric text column has a bad cell: say where (as in memory)
                if c != lab and c not in ids and c not in models and kind[c] == "text":
                    self._check_text_scores(c)
            self.warnings += [ec.LoadWarning("ignored_column", col=c) for c in names
                              if c != lab and c not in ids and c not in models]
        if not models:
            raise DataError("no_score_column", label=lab)
        if len(models) > max_models:
            raise DataError("too_many_columns", got=len(models) + 1, limit=max_models + 1, models=max_models)
        self.models, self.label_col = models, lab
        q = self.q
        is_text = kind[lab] == "text"
        label = f"trim({q(lab)})" if is_text else q(lab)
        keep = [f"{q(lab)} IS NOT NULL"] + ([f"{label} <> ''"] if is_text else [])
        keep += [f"{q(m)} IS NOT NULL AND NOT isnan(CAST({q(m)} AS DOUBLE))" for m in models]
        where = " AND ".join(keep)
        uniq = [r[0] for r in self._statement(f"SELECT DISTINCT {label} FROM src WHERE {where} LIMIT 7", "labels")]
        pos = choose_positive(uniq, pos_label, lab)
        negs = [v for v in uniq if v != pos]
        if len(negs) > 1:
            self.warnings.append(ec.LoadWarning("one_vs_rest", k=len(uniq), pos=pos))
        self.pos_label, self.neg_label = pos, negs[0] if len(negs) == 1 else "rest"
        self._check_finite(models)
        select = ", ".join([f"({label} = {sql_literal(pos)}) AS y"]
                           + [f"{self._score_expr(m)} AS s{i}" for i, m in enumerate(models)])
        self._table("data", f"SELECT {select} FROM src WHERE {where}", "reading")
        total = int(self._statement("SELECT count(*) FROM src", "counting")[0][0])
        n_pos, n = (int(v) for v in self._statement("SELECT count(*) FILTER (WHERE y), count(*) FROM data")[0])
        self.n_pos, self.n_neg, self.rows_read = n_pos, n - n_pos, total
        if total > n:
            self.warnings.append(ec.LoadWarning("dropped_rows", n=total - n))
        if n == 0:
            raise DataError("file_no_rows")
        if self.n_pos == 0 or self.n_neg == 0:
            raise DataError("one_class", name=ec.Bi(f"label column {lab!r}", f"标签列 {lab!r}"),
                            n_pos=self.n_pos, n_neg=self.n_neg)

    def _score_expr(self, model: str) -> str:
        s = f"CAST({self.q(model)} AS DOUBLE)"
        if self.round_digits is None:
            return s
        f = repr(10.0 ** self.round_digits)       # floor(s * 10^d + 0.5) / 10^d: the same IEEE steps as numpy
        return f"CAST(floor({s} * {f} + 0.5) AS DOUBLE) / {f}"

    def _label_column(self, names, kind, label_col) -> str:
        if label_col is not None:
            if label_col not in names:
                raise DataError("unknown_column", col=label_col, columns=names)
            return label_col
        named = find_column(names, LABEL_NAMES)
        if named is not None:
            return named
        text = [c for c in names if kind[c] != "number" and c.lower() not in ID_NAMES]
        if len(text) == 1:
            return text[0]
        raise DataError("no_label_column", columns=names)

    def _check_text_scores(self, col: str) -> None:
        v = f"trim({self.q(col)})"
        present, numeric = self._statement(f"SELECT count(*) FILTER (WHERE {v} <> ''), "
                                           f"count(TRY_CAST({v} AS DOUBLE)) FROM src", "checking")[0]
        if numeric > present / 2:
            self._bad_score(col, f"{v} <> '' AND TRY_CAST({v} AS DOUBLE) IS NULL")

    def _check_finite(self, models) -> None:
        infinite = " OR ".join(_infinite(f"CAST({self.q(m)} AS DOUBLE)") for m in models)
        if not self._statement(f"SELECT count(*) FROM src WHERE {infinite}", "checking")[0][0]:
            return
        for m in models:                    # only on this error path: which row
            self._bad_score(m, _infinite(f"CAST({self.q(m)} AS DOUBLE)"))

    def _bad_score(self, col: str, bad: str) -> None:
        """Raise the loader's ``bad_score_value`` for the first row where ``bad`` holds."""
        found = self._first_bad_row(col, bad)
        if found is not None:
            n, value = found
            raise DataError("bad_score_value", col=col, row=int(n), line=int(n) + 1, value=str(value)[:40])
        rows = self._statement(f"SELECT {self.q(col)} FROM src WHERE {bad} LIMIT 1")
        if rows:
            raise DataError("engine_bad_score_somewhere", col=col, value=str(rows[0][0])[:40])

    # -- what the report reads -------------------------------------------------
    def table(self, model: str, *, flipped: bool = False) -> ec.ScoreTable:
        if model not in self._tables:
            i = self.models.index(model)
            self._table(f"t{i}", f"SELECT score, pos, n - pos AS neg FROM (SELECT s{i} AS score, "
                                 f"sum(CAST(y AS BIGINT)) AS pos, count(*) AS n FROM data GROUP BY s{i}) g",
                        "aggregating", model)
            n = int(self._statement(f"SELECT count(*) FROM t{i}")[0][0])
            if n > self._max_distinct:
                raise DataError("engine_too_many_distinct", model=model, n=n, limit=self._max_distinct,
                                memory=self.memory)
            a = self._numpy(f"SELECT score, pos, neg FROM t{i} ORDER BY score")
            self._tables[model] = ec.ScoreTable(*(read_only(np.asarray(a[k], dtype=t)) for k, t in
                                                  (("score", np.float64), ("pos", np.int64), ("neg", np.int64))))
        t = self._tables[model]
        return t.flipped() if flipped else t

    def pair_sums(self, models, tables, thresholds, flipped) -> ec.PairSums:
        """The doubled components per distinct score as tables ``p0, p1, ...``
        (window sums over each model's table), joined to every row once."""
        k = len(models)
        idx = [self.models.index(m) for m in models]
        for j, (i, m) in enumerate(zip(idx, models)):
            score = "-score" if m in flipped else "score"
            self._table(f"p{j}", (
                f"SELECT score, CAST(2 * coalesce(sum(neg) OVER w_below, 0) + neg AS BIGINT) AS p10, "
                f"CAST(2 * ({self.n_pos} - sum(pos) OVER w_upto) + pos AS BIGINT) AS p01 "
                f"FROM (SELECT {score} AS score, pos, neg FROM t{i}) t "
                f"WINDOW w_below AS (ORDER BY score ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), "
                f"w_upto AS (ORDER BY score ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)"))
        s = [f"{'-' if m in flipped else ''}d.s{i}" for i, m in zip(idx, models)]
        # One component per row (p10 for a positive, p01 for a negative), then plain sums grouped by
        # the label: two groups, no filtered aggregates.  Products in the engine's product type
        # (BIGINT while 4 n^2 fits; sums of BIGINT are exact past it in DuckDB, DECIMAL in Spark).
        big = self.product_type(self.n_pos + self.n_neg)
        comp = [f"CASE WHEN d.y THEN p{a}.p10 ELSE p{a}.p01 END" for a in range(k)]
        right = [f"CAST((({s[a]} >= {float(thresholds[a])!r}) = d.y) AS INTEGER)" for a in range(k)]
        terms = [f"sum(CAST(c{a} AS {big}) * c{b})" for a in range(k) for b in range(a + 1, k)]
        terms += [f"sum(CAST(r{b} > r{a} AS INTEGER)), sum(CAST(r{a} > r{b} AS INTEGER))"
                  for a in range(k) for b in range(a + 1, k)]
        inner = ", ".join([f"{c} AS c{a}" for a, c in enumerate(comp)] + [f"{r} AS r{a}" for a, r in enumerate(right)]
                          + ["d.y AS y"])
        joins = " ".join(f"JOIN p{a} ON {s[a]} = p{a}.score" for a in range(k))
        rows = {bool(r[0]): r[1:] for r in self._statement(
            f"SELECT y, {', '.join(terms) or 'count(*)'} FROM (SELECT {inner} FROM data d {joins}) GROUP BY y",
            "pairing")} if k > 1 else {}
        pos_sum, neg_sum = [0] * k, [0] * k
        pos_cross = [[0] * k for _ in range(k)]
        neg_cross = [[0] * k for _ in range(k)]
        for a, table in enumerate(tables):           # one model's own sums come from its table alone
            pos_sum[a], pos_cross[a][a], neg_sum[a], neg_cross[a][a] = table.placement_sums()
        pos_vals = iter(int(v or 0) for v in rows.get(True, ()))
        neg_vals = iter(int(v or 0) for v in rows.get(False, ()))
        for a in range(k):
            for b in range(a + 1, k):
                pos_cross[a][b] = pos_cross[b][a] = next(pos_vals, 0)
                neg_cross[a][b] = neg_cross[b][a] = next(neg_vals, 0)
        mcn = {}
        for a in range(k):
            for b in range(a + 1, k):
                mcn[a, b] = (next(pos_vals, 0) + next(neg_vals, 0), next(pos_vals, 0) + next(neg_vals, 0))
        return ec.PairSums(tuple(pos_sum), tuple(neg_sum), tuple(map(tuple, pos_cross)),
                           tuple(map(tuple, neg_cross)), mcn)

    def _watch(self, run, stage: str | None, model: str | None, progress_of):
        """``run()`` while a thread reports ``progress_of()`` (a per cent, or < 0) every 2 s."""
        if self._progress is None or stage is None:
            return run()
        done = threading.Event()

        def watch():
            last = 0.0
            while not done.wait(0.5):
                pct = progress_of()
                if pct is not None and pct >= 0 and time.monotonic() - last >= 2.0:
                    self._progress(stage, pct, model)
                    last = time.monotonic()

        t = threading.Thread(target=watch, daemon=True)
        t.start()
        try:
            return run()
        finally:
            done.set()
            t.join()

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def sql_literal(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return repr(v)
    return "'" + str(v).replace("'", "''") + "'"


def _infinite(x: str) -> str:
    """``x`` is ±inf, in SQL both engines read (Spark has no ``isinf``)."""
    return f"(abs({x}) = CAST('Infinity' AS DOUBLE))"


def max_distinct(memory: int, models: int) -> int:
    """How many distinct scores per model fit in ``memory`` bytes after the aggregation."""
    return memory // (BYTES_PER_DISTINCT * max(models, 1))


def __getattr__(name):               # the engines import their packages only when used
    if name == "DuckDBLog":
        from .duck import DuckDBLog

        return DuckDBLog
    if name == "SparkLog":
        from .spark import SparkLog

        return SparkLog
    raise AttributeError(name)


__all__ = ["SqlLog", "DuckDBLog", "SparkLog", "memory_bytes", "max_distinct", "files_of", "sql_literal", "STAGES",
           "DEFAULT_MEMORY"]
