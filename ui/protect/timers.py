"""Timed reruns (a Play button's ``st.fragment(run_every=...)``) that stop.

A Play stops when its animation ends (the page's own check), when the page
is left (the page's first run after another page), and after
``limits.PLAY_IDLE_S`` seconds without a user's touch (:func:`playing`), so
a forgotten tab costs the server nothing.  A Play flag lives in a session
key; its controls call :func:`touch`, its fragment asks :func:`playing` on
every run and reruns the page when it turns False.  Pages use the one loop
built on these, ``ui.core.play.Play``; class mode's live boxes use
:func:`every` alone.
"""
from __future__ import annotations

import time

from ui.protect import limits
from ui.core.state import SS


def touch(key: str) -> None:
    """A user touched the Play ``key`` (switched it, stepped): its idle time starts again."""
    SS.setdefault("_play_touch", {})[key] = time.monotonic()


def playing(key: str) -> bool:
    """Whether the Play ``key`` is on; one idle for longer than
    ``limits.PLAY_IDLE_S`` is switched off here."""
    if not SS.get(key, False):
        return False
    since = SS.setdefault("_play_touch", {}).setdefault(key, time.monotonic())
    if time.monotonic() - since > limits.PLAY_IDLE_S:
        SS[key] = False
        return False
    return True


def every(seconds: float, on: bool) -> float | None:
    """``run_every`` for a Play fragment: ``seconds`` while on, None (no timer) otherwise."""
    return seconds if on else None
