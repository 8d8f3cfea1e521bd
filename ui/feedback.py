"""Feedback for a slow run: Streamlit's own running indicator (top right,
shown during every run and fragment run) made worded, larger and coloured,
and shown only once a run has taken half a second, so quick reruns never
flicker.  Pure CSS: it appears and goes with the run itself, whatever part
of the page is running."""
from __future__ import annotations

DELAY_S = 0.5

_CSS = """
[data-testid="stStatusWidget"] { opacity: 0; animation: lab-busy 0.01s linear %(delay)ss forwards; }
@keyframes lab-busy { to { opacity: 1; } }
[data-testid="stStatusWidget"] > div { background: #fff3cd; border: 2px solid #e69f00; border-radius: 0.6rem;
  padding: 0.15rem 0.6rem; box-shadow: 0 2px 8px rgba(0,0,0,.18); }
[data-testid="stStatusWidget"] > div::before { content: "%(text)s"; font-size: 1.05rem; font-weight: 600;
  color: #7a4f00; margin-right: 0.4rem; white-space: nowrap; }
[data-testid="stStatusWidget"] button { display: none; }   /* the English Stop button */
"""


def css(text: str) -> str:
    """The indicator's style, worded with ``text`` (our own string, never user text)."""
    safe = text.replace("\\", "").replace('"', "").replace("<", "").replace(">", "")
    return _CSS % {"delay": DELAY_S, "text": safe}
