"""A lecture as a sequence of views: the chapter tour shipped in
``assets/tours/chapter2.toml`` and a lecturer's own tour (this browser
session only; downloaded and uploaded as the same TOML format).

A stop is a page, its state as the link carries it (link parameter ->
text, checked by the link's own parsers in :mod:`ui.core.links`) and a talking
point in zh and en.  In tour mode every page shows a slim bar (stop k / n,
the talking point, Prev / Next / Leave); PageDown / PageUp move between
stops (on the ROC walk, its own keys first: PageDown at its last step goes
on).  Entering a stop writes its state into the session (widgets drawn
anew, :func:`ui.core.state.widget_key`) and opens its page; leaving the tour
keeps the last state.

Session keys: ``tour`` ("chapter2", "own" or absent), ``tour_stop`` (the
index), ``tour_own`` (the lecturer's stops), ``_tour_go`` (a move asked
for: +1, -1, or an index to enter), ``tour_error`` (the last upload's message).
"""
from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import streamlit as st

from ui.protect import limits
from ui.core import settings
from ui.core import tour_questions
from ui.core.class_box import lecturing
from ui.core.class_vote import vote_box
from ui.core.i18n import lang, md, t
from ui.core.keys import keyboard
from ui.core.registry import PAGES, page
from ui.core.screens import scroll_to
from ui.core.state import BOUND_DEFAULTS, SS

TOURS = Path(__file__).resolve().parents[2] / "assets" / "tours"
DATA_STATE = ("thr", "p", "step")          # link parameters that wait for the data (ui.core.links.restore_data_state)


@dataclass(frozen=True)
class Stop:
    """One view of a tour: ``page`` (a registry key), ``state`` (link
    parameter -> text), the talking point ``zh`` / ``en`` and the
    ``section`` it talks about (one of the page's ``sections``, scrolled
    into view when the stop opens; "" for the page's top)."""

    page: str
    state: dict = field(default_factory=dict)
    zh: str = ""
    en: str = ""
    section: str = ""
    question: dict | None = None        # a question for the class (ui.core.tour_questions), or None

    @property
    def note(self) -> str:
        return self.zh if lang() == "zh" and self.zh else (self.en or self.zh)


class TourError(ValueError):
    """A tour file that cannot be used: ``code`` (a ``common.tour.err.*``
    string) and its values, shown in the user's language."""

    def __init__(self, code: str, **values):
        super().__init__(code)
        self.code, self.values = code, values

    def text(self) -> str:
        values = {k: str(v)[:80] for k, v in self.values.items()}
        if "want" in values:
            values["want"] = t(f"common.tour.want.{values['want']}")
        return t(f"common.tour.err.{self.code}", **values)


def _text(v) -> str:
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, (int, float, str)):
        return str(v)
    raise TypeError(type(v).__name__)


def check_stop(i: int, raw) -> Stop:
    """A stop from its TOML table (stop number ``i`` for the messages), every
    value checked by the link's parser; a TourError says what is wrong."""
    if not isinstance(raw, dict):
        raise TourError("type", stop=i, setting="stop", want="table")
    name = raw.get("page")
    if not isinstance(name, str):                # a table or a list is no page name (nor hashable)
        raise TourError("type", stop=i, setting="page", want="text")
    if name not in {p.key for p in PAGES}:
        raise TourError("page", stop=i, page=name)
    notes = {}
    for k in ("zh", "en"):
        v = raw.get(k, "")
        if not isinstance(v, str):
            raise TourError("type", stop=i, setting=k, want="text")
        if len(v) > limits.TOUR_NOTE_CHARS:
            raise TourError("note", stop=i, limit=limits.TOUR_NOTE_CHARS)
        notes[k] = v
    state = raw.get("state", {})
    if not isinstance(state, dict):
        raise TourError("type", stop=i, setting="state", want="table")
    params = settings.params()
    out = {}
    for k, v in state.items():
        if k not in params and k not in DATA_STATE:
            raise TourError("key", stop=i, setting=k)
        try:
            text = _text(v)
            settings.parse_param(k, text)
        except (TypeError, ValueError):
            raise TourError("value", stop=i, setting=k, value=v) from None
        out[k] = text
    unknown = set(raw) - {"page", "zh", "en", "state", "section", "question"}
    if unknown:
        raise TourError("key", stop=i, setting=sorted(unknown)[0])
    section = raw.get("section", "")
    if not isinstance(section, str):
        raise TourError("type", stop=i, setting="section", want="text")
    if section and section not in page(name).sections:
        raise TourError("section", stop=i, section=section[:40], page=name)
    try:
        question = tour_questions.check(raw["question"]) if "question" in raw else None
    except tour_questions.QuestionError as err:
        raise TourError("value", stop=i, setting=err.setting, value=err.value) from None
    return Stop(name, out, notes["zh"], notes["en"], section, question)


_SPECIAL = re.compile(r"[\n#\"'.=\[\]{},]")
_STRING = {                                     # a TOML string from its opening quote to its end (or the text's end)
    '"""': re.compile(r'"""(?:[^"\\]|\\.|"(?!""))*(?:"""\"{0,2}|$)', re.S),
    "'''": re.compile(r"'''(?:[^']|'(?!''))*(?:''''{0,2}|$)", re.S),
    '"': re.compile(r'"(?:[^"\\\n]|\\.)*"?'),
    "'": re.compile(r"'[^'\n]*'?"),
}


def _string_end(text: str, i: int) -> int:
    """Where the string opening at ``text[i]`` ends (the text's end when it
    is not closed: the parser stops there with an error)."""
    q = text[i]
    m = (_STRING[q * 3] if text.startswith(q * 3, i) else _STRING[q]).match(text, i)
    return m.end() if m else len(text)


def _scan(text: str) -> None:
    """Check ``text`` against the bounds of a tour file before the TOML parser
    reads it: lines and their length, each key's parts and characters, the
    nesting of a value and the number of values (:mod:`ui.protect.limits`).  A small
    lexer of TOML's own rules (strings, comments, key or value position), so
    a dot or bracket inside a talking point counts for nothing; any text
    passes it in one pass, valid TOML or not.  A TourError names the line."""
    lines = text.split("\n")
    if len(lines) > limits.TOUR_LINES:
        raise TourError("lines", n=f"{len(lines):,}", limit=f"{limits.TOUR_LINES:,}")
    long = next((k for k, ln in enumerate(lines) if len(ln) > limits.TOUR_LINE_CHARS), None)
    if long is not None:
        raise TourError("line", line=long + 1, limit=f"{limits.TOUR_LINE_CHARS:,}")
    nest: list[str] = []                     # open "[" and "{" of the value being read
    at_key, parts, chars, values, line, i = True, 1, 0, 0, 1, 0
    while (m := _SPECIAL.search(text, i)) is not None:
        j, c = m.start(), m.group()
        if at_key:
            chars += len(text[i:j].strip())
        i = j + 1
        if c == "\n":
            line += 1
            if not nest:                     # a line at the top starts with a key or a table header
                at_key, parts, chars = True, 1, 0
        elif c == "#":
            i = len(text) if (e := text.find("\n", j)) < 0 else e
        elif c in "\"'":
            i = _string_end(text, j)
            line += text.count("\n", j, i)
            chars += (i - j) if at_key else 0
        elif at_key:
            parts += c == "."
            if c == "=" or (c == "}" and nest):          # "{}" is an empty inline table
                values += 1
                at_key = False
                if c == "}":
                    nest.pop()
        elif c in "[{":
            nest.append(c)
            if len(nest) > limits.TOUR_DEPTH:
                raise TourError("depth", line=line, limit=limits.TOUR_DEPTH)
            at_key, parts, chars = c == "{", 1, 0
        elif c in "]}" and nest:
            nest.pop()
        elif c == "," and nest:
            values += 1
            at_key, parts, chars = nest[-1] == "{", 1, 0
        if parts > limits.TOUR_KEY_PARTS or chars > limits.TOUR_KEY_CHARS:
            raise TourError("keylen", line=line, parts=limits.TOUR_KEY_PARTS, limit=limits.TOUR_KEY_CHARS)
        if values > limits.TOUR_VALUES:
            raise TourError("values", limit=f"{limits.TOUR_VALUES:,}")
    if at_key:
        chars += len(text[i:].strip())
        if chars > limits.TOUR_KEY_CHARS:
            raise TourError("keylen", line=line, parts=limits.TOUR_KEY_PARTS, limit=limits.TOUR_KEY_CHARS)


def parse_tour(data: bytes) -> list[Stop]:
    """The stops of a tour file, checked (size before parsing, then the bounds
    of :func:`_scan`, then TOML, the number of stops, each stop); a TourError
    otherwise.  Whatever else the parser or the checks raise on a crafted
    file (deep recursion, memory, a type) is a TourError too, never a traceback."""
    if len(data) > limits.TOUR_BYTES:
        raise TourError("size", limit=f"{limits.TOUR_BYTES // 1000} KB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise TourError("text") from None
    _scan(text)
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:              # tomllib's words are English: say where, in ours
        at = re.search(r"line (\d+), column (\d+)", str(err))
        raise TourError("toml", line=at[1] if at else "?", column=at[2] if at else "?") from None
    except Exception:                                   # RecursionError, MemoryError...: the scan should stop them
        raise TourError("unreadable") from None
    stops = doc.get("stop")
    if not isinstance(stops, list) or not stops:
        raise TourError("empty")
    if len(stops) > limits.TOUR_STOPS:
        raise TourError("stops", n=len(stops), limit=limits.TOUR_STOPS)
    try:
        return [check_stop(i + 1, raw) for i, raw in enumerate(stops)]
    except TourError:
        raise
    except Exception:
        raise TourError("unreadable") from None


def tour_text(stops: list[Stop]) -> str:
    """A tour as its TOML file (what :func:`parse_tour` reads back)."""
    lines = ["# A tour of the lab: one [[stop]] per view (page, state as the link carries it, zh / en notes)", ""]
    for s in stops:
        lines += ["[[stop]]", f"page = {json.dumps(s.page)}"]
        if s.section:
            lines.append(f"section = {json.dumps(s.section)}")
        for k in ("zh", "en"):
            if getattr(s, k):
                lines.append(f"{k} = {json.dumps(getattr(s, k), ensure_ascii=False)}")
        if s.state:
            lines.append("state = { " + ", ".join(f"{json.dumps(k)} = {json.dumps(v)}" for k, v in s.state.items())
                         + " }")
        if s.question:
            lines.append(tour_questions.toml(s.question))
        lines.append("")
    return "\n".join(lines)


@lru_cache(maxsize=4)
def shipped(name: str = "chapter2") -> tuple[Stop, ...]:
    """A tour shipped with the app (read and checked once)."""
    return tuple(parse_tour((TOURS / f"{name}.toml").read_bytes()))


def stops() -> list[Stop]:
    """The stops of the tour now on."""
    if SS.get("tour") == "own":
        return list(SS.get("tour_own", []))
    return list(shipped()) if SS.get("tour") else []


KEEP = ("lang", "presenter", "export_fmt")      # the viewer's own choices: a stop leaves them alone
_MISSING = object()


def _reset(page_key: str) -> None:
    """Every shareable setting of page ``page_key`` and every global one
    (but :data:`KEEP`) back to its default, and the thresholds, priors and
    walk positions forgotten: a stop is the same however it is reached."""
    known = settings.defaults()
    for key, _ in settings.params().values():
        if key in KEEP or ("." in key and key.split(".", 1)[0] != page_key):
            continue
        default = known.get(key, BOUND_DEFAULTS.get(key, _MISSING))
        if default is _MISSING:
            SS.pop(key, None)
        else:
            SS[key] = default
    for key in list(SS.keys()):
        if str(key).startswith(("roc_step|", "cost_p|")):
            del SS[key]
    SS["thresholds"] = {}


def apply(stop: Stop) -> None:
    """Write ``stop``'s state into the session as a link would, after
    :func:`_reset`: exactly the state the stop says."""
    _reset(stop.page)
    pending = {}
    for k, text in stop.state.items():
        value = settings.parse_param(k, text)
        if k in DATA_STATE:
            pending[k] = value
        else:
            SS[settings.params()[k][0]] = value
    if pending:
        SS["_link_pending"] = pending


def _go(delta: int = 0, to: int | None = None) -> None:
    SS["_tour_go"] = ("to", to) if to is not None else ("by", delta)


def _enter(i: int) -> None:
    """Enter stop ``i`` of the tour now on: its state, then its page."""
    all_ = stops()
    if not all_:
        SS.pop("tour", None)
        return
    i = max(0, min(len(all_) - 1, i))
    SS["tour_stop"] = i
    SS["_tour_entered"] = SS.get("_tour_entered", 0) + 1     # its section is scrolled to once per entry
    apply(all_[i])
    if SS.get("_page") != all_[i].page:
        try:
            st.switch_page(page(all_[i].page).path)
        except st.errors.StreamlitAPIException:      # a page run alone (AppTest.from_file): the state only
            pass
    st.rerun()


def start(name: str) -> None:
    """Start tour ``name`` ("chapter2" or "own") at its first stop (a button's callback)."""
    SS["tour"] = name
    _go(to=0)


def leave() -> None:
    SS.pop("tour", None)
    SS.pop("tour_stop", None)


def bar() -> None:
    """The tour bar of the page (drawn by ui.open_page); moves asked for by
    a button, a key or a link are carried out here, before the page draws."""
    go = SS.pop("_tour_go", None)
    if go and SS.get("tour"):
        _enter(go[1] if go[0] == "to" else int(SS.get("tour_stop", 0)) + go[1])
    all_ = stops()
    if not all_:
        return
    i = min(int(SS.get("tour_stop", 0)), len(all_) - 1)
    with st.container(border=True, key="tour_bar"):
        c1, c2, c3, c4, c5 = st.columns([1.1, 4.4, 1.2, 1.2, 1.4], vertical_alignment="center")
        c1.markdown(f"**{t('common.tour.stop', k=i + 1, n=len(all_))}**")
        note = all_[i].note
        c2.markdown(md(note) if SS.get("tour") == "own" else note)     # a lecturer's own text is shown inert
        c3.button(t("common.tour.prev"), on_click=_go, args=(-1,), disabled=i == 0, key="tour_prev", help="PageUp")
        c4.button(t("common.tour.next"), on_click=_go, args=(1,), disabled=i >= len(all_) - 1, key="tour_next",
                  help="PageDown", type="primary")
        c5.button(t("common.tour.leave"), on_click=leave, key="tour_leave")
    if all_[i].section and all_[i].page == SS.get("_page"):
        scroll_to(all_[i].section, SS.get("_tour_entered", 0))
    if all_[i].question and lecturing():                 # a class runs: the stop's question, put to the class
        vote_box(tour_questions.question(all_[i].question, f"tour:{SS.get('tour')}:{i + 1}"))
    if not (SS.get("_page") == "roc" and SS.get("roc_mode", "step") == "step"):   # the walk's keys go on for it
        keyboard("tour_keys", lambda a: _go({"next": 1, "prev": -1}[a]), next="pagedown", prev="pageup")


def walk_at_end(action: str, at_start: bool, at_end: bool) -> bool:
    """For the ROC walk's keys: in a tour, "next" at the walk's last step
    (and "prev" at its first) moves to the next (previous) stop.  Returns
    whether the key was taken."""
    if not SS.get("tour") or not ((action == "next" and at_end) or (action == "prev" and at_start)):
        return False
    _go(1 if action == "next" else -1)
    return True
