"""The server's TCP connections send small writes at once (``TCP_NODELAY``),
applied once when ``ui`` is imported (as :mod:`ui.protect.wakeups`).

Streamlit (1.67, on Starlette) binds its listening socket itself, as
``socket.socket(family)``: its protocol number is 0, not ``IPPROTO_TCP``.
asyncio turns Nagle's algorithm off only for a socket whose number says TCP
(``asyncio.base_events._set_nodelay``), so every connection the server
accepted kept it on.  A response written in two parts (its headers, then
its body: every HTTP answer on a kept-alive connection, and a run's
websocket messages after the first) waited for the browser's acknowledgment
of the first part, which a browser delays by 40 ms: measured here, each of a
fresh browser's 146 requests after its connection's first took 41-44 ms
instead of 1 ms (``curl`` shows 1 ms: it asks once per connection).  Here:

- :func:`_set_nodelay` replaces asyncio's: a TCP socket of either number
  gets ``TCP_NODELAY`` (the connections accepted from now on);
- :func:`_on_open_sockets`, on the server's event loop: the sockets it
  already watches (the listening one, whose accepted sockets inherit the
  option on Linux, and the connections already open) get it too.

What is sent is unchanged; only when.  ``tests/pages/test_nodelay.py``.
"""
from __future__ import annotations

import os
import socket
from asyncio import base_events

from streamlit.runtime.runtime import Runtime

_TCP = (socket.AF_INET, socket.AF_INET6)
ASYNCIO_SET_NODELAY = getattr(base_events, "_set_nodelay", None)    # asyncio's own (replaced by install)
if getattr(ASYNCIO_SET_NODELAY, "_lab_nodelay", False):              # this module imported anew
    ASYNCIO_SET_NODELAY = ASYNCIO_SET_NODELAY._lab_asyncio


def _set_nodelay(sock: socket.socket) -> None:
    """asyncio's ``base_events._set_nodelay`` for every TCP socket, whatever its protocol number."""
    if sock.family in _TCP and sock.type == socket.SOCK_STREAM and sock.proto in (0, socket.IPPROTO_TCP):
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:             # closed meanwhile, or not TCP after all
            pass


_set_nodelay._lab_nodelay = True
_set_nodelay._lab_asyncio = ASYNCIO_SET_NODELAY


def _on_open_sockets(loop) -> None:
    """On ``loop``'s thread: ``TCP_NODELAY`` for each TCP socket it watches (through a duplicate of its file
    descriptor: the option belongs to the socket, and the loop's own objects are left as they are)."""
    selector = getattr(loop, "_selector", None)
    if selector is None:
        return
    for key in list(selector.get_map().values()):
        try:
            fd = os.dup(key.fd)
        except OSError:             # closed meanwhile
            continue
        try:
            dup = socket.socket(fileno=fd)
        except OSError:             # not a socket (a pipe)
            os.close(fd)
            continue
        with dup:
            _set_nodelay(dup)


def install() -> None:
    """Apply both (idempotent); a Python without ``_set_nodelay`` keeps its own."""
    if hasattr(base_events, "_set_nodelay") and not getattr(base_events._set_nodelay, "_lab_nodelay", False):
        base_events._set_nodelay = _set_nodelay
    if Runtime.exists():
        try:
            loop = Runtime.instance()._get_async_objs().eventloop
        except (AttributeError, RuntimeError):
            return
        if not loop.is_closed():
            loop.call_soon_threadsafe(_on_open_sockets, loop)


install()
