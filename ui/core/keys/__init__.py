"""Keyboard control for presenters (remotes send PageUp / PageDown): a key
press calls the page's handler on the server with the name of its action.

The maintained ``streamlit-shortcuts`` package was used first; it cannot do
two things this app needs: its listener lives in a component frame that goes
away with the page (or the ROC mode) while a one-time "initialised" flag stays
on the window, so the keys stopped working after a page switch and back; and
it took keys typed into text fields.  It also works by clicking the page's
buttons, and so did the frame that replaced it here: a press that arrived
while the page was being redrawn found no button to click and was lost
(about 1 run in 10 of the keyboard test on a busy machine).  The component in
``keys.js`` lives in the page itself and sends the action to the server, which
moves the walk; keys typed into a field, a select box or a slider are left
to that widget.
"""
from __future__ import annotations

from typing import Callable

from ui.core.components import component
from ui.core.state import SS


def keyboard(key: str, on_key: Callable[[str], None], **actions) -> None:
    """``keyboard("roc_keys", move, next=["arrowright", "pagedown"], ...)``:
    each action gets its keys (names as in ``KeyboardEvent.key``, lower case;
    " " is Space); a press calls ``on_key(action)`` before the run (in a
    fragment, the fragment's run)."""
    if SS.get("_no_charts"):       # timing runs (bench/pages.py) leave the page bare
        return
    keys = {a: [v] if isinstance(v, str) else list(v) for a, v in actions.items()}

    def pressed():
        action = (SS.get(key) or {}).get("key")
        if isinstance(action, str) and action in keys:
            on_key(action)

    component("lab_keys", "keys/keys.js")(key=key, data={"keys": keys}, on_key_change=pressed, height=0)
