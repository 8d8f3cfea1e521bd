"""习题 · Exercises: the chapter's ten exercises (2.1-2.10) as live experiments.

Each section asks for a guess first (``ui.parts.exercises.guess``), then shows the
experiment and the answer.  Session keys (``exercises.`` family):
``exercises.open`` (the open exercise); ``exercises.guess.<n>``,
``exercises.shown.<n>`` (ui/parts/exercises/guess.py); each section's own controls
``exercises.<n>.<name>`` (ui/parts/exercises/).
"""
import streamlit as st

import ui
from ui.parts.exercises import measures, methods, normalisation, significance
ui.open_page("exercises")
SECTIONS = {**methods.SECTIONS, **measures.SECTIONS, **normalisation.SECTIONS, **significance.SECTIONS}
NAMES = tuple(SECTIONS)                          # the same as ui.core.settings.EXERCISES (a test keeps them equal)
open_ = st.segmented_control(ui.t("exercises.pick"), NAMES, format_func=lambda n: ui.t("exercises.tab", n=n),
                             **ui.bind("exercises.open", first="one")) or ui.SS["exercises.open"]
with ui.guard("exercise"):
    SECTIONS[open_]()
