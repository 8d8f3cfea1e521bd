"""Class mode (issue 38): a question put to the class.  The lecturer's box
(``vote_box``: put it to the class, the live count and distribution, close,
reveal, vote again) takes the place of a page's "guess first" box while a
class runs; the student's view (``student_view``) shows the open question on
the phone, takes the answer by touch and, at the reveal, the right answer,
the class's answers and the experiment's page.

Both redraw on a timer only while it matters (``ui.protect.timers.every``):
the projector every ``limits.CLASS_LIVE_S`` while its vote is open, a phone
every ``limits.CLASS_POLL_S`` while in a room.
"""
from __future__ import annotations

import re
import time

import streamlit as st

from classroom import ClassError, Question, question_of
from classroom.rooms import bin_index, edges
from evalcore.figures import votes_figure
from ui.core.boundary import guard
from ui.core.charts import chart
from ui.core.class_box import in_room, lecturing, refuse, service
from ui.core.i18n import lang, md, t, texts
from ui.core.state import SS
from ui.protect import limits, timers

TRUSTED = ("exercise:",)          # questions whose text is ours (Markdown and math); a tour file's is shown inert


def text_of(q: Question, texts_: dict, language: str, *, markdown: bool = True) -> str:
    """A question's text in ``language`` (else the other one) for Markdown,
    inert unless the question is ours (``markdown=False``: the raw text, for
    a figure, which escapes it itself)."""
    s = str(texts_.get(language) or texts_.get("en") or texts_.get("zh") or "")
    return s if q.key.startswith(TRUSTED) or not markdown else md(s)


def answer_labels(q: Question, language: str, *, markdown: bool = True) -> list[str]:
    """Each option's label (a choice) or each bin's range (a number)."""
    if q.kind == "choice":
        return [text_of(q, q.labels.get(o, {}), language, markdown=markdown) or o for o in q.options]
    e = edges(q)
    return [f"{a:g}–{b:g}" for a, b in zip(e, e[1:])]


def right_index(q: Question) -> int | None:
    """Where the right answer is among :func:`answer_labels` (None: no right answer)."""
    if q.correct is None:
        return None
    return q.options.index(q.correct) if q.kind == "choice" else bin_index(q, float(q.correct))


def shown(q: Question, value: str | None, language: str) -> str:
    """An answer as the student sees it."""
    if value is None:
        return ""
    return answer_labels(q, language)[q.options.index(value)] if q.kind == "choice" else f"{float(value):g}"


def pair(state: dict, vote: dict) -> list[dict]:
    """The first vote on a question and, after "vote again", the second."""
    first = state["votes"][vote["again_of"] - 1] if vote["again_of"] else vote
    return [first] if first is vote else [first, vote]


def _figure(code: str, q: Question, votes: list[dict], revealed: bool, key: str) -> None:
    c = service()
    counts = [list(c.tally(code, v["id"]).counts.values()) for v in votes]
    fig = votes_figure([re.sub(r"\$([^$]*)\$", r"\1", s) for s in answer_labels(q, lang(), markdown=False)], counts,
                       correct=right_index(q) if revealed else None,
                       text=texts("common.class.fig.", "title", "y", "first", "second", "right"))
    chart(fig, key=key)


def vote_box(q: Question) -> bool | None:
    """The lecturer's box for question ``q`` in place of "guess first":
    whether the answer may be shown (revealed), or None when this session
    runs no class or its store fails (the page's own box then, below the sentence)."""
    try:
        return _vote_box(q)
    except ClassError as err:
        st.warning(t(f"common.class.error.{err.code}"), icon="⚠️")
        return None


def _vote_box(q: Question) -> bool | None:
    lecture = lecturing()
    if not lecture:
        return None
    code, secret = lecture
    c = service()
    state = c.state(code)
    if state is None:
        SS.pop("class_lecture", None)
        return None
    mine = [v for v in state["votes"] if v["question"]["key"] == q.key]
    with st.container(border=True, key="class_vote"):
        st.markdown(text_of(q, q.text, lang()).split("\n\n")[-1])     # its last paragraph: the page shows the rest
        if not mine:
            if st.button(t("common.class.ask"), type="primary", key="_w_class_ask"):
                _act(lambda: c.open_vote(code, secret, q))
            return False
        _live(code, secret, mine[-1]["id"])
    return mine[-1]["status"] == "revealed"


def _act(step) -> None:
    try:
        step()
    except ClassError as err:
        refuse(err)
    st.rerun()


def _live(code: str, secret: str, vote_id: int) -> None:
    c = service()
    state = c.state(code)
    live = state is not None and state["current"] == vote_id and state["votes"][vote_id - 1]["status"] == "open"

    @st.fragment(run_every=timers.every(limits.CLASS_LIVE_S, live))
    @guard("class vote")
    def box():
        try:
            _live_box(c, code, secret, vote_id, live)
        except ClassError as err:
            st.warning(t(f"common.class.error.{err.code}"), icon="⚠️")

    box()


def _live_box(c, code: str, secret: str, vote_id: int, live: bool) -> None:
    now = c.state(code)
    if now is None:
        return
    vote = now["votes"][vote_id - 1]
    if live and vote["status"] != "open":          # closed elsewhere: the page follows
        st.rerun()
    q = question_of(vote["question"])
    status = vote["status"]
    st.markdown(f"**{t('common.class.status.' + status)}** · "
                + t("common.class.answered", n=c.tally(code, vote_id).n, m=c.students(code)))
    _figure(code, q, pair(now, vote), status == "revealed", key="class_vote_fig")
    cols = st.columns(3)
    if status == "open" and cols[0].button(t("common.class.close"), key="_w_class_close"):
        _act(lambda: c.close_vote(code, secret))
    if status != "revealed" and cols[1].button(t("common.class.reveal"), type="primary", key="_w_class_reveal"):
        _act(lambda: c.reveal(code, secret))
    if status != "open" and not vote["again_of"] and cols[2].button(t("common.class.again"),
                                                                    key="_w_class_again"):
        _act(lambda: c.vote_again(code, secret))


_SHARED: dict[str, tuple[float, dict | None]] = {}    # room code -> (read at, state): one read for many phones


def room_state(code: str) -> dict | None:
    """The room's state as the phones see it: read from the store at most
    every ``limits.CLASS_STATE_S`` per process (200 phones polling every 2 s
    share a read instead of making 100 a second)."""
    now = time.monotonic()
    at, state = _SHARED.get(code, (-1e9, None))
    if now - at > limits.CLASS_STATE_S:
        state = service().state(code)
        _SHARED[code] = (now, state)
    return state


def forget(code: str) -> None:
    """Drop the shared read of room ``code`` (the next poll reads the store)."""
    _SHARED.pop(code, None)


def student_view() -> None:
    """A student's view of the room, asked again every ``limits.CLASS_POLL_S``
    while in the room (a fragment: the page below is not run again)."""
    code = in_room()
    if not code:
        return

    @st.fragment(run_every=timers.every(limits.CLASS_POLL_S, True))
    @guard("class room")
    def room():
        try:
            state = room_state(code)
        except ClassError as err:                      # the store failed: said; the next poll tries again
            st.warning(t(f"common.class.error.{err.code}"), icon="⚠️")
            return
        if state is None:                              # ended or expired: no more polling
            for k in ("class_room", "class_me"):
                SS.pop(k, None)
            refuse(ClassError("room"))
            st.rerun()
        with st.container(border=True, key="class_student"):
            try:
                _student_question(code, SS["class_me"], state)
            except ClassError as err:
                st.warning(t(f"common.class.error.{err.code}"), icon="⚠️")

    room()


def _student_question(code: str, me: str, state: dict) -> None:
    language = lang()
    if state["current"] is None:
        st.info(t("common.class.wait"))
        return
    c = service()
    vote = state["votes"][state["current"] - 1]
    q = question_of(vote["question"])
    st.markdown(text_of(q, q.text, language))
    answer = c.mine(code, me, vote["id"])
    refused = SS.pop("class_error", None)                 # a tap refused in its callback (_send)
    if refused:
        st.warning(t(f"common.class.error.{refused}"), icon="⚠️")
    if vote["status"] == "open":
        _answer_controls(code, me, vote["id"], q, answer, language)
        if answer is not None:
            st.caption(t("common.class.yours", answer=shown(q, answer, language)))
    elif vote["status"] == "closed":
        st.info(t("common.class.closed"))
        if answer is not None:
            st.caption(t("common.class.yours", answer=shown(q, answer, language)))
    else:
        right = right_index(q)
        if right is not None:
            st.success(t("common.class.right", answer=answer_labels(q, language)[right]))
        if answer is not None and right is not None:
            ok = (answer == q.correct) if q.kind == "choice" else bin_index(q, float(answer)) == right
            st.markdown(t("common.class.you_right") if ok
                        else t("common.class.you_wrong", answer=shown(q, answer, language)))
        _figure(code, q, pair(state, vote), True, key="class_student_fig")
        seen = SS.setdefault("_class_seen", set())
        if q.page and vote["id"] not in seen:          # the experiment, once per reveal
            seen.add(vote["id"])
            SS["_class_goto"] = (q.page, dict(q.state))
            st.rerun()


def _answer_controls(code: str, me: str, vote: int, q: Question, answer: str | None, language: str) -> None:
    if q.kind == "choice":
        for option, label in zip(q.options, answer_labels(q, language)):
            st.button(label, key=f"_w_class_ans_{vote}_{option}", width="stretch",
                      type="primary" if answer == option else "secondary", on_click=_send,
                      args=(code, me, vote, option))
    else:
        start = float(answer) if answer is not None else (q.lo + q.hi) / 2
        st.number_input(t("common.class.number"), min_value=float(q.lo), max_value=float(q.hi), value=start,
                        key=f"_w_class_num_{vote}")
        st.button(t("common.class.send"), type="primary", key=f"_w_class_send_{vote}", on_click=_send,
                  args=(code, me, vote), kwargs={"widget": f"_w_class_num_{vote}"})


def _send(code: str, me: str, vote: int, value=None, *, widget: str | None = None) -> None:
    """A tap, stored in the button's callback: Streamlit calls it before the
    run begins, and the phone's timer sends its next poll even while a run is
    going, which interrupts the run (a tap read inside it was lost under load)."""
    try:
        service().answer(code, me, vote, SS.get(widget) if widget else value)
    except ClassError as err:
        SS["class_error"] = err.code
