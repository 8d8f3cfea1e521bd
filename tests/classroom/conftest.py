"""Fixtures of the class-mode tests: every store test runs on SQLite and on a
real ``redis-server`` (Debian's package, started here on a free port; absent:
skipped, unless ``REQUIRE_REDIS=1`` as in ``.ci/run``, which installs it)."""
import os
import shutil
import socket
import subprocess
import time

import pytest

from classroom import Caps, Classroom, SQLiteStore

CAPS = Caps(rooms=3, students=4, votes=5, joins_per_client=6, joins_per_minute=40, ttl_s=3600)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory):
    exe = shutil.which("redis-server") or ("/usr/bin/redis-server" if os.path.exists("/usr/bin/redis-server") else None)
    if exe is None:
        if os.environ.get("REQUIRE_REDIS"):
            pytest.fail("redis-server is required (apt-get install redis-server)")
        pytest.skip("redis-server is not installed")
    port = _free_port()
    proc = subprocess.Popen([exe, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                             "--dir", str(tmp_path_factory.mktemp("redis"))],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    import redis

    client = redis.Redis(port=port)
    for _ in range(200):
        try:
            client.ping()
            break
        except redis.ConnectionError:
            time.sleep(0.02)        # a server starting: polled until it answers (no timed assertion)
    yield f"redis://127.0.0.1:{port}/0"
    client.close()
    proc.terminate()
    proc.wait(10)


@pytest.fixture(params=["sqlite", "redis"])
def make_store(request, tmp_path):
    """A function that opens the store (again: the same data, as after a restart)."""
    opened = []
    if request.param == "sqlite":
        path = tmp_path / "class.sqlite3"

        def make():
            opened.append(SQLiteStore(path))
            return opened[-1]
    else:
        url = request.getfixturevalue("redis_url")
        import redis

        redis.Redis.from_url(url).flushdb()
        from classroom.redis_store import RedisStore

        def make():
            opened.append(RedisStore(url))
            return opened[-1]
    yield make
    for s in opened:
        s.close()


class Clock:
    """A clock the test moves."""

    def __init__(self, now: float = 1_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def room(make_store, clock):
    """(Classroom, code, secret) of one open room on either store."""
    c = Classroom(make_store(), CAPS, clock=clock)
    code, secret = c.open_room()
    return c, code, secret
