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
* it runs at a lower CPU priority (its thread's nice value is raised for
  the computation and put back after it), so the other students' moves come
  first; where the server may not raise a priority back (an unprivileged user
  without ``RLIMIT_NICE``), it runs at normal priority: a lowered script
  thread would draw the rest of the session's run slowly, which on a busy
  machine took more than 30 s for a page after one small fit;
* it is cancelled when its session starts another run or leaves: Streamlit
  stops a script run at its next call into ``st`` -- the wait loop and every
  progress update (:class:`Progress`) are such calls.

A page's defaults computed in the background (:func:`warm`) run in their own
thread at low priority and take no turn: a starved warm-up holding the only
turn would make every student's computation wait for it.
"""
from __future__ import annotations

import functools
import logging
import os
try:
    import resource
except ImportError:          # not on Windows
    resource = None
import threading
import time

import streamlit as st

import evalcore as ec

from ui.protect import limits
from ui.core.i18n import t

_TURN = threading.BoundedSemaphore(limits.HEAVY_AT_ONCE)
_waiting = 0
_count_lock = threading.Lock()
_background = threading.local()     # .on: this thread is a warm-up (no turn, already at low priority)
NICE = 10            # added to a heavy computation's thread priority (Linux; elsewhere nothing)


def check_cost(cost: float) -> None:
    """DataError ``too_costly`` when ``cost`` (sample-operations) passes ``limits.HEAVY_COST``."""
    if not cost <= limits.HEAVY_COST:
        raise ec.DataError("too_costly", cost=float(cost), limit=float(limits.HEAVY_COST))


def _may_raise_back(nice: int) -> bool:
    """Whether this process may set a thread's nice value back to ``nice`` after raising it."""
    if resource is None or not hasattr(os, "setpriority"):
        return False
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        return True
    soft = resource.getrlimit(resource.RLIMIT_NICE)[0]
    return soft == resource.RLIM_INFINITY or nice >= 20 - soft


def _set_nice(value: int) -> bool:
    """Set this thread's nice value (Linux); whether it was set."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), value)
        return True
    except (AttributeError, OSError):
        return False


def _lower_priority() -> int | None:
    """Raise this thread's nice value by NICE; returns the value to put back
    (None: nothing changed, or it could not be put back, so it is left alone)."""
    try:
        before = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    except (AttributeError, OSError):
        return None
    if not _may_raise_back(before) or not _set_nice(min(19, before + NICE)):
        return None
    return before


def _wait_turn() -> None:
    """Take a turn, showing the queue while waiting (each redraw is a point where the run can be cancelled)."""
    global _waiting
    if _TURN.acquire(blocking=False):
        return
    with _count_lock:
        _waiting += 1
    line = st.empty()
    start = time.monotonic()
    held = False
    try:
        while not (held := _TURN.acquire(timeout=0.5)):
            waited = time.monotonic() - start
            if waited > limits.HEAVY_WAIT_S:
                raise ec.DataError("heavy_busy", seconds=int(waited))
            line.info(t("common.heavy.wait", n=_waiting, s=int(waited)), icon="⏳")
    finally:
        with _count_lock:
            _waiting -= 1
        try:
            line.empty()            # a call into st: the run may be stopped here, holding the turn
        except BaseException:
            if held:                # kept, it was lost to the process: every later heavy computation waited
                _TURN.release()     # HEAVY_WAIT_S and failed
            raise


def job(cost):
    """Decorator: the function's cost is ``cost(*args, **kwargs)`` (sample-operations),
    checked before it runs; it runs in turn, at low priority, cancellable."""
    def wrap(fn):
        @functools.wraps(fn)
        def run(*args, **kwargs):
            c = cost(*args, **kwargs)
            check_cost(c)
            if c < limits.HEAVY_QUEUE_COST or getattr(_background, "on", False):   # cheap, or a warm-up
                return fn(*args, **kwargs)
            _wait_turn()
            before = _lower_priority()
            try:
                return fn(*args, **kwargs)
            finally:
                if before is not None:
                    _set_nice(before)
                _TURN.release()
        run.cost = cost
        return run
    return wrap


class _QuietWarmUp(logging.Filter):
    """A warm-up has no session to draw its progress in: Streamlit's warning
    for each such call ("missing ScriptRunContext") says nothing, once per call."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not getattr(_background, "on", False)


logging.getLogger("streamlit.runtime.scriptrunner_utils.script_run_context").addFilter(_QuietWarmUp())


@functools.cache
def warm(name: str, work) -> None:
    """Run ``work()`` once per process in a background thread ``name``: a
    page's default results computed before a class's first click.  Started
    by ``ui.open_page`` (the first page run), never on import.  A failure only
    leaves the work to the first click.  It runs at low priority and takes
    no turn (:func:`job`), so no student waits for it."""
    def run():
        _background.on = True
        _set_nice(19)
        try:
            work()
        except Exception:  # noqa: BLE001
            return

    threading.Thread(target=run, name=name, daemon=True).start()


def running() -> int:
    """How many heavy computations are running now (for tests and benches)."""
    return limits.HEAVY_AT_ONCE - _TURN._value      # noqa: SLF001  (a BoundedSemaphore's count)
