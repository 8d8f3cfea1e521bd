"""偏差与方差 · Bias and variance."""
import streamlit as st

import ui

ui.open_page("biasvar")
st.info(ui.t("biasvar.soon"))
