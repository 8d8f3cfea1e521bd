"""Issue 36: the app's scripts and Streamlit's front end are compressed once
and kept by the browser (ui/core/served.py), instead of plotly.js compressed anew
for every fresh browser (146 ms of the server's CPU each) and never kept."""
import asyncio
import threading
import gzip
import os

import pytest

from ui.core import charts, served


def _through(path: str, headers: list, answer: tuple = ()):
    """One GET of ``path`` with ``headers`` through the patched gzip layer, Streamlit answering with ``answer``
    (ASGI messages; none: it only notes the call).  Returns (status, headers, body, [(path, headers) Streamlit
    was asked with])."""
    out, asked = {}, []

    async def original(self, scope, receive, send):
        asked.append((scope["path"], dict(scope["headers"])))
        for message in answer:
            await send(message)

    async def send(msg):
        if msg["type"] == "http.response.start":
            out["status"], out["headers"] = msg["status"], dict(msg["headers"])
        else:
            out["body"] = out.get("body", b"") + msg["body"]
    scope = {"type": "http", "method": "GET", "path": path, "headers": headers}
    # in a thread of its own: a worker that ran the browser tests holds Playwright's running loop here
    worker = threading.Thread(target=asyncio.run, args=(served._answering(original)(None, scope, None, send),))
    worker.start()
    worker.join()
    return out.get("status"), out.get("headers", {}), out.get("body"), asked


def _get(path: str, accept: str = "gzip, deflate, br"):
    """A script's GET; returns (status, headers, body, the paths passed on to Streamlit)."""
    status, headers, body, asked = _through(path, [(b"accept-encoding", accept.encode())])
    return status, headers, body, [p for p, _ in asked]


def test_plotly_js_is_answered_from_memory_compressed_and_kept():
    path = charts.plotly_js_url()
    status, headers, body, passed = _get(path)
    assert status == 200 and not passed
    file = served._FILES[path][0]
    assert gzip.decompress(body) == file and len(body) < len(file) / 2
    assert headers[b"content-encoding"] == b"gzip" and b"immutable" in headers[b"cache-control"]
    assert headers[b"content-type"].startswith(b"text/javascript")
    status, headers, body, _ = _get(path, accept="identity")
    assert body == file and b"content-encoding" not in headers


def test_the_patch_is_installed_on_streamlits_gzip_layer():
    from streamlit.web.server.starlette.starlette_gzip_middleware import SelectiveGZipMiddleware

    assert getattr(SelectiveGZipMiddleware.__call__, "_evallab_served", False)


def test_streamlits_front_end_scripts_are_compressed_once():
    js = sorted(f for f in os.listdir(os.path.join(served.FRONT_END, "static", "js")) if f.endswith(".js"))[0]
    status, headers, body, passed = _get(f"/static/js/{js}")
    assert status == 200 and not passed and headers[b"content-encoding"] == b"gzip"
    assert gzip.decompress(body) == open(os.path.join(served.FRONT_END, "static", "js", js), "rb").read()


@pytest.mark.parametrize("path", ["/static/../config.py", "/static/%2e%2e/config.py", "/static/js/none.js",
                                  "/static/media/x.woff2", "/_stcore/health", "/component/other/file.js"])
def test_anything_else_goes_its_usual_way(path):
    status, _, _, passed = _get(path)
    assert status is None and passed == [path]


def test_the_plotly_bundle_is_the_file_its_readme_names_and_holds_the_trace_types_the_app_counts_on():
    import hashlib
    import re

    readme = (charts.VENDOR / "README.md").read_text(encoding="utf-8")
    bundles = sorted(charts.VENDOR.glob("plotly-lab-*.min.js"))
    assert len(bundles) == 1                         # one version kept: the old one deleted with an update
    version = re.fullmatch(r"plotly-lab-(.+)\.min\.js", bundles[0].name).group(1)
    data = bundles[0].read_bytes()
    assert hashlib.sha256(data).hexdigest() in readme and f"plotly.js@{version}" in readme
    # built from the packages the lock file names: plotly.js at the bundle's version
    import json
    lock = json.loads((charts.VENDOR / "package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"]["node_modules/plotly.js"]["version"] == version
    assert lock["packages"][""]["dependencies"]["plotly.js"] == version
    # what build.sh bundles is what the app sends there, and the file says so
    script = (charts.VENDOR / "build.sh").read_text(encoding="utf-8")
    traces = re.search(r'^TRACES="([a-z ]+)"$', script, re.M).group(1)
    assert set(traces.split()) | {"scatter"} == charts.TRACE_KINDS
    assert f"plotly.js (lab: scatter {traces} - minified) v{version}".encode() in data[:300]
    # each trace type is registered in the bundle (plotly.js's lib/<type>.js names its moduleType and name)
    for kind in charts.TRACE_KINDS - {"scatter"}:
        assert f'name:"{kind}"'.encode() in data, kind


@pytest.mark.parametrize("same", [True, False])
def test_the_bundle_is_served_only_for_the_plotly_version_the_figures_are_made_for(monkeypatch, same):
    import plotly.offline

    bundled = plotly.offline.get_plotlyjs_version()
    monkeypatch.setattr(plotly.offline, "get_plotlyjs_version", lambda: bundled if same else "0.0.0-other")
    charts._plotly_js.cache_clear()
    try:
        url, kinds = charts._plotly_js()
        if same and (charts.VENDOR / f"plotly-lab-{bundled}.min.js").is_file():
            assert url.endswith(f"/plotly-lab-{bundled}.min.js") and kinds == charts.TRACE_KINDS
        else:
            assert url.endswith("/plotly.min.js") and kinds is None
        assert served._FILES[url][0][:3] == b"/**"          # registered, answered from memory
    finally:
        charts._plotly_js.cache_clear()


def test_a_figure_the_bundle_cannot_draw_goes_to_streamlits_chart():
    import plotly.graph_objects as go

    if charts._plotly_js()[1] is None:
        pytest.skip("the whole plotly.js is served with this plotly version")
    assert charts.drawn_in_place(go.Figure(go.Scatter(x=[0, 1], y=[0, 1])).add_bar(x=[0], y=[1]).add_heatmap(z=[[1]]))
    assert not charts.drawn_in_place(go.Figure(go.Scatterpolar(r=[1, 2], theta=[0, 90])))


def test_live_chart_draws_a_figure_outside_the_bundle_with_streamlits_chart():
    from streamlit.testing.v1 import AppTest

    def page():
        import plotly.graph_objects as go

        from ui.core import charts
        charts.live_chart(go.Figure(go.Scatterpolar(r=[1, 2], theta=[0, 90])), "polar")
        charts.live_chart(go.Figure(go.Scatter(x=[0, 1], y=[0, 1])), "line")

    at = AppTest.from_function(page).run(timeout=30)
    assert not at.exception
    drawn = [el.proto.id for el in at.get("plotly_chart")]
    live = [el.proto.id for el in at.get("bidi_component") if el.proto.component_name == "lab_live_figure"]
    if charts._plotly_js()[1] is None:
        assert not drawn and len(live) == 2
    else:
        assert len(drawn) == 1 and "polar" in drawn[0] and len(live) == 1 and "line" in live[0]


def _page(path: str, answer: list[dict], accept: str = "gzip"):
    """A browser's request for a page (Accept: text/html) through the patched layer, Streamlit answering with
    ``answer``; returns (status, headers, body, the headers Streamlit was asked with)."""
    status, headers, body, asked = _through(path, [(b"accept", b"text/html,*/*"), (b"accept-encoding", accept.encode()),
                                                   (b"if-none-match", b"x")], tuple(answer))
    return status, headers, body or b"", asked[0][1]


def _html(body: bytes, status: int = 200, chunk: int = 0) -> list[dict]:
    start = {"type": "http.response.start", "status": status,
             "headers": [(b"content-type", b"text/html; charset=utf-8"), (b"content-length", str(len(body)).encode()),
                         (b"etag", b'"e"'), (b"cache-control", b"no-cache")]}
    parts = [body[i:i + chunk] for i in range(0, len(body), chunk)] if chunk else [body]
    return [start] + [{"type": "http.response.body", "body": p, "more_body": i < len(parts) - 1}
                      for i, p in enumerate(parts)]


@pytest.mark.parametrize("chunk", [0, 1000])
@pytest.mark.parametrize("accept", ["gzip", "identity"])
def test_the_apps_page_fetches_plotly_and_the_components_scripts_with_itself(chunk, accept):
    url = charts.plotly_js_url()                     # both register their tags (ui.core.served.head)
    script = charts.component("lab_live_figure", "live/figure.js") and served._HEAD["module live/figure.js"]
    index = served._index()
    status, headers, body, asked = _page("/confusion", _html(index, chunk=chunk), accept)
    assert b"accept-encoding" not in asked and b"if-none-match" not in asked    # asked whole, never "unchanged"
    page = gzip.decompress(body) if accept == "gzip" else body
    assert (headers.get(b"content-encoding") == b"gzip") == (accept == "gzip")
    assert int(headers[b"content-length"]) == len(body) and b"etag" not in headers
    assert headers[b"cache-control"] == b"no-cache" and status == 200            # Streamlit's answer kept
    head, rest = page.split(b"</head>", 1)
    assert f'<link rel="preload" as="script" href="{url}">'.encode() in head and script.encode() in head
    assert page.replace(b"".join(t.encode() for t in served._HEAD.values()), b"") == index   # nothing else


@pytest.mark.parametrize("answer", [
    _html(b"<html><head></head><body>a user's file</body></html>"),                 # another HTML: as it came
    _html(b"<html><head></head>" + b"x" * 5000 + b"</html>", chunk=700),
    _html(b"not found", status=404),
    [{"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]},
     {"type": "http.response.body", "body": b"plain"}]])
def test_nothing_but_streamlits_page_is_changed(answer):
    charts.plotly_js_url()
    status, headers, body, _ = _page("/media/file.html", answer)
    assert status == answer[0]["status"] and headers == dict(answer[0]["headers"])
    assert body == b"".join(m["body"] for m in answer[1:])


def test_the_vendored_katex_is_the_npm_file_named_in_its_readme_and_the_version_of_streamlits_style():
    """Its version is the one Streamlit's KaTeX style sheet was written for (the review: Mermaid's KaTeX
    0.18, which Streamlit also serves, typeset subscripts the 0.16 style did not size)."""
    import hashlib

    from ui.core import typeset

    readme = (typeset.VENDOR / "README.md").read_text(encoding="utf-8")
    kept = sorted(typeset.VENDOR.glob("katex-*.min.js"))
    assert len(kept) == 1
    version = kept[0].name[len("katex-"):-len(".min.js")]
    data = kept[0].read_bytes()
    assert hashlib.sha256(data).hexdigest() in readme and f"katex@{version}" in readme
    assert f'version:"{version}"'.encode() in data
    if typeset.style_version() == version:               # the Streamlit of requirements.txt
        assert typeset.katex_url().endswith(kept[0].name)


@pytest.mark.parametrize("style", ["0.16.47", "9.9.9", None])
def test_a_katex_is_used_only_in_the_version_of_streamlits_style(monkeypatch, style):
    from ui.core import typeset

    monkeypatch.setattr(typeset, "style_version", lambda: style)
    typeset.katex_url.cache_clear()
    try:
        url = typeset.katex_url()
        if style == "0.16.47":
            assert url.endswith("katex-0.16.47.min.js")
        else:
            assert url is None                   # neither kept nor served in that version: st.latex draws
    finally:
        typeset.katex_url.cache_clear()


def test_a_pages_address_tells_streamlits_front_end_where_the_server_is():
    """ui.core.served.page_addresses: the page's head names the app's pages, so the front end opened at
    ``<base>/<page>`` looks for its server at ``<base>/`` at once (tests/browser/test_deep_links_browser.py
    checks it in Chromium: no ``<page>/_stcore/`` request, no 404)."""
    from ui.core import registry

    keys = tuple(p.key for p in registry.PAGES[1:])
    served.page_addresses(keys)
    tag = served._HEAD["base"]
    assert tag.startswith("<script>") and tag.endswith("</script>") and tag.count("</") == 1
    assert all(f'"{k}"' in tag for k in keys) and '"home"' not in tag and "BACKEND_BASE_URL" in tag
    assert all(k.replace("_", "").isalnum() for k in keys)          # nothing to escape inside the script
    page = served.page_with_head()[0]
    assert tag.encode() in page.split(b"</head>", 1)[0]
