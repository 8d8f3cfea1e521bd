"""Keyboard control for presenters (remotes send PageUp / PageDown): a key
press clicks the widget with that Streamlit key.

The maintained ``streamlit-shortcuts`` package was used first; it cannot do
two things this app needs, so these few lines replace it: its listener lives
in a component frame that goes away with the page (or the ROC mode) while a
one-time "initialised" flag stays on the window, so the keys stopped working
after a page switch and back; and it took keys typed into text fields.
Here each frame adds its own listener and removes it when it goes, and keys
typed into a field, a select box or a slider are left to that widget.
"""
from __future__ import annotations

import json

import streamlit.components.v1 as components

from .state import SS

_JS = """<script>
const doc = window.parent.document;
const keys = %s;                        // widget key -> [KeyboardEvent.key, lower case]
function typing(t) {
  return t && t.closest && t.closest('input, textarea, select, [contenteditable="true"], [role="slider"], '
                                      + '[role="combobox"], [role="listbox"], [role="spinbutton"]');
}
function onKey(e) {
  if (e.ctrlKey || e.altKey || e.metaKey || typing(e.target)) return;
  if (e.key === ' ' && e.target.closest && e.target.closest('button')) return;   // Space presses a focused button
  for (const [key, list] of Object.entries(keys)) {
    if (list.includes(e.key.toLowerCase())) {
      const box = '.st-key-' + CSS.escape(key);
      const el = doc.querySelector(box + ' button, ' + box + ' input[type="checkbox"]');
      if (!el || el.disabled) return;
      e.preventDefault();
      el.click();
      return;
    }
  }
}
doc.addEventListener('keydown', onKey);
// which keys are live, for tests: only while a frame's listener is (a frame replaced by a rerun removes its own)
const host = window.parent;
host.__labKeyFrames = (host.__labKeyFrames || 0) + 1;
host.__labKeys = Object.keys(keys);
window.addEventListener('pagehide', () => {
  doc.removeEventListener('keydown', onKey);
  host.__labKeyFrames -= 1;
  if (host.__labKeyFrames <= 0) host.__labKeys = [];
});
</script>"""


def keyboard(**shortcuts) -> None:
    """``keyboard(roc_next=["arrowright", "pagedown"], ...)``: each button
    key gets its keys (names as in ``KeyboardEvent.key``, lower case; " " is
    Space)."""
    if SS.get("_no_charts"):       # timing runs (bench/pages.py) leave the page bare
        return
    keys = {k: [v] if isinstance(v, str) else list(v) for k, v in shortcuts.items()}
    components.html(_JS % json.dumps(keys), height=0, width=0)
