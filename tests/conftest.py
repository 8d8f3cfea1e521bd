import numpy as np
import pytest


def random_case(rng, n, ties):
    """Labels with both classes and scores, heavily tied when ``ties``."""
    while True:
        y = rng.random(n) < rng.uniform(0.1, 0.9)
        if 0 < y.sum() < n:
            break
    if ties:
        s = rng.integers(0, max(2, n // 4), n).astype(float) / 4
    else:
        s = rng.standard_normal(n) + y * rng.uniform(0, 2)
    return y.astype(int), s


@pytest.fixture(params=[(n, ties, seed) for n in (2, 7, 50, 400) for ties in (False, True) for seed in range(3)],
                ids=lambda p: f"n{p[0]}-{'ties' if p[1] else 'noties'}-s{p[2]}")
def case(request):
    n, ties, seed = request.param
    return random_case(np.random.default_rng(1000 * n + seed + ties), n, ties)


# ------------------------------------------------------------ real browser
# One `streamlit run app.py` and one headless Chromium for the whole run; each
# test gets a fresh context (tests/browser_utils.py has the helpers).
import os  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import urllib.request  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def server():
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
         "--server.address", "127.0.0.1", "--server.headless", "true",
         "--browser.gatherUsageStats", "false"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(url + "/_stcore/health", timeout=2)
            break
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                raise RuntimeError("streamlit did not start: " + proc.stdout.read().decode()[-2000:])
            time.sleep(0.3)
    yield url
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="session")
def browser():
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


@pytest.fixture
def page(browser, server):
    ctx = browser.new_context(viewport={"width": 1500, "height": 1100})
    pg = ctx.new_page()
    pg.console_errors = []
    pg.on("console", lambda m: pg.console_errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: pg.console_errors.append(str(e)))
    # Streamlit probes <page>/_stcore/... before /_stcore/... when opened at a deep
    # link; those 404s are its own and expected (counted, then ignored by assert_clean).
    pg.stcore_probes = []
    pg.on("response", lambda r: pg.stcore_probes.append(r.url)
          if r.status == 404 and "/_stcore/" in r.url and not r.url.split("//", 1)[1].split("/", 1)[1]
          .startswith("_stcore") else None)
    pg.goto(server)
    from playwright.sync_api import expect

    expect(pg.locator("h1").first).to_be_visible(timeout=30_000)
    yield pg
    ctx.close()


