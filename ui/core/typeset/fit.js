// Formulas fit their box (ui.core.typeset.fit_formulas, mounted by every page):
// a display formula wider than its column (a narrow column, presenter mode's
// larger type, a long filled-in formula) is typeset smaller until it fits,
// down to 55 % of its size; below that its box scrolls as before.  Without
// this, KaTeX's box clips or scrolls what does not fit, which a projector
// shows as a cut formula.  Installed once per window: it watches the page for
// new formulas (Streamlit's st.latex and ui.core.typeset's cells alike) and each
// formula's box for a new width (a window resized, a tab shown), and fits
// again when a font arrives.  A table of text (ui.core.tables.text_table, which
// scrolls sideways where it is wider than its column) is watched the same way,
// for the keyboard's focus alone.
const MIN_SCALE = 0.55;
const BOXES = '.katex-display, [data-testid="stMarkdownContainer"] table';

function fit(box) {
  const k = box.querySelector(':scope > .katex');
  if (!box.clientWidth || (!k && box.tagName !== 'TABLE')) return;
  if (k) {
    k.style.fontSize = '';
    const need = box.scrollWidth, room = box.clientWidth;
    if (need > room + 1) {
      const size = parseFloat(getComputedStyle(k).fontSize);
      k.style.fontSize = `${Math.max(MIN_SCALE, (room - 2) / need) * size}px`;
    }
  }
  // a box that still scrolls (a phone's column) takes the keyboard's focus, so it can be scrolled
  // without a pointer (WCAG 2.1.1; axe-core's scrollable-region-focusable)
  if (box.scrollWidth > box.clientWidth + 1) box.setAttribute('tabindex', '0');
  else box.removeAttribute('tabindex');
}

// Every plotly figure gets a text alternative a screen reader reads (WCAG 1.1.1): role "figure" and a
// label made of what the figure itself shows in the page's language -- its title, its axes' titles and
// its traces' names (a model's AUC where the legend gives it) -- kept up to date as it is redrawn.
function plain(t) {
  const d = document.createElement('div');
  d.innerHTML = String(t == null ? '' : t).replace(/<br\s*\/?>/gi, ' ');
  return d.textContent.replace(/\s+/g, ' ').trim();
}

// a small heatmap's cells (a confusion matrix): each cell's own text ("TP 6"), or "row → column: value"
// where the text is a bare number; none past MAX_CELLS
const MAX_CELLS = 36;
function grid(v) {              // a 2-D array as given, or as plotly decoded it from a typed array (bdata)
  const a = v && v._inputArray ? v._inputArray : v;
  return a && typeof a.length === 'number' ? Array.from(a, (row) => Array.from(row || [])) : null;
}
function cells(t) {
  const rows = t.type === 'heatmap' ? grid(t.text) || grid(t.z) : null;
  const n = rows && rows.length ? rows.length * rows[0].length : 0;
  if (!n || n > MAX_CELLS) return '';
  return rows.flatMap((row, i) => row.map((v, j) => {
    const c = plain(typeof v === 'number' ? (Number.isInteger(v) ? v : v.toFixed(3)) : v);
    return /\p{L}/u.test(c) ? c : `${plain(t.y ? t.y[i] : i)} → ${plain(t.x ? t.x[j] : j)}: ${c}`;
  })).join(', ');
}

function label(gd) {
  if (!gd.isConnected || !gd.layout) return;
  const lay = gd.layout, title = (x) => plain(x && (x.text !== undefined ? x.text : x));
  const axes = [title(lay.xaxis && lay.xaxis.title), title(lay.yaxis && lay.yaxis.title)].filter(Boolean);
  const names = [...new Set((gd.data || []).filter((t) => t.showlegend !== false && t.name)
    .map((t) => plain(t.name)))].slice(0, 8);
  const text = [title(lay.title), axes.join(' / '), names.join(', '), ...(gd.data || []).map(cells)]
    .filter(Boolean).join(' · ');
  if (text && gd.getAttribute('aria-label') !== text) {
    gd.setAttribute('role', 'figure');            // not 'img': its toolbar's buttons stay reachable
    gd.setAttribute('aria-label', text);
  }
}

// A figure's title wider than the figure (a sentence on a phone's narrow figure; plotly neither wraps nor
// clips it, so its ends fell outside) is drawn smaller until it fits, down to TITLE_MIN px: set on the title's
// own text, after each of plotly's redraws (which draw it at its made size again).  A figure drawn in place
// fits its own (ui/core/live/figure.js, fitTitle, through plotly).
const TITLE_MIN = 10;
// text t, `extent` px long where `room` px are free, drawn smaller to fit (never larger, not under TITLE_MIN)
function shrink(t, room, extent) {
  const size = parseFloat(getComputedStyle(t).fontSize);
  t.style.fontSize = `${Math.max(TITLE_MIN, Math.floor(size * Math.min(1, room / extent)))}px`;
}

function fitTitle(gd) {
  if (!gd.isConnected || gd.classList.contains('lab-figure')) return;
  const t = gd.querySelector('.g-gtitle .gtitle'), svg = gd.querySelector('.main-svg');
  if (!t || !svg) return;
  const box = svg.getBoundingClientRect(), r = t.getBoundingClientRect();
  const left = box.left, right = box.right;
  if (!r.width || right <= left || (r.left >= left - 1 && r.right <= right + 1)) return;
  // a title starting inside (plotly's x = 0.05) shrinks towards its start; one past both edges (centred) to the middle
  shrink(t, (r.left >= left ? right - r.left : right - left) - 2, r.width);
}

// A y title longer than its plot, which plotly centres on the plot, runs up into the figure's title (a short
// plot in a projector's large type): drawn smaller about its middle until it clears the title, down to
// TITLE_MIN px.  (Figures drawn in place fit their axis titles to the figure: figure.js, fitAxisTitles.)
function fitAxisTitles(gd) {
  if (!gd.isConnected || gd.classList.contains('lab-figure')) return;
  const title = gd.querySelector('.g-gtitle .gtitle');
  const q = title && title.getBoundingClientRect();
  if (!q || !q.height) return;
  gd.querySelectorAll('.g-ytitle text, .g-y2title text').forEach((t) => {
    const r = t.getBoundingClientRect();
    if (!(r.height > 2) || r.top >= q.bottom - 1 || Math.min(r.right, q.right) <= Math.max(r.left, q.left)) return;
    const room = 2 * ((r.top + r.bottom) / 2 - q.bottom - 2);
    if (room > 0) shrink(t, room, r.height);
  });
}

function install() {
  const sizes = new ResizeObserver((entries) => entries.forEach((e) => fit(e.target)));
  const seen = new WeakSet();
  let changed = new Set(), plots = new Set(), queued = false;
  const run = () => {
    queued = false;
    const boxes = changed;
    changed = new Set();
    plots.forEach((gd) => { label(gd); fitTitle(gd); fitAxisTitles(gd); });
    plots = new Set();
    boxes.forEach((box) => {
      if (!box.isConnected) return;
      if (seen.has(box)) fit(box);       // new content in a box already watched (a rerun's new numbers)
      else { seen.add(box); sizes.observe(box); }      // calls fit() once now, and at each new width
    });
  };
  const inside = (node) => {            // a changed node: the formula box (or table) it belongs to, if any
    const el = node.nodeType === 1 ? node : node.parentElement;
    const box = el && el.closest(BOXES);
    if (box) changed.add(box);
    const gd = el && el.closest('.js-plotly-plot');
    if (gd) plots.add(gd);
  };
  const added = (node) => {             // an added subtree: its formula boxes (only the new subtree is searched)
    if (node.nodeType !== 1) return inside(node);
    inside(node);
    node.querySelectorAll(BOXES).forEach((b) => changed.add(b));
    node.querySelectorAll('.js-plotly-plot').forEach((g) => plots.add(g));
  };
  const schedule = () => {               // one pass per frame, however many changes came
    if ((changed.size || plots.size) && !queued) {
      queued = true;
      requestAnimationFrame(run);
    }
  };
  const all = () => {                   // also what was drawn before this script was installed
    document.querySelectorAll(BOXES).forEach((b) => changed.add(b));
    document.querySelectorAll('.js-plotly-plot').forEach((g) => plots.add(g));
    schedule();
  };
  new MutationObserver((records) => {
    records.forEach((r) => { inside(r.target); r.addedNodes.forEach(added); });
    schedule();
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
  // KaTeX's fonts arrive after its first layout and widen a formula without changing its box: fit again
  if (document.fonts) document.fonts.addEventListener('loadingdone', all);
  all();
}

export default function () {
  if (!window.__labFit) {
    window.__labFit = true;
    install();
  }
}
