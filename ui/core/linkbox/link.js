// The sidebar's "share a link" box (ui.core.links.link_box), a Streamlit component
// (components v2, in the page itself): it shows the address bar's link as it
// is now and copies it.  The page writes its state into the address
// (ui.core.links.publish) on every run, fragments' runs included, which redraw
// only part of the page: so the box reads the address itself, whenever
// Streamlit changes it, instead of a copy made on the last full run.
function watchAddress() {
  if (window.__labAddress) return;
  window.__labAddress = true;
  for (const name of ['pushState', 'replaceState']) {
    const original = history[name];
    history[name] = function (...args) {
      const out = original.apply(this, args);
      window.dispatchEvent(new Event('lab-address'));
      return out;
    };
  }
  window.addEventListener('popstate', () => window.dispatchEvent(new Event('lab-address')));
}

function copyText(text, box) {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  // plain http on a class server has no clipboard API: select the text and copy it
  const range = document.createRange();
  range.selectNodeContents(box);
  const sel = window.getSelection();
  sel.removeAllRanges(); sel.addRange(range);
  const ok = document.execCommand('copy');
  return ok ? Promise.resolve() : Promise.reject(new Error('copy'));
}

export default function (component) {
  const { data, parentElement } = component;
  let root = parentElement.querySelector('.lab-link');
  if (!root) {
    root = document.createElement('div');
    root.className = 'lab-link';
    root.innerHTML = '<code class="lab-link-url"></code><button type="button" class="lab-link-copy"></button>'
                     + '<span class="lab-link-done" aria-live="polite"></span>';
    parentElement.appendChild(root);
  }
  const url = root.querySelector('.lab-link-url'), button = root.querySelector('.lab-link-copy'),
        done = root.querySelector('.lab-link-done');
  root.__data = data;                                // this run's words (the language may have changed)
  button.textContent = data.copy;                  // text only: never interpreted as HTML
  if (!root.__show) {                              // once per box: this function runs on every rerun
    root.__show = () => { if (url.textContent !== window.location.href) url.textContent = window.location.href; };
    watchAddress();
    window.addEventListener('lab-address', root.__show);
  }
  button.onclick = () => {
    root.__show();
    const words = root.__data;
    copyText(url.textContent, url).then(() => { done.textContent = words.copied; },
                                        () => { done.textContent = words.failed; });
  };
  root.__show();
  done.textContent = '';
  return () => { window.removeEventListener('lab-address', root.__show); root.__show = null; };
}
