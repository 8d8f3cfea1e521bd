"""Home: a one-screen map of chapter 2 and the data the lab can use."""
import streamlit as st

import ui
from ui.core import tour

ui.open_page("home")
if not ui.SS.get("tour"):
    st.button(ui.t("home.tour", n=len(tour.shipped())), on_click=tour.start, args=("chapter2",),
              type="primary", key="home_tour", help=ui.t("home.tour.help"))

# The chapter's four stages, left to right; each links to its pages (from the registry).  One row that
# wraps where a card would be narrower than its words (ui.core.page's CSS), one card a line on a phone.
with ui.guard("chapter map"):
    with st.container(horizontal=True, gap="small", key="home_stages"):
        for stage in ui.STAGES:
            with st.container(border=True, key=f"home_stage_{stage}"):
                st.subheader(ui.t(f"home.stage.{stage}"))
                st.caption(ui.t(f"home.stage.{stage}.what"))
                links = [p.key for p in ui.PAGES if p.stage == stage]
                for key in links:
                    ui.page_link(key)
                if not links:
                    st.caption(ui.t("home.later"))

with ui.guard("data format"):
    st.subheader(ui.t("home.data.title"))
    st.markdown(ui.t("home.data.body"))
    st.code("y_true,model_a,model_b\n1,0.92,0.80\n0,0.35,0.41\n1,0.61,0.77\n0,0.12,0.55", language="text")
ui.preload()     # the next page comes without the browser's first-load wait for its elements' code
