"""Memory bounds, in bytes: the cache every session shares and what each
session holds.

* :data:`SHARED` is the ledger of the shared cache (the facts of every
  model, resampled sets included, :mod:`ui.models`): each fact computed is
  charged to its object; past ``limits.SHARED_CACHE_MB`` the objects used
  least recently drop their facts (recomputed if asked again).
* A session's uploads, their facts, its tables and K x K matrices count
  against ``limits.SESSION_MB`` (:func:`session_bytes`); a new upload that
  would pass it is refused with a message (:func:`charged`).
* :func:`once` computes a session-held object once per input, not per rerun.
"""
from __future__ import annotations

import dataclasses
import sys
import threading
import weakref
from collections import OrderedDict

import numpy as np

import evalcore as ec

from . import limits
from .state import SS

MB = 2 ** 20
# session keys (or families) whose values a session holds on its own
SESSION_KEYS = ("ds_upload", "_upload_facts", "upload_pending", "mc_labels", "_memo", "compare.table.",
                "lab.table.")


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


def session_bytes(*, leave_out: str | None = None) -> int:
    """Bytes the current session holds in :data:`SESSION_KEYS` (``leave_out``: a key about to be replaced)."""
    seen: set = set()
    total = 0
    for key in list(SS.keys()):
        if key == leave_out or not any(key == k or (k.endswith(".") and key.startswith(k)) for k in SESSION_KEYS):
            continue
        total += nbytes(SS[key], seen)
    return total


def charged(key: str, value):
    """``value`` if the session, holding it under ``key`` instead of what is
    there now, stays within ``limits.SESSION_MB``; else DataError ``session_budget``."""
    total = session_bytes(leave_out=key) + nbytes(value)
    if total > limits.SESSION_MB * MB:
        raise ec.DataError("session_budget", mb=total / MB, limit=limits.SESSION_MB)
    return value


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
    memo[name] = (source, charged("_memo", value) if nbytes(value) > MB else value)
    return value
