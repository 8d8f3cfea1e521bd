"""What the home page starts in the browser while the student reads it.

Streamlit's front end loads the code of an element kind the first time one
is drawn (a select box, a slider, a table, a formula with KaTeX's fonts, the
app's own components, ...), and the figure libraries start on the first figure.
Drawn once here, out of sight, they are ready for whichever page comes
next: on 2 cores the first page visited loaded 55 files and took 1.3 s in
the browser after its run had ended.
"""
from __future__ import annotations

import streamlit as st

from ui.core.charts import preload_figures

# Out of sight but laid out (so KaTeX's fonts load), never focusable (visibility), no room taken.
_CSS = ("<style>.st-key-preload { visibility: hidden; position: absolute !important; left: 0; top: 0; width: 640px;"
        " height: 0; overflow: hidden; pointer-events: none; }</style>")


def preload() -> None:
    """One element of each kind the pages draw, in a hidden box (no keys: no
    session state, nothing in the link)."""
    st.html(_CSS)
    hidden = dict(label_visibility="collapsed", disabled=True)
    with st.container(key="preload"):
        preload_figures()
        st.latex(r"\mathrm{F1} = \frac{2 \times TP}{m + TP - TN} = \sum_{i=1}^{m} \left(\frac{1}{m}\right)"
                 r" \big( \Big( \bigg(")        # KaTeX's fonts, the delimiters' sizes too
        st.metric("·", "0.5")
        st.dataframe({"·": [0.5]}, hide_index=True)
        st.selectbox("·", ["·"], **hidden)
        st.multiselect("·", ["·"], **hidden)
        st.slider("·", 0.0, 1.0, 0.5, **hidden)
        st.select_slider("·", ["·", "··"], **hidden)
        st.number_input("·", value=0.5, **hidden)
        st.segmented_control("·", ["·"], **hidden)
        st.checkbox("·", **hidden)
        st.toggle("·", **hidden)
        st.button("·", disabled=True)
        st.file_uploader("·", **hidden)
        st.progress(0.5)
        st.tabs(["·", "··"])
        with st.expander("·"):
            st.caption("·")
