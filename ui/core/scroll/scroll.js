// A tour stop's section scrolled into view (ui.core.screens.scroll_to): the heading with the anchor's
// id, once per entry into the stop, as soon as it is drawn; placed again while the page above it
// still grows (figures drawn after it), until it has stayed near the top for a second or the lecturer
// scrolls, clicks, touches or presses a key (their own scrolling is never fought).
const NEAR = 160, STILL = 10, TICK = 100, GIVE_UP = 30000;

export default function (component) {
  const { data } = component;
  if (!data || !data.anchor) return;
  const done = `${data.anchor}|${data.entry}`;
  if (window.__labScrolled === done) return;
  window.__labScrolled = done;
  let last = null, still = 0, stopped = false;
  const deadline = performance.now() + GIVE_UP;
  const stop = () => { stopped = true; };
  for (const kind of ['wheel', 'touchstart', 'mousedown', 'keydown'])
    window.addEventListener(kind, stop, { once: true, capture: true, passive: true });
  const look = () => {
    if (stopped) return;
    const el = document.getElementById(data.anchor);
    if (el) {
      let top = el.getBoundingClientRect().top;
      if (top < 0 || top > NEAR) {
        el.scrollIntoView({ block: 'start' });       // Streamlit's headings keep a margin for its header
        top = el.getBoundingClientRect().top;
        still = 0;
      } else still = last !== null && Math.abs(top - last) < 1 ? still + 1 : 0;
      last = top;
      if (still >= STILL) { document.documentElement.dataset.labScrolled = data.anchor; return; }
    }
    if (performance.now() < deadline) setTimeout(look, TICK);
  };
  look();
}
