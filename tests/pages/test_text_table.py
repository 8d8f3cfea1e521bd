"""A small table of text (``ui.text_table``, the confusion page's two tables): every cell, a name from the
user's file too, is shown as written and never interpreted; it stays one table of its rows."""
from streamlit.testing.v1 import AppTest

from apptest_utils import ok, text_tables

NAMES = ["a|b", "**bold**", "<b>x</b>", "line\nbreak", "http://example.com", "$x^2$", "=SUM(A1)", "", "`code`"]


def _table(names):
    import ui

    ui.text_table([{"model": name, "TP": i, "P": "0.500"} for i, name in enumerate(names)])


def test_every_cell_is_shown_as_written():
    at = AppTest.from_function(_table, args=(NAMES,)).run()
    ok(at)
    table, = text_tables(at)
    assert [row["model"] for row in table] == [" ".join(n.split()) or "" for n in NAMES]
    assert [row["TP"] for row in table] == [str(i) for i in range(len(NAMES))]
    source = at.markdown[0].value
    assert len(source.split("\n")) == 2 + len(NAMES)           # one line a row: a name's line break is a space
    for raw in ("**bold**", "<b>", "$x^2$", "`code`", "a|b", "http://"):
        assert raw not in source                               # escaped, so Markdown shows it as text


def test_no_rows_draw_nothing():
    def empty():
        import ui

        ui.text_table([])

    at = AppTest.from_function(empty).run()
    ok(at)
    assert not at.markdown
