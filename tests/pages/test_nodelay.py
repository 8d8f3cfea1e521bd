"""Issue 36: the server's TCP connections send a small write at once
(ui/protect/nodelay.py).  Streamlit binds its listening socket as
``socket.socket(family)``; asyncio alone leaves Nagle's algorithm on for the
connections such a socket accepts (the oracle here is asyncio's own
function), so the second part of every answer waited for the browser's
delayed acknowledgment.  bench/browser_latency.py measures what it changes."""
import asyncio
import os
import socket
import threading
from asyncio import base_events

from ui.protect import nodelay


def _nodelay_of(sock: socket.socket) -> int:
    return sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)


def _listening_as_streamlit_binds() -> socket.socket:
    """streamlit.web.server.starlette.starlette_server._bind_socket's socket: protocol number 0."""
    sock = socket.socket(family=socket.AF_INET)
    sock.bind(("127.0.0.1", 0))
    sock.listen(8)
    sock.setblocking(False)
    return sock


def test_asyncio_alone_leaves_nagle_on_for_a_socket_numbered_as_streamlits_and_ours_turns_it_off():
    for set_nodelay, expected in ((nodelay.ASYNCIO_SET_NODELAY, 0), (nodelay._set_nodelay, 1)):
        with socket.socket(family=socket.AF_INET) as sock:
            assert sock.proto == 0
            set_nodelay(sock)
            assert bool(_nodelay_of(sock)) == bool(expected)
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP) as numbered:
        nodelay._set_nodelay(numbered)                      # asyncio's own case: the same
        assert _nodelay_of(numbered)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        nodelay._set_nodelay(udp)                           # not a stream: left alone, no error
    a, b = socket.socketpair(socket.AF_UNIX)
    with a, b:
        nodelay._set_nodelay(a)                             # not TCP: left alone, no error


def test_installed_once_and_again_the_same():
    nodelay.install()
    nodelay.install()
    assert base_events._set_nodelay is nodelay._set_nodelay
    assert nodelay.ASYNCIO_SET_NODELAY is not nodelay._set_nodelay


def test_a_connection_the_servers_loop_accepts_from_such_a_socket_sends_at_once():
    """A loop in a thread of its own (a worker that ran the browser tests holds Playwright's loop),
    serving from a socket bound as Streamlit binds it: the accepted connection has TCP_NODELAY."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    seen = []

    class Protocol(asyncio.Protocol):
        def connection_made(self, transport):
            seen.append(_nodelay_of(transport.get_extra_info("socket")))
            transport.close()

    listening = _listening_as_streamlit_binds()
    try:
        server = asyncio.run_coroutine_threadsafe(loop.create_server(Protocol, sock=listening), loop).result(5)
        with socket.create_connection(listening.getsockname(), timeout=5) as client:
            client.recv(1)                                  # the server closed it: connection_made has run
        assert seen and seen[0]
        server.close()
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
        loop.close()
        listening.close()


def test_the_sockets_a_loop_already_watches_get_it_and_anything_else_is_left_alone():
    loop = asyncio.new_event_loop()
    listening = _listening_as_streamlit_binds()
    read, write = os.pipe()
    try:
        loop.add_reader(listening.fileno(), lambda: None)
        loop.add_reader(read, lambda: None)                 # not a socket
        assert not _nodelay_of(listening)
        fds = len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else None
        nodelay._on_open_sockets(loop)
        assert _nodelay_of(listening)
        assert listening.fileno() >= 0 and os.fstat(read)   # the loop's own objects still open
        if fds is not None:
            assert len(os.listdir("/proc/self/fd")) == fds  # every duplicate closed, the pipe's too
        loop.remove_reader(listening.fileno())
        loop.remove_reader(read)
    finally:
        loop.close()
        listening.close()
        os.close(read)
        os.close(write)
