"""Issue 36: the app's scripts and Streamlit's front end are compressed once
and kept by the browser (ui/core/served.py), instead of plotly.js compressed anew
for every fresh browser (146 ms of the server's CPU each) and never kept."""
import asyncio
import threading
import gzip
import os

import pytest

from ui.core import charts, served


def _get(path: str, accept: str = "gzip, deflate, br"):
    """Send one GET through the patched gzip layer; returns (status, headers, body, passed_on)."""
    out, passed = {}, []

    async def original(self, scope, receive, send):
        passed.append(scope["path"])

    async def send(msg):
        if msg["type"] == "http.response.start":
            out["status"], out["headers"] = msg["status"], dict(msg["headers"])
        else:
            out["body"] = msg["body"]
    scope = {"type": "http", "method": "GET", "path": path, "headers": [(b"accept-encoding", accept.encode())]}
    # in a thread of its own: a worker that ran the browser tests holds Playwright's running loop here
    worker = threading.Thread(target=asyncio.run, args=(served._answering(original)(None, scope, None, send),))
    worker.start()
    worker.join()
    return out.get("status"), out.get("headers", {}), out.get("body"), passed


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
