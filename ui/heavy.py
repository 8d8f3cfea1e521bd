"""Heavy computations (learners fitted many times, simulations): a bounded
cost, one at a time, cancellable, with progress.

Wrap the function that does the work: ``@heavy.job(cost=lambda n, reps: n * reps)``
(inside ``st.cache_data``, so a cached result costs nothing).  Then

* its cost, estimated from its arguments in sample-operations, is checked
  against ``limits.HEAVY_COST`` before it runs (DataError ``too_costly``);
* one costing ``limits.HEAVY_QUEUE_COST`` or more takes a turn: at most
  ``limits.HEAVY_AT_ONCE`` run on the server at once; the others
  wait their turn with a worded progress line, at most ``limits.HEAVY_WAIT_S``
  (DataError ``heavy_busy``), so threshold moves keep a core;
* it runs at a lower CPU priority (its thread's nice value is raised), so
  the other students' moves come first;
* it is cancelled when its session starts another run or leaves: Streamlit
  stops a script run at its next call into ``st`` -- the wait loop and every
  progress update (:class:`Progress`) are such calls.
"""
from __future__ import annotations

import functools
import os
import threading
import time

import streamlit as st

import evalcore as ec

from . import limits
from .i18n import t

_TURN = threading.BoundedSemaphore(limits.HEAVY_AT_ONCE)
_waiting = 0
_count_lock = threading.Lock()
NICE = 10            # added to a heavy computation's thread priority (Linux; elsewhere nothing)


def check_cost(cost: float) -> None:
    """DataError ``too_costly`` when ``cost`` (sample-operations) passes ``limits.HEAVY_COST``."""
    if not cost <= limits.HEAVY_COST:
        raise ec.DataError("too_costly", cost=float(cost), limit=float(limits.HEAVY_COST))


def _lower_priority() -> None:
    try:
        tid = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, tid, min(19, os.getpriority(os.PRIO_PROCESS, tid) + NICE))
    except (AttributeError, OSError):
        pass


def _wait_turn() -> None:
    """Take a turn, showing the queue while waiting (each redraw is a point where the run can be cancelled)."""
    global _waiting
    if _TURN.acquire(blocking=False):
        return
    with _count_lock:
        _waiting += 1
    line = st.empty()
    start = time.monotonic()
    try:
        while not _TURN.acquire(timeout=0.5):
            waited = time.monotonic() - start
            if waited > limits.HEAVY_WAIT_S:
                raise ec.DataError("heavy_busy", seconds=int(waited))
            line.info(t("common.heavy.wait", n=_waiting, s=int(waited)), icon="⏳")
    finally:
        with _count_lock:
            _waiting -= 1
        line.empty()


def job(cost):
    """Decorator: the function's cost is ``cost(*args, **kwargs)`` (sample-operations),
    checked before it runs; it runs in turn, at low priority, cancellable."""
    def wrap(fn):
        @functools.wraps(fn)
        def run(*args, **kwargs):
            c = cost(*args, **kwargs)
            check_cost(c)
            if c < limits.HEAVY_QUEUE_COST:          # cheap (a slider's step on a small setting): no queue
                return fn(*args, **kwargs)
            _wait_turn()
            try:
                _lower_priority()
                return fn(*args, **kwargs)
            finally:
                _TURN.release()
        run.cost = cost
        return run
    return wrap


@functools.cache
def warm(name: str, work) -> None:
    """Run ``work()`` once per process in a background thread ``name``: a
    page's default results computed before a class's first click.  Started
    by ``ui.open_page`` (the first page run), never on import.  A failure only
    leaves the work to the first click."""
    def run():
        try:
            work()
        except Exception:  # noqa: BLE001
            return

    threading.Thread(target=run, name=name, daemon=True).start()


def running() -> int:
    """How many heavy computations are running now (for tests and benches)."""
    return limits.HEAVY_AT_ONCE - _TURN._value      # noqa: SLF001  (a BoundedSemaphore's count)
