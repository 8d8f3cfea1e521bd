"""The app's own Streamlit components (components v2, drawn in the page
itself), each from its files under ``ui/``: the figure redrawn in place
(``live/``), the share box and the in-place address (``linkbox/``), the
keyboard (``keys/``), the formulas typeset in place (``typeset/``).

A component's script is not sent with each of its elements: Streamlit puts
the ``js`` given to a v2 component into every element it draws, on every
run (8 kB for the live figure, twice on a threshold move of the confusion
page).  Each element carries instead a few lines (:data:`LOADER`) that import
the script from the app's own server (its folder declared as a v1
component's, the way ``ui.core.charts.plotly_js_url`` serves plotly.js): the
browser fetches it once per tab and keeps the module, and a threshold move
sends the figure's data alone."""
from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path

import streamlit.components.v1 as components_v1
import streamlit.components.v2 as components

from ui.core import served

HERE = Path(__file__).parent

# Every element's script: the module from its address, called as the component itself would be.  Its
# clean-up is called once the module has answered; a component gone before that is never drawn.  Written
# short: Streamlit sends it with every element on every run (a threshold move of the confusion page draws
# five), so each byte here is five bytes a move.  (Readable: ``const url = new URL(...).href; export default
# function (component) { let cleanup = null, gone = false; import(url).then((m) => { if (!gone) cleanup =
# m.default(component) || null; }); return () => { gone = true; if (cleanup) cleanup(); }; }``; its line break
# tells Streamlit that it is a script, not a file's path.)
LOADER = ("const u=new URL(%s,document.baseURI).href;\nexport default c=>{let d=null,g=0;"
          "import(u).then(m=>{g||(d=m.default(c)||null)});return()=>{g=1;d&&d()}}")


@functools.cache
def script_url(js: str) -> str:
    """The address of ``ui/<js>`` on the app's server, with its content's digest (a changed script is a new
    address, so no browser keeps an old one)."""
    path = HERE / js
    folder = components_v1.declare_component(f"lab_js_{path.parent.name}", path=str(path.parent))
    digest = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    served.serve(f"/component/{folder.name}/{path.name}", path)   # compressed once, kept by the browser
    url = f"/component/{folder.name}/{path.name}?v={digest}"
    served.head(f"module {js}", f'<link rel="modulepreload" href="{url}">')    # fetched with the page itself
    return url


@functools.cache
def component(name: str, js: str, css: str | None = None):
    """The component ``name`` whose script is ``ui/<js>`` (loaded by :data:`LOADER`) and style
    ``ui/<css>``, once per process."""
    style = (HERE / css).read_text(encoding="utf-8") if css else None
    return components.component(name, js=LOADER % json.dumps(script_url(js)), css=style, isolate_styles=False)
