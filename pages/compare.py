"""比较检验 · Comparison tests."""
import streamlit as st

import ui

ui.open_page("compare")
st.info(ui.t("compare.soon"))
