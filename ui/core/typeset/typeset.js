// Formulas typeset in place (ui.core.typeset.formula_grid), a Streamlit component
// (components v2, in the page itself): KaTeX writes each formula straight
// into the page, without Streamlit's markdown pass per formula, and only the
// cells whose LaTeX changed are typeset again.  A threshold move on the
// confusion page used to re-parse 15 formulas as markdown before its figures
// could be drawn; the typesetting now waits until the figures of the same run
// have been given their turn.  KaTeX is the version of Streamlit's KaTeX style (ui.core.typeset.katex_url).
// The cells' style, once per page (not given to the component as its css: Streamlit would send it with
// every element on every run)
if (!document.getElementById('lab-typeset-style')) {
  const style = document.createElement('style');
  style.id = 'lab-typeset-style';
  style.textContent = '.lab-typeset { display: grid; column-gap: 1rem; }\n'
    + '.lab-typeset-cell > p { margin: 0.6rem 0 0 0; }\n'
    + '.lab-typeset .katex-display { overflow-x: auto; overflow-y: hidden; }\n';
  document.head.appendChild(style);
}

function katex(url) {
  if (!window.__labKatex) {
    // an ES module's default export, or KaTeX's own UMD build (ui/core/typeset/vendor/), which sets self.katex
    window.__labKatex = import(new URL(url, document.baseURI).href).then((m) => m.default || window.katex);
  }
  return window.__labKatex;
}

function cellNodes(k, item) {
  const out = [];
  if (item.label) {                       // shown as text, never interpreted
    const p = document.createElement('p'), b = document.createElement('strong');
    b.textContent = item.label;
    p.appendChild(b);
    out.push(p);
  }
  for (const tex of item.tex) {
    const box = document.createElement('div');
    k.render(tex, box, { displayMode: true, throwOnError: false });   // KaTeX's default: no \href, no HTML
    out.push(...box.childNodes);
  }
  return out;
}

const CELL_MIN = 300;       // px: a formula cell's least width while there is more than one column
function draw(k, root) {
  const d = root.__want;
  if (root.__drawn === d) return;
  // at most d.columns columns, fewer where a column would be narrower than CELL_MIN (a phone: one), so a
  // filled-in formula keeps the width its end needs (two 7 px columns hid "= 6/150" after "= 6/15")
  root.style.gridTemplateColumns = d.columns > 1
    ? `repeat(auto-fill, minmax(min(100%, max(${CELL_MIN}px, calc((100% - ${d.columns - 1}rem) / ${d.columns}))), 1fr))`
    : 'minmax(0, 1fr)';
  d.items.forEach((item, i) => {
    let cell = root.children[i];
    if (!cell) {
      cell = document.createElement('div');
      cell.className = 'lab-typeset-cell';
      root.appendChild(cell);
    }
    const key = JSON.stringify(item);
    if (cell.__key !== key) {
      cell.__key = key;
      cell.replaceChildren(...cellNodes(k, item));
    }
  });
  while (root.children.length > d.items.length) root.lastChild.remove();
  root.__drawn = d;
  delete root.dataset.busy;               // for tests: every cell shows the newest formulas
}

export default function (component) {
  const { data, parentElement } = component;
  let root = parentElement.querySelector('.lab-typeset');
  if (!root) {
    root = document.createElement('div');
    root.className = 'lab-typeset';
    parentElement.appendChild(root);
  }
  root.__want = data;
  root.dataset.busy = '1';
  // after the figures of the same run (drawn in microtasks once the run's elements are in the page)
  katex(data.katex).then((k) => setTimeout(() => draw(k, root), 0), () => {
    root.textContent = data.items.flatMap((item) => item.tex).join('\n');   // no KaTeX: the LaTeX as text
    root.style.whiteSpace = 'pre-wrap';
    delete root.dataset.busy;
  });
}
