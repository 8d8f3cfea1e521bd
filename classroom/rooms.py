"""A class: a room the lecturer opens, students who join it, votes on
questions, the reveal and the second vote -- every rule of it, no
Streamlit.  The bounds come in as :class:`Caps` (the app's are
``ui.protect.limits.CLASS_CAPS``); refusals are :class:`ClassError` with a
code the app words in the user's language.

Rights: the lecturer is whoever holds the room's secret (only its SHA-256
is stored); a student is an anonymous random id that joined the room.

>>> from classroom.store import SQLiteStore
>>> caps = Caps(rooms=5, students=3, votes=4, joins_per_client=10, joins_per_minute=100, ttl_s=3600)
>>> c = Classroom(SQLiteStore(":memory:"), caps, clock=lambda: 1000.0)
>>> code, secret = c.open_room()
>>> q = Question(key="demo", kind="choice", options=("a", "b"), correct="b")
>>> vote = c.open_vote(code, secret, q)
>>> _ = c.join(code, "s" * 22, client="phone-1")
>>> c.answer(code, "s" * 22, vote, "b")
>>> c.tally(code, vote).counts
{'a': 0, 'b': 1}
"""
from __future__ import annotations

import hashlib
import hmac
import math
import re
import secrets
import sqlite3
import time
from dataclasses import asdict, dataclass, field

from classroom.store import Store

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"    # no 0/O, 1/I/L: read off a projector, typed on a phone
CODE_LENGTH = 8
SID = re.compile(r"[A-Za-z0-9_-]{16,64}")       # a student id as the app makes it (secrets.token_urlsafe)
PURGE_S = 60                                     # expired rooms are deleted at most this often (and on open_room)
BINS = 10                                        # a number question's histogram


class ClassError(Exception):
    """A refusal: ``code`` names its sentence (``class.error.<code>`` in the app's strings)."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Caps:
    """The bounds of a class server: ``rooms`` unexpired rooms, ``students``
    per room, ``votes`` per room, join attempts per client and minute,
    join attempts per minute over the whole server (every look-up of a code,
    so that guessing a code is bounded: :func:`guess_chance`), and a
    room's lifetime ``ttl_s``; a question's text and options are bounded by
    ``text_chars`` and ``options``."""

    rooms: int
    students: int
    votes: int
    joins_per_client: int
    joins_per_minute: int
    ttl_s: float
    text_chars: int = 2000
    options: int = 8


@dataclass(frozen=True)
class Question:
    """A question a vote asks: ``kind`` "choice" (``options``: the answer
    keys, ``correct`` one of them) or "number" (a value in [``lo``, ``hi``],
    ``correct`` a number).  ``text``: the prompt and each option's label per
    language ({"zh": ..., "en": ...}); ``page``/``state``: where the
    experiment that settles it is (shown at the reveal)."""

    key: str
    kind: str
    options: tuple[str, ...] = ()
    lo: float = 0.0
    hi: float = 1.0
    correct: object = None
    text: dict = field(default_factory=dict)
    labels: dict = field(default_factory=dict)
    page: str = ""
    state: dict = field(default_factory=dict)

    def check(self, caps: Caps) -> None:
        """Refuse a question that is malformed or over the bounds."""
        size = len(repr(asdict(self)))
        if self.kind == "choice":
            ok = 2 <= len(self.options) <= caps.options and len(set(self.options)) == len(self.options) \
                and (self.correct is None or self.correct in self.options)
        elif self.kind == "number":
            ok = math.isfinite(self.lo) and math.isfinite(self.hi) and self.lo < self.hi
        else:
            ok = False
        if not ok or size > caps.text_chars * 8:
            raise ClassError("question")

    def value(self, raw) -> str:
        """The stored form of an answer: a choice among the options, a finite
        number in the range; anything else is refused."""
        if self.kind == "choice":
            if isinstance(raw, str) and raw in self.options:
                return raw
            raise ClassError("answer")
        try:
            x = float(raw)
        except (TypeError, ValueError):
            raise ClassError("answer") from None
        if isinstance(raw, bool) or not (math.isfinite(x) and self.lo <= x <= self.hi):
            raise ClassError("answer")
        return repr(x)


def question_of(spec: dict) -> Question:
    """The :class:`Question` of its stored form."""
    return Question(**{**spec, "options": tuple(spec.get("options", ()))})


@dataclass(frozen=True)
class Tally:
    """A vote's answers: ``n`` students answered; ``counts`` per option (a
    choice) or per bin (a number: ``edges`` has one more entry)."""

    n: int
    counts: dict
    edges: tuple = ()


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def new_code() -> str:
    """A room code: 8 characters of 31, 31^8 ≈ 8.5e11 codes (chosen by ``secrets``)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def guess_chance(caps: Caps) -> float:
    """An upper bound of the chance that someone trying codes finds any live
    room within a room's lifetime: every attempt allowed by the server-wide
    rate, each a hit with probability rooms / codes."""
    attempts = caps.joins_per_minute * caps.ttl_s / 60
    return attempts * caps.rooms / len(ALPHABET) ** CODE_LENGTH


def normal_code(text: str) -> str:
    """A typed code as stored: upper case, spaces and dashes dropped."""
    return re.sub(r"[\s-]", "", str(text)).upper()[:CODE_LENGTH * 2]


class _Guarded:
    """A store whose failures (unreachable, locked too long, a full disk) are
    ``ClassError("store")``: a sentence for the user, not a traceback."""

    def __init__(self, store: Store):
        self._store = store
        self._errors = (OSError, sqlite3.Error, *getattr(store, "errors", ()))

    def __getattr__(self, name):
        fn = getattr(self._store, name)

        def guarded(*args, **kw):
            try:
                return fn(*args, **kw)
            except self._errors:
                raise ClassError("store") from None

        return guarded


class Classroom:
    """Every step of a class on ``store`` under ``caps`` (``clock``: seconds)."""

    def __init__(self, store: Store, caps: Caps, *, clock=time.time):
        self.store, self.caps, self.clock = _Guarded(store), caps, clock
        self._purged = -math.inf

    # ------------------------------------------------------------------ lecturer
    def open_room(self) -> tuple[str, str]:
        """Open a room: ``(code, secret)``.  Refused past the cap of rooms."""
        now = self.clock()
        self.store.purge(now)
        secret = secrets.token_urlsafe(24)
        record = {"secret": _hash(secret), "expires": now + self.caps.ttl_s,
                  "state": {"votes": [], "current": None, "opened": now}}
        for _ in range(5):                      # a code taken already: another (31^8 codes, a handful of rooms)
            code = new_code()
            if self.store.create_room(code, record, max_rooms=self.caps.rooms, now=now):
                return code, secret
            if self.store.room(code) is None:    # not taken: the cap was the reason
                break
        raise ClassError("rooms")

    def _lecturer(self, code: str, secret: str) -> dict:
        room = self._room(code)
        if not isinstance(secret, str) or not hmac.compare_digest(room["secret"], _hash(secret)):
            raise ClassError("secret")
        return room

    def is_lecturer(self, code: str, secret: str) -> bool:
        """Whether ``secret`` is the secret of room ``code`` (a live room)."""
        try:
            self._lecturer(code, secret)
        except ClassError as err:
            if err.code == "store":
                raise
            return False
        return True

    def open_vote(self, code: str, secret: str, question: Question, *, again_of: int | None = None) -> int:
        """Open a vote on ``question`` (an open one is closed first); its id."""
        room = self._lecturer(code, secret)
        question.check(self.caps)
        state = room["state"]
        if len(state["votes"]) >= self.caps.votes:
            raise ClassError("votes")
        for v in state["votes"]:
            if v["status"] == "open":
                v["status"] = "closed"
        vote = len(state["votes"]) + 1
        state["votes"].append({"id": vote, "question": asdict(question), "status": "open", "again_of": again_of})
        state["current"] = vote
        self.store.save_state(code, state)
        return vote

    def _set(self, code: str, secret: str, status: str) -> None:
        room = self._lecturer(code, secret)
        state = room["state"]
        if state["current"] is None:
            raise ClassError("no_vote")
        state["votes"][state["current"] - 1]["status"] = status
        self.store.save_state(code, state)

    def close_vote(self, code: str, secret: str) -> None:
        """Close the current vote (answers no longer taken)."""
        self._set(code, secret, "closed")

    def reveal(self, code: str, secret: str) -> None:
        """Close the current vote and show its right answer and experiment."""
        self._set(code, secret, "revealed")

    def vote_again(self, code: str, secret: str) -> int:
        """A second vote on the current vote's question (after discussion)."""
        room = self._lecturer(code, secret)
        state = room["state"]
        if state["current"] is None:
            raise ClassError("no_vote")
        first = state["votes"][state["current"] - 1]
        first = state["votes"][first["again_of"] - 1] if first["again_of"] else first
        return self.open_vote(code, secret, question_of(first["question"]), again_of=first["id"])

    def end(self, code: str, secret: str) -> None:
        """End the class: the room, its students and answers are deleted."""
        self._lecturer(code, secret)
        self.store.delete_room(code)

    def csv(self, code: str, secret: str) -> str:
        """Each vote's counts (no ids): ``vote,question,round,answer,count,correct``."""
        room = self._lecturer(code, secret)
        lines = ["vote,question,round,answer,count,correct"]
        for v in room["state"]["votes"]:
            q, tally = question_of(v["question"]), self.tally(code, v["id"])
            labels = list(tally.counts) if q.kind == "choice" else \
                [f"[{a:g} {b:g}{']' if i == len(tally.counts) - 1 else ')'}"
                 for i, (a, b) in enumerate(zip(tally.edges, tally.edges[1:]))]
            for label, n in zip(labels, tally.counts.values()):
                right = "" if q.correct is None else str(label == q.correct) if q.kind == "choice" else ""
                lines.append(",".join(_csv_cell(x) for x in (v["id"], q.key, 2 if v["again_of"] else 1,
                                                             label, n, right)))
        return "\n".join(lines) + "\n"

    # ------------------------------------------------------------------ students
    def join(self, code: str, sid: str, *, client: str) -> dict:
        """Student ``sid`` joins room ``code`` (``client``: who asks, for the
        rate limits); the room's state.  Refused: too many attempts from the
        client or of unknown codes on the server, an unknown code, a full room."""
        now = self.clock()
        if not SID.fullmatch(str(sid)):
            raise ClassError("student")
        if not self.store.hit(f"join:{client}", limit=self.caps.joins_per_client, window=60, now=now):
            raise ClassError("rate")
        if not self.store.hit("join", limit=self.caps.joins_per_minute, window=60, now=now):
            raise ClassError("rate")             # every look-up counts: a guess of a code is one of them
        code = normal_code(code)
        room = self.store.room(code) if re.fullmatch(f"[{ALPHABET}]{{{CODE_LENGTH}}}", code) else None
        if room is None or room["expires"] <= now:
            raise ClassError("room")
        if not self.store.join(code, sid, max_students=self.caps.students):
            raise ClassError("full")
        return room["state"]

    def answer(self, code: str, sid: str, vote: int, raw) -> None:
        """Student ``sid``'s answer to ``vote`` of room ``code``: only the
        room's open vote, only a student of the room, only a valid value (a
        later answer replaces the earlier one)."""
        room = self._room(code)
        if not self.store.is_student(code, str(sid)):
            raise ClassError("student")
        state = room["state"]
        if state["current"] != vote or state["votes"][vote - 1]["status"] != "open":
            raise ClassError("closed")
        value = question_of(state["votes"][vote - 1]["question"]).value(raw)
        self.store.answer(code, vote, sid, value)

    def mine(self, code: str, sid: str, vote: int) -> str | None:
        """The stored answer of ``sid`` to ``vote`` (a reload shows it again)."""
        return self.store.answer_of(code, vote, sid)

    # ------------------------------------------------------------------ both
    def _room(self, code: str) -> dict:
        now = self.clock()
        if now - self._purged > PURGE_S:             # expired rooms are deleted, not only ignored
            self._purged = now
            self.store.purge(now)
        room = self.store.room(str(code))
        if room is None or room["expires"] <= self.clock():
            raise ClassError("room")
        return room

    def state(self, code: str) -> dict | None:
        """The room's state ({"votes": [...], "current": id or None}), None once gone."""
        try:
            return self._room(code)["state"]
        except ClassError as err:
            if err.code != "room":                 # a store that fails says so; the room is not gone
                raise
            return None

    def students(self, code: str) -> int:
        """How many students joined."""
        return self.store.students(code)

    def tally(self, code: str, vote: int) -> Tally:
        """The answers to ``vote``: counts per option, or a histogram of ``BINS`` bins."""
        state = self._room(code)["state"]
        if not 1 <= int(vote) <= len(state["votes"]):
            raise ClassError("no_vote")
        q = question_of(state["votes"][int(vote) - 1]["question"])
        values = list(self.store.answers(code, vote).values())
        if q.kind == "choice":
            return Tally(len(values), {o: values.count(o) for o in q.options})
        counts = dict.fromkeys(range(BINS), 0)
        for x in map(float, values):
            counts[bin_index(q, x)] += 1
        return Tally(len(values), counts, edges(q))


def edges(q: Question) -> tuple[float, ...]:
    """The ``BINS + 1`` edges of a number question's histogram (numpy.linspace's)."""
    width = (q.hi - q.lo) / BINS
    return tuple(q.lo + i * width for i in range(BINS)) + (q.hi,)


def bin_index(q: Question, x: float) -> int:
    """The bin of ``x`` in a number question's histogram, as numpy.histogram
    counts it: [a, b), the last [a, b]."""
    e = edges(q)
    i = min(BINS - 1, max(0, int((x - q.lo) / (q.hi - q.lo) * BINS)))
    i -= i > 0 and x < e[i]
    i += i < BINS - 1 and x >= e[i + 1]
    return i


def _csv_cell(x) -> str:
    """A CSV cell that a spreadsheet does not read as a formula."""
    s = str(x)
    if s[:1] in ("=", "+", "-", "@") and not re.fullmatch(r"-?\d+(\.\d+)?", s):
        s = "'" + s
    return '"' + s.replace('"', '""') + '"' if any(c in s for c in ',"\n') else s
