"""ec.load_predictions and ec.load_labels: formats that load, inputs that fail clearly."""
import io

import numpy as np
import pytest

import evalcore as ec
from evalcore.datasets import DATA as ASSETS

GOOD = {
    "gbk": ("好瓜,分数\n是,0.9\n否,0.1\n是,0.3\n".encode("gbk"), "是", 2, 1),
    "gb18030": ("标签,模型\n是,0.9\n否,0.1\n".encode("gb18030"), "是", 1, 1),
    "utf8_bom_semicolon": ("\ufeffy_true;s1;s2\n1;0.9;0.2\n0;0.1;0.3\n".encode("utf-8"), 1, 1, 1),
    "tab": (b"label\tm1\n-1\t0.2\n1\t0.9\n-1\t0.4\n", 1, 1, 2),
    "yes_no": (b"target,m\nyes,1\nno,2\nno,3\n", "yes", 1, 2),
    "float_0_1": (b"y,m\n0.0,0.3\n1.0,0.2\n", 1.0, 1, 1),
    "bool": (b"y,m\nTrue,0.3\nFalse,0.2\n", True, 1, 1),
    "utf16_excel": ("y\tm\n1\t0.3\n0\t0.1\n".encode("utf-16"), 1, 1, 1),
    "pos_neg_words": (b"class,a\nneg,0.1\npos,0.8\n", "pos", 1, 1),
    "crlf": (b"y,m\r\n1,0.3\r\n0,0.1\r\n", 1, 1, 1),
}


@pytest.mark.parametrize("name", list(GOOD))
def test_good_files_load(name):
    data, pos, n_pos, n_neg = GOOD[name]
    ps = ec.load_predictions(data)
    assert ps.pos_label == pos and (ps.n_pos, ps.n_neg) == (n_pos, n_neg)
    assert ps.y.dtype == np.int8 and set(np.unique(ps.y)) == {0, 1}
    assert all(v.dtype == np.float64 for v in ps.scores.values())


def test_sources_path_bytes_and_file_likes(tmp_path):
    data = b"y_true,a,b\n1,0.9,3\n0,0.2,1\n"
    p = tmp_path / "x.csv"
    p.write_bytes(data)
    for src in (data, str(p), p, io.BytesIO(data), io.StringIO(data.decode())):
        ps = ec.load_predictions(src)
        assert ps.models == ["a", "b"] and ps.y.tolist() == [1, 0]
        np.testing.assert_array_equal(ps.scores["b"], [3.0, 1.0])


def test_watermelon_file_label_by_name_and_id_skipped():
    ps = ec.load_predictions(ASSETS / "watermelon-3.0.csv")
    assert ps.label_col == "好瓜" and ps.pos_label == "是"
    assert (ps.n_pos, ps.n_neg) == (8, 9)
    assert ps.models == ["密度", "含糖率"]
    assert any("编号" in w for w in ps.warnings)


def test_label_column_found_as_the_one_text_column():
    ps = ec.load_predictions(b"m1,truth_value,m2\n0.3,good,0.1\n0.2,bad,0.9\n")
    assert ps.label_col == "truth_value" and ps.pos_label == "good"


def test_empty_cells_dropped_and_counted():
    ps = ec.load_predictions(b"y,m,k\n1,0.3,0.1\n0,,0.2\n1,0.5,0.3\n,0.2,0.1\n0,0.1,0.1\n")
    assert ps.n == 3
    assert any("2 row(s)" in w for w in ps.warnings)
    assert any("2 行" in w.text("zh") for w in ps.warnings)


def test_options_label_col_score_cols_pos_label():
    data = b"a,b,c\nx,0.1,5\ny,0.7,6\nx,0.2,7\n"
    ps = ec.load_predictions(data, label_col="a", score_cols=["c"], pos_label="y")
    assert ps.models == ["c"] and ps.y.tolist() == [0, 1, 0]


def test_three_classes_with_pos_label_is_one_vs_rest():
    ps = ec.load_predictions(b"y,a\ncat,0.1\ndog,0.2\nbird,0.3\ncat,0.5\n", pos_label="cat")
    assert ps.y.tolist() == [1, 0, 0, 1] and any("3 classes" in w for w in ps.warnings)


BAD = {
    "empty": (b"", "file_empty", "The file is empty"),
    "whitespace": (b"  \n\n", "file_empty", "The file is empty"),
    "header_only": (b"y_true,a\n", "file_no_rows", "header but no data rows"),
    "one_class": (b"y,a\n1,0.2\n1,0.3\n", "one_class", "at least one positive and one negative"),
    "non_numeric": (b"y,a\n1,0.2\n0,abc\n1,0.5\n0,0.1\n", "bad_score_value",
                    r"Column 'a' must hold finite numbers; data row 2 \(line 3 of the file\) has 'abc'"),
    "infinite": (b"y,a\n1,0.2\n0,inf\n", "bad_score_value", "data row 2"),
    "xlsx": (b"PK\x03\x04\x14\x00\x06\x00" + bytes(200), "file_binary", "Excel .xlsx"),
    "xls": (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(200), "file_binary", "old Excel"),
    "png": (b"\x89PNG\r\n\x1a\n" + bytes(100), "file_binary", "PNG image"),
    "binary": (bytes(range(256)) * 4, "file_binary", "binary file"),
    "ragged": (b"y,a,b\n1,0.2,0.3\n0,0.1,0.2,0.5\n1,.3,.4\n", "file_ragged",
               "Row 3 has 4 fields but the header has 3"),
    "three_classes": (b"y,a\ncat,0.1\ndog,0.2\nbird,0.3\n", "too_many_classes", "3 different values"),
    "ambiguous": (b"y,m\nA,0.3\nB,0.2\n", "ambiguous_pos_label", "Which label is the positive class"),
    "big_cell": (b"a" * 5_000_000, "file_cell_too_long", "5000000 characters"),
    "big_cell_in_row": (b"y,a\n1," + b"9" * 5_000_000 + b"\n0,0.1\n", "file_cell_too_long", "characters long"),
    "one_column": (b"a\n1\n2\n", "file_too_few_columns", "1 column"),
    "no_scores": (b"y,name\n1,ann\n0,bob\n", "no_score_column", "No numeric score column"),
    "not_utf8_nor_gbk": (b"y,a\n\xff\xfe\xfd\x80,1\n", "file_encoding", "neither UTF-8 nor GBK"),
}


@pytest.mark.parametrize("name", list(BAD))
def test_bad_files_fail_clearly(name):
    data, code, msg = BAD[name]
    with pytest.raises(ec.DataError, match=msg) as info:
        ec.load_predictions(data)
    assert info.value.code == code
    zh = info.value.text("zh")
    assert zh and zh != str(info.value) and any("\u4e00" <= ch <= "\u9fff" for ch in zh)


def test_bad_pos_label_and_unknown_column():
    with pytest.raises(ec.DataError, match="pos_label 'Z' is not one of the labels"):
        ec.load_predictions(b"y,m\nA,0.3\nB,0.2\n", pos_label="Z")
    with pytest.raises(ec.DataError, match="There is no column 'zz'"):
        ec.load_predictions(b"y,m\n1,0.3\n0,0.2\n", label_col="zz")


def test_large_file_round_trip():
    rng = np.random.default_rng(0)
    n = 20_000
    y = rng.integers(0, 2, n)
    a, b = rng.random(n), rng.standard_normal(n)
    buf = io.StringIO()
    buf.write("y_true,a,b\n")
    for yi, ai, bi in zip(y.tolist(), a.tolist(), b.tolist()):
        buf.write(f"{yi},{ai!r},{bi!r}\n")
    ps = ec.load_predictions(buf.getvalue().encode())
    np.testing.assert_array_equal(ps.y, y)
    np.testing.assert_array_equal(ps.scores["a"], a)
    np.testing.assert_array_equal(ps.scores["b"], b)


def test_load_labels_multiclass():
    ls = ec.load_labels(b"y_true,y_pred\ncat,cat\ndog,cat\nbird,bird\n")
    assert ls.labels.tolist() == ["bird", "cat", "dog"]
    cm = ec.confusion_matrix(ls.y_true, ls.y_pred, labels=ls.labels)
    assert cm.tolist() == [[1, 0, 0], [0, 1, 0], [0, 1, 0]]
    with pytest.raises(ec.DataError, match="needs a true-label column and a predicted-label"):
        ec.load_labels(b"a,b,c\n1,2,3\n")


@pytest.mark.parametrize("data, shown", [(bytes(range(256)) * 4, "(看起来是二进制文件)"),
                                         (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(200), "(看起来是旧版 Excel"),
                                         (b"\x89PNG\r\n\x1a\n" + bytes(100), "(看起来是 PNG 图片)")])
def test_a_chinese_message_spaces_latin_words_apart_and_never_two_han_characters(data, shown):
    """A space sets a Latin word apart in the Chinese messages ("是 PNG 图片"); a parameter in Chinese
    takes none ("是二进制文件": a review saw "看起来是 二进制文件")."""
    with pytest.raises(ec.DataError) as info:
        ec.load_predictions(data)
    assert shown in info.value.text("zh")


def test_a_message_names_a_files_columns_as_names_not_as_a_python_list():
    """A browser review: "(columns: ['score_a', 'score_b'])" in both languages.  Each name is quoted, with
    the language's separator, and a file with many columns names the first dozen."""
    from evalcore._validation import NAMES_SHOWN

    with pytest.raises(ec.DataError) as err:
        ec.load_predictions(io.StringIO("score_a,score_b\n0.1,0.9\n0.8,0.3\n0.5,0.2\n"))
    assert "(columns: 'score_a', 'score_b')" in err.value.text("en")
    assert "(列:'score_a'、'score_b')" in err.value.text("zh")
    assert "[" not in err.value.text("en") + err.value.text("zh")
    many = ec.DataError("unknown_column", col="x", columns=[f"c{i}" for i in range(100)])
    assert many.text("en").endswith(f"'c{NAMES_SHOWN - 1}', ….") and f"'c{NAMES_SHOWN}'" not in many.text("en")
    assert many.text("zh").endswith(f"'c{NAMES_SHOWN - 1}'、…。")
