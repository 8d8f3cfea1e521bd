""""Guess first" (先猜后看): a student commits to an answer before the
exercise's result is shown.  Used by the exercises page's sections.

Session keys (``exercises.`` family): ``exercises.guess.<name>`` the
committed guess of exercise ``<name>`` (absent until committed) and
``exercises.shown.<name>`` (True once the answer is revealed, by a guess or
by "just show me").  Both are remembered for the session.
"""
from __future__ import annotations

import streamlit as st

from classroom import Question
from ui.core.class_box import lecturing
from ui.core.class_vote import vote_box
from ui.core.i18n import strings, t
from ui.core.state import SS

PAGE_STRINGS = "exercises."
# The right answer of each exercise's guess (class mode shows it at the reveal; each is the experiment's finding)
RIGHT = {"2.1": "huge", "2.2": "loo100", "2.3": "no", "2.4": "tpr_r", "2.5": "cell", "2.6": "hull", "2.7": "yes",
         "2.8": "minmax", "2.9": "reject", "2.10": "chi2"}


def class_question(name: str, options: dict | None, number: tuple | None) -> Question:
    """Exercise ``name``'s guess as a class vote: its question and guess in
    both languages, its options, the right answer, and the page that settles it."""
    e = "exercises.e" + name.replace(".", "")
    table = strings()
    text = {lang: table[f"{e}.q"][lang] + "\n\n" + table[f"{e}.guess"][lang] for lang in ("zh", "en")}
    state = {"exercises.open": name, f"exercises.shown.{name}": True}
    if options:
        labels = {o: table[f"{e}.opt.{o}"] for o in options}
        return Question(key=f"exercise:{name}", kind="choice", options=tuple(options), correct=RIGHT.get(name),
                        text=text, labels=labels, page="exercises", state=state)
    lo, hi, _ = number
    return Question(key=f"exercise:{name}", kind="number", lo=float(lo), hi=float(hi), text=text,
                    page="exercises", state=state)


def guess_first(name: str, prompt: str, *, options: dict | None = None,
                number: tuple[float, float, float] | None = None) -> bool:
    """Ask for the student's guess of exercise ``name``; return whether the
    answer may be shown.

    ``options``: {value: label} for a choice, or ``number``: ``(lo, hi,
    start)`` for a number.  The guess is committed with a button; "just show
    me" reveals the answer without one.  Once revealed, the committed guess
    stays visible above the answer (:func:`guess_of` reads it)."""
    if lecturing():                                # a class runs: the class votes instead (ui.core.class_vote)
        revealed = vote_box(class_question(name, options, number))
        if revealed is not None:
            return revealed
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
