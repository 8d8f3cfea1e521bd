"""``python -m evalcore.report predictions.csv -o report.html``: the app's
report from the command line, without Streamlit.

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
from .strings import LANGS, text

PROGRESS_BYTES = 5 * 2**20     # files at least this large get progress lines
BOUNDS = ("too_many_rows", "too_many_rows_over", "too_many_columns", "cost_out_of_range")   # exit status 2


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m evalcore.report",
        description="A self-contained HTML report (or JSON with every number) of a predictions CSV: one label "
                    "column and one score column per model. "
                    "由预测文件生成自包含的 HTML 评估报告(或含全部数值的 JSON)。",
        epilog="Example: python -m evalcore.report predictions.csv -o report.html --lang zh "
               "--threshold logistic=0.4 --costs 1,5 --prior 0.3")
    p.add_argument("csv", help="the predictions file (CSV/TSV; UTF-8, UTF-16 or GBK)")
    p.add_argument("-o", "--output", help="where to write the report (default: standard output)")
    p.add_argument("--lang", choices=LANGS, default="en", help="language of the report and messages (default en)")
    p.add_argument("--format", choices=("html", "json"), default="html",
                   help="html (default): the report; json: every number of it, for pipelines")
    p.add_argument("--threshold", action="extend", nargs="+", default=[], metavar="MODEL=VALUE",
                   help="a model's threshold (score >= threshold is positive); several models: "
                        "--threshold a=0.4 b=0.6 (or repeat the option); "
                        "default 0.5 for scores in [0, 1], else the middle of the scores")
    p.add_argument("--costs", metavar="COST01,COST10",
                   help="the cost of a false negative and of a false positive (default 1,1)")
    p.add_argument("--prior", type=str, metavar="P", help="prior p of the positive class (default: the data's)")
    p.add_argument("--beta", type=str, default="1", help="β of Fβ (default 1)")
    p.add_argument("--pos-label", help="which label is the positive class, when the file cannot tell")
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
    from .html import render      # plotly is imported only for an HTML report, not for JSON

    return render(rep, lang=lang)


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    lang = args.lang

    def say(key: str, **kw) -> None:
        print(text(key, lang, **kw), file=sys.stderr, flush=True)

    try:
        thresholds, (c01, c10) = _thresholds(args.threshold), _costs(args.costs)
        prior = None if args.prior is None else _number(args.prior, "--prior")
        beta = _number(args.beta, "--beta")
        if beta <= 0:
            raise ec.DataError("out_of_range", name="--beta", interval="(0, inf)", value=beta)
        try:
            size = os.path.getsize(args.csv)
        except OSError as err:
            raise ec.DataError("report_no_file", path=args.csv, reason=err.strerror or str(err)) from None
        large = size >= PROGRESS_BYTES
        if large:
            say("cli.reading", path=args.csv, mb=f"{size / 2**20:.1f}")
        try:
            ps = ec.load_predictions(args.csv, pos_label=args.pos_label, max_rows=MAX_ROWS,
                                     max_columns=MAX_MODELS + 1)
        except OSError as err:
            raise ec.DataError("report_no_file", path=args.csv, reason=err.strerror or str(err)) from None

        def progress(i: int, k: int) -> None:
            if large:
                say("cli.model", i=i + 1, k=k) if i < k else say("cli.comparing")

        rep = build_report(ps, thresholds=thresholds, cost01=c01, cost10=c10, prior=prior, beta=beta,
                           source="file", name=os.path.basename(args.csv),
                           pos_label_how="auto" if args.pos_label is None else "chosen", lang=lang,
                           progress=progress)
        out = rep.to_json() if args.format == "json" else _html(rep, lang)
    except ec.DataError as err:
        say("cli.error", message=err.text(lang))
        return 2 if err.code in BOUNDS else 1
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(out)
        say("cli.wrote", path=args.output, mb=f"{len(out.encode('utf-8')) / 2**20:.1f}")
    else:
        sys.stdout.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
