"""The one opening call of every page."""
from __future__ import annotations

import streamlit as st

from .data import chosen_models, data_sidebar
from .i18n import language_switch, lesson, t
from .registry import page


def open_page(key: str, *, with_lesson: bool = True) -> None:
    """Language switch, title and lesson of page ``key`` (see ``ui.registry``)."""
    language_switch()
    st.title(t(page(key).heading_key))
    if with_lesson:
        lesson(key)


def open_data_page(key: str):
    """:func:`open_page` plus the data sidebar, for a page that reads
    predictions.  Returns ``(ps, token, models)``; stops the page (with a
    hint) while no data is loaded."""
    open_page(key)
    ps, token = data_sidebar()
    if ps is None:
        st.info(t("common.data.pick_first"))
        st.stop()
    return ps, token, chosen_models(ps)
