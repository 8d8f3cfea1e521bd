"""The app's own scripts, served compressed once and kept by the browser.

Streamlit serves a component folder's files (plotly.js for the figures drawn
in place, ``ui.core.charts.plotly_js_url``; the components' scripts,
``ui.core.components.script_url``) through its gzip layer, which compresses every
response anew, in the server process that also runs the students' pages:
146 ms of CPU for plotly.min.js (4.8 MB) per fresh browser, half a minute
for a class of 200 opening the link at once.  And it sends no lifetime, so a
browser fetched the file again on every visit.

A file registered here (:func:`serve`, from the script thread, where it is
read and compressed once) is answered ahead of that layer, from memory:
gzip-compressed for a browser that accepts it (all do), whole otherwise,
marked immutable for a year (its address carries its version or digest, so
a new file is a new address).

Streamlit's own front end (``/static/``: 11 MB for a fresh browser's first
page, 4.7 MB of it the chart library) it sends uncompressed, to spare its
CPU; over a classroom's one Wi-Fi that is 2 GB for 200 phones.  Its script,
style and font files are compressed here once each, the first time one is
asked for (in a worker thread, not in the server's loop), and kept: about
a quarter of the bytes.  Everything else goes its usual way.
"""
from __future__ import annotations

import gzip
import os
import threading
from pathlib import Path

import anyio
from streamlit import file_util
from streamlit.web.server.starlette import starlette_gzip_middleware as _gz

_FILES: dict[str, tuple[bytes, bytes, str]] = {}    # URL path -> (file, compressed, content type)
_LOCK = threading.Lock()
TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".json": "application/json",
         ".ttf": "font/ttf", ".svg": "image/svg+xml"}
FRONT_END = os.path.realpath(file_util.get_static_dir())   # Streamlit's /static/ files (content-hashed names)
HEADERS = [(b"cache-control", b"public, max-age=31536000, immutable"), (b"vary", b"Accept-Encoding"),
           (b"x-content-type-options", b"nosniff")]


def serve(url_path: str, file: Path) -> None:
    """Answer ``url_path`` (without its query) with ``file`` from memory, compressed once."""
    with _LOCK:
        if url_path in _FILES:
            return
        data = file.read_bytes()
        _FILES[url_path] = (data, gzip.compress(data, compresslevel=6, mtime=0),
                            TYPES.get(file.suffix, "application/octet-stream"))


def _front_end_file(path: str) -> Path | None:
    """The file of Streamlit's front end for ``/static/...``, if it is a text kind worth compressing."""
    if not path.startswith("/static/") or Path(path).suffix not in TYPES:
        return None
    file = os.path.realpath(os.path.join(FRONT_END, path.lstrip("/")))
    if not file.startswith(FRONT_END + os.sep) or not os.path.isfile(file):
        return None
    return Path(file)


def served(path: str, accept_encoding: str) -> tuple[bytes, list] | None:
    """The body and headers for a request of ``path``, or None when it is not one of ours."""
    hit = _FILES.get(path)
    if hit is None:
        return None
    data, packed, kind = hit
    zipped = "gzip" in accept_encoding
    body = packed if zipped else data
    headers = [(b"content-type", kind.encode()), (b"content-length", str(len(body)).encode()), *HEADERS]
    return body, headers + ([(b"content-encoding", b"gzip")] if zipped else [])


def _answering(call):
    async def __call__(self, scope, receive, send):
        path = scope.get("path", "") if scope["type"] == "http" and scope.get("method") == "GET" else ""
        accept = dict(scope.get("headers") or []).get(b"accept-encoding", b"").decode("latin-1") if path else ""
        if path and path not in _FILES and "gzip" in accept:
            file = _front_end_file(path)
            if file is not None:
                await anyio.to_thread.run_sync(serve, path, file)
        if path in _FILES:
            body, headers = served(path, accept)
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return None
        return await call(self, scope, receive, send)
    __call__._evallab_served = True
    return __call__


def install() -> None:
    """Answer registered files ahead of Streamlit's gzip layer (idempotent; Streamlit's server reads the
    method at each request, so a server already running takes it)."""
    call = _gz.SelectiveGZipMiddleware.__call__
    if not getattr(call, "_evallab_served", False):
        _gz.SelectiveGZipMiddleware.__call__ = _answering(call)


install()
