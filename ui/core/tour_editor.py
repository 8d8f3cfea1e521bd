"""The sidebar's "Tour" box: start the chapter tour, and a lecturer's own
tour built in the app: add this view as a stop (with a note), reorder,
rename and delete stops, download the tour file and upload one (checked by
:func:`ui.core.tour.parse_tour`; a bad file changes nothing).  A lecturer's
tour lives in this browser session only; nothing is written on the server."""
from __future__ import annotations

import dataclasses

import streamlit as st

from ui.protect import limits
from ui.core import links
from ui.core import tour
from ui.core.i18n import md, t
from ui.core.registry import page
from ui.core.state import SS


def _add() -> None:
    own = list(SS.get("tour_own", []))
    if len(own) >= limits.TOUR_STOPS:
        SS["tour_error"] = tour.TourError("stops", n=len(own) + 1, limit=limits.TOUR_STOPS).text()
        return
    token, model = SS.get("_link_args", (None, None))
    state = {k: v for k, v in links.query(token, model).items() if k not in ("lang", "presenter", "tour", "stop")}
    text = str(SS.get("_w_tour_note") or "").strip()[:limits.TOUR_NOTE_CHARS]     # the box as typed with the click
    own.append(tour.Stop(SS.get("_page", "home"), state, text, text))
    SS["tour_own"] = own
    SS.pop("tour_error", None)


def _move(i: int, delta: int) -> None:
    own = list(SS.get("tour_own", []))
    j = i + delta
    if 0 <= j < len(own):
        own[i], own[j] = own[j], own[i]
        SS["tour_own"] = own


def _delete(i: int) -> None:
    own = list(SS.get("tour_own", []))
    own.pop(i)
    SS["tour_own"] = own
    if not own and SS.get("tour") == "own":
        tour.leave()


def _rename(i: int, key: str) -> None:
    own = list(SS.get("tour_own", []))
    text = str(SS.get(key, ""))[:limits.TOUR_NOTE_CHARS]
    own[i] = dataclasses.replace(own[i], zh=text, en=text)      # its section and question kept
    SS["tour_own"] = own


def _upload() -> None:
    f = SS.get("_w_tour_upload")
    if f is None or SS.get("tour_file_id") == f.file_id:
        return
    SS["tour_file_id"] = f.file_id
    try:
        SS["tour_own"] = tour.parse_tour(f.getvalue())
        SS.pop("tour_error", None)
    except tour.TourError as err:            # the tour already built stays
        SS["tour_error"] = err.text()


def sidebar() -> None:
    """The Tour box of the sidebar."""
    with st.sidebar.expander(t("common.tour.title"), expanded=bool(SS.get("tour"))):
        if SS.get("tour"):
            st.button(t("common.tour.leave"), on_click=tour.leave, key="tour_leave_sb")
        else:
            st.button(t("common.tour.start"), on_click=tour.start, args=("chapter2",), key="tour_start",
                      type="primary", help=t("common.tour.start.help", n=len(tour.shipped())))
        st.markdown(f"**{t('common.tour.own')}**")
        st.text_input(t("common.tour.note"), max_chars=limits.TOUR_NOTE_CHARS, key="_w_tour_note")
        st.button(t("common.tour.add"), on_click=_add, key="tour_add")
        own = list(SS.get("tour_own", []))
        for i, s in enumerate(own):
            st.text_input(f"{i + 1}. {t(page(s.page).title_key)}", value=s.zh, key=f"_w_tour_name_{i}_{id(s)}",
                          max_chars=limits.TOUR_NOTE_CHARS, on_change=_rename,
                          args=(i, f"_w_tour_name_{i}_{id(s)}"))
            c2, c3, c4 = st.columns(3)
            c2.button("↑", on_click=_move, args=(i, -1), key=f"tour_up_{i}", disabled=i == 0,
                      help=t("common.tour.up"), width="stretch")
            c3.button("↓", on_click=_move, args=(i, 1), key=f"tour_down_{i}", disabled=i == len(own) - 1,
                      help=t("common.tour.down"), width="stretch")
            c4.button("✕", on_click=_delete, args=(i,), key=f"tour_del_{i}", help=t("common.tour.delete"),
                      width="stretch")
        if own:
            st.button(t("common.tour.play"), on_click=tour.start, args=("own",), key="tour_play_own")
            st.download_button(t("common.tour.download"), tour.tour_text(own).encode("utf-8"), file_name="tour.toml",
                               mime="application/toml", key="tour_download")
        if SS.get("tour_error"):
            st.error(md(SS["tour_error"]))
        st.file_uploader(t("common.tour.upload"), type=["toml"], key="_w_tour_upload", on_change=_upload,
                         help=t("common.tour.upload.help", n=limits.TOUR_STOPS))
