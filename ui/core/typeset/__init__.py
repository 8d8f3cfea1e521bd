"""Formulas that follow a live control (a threshold, a step, a cost), typeset
in place by KaTeX in the page (``typeset.js``): a threshold move re-typesets
only the formulas whose numbers changed, after the figures, instead of one
markdown element per formula (a third of the confusion page's key press, see
``bench/browser_latency.py``).  KaTeX is the copy in Streamlit's own front
end; where it cannot be found, the formulas are drawn with ``st.latex``."""
from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path

import streamlit as st

from ui.core.components import component
from ui.core.i18n import md

Item = tuple[str | None, str | Sequence[str]]


@functools.cache
def katex_url() -> str | None:
    """The address of the KaTeX module that Streamlit's front end serves
    (``/static/js/katex.<hash>.js``), or None when it has none or several."""
    found = sorted((Path(st.__file__).parent / "static" / "static" / "js").glob("katex.*.js"))
    return f"/static/js/{found[0].name}" if len(found) == 1 else None


def formula_grid(key: str, items: Sequence[Item], columns: int = 2) -> None:
    """``items`` as ``(label, LaTeX or LaTeX lines)``, ``label`` shown in bold
    above its formulas (None for none), filled row by row into ``columns``
    columns.  Labels are shown as text; the LaTeX is the app's own (templates
    filled with numbers), typeset with KaTeX's defaults (no links, no HTML)."""
    cells = [(label, [tex] if isinstance(tex, str) else list(tex)) for label, tex in items]
    url = katex_url()
    if url is None:
        cols = st.columns(columns)
        for i, (label, lines) in enumerate(cells):
            with cols[i % columns]:
                if label:
                    st.markdown(f"**{md(label)}**")
                for line in lines:
                    st.latex(line)
        return
    data = dict(katex=url, columns=columns, items=[dict(label=label, tex=lines) for label, lines in cells])
    component("lab_typeset", "typeset/typeset.js")(key=key, data=data)


def fit_formulas() -> None:
    """Let every display formula of the page fit its column (``fit.js``:
    typeset smaller, down to 55 %, instead of clipped); drawn by
    ``ui.open_page``, one empty element."""
    component("lab_fit", "typeset/fit.js")(key="lab_fit", data={}, height=0)
