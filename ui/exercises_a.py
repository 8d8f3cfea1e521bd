"""Sections of the exercises page for exercises 2.1 to 2.5 (one function each)."""
from __future__ import annotations

import streamlit as st

from .i18n import t

PAGE_STRINGS = "exercises."


def _todo() -> None:
    st.info(t("exercises.todo"))


SECTIONS = {"2.1": _todo, "2.2": _todo, "2.3": _todo, "2.4": _todo, "2.5": _todo}
