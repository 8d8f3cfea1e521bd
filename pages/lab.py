"""度量实验室 · Metrics lab."""
import streamlit as st

import ui

ui.open_page("lab")
st.info(ui.t("lab.soon"))
