"""The report on a log read out of core (DuckDB): the same numbers as in
memory, to 1e-12, and scikit-learn's where it has one; bad input as today."""
import json
import math

import numpy as np
import pytest
from sklearn.metrics import average_precision_score, roc_auc_score

import evalcore as ec
from evalcore.report import build_report
from evalcore.report.__main__ import main

duckdb = pytest.importorskip("duckdb")
from evalcore.report.engines import DuckDBLog, memory_bytes  # noqa: E402


def _rows(seed=0, n=3000):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.3
    a = np.round(1 / (1 + np.exp(-rng.normal(y * 1.2, 1))), 3)            # ties
    b = np.round(1 / (1 + np.exp(-rng.normal(y * 0.4, 1))), 5)
    c = rng.normal(y * -0.3, 1)                                             # AUC < 0.5, not in [0, 1]
    return y, a, b, c


def _write_csv(path, y, cols, *, blanks=()):
    with open(path, "w", encoding="utf-8") as f:
        f.write("id,label," + ",".join(cols) + "\n")
        for i in range(len(y)):
            vals = ["" if (i, k) in blanks else repr(float(cols[k][i])) for k in cols]
            f.write(f"{i},{'是' if y[i] else '否'}," + ",".join(vals) + "\n")


def _same(x, y, path=""):
    """Every number equal to 1e-12, everything else equal."""
    if isinstance(x, dict):
        assert set(x) == set(y), path
        for k in x:
            _same(x[k], y[k], f"{path}.{k}")
    elif isinstance(x, list):
        assert len(x) == len(y), path
        for i, (u, v) in enumerate(zip(x, y)):
            _same(u, v, f"{path}[{i}]")
    elif isinstance(x, float) and isinstance(y, float):
        assert x == pytest.approx(y, abs=1e-12, rel=1e-12) or (math.isnan(x) and math.isnan(y)), path
    else:
        assert x == y, path


def _without_engine(numbers):
    n = json.loads(json.dumps(numbers))
    n["settings"].pop("engine")
    n["report"].pop("created")
    n["data"].pop("name")
    return n


def test_duckdb_report_equals_the_in_memory_report(tmp_path):
    y, a, b, c = _rows()
    cols = {"a": a, "b": b, "c": c}
    _write_csv(tmp_path / "p.csv", y, cols, blanks={(5, "a"), (17, "c")})      # two rows dropped in both
    settings = dict(thresholds={"a": 0.4}, cost01=2.0, cost10=5.0, prior=0.25, beta=2.0, flipped={"c"})
    mem = build_report(ec.load_predictions(tmp_path / "p.csv"), **settings)
    with DuckDBLog(str(tmp_path / "p.csv")) as log:
        big = build_report(log, **settings)
    assert big.numbers["settings"]["engine"] == "duckdb"
    _same(_without_engine(mem.numbers), _without_engine(big.numbers))
    assert big.numbers["data"]["dropped_rows"] == 2 and big.numbers["data"]["pos_label"] == "是"
    keep = np.ones(len(y), bool)
    keep[[5, 17]] = False
    for m, s in (("a", a), ("b", b)):                 # scikit-learn, ties included
        got = next(x for x in big.numbers["models"] if x["name"] == m)
        assert got["auc"] == pytest.approx(roc_auc_score(y[keep], s[keep]), abs=1e-12)
        assert got["average_precision"] == pytest.approx(average_precision_score(y[keep], s[keep]), abs=1e-12)
    assert len(big.numbers["comparisons"]) == 3 and "pvalue_holm" in big.numbers["comparisons"][0]["delong"]


def test_parquet_files_and_a_glob_read_as_one_log(tmp_path):
    y, a, b, _ = _rows(1)
    _write_csv(tmp_path / "all.csv", y, {"a": a, "b": b})
    con = duckdb.connect()
    for part, (lo, hi) in enumerate(((0, 1000), (1000, 3000))):
        con.execute(f"COPY (SELECT * FROM read_csv('{tmp_path / 'all.csv'}') WHERE id >= {lo} AND id < {hi}) "
                    f"TO '{tmp_path / f'log-{part}.parquet'}' (FORMAT parquet)")
    mem = build_report(ec.load_predictions(tmp_path / "all.csv"))
    with DuckDBLog(str(tmp_path / "log-*.parquet")) as log:
        assert log.files == sorted(log.files) and len(log.files) == 2
        big = build_report(log)
    _same(_without_engine(mem.numbers), _without_engine(big.numbers))


@pytest.mark.parametrize("digits", [1, 2])
def test_rounded_scores_give_the_report_of_rounded_scores_and_state_the_auc_error(tmp_path, digits):
    y, a, b, _ = _rows(2)
    _write_csv(tmp_path / "p.csv", y, {"a": a, "b": b})
    with DuckDBLog(str(tmp_path / "p.csv"), round_digits=digits) as log:
        big = build_report(log).numbers
    rounded = build_report(ec.PredictionSet(y.astype(np.int8), {"a": ec.round_scores(a, digits),
                                                               "b": ec.round_scores(b, digits)},
                                            "是", "否", int(y.sum()), int((~y).sum()), [], "label")).numbers
    assert big["settings"]["score_rounding_digits"] == digits
    for m, s, r in zip(big["models"], (a, b), rounded["models"]):
        assert m["auc"] == pytest.approx(r["auc"], abs=1e-12)
        assert abs(m["auc"] - roc_auc_score(y, s)) <= m["auc_rounding_error"] + 1e-15
        assert m["auc_rounding_error"] > 0


def test_too_many_distinct_scores_are_refused_with_the_way_out(tmp_path):
    y, a, b, _ = _rows(3)
    _write_csv(tmp_path / "p.csv", y, {"b": b})
    with DuckDBLog(str(tmp_path / "p.csv"), max_distinct=100) as log, pytest.raises(ec.DataError) as err:
        build_report(log)
    assert err.value.code == "engine_too_many_distinct" and "--round-digits" in err.value.text("zh")
    with DuckDBLog(str(tmp_path / "p.csv"), max_distinct=100, round_digits=2) as log:
        assert build_report(log).numbers["models"][0]["auc_rounding_error"] is not None


@pytest.mark.parametrize("n, bad", [(3000, "oops"), (30000, "oops"), (3000, "inf")])
def test_a_bad_score_far_down_the_file_is_named_with_its_row_and_nothing_is_written(tmp_path, capsys, n, bad):
    # 30,000 rows: past DuckDB's type sniffing sample, the cell fails while the rows stream
    y, a, b, _ = _rows(4, n)
    _write_csv(tmp_path / "p.csv", y, {"a": a, "b": b})
    with open(tmp_path / "p.csv", "a", encoding="utf-8") as f:
        f.write(f"{n},是,{bad},0.5\n")
    out = tmp_path / "r.html"
    assert main([str(tmp_path / "p.csv"), "--engine", "duckdb", "-o", str(out), "--lang", "zh"]) == 1
    err = capsys.readouterr().err
    assert f"第 {n + 1} 个数据行" in err and "Traceback" not in err and not out.exists()
    assert main([str(tmp_path / "nothing-*.parquet"), "-o", str(out)]) == 1
    assert "No file matches" in capsys.readouterr().err and not out.exists()


def test_the_command_line_picks_duckdb_for_parquet_and_gives_the_same_json(tmp_path, capsys):
    y, a, b, _ = _rows(5)
    _write_csv(tmp_path / "p.csv", y, {"a": a, "b": b})
    duckdb.connect().execute(f"COPY (SELECT * FROM read_csv('{tmp_path / 'p.csv'}')) TO "
                             f"'{tmp_path / 'p.parquet'}' (FORMAT parquet)")
    for src, name in (("p.csv", "mem.json"), ("p.parquet", "big.json")):
        assert main([str(tmp_path / src), "--format", "json", "-o", str(tmp_path / name), "--costs", "1,3"]) == 0
    mem, big = (json.loads((tmp_path / n).read_text(encoding="utf-8")) for n in ("mem.json", "big.json"))
    assert (mem["settings"]["engine"], big["settings"]["engine"]) == ("memory", "duckdb")
    _same(_without_engine(mem), _without_engine(big))


def test_memory_sizes():
    assert memory_bytes("1GB") == 2 ** 30 and memory_bytes("512 MiB") == 512 * 2 ** 20
    for bad in ("lots", "1KB", "-1GB"):
        with pytest.raises(ec.DataError):
            memory_bytes(bad)
