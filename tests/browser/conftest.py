"""Real-browser fixtures: one `streamlit run app.py` and one headless Chromium
for the whole run; each test gets a fresh context (browser_utils.py beside
this file has the helpers)."""
import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def streamlit_app(env: dict | None = None):
    """``streamlit run app.py`` on a free port (with ``env`` added to the
    environment) until it answers its health check; yields ``(url, proc)``."""
    port = free_port()
    log = tempfile.TemporaryFile()          # a file, not a pipe: a full pipe would stop the server
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
         "--server.address", "127.0.0.1", "--server.headless", "true",
         "--browser.gatherUsageStats", "false"],
        cwd=ROOT, env={**os.environ, **(env or {})}, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url + "/_stcore/health", timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    proc.kill()
                    log.seek(0)
                    raise RuntimeError("streamlit did not start: " + log.read().decode()[-2000:])
                time.sleep(0.3)
        yield url, proc
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="session")
def server():
    with streamlit_app() as (url, _):
        yield url


def watched(ctx):
    """A new page of browser context ``ctx`` that records console errors
    (``.console_errors``), its script runs (``.runs``, for ``settle``) and
    Streamlit's own probe 404s (``.stcore_probes``:
    Streamlit probes <page>/_stcore/... before /_stcore/... when opened at a
    deep link before the server process has run the app once, which tells it
    where the server is from then on, ui.core.served.page_addresses; counted,
    then ignored by ``assert_clean``)."""
    from browser_utils import Runs

    pg = ctx.new_page()
    pg.runs = Runs(pg)
    pg.console_errors = []
    pg.on("console", lambda m: pg.console_errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: pg.console_errors.append(str(e)))
    pg.stcore_probes = []
    pg.on("response", lambda r: pg.stcore_probes.append(r.url)
          if r.status == 404 and "/_stcore/" in r.url and not r.url.split("//", 1)[1].split("/", 1)[1]
          .startswith("_stcore") else None)
    return pg


@pytest.fixture(scope="session")
def browser():
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


DEFAULT_SIZE = {"width": 1500, "height": 1100}


@pytest.fixture(scope="session")
def context(browser):
    """One browser context per process: a new context (or a new page) costs
    4-5 s of Chromium's start-up of Streamlit's front end; a new address in the
    same tab about 2 s, and it is a new Streamlit session all the same."""
    ctx = browser.new_context(viewport=DEFAULT_SIZE, accept_downloads=True)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"])
    yield ctx
    ctx.close()


@pytest.fixture(scope="session")
def _tab(context):
    return watched(context)


@pytest.fixture
def tab(_tab):
    """The process's one tab, cleared for a test (its error records, its
    size, the page's storage); a test opens its own address (``browser_utils.open_url``): a new
    Streamlit session, nothing kept from the test before.  Streamlit keeps the sidebar folded or
    open as the user last left it (``localStorage``): a test that folds it would fold it for the next."""
    _tab.evaluate("() => { try { localStorage.clear(); sessionStorage.clear(); } catch (e) {} }")
    _tab.console_errors.clear()
    _tab.stcore_probes.clear()
    _tab.set_viewport_size(DEFAULT_SIZE)
    yield _tab


@pytest.fixture
def page(tab, server):
    """The tab at the home page."""
    tab.goto(server)
    from playwright.sync_api import expect

    expect(tab.locator("h1").first).to_be_visible(timeout=30_000)
    yield tab
