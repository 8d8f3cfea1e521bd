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
a quarter of the bytes.

The app's page (Streamlit's ``index.html``, for every page's address) gets
the tags registered with :func:`head` before its ``</head>``: plotly.js
(``ui.core.charts``) and the components' scripts are fetched with the page,
not when the first figure mounts a second later (issue 36: a fresh
browser's first screen about 0.15 s sooner on this machine, more over a
classroom's Wi-Fi).  Running plotly.js that early (an ``async`` script) was
measured slower: it holds the main thread while Streamlit's front end
starts.  Whatever Streamlit answers (its status, its headers) is kept; only
the HTML's head gains the tags.

Everything else goes its usual way.
"""
from __future__ import annotations

import functools
import gzip
import json
import os
import threading
from pathlib import Path

import anyio
from streamlit import file_util
from streamlit.web.server.starlette import starlette_gzip_middleware as _gz

_FILES: dict[str, tuple[bytes, bytes, str]] = {}    # URL path -> (file, compressed, content type)
_HEAD: dict[str, str] = {}                          # name -> HTML tags put into the page's head
_PAGE: list[tuple[bytes, bytes]] = []              # Streamlit's page with the tags, and compressed
_LOCK = threading.Lock()
TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".json": "application/json",
         ".ttf": "font/ttf", ".svg": "image/svg+xml"}
FRONT_END = os.path.realpath(file_util.get_static_dir())   # Streamlit's /static/ files (content-hashed names)
HEADERS = [(b"cache-control", b"public, max-age=31536000, immutable"), (b"vary", b"Accept-Encoding"),
           (b"x-content-type-options", b"nosniff")]


def _compressed(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=6, mtime=0)      # the same bytes for the same file, every start


def serve(url_path: str, file: Path) -> None:
    """Answer ``url_path`` (without its query) with ``file`` from memory, compressed once."""
    with _LOCK:
        if url_path in _FILES:
            return
        data = file.read_bytes()
        _FILES[url_path] = (data, _compressed(data),
                            TYPES.get(file.suffix, "application/octet-stream"))


def head(name: str, tags: str) -> None:
    """Put ``tags`` (the app's own HTML, never a user's) into the head of every page from now on."""
    with _LOCK:
        if _HEAD.get(name) != tags:
            _HEAD[name] = tags
            _PAGE.clear()


@functools.cache
def page_addresses(keys: tuple[str, ...]) -> None:
    """The app's pages are at ``<base>/<key>``: a page's address tells Streamlit's front end where its server
    is (``window.__streamlit.BACKEND_BASE_URL``, read once when its script starts).  Without it the front end,
    opened at a page's address (every lecturer's link), first asked ``<page>/_stcore/health`` and
    ``host-config``, was refused (two 404s in the browser's console on every page but home: Streamlit's
    issue 7074) and asked ``/_stcore/...`` again 0.13 s later.  An address whose last part is not one of
    ``keys`` (home, a trailing slash) is left to the front end's own search, as is a base a host page set."""
    pages = json.dumps(sorted(keys))          # the registry's keys ([a-z_]): nothing to escape in a script
    head("base", "<script>(() => { const pages = " + pages + ", parts = location.pathname.split('/'), "
         "own = window.__streamlit || {};  /* ui.core.served.page_addresses */\n"
         "if (pages.includes(parts[parts.length - 1]) && !own.BACKEND_BASE_URL)\n"
         "  window.__streamlit = Object.assign({}, own, "
         "{BACKEND_BASE_URL: location.origin + parts.slice(0, -1).join('/') + '/'}); })();</script>")


@functools.cache
def _index() -> bytes:
    return Path(FRONT_END, "index.html").read_bytes()


def page_with_head() -> tuple[bytes, bytes]:
    """Streamlit's page with the registered tags, and compressed (made once per change of the tags)."""
    with _LOCK:
        if not _PAGE:
            page = _index().replace(b"</head>", "".join(_HEAD.values()).encode() + b"</head>", 1)
            _PAGE.append((page, _compressed(page)))
        return _PAGE[0]


_ASKED_AGAIN = (b"accept-encoding", b"if-none-match", b"if-modified-since")   # a page is answered whole


def _with_head(scope, receive, send, call, self, gzip_ok: bool):
    """Call Streamlit for a page's address; when it answers with its page (``index.html``, byte for byte),
    send that page with the registered tags instead, and anything else as it came."""
    index = _index()
    headers = [(k, v) for k, v in scope.get("headers") or [] if k not in _ASKED_AGAIN]
    held: list[dict] = []                      # the response's start while its body may be the page
    chunks: list[bytes] = []

    async def capture(message):
        if message["type"] == "http.response.start":
            kind = dict(message.get("headers") or []).get(b"content-type", b"")
            if message.get("status") == 200 and kind.startswith(b"text/html"):
                held.append(message)
                return
            await send(message)
        elif not held:
            await send(message)
        else:
            chunks.append(message.get("body", b""))
            more = message.get("more_body", False)
            got = b"".join(chunks)
            if more and len(got) <= len(index) and index.startswith(got):
                return                         # still possibly the page
            start = held.pop()
            if got != index or more:           # another HTML (never changed): as it came
                await send(start)
                await send({"type": "http.response.body", "body": got, "more_body": more})
                return
            page, packed = page_with_head()
            body = packed if gzip_ok else page
            kept = [(k, v) for k, v in start.get("headers") or []
                    if k not in (b"content-length", b"content-encoding", b"etag", b"last-modified")]
            kept += [(b"content-length", str(len(body)).encode()), (b"vary", b"Accept-Encoding")]
            kept += [(b"content-encoding", b"gzip")] if gzip_ok else []
            await send({**start, "headers": kept})
            await send({"type": "http.response.body", "body": body})
    return call(self, {**scope, "headers": headers}, receive, capture)


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
        asked = dict(scope.get("headers") or []) if path else {}
        accept = asked.get(b"accept-encoding", b"").decode("latin-1")
        if path and _HEAD and b"text/html" in asked.get(b"accept", b"") and path not in _FILES:
            return await _with_head(scope, receive, send, call, self, "gzip" in accept)
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
