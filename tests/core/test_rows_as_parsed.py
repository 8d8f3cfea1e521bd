"""Rows and columns counted as the CSV parser sees them (issue 37, items 2
and 7): a bare ``\\r`` ends a row as ``\\n`` and ``\\r\\n`` do, a quoted line
break does not, a quoted separator in a header is part of a name.  A file
over a bound is refused before the parser reads it (pandas is not called)."""
import numpy as np
import pandas as pd
import pytest

import evalcore as ec
from ui.protect import limits
@pytest.fixture
def no_parse(monkeypatch):
    """pandas' reader fails the test if it is called: the bound comes first."""
    def refuse(*a, **k):
        raise AssertionError("the parser ran on a file over its bound")
    monkeypatch.setattr(pd, "read_csv", refuse)


@pytest.mark.parametrize("end", ["\r", "\n", "\r\n"])
def test_a_predictions_file_over_the_row_bound_is_refused_unparsed(no_parse, end):
    n = limits.MAX_ROWS + 1
    data = (f"y,m{end}" + f"1,0.5{end}0,0.25{end}" * (n // 2) + f"1,0.5{end}" * (n % 2)).encode()
    with pytest.raises(ec.DataError) as err:
        ec.load_predictions(data, max_rows=limits.MAX_ROWS, max_columns=limits.MAX_MODELS + 1)
    assert err.value.code == "too_many_rows" and err.value.params["got"] == n
    assert "1,000,001" in err.value.text("zh") and "1,000,000" in err.value.text("en")


def test_kxk_labels_with_bare_cr_rows_are_refused_unparsed(no_parse):
    b = limits.bound("mc_labels")
    data = b"y_true,y_pred\r" + b"cat,dog\r" * (b.rows + 1)
    with pytest.raises(ec.DataError) as err:
        ec.load_labels(data, max_rows=b.rows, max_classes=b.cols)
    assert err.value.code == "too_many_rows" and err.value.params["got"] == b.rows + 1
    assert "1,000,001 个数据行" in err.value.text("zh") and "1,000,001 data rows" in err.value.text("en")


def _table(data: bytes, lang: str):
    from ui.protect import bounds
    from ui.core.i18n import error_text
    from ui.core.state import SS

    SS["lang"] = lang
    try:
        bounds.table_parser("friedman upload", min_rows=2, min_cols=2)(data)
    except ec.DataError as err:
        return error_text(err)
    return None


@pytest.mark.parametrize("lang,words", [("zh", "个数据行"), ("en", "data rows")])
def test_a_friedman_table_of_bare_cr_rows_is_refused_in_the_users_language(no_parse, lang, words):
    from streamlit.testing.v1 import AppTest

    rows = limits.FRIEDMAN_SETS + 1
    data = b"A,B\r" + b"1,2\r" * rows

    def script(data, lang):
        import streamlit as st
        from test_rows_as_parsed import _table
        st.error(_table(data, lang))

    at = AppTest.from_function(script, args=(data, lang), default_timeout=30).run()
    assert not at.exception
    (shown,) = [e.value for e in at.error]
    assert words in shown and f"{rows:,}" in shown and f"{limits.FRIEDMAN_SETS:,}" in shown


def test_quoted_line_breaks_are_no_rows():
    """1,000 rows whose names hold a line break: 2,000 lines, 1,000 rows, within a bound of 1,000."""
    data = b'name,A,B\r\n' + b'"set\r\nnumber",1,2\r\n' * 1_000
    assert ec.load_table(data, max_rows=1_000, max_columns=3).values.shape == (1_000, 2)
    over = b'name,A,B\n' + b'"set\nnumber",1,2\n' * 1_001
    with pytest.raises(ec.DataError) as err:
        ec.load_table(over, max_rows=1_000, max_columns=3)
    assert err.value.code == "too_many_rows_over" and "1,000" in err.value.text("zh")


def test_a_quote_inside_a_field_hides_no_rows(no_parse):
    """A quote in the middle of a field is a character (to pandas and to the
    count), not the start of a quoted field that would swallow the rows after it."""
    data = b'y,m\r1,0"5\r' + b"1,0.5\r" * 20
    with pytest.raises(ec.DataError) as err:
        ec.load_predictions(data, max_rows=10)
    assert err.value.code == "too_many_rows_over"


def test_a_quoted_comma_in_a_header_is_part_of_a_name():
    ps = ec.load_predictions(b'y,"model, v2"\n1,0.9\n0,0.2\n', max_columns=2)
    assert ps.models == ["model, v2"]
    with pytest.raises(ec.DataError) as err:
        ec.load_predictions(b'y,"a,b",c\n1,0.9,0.1\n0,0.2,0.3\n', max_columns=2)
    assert err.value.params["got"] == 3


def test_a_cell_ends_at_a_bare_cr():
    """A one-column file of 5,000 short bare-CR rows holds no 20 KB cell (it was measured as one)."""
    assert ec.load_table(b"error\r" + b"0.125\r" * 5_000).values.shape == (5_000, 1)
    with pytest.raises(ec.DataError) as err:
        ec.load_predictions(b"y,m\r1,0.5\r" + b"x" * 20_000 + b"\r0,0.1\r")
    assert err.value.code == "file_cell_too_long"


def test_the_longest_cell_is_found_as_splitting_finds_it():
    """The cell bound's one-pass check (pieces of half the bound, each with a cut) against splitting the bytes
    at every separator and line break: the same run over the bound, or none, for random short files and
    bounds (runs just over, at and under the bound included by the small alphabet)."""
    from evalcore._csv import _cell_longer_than

    rng = np.random.default_rng(0)
    for _ in range(3000):
        n, over = int(rng.integers(0, 300)), int(rng.integers(1, 40))
        b = rng.choice(np.frombuffer(b"ab,\n\r", np.uint8), n, p=rng.dirichlet(np.ones(5))).tobytes()
        runs = [len(x) for x in b.replace(b"\n", b",").replace(b"\r", b",").split(b",")]
        assert _cell_longer_than(b, ",", over) == (max(runs) if max(runs) > over else None), (b, over)


def test_a_quoted_field_too_long_to_count_is_no_way_past_the_bound(no_parse):
    """A 150,000-character quoted field (past Python's csv limit) and more
    line breaks than the bound: refused unparsed, not parsed uncounted."""
    data = b'y,m\n1,"' + b"a," * 75_000 + b'"\n' + b"1,0.5\n" * 20
    with pytest.raises(ec.DataError) as err:
        ec.load_predictions(data, max_rows=10)
    assert err.value.code == "too_many_rows_over"


def test_a_quoted_comma_does_not_choose_the_separator():
    ps = ec.load_predictions(b'y;"model, v2, final"\n1;0.9\n0;0.2\n')
    assert ps.models == ["model, v2, final"]


def test_a_trailing_separator_is_found_with_bare_cr_rows():
    with pytest.raises(ec.DataError) as err:
        ec.load_predictions(b"y,score\r1,0.9,\r0,0.2,\r1,0.7,\r")
    assert err.value.code == "file_trailing_comma"
