"""A class on one server: bounded work per session, no writes at run time,
user text shown and never interpreted, no traceback for odd numbers."""
import html
import json
from pathlib import Path

import pytest
from apptest_utils import ROOT, figure, ok, run, text_tables

import evalcore as ec
import ui
from ui.protect import limits
DATA_PAGES = [p.path for p in ui.PAGES if p.needs == "predictions"]


def upload(at, data: bytes, name="f.csv"):
    at.sidebar.file_uploader(key="_w_upload").set_value((name, data, "text/csv")).run()
    return at


def tree_state():
    skip = (".git", "__pycache__", ".pytest_cache", ".hypothesis", ".venv", ".ruff_cache")
    return {p.relative_to(ROOT).as_posix(): p.stat().st_mtime_ns for p in ROOT.rglob("*")
            if p.is_file() and not any(part in skip for part in p.relative_to(ROOT).parts)}


def test_no_page_writes_into_the_source_tree():
    before = tree_state()
    for page in [p.path for p in ui.PAGES]:
        ok(run(page, lang="en"))
    ok(run("pages/cost.py", lang="en", source="synthetic"))       # the linked figure
    assert tree_state() == before


@pytest.mark.parametrize("page", DATA_PAGES)
def test_scores_near_the_float_limit_give_no_traceback(page):
    at = upload(run(page, source="upload", lang="en"), b"y,m\n1,1e308\n0,-1e308\n1,5e307\n0,-3e307\n")
    ok(at)
    assert at.session_state["ds_upload"].n == 4
    if page.endswith("confusion.py"):
        assert any("type the threshold" in c.value for c in at.caption)


HOSTILE = "![x](http://example.invalid/a.png) <span style='font-size:99px'>big</span> :red[r] $x^2$ \u202edcba"


def test_hostile_names_are_shown_literally():
    data = ("y_true," + HOSTILE.replace(",", " ") + ",hl-roc\n1,0.9,0.8\n0,0.2,0.3\n1,0.6,0.7\n0,0.4,0.1\n").encode()
    at = upload(run("pages/pr.py", source="upload", lang="en"), data)
    ok(at)
    name = next(m for m in at.session_state["ds_upload"].models if m != "hl-roc")
    assert "\u202e" not in name                                  # bidi override stripped on load
    md = "\n".join(e.value for e in at.markdown)
    assert "![x](" not in md and "\\!\\[x\\]" in md              # no image, no link: escaped
    spec = figure(at, "pr_fig")
    legend, hover = spec["data"][0]["name"], spec["data"][0]["hovertemplate"]
    assert len(html.unescape(legend).split(" (AP")[0]) <= limits.NAME_CHARS and "…" in legend   # shortened ...
    assert "&lt;span" in hover and "<span" not in hover                             # ... whole and inert on hover
    assert "$x^2$" in hover


def test_the_cost_page_works_with_a_model_named_like_its_wiring():
    data = b"y,hl-roc,hl-cost\n1,0.9,0.8\n0,0.2,0.3\n1,0.6,0.7\n0,0.4,0.1\n1,0.5,0.2\n"
    at = upload(run("pages/cost.py", source="upload", lang="en"), data)
    ok(at)
    linked = next(el.proto for el in at.get("bidi_component") if el.proto.id.endswith("linked"))
    spec = json.loads(json.loads(linked.json)["spec"])
    names, meta = [t.get("name") for t in spec["data"]], spec["layout"]["meta"]
    assert names[meta["hl_roc"]] == "hl-roc" and names[meta["hl_cost"]] == "hl-cost"
    page = (Path(ui.__file__).parent / "core" / "live" / "figure.js").read_text(encoding="utf-8")
    assert "meta.hl_roc" in page and "indexOf(p.customdata)" in page and ".name" not in page


def test_a_trailing_comma_file_loads():
    at = upload(run("pages/confusion.py", source="upload", lang="en"), b"y,m,\n1,0.9,\n0,0.2,\n1,0.4,\n")
    ok(at)
    assert at.session_state["ds_upload"].models == ["m"]
    assert any("empty column" in c.value for c in at.sidebar.caption)


def test_formula_cells_are_neutralised_in_tables():
    """A data frame can be downloaded as CSV: a name that a spreadsheet would run gets a quote in front.  A
    table of text (the confusion page's, ``ui.text_table``) shows the name as written, inert."""
    data = b"y,=HYPERLINK(1),@cmd\n1,0.9,0.8\n0,0.2,0.3\n1,0.6,0.7\n0,0.4,0.1\n"
    at = upload(run("pages/pr.py", source="upload", lang="en"), data)
    ok(at)
    assert {"'=HYPERLINK(1)", "'@cmd"} <= set(at.dataframe[0].value.columns)
    at = upload(run("pages/confusion.py", source="upload", lang="en"), data)
    ok(at)
    assert [row["matrix"] for row in text_tables(at)[0]] == ["=HYPERLINK(1)", "@cmd"]


@pytest.mark.parametrize("lang,words", [("en", "at most 3"), ("zh", "最多接受 3")])
def test_row_and_column_caps_say_so_in_the_users_language(monkeypatch, lang, words):
    monkeypatch.setattr(limits, "MAX_ROWS", 3)
    at = upload(run("pages/confusion.py", source="upload", lang=lang), b"y,m\n1,0.9\n0,0.2\n1,0.4\n0,0.3\n")
    ok(at)
    assert words in at.sidebar.error[0].value
    monkeypatch.setattr(limits, "MAX_MODELS", 2)
    at = upload(at, b"y,a,b,c\n1,1,1,1\n0,0,0,0\n", name="wide.csv")
    assert words.replace("3", "3") in at.sidebar.error[0].value or "3" in at.sidebar.error[0].value


def test_oversampling_is_bounded_and_says_so(monkeypatch):
    monkeypatch.setattr(limits, "RESAMPLE_MAX_ROWS", 5_000)
    at = run("pages/cost.py", source="synthetic", syn_n=10_000, syn_rate=0.5, imb_rate=0.99, imb_method="over",
             lang="en")
    ok(at)
    assert any("the limit is 5,000" in e.value for e in at.error)
    with pytest.raises(ec.DataError, match="limit"):
        ec.resample_to_rate([1, 0] * 500, [0.1] * 1000, 0.99, method="over", max_rows=10_000)


def test_only_a_two_label_file_asks_which_label_is_positive():
    rows = "\n".join(f"c{i % 7},{i / 100}" for i in range(40))
    at = upload(run("pages/confusion.py", source="upload", lang="en"), f"y,m\n{rows}\n".encode())
    ok(at)
    assert "upload_pending" not in at.session_state and "7 different values" in at.sidebar.error[0].value


@pytest.mark.parametrize("page", ["pages/confusion.py", "pages/roc.py", "pages/cost.py"])
def test_an_uploads_facts_live_in_its_session_not_the_shared_cache(monkeypatch, page):
    """Memory returns when a session ends: an upload's per-model facts are
    kept in the session's state (with the upload), never in the cache that
    all sessions share; a newer upload replaces the older one's."""
    import ui.core.models as models

    shared = []
    real = models._model
    monkeypatch.setattr(models, "_model", lambda token, *a: shared.append(token) or real(token, *a))
    rows = "\n".join(f"{i % 2},{(i * 37 % 100) / 100},{(i * 53 % 100) / 100}" for i in range(60))
    at = upload(run(page, source="upload"), f"y,a,b\n{rows}\n".encode())
    ok(at)
    facts = at.session_state["_upload_facts"]
    assert {name for _, name, _ in facts} >= {"a"}
    assert all(token.startswith("upload:") for token, _, _ in facts)
    assert not [t for t in shared if t.startswith("upload")]
    first = next(iter(facts))[0]
    upload(at, f"y,a,b\n{rows}\n1,0.5,0.5\n".encode(), name="g.csv")
    ok(at)
    assert first not in {token for token, _, _ in at.session_state["_upload_facts"]}
