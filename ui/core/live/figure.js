// A plotly figure redrawn in place (ui.core.charts.live_chart), a Streamlit
// component (components v2, in the page itself): the first draw makes the
// plot; every later run sends the figure as JSON and Plotly.react updates the
// same plot, instead of Streamlit's chart being rebuilt from nothing on every
// threshold move.  plotly.js is loaded once per tab from the app itself.
// The one copy of "redraw in place" in the app: the hover-linked ROC / cost
// figure (evalcore.figures.cost_linked_figure) is drawn here too, its wiring
// in layout.meta (see linkHover).
function plotly(src) {       // (fetched with the page: a preload in its head, ui.core.served.head)
  if (!window.__labPlotly) {
    window.__labPlotly = new Promise((resolve, reject) => {
      const s = document.createElement('script');
      s.src = src; s.onload = () => resolve(window.Plotly); s.onerror = reject;
      document.head.appendChild(s);
    });
  }
  return window.__labPlotly;
}

// Every relayout goes through here.  plotly fixes a figure's width at its current value whenever a relayout
// sets its height (autosize one way only is not supported), so a fitted or taller figure kept its width when
// its box changed without a window resize (presenter mode's sidebar opened: the pair ran off the page).  The
// width is given back to the box after the relayout, unless the figure was made with one (gd.__madeWidth:
// plotly writes into the layout object it is given, so the figure's own is noted before its first draw).
function relayout(Plotly, gd, update) {
  const done = Plotly.relayout(gd, update);
  const free = () => {
    if (gd.layout && gd.layout.width !== undefined && !gd.__madeWidth) {
      delete gd.layout.width;
      delete gd.layout.autosize;
    }
  };
  free();
  return Promise.resolve(done).then(free);
}

// Traces unchanged since the last draw keep their objects: Plotly.react compares data by reference,
// so it skips them (the curves, bars and cost lines that do not move with the threshold).  When
// nothing but the layout's shapes or annotations changed (a threshold line with its label), only
// those are given to Plotly.relayout: moving a shape on fixed axes takes about 1 ms, changing an
// annotation about 20 ms, while Plotly.react redraws the whole plot (20-100 ms on 2 cores).
// A linked figure's two hover highlights (layout.meta.hl_roc, hl_cost) are restyled in place by the
// hover (linkHover), so they are never reused nor compared: a highlight shown stays while only the
// shapes move (the cost lines it sits on have not moved).
function freshTraces(fig) {
  const m = fig.layout.meta || {};
  return m.hl_roc === undefined ? [] : [m.hl_roc, m.hl_cost];
}

// A page's main view in presenter mode (d.fit) is as tall as the first screen leaves below its top, at
// most the height it was made with and at least FIT_MIN px (ui.core.charts._fits_screen), or the height
// its category labels need (gd.__least, fitCategories).  One of which not even half of that least would show on
// the first screen (it starts further down: the second of a pair standing one under the other at 1024 x 768
// with the sidebar open) keeps the height it was made with: squeezed to the least, the bias-variance
// decomposition had a 101 px plot, all of it below the first screen.
const FIT_MIN = 240, FIT_GAP = 12;
// Where an element's top is on the page as first shown, scrolled however far: Streamlit scrolls its main
// part, not the window, so window.scrollY alone stayed 0 and a figure fitted again while the page was
// scrolled down (an expander opened, a section redrawn) took the height it was made with (330 -> 600 px).
function pageTop(el) {
  let top = el.getBoundingClientRect().top;           // the window's own scroll is the <html> element's
  for (let p = el.parentElement; p; p = p.parentElement) top += p.scrollTop;
  return top;
}
function fitHeight(gd, height) {
  const top = pageTop(gd);
  const least = Math.max(FIT_MIN, gd.__least || 0), room = window.innerHeight - top - FIT_GAP;
  return Math.round(Math.max(least, room < least / 2 ? height || 450 : Math.min(height || 450, room)));
}

// A figure may carry a layout for narrow columns (layout.meta.narrow = {below: px, layout: {path: value}},
// e.g. the linked ROC / cost figure's panels stacked on a phone), and values for some of its traces there
// (data: {trace index: {path: value}}, e.g. a K x K matrix's cell text smaller): applied to copies when
// the figure's box is narrower than that; the box crossing that width draws it again (drawLoop).
function narrowAt(fig) {
  const n = fig.layout.meta && fig.layout.meta.narrow;
  return n ? n.below : 0;
}
function setPaths(target, values, skip) {
  const out = JSON.parse(JSON.stringify(target));
  for (const [path, value] of Object.entries(values)) {
    if (skip && skip(path)) continue;
    const keys = path.split('.');
    let o = out;
    for (const k of keys.slice(0, -1)) o = o[k] === undefined ? (o[k] = {}) : o[k];
    o[keys[keys.length - 1]] = value;
  }
  return out;
}
function narrowed(layout, gd, fit) {
  const n = layout.meta && layout.meta.narrow;
  gd.__narrow = Boolean(n && gd.clientWidth && gd.clientWidth < n.below);
  if (!gd.__narrow) return layout;
  return setPaths(layout, n.layout || {}, (path) => fit && path === 'height');   // presenter's fitted height wins
}
function narrowedData(data, layout, narrow) {
  const n = layout.meta && layout.meta.narrow;
  if (!narrow || !n || !n.data) return data;
  return data.map((t, i) => (n.data[i] ? setPaths(t, n.data[i]) : t));
}

async function drawInPlace(Plotly, gd, d) {
  const fig = d.fig;
  if (d.fit) {                           // the height it was made with, kept on the (reused) parsed figure
    if (fig.madeHeight === undefined) fig.madeHeight = fig.layout.height;
    gd.__made = fig.madeHeight;
    fig.layout.height = fitHeight(gd, fig.madeHeight);
    if (!gd.__fitted) {                  // the window resized (a projector's resolution) or what is above the
      gd.__fitted = () => {              // figure grew after it was drawn (text, a figure): fitted again
        const h = fitHeight(gd, gd.__made);
        if (gd._fullLayout && !gd.__busy && gd.isConnected && gd.offsetParent !== null
            && Math.abs(h - gd._fullLayout.height) > 1) relayout(Plotly, gd, { height: h });
      };
      window.addEventListener('resize', gd.__fitted);
      gd.__above = new ResizeObserver(gd.__fitted);
      gd.__above.observe(document.querySelector('[data-testid=stMainBlockContainer]') || document.body);
    }
  } else if (gd.__least && !(fig.layout.height >= gd.__least)) {
    fig.layout.height = gd.__least;     // the height its category labels need (fitCategories)
  }
  if (fig.madeWidth === undefined) fig.madeWidth = fig.layout.width || null;
  gd.__madeWidth = fig.madeWidth;
  if (fig.legendMade === undefined) fig.legendMade = fig.layout.legend ? fig.layout.legend.y : null;
  gd.__legendMade = fig.legendMade;     // where the figure put its legend (clearLegend moves it)
  if (fig.titleMade === undefined) fig.titleMade = ((fig.layout.title || {}).font || {}).size || null;
  gd.__titleMade = fig.titleMade;       // the title's size as made (fitTitle may draw it smaller)
  const fresh = freshTraces(fig);
  let layout = narrowed(fig.layout, gd, d.fit);
  gd.__given = layout.height;            // the height it is drawn with, before the fitting after the draw,
  gd.__givenB = (layout.margin || {}).b; // and its bottom margin
  const sq = gd.__squareAt;             // the height fitSquare found for this width and this made height
  if (sq && sq[0] === gd.clientWidth && sq[1] === layout.height) layout = { ...layout, height: sq[2] };
  const traces = narrowedData(fig.data, fig.layout, gd.__narrow);
  const narrowLegend = gd.__narrow ? layout.meta.narrow.layout['legend.y'] : undefined;
  if (narrowLegend !== undefined) gd.__legendMade = narrowLegend;     // where the narrow layout puts it
  const keys = fig.data.map((t, i) => (fresh.includes(i) ? null
    : (d.keys[i] || JSON.stringify(t)) + (traces[i] !== t ? ' narrow' : '')));
  const { shapes = [], annotations = [], ...rest } = layout;
  // what was last given to plotly: each trace (with its JSON), the rest of the layout, shapes, annotations
  const now = { config: d.config, layout: JSON.stringify(rest), shapes: JSON.stringify(shapes),
                annotations: JSON.stringify(annotations) };
  const last = gd.__last;
  if (last && gd._fullLayout && last.config === now.config && last.layout === now.layout
      && last.traces.length === keys.length && keys.every((k, i) => last.traces[i].key === k)) {
    const changed = {};
    if (now.shapes !== last.shapes) changed.shapes = shapes;
    if (now.annotations !== last.annotations) changed.annotations = annotations;
    if (Object.keys(changed).length) await relayout(Plotly, gd, changed);
    now.traces = last.traces;
  } else {
    const old = last ? last.traces : [];
    const data = traces.map((t, i) => (keys[i] !== null && old[i] && old[i].key === keys[i] ? old[i].trace : t));
    await Plotly.react(gd, data, layout, JSON.parse(d.config));
    gd.__axesMade = {};                 // the axis titles' sizes as made are noted afresh (fitAxisTitles)
    if (fresh.length) gd.dataset.highlight = '';
    now.traces = data.map((t, i) => ({ key: keys[i], trace: t }));
  }
  gd.__last = now;
  return fresh.length > 0;              // a linked figure
}

// Hover linking (the cost page's ROC / cost figure): hovering a ROC point highlights its cost line,
// hovering a cost line its ROC point.  Trace indices come from layout.meta, never from a user-chosen
// name; the current meta is read at each event, so a redrawn figure needs no new listeners.
function linkHover(Plotly, gd) {
  if (gd.__hover) return;
  gd.__hover = true;
  gd.on('plotly_hover', (ev) => {
    const meta = gd.layout.meta, p = ev.points[0];
    if (!meta || (p.curveNumber !== meta.line_trace && p.curveNumber !== meta.point_trace)) return;
    const j = meta.samples.indexOf(p.customdata);
    if (j < 0) return;
    const f = meta.fpr[j], n = meta.fnr[j];
    Plotly.restyle(gd, { x: [[f]], y: [[1 - n]] }, [meta.hl_roc]);
    Plotly.restyle(gd, { x: [[0, 1]], y: [[f, n]] }, [meta.hl_cost]);
    gd.dataset.highlight = String(meta.samples[j]);
  });
  gd.on('plotly_unhover', () => {
    const meta = gd.layout.meta;
    if (!meta) return;
    Plotly.restyle(gd, { x: [[]], y: [[]] }, [meta.hl_roc, meta.hl_cost]);
    gd.dataset.highlight = '';
  });
}

// A legend below the plot (orientation "h", y < 0, in the plot's height) sits where the figure was made
// to put it; a shorter plot (presenter mode's fitted height, a narrow column's wrapped legend) brings the
// axis titles down onto it.  After each draw it is placed just below the lowest tick label or axis title
// (never above where the figure put it) and the bottom margin made to hold it; a figure whose plot that
// would leave shorter than MIN_PLOT px (MIN_FITTED for one fitted to the first screen, presenter mode's
// main view, whose height is kept where it can be) is made taller.  One relayout, only for a change of
// more than 2 px: the next draw finds everything where it is (tick labels keep their distance from the plot).
const MIN_PLOT = 190, MIN_FITTED = 110;
// A figure fitted to the first screen whose legend under it goes one entry a line (plotly gives each entry
// of a wrapped horizontal legend the widest one's width) and leaves a plot shorter than TWO_BELOW px (the
// bias-variance figures at 1280 x 720: 110 px under six entries) lays its entries out in two columns,
// their text made smaller to fit a column where it must, down to LEGEND_MIN px: the plot gets the rows back.
const TWO_BELOW = 190, LEGEND_MIN = 14;
function twoColumns(Plotly, gd, L, leg) {
  const entries = [...leg.querySelectorAll('.traces')];
  if (entries.length < 3 || L.legend.entrywidth > 0 || !(L._size.w > 0)) return false;
  const rows = new Set(entries.map((e) => Math.round(e.getBoundingClientRect().top)));
  if (rows.size < entries.length) return false;                        // already more than one a line
  // below the plot from the figure's left edge (plotly's x < 0, anchored left): the left margin and the
  // plot's width for the legend, each entry half of it (its symbol ITEM px, then its text)
  const half = (L._size.l + L._size.w) / 2, ITEM = 40;
  let need = 1;                                                        // the text's scale that fits a column
  entries.forEach((e) => {
    const text = e.querySelector('.legendtext'), tw = text ? text.getBoundingClientRect().width : 0;
    if (tw) need = Math.min(need, (half - ITEM - 8) / tw);
  });
  const size = (L.legend.font && L.legend.font.size) || 14;
  const fits = Math.floor(size * Math.min(1, need));
  if (fits < Math.min(size, LEGEND_MIN)) return false;
  const made = gd.layout.legend || {};     // what the figure had: given back when its width changes (refit)
  gd.__two = { 'legend.x': made.x ?? null, 'legend.xanchor': made.xanchor ?? null,
               'legend.entrywidth': made.entrywidth ?? null, 'legend.entrywidthmode': made.entrywidthmode ?? null,
               'legend.font.size': (made.font && made.font.size) ?? null };
  relayout(Plotly, gd, { 'legend.x': -L._size.l / L._size.w, 'legend.xanchor': 'left', 'legend.entrywidth': 0.5,
                        'legend.entrywidthmode': 'fraction', 'legend.font.size': fits });
  return true;
}
function clearLegend(Plotly, gd) {
  const L = gd._fullLayout, leg = gd.querySelector('.legend'), made = gd.__legendMade;
  if (!L || !leg || !L.legend || L.legend.orientation !== 'h' || !(made < 0) || gd.__busy || !L._size) return;
  const plotBottom = gd.getBoundingClientRect().top + L._size.t + L._size.h;
  let below = 0;                                      // how far the tick labels and axis titles reach below the plot
  // every x axis's tick labels and title (xtick, x2tick, x3tick ...; g-xtitle, g-x2title ...): panels stacked
  // on a phone put the last x axis lowest
  gd.querySelectorAll('[class^="x"][class$="tick"] text, [class^="g-x"][class$="title"]').forEach((e) => {
    const r = e.getBoundingClientRect();
    if (r.height) below = Math.max(below, r.bottom - plotBottom);
  });
  const b = Math.ceil(below + leg.getBoundingClientRect().height + 12);
  const least = gd.__made !== undefined ? MIN_FITTED : MIN_PLOT;
  const height = Math.max(L.height, Math.ceil(L._size.t + b + least));
  const h = height - L._size.t - Math.max(b, L._size.b);
  if (gd.__made !== undefined && h < TWO_BELOW && twoColumns(Plotly, gd, L, leg)) return;
  const y = Math.max(-2, Math.min(made, -(below + 4) / h));
  if (Math.abs(y - L.legend.y) * h > 2 || height > L.height + 2 || b > L.margin.b + 2)
    relayout(Plotly, gd, { 'legend.y': y, 'legend.yanchor': 'top', 'margin.b': Math.max(b, L.margin.b), height });
}

// A title wider than its figure (a long sentence on a phone) is drawn smaller until it fits, down to
// TITLE_MIN px: plotly neither wraps nor clips it, so its ends fell outside the figure.  Checked after each
// draw, as the legend is; a title that fits keeps the size it was made with.
const TITLE_MIN = 10, TITLE_GAP = 6;
function fitTitle(Plotly, gd) {
  const L = gd._fullLayout, title = gd.querySelector('.g-gtitle .gtitle');
  if (!L || !title || gd.__busy || !L.title || !L.title.font) return;
  const box = gd.getBoundingClientRect(), r = title.getBoundingClientRect();
  const left = box.left + TITLE_GAP, right = box.right - TITLE_GAP;
  if (!r.width || right <= left || (r.left >= left && r.right <= right)) return;
  // a title starting inside (plotly's x = 0.05) shrinks towards its start; one past both edges (centred) to the middle
  const room = r.left >= left ? right - r.left : right - left;
  const size = Math.max(TITLE_MIN, Math.floor(L.title.font.size * Math.min(1, room / r.width)));
  if (size < L.title.font.size) relayout(Plotly, gd, {'title.font.size': size});
}

// An axis title longer than its figure (an x title) or its axis (a y title) allows is drawn smaller until
// it fits, down to TITLE_MIN px:
// plotly centres it on its axis and cuts what runs past the figure's edge (a vertical title on the
// short plot of a main view fitted to a projector's first screen; a long one on a phone's narrow plot).
// Each title shrinks about its own middle, where plotly keeps it, and grows back, up to the size it was
// made with (gd.__axesMade, noted after each new figure), when there is room again: a size measured
// while the figure was between two heights mends itself at the next draw.
function fitAxisTitles(Plotly, gd) {
  const L = gd._fullLayout;
  if (!L || gd.__busy) return;
  const box = gd.getBoundingClientRect(), made = gd.__axesMade || (gd.__axesMade = {}), changed = {};
  gd.querySelectorAll('.g-xtitle, .g-x2title, .g-ytitle, .g-y2title').forEach((g) => {
    const text = g.querySelector('text'), name = (g.getAttribute('class') || '').match(/g-([xy])(\d*)title/);
    const key = name && `${name[1]}axis${name[2]}`, axis = key && L[key];
    if (!text || !axis || !axis.title || !axis.title.font) return;
    const now = axis.title.font.size, r = text.getBoundingClientRect(), across = name[1] === 'x';
    if (made[key] === undefined) made[key] = now;
    // across: within the figure; down the side: within its axis's own height (plotly centres it there), so
    // that on a short plot it stays clear of the figure's title above and the legend below
    const down = !across && axis._length > 0, top = box.top + (axis._offset || 0);
    const [lo, hi, a, b] = down ? [top, top + axis._length, r.top, r.bottom]
      : across ? [box.left, box.right, r.left, r.right] : [box.top, box.bottom, r.top, r.bottom];
    if (!(b > a)) return;
    const mid = (a + b) / 2, room = down ? hi - lo : 2 * (Math.min(mid - lo, hi - mid) - TITLE_GAP);
    const size = Math.max(TITLE_MIN, Math.min(made[key], Math.floor(now * room / (b - a))));
    if (size !== now && (size < now || now < made[key])) changed[`${key}.title.font.size`] = size;
  });
  if (Object.keys(changed).length) relayout(Plotly, gd, changed);
}

// A category axis down the side with too little height per category: plotly leaves out every second
// (third...) label, so a bar loses its name (the trust simulation's tests on a projector, its plot fitted to
// the first screen).  The labels are drawn smaller, down to CATEGORY_MIN px (read from a projector's back
// row); where even that does not fit, the figure is made as tall as its labels need (gd.__least, which the
// first screen's fit keeps), past the first screen: every name shown comes before the whole figure shown.
const CATEGORY_MIN = 14;
function fitCategories(Plotly, gd) {
  const L = gd._fullLayout;
  if (!L || gd.__busy || !L._size) return;
  const changed = {};
  let grow = 0;
  Object.keys(L).filter((k) => /^yaxis\d*$/.test(k)).forEach((key) => {
    const ax = L[key];
    if (!ax || ax.type !== 'category' || ax.visible === false || !ax.tickfont || !(ax._categories || []).length) return;
    const [lo, hi] = [Math.min(...ax.range), Math.max(...ax.range)];
    const shown = ax._categories.filter((c, i) => i >= lo && i <= hi).length;
    const labels = [...gd.querySelectorAll(`.${key[0]}${key.slice(5)}tick text`)];
    if (!labels.length || labels.length >= shown) return;
    const tallest = Math.max(...labels.map((t) => t.getBoundingClientRect().height));
    const each = (ax._length || L._size.h) / (hi - lo);      // the height one category has
    const now = ax.tickfont.size, fits = Math.floor(now * Math.min(0.95, 0.9 * each / tallest));
    const size = Math.max(Math.min(CATEGORY_MIN, now), fits);
    if (size < now) changed[`${key}.tickfont.size`] = size;
    if (fits < size) grow = Math.max(grow, Math.ceil((hi - lo) * (tallest * size / now / 0.9 - each)));
  });
  if (grow > 0) changed.height = gd.__least = L.height + grow;
  if (Object.keys(changed).length) relayout(Plotly, gd, changed);
}

// A plot whose axes keep one scale (a ROC plot's square: scaleanchor, constrain "domain") in a box narrower
// than the plot is tall: plotly draws the square as wide as the box allows and leaves the rest of the height
// empty (about 100 px on a phone's ROC walk).  The figure is made that much shorter, its plot never under
// MIN_PLOT px (the next draw at this width is drawn that height at once: __squareAt), and given its height
// back when its box changes width (refit).  Not for a figure fitted to
// the first screen (presenter mode: its height is the screen's) nor for panels sharing the height.
function fitSquare(Plotly, gd) {
  const L = gd._fullLayout, ya = L && L.yaxis;
  if (!ya || !L._size || gd.__busy || gd.__made !== undefined || !ya.scaleanchor || ya.constrain !== 'domain') return;
  if (L.yaxis2 || L.xaxis2) return;      // (plotly writes the shrunk domain into the layout: not a sign of panels)
  const spare = Math.floor(L._size.h - Math.max(ya._length, MIN_PLOT));
  if (!(ya._length > 0) || !(spare > SPARE)) return;       // (a plot not laid out yet: no number)
  gd.__squareAt = [gd.clientWidth, gd.__given, L.height - spare];
  relayout(Plotly, gd, { height: L.height - spare });
}
const SPARE = 8;

// After each draw (and a frame after each relayout): the legend placed, and the titles and labels fitted.
function fitText(Plotly, gd) {
  clearLegend(Plotly, gd); fitTitle(Plotly, gd); fitAxisTitles(Plotly, gd); fitCategories(Plotly, gd);
  fitSquare(Plotly, gd);
}

// A trace the server sent in an earlier run of this figure arrives as {ref: its digest} (ui.core.held_traces):
// the traces of the last HELD figures received are kept by digest, whether drawn or not (a newer figure
// may replace one before it is drawn), and so is the layout's template (its digest: data.tkey); the
// toolbar's settings arrive as "" when they are those of the figure before.  A reference to a part not
// kept (the figure was drawn anew, a run was never received) asks the server for the whole figure
// ('missing': the next run sends all).
const HELD = 3;
function resolve(gd, data, ask) {
  if (!data.spec) return data;
  const last = gd.__lab;
  const config = data.config || (last && last.config) || null;
  if (config === null) {
    ask('missing', 1);
    return null;
  }
  if (last && last.spec === data.spec && last.keysText === data.keys) {
    return { ...data, config, fig: last.fig, keys: last.keys };
  }
  const fig = JSON.parse(data.spec);
  const keys = data.keys ? JSON.parse(data.keys) : [];
  const store = gd.__store || (gd.__store = new Map());
  const missing = [];
  fig.data = fig.data.map((t, i) => {
    if (t.ref === undefined) {
      if (keys[i]) store.set(keys[i], t);
      return t;
    }
    if (!store.has(t.ref)) missing.push(t.ref);
    return store.get(t.ref);
  });
  const template = fig.layout && fig.layout.template;
  if (template && template.ref !== undefined) {
    if (store.has(template.ref)) fig.layout.template = store.get(template.ref);
    else missing.push(template.ref);
  } else if (template && data.tkey) store.set(data.tkey, template);
  gd.__recent = [...(gd.__recent || []), [...keys.filter(Boolean), data.tkey].filter(Boolean)].slice(-HELD);
  const kept = new Set(gd.__recent.flat());
  for (const k of store.keys()) if (!kept.has(k)) store.delete(k);
  if (missing.length) {
    ask('missing', missing.length);
    return null;
  }
  return { ...data, config, fig, keys, keysText: data.keys };
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  let gd = parentElement.querySelector('.lab-figure');
  if (!gd) {
    gd = document.createElement('div');
    gd.className = 'lab-figure';
    parentElement.appendChild(gd);
  }
  const resolved = resolve(gd, data, setTriggerValue);   // null: drawn when the whole figure comes
  if (resolved !== null) gd.__lab = resolved;   // the newest figure wins when several runs arrive during a draw
  gd.__gone = false;
  const done = plotly(data.script);
  if (resolved === null) {
    // nothing to draw yet
  } else if (!data.spec) {               // the home page (ui.core.preload): load plotly.js and draw
    done.then(async (Plotly) => {        // each kind of trace once, so its code is ready for the first page
      if (gd.__drawn || gd.__busy || gd.__gone) return;
      gd.__busy = true;
      gd.__drawn = 'warm-up';
      try {
        await Plotly.newPlot(gd, [{type: 'scatter', x: [0, 1], y: [0, 1], mode: 'lines+markers'},
                                  {type: 'bar', x: [0, 1], y: [1, 2]},
                                  {type: 'heatmap', z: [[1, 2], [3, 4]], texttemplate: '%{z}'}],
                             {width: 400, height: 300, shapes: [{type: 'line', x0: 0, x1: 1, y0: 0, y1: 1}],
                              annotations: [{x: 0.5, y: 0.5, text: 'a'}]}, {displayModeBar: true});
        gd.dataset.warm = '1';
      } finally {
        gd.__busy = false;
      }
      if (gd.__gone) release(gd);       // the page was left during the warm-up
    });
  } else {
    gd.__trigger = setTriggerValue;
    done.then((Plotly) => drawLoop(Plotly, gd));
  }
  // called when the figure leaves the page (not between runs): plotly's listeners go with it, after
  // a draw under way has ended (purged in the middle of Plotly.react, plotly fails on its own state)
  return () => {
    gd.__gone = true;
    if (!gd.__busy) release(gd);
  };
}

const SETTLED = 250;     // ms without a change of width
// Once a box's width has settled: a legend in two columns is laid out again for the new width, and the
// figure gets back the height it was drawn with (a fitted figure's: fitted again), not what the fitting
// after the draw made of it at another width (taller for a wrapped legend, shorter for a square), its legend
// and bottom margin as made and its title's size as made: the fitting after the relayout (fitText) runs
// again for this width.  A legend moved down for a wrapped legend kept the plot shorter, and plotly left a
// legend above the plot where its two rows at the narrower width had put it, over the plot's top (the P-R
// figure).
function refit(Plotly, gd) {
  if (gd.__gone || !gd._fullLayout || gd.offsetParent === null || !(gd.clientWidth >= NARROWEST)) return;
  if (gd.__busy) {                                    // never in the middle of a draw: a moment later
    gd.__settleLater = setTimeout(() => refit(Plotly, gd), SETTLED);
    return;
  }
  const made = gd.__two || {};
  made.height = gd.__made !== undefined ? fitHeight(gd, gd.__made) : gd.__given;
  const legend = gd.layout.legend;
  if (legend && legend.y !== undefined)
    made['legend.y'] = gd.__legendMade !== null && gd.__legendMade !== undefined ? gd.__legendMade : legend.y;
  if (gd.__givenB !== undefined) made['margin.b'] = gd.__givenB;
  if (widthOff(gd)) made.width = gd.clientWidth;
  if (gd.__titleMade && gd.layout.title && gd.layout.title.text) made['title.font.size'] = gd.__titleMade;
  gd.__two = null;
  gd.__squareAt = undefined;
  if (!(made.height > 0)) delete made.height;
  if (Object.keys(made).some((k) => k !== 'height' || Math.abs(made.height - gd._fullLayout.height) > 1))
    relayout(Plotly, gd, made);
}
// The figure drawn at its box's width, a moment after the box changed (never in the middle of a draw: then
// a moment later).  Not plotly's own resize: it forgets the figure's height too unless the layout holds
// both, and the figure then took its box's height, 0 px (it spilled over what is below it).
function followWidth(Plotly, gd) {
  clearTimeout(gd.__widthLater);
  gd.__widthLater = setTimeout(() => {
    if (gd.__gone || !gd._fullLayout || !gd.isConnected || gd.offsetParent === null) return;
    if (!(gd.clientWidth >= NARROWEST)) return;
    if (gd.__busy) { followWidth(Plotly, gd); return; }
    if (widthOff(gd)) relayout(Plotly, gd, { width: gd.clientWidth });
  }, WIDTH_LATER);
}
const WIDTH_LATER = 60;
// drawn at another width than its box's, where it follows its box (not made with a width of its own)
function widthOff(gd) {
  return !gd.__madeWidth && Boolean(gd._fullLayout) && Math.abs(gd._fullLayout.width - gd.clientWidth) > 1;
}
// A box narrower than this is a moment of Streamlit's layout (a section switched: the ROC walk's figure was
// 89 px for a moment), never a column a figure is shown in (a phone's is 300 px): not followed.  plotly drew
// the moment's figure with an x title at y = -Infinity (an error in the console, a test failing now and then).
const NARROWEST = 160;
// Draws the newest figure given (gd.__lab) until the drawn one is the newest; one loop at a time.
async function drawLoop(Plotly, gd) {
  if (gd.__busy) return;
  gd.__busy = true;
  try {
    // a new figure, or new settings (the export format): drawn again
    while (!gd.__gone && gd.__lab && gd.__lab.spec + gd.__lab.config !== gd.__drawn) {
      const d = gd.__lab;
      const linked = await drawInPlace(Plotly, gd, d);
      gd.__drawn = d.spec + d.config;
      gd.dataset.drawnAt = String(performance.timeOrigin + performance.now());   // when (epoch ms), for bench/
      if (!gd.__resize) {             // the page's width changes without a window resize (the sidebar
        let width = gd.clientWidth;   // folds): a figure without a fixed width follows its box
        gd.__resize = new ResizeObserver(() => {
          // a figure being removed or hidden (a section closed) has no box: plotly refuses to resize it
          if (gd.clientWidth !== width && gd._fullLayout && gd.isConnected && gd.offsetParent !== null
              && gd.clientWidth > 0) {
            width = gd.clientWidth;
            const below = gd.__lab ? narrowAt(gd.__lab.fig) : 0;
            if (below && (width < below) !== gd.__narrow) {       // across the narrow layout's width: drawn anew
              gd.__drawn = '';
              drawLoop(Plotly, gd);
            } else if (!gd.__madeWidth) {
              followWidth(Plotly, gd);
              clearTimeout(gd.__settleLater);              // (the sidebar slides open: many widths)
              gd.__settleLater = setTimeout(() => refit(Plotly, gd), SETTLED);
            }
          }
        });
        gd.__resize.observe(gd);
      }
      if (linked) { linkHover(Plotly, gd); gd.dataset.linked = '1'; }
      if (!gd.__legend) {               // after every draw, resize and relayout (a frame later, between draws)
        gd.__legend = true;
        gd.on('plotly_afterplot', () => requestAnimationFrame(() => fitText(Plotly, gd)));
      }
      if (d.clickable && !gd.__clicks) {
        gd.__clicks = true;
        gd.on('plotly_click', (ev) => {
          const p = ev.points && ev.points[0];
          if (p) gd.__trigger('click', { curve: p.curveNumber, index: p.pointIndex });
        });
      }
    }
  } finally {
    gd.__busy = false;
  }
  if (!gd.__gone) {
    fitText(Plotly, gd);
    // the box's width changed while the figure was being drawn (a change seen then, with no figure laid out
    // to follow, was dropped: the P-R figure stayed 480 px in a 564 px box once in five openings of the
    // sidebar at 1024 x 768, the pair standing one under the other): follow it now
    if (widthOff(gd)) followWidth(Plotly, gd);
  }
  if (gd.__gone) release(gd);         // it left the page during the draw
  else if (gd.__lab && gd.__lab.spec + gd.__lab.config !== gd.__drawn) drawLoop(Plotly, gd);   // came back
}

function release(gd) {
  if (gd.__resize) gd.__resize.disconnect();
  clearTimeout(gd.__settleLater);
  clearTimeout(gd.__widthLater);
  if (gd.__fitted) window.removeEventListener('resize', gd.__fitted);
  if (gd.__above) gd.__above.disconnect();
  if (window.Plotly && gd.__drawn) window.Plotly.purge(gd);
  for (const k of ['__resize', '__drawn', '__last', '__hover', '__clicks', '__store', '__recent', '__fitted', '__above', '__legend',
                   '__two', '__squareAt', '__given', '__givenB']) delete gd[k];
}
