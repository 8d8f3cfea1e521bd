"""``python -m evalcore.report predictions.csv -o report.html``: the app's
report from the command line, without Streamlit.

A log too large for memory (Parquet, several files or a glob, or a CSV of
:data:`AUTO_DUCKDB_BYTES` or more) is read by DuckDB out of core
(:mod:`evalcore.report.engines`, ``--engine duckdb``, ``--memory``), with
the same numbers as in memory; ``--round-digits`` rounds the scores when
their distinct values are too many, and the report states each AUC's
largest error from it.

Bad input prints the app's message (the same catalogue, ``--lang``) and
exits with status 2 (a usage error, or input past the app's bounds: more
than ``MAX_ROWS`` rows or ``MAX_MODELS`` models, a cost that is not 0 or in
[``COST_MIN``, ``COST_MAX``], the numbers of ``evalcore._bounds`` that the
app uses too) or 1 (a file that cannot be read or used); a large file gets
progress lines on standard error.
"""
from __future__ import annotations

import argparse
import math
import os
import sys

import evalcore as ec
from evalcore._bounds import COST_MAX, COST_MIN, MAX_MODELS, MAX_ROWS

from . import build_report
from .multiclass import MultiClassReport
from .multiclass_cli import TASKS, is_multiclass
from .strings import LANGS, text

PROGRESS_BYTES = 5 * 2**20     # files at least this large get progress lines
AUTO_DUCKDB_BYTES = 256 * 2**20   # --engine auto: a CSV at least this large (or Parquet, or several files) -> DuckDB
ENGINES = ("auto", "memory", "duckdb", "spark")
BOUNDS = ("too_many_rows", "too_many_rows_over", "too_many_columns", "cost_out_of_range",  # exit status 2
          "mc_too_many_classes")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m evalcore.report",
        description="A self-contained HTML report (or JSON with every number) of a predictions CSV: one label "
                    "column and one score column per model. "
                    "由预测文件生成自包含的 HTML 评估报告(或含全部数值的 JSON)。",
        epilog="Example: python -m evalcore.report predictions.csv -o report.html --lang zh "
               "--threshold logistic=0.4 --costs 1,5 --prior 0.3")
    p.add_argument("csv", nargs="+", metavar="FILE",
                   help="the predictions file (CSV/TSV; UTF-8, UTF-16 or GBK), or Parquet; several files or a "
                        "glob such as 'logs/*.parquet' are read as one log (DuckDB)")
    p.add_argument("-o", "--output", help="where to write the report (default: standard output)")
    p.add_argument("--lang", choices=LANGS, default="en", help="language of the report and messages (default en)")
    p.add_argument("--format", choices=("html", "json"),
                   help="html: the report; json: every number of it, for pipelines (default: json when the "
                        "output's name ends in .json, else html)")
    p.add_argument("--threshold", action="extend", nargs="+", default=[], metavar="MODEL=VALUE",
                   help="a model's threshold (score >= threshold is positive); several models: "
                        "--threshold a=0.4 b=0.6 (or repeat the option); "
                        "default 0.5 for scores in [0, 1], else the middle of the scores")
    p.add_argument("--costs", metavar="COST01,COST10",
                   help="the cost of a false negative and of a false positive (default 1,1); for a K-class file a "
                        "K x K cost matrix, rows separated by ';' (0,1,4;1,0,1;2,1,0) or the path of a file with "
                        "one row a line: row i the costs of predicting each class for a sample of class i")
    p.add_argument("--task", choices=TASKS, default="auto",
                   help="binary or multiclass; auto (default): multiclass when the score columns are "
                        "<model>:<class> or the label values name the score columns")
    p.add_argument("--prior", type=str, metavar="P", help="prior p of the positive class (default: the data's)")
    p.add_argument("--beta", type=str, default="1", help="β of Fβ (default 1)")
    p.add_argument("--pos-label", help="which label is the positive class, when the file cannot tell")
    p.add_argument("--engine", choices=ENGINES, default="auto",
                   help="memory: read the file into memory; duckdb: aggregate out of core (pip install duckdb), "
                        "for logs of 10^8 rows; auto (default): duckdb for Parquet, several files or a CSV of "
                        f"{AUTO_DUCKDB_BYTES // 2**20} MB or more")
    p.add_argument("--memory", default="1GB", metavar="SIZE",
                   help="the duckdb engine's memory limit (default 1GB; it spills to a temporary folder); with "
                        "spark, the driver's share for the distinct scores")
    p.add_argument("--master", default="local[2]",
                   help="spark engine: the Spark master, e.g. local[4], spark://host:7077, yarn (default local[2]); "
                        "paths may be hdfs:// or s3a:// (pip install pyspark; Java 17+)")
    p.add_argument("--round-digits", type=int, metavar="D",
                   help="duckdb or spark engine: round every score half up to D decimals before counting (for logs "
                        "with too many distinct scores); the report gives each AUC's largest error from it")
    return p


def _number(spec: str, name: str) -> float:
    try:
        v = float(spec)
    except ValueError:
        raise ec.DataError("non_numeric", name=name, detail=repr(spec)) from None
    if not math.isfinite(v):
        raise ec.DataError("non_finite", name=name, value=spec, pos=1)
    return v


def _thresholds(specs: list[str]) -> dict[str, float]:
    out = {}
    for spec in specs:
        name, sep, value = spec.rpartition("=")
        try:
            v = float(value)
        except ValueError:
            v = math.nan
        if not sep or not name or not math.isfinite(v):
            raise ec.DataError("report_bad_threshold", spec=spec, example="logistic=0.5")
        out[name] = v
    return out


def _costs(spec: str | None) -> tuple[float, float]:
    if spec is None:
        return 1.0, 1.0
    parts = spec.split(",")
    try:
        c = [float(x) for x in parts]
    except ValueError:
        c = []
    if len(c) != 2 or not all(math.isfinite(x) and x >= 0 for x in c):
        raise ec.DataError("report_bad_costs", spec=spec)
    for x, written in zip(c, parts):
        if x and not COST_MIN <= x <= COST_MAX:
            raise ec.DataError("cost_out_of_range", value=written.strip(), lo=COST_MIN, hi=COST_MAX)
    return c[0], c[1]


def _html(rep, lang: str) -> str:
    if isinstance(rep, MultiClassReport):
        from .html_multiclass import render
    else:
        from .html import render      # plotly is imported only for an HTML report, not for JSON
    return render(rep, lang=lang)


def _engine(args) -> str:
    if args.round_digits is not None:
        if args.engine == "memory":
            raise ec.DataError("report_round_duckdb")
        if args.round_digits < 0 or args.round_digits > 15:
            raise ec.DataError("out_of_range", name="--round-digits", interval="[0, 15]", value=args.round_digits)
        return "duckdb" if args.engine == "auto" else args.engine
    if args.engine != "auto":
        return args.engine
    files = args.csv
    many = len(files) > 1 or any(ch in files[0] for ch in "*?[")
    parquet = any(f.lower().endswith((".parquet", ".pq")) for f in files)
    try:
        big = not many and os.path.getsize(files[0]) >= AUTO_DUCKDB_BYTES
    except OSError:
        big = False
    return "duckdb" if many or parquet or big else "memory"


def _has(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None


def _memory_report(args, say, multi: bool, **settings):
    if len(args.csv) > 1:
        raise ec.DataError("report_one_file", engine="memory")
    path = args.csv[0]
    try:
        size = os.path.getsize(path)
    except OSError as err:
        raise ec.DataError("report_no_file", path=path, reason=err.strerror or str(err)) from None
    large = size >= PROGRESS_BYTES
    if large:
        say("cli.reading", path=path, mb=f"{size / 2**20:.1f}")

    def progress(i: int, k: int) -> None:
        if large:
            say("cli.model", i=i + 1, k=k) if i < k else say("cli.comparing")

    if multi:
        from .multiclass_cli import memory_report

        return memory_report(args, say, progress)
    try:
        ps = ec.load_predictions(path, pos_label=args.pos_label, max_rows=MAX_ROWS, max_columns=MAX_MODELS + 1)
    except OSError as err:
        raise ec.DataError("report_no_file", path=path, reason=err.strerror or str(err)) from None
    return build_report(ps, source="file", name=os.path.basename(path),
                        pos_label_how="auto" if args.pos_label is None else "chosen", lang=args.lang,
                        progress=progress, **settings)


def _engine_report(args, engine: str, say, multi: bool, **settings):
    from . import engines

    def progress(stage, pct, model):
        say("cli.progress", stage=text(f"cli.stage.{stage}", args.lang), model=f" {model}" if model else "",
            pct=f"{pct:.0f}")

    options = dict(pos_label=args.pos_label, memory=args.memory, round_digits=args.round_digits, progress=progress,
                   max_models=MAX_MODELS)
    if engine == "spark":
        options["master"] = args.master
    say("cli.engine", engine={"duckdb": "DuckDB", "spark": "Spark"}[engine], files=len(args.csv), memory=args.memory)

    def model_progress(i: int, k: int) -> None:
        say("cli.model", i=i + 1, k=k) if i < k else say("cli.comparing")

    if multi:
        from .multiclass_cli import engine_report

        return engine_report(args, engine, options, model_progress)
    log_class = engines.DuckDBLog if engine == "duckdb" else engines.SparkLog
    with log_class(args.csv, **options) as log:
        return build_report(log, source="file", pos_label_how="auto" if args.pos_label is None else "chosen",
                            lang=args.lang, progress=model_progress, **settings)


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    lang = args.lang

    def say(key: str, **kw) -> None:
        print(text(key, lang, **kw), file=sys.stderr, flush=True)

    try:
        engine = _engine(args)
        multi = is_multiclass(args)
        settings = {}
        if not multi:
            thresholds, (c01, c10) = _thresholds(args.threshold), _costs(args.costs)
            prior = None if args.prior is None else _number(args.prior, "--prior")
            beta = _number(args.beta, "--beta")
            if beta <= 0:
                raise ec.DataError("out_of_range", name="--beta", interval="(0, inf)", value=beta)
            settings = dict(thresholds=thresholds, cost01=c01, cost10=c10, prior=prior, beta=beta)
        if engine == "memory":
            try:
                rep = _memory_report(args, say, multi, **settings)
            except ec.DataError as err:        # past the app's rows: out of core, when the engine was not chosen
                if args.engine != "auto" or not err.code.startswith("too_many_rows") or not _has("duckdb"):
                    raise
                say("cli.switching", rows=f"{MAX_ROWS:,}")
                engine = "duckdb"
        if engine in ("duckdb", "spark"):
            rep = _engine_report(args, engine, say, multi, **settings)
        out = rep.to_json() if _format(args) == "json" else _html(rep, lang)
    except ec.DataError as err:
        say("cli.error", message=err.text(lang))
        if err.code.startswith("too_many_rows"):
            say("cli.use_duckdb")
        return 2 if err.code in BOUNDS else 1
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(out)
        say("cli.wrote", path=args.output, mb=f"{len(out.encode('utf-8')) / 2**20:.1f}")
    else:
        sys.stdout.write(out)
    return 0


def _format(args) -> str:
    """``--format``, else what the output's name says (``-o r.json``: JSON), else HTML."""
    if args.format:
        return args.format
    return "json" if (args.output or "").lower().endswith(".json") else "html"


if __name__ == "__main__":
    sys.exit(main())
