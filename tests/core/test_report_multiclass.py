"""The report of a K-class predictions file: its numbers against
scikit-learn, its HTML (offline, every name escaped, zh and en) and the
command line (detected by the column rule or forced, a K x K cost matrix,
bounds refused with a sentence and exit 2)."""
import json
import re

import numpy as np
import pytest
from sklearn.metrics import (average_precision_score, cohen_kappa_score, confusion_matrix, log_loss,
                             precision_recall_fscore_support, roc_auc_score, top_k_accuracy_score)
from sklearn.preprocessing import label_binarize

import evalcore as ec
from evalcore.report.__main__ import main
from evalcore.report.multiclass import build_multiclass_report, parse_cost_matrix

CLASSES = ["cat", "dog", "fox", "ému"]
COST = [[0, 1, 1, 1], [2, 0, 1, 1], [5, 1, 0, 1], [9, 1, 1, 0]]


def _data(seed=0, n=1200):
    rng = np.random.default_rng(seed)
    y = rng.choice(4, n, p=[0.5, 0.3, 0.15, 0.05])
    y[:4] = np.arange(4)
    out = {}
    for m, shift in (("lr", 1.5), ("tree", 0.6)):
        logit = rng.normal(size=(n, 4)) + shift * np.eye(4)[y]
        p = np.exp(logit) / np.exp(logit).sum(axis=1, keepdims=True)
        out[m] = p
    return y, out


def write_csv(path, y, models, classes=CLASSES, label="label", ids=True, blanks=()):
    cols = [f"{m}:{c}" for m in models for c in classes]
    with open(path, "w", encoding="utf-8") as f:
        f.write(("id," if ids else "") + f"{label}," + ",".join(f'"{c}"' for c in cols) + "\n")
        for i in range(len(y)):
            vals = ["" if (i, m) in blanks else repr(float(models[m][i, j])) for m in models
                    for j in range(len(classes))]
            f.write((f"{i}," if ids else "") + f'"{classes[y[i]]}",' + ",".join(vals) + "\n")


def test_numbers_equal_scikit_learn(tmp_path):
    y, models = _data()
    write_csv(tmp_path / "p.csv", y, models)
    rep = build_multiclass_report(ec.load_multiclass(tmp_path / "p.csv"), cost=COST)
    n = rep.numbers
    assert n["data"]["classes"] == CLASSES and n["data"]["class_sizes"] == np.bincount(y).tolist()
    for m in n["models"]:
        p = models[m["name"]]
        auc = m["auc"]
        assert auc["macro"] == pytest.approx(roc_auc_score(y, p, multi_class="ovr"), abs=1e-12)
        assert auc["weighted"] == pytest.approx(roc_auc_score(y, p, multi_class="ovr", average="weighted"), abs=1e-12)
        assert auc["hand_till"] == pytest.approx(roc_auc_score(y, p, multi_class="ovo"), abs=1e-12)
        Y = label_binarize(y, classes=range(4))
        ap = m["average_precision"]
        np.testing.assert_allclose(ap["per_class"], average_precision_score(Y, p, average=None), atol=1e-12)
        assert ap["macro"] == pytest.approx(average_precision_score(Y, p, average="macro"), abs=1e-12)
        assert ap["micro"] == pytest.approx(average_precision_score(Y, p, average="micro"), abs=1e-12)
        for a in ("macro", "weighted", "micro", "hand_till"):
            low, high = auc[f"{a}_ci"]
            assert low < auc[a] < high and high - low < 0.2
        am = m["decisions"]["argmax"]
        assert am["confusion"] == confusion_matrix(y, p.argmax(axis=1)).tolist()
        prec, rec, f1, sup = precision_recall_fscore_support(y, p.argmax(axis=1), zero_division=np.nan)
        np.testing.assert_allclose(am["per_class"]["precision"], prec, atol=1e-12)
        np.testing.assert_allclose(am["per_class"]["recall"], rec, atol=1e-12)
        np.testing.assert_allclose(am["per_class"]["f1"], f1, atol=1e-12)
        assert am["per_class"]["support"] == sup.tolist()
        assert am["kappa"] == pytest.approx(cohen_kappa_score(y, p.argmax(axis=1)), abs=1e-12)
        assert m["probability"]["log_loss"] == pytest.approx(log_loss(y, p), rel=1e-12)
        for k in ("1", "2", "3"):
            assert m["top_k"][k] == pytest.approx(top_k_accuracy_score(y, p, k=int(k)), abs=1e-12)
        bayes = m["decisions"]["bayes"]
        d = ec.bayes_decision(p, COST)
        assert bayes["confusion"] == confusion_matrix(y, d).tolist()
        assert bayes["cost_error"] == pytest.approx(ec.cost_matrix_error(bayes["confusion"], COST), abs=1e-15)
        assert bayes["expected_cost"] == pytest.approx(ec.expected_cost(p, COST, d), rel=1e-12)
        assert bayes["expected_cost"] <= am["expected_cost"]


def test_scores_that_are_not_probabilities_have_no_bayes_decision_or_log_loss(tmp_path):
    y, models = _data(1, 300)
    models["tree"] = models["tree"] * 3                       # rows sum to 3
    write_csv(tmp_path / "p.csv", y, models)
    rep = build_multiclass_report(ec.load_multiclass(tmp_path / "p.csv"), cost=COST)
    tree = rep.numbers["models"][1]
    assert not tree["probabilities"] and "probability" not in tree and set(tree["decisions"]) == {"argmax"}
    assert tree["decisions"]["argmax"]["expected_cost"] is None and tree["decisions"]["argmax"]["cost_error"] > 0
    assert "top_k" in tree and rep.curves[1].reliability is None


EVIL = "<script>alert(1)</script>"


def test_html_offline_escaped_in_both_languages(tmp_path):
    from evalcore.report.html_multiclass import SECTIONS, render

    y, models = _data(2, 200)
    classes = [EVIL, "=1+1", "<b>b</b>", "ok"]
    write_csv(tmp_path / "p.csv", y, {"<img src=x onerror=alert(2)>": models["lr"]}, classes=classes)
    rep = build_multiclass_report(ec.load_multiclass(tmp_path / "p.csv"), cost=COST, name="<svg onload=x>.csv")
    for lang, word in (("en", "Multi-class"), ("zh", "多分类")):
        page = render(rep, lang=lang)
        body = page[page.index("<body>"):]
        assert word in body and "https://" not in body and "<script src" not in page
        for raw in (EVIL, "<img src=x", "<svg onload", "<b>b</b>"):
            assert raw not in body, raw
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body and "&#x27;=1+1" in body
        for s in SECTIONS:
            assert f'id="{s}"' in body
        for spec in re.findall(r'<script type="application/json" class="figure"[^>]*>(.*?)</script>', body, re.S):
            assert "<" not in spec and "<script>" not in json.dumps(json.loads(spec))
        assert page.count("Plotly.newPlot") == 1


def test_cost_matrix_inline_from_a_file_and_refused():
    assert parse_cost_matrix("0,1;5,0", k=2).tolist() == [[0, 1], [5, 0]]
    with pytest.raises(ec.DataError, match="2 rows of 2") as e:
        parse_cost_matrix("1,5", k=2)
    assert "0,1;1,0" in e.value.text("en")
    with pytest.raises(ec.DataError, match="-1"):
        parse_cost_matrix("0,-1;1,0", k=2)
    with pytest.raises(ec.DataError) as e:
        parse_cost_matrix("0,1e9;1,0", k=2)
    assert e.value.code == "cost_out_of_range"


def test_command_line_detects_forces_and_refuses(tmp_path, capsys):
    y, models = _data(3, 300)
    write_csv(tmp_path / "p.csv", y, models)
    (tmp_path / "cost.txt").write_text("# true \\ predicted\n0 1 1 1\n2 0 1 1\n5 1 0 1\n9 1 1 0\n", encoding="utf-8")
    assert main([str(tmp_path / "p.csv"), "--format", "json", "--costs", str(tmp_path / "cost.txt"),
                 "-o", str(tmp_path / "r.json")]) == 0
    got = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert got["report"]["kind"] == "multiclass" and got["settings"]["cost_matrix"] == COST
    # one model: the class names alone, detected by the label values
    one = tmp_path / "one.csv"
    one.write_text("y_true,cat,dog\ncat,0.8,0.2\ndog,0.3,0.7\ncat,0.6,0.4\ndog,0.45,0.55\n", encoding="utf-8")
    assert main([str(one), "--format", "json", "-o", str(tmp_path / "one.json")]) == 0
    assert json.loads((tmp_path / "one.json").read_text(encoding="utf-8"))["data"]["classes"] == ["cat", "dog"]
    assert main([str(one), "--task", "binary", "--pos-label", "dog", "--format", "json", "-o",
                 str(tmp_path / "b.json")]) == 0
    assert "kind" not in json.loads((tmp_path / "b.json").read_text(encoding="utf-8"))["report"]
    capsys.readouterr()
    assert main([str(tmp_path / "p.csv"), "--threshold", "lr=0.3", "-o", str(tmp_path / "x.html")]) == 1
    assert "two-class" in capsys.readouterr().err and not (tmp_path / "x.html").exists()
    assert main([str(tmp_path / "p.csv"), "--costs", "1,5", "--lang", "zh"]) == 1
    assert "代价矩阵" in capsys.readouterr().err


def test_past_the_bounds_exit_2_with_a_sentence(tmp_path, capsys):
    from evalcore._bounds import MAX_CLASSES

    k = MAX_CLASSES + 1
    names = [f"c{i}" for i in range(k)]
    with open(tmp_path / "many.csv", "w", encoding="utf-8") as f:
        f.write("label," + ",".join(f"m:{c}" for c in names) + "\n")
        for i in range(3):
            f.write(f"c{i}," + ",".join(["0.0"] * k) + "\n")
    assert main([str(tmp_path / "many.csv"), "-o", str(tmp_path / "r.html")]) == 2
    err = capsys.readouterr().err
    assert f"{k:,} classes" in err and f"at most {MAX_CLASSES:,}" in err and "Traceback" not in err
    assert not (tmp_path / "r.html").exists()
    y, models = _data(4, 50)
    many = {f"m{i}": models["lr"] for i in range(11)}        # 11 models x 4 classes
    write_csv(tmp_path / "models.csv", y, many, ids=False)
    assert main([str(tmp_path / "models.csv"), "--format", "json"]) == 2
    assert "10" in capsys.readouterr().err


def test_the_loader_s_fast_paths_keep_its_rules():
    """Numeric columns: an infinite score is still refused by row; labels named once each: "1" and "1.0", " cat"
    and "cat" are one class, an empty label drops its row."""
    with pytest.raises(ec.DataError) as err:
        ec.load_multiclass(b"y,a:1,a:2\n1,0.5,0.5\n2,inf,0.5\n")
    assert err.value.code == "mc_bad_score" and err.value.params["row"] == 2
    ms = ec.load_multiclass(b"y,cat,dog\n cat,0.9,0.1\ncat ,0.8,0.2\ndog,0.3,0.7\n,0.5,0.5\n")
    assert ms.y.tolist() == [0, 0, 1] and any(w.code == "dropped_rows" for w in ms.warnings)
    ms = ec.load_multiclass(b"y,m:1,m:2\n1.0,0.9,0.1\n2,0.3,0.7\n1,0.6,0.4\n")
    assert ms.y.tolist() == [0, 1, 0]
