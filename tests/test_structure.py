"""Architecture rules and the bilingual string table."""
import re
import subprocess
import sys
import tomllib
from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent
STRINGS = tomllib.loads((ROOT / "assets" / "i18n.toml").read_text(encoding="utf-8"))


def test_import_evalcore_pulls_no_ui_or_sklearn():
    code = ("import sys, evalcore; bad = [m for m in ('streamlit', 'plotly', 'sklearn') "
            "if m in sys.modules]; print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_public_api_names_exist():
    import evalcore as ec

    names = """load_predictions confusion_matrix binary_counts measures macro_micro cohen_kappa roc_curve
    roc_auc rank_loss pr_curve average_precision break_even_point cost_sensitive_error probability_cost
    normalized_cost cost_curve oob_fraction expected_oob_fraction binomial_test t_test paired_t_test
    cv5x2_t_test mcnemar friedman nemenyi_cd bias_variance DataError PredictionSet""".split()
    missing = [n for n in names if not hasattr(ec, n)]
    assert not missing
    assert issubclass(ec.DataError, ValueError)


def test_every_string_has_both_languages():
    bad = [k for k, v in STRINGS.items() if set(v) != {"zh", "en"} or not v["zh"] or not v["en"]]
    assert not bad
    no_chinese = [k for k, v in STRINGS.items() if not re.search(r"[\u4e00-\u9fff]", v["zh"])
                  and re.search(r"[A-Za-z]{4,}", v["zh"]) and v["zh"] == v["en"]]
    assert not no_chinese


def test_every_key_used_in_code_exists():
    used = set()
    for f in [ROOT / "app.py", ROOT / "ui.py", *ROOT.glob("pages/*.py")]:
        used |= set(re.findall(r'\b(?:T|t|ui\.t)\("([a-z0-9_.\-]+)"', f.read_text(encoding="utf-8")))
    used = {k for k in used if not k.endswith(".")}
    assert not sorted(used - set(STRINGS))


def test_every_lesson_in_both_languages():
    for zh in (ROOT / "assets" / "lessons").glob("*.zh.md"):
        assert zh.with_name(zh.name.replace(".zh.md", ".en.md")).exists()


def test_every_data_error_message_has_both_languages():
    from evalcore._validation import MESSAGES

    for code, (en, zh) in MESSAGES.items():
        assert en and re.search(r"[\u4e00-\u9fff]", zh), code


def test_pages_do_no_math():
    # pages call evalcore; they never sort, integrate or take means themselves
    banned = re.compile(r"np\.(sort|argsort|cumsum|trapz|trapezoid|mean|sum|trace|histogram|diff)\(|"
                        r"\.(searchsorted|sum|mean|cumsum)\(")
    for f in ROOT.glob("pages/*.py"):
        assert not banned.search(f.read_text(encoding="utf-8")), f.name


def test_upload_cap_and_no_usage_stats():
    cfg = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert cfg["browser"]["gatherUsageStats"] is False
    assert 0 < cfg["server"]["maxUploadSize"] <= 200
