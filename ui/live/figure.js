// A plotly figure redrawn in place (ui.charts.figure_chart), a Streamlit
// component (components v2, in the page itself): the first draw makes the
// plot; every later run sends the figure as JSON and Plotly.react updates the
// same plot, instead of Streamlit's chart being rebuilt from nothing on every
// threshold move.  plotly.js is loaded once per tab from the app itself.
function plotly(src) {
  if (!window.__labPlotly) {
    window.__labPlotly = new Promise((resolve, reject) => {
      const s = document.createElement('script');
      s.src = src; s.onload = () => resolve(window.Plotly); s.onerror = reject;
      document.head.appendChild(s);
    });
  }
  return window.__labPlotly;
}

// Traces unchanged since the last draw keep their objects: Plotly.react compares data by reference,
// so it skips them (the curves, bars and cost lines that do not move with the threshold).  When
// nothing but the layout's shapes or annotations changed (a threshold line with its label), only
// those are given to Plotly.relayout: moving a shape on fixed axes takes about 1 ms, changing an
// annotation about 20 ms, while Plotly.react redraws the whole plot (20-100 ms on 2 cores).
async function drawInPlace(Plotly, gd, d) {
  const fig = JSON.parse(d.spec);
  const keys = fig.data.map((t) => JSON.stringify(t));
  const { shapes = [], annotations = [], ...rest } = fig.layout;
  // what was last given to plotly: each trace (with its JSON), the rest of the layout, shapes, annotations
  const now = { config: d.config, layout: JSON.stringify(rest), shapes: JSON.stringify(shapes),
                annotations: JSON.stringify(annotations) };
  const last = gd.__last;
  if (last && gd._fullLayout && last.config === now.config && last.layout === now.layout
      && last.traces.length === keys.length && keys.every((k, i) => last.traces[i].key === k)) {
    const changed = {};
    if (now.shapes !== last.shapes) changed.shapes = shapes;
    if (now.annotations !== last.annotations) changed.annotations = annotations;
    if (Object.keys(changed).length) await Plotly.relayout(gd, changed);
    now.traces = last.traces;
  } else {
    const old = last ? last.traces : [];
    const data = fig.data.map((t, i) => (old[i] && old[i].key === keys[i] ? old[i].trace : t));
    await Plotly.react(gd, data, fig.layout, JSON.parse(d.config));
    now.traces = data.map((t, i) => ({ key: keys[i], trace: t }));
  }
  gd.__last = now;
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  let gd = parentElement.querySelector('.lab-figure');
  if (!gd) {
    gd = document.createElement('div');
    gd.className = 'lab-figure';
    parentElement.appendChild(gd);
  }
  gd.__lab = data;                       // the newest figure wins when several runs arrive during a draw
  const done = plotly(data.script);
  if (!data.spec) {                      // the home page (ui.preload): load plotly.js and draw
    done.then(async (Plotly) => {        // each kind of trace once, so its code is ready for the first page
      if (gd.__drawn) return;
      gd.__drawn = 'warm-up';
      await Plotly.newPlot(gd, [{type: 'scatter', x: [0, 1], y: [0, 1], mode: 'lines+markers'},
                                {type: 'bar', x: [0, 1], y: [1, 2]},
                                {type: 'heatmap', z: [[1, 2], [3, 4]], texttemplate: '%{z}'}],
                           {width: 400, height: 300, shapes: [{type: 'line', x0: 0, x1: 1, y0: 0, y1: 1}],
                            annotations: [{x: 0.5, y: 0.5, text: 'a'}]}, {displayModeBar: true});
      gd.dataset.warm = '1';
    });
    return () => { if (window.Plotly) window.Plotly.purge(gd); };
  }
  done.then(async (Plotly) => {
    if (gd.__busy) return;
    gd.__busy = true;
    try {
      // a new figure, or new settings (the export format): drawn again
      while (gd.__lab && gd.__lab.spec + gd.__lab.config !== gd.__drawn) {
        const d = gd.__lab;
        await drawInPlace(Plotly, gd, d);
        gd.__drawn = d.spec + d.config;
        gd.dataset.drawnAt = String(performance.timeOrigin + performance.now());   // when (epoch ms), for bench/
        if (!gd.__resize) {             // the page's width changes without a window resize (the sidebar
          let width = gd.clientWidth;   // folds): a figure without a fixed width follows its box
          gd.__resize = new ResizeObserver(() => {
            if (gd.clientWidth !== width && gd._fullLayout) { width = gd.clientWidth; Plotly.Plots.resize(gd); }
          });
          gd.__resize.observe(gd);
        }
        if (d.clickable && !gd.__clicks) {
          gd.__clicks = true;
          gd.on('plotly_click', (ev) => {
            const p = ev.points && ev.points[0];
            if (p) setTriggerValue('click', { curve: p.curveNumber, index: p.pointIndex });
          });
        }
      }
    } finally {
      gd.__busy = false;
    }
  });
  // called when the figure leaves the page (not between runs): plotly's listeners go with it
  return () => {
    if (gd.__resize) gd.__resize.disconnect();
    if (window.Plotly && gd.__drawn) window.Plotly.purge(gd);
  };
}
