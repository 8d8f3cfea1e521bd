"""K-class logs through the engines: the multi-class report's two
primitives in SQL, so a 10^7-row K-class log is reported in bounded memory.

Each score column is reduced with one ``GROUP BY score`` to its
:class:`evalcore.classtable.ClassTable` (rows of each class per distinct
score; exact when the scores are not rounded, ``round_digits`` as for two
classes), and one pass over the rows gives the K x K matrices (argmax and
the Bayes decision, the expected costs summed in class order as
:func:`evalcore.multiclass.expected_costs`), the rank of the true class,
the top label's confidence, and the per-class sums of the averaged AUCs'
interval terms (the term tables computed from the column tables are
joined to the rows, :func:`evalcore.classtable.row_numbers` in SQL).
:class:`DuckDBMultiLog` and :class:`SparkMultiLog` are the two engines
reading such a log; columns and labels are chosen as
:func:`evalcore.load_multiclass` chooses them.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

import evalcore as ec
from evalcore import classtable as ct

from ..._bounds import MAX_CLASSES
from ..._validation import DataError, read_only
from ...loading import ID_NAMES, LABEL_NAMES, find_column
from ...loading_multiclass import class_name, score_columns
from ...multiclass import PROBABILITY_TOLERANCE      # rows summing to 1 within this are probabilities
from ..multiclass import MultiClassLog
from . import sql_literal


def _dbl(x: float) -> str:
    """A float64 literal both engines read exactly (a decimal literal cast to DOUBLE is the nearest double)."""
    return f"CAST({float(x)!r} AS DOUBLE)"


def _first(exprs, target: str) -> str:
    """The index of the first of ``exprs`` equal to ``target`` (numpy's argmax/argmin on a tie)."""
    return "CASE " + " ".join(f"WHEN {e} = {target} THEN {i}" for i, e in enumerate(exprs)) + " END"


class SqlMultiClass(MultiClassLog):
    """The multi-class part shared by the engines (mixed in before an
    engine's class; it replaces the two-class ``_open``)."""

    max_classes = MAX_CLASSES

    def _open(self, label_col, score_cols, pos_label, max_models) -> None:
        cols = self._columns()
        names = [c[0] for c in cols]
        kind = dict(cols)
        lab = label_col if label_col in names else find_column(names, LABEL_NAMES)
        if lab is None:
            raise DataError("mc_no_label_column", columns=names)
        others = [c for c in names if c != lab and c.strip().lower() not in ID_NAMES]
        self.warnings = [ec.LoadWarning("id_column", col=c) for c in names
                         if c != lab and c.strip().lower() in ID_NAMES]
        classes, groups = score_columns(others, max_classes=self.max_classes)
        if len(groups) > max_models:
            raise DataError("too_many_columns", got=len(names), limit=max_models * len(classes) + 1,
                            models=max_models)
        for c in others:
            if kind[c] != "number":
                self._bad_score(c, f"trim({self.q(c)}) <> '' AND TRY_CAST(trim({self.q(c)}) AS DOUBLE) IS NULL")
                raise DataError("engine_bad_score_somewhere", col=c, value=kind[c])
        self.classes, self.models, self.label_col = classes, list(groups), lab
        self._columns_of = {m: [by[k] for k in classes] for m, by in groups.items()}
        q = self.q
        is_text = kind[lab] == "text"
        label = f"trim({q(lab)})" if is_text else q(lab)
        keep = [f"{q(lab)} IS NOT NULL"] + ([f"{label} <> ''"] if is_text else [])
        keep += [f"{q(c)} IS NOT NULL AND NOT isnan(CAST({q(c)} AS DOUBLE))" for c in others]
        where = " AND ".join(keep)
        values = [r[0] for r in self._statement(
            f"SELECT DISTINCT {label} FROM src WHERE {where} LIMIT {len(classes) + 6}", "labels")]
        index = {k: i for i, k in enumerate(classes)}
        unknown = sorted({class_name(v) for v in values} - set(index))
        if unknown:
            raise DataError("mc_label_without_column", labels=unknown[:5], col=lab, classes=classes)
        self._check_finite(others)
        y = "CASE " + " ".join(f"WHEN {label} = {sql_literal(v)} THEN {index[class_name(v)]}" for v in values) + " END"
        select = [f"{y} AS y"] + [f"{self._score_expr(c)} AS s{i}_{j}" for i, m in enumerate(self.models)
                                   for j, c in enumerate(self._columns_of[m])]
        self._table("data", f"SELECT {', '.join(select)} FROM src WHERE {where}", "reading")
        total = int(self._statement("SELECT count(*) FROM src", "counting")[0][0])
        sizes = dict(self._statement("SELECT y, count(*) FROM data GROUP BY y"))
        self.sizes = np.array([int(sizes.get(i, 0)) for i in range(len(classes))], dtype=np.int64)
        n = int(self.sizes.sum())
        self.rows_read = total
        if total > n:
            self.warnings.append(ec.LoadWarning("dropped_rows", n=total - n))
        if n == 0:
            raise DataError("file_no_rows")
        missing = [classes[i] for i in range(len(classes)) if not self.sizes[i]]
        if missing:
            self.warnings.append(ec.LoadWarning("class_without_samples", classes=missing))
        self.probabilities = {}
        for i, m in enumerate(self.models):
            s = [f"s{i}_{j}" for j in range(len(classes))]
            bad = (f"SELECT count(*) FROM data WHERE least({', '.join(s)}) < 0 OR "
                   f"abs(({' + '.join(s)}) - 1) > {PROBABILITY_TOLERANCE!r}")
            self.probabilities[m] = int(self._statement(bad, "checking")[0][0]) == 0
            if not self.probabilities[m]:
                self.warnings.append(ec.LoadWarning("not_probabilities", model=m))

    def _cols(self, model: str) -> list:
        i = self.models.index(model)
        return [f"s{i}_{j}" for j in range(len(self.classes))]

    def tables(self, model: str) -> list:
        k = len(self.classes)
        counts = ", ".join(f"sum(CASE WHEN y = {c} THEN 1 ELSE 0 END) AS c{c}" for c in range(k))
        out = []
        for j, col in enumerate(self._cols(model)):
            name = f"mt_{col}"
            self._table(name, f"SELECT {col} AS score, {counts} FROM data GROUP BY {col}", "aggregating", model)
            n = int(self._statement(f"SELECT count(*) FROM {name}")[0][0])
            if n > self._max_distinct // k:
                raise DataError("engine_too_many_distinct", model=f"{model}:{self.classes[j]}", n=n,
                                limit=self._max_distinct // k, memory=self.memory)
            a = self._numpy(f"SELECT * FROM {name} ORDER BY score")
            counts_arr = np.column_stack([np.asarray(a[f"c{c}"], dtype=np.int64) for c in range(k)])
            out.append(ct.ClassTable(read_only(np.asarray(a["score"], dtype=np.float64)), read_only(counts_arr)))
        return out

    def rows(self, model: str, tables, *, cost=None, top_label: bool = False) -> ct.RowNumbers:
        k = len(self.classes)
        s = self._cols(model)
        mx = f"greatest({', '.join(s)})"
        inner = [f"y, {', '.join(s)}, {mx} AS mx",
                 "CASE y " + " ".join(f"WHEN {c} THEN {s[c]}" for c in range(k)) + " END AS t"]
        e = []
        if cost is not None:
            e = [" + ".join(f"{s[i]} * {_dbl(cost[i][j])}" for i in range(k)) for j in range(k)]
            inner += [f"{x} AS e{j}" for j, x in enumerate(e)] + [f"least({', '.join(f'e{j}' for j in range(k))}) "
                                                                  f"AS emin"]
        am = _first(s, "mx")
        mid = [f"y, {am} AS am", " + ".join(f"CAST({x} > t AS INTEGER)" for x in s) + " AS g",
               " + ".join(f"CAST({x} = t AS INTEGER)" for x in s) + " - 1 AS e"]
        if cost is not None:
            mid += [f"{_first([f'e{j}' for j in range(k)], 'emin')} AS bd",
                    "CASE " + " ".join(f"WHEN {x} = mx THEN e{i}" for i, x in enumerate(s)) + " END AS cam",
                    "emin AS cbd"]
        keys = "y, am, g, e" + (", bd" if cost is not None else "")
        sums = ", sum(cam) AS cam, sum(cbd) AS cbd" if cost is not None else ""
        inner_sql = f"SELECT {', '.join(inner)} FROM data"
        got = self._numpy(f"SELECT {keys}, count(*) AS n{sums} FROM (SELECT {', '.join(mid)} FROM ({inner_sql}) a) "
                          f"b GROUP BY {keys}")
        yy, pred, cnt = (np.asarray(got[x], dtype=np.int64) for x in ("y", "am", "n"))
        confusion = {"argmax": _matrix(yy, pred, cnt, k)}
        cost_sum = {}
        if cost is not None:
            confusion["bayes"] = _matrix(yy, np.asarray(got["bd"], dtype=np.int64), cnt, k)
            cost_sum = {"argmax": float(np.sum(np.asarray(got["cam"], dtype=np.float64))),
                        "bayes": float(np.sum(np.asarray(got["cbd"], dtype=np.float64)))}
        g, eq = np.asarray(got["g"], dtype=np.int64), np.asarray(got["e"], dtype=np.int64)
        key, inv = np.unique(g * (k + 1) + eq, return_inverse=True)
        ranks = (key // (k + 1), key % (k + 1), np.bincount(inv, weights=cnt).astype(np.int64))
        tl = None
        if top_label:
            a = self._numpy(f"SELECT mx AS score, sum(CASE WHEN am = y THEN 1 ELSE 0 END) AS pos, count(*) AS n "
                            f"FROM (SELECT y, mx, {am} AS am FROM ({inner_sql}) a) b GROUP BY mx ORDER BY mx")
            pos = np.asarray(a["pos"], dtype=np.int64)
            tl = ec.ScoreTable(read_only(np.asarray(a["score"], dtype=np.float64)), read_only(pos),
                               read_only(np.asarray(a["n"], dtype=np.int64) - pos))
        return ct.RowNumbers(confusion, cost_sum, ranks, tl, self._interval_sums(model, tables))

    def _interval_sums(self, model: str, tables) -> dict:
        """The per-class sums of the averaged AUCs' row terms: the term
        tables (:func:`evalcore.classtable.term_tables`) uploaded, one join
        per column, each row's terms summed in column order as
        :func:`evalcore.classtable.row_numbers` sums them."""
        k = len(self.classes)
        s = self._cols(model)
        terms, factor = ct.term_tables(tables)
        names = [f"{a}_{side}" for a in ct.AVERAGES for side in ("pos", "neg")]
        for c in range(k):
            self._upload(f"pl{c}", {"score": tables[c].score, **{x: terms[c][:, i] for i, x in enumerate(names)}})
        fy = "CASE d.y " + " ".join(f"WHEN {c} THEN {_dbl(factor[c])}" for c in range(k)) + " END"
        x = {name: [f"CASE WHEN d.y = {c} THEN p{c}.{name}_pos ELSE p{c}.{name}_neg"
                    + (" * fy" if name == "hand_till" else "") + " END" for c in range(k)] for name in ct.AVERAGES}
        joins = " ".join(f"JOIN pl{c} p{c} ON d.{s[c]} = p{c}.score" for c in range(k))
        terms_sql = ", ".join(f"{' + '.join(x[name])} AS x_{name}" for name in ct.AVERAGES)
        aggs = ", ".join(f"sum(x_{name}) AS a_{name}, sum(x_{name} * x_{name}) AS b_{name}" for name in ct.AVERAGES)
        rows = f"(SELECT d.*, {fy} AS fy FROM data d) d"
        got = self._numpy(f"SELECT y, {aggs} FROM (SELECT d.y, {terms_sql} FROM {rows} {joins}) r GROUP BY y")
        yy = np.asarray(got["y"], dtype=np.int64)
        out = {}
        for name in ct.AVERAGES:
            arr = np.zeros((k, 2))
            arr[yy, 0] = np.asarray(got[f"a_{name}"], dtype=np.float64)
            arr[yy, 1] = np.asarray(got[f"b_{name}"], dtype=np.float64)
            out[name] = arr
        return out


def _matrix(y, pred, count, k: int) -> np.ndarray:
    return np.bincount(y * k + pred, weights=count, minlength=k * k).reshape(k, k).astype(np.int64)


@lru_cache(maxsize=1)
def _duckdb_log():
    from .duck import DuckDBLog

    class DuckDBMultiLog(SqlMultiClass, DuckDBLog):
        """A K-class log read by DuckDB (as :class:`evalcore.report.engines.DuckDBLog`)."""

        def _upload(self, name: str, columns: dict) -> None:
            import pandas as pd

            self.con.register(f"{name}_frame", pd.DataFrame(columns))
            self._execute(f"CREATE OR REPLACE TEMP TABLE {name} AS SELECT * FROM {name}_frame")
            self.con.unregister(f"{name}_frame")

    return DuckDBMultiLog


@lru_cache(maxsize=1)
def _spark_log():
    from .spark import SparkLog

    class SparkMultiLog(SqlMultiClass, SparkLog):
        """A K-class log read by Spark (as :class:`evalcore.report.engines.SparkLog`)."""

        def _upload(self, name: str, columns: dict) -> None:
            import pandas as pd

            frame = self._guard(lambda: self.spark.createDataFrame(pd.DataFrame(columns)))
            frame.createOrReplaceTempView(name)

    return SparkMultiLog


def __getattr__(name):               # the engines import their packages only when used
    if name == "DuckDBMultiLog":
        return _duckdb_log()
    if name == "SparkMultiLog":
        return _spark_log()
    raise AttributeError(name)


__all__ = ["SqlMultiClass"]          # and DuckDBMultiLog, SparkMultiLog (module __getattr__)
