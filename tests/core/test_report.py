"""The report (evalcore.report): every JSON number against scikit-learn /
statsmodels, user text escaped in the HTML, the command line as a
subprocess, the strings in both languages."""
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import numpy as np
import pytest
from sklearn import metrics as skm
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint

import evalcore as ec
from evalcore import datasets
from evalcore.report import build_report, default_prior

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable


def _check_op(op, y, s, t, beta, p, c01, c10):
    pred = (s >= t).astype(int)
    tn, fp, fn, tp = skm.confusion_matrix(y, pred, labels=[0, 1]).ravel()
    assert (op["tp"], op["fp"], op["tn"], op["fn"]) == (tp, fp, tn, fn)
    assert op["accuracy"] == pytest.approx(skm.accuracy_score(y, pred))
    if tp + fp:
        assert op["precision"] == pytest.approx(skm.precision_score(y, pred))
        assert op["f_beta"] == pytest.approx(skm.fbeta_score(y, pred, beta=beta))
        assert op["f1"] == pytest.approx(skm.f1_score(y, pred))
    assert op["recall"] == pytest.approx(skm.recall_score(y, pred)) == op["tpr"]
    assert op["fpr"] == pytest.approx(fp / (fp + tn))
    for key, k, n in (("accuracy", tp + tn, len(y)), ("precision", tp, tp + fp), ("recall", tp, tp + fn),
                      ("fpr", fp, fp + tn), ("error_rate", fp + fn, len(y))):
        if n:
            assert op[key + "_ci"] == pytest.approx(list(proportion_confint(k, n, alpha=0.05, method="wilson")))
    fnr, fpr = fn / (tp + fn), fp / (fp + tn)
    assert op["cost"] == pytest.approx(p * fnr * c01 + (1 - p) * fpr * c10)
    assert op["norm_cost"] == pytest.approx((p * fnr * c01 + (1 - p) * fpr * c10) / (p * c01 + (1 - p) * c10))


@pytest.mark.parametrize("beta,c01,c10,prior", [(1.0, 1.0, 1.0, None), (2.0, 5.0, 1.0, 0.3)])
def test_json_numbers_equal_sklearn_and_statsmodels(beta, c01, c10, prior):
    ps = datasets.breast_cancer()
    thr = {"logistic": 0.3, "naive_bayes": 0.7}
    rep = build_report(ps, thresholds=thr, beta=beta, cost01=c01, cost10=c10, prior=prior)
    n = json.loads(rep.to_json())
    y = ps.y.astype(int)
    p = default_prior(ps) if prior is None else prior
    assert n["settings"]["prior"] == p
    for m in n["models"]:
        s = ps.scores[m["name"]]
        assert m["auc"] == pytest.approx(skm.roc_auc_score(y, s))
        assert m["average_precision"] == pytest.approx(skm.average_precision_score(y, s))
        ops = m["operating_points"]
        assert ops["current"]["threshold"] == thr.get(m["name"], 0.5)
        for op in ops.values():
            t = np.inf if op["threshold"] == "inf" else op["threshold"]
            _check_op(op, y, s, t, beta, p, c01, c10)
        # the F1-optimal threshold: largest F1 over every cut (brute force)
        best = max(skm.f1_score(y, (s >= t).astype(int), zero_division=0) for t in np.unique(s))
        assert ops["f1_optimal"]["f1"] == pytest.approx(best)
        # the cost-optimal threshold: least normalised cost over every cut
        cuts = np.concatenate(([np.inf], np.unique(s)))
        least = min(((s < t) & (y == 1)).sum() / y.sum() * p * c01 + ((s >= t) & (y == 0)).sum() / (1 - y).sum()
                    * (1 - p) * c10 for t in cuts) / (p * c01 + (1 - p) * c10)
        assert ops["cost_optimal"]["norm_cost"] == pytest.approx(least)
        cal = m["calibration"]
        assert cal["in_unit_interval"] and cal["brier"] == pytest.approx(skm.brier_score_loss(y, s))
        lo, hi = m["auc_ci"]
        assert lo < m["auc"] < hi or m["auc"] == hi == 1.0
    # pairwise: McNemar at the current thresholds (statsmodels), Holm over the three pairs
    assert len(n["comparisons"]) == 3 and n["settings"]["p_adjustment"] == "holm"
    cur = n["settings"]["thresholds"]
    for q in n["comparisons"]:
        ra, rb = (ps.scores[q["a"]] >= cur[q["a"]]) == y, (ps.scores[q["b"]] >= cur[q["b"]]) == y
        table = [[np.sum(ra & rb), np.sum(ra & ~rb)], [np.sum(~ra & rb), np.sum(~ra & ~rb)]]
        ref = sm_mcnemar(table, exact=False, correction=True)
        assert q["mcnemar"]["pvalue"] == pytest.approx(ref.pvalue)
        assert q["mcnemar"]["pvalue_exact"] == pytest.approx(sm_mcnemar(table, exact=True).pvalue)
        d = ec.delong_test(y, ps.scores[q["a"]], ps.scores[q["b"]])
        assert q["delong"]["pvalue"] == pytest.approx(d.pvalue)
    for test in ("delong", "mcnemar"):
        ps_ = [q[test]["pvalue"] for q in n["comparisons"]]
        assert [q[test]["pvalue_holm"] for q in n["comparisons"]] == pytest.approx(
            list(multipletests(ps_, method="holm")[1]))


def test_two_models_need_no_adjustment_and_one_model_has_no_pairs():
    ps = datasets.breast_cancer()
    n = build_report(ps, models=["logistic", "tree_depth2"]).numbers
    assert n["settings"]["p_adjustment"] is None and "pvalue_holm" not in n["comparisons"][0]["delong"]
    assert build_report(ps, models=["logistic"]).numbers["comparisons"] == []


def test_scores_outside_the_unit_interval_say_so():
    from evalcore.report.html import render

    ps = ec.load_predictions(b"y,margin,p\n1,2.5,0.9\n0,-1.0,0.2\n1,0.3,0.6\n0,-0.2,0.4\n")
    rep = build_report(ps)
    cal = {m["name"]: m["calibration"] for m in rep.numbers["models"]}
    assert cal["margin"] == {"in_unit_interval": False, "min_score": -1.0, "max_score": 2.5}
    assert cal["p"]["in_unit_interval"]
    assert "are not all in [0, 1]" in render(rep, lang="en")
    assert "不全在 [0, 1] 内" in render(rep, lang="zh")


def test_bad_arguments_raise_the_catalogue_s_errors():
    ps = datasets.breast_cancer()
    with pytest.raises(ec.DataError, match="no model 'nope'") as e:
        build_report(ps, thresholds={"nope": 0.5})
    assert "没有名为" in e.value.text("zh")
    with pytest.raises(ec.DataError):
        build_report(ps, cost01=0, cost10=0)
    with pytest.raises(ec.DataError):
        build_report(ps, prior=1.5)


EVIL = ('<script>alert(1)</script>', '=HYPERLINK("http://x")', '<b>b</b>&amp;')


def test_names_files_and_cells_are_escaped_in_the_html():
    from evalcore.report.html import render

    csv = (f'label,"{EVIL[0]}","{EVIL[1].replace(chr(34), chr(34) * 2)}",{EVIL[2]}\n'
           '<img src=x onerror=alert(2)>,0.9,0.8,0.1\n=1+1,0.2,0.3,0.7\n'
           '<img src=x onerror=alert(2)>,0.7,0.4,0.5\n=1+1,0.1,0.6,0.3\n').encode()
    ps = ec.load_predictions(csv, pos_label="<img src=x onerror=alert(2)>")
    assert EVIL[0] in ps.models
    rep = build_report(ps, name='<svg onload=alert(3)>.csv', source="upload", pos_label_how="chosen")
    for lang in ("en", "zh"):
        page = render(rep, lang=lang)
        body = page[page.index("<body>"):]
        for raw in (EVIL[0], "<img src=x", "<svg onload", "<b>b</b>"):
            assert raw not in body, raw
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body
        assert "&lt;svg onload=alert(3)&gt;.csv" in body
        assert "&#x27;=HYPERLINK(" in body and "&#x27;=1+1" in body      # a formula cell gets a quote
        # figure specs are inert JSON inside their script elements, names escaped for plotly too
        for spec in re.findall(r'<script type="application/json" class="figure"[^>]*>(.*?)</script>', body,
                               flags=re.S):
            assert "<" not in spec
            assert "<script>" not in json.dumps(json.loads(spec))
        assert page.count("<script") == 3 + page.count('class="figure"')   # plotly.js, numbers, drawing, specs


def test_html_has_every_section_and_plotly_once():
    from evalcore.report.html import SECTIONS, render

    page = render(build_report(datasets.breast_cancer()), lang="zh")
    for s in SECTIONS:
        assert f'id="{s}"' in page
    assert page.count("Plotly.newPlot") == 1 and len(page.encode()) < 10 * 2**20
    assert page.count('class="figure"') == 4
    assert "https://" not in page[page.index("<body>"):]          # nothing fetched from the network


def test_report_strings_exist_in_both_languages_and_every_used_key_exists():
    table = tomllib.loads((ROOT / "evalcore" / "report" / "strings.toml").read_text(encoding="utf-8"))
    assert all(set(v) == {"zh", "en"} and v["zh"] and v["en"] for v in table.values())
    used = set()
    for f in (ROOT / "evalcore" / "report").glob("*.py"):
        used |= set(re.findall(r'\b(?:t|text|say)\("([a-z0-9_.]+)"', f.read_text(encoding="utf-8")))
    used |= {f"sec.{s}" for s in ("data", "settings", "measures", "roc", "pr", "cost", "calibration", "compare",
                                  "about")}
    used |= {f"m.col.{p}" for p in ("current", "f1_optimal", "cost_optimal")}
    used |= {f"data.src.{s}" for s in ("builtin", "upload", "file")} | {f"data.how.{s}" for s in
                                                                       ("auto", "chosen", "builtin")}
    assert not sorted(k for k in used - set(table) if not k.endswith("."))


def test_import_evalcore_report_pulls_no_streamlit_or_plotly():
    code = ("import sys, evalcore, evalcore.report; bad = [m for m in ('streamlit', 'plotly') if m in sys.modules];"
            "print(','.join(bad))")
    out = subprocess.run([PY, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_command_line_good_file_bad_file_and_help(tmp_path, capsys):
    """Two runs as a real command (python -m evalcore.report: a report, a bad
    file), the other cases through the same entry point in this process."""
    from evalcore.report import __main__ as cli

    good = tmp_path / "preds.csv"
    good.write_text("y,a,b\n1,0.9,0.2\n0,0.1,0.5\n1,0.7,0.8\n0,0.4,0.3\n1,0.6,0.55\n", encoding="utf-8")
    out = tmp_path / "r.html"
    r = subprocess.run([PY, "-m", "evalcore.report", str(good), "-o", str(out), "--lang", "zh",
                        "--threshold", "a=0.5", "--costs", "1,5", "--prior", "0.3"], cwd=ROOT, capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    assert "模型评估报告" in out.read_text(encoding="utf-8") and "已写出" in r.stderr
    bad = tmp_path / "bad.csv"
    bad.write_text("y,a\n1,0.9\n1,0.2\n", encoding="utf-8")
    r = subprocess.run([PY, "-m", "evalcore.report", str(bad), "--lang", "zh"], cwd=ROOT, capture_output=True,
                       text=True)
    assert r.returncode != 0 and "至少需要一个正例和一个反例" in r.stderr and "Traceback" not in r.stderr

    def run(*args):
        try:
            code = cli.main([*args])
        except SystemExit as stop:            # argparse's own errors and --help
            code = stop.code
        got = capsys.readouterr()
        return code, got.out, got.err

    code, stdout, _ = run(str(good), "--format", "json", "--threshold", "b=0.5", "a=0.65")
    n = json.loads(stdout)
    assert code == 0 and n["settings"]["thresholds"] == {"a": 0.65, "b": 0.5} and n["data"]["name"] == "preds.csv"
    assert n["models"][0]["auc"] == pytest.approx(skm.roc_auc_score([1, 0, 1, 0, 1], [0.9, 0.1, 0.7, 0.4, 0.6]))
    code, _, err = run(str(bad), "--lang", "en")
    assert code != 0 and "at least one positive and one negative" in err
    # the format from the output's name unless --format says otherwise
    for name, fmt, json_out in (("r.json", None, True), ("R.JSON", None, True), ("r.htm", None, False),
                                ("r.json", "html", False), ("r.txt", "json", True)):
        code, _, _ = run(str(good), "-o", str(tmp_path / name), *(["--format", fmt] if fmt else []))
        text = (tmp_path / name).read_text(encoding="utf-8")
        assert code == 0 and text.startswith("{") == json_out and text.startswith("<!DOCTYPE") != json_out
    for args in (["--threshold", "a"], ["--costs", "1"], ["--prior", "x"], ["--threshold", "zz=1"]):
        code, _, err = run(str(good), *args)
        assert code != 0 and err.startswith("error:") and "Traceback" not in err
    code, _, err = run(str(tmp_path / "missing.csv"))
    assert code != 0 and "Cannot read the file" in err
    code, stdout, _ = run("--help")
    assert code == 0 and "--threshold" in stdout and "--format" in stdout


def test_a_large_file_gets_progress_lines(tmp_path, monkeypatch, capsys):
    from evalcore.report import __main__ as cli

    f = tmp_path / "p.csv"
    f.write_text("y,a,b\n1,0.9,0.2\n0,0.1,0.5\n1,0.7,0.8\n0,0.4,0.3\n", encoding="utf-8")
    monkeypatch.setattr(cli, "PROGRESS_BYTES", 0)          # every file counts as large
    assert cli.main([str(f), "--format", "json", "--lang", "en"]) == 0
    err = capsys.readouterr().err
    assert "Reading" in err and "Computing model 1 of 2" in err and "model 2 of 2" in err
    assert cli.main([str(f), "--format", "json", "--lang", "zh"]) == 0
    assert "正在计算模型 1/2" in capsys.readouterr().err


def test_the_link_is_a_web_address_or_plain_text():
    from evalcore.report.html import render

    ps = datasets.breast_cancer()
    page = render(build_report(ps, source="builtin", link="http://h/roc?source=breast-cancer&lang=en"))
    assert '<a href="http://h/roc?source=breast-cancer&amp;lang=en">' in page
    page = render(build_report(ps, source="builtin", link="javascript:alert(1)"))
    assert 'href="javascript' not in page and "javascript:alert(1)" in page
    page = render(build_report(ps, source="upload", link="http://h/"), lang="zh")
    assert 'href="http://h/"' not in page and "无法放进链接" in page
