"""Where a class's rooms, students and answers live: one small interface
(:class:`Store`), two implementations -- :class:`SQLiteStore` (the standard
library's ``sqlite3`` in WAL mode, one file shared by every process of one
machine) and ``classroom.redis_store.RedisStore`` (several machines).

The interface holds no logic of a class (``classroom.rooms`` does); it
only makes the few steps that must be atomic atomic: a room created under
the cap of rooms, a student joined under the cap of students, an answer
that replaces the student's earlier one, a rate counter.  Every method
takes plain values (``str``, ``float``, a JSON-able ``dict``).

>>> s = SQLiteStore(":memory:")
>>> s.create_room("ABCD2345", {"secret": "h", "expires": 10.0, "state": {}}, max_rooms=5, now=0.0)
True
>>> s.join("ABCD2345", "me", max_students=2), s.students("ABCD2345")
(True, 1)
"""
from __future__ import annotations

import json
import os
import sqlite3
import threading
from pathlib import Path
from typing import Protocol

ENV = "EVALLAB_CLASS_STORE"        # the setting: a SQLite path or redis://host:port/db


def default_path() -> Path:
    """The per-user default of the SQLite file: ``$XDG_DATA_HOME/evallab/class.sqlite3``
    (``~/.local/share/evallab/class.sqlite3``), never inside the source tree."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "evallab" / "class.sqlite3"


class Store(Protocol):
    """What ``classroom.rooms`` needs of a store.  A room is a record
    ``{"secret": sha256 hex, "expires": epoch seconds, "state": dict}``."""

    def create_room(self, code: str, record: dict, *, max_rooms: int, now: float) -> bool:
        """Add room ``code`` unless it exists or ``max_rooms`` unexpired rooms exist."""

    def room(self, code: str) -> dict | None:
        """The record of room ``code`` (None when there is none)."""

    def save_state(self, code: str, state: dict) -> None:
        """Replace the room's state (only its lecturer writes it)."""

    def delete_room(self, code: str) -> None:
        """Delete the room with its students and answers."""

    def purge(self, now: float) -> int:
        """Delete every room expired at ``now``; return how many."""

    def join(self, code: str, sid: str, *, max_students: int) -> bool:
        """Record student ``sid`` in the room (again: no change); False when full."""

    def is_student(self, code: str, sid: str) -> bool:
        """Whether ``sid`` joined room ``code``."""

    def students(self, code: str) -> int:
        """How many students joined the room."""

    def answer(self, code: str, vote: int, sid: str, value: str) -> None:
        """Store the student's answer to the vote, replacing an earlier one."""

    def answers(self, code: str, vote: int) -> dict[str, str]:
        """{student id: value} of the vote."""

    def answer_of(self, code: str, vote: int, sid: str) -> str | None:
        """The answer of ``sid`` to the vote, or None (a phone's poll asks only for its own)."""

    def hit(self, bucket: str, *, limit: int, window: float, now: float) -> bool:
        """Count one event of ``bucket`` in its window of ``window`` seconds;
        False (not counted) when ``limit`` were counted already."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, secret TEXT NOT NULL, expires REAL NOT NULL,
                                  state TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS students (code TEXT NOT NULL, sid TEXT NOT NULL, PRIMARY KEY (code, sid));
CREATE TABLE IF NOT EXISTS answers (code TEXT NOT NULL, vote INTEGER NOT NULL, sid TEXT NOT NULL,
                                    value TEXT NOT NULL, PRIMARY KEY (code, vote, sid));
CREATE TABLE IF NOT EXISTS hits (bucket TEXT PRIMARY KEY, window REAL NOT NULL, n INTEGER NOT NULL);
"""


class SQLiteStore:
    """The store in one SQLite file (WAL: readers never wait for the writer),
    one connection per thread (Streamlit runs each session's script in a
    thread of its own); several processes share the file."""

    def __init__(self, path: str | os.PathLike):
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        self._memory = None
        self._db().executescript(_SCHEMA)

    def _db(self) -> sqlite3.Connection:
        if self.path == ":memory:":                # one shared connection (tests, doctests)
            if self._memory is None:
                self._memory = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
            return self._memory
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")   # WAL + NORMAL: a committed answer survives a process crash
            self._local.db = db
        return db

    def _tx(self):
        return _Transaction(self._db())

    def create_room(self, code: str, record: dict, *, max_rooms: int, now: float) -> bool:
        with self._tx() as db:
            if db.execute("SELECT 1 FROM rooms WHERE code = ?", (code,)).fetchone():
                return False
            (n,) = db.execute("SELECT COUNT(*) FROM rooms WHERE expires > ?", (now,)).fetchone()
            if n >= max_rooms:
                return False
            db.execute("INSERT INTO rooms VALUES (?, ?, ?, ?)",
                       (code, record["secret"], float(record["expires"]), json.dumps(record["state"])))
            return True

    def room(self, code: str) -> dict | None:
        row = self._db().execute("SELECT secret, expires, state FROM rooms WHERE code = ?", (code,)).fetchone()
        return None if row is None else {"secret": row[0], "expires": row[1], "state": json.loads(row[2])}

    def save_state(self, code: str, state: dict) -> None:
        with self._tx() as db:
            db.execute("UPDATE rooms SET state = ? WHERE code = ?", (json.dumps(state), code))

    def delete_room(self, code: str) -> None:
        with self._tx() as db:
            for table in ("answers", "students", "rooms"):
                db.execute(f"DELETE FROM {table} WHERE code = ?", (code,))

    def purge(self, now: float) -> int:
        codes = [c for (c,) in self._db().execute("SELECT code FROM rooms WHERE expires <= ?", (now,))]
        for code in codes:
            self.delete_room(code)
        with self._tx() as db:
            db.execute("DELETE FROM hits WHERE window < ?", (now - 3600,))
        return len(codes)

    def join(self, code: str, sid: str, *, max_students: int) -> bool:
        with self._tx() as db:
            if db.execute("SELECT 1 FROM students WHERE code = ? AND sid = ?", (code, sid)).fetchone():
                return True
            (n,) = db.execute("SELECT COUNT(*) FROM students WHERE code = ?", (code,)).fetchone()
            if n >= max_students:
                return False
            db.execute("INSERT INTO students VALUES (?, ?)", (code, sid))
            return True

    def is_student(self, code: str, sid: str) -> bool:
        return self._db().execute("SELECT 1 FROM students WHERE code = ? AND sid = ?", (code, sid)).fetchone() \
            is not None

    def students(self, code: str) -> int:
        return self._db().execute("SELECT COUNT(*) FROM students WHERE code = ?", (code,)).fetchone()[0]

    def answer(self, code: str, vote: int, sid: str, value: str) -> None:
        with self._tx() as db:
            db.execute("INSERT INTO answers VALUES (?, ?, ?, ?) ON CONFLICT (code, vote, sid) "
                       "DO UPDATE SET value = excluded.value", (code, int(vote), sid, value))

    def answers(self, code: str, vote: int) -> dict[str, str]:
        rows = self._db().execute("SELECT sid, value FROM answers WHERE code = ? AND vote = ?", (code, int(vote)))
        return dict(rows.fetchall())

    def answer_of(self, code: str, vote: int, sid: str) -> str | None:
        row = self._db().execute("SELECT value FROM answers WHERE code = ? AND vote = ? AND sid = ?",
                                 (code, int(vote), sid)).fetchone()
        return None if row is None else row[0]

    def hit(self, bucket: str, *, limit: int, window: float, now: float) -> bool:
        start = now - now % window
        with self._tx() as db:
            row = db.execute("SELECT window, n FROM hits WHERE bucket = ?", (bucket,)).fetchone()
            n = row[1] if row and row[0] == start else 0
            if n >= limit:
                return False
            db.execute("INSERT INTO hits VALUES (?, ?, ?) ON CONFLICT (bucket) DO UPDATE SET window = excluded.window,"
                       " n = excluded.n", (bucket, start, n + 1))
            return True

    def close(self) -> None:
        """Close this thread's connection (tests)."""
        db = getattr(self._local, "db", None) or self._memory
        if db is not None:
            db.close()
        self._local.db = self._memory = None


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on an error): the
    write lock is taken at once, so a count and the insert it allows are one
    step for every process."""

    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __enter__(self) -> sqlite3.Connection:
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, kind, *_):
        self.db.execute("ROLLBACK" if kind else "COMMIT")
        return False


def open_store(where: str | os.PathLike | None = None) -> Store:
    """The store named by ``where`` (else the setting ``$EVALLAB_CLASS_STORE``,
    else :func:`default_path`): ``redis://host:port/db`` or a SQLite file path."""
    where = str(where or os.environ.get(ENV) or default_path())
    if where.startswith(("redis://", "rediss://", "unix://")):
        from classroom.redis_store import RedisStore     # the redis client only when asked for

        return RedisStore(where)
    return SQLiteStore(where)
