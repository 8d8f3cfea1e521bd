// Shortcut keys for presenters (ui.core.keys.keyboard), a Streamlit component
// (components v2, in the page itself): a key press is sent to the server as
// the name of its action; the server moves the walk.  No button is clicked in
// the page, so a press never depends on what the page shows at that moment.
// One listener per mounted component, removed when the component leaves the
// page (another page, another ROC mode); each run brings its keys.
function typing(t) {     // keys typed into a field, a select box or a slider belong to that widget
  return t && t.closest && t.closest('input, textarea, select, [contenteditable="true"], [role="slider"], '
                                     + '[role="combobox"], [role="listbox"], [role="spinbutton"]');
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  const box = parentElement;
  box.__keys = data.keys;               // action -> [KeyboardEvent.key, lower case], the newest run's
  box.__send = setTriggerValue;
  if (!box.__onKey) {
    box.__onKey = (e) => {
      if (e.ctrlKey || e.altKey || e.metaKey || typing(e.target)) return;
      if (e.key === ' ' && e.target.closest && e.target.closest('button')) return;   // Space presses a focused button
      const key = e.key.toLowerCase();
      for (const [action, list] of Object.entries(box.__keys)) {
        if (list.includes(key)) {
          e.preventDefault();
          box.__send('key', action);
          return;
        }
      }
    };
    document.addEventListener('keydown', box.__onKey);
  }
  window.__labKeys = Object.keys(data.keys);      // which actions are live, for tests
  return () => {
    document.removeEventListener('keydown', box.__onKey);
    box.__onKey = null;
    window.__labKeys = [];
  };
}
