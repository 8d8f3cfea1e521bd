"""A data editor's state is the client's to send (issue 37, item 3): a
crafted state with many added rows and one row index repeated in
``deleted_rows`` (pandas drops that row once) walked past every editor
bound.  The check is on the table the edit would produce; links and tour
stops that carry a table meet the same bound (:data:`ui.protect.limits.TABLES`)."""
import pytest
from apptest_utils import ok, run

from ui.protect import limits

from ui.core import settings

from ui.core import tour
from ui.protect.bounds import check_edits

ROW = {"lab.table.clusters": {"x": 1.0, "y": 2.0, "class": "A", "cluster": "1"},
       "exercises.table.e23": {"y": 1, "A": 0.5, "B": 0.5}}
OPEN = {"lab.table.clusters": ("pages/lab.py", {"lab.section": "clustering"}),
        "exercises.table.e23": ("pages/exercises.py", {"exercises.open": "2.3", "exercises.shown.2.3": True})}


def _crafted(name: str, n: int) -> dict:
    """``n`` added rows and ``n`` deletions of row 0: the old check counted n - n = 0 rows more."""
    return {"edited_rows": {}, "added_rows": [dict(ROW[name]) for _ in range(n)], "deleted_rows": [0] * n}


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("name,n", [("lab.table.clusters", 10_000), ("exercises.table.e23", 20_000)])
def test_a_repeated_deletion_does_not_walk_past_the_bound(name, n, lang):
    page, state = OPEN[name]
    at = run(page, lang=lang, **state, **{f"_w_{name}": _crafted(name, n)})
    ok(at)
    b = limits.bound(name)
    table = at.session_state[name] if name in at.session_state else None
    assert table is None or len(next(iter(table.values()))) <= b.rows
    errors = [e.value for e in at.error if f"{b.rows:,}" in e.value]
    assert errors and ("最多" in errors[0]) == (lang == "zh") and ("at most" in errors[0]) == (lang == "en")


def test_the_check_is_on_the_table_the_edit_produces():
    cols = ["x", "y", "class", "cluster"]
    name = "lab.table.clusters"
    row = ROW[name]
    check_edits(name, {"added_rows": [row] * 390, "deleted_rows": [0, 1, 2]}, 13, cols)     # 400: taken
    with pytest.raises(Exception) as err:
        check_edits(name, {"added_rows": [row] * 390, "deleted_rows": [0, 0, -13]}, 13, cols)  # 402
    assert err.value.code == "table_too_large" and err.value.params["rows"] == 402
    for bad in ({"deleted_rows": [13]}, {"deleted_rows": ["x"]}, {"deleted_rows": ["0"]},
                {"deleted_rows": [-14]}, {"deleted_rows": [True]},
                {"added_rows": [{"nope": 1}]}, {"edited_rows": {"99": {"x": 1}}}, {"edited_rows": {0: {"zz": 1}}},
                {"added_rows": ["row"]}, {"added_rows": {"a": 1}}):
        with pytest.raises(Exception) as err:
            check_edits(name, bad, 13, cols)
        assert err.value.code == "table_edit_invalid", bad


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_an_edit_naming_a_missing_column_keeps_the_table_and_says_so(lang):
    name = "lab.table.clusters"
    page, state = OPEN[name]
    at = run(page, lang=lang, **state, **{f"_w_{name}": {"added_rows": [{"nope": 1}], "deleted_rows": [999]}})
    ok(at)
    shown = [e.value for e in at.error if "聚类" in e.value or "clustering" in e.value]
    assert shown and ("没有应用" in shown[0]) == (lang == "zh")


def _text(columns, rows: int) -> str:
    return ";".join(f"{c}:" + ",".join(["1"] * rows) for c in columns)


@pytest.mark.parametrize("param,key,rows,columns", [
    ("l_tab_clusters", "lab.table.clusters", 500, ("x", "y", "class", "cluster")),
    ("c_tab_t", "compare.table.t", 1_999, ("error",)),
    ("c_tab_paired", "compare.table.paired", 10, ("A", "B", "C"))])
def test_a_link_or_a_tour_stop_carries_no_table_over_its_bound(param, key, rows, columns):
    with pytest.raises(ValueError):
        settings.parse_param(param, _text(columns, rows))
    with pytest.raises(tour.TourError):
        tour.check_stop(1, {"page": "lab", "state": {param: _text(columns, rows)}})
    b = limits.bound(key)
    assert len(settings.parse_param(param, _text(columns[:b.cols], b.rows))) == min(len(columns), b.cols)


@pytest.mark.parametrize("section,param,text", [("clustering", "l_tab_clusters", "x:1,2,3;y:1,2,3"),
                                                ("loss", "l_tab_binary", "a:1,0;b:2,3"),
                                                ("regression", "l_tab_regression", "y:1,2")])
def test_a_link_to_a_lab_table_without_its_columns_opens_the_preset(section, param, text):
    """The lab reads its tables' columns by name: other columns from a link were a KeyError."""
    from apptest_utils import ROOT
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "pages/lab.py"), default_timeout=60)
    at.query_params.update({"l_sec": section, param: text, "lang": "en"})
    at.run()
    ok(at)


def test_a_link_with_a_table_over_the_bound_opens_the_preset():
    text = "x:" + ",".join(["1"] * 500) + ";y:" + ",".join(["2"] * 500)
    from apptest_utils import ROOT
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "pages/lab.py"), default_timeout=60)
    at.query_params.update({"l_sec": "clustering", "l_tab_clusters": text, "lang": "en"})
    at.run()
    ok(at)
    table = at.session_state["lab.table.clusters"] if "lab.table.clusters" in at.session_state else None
    assert table is None or len(next(iter(table.values()))) <= limits.CLUSTER_POINTS
