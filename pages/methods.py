"""评估方法与自助法 · Evaluation methods and the bootstrap."""
import streamlit as st

import ui

ui.open_page("methods")
st.info(ui.t("methods.soon"))
