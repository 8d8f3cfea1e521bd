""""Guess first" (先猜后看): a student commits to an answer before the
exercise's result is shown.  Used by the exercises page's sections.

Session keys (``exercises.`` family): ``exercises.guess.<name>`` the
committed guess of exercise ``<name>`` (absent until committed) and
``exercises.shown.<name>`` (True once the answer is revealed, by a guess or
by "just show me").  Both are remembered for the session.
"""
from __future__ import annotations

import streamlit as st

from ui.core.i18n import t
from ui.core.state import SS

PAGE_STRINGS = "exercises."


def guess_first(name: str, prompt: str, *, options: dict | None = None,
                number: tuple[float, float, float] | None = None) -> bool:
    """Ask for the student's guess of exercise ``name``; return whether the
    answer may be shown.

    ``options``: {value: label} for a choice, or ``number``: ``(lo, hi,
    start)`` for a number.  The guess is committed with a button; "just show
    me" reveals the answer without one.  Once revealed, the committed guess
    stays visible above the answer (:func:`guess_of` reads it)."""
    gkey, skey = f"exercises.guess.{name}", f"exercises.shown.{name}"
    if SS.get(skey) or gkey in SS:                 # a committed guess (also one from a link) shows the answer
        if gkey in SS:
            shown = options.get(SS[gkey], SS[gkey]) if options else SS[gkey]
            # our own option label (markdown and math kept), or a link's guess: a checked short word
            st.caption(t("exercises.guess.yours").replace("{guess}", str(shown)))
        if st.button(t("exercises.guess.again"), key=f"_w_again_{name}"):
            SS.pop(skey, None)
            SS.pop(gkey, None)
            st.rerun()
        return True
    with st.container(border=True):
        st.markdown(prompt)
        if options:
            value = st.radio(t("exercises.guess.pick"), list(options), format_func=options.get, index=None,
                             horizontal=True, key=f"_w_guess_{name}")
        else:
            lo, hi, start = number
            value = st.number_input(t("exercises.guess.number"), min_value=lo, max_value=hi, value=start,
                                    key=f"_w_guess_{name}")
        c1, c2 = st.columns(2)
        if c1.button(t("exercises.guess.commit"), type="primary", disabled=value is None, key=f"_w_commit_{name}"):
            SS[gkey] = value
            SS[skey] = True
            st.rerun()
        if c2.button(t("exercises.guess.skip"), key=f"_w_skip_{name}"):
            SS[skey] = True
            st.rerun()
    return False


def guess_of(name: str):
    """The committed guess of exercise ``name``, or None."""
    return SS.get(f"exercises.guess.{name}")
