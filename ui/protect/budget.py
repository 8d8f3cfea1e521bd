"""Memory bounds, in bytes: the cache every session shares and what each
session holds.

* :data:`SHARED` is the ledger of the shared cache (the facts of every
  model, resampled sets included, :mod:`ui.core.models`): each fact computed is
  charged to its object; past ``limits.SHARED_CACHE_MB`` the objects used
  least recently drop their facts (recomputed if asked again).
* A session's uploads, everything computed from them (the facts of its
  models: sorted scores, counts, curves, the ROC walk, bootstrap resamples
  and intervals, resampled sets, flipped copies), its tables and K x K
  matrices count against ``limits.SESSION_MB`` (:func:`session_bytes`, a
  walk of what the session's keys hold).  A new upload that would pass it is
  refused (:func:`charged`); so is a model's counts or an interval's
  resamples once the session, with that fact's estimated size, would pass
  it (:func:`afford`, raising :class:`OverBudget`): the session keeps what
  it holds and is told what to drop (fewer models, intervals off, a smaller
  file).  Other facts of a model shown are then computed for the run and
  not kept (``ui.core.models.REFUSED_FACTS``).
* Whom a shared object is charged to: facts of built-in and synthetic data
  live once in ``st.cache_resource`` for every session, so they are charged
  to :data:`SHARED` (bounded by ``limits.SHARED_CACHE_MB``, least recently
  used dropped first), not to the sessions reading them -- charging each
  reader would count the same bytes many times.  A session's own upload is
  never in a shared cache: its facts live in its state and count against it.
* :func:`once` computes a session-held object once per input, not per rerun.
* :func:`reap` gives back the memory of closed sessions: Streamlit keeps a
  disconnected session for ``server.disconnectedSessionTTL`` seconds (so a
  network blip resumes it) but drops expired ones only lazily; a thread
  (:func:`start_reaper`) drops them every ``limits.REAP_S`` seconds.
"""
from __future__ import annotations

import asyncio
import ctypes
import dataclasses
import gc
import io
import logging
import sys
import threading
import time
import weakref
from collections import OrderedDict

import numpy as np

import evalcore as ec

from ui.protect import limits
from ui.core.state import SS

MB = 2 ** 20
# session keys (or families) whose values a session holds on its own
SESSION_KEYS = ("ds_upload", "_upload_facts", "upload_pending", "mc_labels", "_memo", "compare.table.",
                "lab.table.",
                "multiclass.upload", "_w_multiclass_upload",       # the multi-class page's K-class upload
                # the files as uploaded: Streamlit keeps each uploader's bytes while its widget holds the file
                "_w_upload", "_w_compare_upload", "_w_mc_upload", "_w_tour_upload")


class OverBudget(ec.DataError):
    """A fact refused because the session would hold more than ``limits.SESSION_MB``."""

    def __init__(self, mb: float, limit: int):
        super().__init__("session_full", mb=mb, limit=limit)


def nbytes(obj, _seen=None) -> int:
    """Bytes held by ``obj``: numpy arrays (counted once), strings, and what
    dataclasses, tuples, lists, dicts, pandas objects and plain objects hold."""
    seen = set() if _seen is None else _seen
    if id(obj) in seen or obj is None or isinstance(obj, (int, float, bool)):
        return 0
    seen.add(id(obj))
    if isinstance(obj, np.ndarray):
        base = obj if obj.base is None or not isinstance(obj.base, np.ndarray) else obj.base
        if base is not obj and id(base) in seen:
            return 0
        seen.add(id(base))
        n = int(base.nbytes)
        if base.dtype == object and base.size:          # the objects themselves, estimated from a sample
            sample = base.ravel()[:10_000]
            n += int(sum(sys.getsizeof(v) for v in sample) * base.size / sample.size)
        return n
    if isinstance(obj, (str, bytes)):
        return sys.getsizeof(obj)
    if isinstance(obj, io.BytesIO):            # an uploaded file (Streamlit's UploadedFile gives its size)
        return int(getattr(obj, "size", None) or len(obj.getvalue()))
    if hasattr(obj, "memory_usage") and hasattr(obj, "shape"):      # pandas
        return int(np.sum(obj.memory_usage(deep=True)))
    if dataclasses.is_dataclass(obj):
        return sum(nbytes(getattr(obj, f.name), seen) for f in dataclasses.fields(obj))
    if isinstance(obj, dict):
        return sum(nbytes(k, seen) + nbytes(v, seen) for k, v in obj.items())
    if isinstance(obj, (tuple, list, set, frozenset)):
        return sum(nbytes(v, seen) for v in obj)
    if hasattr(obj, "__dict__"):
        return sum(nbytes(v, seen) for k, v in vars(obj).items() if not k.startswith("__"))
    return 0


class Ledger:
    """Bytes charged per object, least recently used first; past ``limit``
    the oldest objects are asked to :meth:`trim` themselves (drop what they
    can compute again)."""

    def __init__(self, limit: int):
        self.limit = limit
        self._lock = threading.Lock()
        self._items: OrderedDict = OrderedDict()     # id -> [weakref, bytes]

    @property
    def total(self) -> int:
        with self._lock:
            return sum(b for _, b in self._items.values())

    def charge(self, obj, n: int) -> None:
        """Charge ``n`` more bytes to ``obj`` (and mark it used); trim the oldest past the limit."""
        with self._lock:
            item = self._items.pop(id(obj), None)
            if item is None or item[0]() is not obj:
                item = [weakref.ref(obj), 0]
            item[1] += int(n)
            self._items[id(obj)] = item
            dropped = self._over(keep=id(obj))
        for other in dropped:
            other.trim()

    def touch(self, obj) -> None:
        with self._lock:
            if id(obj) in self._items:
                self._items.move_to_end(id(obj))

    def forget(self, obj) -> None:
        with self._lock:
            self._items.pop(id(obj), None)

    def _over(self, keep) -> list:
        dropped = []
        total = sum(b for _, b in self._items.values())
        for key in list(self._items):
            if total <= self.limit:
                break
            ref, b = self._items[key]
            if key == keep:
                continue
            del self._items[key]
            total -= b
            live = ref()
            if live is not None:
                dropped.append(live)
        return dropped


SHARED = Ledger(limits.SHARED_CACHE_MB * MB)


def session_bytes(*, leave_out: str | tuple = ()) -> int:
    """Bytes the current session holds in :data:`SESSION_KEYS` (``leave_out``: keys about to be replaced)."""
    leave_out = (leave_out,) if isinstance(leave_out, str) else leave_out
    seen: set = set()
    total = 0
    for key in list(SS.keys()):
        if key in leave_out or not any(key == k or (k.endswith(".") and key.startswith(k)) for k in SESSION_KEYS):
            continue
        total += nbytes(SS[key], seen)
    return total


def charged(key: str, value, *, replaces: tuple = ()):
    """``value`` if the session, holding it under ``key`` instead of what is
    there now (and without the keys ``replaces``), stays within
    ``limits.SESSION_MB``; else DataError ``session_budget``."""
    total = session_bytes(leave_out=(key, *replaces)) + nbytes(value)
    if total > limits.SESSION_MB * MB:
        raise ec.DataError("session_budget", mb=total / MB, limit=limits.SESSION_MB)
    return value


def afford(estimate: int) -> None:
    """Raise :class:`OverBudget` unless the session can hold ``estimate`` more bytes within ``limits.SESSION_MB``."""
    total = session_bytes()
    if total + int(estimate) > limits.SESSION_MB * MB:
        raise OverBudget(total / MB, limits.SESSION_MB)


def once(name: str, source, compute):
    """``compute()`` once per ``source`` object (an upload, a table) for this
    session: kept under ``name`` while ``source`` is the same object, and
    counted against the session's budget."""
    memo = SS.setdefault("_memo", {})
    got = memo.get(name)
    if got is not None and got[0] is source:
        return got[1]
    memo.pop(name, None)
    value = compute()
    if nbytes(value) > MB:
        charged("_memo", (memo, value))          # with the session's other memos, not instead of them
    memo[name] = (source, value)
    return value


# ----------------------------------------------------- closed sessions
_LOG = logging.getLogger(__name__)
_REAPER: threading.Thread | None = None
_REAPER_LOCK = threading.Lock()


def reap(session_mgr, now: float | None = None, files=None) -> int:
    """Drop from Streamlit's session storage the disconnected sessions past
    their time to live and shut each down; returns how many.  With
    ``files`` (Streamlit's uploaded-file manager), also drop the uploaded
    files of sessions neither connected nor stored: the storage keeps at
    most 128 closed sessions and forgets the oldest past that without
    shutting them down, so their files stayed.

    Streamlit (1.67) moves a closed session into a ``MemorySessionStorage``
    (a ``TTLCache`` of ``server.disconnectedSessionTTL`` seconds) so that a
    reconnect resumes it; an expired entry is removed only when another
    session is stored or the storage is listed, so with no new disconnects
    a class's closed sessions (their uploads and facts) stayed in memory for
    good.  Call on Streamlit's event loop (the storage is not thread-safe)."""
    storage = getattr(session_mgr, "_session_storage", None)
    cache = getattr(storage, "_cache", None)
    if not hasattr(cache, "expire"):
        return 0
    lock = getattr(session_mgr, "_storage_lock", None) or threading.Lock()
    with lock:
        removed = cache.expire(now)
    for _, info in removed:
        try:
            info.session.shutdown()
        except Exception:  # a session half shut down still goes
            _LOG.debug("shutting a closed session down failed", exc_info=True)
    orphans = [sid for sid in list(getattr(files, "file_storage", {}))
               if not session_mgr.is_active_session(sid) and storage.get(sid) is None]
    for sid in orphans:
        files.remove_session_files(sid)
    return len(removed) + len(orphans)


def _give_back() -> None:
    """Collect the cycles a dropped session leaves (Streamlit's own collection
    after each run is off, .streamlit/config.toml) and hand the freed heap back
    to the system (glibc keeps freed memory of its arenas otherwise)."""
    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # not glibc: the collection is what we can do
        pass


def _reaper_loop(interval: float) -> None:
    from streamlit import runtime

    while True:
        time.sleep(interval)
        try:
            if not runtime.exists():
                continue
            rt = runtime.get_instance()
            loop = rt._get_async_objs().eventloop

            async def on_loop() -> int:
                return reap(rt._session_mgr, files=rt.uploaded_file_mgr)

            if loop.is_closed():            # a runtime being stopped (tests start and stop many)
                continue
            work = on_loop()
            try:
                done = asyncio.run_coroutine_threadsafe(work, loop)
            except RuntimeError:            # closed in between: put away unrun ("never awaited" otherwise)
                work.close()
                continue
            if done.result(timeout=30):
                _give_back()
        except Exception:  # the reaper never stops the server; it tries again
            _LOG.debug("reaping closed sessions failed", exc_info=True)


def start_reaper(interval: float = limits.REAP_S) -> None:
    """Start, once per server process, the thread that gives back the memory
    of closed sessions every ``interval`` seconds (:func:`reap`)."""
    global _REAPER
    with _REAPER_LOCK:
        if _REAPER is None or not _REAPER.is_alive():
            _REAPER = threading.Thread(target=_reaper_loop, args=(interval,), name="evallab-reaper", daemon=True)
            _REAPER.start()


def freeze(obj):
    """Make every numpy array in ``obj`` (a result dataclass, tuple or array) read-only."""
    if isinstance(obj, np.ndarray):
        obj.flags.writeable = False
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            freeze(getattr(obj, f.name))
    elif isinstance(obj, tuple):
        for v in obj:
            freeze(v)
    return obj
