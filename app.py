"""模型评估与选择 · an interactive lab.  Entry point: `streamlit run app.py`.

Page config and navigation only; each page draws its own sidebar through
`ui` (see the README on why nothing is drawn here before `pg.run()`).
"""
import streamlit as st

import ui

st.set_page_config(page_title="模型评估与选择 · Evaluation Lab", page_icon="🍉", layout="wide",
                   initial_sidebar_state=ui.sidebar_state())
with ui.guard("page"):        # the last boundary: nothing a page raises reaches the user as Streamlit's error box
    ui.run(st.navigation(ui.navigation_pages()))      # a refusal at a page's top (a bound, the budget): its sentence
