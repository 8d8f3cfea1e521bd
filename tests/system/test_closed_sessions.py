"""A closed session gives its memory back within a bounded time: Streamlit
keeps it ``server.disconnectedSessionTTL`` seconds for a reconnect, then
``ui.protect.budget.reap`` shuts it down, which drops the file it uploaded from
Streamlit's uploaded-file store (read from the server's /_stcore/metrics).
Without the reaper the file stayed for good (Streamlit 1.67 reaps an
expired session only when another one is stored)."""
import asyncio
import concurrent.futures
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "deploy"))

pytestmark = pytest.mark.system


def uploaded_bytes(url: str) -> int:
    """Bytes in Streamlit's uploaded-file store, from the server's metrics."""
    with urllib.request.urlopen(url + "/_stcore/metrics", timeout=10) as r:
        text = r.read().decode()
    return sum(int(float(line.rsplit(" ", 1)[1])) for line in text.splitlines()
               if line.startswith("cache_memory_bytes") and "UploadedFileManager" in line)


@pytest.fixture(scope="module")
def server():
    from class_server import free_port, wait_healthy

    port = free_port()
    env = {**os.environ, "EVALLAB_REAP_S": "0.5"}
    app = subprocess.Popen([sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
                            "--server.address", "127.0.0.1", "--server.headless", "true",
                            "--browser.gatherUsageStats", "false", "--server.disconnectedSessionTTL", "1"],
                           cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(url)
        yield url
    finally:
        app.terminate()
        app.wait(10)


def test_a_closed_sessions_upload_is_dropped_after_its_time_to_live(server):
    import attacks

    data = attacks.predictions_csv(2000, 2)

    async def upload_and_close():
        async with attacks.Client(server) as c:
            await c.open("confusion", "lang=en")
            await c.set("_w_source", "Upload a CSV")
            await c.upload("_w_upload", "p.csv", data)
            return uploaded_bytes(server)

    # in a thread of its own: a browser test's Playwright may run an event loop in this worker's thread
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        kept = pool.submit(asyncio.run, upload_and_close()).result()
    assert kept >= len(data)     # the session's file, kept while the session lives
    deadline = time.monotonic() + 60          # a guard against a hang: TTL 1 s + reaping every 0.5 s
    while uploaded_bytes(server) and time.monotonic() < deadline:
        time.sleep(0.25)
    assert uploaded_bytes(server) == 0
