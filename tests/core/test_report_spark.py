"""The report's Spark engine in local mode: the same numbers as DuckDB's and
the in-memory report's (a JVM starts: marked ``system``; runs where pyspark
and Java 17+ are installed, see README)."""
import json
import shutil

import numpy as np
import pytest

import evalcore as ec
from evalcore.report import build_report
from evalcore.report.__main__ import main

pytest.importorskip("pyspark")
pytestmark = [pytest.mark.system, pytest.mark.skipif(shutil.which("java") is None, reason="Spark needs Java")]

from test_report_engines import _rows, _same, _without_engine, _write_csv  # noqa: E402


def test_spark_gives_the_in_memory_numbers_through_the_command_line(tmp_path, capsys):
    y, a, b, c = _rows(11, 2000)
    _write_csv(tmp_path / "p.csv", y, {"a": a, "b": b, "c": c}, blanks={(3, "b")})
    args = ["--format", "json", "--costs", "1,4", "--threshold", "a=0.45", "--lang", "zh"]
    assert main([str(tmp_path / "p.csv"), "--engine", "memory", "-o", str(tmp_path / "m.json"), *args]) == 0
    assert main([str(tmp_path / "p.csv"), "--engine", "spark", "--master", "local[1]", "--round-digits", "3",
                 "-o", str(tmp_path / "r.json"), *args]) == 0
    assert main([str(tmp_path / "p.csv"), "--engine", "spark", "--master", "local[1]",
                 "-o", str(tmp_path / "s.json"), *args]) == 0
    mem, spark = (json.loads((tmp_path / f).read_text(encoding="utf-8")) for f in ("m.json", "s.json"))
    assert spark["settings"]["engine"] == "spark" and spark["data"]["dropped_rows"] == 1
    _same(_without_engine(mem), _without_engine(spark))
    rounded = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    for m, exact in zip(rounded["models"], mem["models"]):
        assert abs(m["auc"] - exact["auc"]) <= m["auc_rounding_error"]
    assert "第" not in capsys.readouterr().err          # no error line
    with open(tmp_path / "p.csv", "a", encoding="utf-8") as f:
        f.write("9999,是,0.5,oops,0.1\n")
    assert main([str(tmp_path / "p.csv"), "--engine", "spark", "--master", "local[1]", "-o",
                 str(tmp_path / "bad.json")]) == 1
    assert "'oops'" in capsys.readouterr().err and not (tmp_path / "bad.json").exists()
    _ = (np, ec, build_report)
