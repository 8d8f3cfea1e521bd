"""A Play toggle: an animation that takes a step on a timer and stops.

One loop for the bootstrap's draws (the methods page) and the ROC page's
walk.  The flag lives in a session key; the page's fragment runs every
``seconds`` while the animation plays (``st.fragment(run_every=...)``) and
asks :meth:`Play.tick` for the step to draw.  Play stops

* at the animation's end (:meth:`Play.tick` turns the flag off and reruns
  the page, so the timer goes),
* when the page is left (:meth:`Play.stop_if_page_changed`, on the page's
  first run after another page),
* after ``limits.PLAY_IDLE_S`` seconds without a user's touch
  (``ui.protect.timers``), so a forgotten tab costs the server nothing.

::

    player = Play("roc_play", seconds=1.2)
    player.stop_if_page_changed()
    playing = player.on

    @st.fragment(run_every=player.every(playing))
    def walk():
        k = player.tick("step", n_steps, was_playing=playing)
        player.toggle(st, "Play", running=playing)   # drawn inside the fragment
"""
from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from ui.core.state import SS, tied
from ui.protect import timers


@dataclass(frozen=True)
class Play:
    """The Play flag ``key`` (a session key) that steps every ``seconds``."""

    key: str
    seconds: float

    @property
    def _toggled(self) -> str:
        return f"_{self.key}_toggled"

    @property
    def on(self) -> bool:
        """Whether it plays (an idle one is switched off here)."""
        return timers.playing(self.key)

    def every(self, running: bool) -> float | None:
        """``run_every`` for the fragment: ``seconds`` while ``running``, else no timer."""
        return timers.every(self.seconds, running)

    def stop(self) -> None:
        """Play stops (a reset, a new sample, the page left)."""
        SS[self.key] = False

    def stop_if_page_changed(self) -> None:
        """Play stops when the page is left (the first run after another page)."""
        if SS.get("_page_changed", True):
            self.stop()

    def set(self, on: bool) -> None:
        """A user switched it: the flag, its idle time started again."""
        SS[self.key] = bool(on)
        timers.touch(self.key)
        SS[self._toggled] = True

    def touch(self) -> None:
        """A user stepped by hand: the idle time starts again."""
        timers.touch(self.key)

    def toggle(self, where, label: str, *, help: str, running: bool | None = None) -> None:
        """The toggle in ``where`` (``st`` or a column).  Drawn inside the
        timed fragment, pass ``running`` (whether this run's timer is on):
        a switch that changes it reruns the page, which sets the timer."""
        where.toggle(label, help=help, **tied(f"_w_{self.key}", bool(SS.get(self.key, False)), self.set))
        if SS.pop(self._toggled, False) and running is not None and bool(SS[self.key]) != running:
            st.rerun()

    def tick(self, step_key: str, end: int, *, was_playing: bool, stride: int = 1, moved: bool = False) -> int:
        """The step to draw in this run of the fragment, kept in the session
        key ``step_key``: one ``stride`` further (at most ``end``) while it
        plays and the user did not just move by hand (``moved``).
        ``was_playing`` is whether the fragment's timer was set; an idle
        Play, or the end reached, reruns the page so the timer goes."""
        step = min(int(SS.get(step_key, 0)), end)
        on = self.on
        if was_playing and not on and not SS.get(self._toggled):
            st.rerun()                          # idle too long: the whole page, to stop the timer
        if on and not moved and step < end:
            step = min(end, step + max(1, int(stride)))
        SS[step_key] = step
        if on and step >= end:                  # at the end Play turns itself off
            self.stop()
            if was_playing:
                st.rerun()                      # the whole page, to stop the timer
        return step
