"""Visible text: the string tables (``assets/i18n/*.toml``, one per page plus
``common.toml`` for shared strings under the ``common.`` prefix), lesson
texts, LaTeX templates (``assets/formulas/*.toml``) and number formatting."""
from __future__ import annotations

import math
import re
import tomllib
from functools import lru_cache
from pathlib import Path

import streamlit as st

import evalcore as ec
from evalcore.figures.style import safe, threshold_text

from ui.core.state import SS, bind

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"


@lru_cache(maxsize=1)
def strings() -> dict:
    """Every string key -> {"zh": ..., "en": ...}, from all tables (read once)."""
    return _tables(ASSETS / "i18n")


@lru_cache(maxsize=1)
def formulas() -> dict:
    """Every LaTeX template name -> template, from ``assets/formulas/*.toml`` (read once)."""
    return _tables(ASSETS / "formulas")


def _tables(folder: Path) -> dict:
    out: dict = {}
    for path in sorted(folder.glob("*.toml")):
        with open(path, "rb") as f:
            table = tomllib.load(f)
        clash = set(table) & set(out)
        if clash:
            raise KeyError(f"{path.name} repeats keys {sorted(clash)}")
        out.update(table)
    return out


def lang() -> str:
    return SS.get("lang", "zh")


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~$:!{}])")


# Where Streamlit's Markdown would make a link of bare text (http://…, www.…, a@b.c): a word joiner (invisible)
# breaks the pattern. A backslash escape does not (checked in Chromium: "http\://x" and "www\.x" are still links).
_AUTOLINK = re.compile(r"(?<=:)(?=//)|(?<=www)(?=\.)|(?=@)", re.IGNORECASE)
WORD_JOINER = "\u2060"


def md(text) -> str:
    """User text (a name or label from a file) made inert for Markdown,
    Streamlit's directives and KaTeX: shown, never interpreted, and no bare
    address in it becomes a link (:data:`WORD_JOINER`)."""
    return _MD_SPECIAL.sub(r"\\\1", _AUTOLINK.sub(WORD_JOINER, ec.visible(str(text))))


class _Shown(str):
    """User text in a message, made inert by :func:`md`; ``!r`` quotes it as
    repr would, without doubling the escapes."""

    def __repr__(self) -> str:
        return f"'{self}'"


def _inert(v):
    if isinstance(v, str):
        return _Shown(md(v))
    if isinstance(v, ec.Bi):
        return ec.Bi(*(_Shown(md(x)) for x in v))
    return v


def shown_name(raw, *, builtin: bool | None = None) -> str:
    """A model or class name as a student reads it: a built-in data set's
    names (``logistic``, ``malignant``, ``cat`` …) in the current language
    (``common.name.<raw>``); names from the user's own file exactly as written.
    ``builtin`` None: the sidebar's data (``source``) decides."""
    if builtin is None:
        builtin = SS.get("source") != "upload"
    key = f"common.name.{raw}"
    return t(key) if builtin and key in strings() else str(raw)


def shown_cell(raw, *, builtin: bool | None = None) -> str:
    """A model or class name in a table, as the figures' legends name it (:func:`shown_name`, made a
    table cell by :func:`cell`)."""
    return cell(shown_name(raw, builtin=builtin))


def both(key: str) -> ec.Bi:
    """String ``key`` in both languages, for a message evalcore writes in either (``DataError.text``)."""
    s = strings()[key]
    return ec.Bi(s["en"], s["zh"])


def builtin_names(raws) -> dict:
    """``{raw: its name in both languages}`` for built-in names (``common.name.<raw>``, as
    :func:`shown_name` shows them; a name without a string as it is), for evalcore's messages."""
    return {r: both(f"common.name.{r}") if f"common.name.{r}" in strings() else ec.Bi(str(r), str(r))
            for r in raws}


def cell(text) -> str:
    """User text for a table cell: a leading = + - @ (a spreadsheet formula
    when the table is downloaded as CSV) gets a quote in front."""
    s = ec.visible(str(text))
    return "'" + s if s[:1] in ("=", "+", "-", "@", "\t", "\r") else s


def t(key: str, **kw) -> str:
    """The visible string ``key`` in the current language, formatted with
    ``kw`` for Markdown: string values (names from files) are made inert
    with :func:`md`; numbers are formatted by the caller."""
    text = strings()[key][lang()]
    return text.format(**{k: md(v) if isinstance(v, str) else v for k, v in kw.items()}) if kw else text


def t_plain(key: str, **kw) -> str:
    """``key`` with ``kw`` as given, unescaped: for a figure that escapes what it is given itself
    (``evalcore.figures.matrix_grid``'s titles, as its names)."""
    return strings()[key][lang()].format(**kw)


def t_counted(key: str, count: int, /, **kw) -> str:
    """:func:`t` of ``key`` said of a count: its ``.one`` form when ``count``
    is 1 (English: "1 false positive comes in", never "1 false positive(s)
    come in"; Chinese says both alike).  Both keys exist in both languages."""
    return t(f"{key}.one" if count == 1 else key, **kw)


def t_fig(key: str, **kw) -> str:
    """``key`` for a plotly figure: string values are HTML-escaped (plotly
    renders a subset of HTML in titles, legends and hover)."""
    text = strings()[key][lang()]
    return text.format(**{k: safe(v) if isinstance(v, str) else v for k, v in kw.items()}) if kw else text


def texts(prefix: str, *keys: str, **kw) -> dict:
    """{key: t_fig(prefix + key)} for a figure builder's ``text`` argument."""
    return {k: t_fig(prefix + k, **kw) for k in keys}


def labels(prefix: str, options) -> dict:
    """{option: translated label} for a widget's ``format_func`` (resolved now,
    not when the widget is read later)."""
    return {o: t(prefix + str(o)) for o in options}


_SLOT = re.compile(r"<<(\w+)>>")


def fill(name: str, **values) -> str:
    """The LaTeX template ``name`` from ``assets/formulas/`` with each
    ``<<slot>>`` replaced by ``values[slot]`` (templates keep LaTeX's braces
    as they are, so no doubling)."""
    template = formulas()[name]
    return _SLOT.sub(lambda m: str(values[m.group(1)]), template)


def formula(name: str, **values) -> None:
    """Show the filled template ``name`` (:func:`fill`)."""
    st.latex(fill(name, **values))


def lesson(name: str) -> None:
    """Show the lesson text ``assets/lessons/<name>.<lang>.md``."""
    st.markdown(_lesson_text(name, lang()))


@lru_cache(maxsize=64)
def _lesson_text(name: str, language: str) -> str:
    return (ASSETS / "lessons" / f"{name}.{language}.md").read_text(encoding="utf-8")


def error_text(err: Exception) -> str:
    """The sentence of a DataError (or a loading warning: a ``code``, its
    ``params`` and ``text(lang)``) in the user's language, the names in it (a
    file's columns and models) inert as :func:`md` makes them."""
    inert = {k: _inert(v) for k, v in getattr(err, "params", {}).items()}
    if isinstance(err, ec.DataError):  # its text is its code's, whatever the subclass (budget.OverBudget)
        return ec.DataError(err.code, **inert).text(lang())
    if hasattr(err, "params") and hasattr(err, "text"):
        return type(err)(err.code, **inert).text(lang())
    return t("common.err.unexpected", detail=str(err)[:300])


def show_error(err: Exception) -> None:
    st.error(error_text(err), icon="⚠️")


def language_switch() -> None:
    st.sidebar.radio("语言 / Language", ("zh", "en"), horizontal=True,
                     format_func={"zh": "中文", "en": "English"}.get, **bind("lang"))


def fmt(x, digits: int = 3) -> str:
    """A measure for display: nan shows as an em dash (the reason is given elsewhere)."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "—"
    return f"{x:.{digits}f}"


def fmt_threshold(x: float, digits: int = 6) -> str:
    """A threshold for display: +∞ / −∞ rather than inf (one form everywhere:
    :func:`evalcore.figures.style.threshold_text`)."""
    return threshold_text(x, digits)


# ---------------------------------------------------------------- numbers in formulas and sentences
def _scaled(x: float, digits: int | None) -> tuple[str, int | None]:
    """``x`` as (plain text, None) between 10^-3 and 10^5, else (mantissa or "", exponent)."""
    if x == 0 or 1e-3 <= abs(x) < 1e5 or not math.isfinite(x):
        return (f"{x:.{digits}g}" if digits else f"{x:g}"), None
    e = math.floor(math.log10(abs(x)))
    m = x / 10 ** e
    return (f"{m:.{digits or 3}g}" if round(m, 3) != 1 else ""), e


def tex_number(v: float, digits: int | None = None) -> str:
    """A number for a LaTeX formula: plain (``%g``, or ``digits`` significant
    digits) between 10^-3 and 10^5, else ``m \\times 10^{e}`` (a clamped cost
    of 10^6 reads as one, not as "1e+06"; a bias² of 1.297e-13 as
    ``1.297 \\times 10^{-13}``, not KaTeX's "1.297e−13")."""
    m, e = _scaled(float(v), digits)
    return m if e is None else (f"{m} \\times " if m else "") + f"10^{{{e}}}"


_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def text_number(v: float, digits: int | None = None) -> str:
    """The same number as :func:`tex_number` for plain text (a metric, a
    sentence): ``1.297×10⁻¹³`` rather than "1.297e-13" (no spaces: it must
    fit a metric's box at 1366 px, where "1.253 × 1…" was cut)."""
    m, e = _scaled(float(v), digits)
    return m if e is None else (f"{m}×" if m else "") + "10" + str(e).translate(_SUPERSCRIPT)


def fmt_cost(v: float) -> str:
    """An expected cost for a metric: four decimals, four significant digits
    from 10^4 on (a clamped cost can make it large: the number must fit its box)."""
    x = float(v)
    return f"{x:.4f}" if abs(x) < 1e4 else f"{x:.4g}"
