"""Reading a text table from a path, bytes or a file: encodings, the
separator, and every way a file can fail, each as a :class:`DataError`."""
from __future__ import annotations

import csv
import io
import itertools
import os
import re

import numpy as np

from ._validation import Bi, DataError, DataTypeError

MAX_CELL = 10_000
_MAGIC = ((b"PK\x03\x04", Bi("an Excel .xlsx or zip file", "Excel .xlsx 或 zip 文件")),
          (b"\xd0\xcf\x11\xe0", Bi("an old Excel .xls file", "旧版 Excel .xls 文件")),
          (b"\x89PNG", Bi("a PNG image", "PNG 图片")), (b"\xff\xd8\xff", Bi("a JPEG image", "JPEG 图片")),
          (b"GIF8", Bi("a GIF image", "GIF 图片")), (b"%PDF", Bi("a PDF document", "PDF 文档")),
          (b"\x1f\x8b", Bi("a gzip archive", "gzip 压缩包")))



def _read_bytes(source) -> bytes:
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source)
    if isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as f:
            return f.read()
    if hasattr(source, "getvalue"):
        data = source.getvalue()
    elif hasattr(source, "read"):
        if hasattr(source, "seek"):
            try:
                source.seek(0)
            except (OSError, ValueError):
                pass
        data = source.read()
    else:
        raise DataTypeError("bad_source_type", kind=type(source).__name__)
    return data.encode("utf-8") if isinstance(data, str) else bytes(data)


def _decode(data: bytes) -> tuple[bytes, str]:
    """Return (UTF-8 bytes without BOM, text)."""
    if not data.strip():
        raise DataError("file_empty")
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        text = data.decode("utf-16")
        return text.encode("utf-8"), text
    for magic, kind in _MAGIC:
        if data.startswith(magic):
            raise DataError("file_binary", kind=kind)
    if b"\x00" in data[:8192]:
        raise DataError("file_binary", kind=Bi("a binary file", "二进制文件"))
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data, data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        text = data.decode("gb18030")
    except UnicodeDecodeError:
        raise DataError("file_encoding") from None
    return text.encode("utf-8"), text


_QUOTED = re.compile(r'"[^"]*"')


def _separator(text: str) -> str:
    """The separator of the first non-empty line (a quoted name's commas are no separators)."""
    head = _QUOTED.sub("", next((ln for ln in text[:65536].splitlines() if ln.strip()), ""))
    counts = {sep: head.count(sep) for sep in (",", ";", "\t")}
    best = max(counts, key=counts.get)
    return best if counts[best] else ","


# Characters that reorder or hide text (bidi controls, zero-width marks):
# names and labels from files are shown literally, never steered by them.
INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                               "\u2060\u2066\u2067\u2068\u2069\u061c\ufeff"))


def visible(text: str) -> str:
    """``text`` without bidi controls and zero-width characters.

    Parameters
    ----------
    text : str
        Text from a user (a file's column name, a label).

    Returns
    -------
    str
        ``text`` with every character of ``INVISIBLE`` removed; nothing else changed.
    """
    return text.translate(INVISIBLE)


def read_table(source, *, max_rows=None, max_columns=None, empty: str | None = None):
    """A pandas DataFrame from ``source`` (path, bytes or file), or a DataError.

    Row and column limits are checked on the raw text before parsing.
    Columns that are entirely empty (a trailing comma) are dropped; their
    names are in ``df.attrs["empty_columns"]``.  Column names and text cells
    lose bidi and zero-width characters.  ``empty``: the message code for a
    file with no data (empty or a header only) that names the caller's own
    format; by default ``file_empty`` / ``file_no_rows``, which ask for
    binary predictions."""
    try:
        return _read_table(source, max_rows, max_columns)
    except DataError as err:
        if empty and err.code in ("file_empty", "file_no_rows"):
            raise DataError(empty) from None
        raise


def _read_table(source, max_rows, max_columns):
    import pandas as pd

    raw = _read_bytes(source)
    data, text = _decode(raw)
    if not text.strip():
        raise DataError("file_empty")
    sep = _separator(text)
    if max_columns is not None:
        n_cols = _header_columns(text, sep)
        if n_cols > max_columns:
            raise DataError("too_many_columns", got=n_cols, limit=max_columns, models=max_columns - 1)
    _check_trailing_separator(text, sep)
    if max_rows is not None:
        _check_rows(data, text, sep, max_rows)
    if len(data) > MAX_CELL and (longest := _cell_longer_than(data, sep, MAX_CELL)) is not None:
        raise DataError("file_cell_too_long", size=longest)
    try:
        df = pd.read_csv(io.BytesIO(data), sep=sep, engine="pyarrow")
    except Exception:
        df = _read_c_engine(pd, data, sep)
    if df.shape[1] and df.shape[0] == 0:
        raise DataError("file_no_rows")
    if max_rows is not None and df.shape[0] > max_rows:        # what the parser read, whatever the counts said
        raise DataError("too_many_rows", got=df.shape[0], limit=max_rows)
    if max_columns is not None and df.shape[1] > max_columns:
        raise DataError("too_many_columns", got=df.shape[1], limit=max_columns, models=max_columns - 1)
    df.columns = [visible(str(c)).strip() for c in df.columns]
    for c in df.columns:
        if len(c) > MAX_CELL:
            raise DataError("file_cell_too_long", size=len(c))
    empty = [c for c in df.columns if df[c].isna().all()]
    if empty and len(empty) < df.shape[1]:
        df = df.drop(columns=empty)
        df.attrs["empty_columns"] = empty
    for c in df.columns:
        if df[c].dtype == object:
            df[c] = df[c].map(lambda v: visible(v) if isinstance(v, str) else v)
    return df


def _header_columns(text: str, sep: str) -> int:
    """Columns of the header as the CSV parser splits it (a quoted separator
    is part of a name)."""
    try:
        return len(next(csv.reader(io.StringIO(text[:65536], newline=""), delimiter=sep), []))
    except csv.Error:                        # an unclosed quote: the parser fails on it later
        return text.split("\n", 1)[0].count(sep) + 1


_CHUNK = 1 << 22


def _row_starts(data: bytes) -> int:
    """Lines that are not empty, a line ending in ``\n``, ``\r\n`` or a bare
    ``\r`` (as pandas' and pyarrow's readers split rows): an upper bound of
    the rows the parser reads (a quoted line break only adds to it).  In
    chunks of 4 MB, so counting costs a few MB whatever the file."""
    b = np.frombuffer(data, dtype=np.uint8)
    starts, before = 0, True                 # the byte before the first: a line break
    for i in range(0, b.shape[0], _CHUNK):
        end = (b[i:i + _CHUNK] == 10) | (b[i:i + _CHUNK] == 13)
        starts += int(not end[0] and before) + int(np.count_nonzero(end[:-1] & ~end[1:]))
        before = bool(end[-1])
    return starts


def _check_rows(data: bytes, text: str, sep: str, max_rows: int) -> None:
    """DataError ``too_many_rows`` when the file has more than ``max_rows``
    data rows as the parser sees them, before the parser reads one.  Line
    breaks are counted (any of ``\n``, ``\r\n``, ``\r``); only when that
    count is over the bound and the file has quotes (a quoted line break is
    no row) are the rows read by Python's CSV reader, stopping at the bound."""
    rows = _row_starts(data) - 1
    if rows <= max_rows:
        return
    if b'"' in data:
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=sep)
        try:
            rows = sum(1 for row in itertools.islice(reader, max_rows + 2) if row) - 1
        except csv.Error:                        # a field past csv's size limit, a NUL: rows not countable,
            raise DataError("too_many_rows_over", limit=max_rows) from None    # and more line breaks than the bound
        if rows <= max_rows:
            return
        raise DataError("too_many_rows_over", limit=max_rows)
    raise DataError("too_many_rows", got=rows, limit=max_rows)


def _check_trailing_separator(text: str, sep: str) -> None:
    """Rows that end in a separator the header lacks have one field more than
    the header; pandas would then read the first column as an index and shift
    every value by one column.  Say so instead."""
    lines = re.split(r"\r\n|\r|\n", text[:65536], maxsplit=3)[:3]    # the line endings the parser splits rows on
    header, rows = lines[0], [ln for ln in lines[1:] if ln.strip()]
    if rows and not header.endswith(sep) and all(
            ln.endswith(sep) and ln.count(sep) == header.count(sep) + 1 for ln in rows):
        raise DataError("file_trailing_comma", sep=sep)


def _cell_longer_than(data: bytes, sep: str, over: int) -> int | None:
    """The length in bytes of the longest run between separators or line
    breaks when it is longer than ``over``; None when no run is.

    A run longer than ``over`` covers a whole aligned piece of (over + 1) // 2
    bytes, so when every such piece holds a separator or a line break no run
    is, and the positions of the cuts are not needed: one pass over the bytes
    (at 116 MB 0.85 -> about 0.15 s).  Otherwise the runs are measured."""
    b = np.frombuffer(data, dtype=np.uint8)
    cut = b == ord(sep)
    cut |= b == 10
    cut |= b == 13
    piece = max(1, (over + 1) // 2)
    whole = cut.shape[0] // piece * piece
    if cut[:whole].reshape(-1, piece).any(axis=1).all():       # (the last, shorter piece joins at most the one
        return None                                             # before it: a run of at most 2 piece - 2 bytes)
    bounds = np.concatenate(([-1], np.flatnonzero(cut), [b.shape[0]]))
    longest = int(np.diff(bounds).max()) - 1
    return longest if longest > over else None


def _read_c_engine(pd, data: bytes, sep: str):
    try:
        return pd.read_csv(io.BytesIO(data), sep=sep, engine="c", skip_blank_lines=True)
    except pd.errors.EmptyDataError:
        raise DataError("file_empty") from None
    except pd.errors.ParserError as exc:
        m = re.search(r"Expected (\d+) fields in line (\d+), saw (\d+)", str(exc))
        if m:
            raise DataError("file_ragged", row=int(m.group(2)), expected=int(m.group(1)),
                            got=int(m.group(3))) from None
        raise DataError("file_parse", detail=str(exc).strip()[:200]) from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise DataError("file_parse", detail=str(exc).strip()[:200]) from None


