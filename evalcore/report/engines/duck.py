"""DuckDB: the embedded engine for a log on one machine (``pip install duckdb``).

Reads CSV or Parquet, one file, several, or a glob, within a memory limit,
spilling to a temporary folder of its own (removed on :meth:`close`).
"""
from __future__ import annotations

import os
import re
import shutil
import tempfile

from ..._validation import DataError
from . import DEFAULT_MEMORY, SqlLog, files_of, sql_literal, max_distinct as _max_distinct, memory_bytes

_NUMBER = re.compile(r"^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|FLOAT|"
                     r"DOUBLE|REAL|DECIMAL.*)$", re.I)


class DuckDBLog(SqlLog):
    """A predictions log read by DuckDB.

    Parameters
    ----------
    paths : str or list of str
        CSV (any separator DuckDB detects) or Parquet files; globs allowed.
    memory : str
        DuckDB's memory limit, e.g. ``"1GB"``; the distinct scores kept
        after the aggregation are bounded by it too (:func:`max_distinct`).
    label_col, score_cols, pos_label, round_digits, max_models, max_distinct, progress :
        See :class:`SqlLog`.

    Examples
    --------
    >>> import evalcore.report as r                                # doctest: +SKIP
    >>> with DuckDBLog("logs/*.parquet", memory="2GB") as log:      # doctest: +SKIP
    ...     numbers = r.build_report(log).numbers
    """

    engine = "duckdb"

    def product_type(self, n: int) -> str:
        # A product of two doubled components is at most (2n)^2; DuckDB sums BIGINT into HUGEINT (exact).
        return "BIGINT" if (2 * n + 1) ** 2 < 2 ** 63 else "HUGEINT"

    def __init__(self, paths, *, label_col=None, score_cols=None, pos_label=None, memory: str = DEFAULT_MEMORY,
                 round_digits: int | None = None, max_models: int = 10, max_distinct: int | None = None,
                 progress=None):
        try:
            import duckdb
        except ImportError:
            raise DataError("engine_missing", engine="DuckDB", package="duckdb") from None
        self._duckdb = duckdb
        limit = memory_bytes(memory)
        self.files = files_of(paths)
        self.name = os.path.basename(self.files[0]) + (f" (+{len(self.files) - 1})" if len(self.files) > 1 else "")
        self._setup(round_digits=round_digits, memory=memory, progress=progress,
                    max_distinct=max_distinct or _max_distinct(limit, max_models))
        self._tmp = tempfile.mkdtemp(prefix="evalcore-duckdb-")
        self.con = duckdb.connect(":memory:")
        for setting in (f"memory_limit = '{limit // 2 ** 20}MB'", f"temp_directory = '{self._tmp}'",
                        "preserve_insertion_order = false", "enable_progress_bar = true",
                        "enable_progress_bar_print = false"):
            self.con.execute(f"SET {setting}")
        try:
            self._source()
            self._open(label_col, score_cols, pos_label, max_models)
            if not max_distinct:           # the bound follows the models actually read
                self._max_distinct = _max_distinct(limit, len(self.models))
        except BaseException:
            self.close()
            raise

    def _source(self) -> None:
        files = "[" + ", ".join(sql_literal(f) for f in self.files) + "]"
        parquet = all(f.lower().endswith((".parquet", ".pq")) for f in self.files)
        read = (f"read_parquet({files}, union_by_name = true)" if parquet
                else f"read_csv({files}, header = true, union_by_name = true)")
        self._parquet = parquet
        self.con.execute(f"CREATE OR REPLACE TEMP VIEW src AS SELECT * FROM {read}")
        if not parquet:                    # yes/no labels: read as written (pandas keeps the text), not as BOOLEAN
            booleans = [c for c, kind in self._describe() if kind.upper() == "BOOLEAN"]
            if booleans:
                types = ", ".join(f"{sql_literal(c)}: 'VARCHAR'" for c in booleans)
                read = read[:-1] + f", types = {{{types}}})"
                self.con.execute(f"CREATE OR REPLACE TEMP VIEW src AS SELECT * FROM {read}")

    def _describe(self) -> list:
        return [(r[0], r[1]) for r in self._statement("DESCRIBE SELECT * FROM src", "columns")]

    def _columns(self) -> list:
        return [(c, "number" if _NUMBER.match(t) else "bool" if t.upper() == "BOOLEAN" else "text")
                for c, t in self._describe()]

    def _statement(self, sql: str, stage: str | None = None, model: str | None = None) -> list:
        return self._watch(lambda: self._execute(sql).fetchall(), stage, model, self.con.query_progress)

    def _table(self, name: str, sql: str, stage: str | None = None, model: str | None = None) -> None:
        kind = "VIEW" if name == "data" and self._parquet else "TABLE"   # a CSV is parsed once, kept (spilled)
        self._watch(lambda: self._execute(f"CREATE OR REPLACE TEMP {kind} {name} AS {sql}"), stage, model,
                    self.con.query_progress)

    def _numpy(self, sql: str) -> dict:
        return self._execute(sql).fetchnumpy()

    def _first_bad_row(self, col: str, bad: str):
        self.con.execute("SET preserve_insertion_order = true")       # file order, on this error path only
        row = self._execute(f"SELECT n, v FROM (SELECT row_number() OVER () AS n, {self.q(col)} AS v, * FROM src) "
                            f"WHERE {bad} LIMIT 1").fetchone()
        return None if row is None else (row[0], row[1])

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


def _conversion_error(msg: str) -> DataError:
    """DuckDB's words for a cell it cannot read as the loader's sentence (the row from its line number)."""
    line = re.search(r"Line: (\d+)", msg)
    col = re.search(r'column "(.+?)"', msg)
    value = re.search(r'string "(.*?)"', msg)
    if line and col:
        n = int(line[1])
        return DataError("bad_score_value", col=col[1], row=n - 1, line=n, value=(value[1] if value else "")[:40])
    return DataError("engine_error", detail=msg.splitlines()[0][:300])


__all__ = ["DuckDBLog"]
