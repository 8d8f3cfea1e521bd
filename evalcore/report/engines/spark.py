"""Spark: the same aggregation as a Spark job, for a log on a cluster
(``pip install pyspark``; Java 17 or newer).

``SparkLog(paths, master="local[2]")`` reads CSV or Parquet from any path
Spark reads (local files, globs, ``hdfs://``, ``s3a://`` ...), keeps the
rows used as a cached table and runs the engines' one SQL (Spark SQL):
each model's ``GROUP BY score`` and the one join that pairs the models, with
exact sums in ``DECIMAL(38, 0)``.  Unlike Spark's own
``BinaryClassificationMetrics`` nothing is binned: the numbers equal the
in-memory report's.  An existing session can be passed as ``session``
(e.g. on a cluster launched with ``spark-submit``).
"""
from __future__ import annotations

import os
import shutil
import tempfile

from ..._validation import DataError
from . import DEFAULT_MEMORY, SqlLog, max_distinct as _max_distinct, memory_bytes

_NUMBER = ("tinyint", "smallint", "int", "bigint", "float", "double", "decimal")


class SparkLog(SqlLog):
    """A predictions log read by Spark.

    Parameters
    ----------
    paths : str or list of str
        CSV or Parquet paths Spark can read (globs allowed).
    master : str
        The Spark master (default ``local[2]``); ignored with ``session``.
    session : pyspark.sql.SparkSession, optional
        A session to use (and leave running).
    memory : str
        The driver's share for the distinct scores fetched (as DuckDB's
        ``memory``; Spark's own memory is set by its configuration).
    label_col, score_cols, pos_label, round_digits, max_models, max_distinct, progress :
        See :class:`SqlLog`.
    """

    engine = "spark"

    def __init__(self, paths, *, master: str = "local[2]", session=None, label_col=None, score_cols=None,
                 pos_label=None, memory: str = DEFAULT_MEMORY, round_digits: int | None = None, max_models: int = 10,
                 max_distinct: int | None = None, progress=None):
        try:
            from pyspark.sql import SparkSession
        except ImportError:
            raise DataError("engine_missing", engine="Spark", package="pyspark") from None
        limit = memory_bytes(memory)
        self.files = [paths] if isinstance(paths, str) else list(paths)
        self.name = os.path.basename(self.files[0].rstrip("/")) + (
            f" (+{len(self.files) - 1})" if len(self.files) > 1 else "")
        self._setup(round_digits=round_digits, memory=memory, progress=progress,
                    max_distinct=max_distinct or _max_distinct(limit, max_models))
        self._own = session is None
        # Spark makes its SQL warehouse folder when a session starts, by default in the working directory;
        # nothing here is ever stored in it, so an own session's is a temporary folder, removed by close()
        self._warehouse = tempfile.mkdtemp(prefix="evalcore-spark-") if self._own else None
        self.spark = session or (SparkSession.builder.master(master).appName("evalcore-report")
                                 .config("spark.sql.warehouse.dir", self._warehouse)
                                 .config("spark.ui.enabled", "false")
                                 .config("spark.ui.showConsoleProgress", "false")
                                 .config("spark.sql.shuffle.partitions", "8")
                                 .config("spark.sql.execution.arrow.pyspark.enabled", "true")
                                 .getOrCreate())
        self._cached: list = []
        try:
            self._source()
            self._open(label_col, score_cols, pos_label, max_models)
            if not max_distinct:
                self._max_distinct = _max_distinct(limit, len(self.models))
        except BaseException:
            self.close()
            raise

    def q(self, name: str) -> str:
        return "`" + str(name).replace("`", "``") + "`"

    def _source(self) -> None:
        from pyspark.errors import AnalysisException

        reader = self.spark.read
        try:
            if all(f.lower().rstrip("/").endswith((".parquet", ".pq")) for f in self.files):
                df = reader.parquet(*self.files)
            else:
                df = reader.csv(self.files, header=True, inferSchema=True)
        except AnalysisException as err:
            if "PATH_NOT_FOUND" in str(err) or "does not exist" in str(err):
                raise DataError("engine_no_files", path=", ".join(self.files)) from None
            raise DataError("engine_error", detail=str(err).splitlines()[0][:300]) from None
        df.createOrReplaceTempView("src")

    def _columns(self) -> list:
        fields = self.spark.table("src").dtypes
        return [(c, "number" if t.startswith(_NUMBER) else "bool" if t == "boolean" else "text") for c, t in fields]

    def _statement(self, sql: str, stage: str | None = None, model: str | None = None) -> list:
        return self._watch(lambda: self._guard(lambda: [tuple(r) for r in self.spark.sql(sql).collect()]),
                           stage, model, self._percent)

    def _table(self, name: str, sql: str, stage: str | None = None, model: str | None = None) -> None:
        if name in self._cached:
            self._guard(lambda: self.spark.sql(f"UNCACHE TABLE IF EXISTS {name}"))
        self._guard(lambda: self.spark.sql(f"DROP VIEW IF EXISTS {name}"))    # a session's earlier log left it
        self._watch(lambda: self._guard(lambda: self.spark.sql(f"CACHE TABLE {name} AS {sql}")), stage, model,
                    self._percent)
        self._cached.append(name)

    def _numpy(self, sql: str) -> dict:
        frame = self._guard(lambda: self.spark.sql(sql).toPandas())
        return {c: frame[c].to_numpy() for c in frame.columns}

    def _percent(self):
        """Spark's progress: the share of the running stages' tasks done."""
        tracker = self.spark.sparkContext.statusTracker()
        done = total = 0
        for sid in tracker.getActiveStageIds():
            info = tracker.getStageInfo(sid)
            if info is not None:
                done, total = done + info.numCompletedTasks, total + info.numTasks
        return 100.0 * done / total if total else None

    @staticmethod
    def _guard(run):
        """``run()`` with Spark's errors as the engines' one sentence."""
        from pyspark.errors import PySparkException

        try:
            return run()
        except PySparkException as err:
            raise DataError("engine_error", detail=str(err).splitlines()[0][:300]) from None

    def close(self) -> None:
        # the newest first: a table is dropped before the one it reads (``t0`` reads ``data``), or Spark logs
        # a "table not found" for the view whose source is gone
        for name in reversed(self._cached):
            try:
                self.spark.sql(f"UNCACHE TABLE IF EXISTS {name}")
                self.spark.sql(f"DROP VIEW IF EXISTS {name}")      # a session passed in is left as it came
            except Exception:       # noqa: BLE001 - a stopped session has nothing cached
                pass
        if self._own:
            self.spark.stop()
            shutil.rmtree(self._warehouse, ignore_errors=True)


__all__ = ["SparkLog"]
