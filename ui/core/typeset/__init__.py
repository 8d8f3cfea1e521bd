"""Formulas that follow a live control (a threshold, a step, a cost), typeset
in place by KaTeX in the page (``typeset.js``): a threshold move re-typesets
only the formulas whose numbers changed, after the figures, instead of one
markdown element per formula (a third of the confusion page's key press, see
``bench/browser_latency.py``).  KaTeX's style is Streamlit's own (its page
carries KaTeX's CSS and fonts for its math), so the KaTeX that typesets must be
the version that style was written for (:func:`katex_url`); where none is, the
formulas are drawn with ``st.latex``."""
from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from pathlib import Path

import streamlit as st
import streamlit.components.v1 as components_v1

from ui.core import served
from ui.core.components import component
from ui.core.i18n import md

Item = tuple[str | None, str | Sequence[str]]


STATIC = Path(st.__file__).parent / "static" / "static"
VENDOR = Path(__file__).parent / "vendor"
_VERSION = re.compile(r"version:\s*[`\"']([0-9][0-9.]*)[`\"']")


def style_version() -> str | None:
    """The KaTeX version of the style sheet Streamlit's page carries (``.katex-version:after``)."""
    for css in sorted((STATIC / "css").glob("index.*.css")):
        found = re.search(r'\.katex-version:after\{content:"([0-9.]+)"\}', css.read_text(encoding="utf-8"))
        if found:
            return found.group(1)
    return None


@functools.cache
def katex_url() -> str | None:
    """The address of a KaTeX whose version is that of Streamlit's KaTeX style
    (:func:`style_version`), or None.  Streamlit 1.67 ships two: its math's,
    bundled inside its markdown code (not loadable alone), and Mermaid's, a
    newer major (``/static/js/katex.<hash>.js``, 0.18) whose class names the
    style does not know: subscripts were typeset full size on the baseline
    ("cm ij" for cm_ij).  So the copy kept in ``vendor/`` when its version is
    the style's (the npm file, README there), else a Streamlit file of that
    version, else None."""
    want = style_version()
    if want is None:
        return None
    kept = VENDOR / f"katex-{want}.min.js"
    if kept.is_file():
        folder = components_v1.declare_component(f"lab_katex_{want.replace('.', '_')}", path=str(VENDOR))
        url = f"/component/{folder.name}/{kept.name}"
        served.serve(url, kept)        # compressed once, kept by the browser (ui.core.served)
        return url
    for js in sorted((STATIC / "js").glob("katex.*.js")):
        found = _VERSION.search(js.read_text(encoding="utf-8", errors="replace"))
        if found and found.group(1) == want:
            return f"/static/js/{js.name}"
    return None


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
