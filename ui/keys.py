"""Keyboard control for presenters (remotes send PageUp / PageDown), through
the maintained ``streamlit-shortcuts`` package: a key press clicks the
widget with that Streamlit key."""
from __future__ import annotations

from .state import SS


def keyboard(**shortcuts) -> None:
    """``keyboard(roc_next=["arrowright", "pagedown"], ...)``: each widget key
    gets its keys (names as in ``KeyboardEvent.key``, lower case; " " is Space)."""
    if SS.get("_no_charts"):       # timing runs (bench/pages.py) leave the page bare
        return
    from streamlit_shortcuts import add_shortcuts

    add_shortcuts(**shortcuts)
