"""<中文标题> · <English title> (textbook 2.x).

A page to copy.  To add a page:

1. copy this file to ``pages/<key>.py``;
2. add ``Page("<key>", "<stage>", "<needs>")`` to ``ui/core/registry.py``
   (stage: methods, measures, tests or biasvar; needs: predictions,
   features, tables or "");
3. add its navigation title ``common.nav.<key>`` to ``assets/i18n/common.toml``
   and ``<key>.title`` plus the page's own strings to
   ``assets/i18n/<key>.toml``, each with ``zh`` and ``en``;
4. add ``assets/lessons/<key>.zh.md`` and ``<key>.en.md``;
5. put LaTeX in ``assets/formulas/<key>.toml`` and show it with ``ui.formula``;
6. give each headed section an anchor (``st.header(..., anchor="<name>")``) and
   list them in the registry entry's ``sections`` (a tour stop or a link may
   name one; ``tests/pages/test_pages.py`` checks they are on the page); a
   figure's legend under its plot goes through
   ``evalcore.figures.style.legend_below`` (never a fixed ``y = -0.25``).

The page runs under AppTest in both languages by ``tests/pages/test_pages.py``
(it reads the registry).  No math here: call ``evalcore``.  Each independent
section opens through the boundary, ``with ui.guard("<name>"):``, and a
fragment's function carries ``@ui.guard("<name>")`` below ``@st.fragment``:
an unexpected error then shows as a sentence in that section, and the rest
of the page is drawn (``tests/test_structure.py`` checks it).
"""
import streamlit as st

import evalcore as ec
from evalcore import figures

import ui

ps, token, models = ui.open_data_page("<key>")     # or ui.open_page("<key>") without data
T = ui.t

with ui.guard("measure"):                             # one section: an error here leaves the rest drawn
    st.header(T("<key>.measure"), anchor="measure")
    name = ui.model_picker(models)
    facts = ui.model(token, name, ps)                    # cached per (data, model, flipped)
    thr = ui.threshold_control(token, name, facts.counts)
    c = facts.counts.at(thr)
    m = ec.measures(c)
    # several numbers side by side: one block (ui.metric_row), not a column each; two to a line on a phone
    ui.metric_row("<key>", [(T("<key>.metric"), ui.fmt(m.accuracy)), ("F1", ui.fmt(m.f1))])
    ui.chart(figures.roc_curves([facts.roc_view], names=[name], text=ui.texts("<key>.fig.", "x", "y", "diagonal",
                                                                               "threshold")), key="<key>_fig")
