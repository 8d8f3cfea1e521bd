"""The report's Spark engine in local mode: the same numbers as the
in-memory report's, two classes and K classes (a JVM starts: marked
``system``; runs where pyspark and Java 17+ are installed -- ``.ci/run``
installs requirements-spark.txt).  One session, ``local[1]``, for the whole
module (its tests run together on one process); the command line, which
stops the session it used, comes last.  One case a day (see ``CASES``)."""
import datetime
import json
import os
import shutil

import pytest

import evalcore as ec
from evalcore.report import build_report
from evalcore.report.__main__ import main
from evalcore.report.multiclass import build_multiclass_report

pytest.importorskip("pyspark")
pytestmark = [pytest.mark.system,
              pytest.mark.skipif(shutil.which("java") is None, reason="Spark needs Java")]

from test_report_engines import _rows, _same, _without_engine, _write_csv  # noqa: E402
from test_report_multiclass import COST, _data, write_csv  # noqa: E402
from test_report_multiclass_engines import without_engine  # noqa: E402


# A small JVM for tiny data: the client compiler only and one GC thread (the JIT's and GC's threads, not the
# queries, were most of the CPU the module took on 2 cores)
JVM_OPTIONS = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xss4m"


@pytest.fixture(scope="module")
def spark(tmp_path_factory):
    from pyspark.sql import SparkSession

    s = (SparkSession.builder.master("local[1]").appName("evalcore-tests").config("spark.ui.enabled", "false")
         .config("spark.sql.warehouse.dir", str(tmp_path_factory.mktemp("warehouse")))    # not the working folder
         .config("spark.ui.showConsoleProgress", "false").config("spark.sql.shuffle.partitions", "1")
         .config("spark.default.parallelism", "1")
         .config("spark.driver.extraJavaOptions", JVM_OPTIONS)
         .getOrCreate())
    yield s
    s.stop()


# Each of the three cases below is a whole report through the JVM (13-20 s on 2 cores, the most of any test
# in the suite): one a day, in turn, for the whole suite's four minutes; LAB_SWEEP=all runs the three, the
# command line last (it stops the session), as the browser tests' sweeps do.
SWEEP = os.environ.get("LAB_SWEEP", str(datetime.date.today().toordinal()))
CASES = ["two classes", "K classes", "command line"]


@pytest.mark.parametrize("case", CASES if SWEEP == "all" else [CASES[int(SWEEP) % 3]])
def test_spark_gives_the_in_memory_numbers(tmp_path, request, spark, case):
    if case == "command line":       # its stderr captured for this case alone (pyspark's logging keeps the stream
        command_line(tmp_path, request.getfixturevalue("capsys"), spark)   # it first wrote to)
    else:
        (two_classes if case == "two classes" else k_classes)(tmp_path, spark)


def two_classes(tmp_path, spark):
    """Two classes, a blank cell dropped, and a rounded log's AUC within its stated rounding error."""
    from evalcore.report.engines import SparkLog

    y, a, b, c = _rows(11, 2000)
    _write_csv(tmp_path / "p.csv", y, {"a": a, "b": b, "c": c}, blanks={(3, "b")})
    settings = dict(thresholds={"a": 0.45}, cost01=1.0, cost10=4.0)
    mem = build_report(ec.load_predictions(tmp_path / "p.csv"), **settings)
    with SparkLog(str(tmp_path / "p.csv"), session=spark) as log:
        big = build_report(log, **settings)
    assert big.numbers["settings"]["engine"] == "spark" and big.numbers["data"]["dropped_rows"] == 1
    _same(_without_engine(mem.numbers), _without_engine(big.numbers))
    with SparkLog(str(tmp_path / "p.csv"), session=spark, round_digits=3, score_cols=["a"]) as log:
        rounded = build_report(log, thresholds={"a": 0.45})          # a second log in the same session
    for m, exact in zip(rounded.numbers["models"], mem.numbers["models"][:1]):
        assert abs(m["auc"] - exact["auc"]) <= m["auc_rounding_error"]


def k_classes(tmp_path, spark):
    """K classes, a blank cell dropped, scores that are not probabilities."""
    from evalcore.report.engines.multiclass import SparkMultiLog

    y, models = _data(12, 600)
    models["tree"] = models["tree"] * 2                     # not probabilities
    write_csv(tmp_path / "p.csv", y, models, blanks={(5, "lr")})
    mem = build_multiclass_report(ec.load_multiclass(tmp_path / "p.csv"), cost=COST)
    with SparkMultiLog(str(tmp_path / "p.csv"), session=spark) as log:
        big = build_multiclass_report(log, cost=COST)
    assert big.numbers["settings"]["engine"] == "spark" and big.numbers["data"]["dropped_rows"] == 1
    _same(without_engine(mem.numbers), without_engine(big.numbers))


def command_line(tmp_path, capsys, spark):
    """A bad cell refused in the user's words, then the command line's JSON equal to the in-memory one's, from a
    session of its own: nothing left in the working folder (Spark's default warehouse folder), no error logged
    by Spark on the way (its log of a query on a dropped view, when the report's tables were dropped in the
    order they were made)."""
    from evalcore.report.engines import SparkLog

    y, a, b, c = _rows(13, 500)
    _write_csv(tmp_path / "p.csv", y, {"a": a, "b": b, "c": c})
    with open(tmp_path / "bad.csv", "w", encoding="utf-8") as f:
        f.write((tmp_path / "p.csv").read_text(encoding="utf-8") + "9999,是,0.5,oops,0.1\n")
    with pytest.raises(ec.DataError, match="'oops'"):
        SparkLog(str(tmp_path / "bad.csv"), session=spark)
    assert main([str(tmp_path / "p.csv"), "--engine", "memory", "--format", "json", "-o",
                 str(tmp_path / "m.json")]) == 0
    spark.stop()                               # the command line's own session (the JVM stays)
    work = tmp_path / "work"
    work.mkdir()
    here = os.getcwd()
    os.chdir(work)
    try:
        assert main([str(tmp_path / "p.csv"), "--engine", "spark", "--master", "local[1]", "--format", "json",
                     "--lang", "zh", "-o", str(tmp_path / "s.json")]) == 0
    finally:
        os.chdir(here)
    mem, got = (json.loads((tmp_path / f).read_text(encoding="utf-8")) for f in ("m.json", "s.json"))
    mem["report"]["lang"] = "zh"
    _same(_without_engine(mem), _without_engine(got))
    err = capsys.readouterr().err
    assert "Traceback" not in err and "ERROR" not in err and "NOT_FOUND" not in err
    assert list(work.iterdir()) == []
