"""Home: a one-screen map of chapter 2 and the data the lab can use."""
import streamlit as st

import ui

ui.page("home.title", "home")

# The chapter's four stages, left to right; a stage links to its pages.
STAGES = [
    ("home.stage.methods", []),
    ("home.stage.measures", ["confusion", "pr", "roc", "cost"]),
    ("home.stage.tests", []),
    ("home.stage.biasvar", []),
]
cols = st.columns(len(STAGES))
for col, (key, links) in zip(cols, STAGES):
    with col.container(border=True):
        st.subheader(ui.t(key))
        st.caption(ui.t(key + ".what"))
        for url_path in links:
            ui.page_link(url_path)
        if not links:
            st.caption(ui.t("home.later"))

st.subheader(ui.t("home.data.title"))
st.markdown(ui.t("home.data.body"))
st.code("y_true,model_a,model_b\n1,0.92,0.80\n0,0.35,0.41\n1,0.61,0.77\n0,0.12,0.55", language="text")
