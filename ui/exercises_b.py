"""Sections of the exercises page for exercises 2.6 to 2.10 (one function each)."""
from __future__ import annotations

import streamlit as st

from .i18n import t

PAGE_STRINGS = "exercises."


def _todo() -> None:
    st.info(t("exercises.todo"))


SECTIONS = {"2.6": _todo, "2.7": _todo, "2.8": _todo, "2.9": _todo, "2.10": _todo}
