"""A K-class log read out of core (DuckDB): the same numbers as in memory
(to 1e-12), rounding stated with its bound, bad input as in memory."""
import json

import numpy as np
import pytest

import evalcore as ec
from evalcore.report.__main__ import main
from evalcore.report.multiclass import build_multiclass_report

duckdb = pytest.importorskip("duckdb")
from evalcore.report.engines.multiclass import DuckDBMultiLog  # noqa: E402
from test_report_engines import _same  # noqa: E402
from test_report_multiclass import CLASSES, COST, _data, write_csv  # noqa: E402


def without_engine(numbers):
    n = json.loads(json.dumps(numbers))
    n["settings"].pop("engine")
    n["report"].pop("created")
    n["data"].pop("name")
    return n


def _rounded(models, digits=3):
    out = {}
    for m, p in models.items():
        q = np.round(p, digits)
        q[:, -1] = 1 - q[:, :-1].sum(axis=1)          # ties, still probabilities
        out[m] = q
    return out


def test_duckdb_equals_the_in_memory_report(tmp_path):
    y, models = _data(5, 1500)
    models = _rounded(models)
    models["tree"] = models["tree"] * 2                # not probabilities: no Bayes decision, no log loss
    write_csv(tmp_path / "p.csv", y, models, blanks={(7, "lr"), (30, "tree")})
    mem = build_multiclass_report(ec.load_multiclass(tmp_path / "p.csv"), cost=COST)
    with DuckDBMultiLog(str(tmp_path / "p.csv")) as log:
        assert log.classes == CLASSES and log.probabilities == {"lr": True, "tree": False}
        big = build_multiclass_report(log, cost=COST)
    assert big.numbers["settings"]["engine"] == "duckdb" and big.numbers["data"]["dropped_rows"] == 2
    _same(without_engine(mem.numbers), without_engine(big.numbers))


def test_probabilities_rounded_in_the_file_are_probabilities_for_duckdb_too(tmp_path):
    """Rows rounded to three decimals (0.999-1.001, not put right by the last column): probabilities for
    both the in-memory loader and DuckDB (the same ``ec.PROBABILITY_TOLERANCE``), the same report."""
    y, models = _data(7, 900)
    models = {m: np.round(p, 3) for m, p in models.items()}
    assert not all(np.allclose(p.sum(axis=1), 1, atol=1e-6, rtol=0) for p in models.values())
    write_csv(tmp_path / "p.csv", y, models)
    mem = build_multiclass_report(ec.load_multiclass(tmp_path / "p.csv"), cost=COST)
    with DuckDBMultiLog(str(tmp_path / "p.csv")) as log:
        assert set(log.probabilities.values()) == {True}
        big = build_multiclass_report(log, cost=COST)
    _same(without_engine(mem.numbers), without_engine(big.numbers))


def test_parquet_glob_and_rounded_scores_state_their_bound(tmp_path):
    import pandas as pd

    y, models = _data(6, 1200)
    frame = pd.DataFrame({"label": [CLASSES[i] for i in y],
                          **{f"{m}:{c}": models[m][:, j] for m in models for j, c in enumerate(CLASSES)}})
    frame.iloc[:600].to_parquet(tmp_path / "a.parquet")
    frame.iloc[600:].to_parquet(tmp_path / "b.parquet")
    with DuckDBMultiLog(str(tmp_path / "*.parquet")) as log:
        exact = build_multiclass_report(log)
    mem = build_multiclass_report(ec.MultiClassSet(y, CLASSES, models, {m: True for m in models}, label_col="label"))
    _same(without_engine(mem.numbers), without_engine(exact.numbers))
    with DuckDBMultiLog(str(tmp_path / "*.parquet"), round_digits=2) as log:
        rounded = build_multiclass_report(log)
    for r, e in zip(rounded.numbers["models"], exact.numbers["models"]):
        bound = r["auc"]["per_class_rounding_error"]
        assert all(b > 0 for b in bound)
        for c in range(4):
            assert abs(r["auc"]["per_class"][c] - e["auc"]["per_class"][c]) <= bound[c]


def test_command_line_through_duckdb_gives_the_in_memory_json(tmp_path):
    y, models = _data(7, 800)
    write_csv(tmp_path / "p.csv", y, _rounded(models, 2))
    args = ["--format", "json", "--costs", "0,1,1,1;2,0,1,1;5,1,0,1;9,1,1,0"]
    assert main([str(tmp_path / "p.csv"), "--engine", "memory", "-o", str(tmp_path / "m.json"), *args]) == 0
    assert main([str(tmp_path / "p.csv"), "--engine", "duckdb", "-o", str(tmp_path / "d.json"), *args]) == 0
    mem, big = (json.loads((tmp_path / f).read_text(encoding="utf-8")) for f in ("m.json", "d.json"))
    _same(without_engine(mem), without_engine(big))


def test_bad_cells_and_labels_are_caught_with_a_sentence(tmp_path, capsys):
    y, models = _data(8, 400)
    write_csv(tmp_path / "p.csv", y, models)
    with open(tmp_path / "p.csv", "a", encoding="utf-8") as f:
        f.write('400,"cat",' + ",".join(["0.25"] * 3 + ["oops"] + ["0.25"] * 4) + "\n")
    assert main([str(tmp_path / "p.csv"), "--engine", "duckdb", "-o", str(tmp_path / "r.json")]) == 1
    err = capsys.readouterr().err
    assert "'oops'" in err and "401" in err and "Traceback" not in err and not (tmp_path / "r.json").exists()
    write_csv(tmp_path / "q.csv", y, models)
    with open(tmp_path / "q.csv", "a", encoding="utf-8") as f:
        f.write('400,"wolf",' + ",".join(["0.25"] * 8) + "\n")
    with pytest.raises(ec.DataError, match="wolf"):
        DuckDBMultiLog(str(tmp_path / "q.csv"))


def test_past_the_rows_in_memory_refused_or_read_out_of_core(tmp_path, monkeypatch, capsys):
    import evalcore.report.multiclass_cli as cli

    y, models = _data(9, 60)
    write_csv(tmp_path / "p.csv", y, models)
    monkeypatch.setattr(cli, "MAX_ROWS", 50)
    assert main([str(tmp_path / "p.csv"), "--engine", "memory", "--format", "json"]) == 2
    assert "50" in capsys.readouterr().err
    assert main([str(tmp_path / "p.csv"), "--format", "json", "-o", str(tmp_path / "r.json")]) == 0   # auto
    got = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert got["settings"]["engine"] == "duckdb" and got["data"]["rows"] == 60
