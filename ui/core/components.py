"""The app's own Streamlit components (components v2, drawn in the page
itself), each from its files under ``ui/``: the figure redrawn in place
(``live/``), the share box and the in-place address (``linkbox/``), the
keyboard (``keys/``), the formulas typeset in place (``typeset/``)."""
from __future__ import annotations

import functools
from pathlib import Path

import streamlit.components.v2 as components

HERE = Path(__file__).parent


@functools.cache
def component(name: str, js: str, css: str | None = None):
    """The component ``name`` made from ``ui/<js>`` (and ``ui/<css>``), once
    per process."""
    def read(path):
        return (HERE / path).read_text(encoding="utf-8") if path else None

    return components.component(name, js=read(js), css=read(css), isolate_styles=False)
