"""Class mode (issue 38), the framework's part: the sidebar's class box,
entering a class from a link, the join card on the projector, and the
student's link.  The rules and the store are ``classroom``
(no Streamlit); a page's question is put to the class by
``ui.core.class_vote.vote_box``, which also draws the student's view.

Nothing here touches the store or starts a timer while this session is in
no class: the sidebar draws two buttons, and :func:`service` (the store)
is first called when one is pressed or a link names a room.

Links: ``?room=CODE`` joins as a student (``&me=ID``: this browser's
anonymous id, added to the URL so that a reload keeps it); ``?class=CODE&key=SECRET``
(the lecturer's private link, shown only on request in the sidebar, never on
the page) takes the class over on another device; the secret leaves the URL
at once.
"""
from __future__ import annotations

import os
import secrets
from urllib.parse import urlsplit

import segno
import streamlit as st

from classroom import ClassError, Classroom, open_store
from classroom.rooms import SID, normal_code
from classroom.store import ENV
from ui.core.i18n import t
from ui.core.registry import page
from ui.core.state import SS
from ui.protect import limits


@st.cache_resource(show_spinner=False)
def _classroom(where: str | None) -> Classroom:
    return Classroom(open_store(where), limits.CLASS_CAPS)


def service() -> Classroom:
    """The class service of this process on the store of the setting
    (``$EVALLAB_CLASS_STORE``: a SQLite path or redis://; default: a file in
    the user's data folder)."""
    return _classroom(os.environ.get(ENV))


def lecturing() -> tuple[str, str] | None:
    """(code, secret) when this session runs a class."""
    return SS.get("class_lecture")


def in_room() -> str | None:
    """The room code when this session joined a class as a student."""
    return SS.get("class_room")


def refuse(err: ClassError) -> None:
    """Remember a refusal, shown in the user's language by the next class box."""
    SS["class_error"] = err.code


def _say_error() -> None:
    code = SS.pop("class_error", None)
    if code:
        st.warning(t(f"common.class.error.{code}"), icon="⚠️")


def enter(key: str) -> None:
    """Once per session: join the room a link names (``room``, ``me``) or
    take a class over (``class``, ``key``).  Then open a revealed question's
    experiment page when the student view asked for it."""
    if not SS.get("_class_read"):
        SS["_class_read"] = True
        q = st.query_params
        if "class" in q and "key" in q:
            code, secret = normal_code(q["class"]), q["key"]
            try:
                if not service().is_lecturer(code, secret):
                    raise ClassError("secret")
                SS["class_lecture"] = (code, secret)
            except ClassError as err:
                refuse(err)
            del q["key"]                                      # the secret leaves the address bar at once
        elif "room" in q:
            if "lang" not in q and "lang" not in SS:          # the phone's language
                SS["lang"] = "zh" if str(st.context.locale or "zh").lower().startswith("zh") else "en"
            me = q.get("me", "")
            join(q["room"], me if SID.fullmatch(me) else None)
    goto = SS.pop("_class_goto", None)
    if goto:
        target, state = goto
        SS.update(state)
        if target != key:
            st.switch_page(page(target).path)


def join(code: str, me: str | None = None) -> bool:
    """Join room ``code`` as a student (a new anonymous id unless ``me``)."""
    me = me or SS.get("class_me") or secrets.token_urlsafe(16)
    ctx = st.runtime.scriptrunner.get_script_run_ctx()
    try:
        service().join(code, me, client=ctx.session_id if ctx else "local")
    except ClassError as err:
        refuse(err)
        return False
    SS["class_room"], SS["class_me"] = normal_code(code), me
    return True


def root_url() -> str:
    """The app's address as this browser reached it (the join link's base)."""
    parts = urlsplit(str(st.context.url or ""))
    return f"{parts.scheme}://{parts.netloc}/" if parts.scheme in ("http", "https") and parts.netloc else "/"


def sidebar() -> None:
    """The sidebar's class box: open or join a class; the lecturer's room
    (students, the join card, the CSV, the end, the private link); a
    student's room and leave."""
    lecture, room = lecturing(), in_room()
    with st.sidebar.expander(t("common.class.title"), expanded=bool(lecture or room or SS.get("class_error"))):
        _say_error()
        try:
            _box(lecture, room)
        except ClassError as err:                     # the store failed: said, and the page goes on
            st.warning(t(f"common.class.error.{err.code}"), icon="⚠️")


def _box(lecture: tuple | None, room: str | None) -> None:
    """The class box's content: the lecturer's, a student's, or open / join."""
    if lecture:
        _lecturer_box(*lecture)
    elif room:
        st.markdown(t("common.class.student", code=room))
        if st.button(t("common.class.leave"), key="_w_class_leave"):
            for k in ("class_room", "class_me"):
                SS.pop(k, None)
            st.rerun()
    else:
        if st.button(t("common.class.open"), help=t("common.class.open.help"), key="_w_class_open"):
            try:
                SS["class_lecture"] = service().open_room()
                SS["class_show"] = True
            except ClassError as err:
                refuse(err)
            st.rerun()
        with st.form("class_join", border=False):
            code = st.text_input(t("common.class.code_input"), max_chars=12, key="_w_class_code")
            if st.form_submit_button(t("common.class.join")) and code:
                join(code)
                st.rerun()


def _lecturer_box(code: str, secret: str) -> None:
    c = service()
    if c.state(code) is None:                                 # ended elsewhere, or expired
        SS.pop("class_lecture", None)
        st.info(t("common.class.gone"))
        return
    st.markdown(t("common.class.lecturer", code=code, n=c.students(code)))
    st.toggle(t("common.class.show"), key="_w_class_show", value=SS.get("class_show", False),
              on_change=lambda: SS.update(class_show=SS["_w_class_show"]))
    # the CSV made when it is asked for: a file made on every run (the box reruns with the live count)
    # is replaced before the browser fetches it, and the button then fails with a 404
    st.download_button(t("common.class.csv"), lambda: c.csv(code, secret), file_name=f"class-{code}.csv",
                       mime="text/csv", key="_w_class_csv", on_click="ignore")
    if st.button(t("common.class.end"), key="_w_class_end"):
        c.end(code, secret)
        for k in ("class_lecture", "class_show", "class_private"):
            SS.pop(k, None)
        st.rerun()
    if st.toggle(t("common.class.private"), key="_w_class_private"):
        st.caption(t("common.class.private.note"))
        st.code(f"{root_url()}?class={code}&key={secret}", language=None, wrap_lines=True)


def join_card() -> None:
    """On the page, for the lecturer who asked for it: the room code, the
    join link and a large QR code (drawn here as SVG by segno, nothing fetched)."""
    lecture = lecturing()
    if not lecture or not SS.get("class_show"):
        return
    code = lecture[0]
    url = f"{root_url()}?room={code}"
    with st.container(border=True, key="class_card"):
        left, right = st.columns([1, 2])
        qr = segno.make(url, error="m").svg_inline(scale=12, border=2, dark="#000000", light="#ffffff")
        left.image(qr, width="stretch", caption=t("common.class.scan"))   # the column's width: never over the code
        # our own code (8 letters of ALPHABET), as HTML (st.html: its sanitiser is loaded with the page's style
        # sheet; Markdown with HTML loads another renderer first, and the code came a moment after the QR code)
        right.html(f"<div style='font-size:4.5rem;font-weight:700;letter-spacing:0.12em'>{code[:4]} {code[4:]}</div>")
        right.markdown(t("common.class.or_type", link=url.split("?")[0]))
