"""Feedback in the user's language where Streamlit's own is silent or
English, by CSS on Streamlit's elements (our own strings, never user text):

* a slow run: Streamlit's running indicator (top right, shown during every
  run and fragment run) made worded, larger and coloured, and shown only
  once a run has taken half a second, so quick reruns never flicker;
* a refused upload: Streamlit's browser side refuses a file over
  ``server.maxUploadSize`` with an English message in a tooltip; our
  sentence goes under the refused file (every uploader of the app);
* every uploader's "Upload" button and "50MB per file" note, translated."""
from __future__ import annotations

DELAY_S = 0.5

_CSS = """
[data-testid="stStatusWidget"] { opacity: 0; animation: lab-busy 0.01s linear %(delay)ss forwards; }
@keyframes lab-busy { to { opacity: 1; } }
[data-testid="stStatusWidget"] > div { background: #fff3cd; border: 2px solid #e69f00; border-radius: 0.6rem;
  padding: 0.15rem 0.6rem; box-shadow: 0 2px 8px rgba(0,0,0,.18); }
[data-testid="stStatusWidget"] > div::before { content: "%(busy)s"; font-size: 1.05rem; font-weight: 600;
  color: #7a4f00; margin-right: 0.4rem; white-space: nowrap; }
[data-testid="stStatusWidget"] button { display: none; }   /* the English Stop button */
[data-testid="stTooltipErrorHoverTarget"]:has(> [data-testid="stFileChip"][aria-invalid="true"]) {
  flex-direction: column !important; }
[data-testid="stTooltipErrorHoverTarget"]:has(> [data-testid="stFileChip"][aria-invalid="true"])::after {
  content: "%(refused)s"; display: block; color: #b3261e; font-size: 0.85rem; padding: 0.3rem 0.2rem 0; }
"""
# Streamlit's uploader writes "Upload" and "200MB per file" in English: our words in their place
_UPLOADER_CSS = """
[data-testid="stFileUploaderDropzone"] button [data-testid="stMarkdownContainer"] p { font-size: 0; }
[data-testid="stFileUploaderDropzone"] button [data-testid="stMarkdownContainer"] p::after {
  content: "%(button)s"; font-size: 0.875rem; }
[data-testid="stFileUploaderDropzoneInstructions"] span { font-size: 0; }
[data-testid="stFileUploaderDropzoneInstructions"] span::after { content: "%(limit)s"; font-size: 0.875rem; }
"""


def _css_string(text: str) -> str:
    """``text`` safe inside a CSS string in a <style> element."""
    return text.replace("\\", "").replace('"', "").replace("<", "").replace(">", "")


def css(busy: str, refused: str, *, upload_button: str = "", upload_limit: str = "") -> str:
    """The style, worded with ``busy`` (a slow run) and ``refused`` (a file over the upload limit);
    with ``upload_button`` and ``upload_limit``, every uploader's button and size note in the user's words."""
    out = _CSS % {"delay": DELAY_S, "busy": _css_string(busy), "refused": _css_string(refused)}
    if upload_button and upload_limit:
        out += _UPLOADER_CSS % {"button": _css_string(upload_button), "limit": _css_string(upload_limit)}
    return out
