// Writes the page's state into the address in place (ui.core.links.publish_in_page),
// for the runs of a fragment: history.replaceState, so neither a new history
// entry per threshold move nor Streamlit's redraw of the whole app that its
// own query-parameter update brings (measured: about 10 % of a key press).
export default function (component) {
  const q = component.data.query;
  const url = window.location.pathname + (q ? '?' + q : '');
  if (window.location.pathname + window.location.search !== url) {
    window.history.replaceState(window.history.state, '', url);
  }
}
