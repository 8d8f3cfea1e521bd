"""The command line's K-class path (``python -m evalcore.report``): which
files are K-class, and their report in memory or through an engine.

A file is K-class when ``--task multiclass`` says so, or, with ``--task
auto``, by the loader's column rule (:func:`evalcore.loading_multiclass.looks_multiclass`:
``<model>:<class>`` score columns, or label values that name the score
columns), read from the head of the (first) file.  ``--costs`` then takes a
K x K cost matrix (:func:`evalcore.report.multiclass.parse_cost_matrix`);
the two-class options (``--threshold``, ``--prior``, ``--beta``,
``--pos-label``) are refused with a sentence.
"""
from __future__ import annotations

import os

import evalcore as ec
from evalcore._bounds import MAX_CLASS_COLUMNS, MAX_CLASSES, MAX_MODELS, MAX_ROWS
from evalcore.loading import ID_NAMES, LABEL_NAMES, find_column
from evalcore.loading_multiclass import looks_multiclass, sniff_multiclass

from .multiclass import build_multiclass_report, parse_cost_matrix

TASKS = ("auto", "binary", "multiclass")
PEEK_ROWS = 10_000        # label values a Parquet log's task is judged from


def is_multiclass(args) -> bool:
    """Whether the files of ``args`` are K-class (see the module's docstring)."""
    if args.task != "auto":
        return args.task == "multiclass"
    first = args.csv[0]
    try:
        if first.lower().endswith((".parquet", ".pq")) or any(ch in first for ch in "*?["):
            return _peek_duckdb(args.csv)
        return sniff_multiclass(first)
    except (OSError, ec.DataError):
        return False                 # the reader that follows says what is wrong with the file


def _peek_duckdb(paths) -> bool:
    try:
        import duckdb
    except ImportError:
        return False
    from .engines import files_of, sql_literal

    files = files_of(paths)
    listed = "[" + ", ".join(sql_literal(f) for f in files) + "]"
    read = (f"read_parquet({listed}, union_by_name = true)" if files[0].lower().endswith((".parquet", ".pq"))
            else f"read_csv({listed}, header = true, union_by_name = true, all_varchar = true)")
    con = duckdb.connect()
    try:
        names = [r[0] for r in con.execute(f"DESCRIBE SELECT * FROM {read}").fetchall()]
        lab = find_column(names, LABEL_NAMES)
        if lab is None:
            return False
        others = [c for c in names if c != lab and c.strip().lower() not in ID_NAMES]
        q = '"' + lab.replace('"', '""') + '"'
        values = [r[0] for r in con.execute(f"SELECT DISTINCT {q} FROM (SELECT {q} FROM {read} LIMIT {PEEK_ROWS})"
                                            ).fetchall()]
        return looks_multiclass(others, values)
    finally:
        con.close()


def refuse_binary_options(args, k: int) -> None:
    for option, given in (("--threshold", args.threshold), ("--prior", args.prior),
                          ("--beta", args.beta != "1"), ("--pos-label", args.pos_label)):
        if given:
            raise ec.DataError("mc_binary_option", option=option, k=k)


def _cost(args, k: int):
    return None if args.costs is None else parse_cost_matrix(args.costs, k=k)


def memory_report(args, say, progress):
    """The K-class report of one file read into memory."""
    path = args.csv[0]
    try:
        ms = ec.load_multiclass(path, max_rows=MAX_ROWS, max_columns=MAX_CLASS_COLUMNS + 2, max_classes=MAX_CLASSES)
    except OSError as err:
        raise ec.DataError("report_no_file", path=path, reason=err.strerror or str(err)) from None
    if len(ms.models) > MAX_MODELS:
        raise ec.DataError("too_many_columns", got=len(ms.models) * len(ms.classes) + 1,
                           limit=MAX_MODELS * len(ms.classes) + 1, models=MAX_MODELS)
    refuse_binary_options(args, len(ms.classes))
    return build_multiclass_report(ms, cost=_cost(args, len(ms.classes)), source="file",
                                   name=os.path.basename(path), lang=args.lang, progress=progress)


def engine_report(args, engine: str, options: dict, progress):
    """The K-class report of a log read by ``engine`` ("duckdb" or "spark")."""
    from .engines import multiclass as engines

    log_class = engines.DuckDBMultiLog if engine == "duckdb" else engines.SparkMultiLog
    options = {k: v for k, v in options.items() if k != "pos_label"}
    with log_class(args.csv, **options) as log:
        refuse_binary_options(args, len(log.classes))
        return build_multiclass_report(log, cost=_cost(args, len(log.classes)), source="file", lang=args.lang,
                                       progress=progress)


__all__ = ["is_multiclass", "memory_report", "engine_report", "refuse_binary_options", "TASKS"]
