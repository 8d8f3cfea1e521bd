"""比较检验 · comparison tests, shown with their null distributions (textbook 2.4; DeLong beyond the book).

Session keys (``compare.`` family): ``compare.section`` the open test;
``compare.alpha``; ``compare.m``, ``compare.errors``, ``compare.eps0``
(binomial); ``compare.eps0_t`` (t-test); ``compare.table.<name>`` the last
good table of each editor; ``compare.last.<name>`` the last good result of
a section computed from controls; ``compare.variant`` (5x2cv numerator);
``compare.fs.<run>``, ``compare.a.<run>``, ``compare.b.<run>`` (learners run
on a data set); ``compare.e01``, ``compare.e10``, ``compare.mc_from`` (the
last "from the current data"); ``compare.preset``, ``compare.higher``
(Friedman); ``compare.delong_set``.  All of them travel in a link (ui/core/links.py).
"""
import streamlit as st

import ui
from ui.parts import compare
ui.open_page("compare")
T = ui.t
current, current_token = ui.data_sidebar()          # McNemar and DeLong can use the data chosen there
with st.expander(T("compare.guide.title")):          # one click away: the section's figure on the first screen
    with st.container(key="prose_table_guide"):      # a table of sentences: its cells wrap (ui.core.screens)
        st.markdown(T("compare.guide"))
# α beside the tests where both fit (a projector's first screen keeps 40 px more for the figure), else below
with ui.control_row("compare_options"):
    section = ui.section("compare.section", ui.COMPARE_SECTIONS, "compare.tab.")
    alpha = st.segmented_control("α", compare.ALPHAS, help=T("compare.alpha.help"),
                                 **ui.bind("compare.alpha", first="one")) or ui.SS["compare.alpha"]
pair = ui.affordable(current_token, ui.chosen_models(current)[:2], current) if current is not None else []
with ui.guard("comparison"):
    compare.draw(section, compare.Context(alpha=alpha, current=current, token=current_token, pair=pair))
ui.publish_again()
