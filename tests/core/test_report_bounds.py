"""The report's command line has the app's bounds (issue 37, item 8): at
most ``MAX_MODELS`` models and ``MAX_ROWS`` rows (2,000 rows x 3,000 models
ran past 120 s), a cost 0 or within [``COST_MIN``, ``COST_MAX``] (the app
clamps a link's ``1e-320``; the command line gave 1.59e-321); each a
message in ``--lang`` and exit status 2.  One value of each for the app and
the command line (``evalcore._bounds``, read by ``ui.protect.limits``)."""
import subprocess
import sys
from pathlib import Path

import pytest

from evalcore import _bounds
from evalcore.report import __main__ as cli

ROOT = Path(__file__).resolve().parents[2]


def _run(capsys, *args):
    code = cli.main([*map(str, args)])
    return code, capsys.readouterr().err


@pytest.fixture
def good(tmp_path):
    f = tmp_path / "p.csv"
    f.write_text("y,a\n1,0.9\n0,0.1\n1,0.7\n0,0.4\n", encoding="utf-8")
    return f


def test_more_models_than_the_app_takes_are_refused(tmp_path, capsys):
    f = tmp_path / "wide.csv"
    k = 3_000
    f.write_text("y," + ",".join(f"m{j}" for j in range(k)) + "\n"
                 + "".join(f"{i % 2}," + ",".join(["0.5"] * k) + "\n" for i in range(20)), encoding="utf-8")
    for lang, words in (("en", "at most 11"), ("zh", "最多接受 11")):
        code, err = _run(capsys, f, "--format", "json", "--lang", lang)
        assert code == 2 and words in err and f"{k + 1:,}" in err and "Traceback" not in err


def test_more_rows_than_the_app_takes_are_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(cli, "MAX_ROWS", 3)
    f = tmp_path / "long.csv"
    f.write_bytes(b"y,a\r1,0.9\r0,0.1\r1,0.7\r0,0.4\r")         # bare CR rows count too
    code, err = _run(capsys, f, "--format", "json", "--engine", "memory")
    assert code == 2 and "4 data rows" in err and "at most 3" in err and "--engine duckdb" in err


def test_more_rows_than_memory_takes_go_out_of_core_when_the_engine_is_left_to_auto(tmp_path, capsys, monkeypatch):
    pytest.importorskip("duckdb")
    monkeypatch.setattr(cli, "MAX_ROWS", 3)
    f = tmp_path / "long.csv"
    f.write_bytes(b"y,a\r1,0.9\r0,0.1\r1,0.7\r0,0.4\r")
    out = tmp_path / "r.json"
    code, err = _run(capsys, f, "--format", "json", "-o", out)
    import json

    numbers = json.loads(out.read_text(encoding="utf-8"))
    assert code == 0 and "DuckDB" in err and numbers["data"]["rows"] == 4 and numbers["settings"]["engine"] == "duckdb"


@pytest.mark.parametrize("costs", ["1e-320,1", "1,1e308", "1e-7,1", "1,1000001"])
def test_a_cost_outside_the_apps_range_is_refused(good, capsys, costs):
    code, err = _run(capsys, good, "--format", "json", "--costs", costs)
    assert code == 2 and "between 1e-06 and 1e+06" in err
    code, err = _run(capsys, good, "--format", "json", "--costs", costs, "--lang", "zh")
    assert code == 2 and "代价" in err and "1e-06" in err


@pytest.mark.parametrize("costs", ["0,1", "1e-6,1e6", "1,5"])
def test_costs_within_the_range_are_taken(good, capsys, costs):
    assert cli.main([str(good), "--format", "json", "--costs", costs]) == 0
    capsys.readouterr()


def test_as_a_real_command(good):
    r = subprocess.run([sys.executable, "-m", "evalcore.report", str(good), "--costs", "1e-320,1e308",
                        "--format", "json"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 2 and "1e-320" in r.stderr and not r.stdout and "Traceback" not in r.stderr


def test_the_app_reads_the_same_numbers():
    from ui.protect import limits
    assert (limits.MAX_ROWS, limits.MAX_MODELS, limits.COST_MIN, limits.COST_MAX) == (
        _bounds.MAX_ROWS, _bounds.MAX_MODELS, _bounds.COST_MIN, _bounds.COST_MAX)
