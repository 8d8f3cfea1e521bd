"""What the screen tests measure in the page, as JavaScript run by Playwright
(``page.evaluate``): WCAG contrast of the text drawn, the main view's box,
figures against their column, horizontal scroll."""

# WCAG 2.1 AA colour contrast (axe-core's color-contrast rule, computed from the styles: axe itself is not
# installable offline): every visible text in the page against what is drawn behind it (the elements under
# its centre, their backgrounds composed with their alpha; white at the bottom); 4.5 : 1, or 3 : 1 for large
# text (24 px, or 18.66 px bold).  Disabled controls and figures (SVG) are left out, as axe does.
CONTRAST = """() => {
  const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const over = (top, bottom) => [0, 1, 2].map(i => top[i] * top[3] + bottom[i] * (1 - top[3])).concat([1]);
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const behind = (el, r) => {
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const inView = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
    // what is drawn at the text's centre, from the text down; where the text is not found there (off
    // screen, scrolled out of a box, under the page's header, letting the pointer through): its
    // ancestors whose box holds that point
    let stack = inView ? document.elementsFromPoint(x, y) : [];
    if (stack.includes(el)) stack = stack.slice(stack.indexOf(el));
    else {
      stack = [];
      for (let e = el; e; e = e.parentElement) {
        const b = e.getBoundingClientRect();
        if (e === el || (b.left <= x && x <= b.right && b.top <= y && y <= b.bottom)) stack.push(e);
      }
    }
    const layers = [];
    for (const e of stack) {
      if (e !== el && el.contains(e)) continue;
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let bg = [255, 255, 255, 1];
    for (const l of layers.reverse()) bg = over(l, bg);
    return bg;
  };
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('svg, .js-plotly-plot, .katex, [aria-hidden=true], [disabled], [aria-disabled=true], script, style'))
      continue;
    if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden') continue;
    let opacity = 1;
    for (let e = el; e; e = e.parentElement) opacity *= +getComputedStyle(e).opacity;
    if (opacity < 0.05) continue;                          // not drawn (min / max of a slider until hovered)
    const fg = parse(s.color);
    if (!fg) continue;
    const bg = behind(el, r), shown = over([fg[0], fg[1], fg[2], fg[3] * opacity], bg);
    const [a, b] = [lum(shown), lum(bg)];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const px = parseFloat(s.fontSize), large = px >= 24 || (+s.fontWeight >= 700 && px >= 18.66);
    if (ratio < (large ? 3 : 4.5))
      out.push(`${ratio.toFixed(2)}:1 "${el.textContent.trim().slice(0, 40)}" ${s.color} `
               + `on rgb(${bg.slice(0, 3).map(Math.round)})`);
  }
  return out;
}"""

# the page's width against the window's: a horizontal scroll bar
HORIZONTAL_SCROLL = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"

# every figure of the main area drawn wider than the column it sits in (its right edge past the column's)
WIDER_THAN_COLUMN = """() => [...document.querySelectorAll('[data-testid=stMain] .js-plotly-plot')]
  .filter(e => e.offsetParent && !e.closest('.st-key-preload')).map(e => {     // not the hidden warm-up box
    const col = e.closest('[data-testid=stColumn]') || e.closest('[data-testid=stMainBlockContainer]');
    const svg = e.querySelector('.main-svg'), c = col.getBoundingClientRect();
    const r = svg ? svg.getBoundingClientRect() : e.getBoundingClientRect();     // the drawing, not its box
    return r.right > c.right + 1 ? `${Math.round(r.width)} px in ${Math.round(c.width)} px` : null; })
  .filter(Boolean)"""

# a display formula shown whose end is hidden in its scrolling box (fit.js draws a formula smaller, down to 55 %,
# before its box scrolls): on a phone two formula columns hid "= 6/150" after "= 6/15" (ui/core/typeset)
FORMULA_CUT = """() => [...document.querySelectorAll('[data-testid=stMain] .katex-display')]
  .filter(b => b.offsetParent && !b.closest('details:not([open])') && b.scrollWidth > b.clientWidth + 1)
  .map(b => `${(b.closest('[class*=st-key-]') || b).className.match(/st-key-\\S+/)?.[0] || 'a formula'}: `
            + `"…${b.textContent.slice(-30)}" ${b.scrollWidth} px in ${b.clientWidth} px`)"""

# the box of the page's main view (``ui.core.registry.Page.main``) in the page (y from the page's top)
MAIN_BOX = """(selector) => { const e = document.querySelector(selector); if (!e) return null;
  const f = e.querySelector('.js-plotly-plot') || e; const r = f.getBoundingClientRect();
  return {top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right}; }"""

# plotly's toolbar drawn over a figure's title (on a touch screen it cannot be hovered away)
TOOLBAR_OVER_TITLE = """() => [...document.querySelectorAll('[data-testid=stMain] .js-plotly-plot')].flatMap(gd => {
  const bar = gd.querySelector('.modebar-container');
  const shown = bar && bar.querySelector('.modebar');
  if (!shown || getComputedStyle(bar).display === 'none' || +getComputedStyle(shown).opacity === 0) return [];
  const b = shown.getBoundingClientRect();
  return [...gd.querySelectorAll('.gtitle, .g-gtitle text, .legendtext')].map(t => t.getBoundingClientRect())
    .filter(t => t.left < b.right && b.left < t.right && t.top < b.bottom && b.top < t.bottom)
    .map(() => (gd.closest('[class*=st-key-]') || gd).className.match(/st-key-\\S+/)?.[0] || 'a figure'); })"""

# the page title's text hidden under Streamlit's header (an opaque 60 px bar at the top), the page not scrolled
# (a scrolled page's title is above the window's top):
# its line box more than 6 px under the bar (the line's leading above the glyphs is about that much)
TITLE_UNDER_HEADER = """() => { const h = document.querySelector('[data-testid=stMain] h1');
  const bar = document.querySelector('[data-testid=stHeader]');
  if (!h || !bar || getComputedStyle(bar).display === 'none') return null;
  const r = document.createRange(); r.selectNodeContents(h);
  const text = r.getBoundingClientRect(), b = bar.getBoundingClientRect();
  return text.top >= 0 && text.top < b.bottom - 6
    ? {text: Math.round(text.top), header: Math.round(b.bottom)} : null; }"""

def _each_figure(body: str) -> str:
    """A check run on every figure drawn in the main area: ``body`` (JavaScript) sees the figure as ``gd``
    and its key as ``name`` ("st-key-..."), and returns a list of what is wrong with it; the check returns
    them all."""
    return ("() => [...document.querySelectorAll('[data-testid=stMain] .js-plotly-plot')]"
            ".filter(gd => gd.offsetParent && gd._fullLayout).flatMap(gd => {\n"
            "  const name = (gd.closest('[class*=st-key-]') || gd).className.match(/st-key-\\S+/)?.[0]"
            " || 'a figure';" + body + " })")


# a legend's entries over a tick label or an axis title of their own figure (a legend below a plot made
# shorter than the figure was designed for): each overlapping pair as "figure: legend text / axis text"
LEGEND_OVER_AXIS = _each_figure("""
    const axes = [...gd.querySelectorAll('.xtick text, .ytick text, .x2tick text, .y2tick text, '
                                        + '.g-xtitle text, .g-ytitle text, .g-x2title text, .g-y2title text')]
      .map(t => [t, t.getBoundingClientRect()]).filter(([, r]) => r.width && r.height);
    return [...gd.querySelectorAll('.legend .traces')].flatMap(e => {
      const r = e.getBoundingClientRect();
      return axes.filter(([, a]) => r.left < a.right - 1 && a.left < r.right - 1 && r.top < a.bottom - 1
                                    && a.top < r.bottom - 1)
        .map(([t]) => `${name}: ${e.textContent.trim().slice(0, 24)} / ${t.textContent.trim().slice(0, 24)}`);
    });""")

# a figure's title, an axis title, a label or a legend entry cut by its figure's edge (plotly clips its drawing
# to the figure): a long vertical title on a short plot ran off both ends (the ROC walk's ranked strip, "score
# (logistic regression (leave-one-out))"), the P-R figure's iso-F labels off a phone's right edge, the
# sentence titles of Streamlit's own charts past a phone's edges (the methods page's spread figures)
TEXT_CUT = _each_figure("""
    const svg = gd.querySelector('.main-svg'); if (!svg) return [];
    const f = svg.getBoundingClientRect();
    return [...gd.querySelectorAll('.gtitle, .g-xtitle text, .g-ytitle text, .g-x2title text, .g-y2title text, '
                                   + '.annotation-text-g text, .shape-label, .legendtext')]
      .filter(t => { const r = t.getBoundingClientRect();
                     return r.width && (r.top < f.top - 1 || r.bottom > f.bottom + 1 || r.left < f.left - 1
                                        || r.right > f.right + 1); })
      .map(t => `${name}: ${t.textContent.trim().slice(0, 40)}`);""")

# category labels plotly left out: on a category axis with too little room per category, plotly draws every
# second (third...) label only (the trust simulation's test names on a projector, its plot fitted to the
# first screen, before its x title went back to one line there)
SKIPPED_CATEGORIES = _each_figure("""
    const L = gd._fullLayout;
    return Object.keys(L).filter(k => /^[xy]axis\\d*$/.test(k) && L[k] && L[k].type === 'category'
                                       && L[k].visible !== false && L[k].showticklabels !== false
                                       && (L[k]._categories || []).length)
      .flatMap(k => { const ax = L[k], id = k[0] + k.slice(5);
        const [lo, hi] = [Math.min(...ax.range), Math.max(...ax.range)];
        const shown = ax._categories.filter((c, i) => i >= lo && i <= hi).length;
        const drawn = gd.querySelectorAll(`.${id}tick text`).length;
        return drawn && drawn < shown ? [`${name}: ${k} ${drawn} of ${shown} labels`] : []; });""")

# a figure's title and one of its axis titles drawn over each other (a y title longer than a short plot, which
# plotly centres on the plot, ran up into the title: the methods page's first figure on a 1024 projector)
TITLES_OVERLAP = _each_figure("""
    const title = gd.querySelector('.gtitle'); if (!title) return [];
    const q = title.getBoundingClientRect();
    return [...gd.querySelectorAll('.g-xtitle text, .g-ytitle text, .g-x2title text, .g-y2title text')]
      .filter(t => { const r = t.getBoundingClientRect();
                     return r.width > 2 && Math.min(r.right, q.right) - Math.max(r.left, q.left) > 2
                            && Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top) > 2; })
      .map(t => `${name}: ${title.textContent.trim().slice(0, 24)} / ${t.textContent.trim().slice(0, 24)}`);""")

# a label (an annotation, a shape's label) with a data point of its figure drawn inside it: the point hides a
# letter or the label hides the point (the bias-variance fitting figure's "over-fitting" on the test error's
# last point, top right, where an over-fitting curve ends)
LABEL_ON_POINT = _each_figure("""
    const points = [...gd.querySelectorAll('.scatterlayer .point')].map(p => p.getBoundingClientRect())
      .filter(r => r.width).map(r => [(r.left + r.right) / 2, (r.top + r.bottom) / 2]);
    return [...gd.querySelectorAll('.annotation-text-g text, .shape-label')]
      .filter(e => { const r = e.getBoundingClientRect();
                     return r.width > 2 && points.some(([x, y]) => x > r.left + 1 && x < r.right - 1
                                                                   && y > r.top + 1 && y < r.bottom - 1); })
      .map(e => `${name}: ${e.textContent.trim().slice(0, 30)}`);""")

# two of a figure's text labels (annotations, shape labels) drawn over each other (the comparison's
# "critical 6" under "observed 6" when the observed count sat on the critical value)
LABELS_OVERLAP = _each_figure("""
    const boxes = [...gd.querySelectorAll('.annotation-text-g, .shape-label')]
      .map(e => [e, e.getBoundingClientRect()]).filter(([, r]) => r.width > 2 && r.height > 2);
    const out = [];
    boxes.forEach(([e, r], i) => boxes.slice(i + 1).forEach(([f, q]) => {
      const w = Math.min(r.right, q.right) - Math.max(r.left, q.left);
      const h = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
      const say = (x) => x.textContent.trim().slice(0, 24);
      if (w > 2 && h > 2) out.push(`${name}: ${say(e)} / ${say(f)}`);
    }));
    return out;""")

# on a touch screen a table's toolbar (always shown there, ui.core.screens) over another element of the page:
# the P-R page's measures table once put it over the first line of the paragraph below
TABLE_TOOLBAR_OVER = """() => [...document.querySelectorAll(
    '[data-testid=stMain] [data-testid=stDataFrame] > [data-testid=stElementToolbar]')]
  .filter(t => t.offsetParent && !t.closest('.st-key-preload'))                 // not the hidden warm-up box
  .flatMap(t => { const b = t.getBoundingClientRect(), own = t.closest('[data-testid=stElementContainer]');
    return [...document.querySelectorAll('[data-testid=stMain] [data-testid=stElementContainer]')]
      .filter(e => e !== own && !e.contains(own) && !own.contains(e) && e.offsetParent)
      .filter(e => { const r = e.getBoundingClientRect();
        return r.height > 0 && r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom; })
      .map(e => `${(own.closest('[class*=st-key-]') || own).className.match(/st-key-\\S+/)?.[0] || 'a table'}`
                + ` over "${e.textContent.trim().slice(0, 40)}"`); })"""
