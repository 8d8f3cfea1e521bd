"""习题 · Exercises: the chapter's ten exercises (2.1-2.10) as live experiments.

Each section asks for a guess first (``ui.guess``), then shows the
experiment and the answer.  Session keys (``exercises.`` family):
``exercises.open`` (the open exercise); ``exercises.guess.<n>``,
``exercises.shown.<n>`` (ui/guess.py); each section's own controls
``exercises.<n>.<name>`` (ui/exercises_a.py, ui/exercises_b.py).
"""
import streamlit as st

import ui
from ui import exercises_a, exercises_b

ui.open_page("exercises")
SECTIONS = {**exercises_a.SECTIONS, **exercises_b.SECTIONS}
NAMES = tuple(SECTIONS)                          # the same as ui.settings.EXERCISES (a test keeps them equal)
open_ = st.segmented_control(ui.t("exercises.pick"), NAMES, format_func=lambda n: ui.t("exercises.tab", n=n),
                             **ui.bind("exercises.open", first="one")) or ui.SS["exercises.open"]
with ui.guard("exercise"):
    SECTIONS[open_]()
