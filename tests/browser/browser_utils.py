"""Helpers for the real-browser tests (fixtures are in conftest.py)."""
import datetime
import os
import re
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

# .ci/run sets REQUIRE_BROWSER=1: there a missing Chromium is a failure, not a skip.
if not Path(CHROMIUM).exists() and os.environ.get("REQUIRE_BROWSER"):
    raise RuntimeError(f"no Chromium at {CHROMIUM}; install Debian's package: apt-get install chromium")
pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                 reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")]
playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect


# every formula box: content no wider and no taller than its box (KaTeX clips what does not fit)
OVERFLOW = """() => [...document.querySelectorAll('.katex-display')].filter(e =>
    e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1).map(e =>
    `${e.scrollWidth}x${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight}: ${e.textContent.slice(0, 60)}`)"""
# Sweeps too slow to run whole every time (every page in every language and size, every tour stop
# against its link) take a part per run that rotates by day; LAB_SWEEP=all takes all, LAB_SWEEP=<n>
# picks the rotation.
SWEEP = os.environ.get("LAB_SWEEP", str(datetime.date.today().toordinal()))


def rotate(cases: list, every: int) -> list:
    """Today's share of ``cases``: every ``every``-th one, starting where the
    day (``SWEEP``) says, so that each case runs once over ``every`` days' runs
    (all of them with ``LAB_SWEEP=all``).  For cases that repeat one code path
    on other pages, kept out of each run for the suite's four minutes."""
    return list(cases) if SWEEP == "all" else list(cases)[int(SWEEP) % every::every]


class Runs:
    """The script runs of tab ``pg`` as its websocket shows them: each
    ``rerun_script`` the browser sends and each ``script_finished`` the server
    sends back (a run stopped for a newer one not counted), numbered in the
    order they happened; ``mark`` is where the last :func:`settle` stood."""

    def __init__(self, pg):
        from streamlit.proto.BackMsg_pb2 import BackMsg
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        self._back, self._forward, self._early = BackMsg, ForwardMsg, ForwardMsg.FINISHED_EARLY_FOR_RERUN
        self.seq = self.sent = self.finished = self.mark = 0
        pg.on("websocket", self._socket)

    def _socket(self, ws):
        if ws.url.endswith("/_stcore/stream"):
            ws.on("framesent", self._sent)
            ws.on("framereceived", self._received)

    def _sent(self, payload):
        if isinstance(payload, bytes):
            msg = self._back.FromString(payload)
            if msg.WhichOneof("type") == "rerun_script":
                self.seq += 1
                self.sent = self.seq

    def _received(self, payload):
        # a script_finished message is a few bytes; a frame of figures is not parsed
        if isinstance(payload, bytes) and len(payload) < 256:
            msg = self._forward.FromString(payload)
            if msg.WhichOneof("type") == "script_finished" and msg.script_finished != self._early:
                self.seq += 1
                self.finished = self.seq

    def done(self, asked: bool) -> bool:
        """Every run asked for has finished; with ``asked``, one was asked
        for since the last :func:`settle`."""
        return self.finished > self.sent and (self.sent > self.mark or not asked)


def settle(pg, pause: int = 200):
    """Wait until Streamlit has finished the runs asked for and every formula
    typeset in place (``ui.formula_grid``) shows the run's formulas.

    In a tab that records its runs (:class:`Runs`, every tab of the
    fixtures): with ``pause``, first until a run asked for since the last
    settle (the action's) has begun, waiting at most ``pause`` x 10 ms for
    the browser to ask (a slider asks after its debounce); then until every
    run asked for has finished.  ``pause`` 0 when the caller has already seen
    the run's output.  In a tab that does not record, ``pause`` ms first."""
    runs = getattr(pg, "runs", None)
    if runs is None:
        if pause:
            pg.wait_for_timeout(pause)
    else:
        asked = bool(pause)
        limit = time.monotonic() + pause / 100
        while not runs.done(asked):
            if asked and runs.sent <= runs.mark and time.monotonic() > limit:
                asked = False                           # nothing asked for a run: nothing to wait for
            elif time.monotonic() > limit + 30:
                shown = pg.locator("[data-testid='stAlert']").all_inner_texts()     # a wait line says why
                raise AssertionError(f"runs asked for did not finish: sent {runs.sent}, finished {runs.finished}; "
                                     f"on the page: {shown}")
            pg.wait_for_timeout(15)                    # lets Playwright deliver the frames
    expect(pg.locator("[data-testid='stStatusWidget']")).to_have_count(0, timeout=30_000)
    expect(pg.locator(".lab-typeset[data-busy]")).to_have_count(0, timeout=30_000)
    if runs is not None:
        runs.mark = runs.seq


# every figure drawn in place (ui.live_chart) has been drawn
DRAWN = """() => [...document.querySelectorAll('[data-testid=stMain] .lab-figure')].every(
    e => e.classList.contains('js-plotly-plot') && !e.__busy)"""


def drawn(pg, pause: int = 200):
    """Wait until the run has ended, no element of the last run is left
    (Streamlit marks them stale) and every figure drawn in place is drawn."""
    settle(pg, pause)
    # settle() can pass in the moment between a run that asked for a rerun and the next (Streamlit shows
    # its running indicator only after a delay): the last run's elements stay stale until it ends
    expect(pg.locator("[data-stale='true']")).to_have_count(0, timeout=60_000)
    pg.wait_for_function(DRAWN, timeout=30_000)


STILL = """([e, frames]) => new Promise(done => {
  let last = '', same = 0, left = 600;                  // at most 600 frames (about 10 s)
  const look = () => {
    const r = e.getBoundingClientRect(), now = [r.left, r.top, r.width, r.height].join();
    same = now === last ? same + 1 : 0; last = now;
    if (same >= frames || --left <= 0) done(same >= frames); else requestAnimationFrame(look);
  };
  requestAnimationFrame(look); })"""


def still(locator, frames: int = 5) -> None:
    """Wait until ``locator``'s box has stayed the same for ``frames``
    animation frames (a layout that has stopped moving after a resize, a
    section switch or a redraw): a condition, not a pause."""
    assert locator.evaluate(f"e => ({STILL})([e, {frames}])"), "the element kept moving for 10 s"


# the run's style element is in the page (the page's head has the layout's part from the start, but not
# presenter mode's or the language's): st.html draws it once its own code has loaded (Streamlit loads an
# element's code lazily), so in a fresh browser the first elements can be laid out before it (a CI run
# measured the home page's cards as Streamlit's own narrow columns)
LAB_CSS = """() => [...document.querySelectorAll('[data-testid=stHtml] style')].some(
  s => s.textContent.includes('.st-key-home_stages'))"""


def open_url(pg, url, width=None, height=None):
    """Open ``url`` (a new Streamlit session) in tab ``pg``, at ``width`` x
    ``height`` when given, and wait until it is drawn."""
    if width:
        pg.set_viewport_size({"width": width, "height": height})
    pg.goto(url)
    expect(pg.locator("h1").first).to_be_visible(timeout=60_000)
    settle(pg)
    pg.wait_for_function(LAB_CSS, timeout=30_000)


def goto(pg, index):
    pg.locator("[data-testid='stSidebarNav'] a").nth(index).click()
    settle(pg)


def assert_clean(pg):
    assert pg.locator("[data-testid='stException']").count() == 0
    probes = len(getattr(pg, "stcore_probes", []))
    errors = [e for e in pg.console_errors if "status of 404" not in e]
    assert errors == [] and sum("status of 404" in e for e in pg.console_errors) <= probes, pg.console_errors


def metric(pg, label):
    box = pg.locator("[data-testid='stMetric']").filter(has_text=label).first
    return box.locator("[data-testid='stMetricValue']").inner_text()


def open_sidebar(pg):
    """Open the sidebar if it is folded away (presenter mode starts with it
    folded), as a lecturer does with the chevron."""
    button = pg.locator("[data-testid='stExpandSidebarButton']")
    if button.count() and button.first.is_visible():
        button.first.click()
    expect(pg.locator("[data-testid='stSidebarNav']")).to_be_visible(timeout=10_000)


ROC_MODES = ("step", "four", "grid", "full")       # pages/roc.py's radio, in its order


def roc_mode(pg, name):
    """Choose ROC mode ``name`` by its option (the radio's first label is the
    group's own, not an option) and wait for the run and the address."""
    pg.locator("[data-testid='stMain'] [data-testid='stRadio']").first.locator(
        "label:has(input[type='radio'])").nth(ROC_MODES.index(name)).click()
    settle(pg)
    expect(pg).to_have_url(re.compile(r"/roc(\?(?!.*mode=)|$)" if name == "step" else rf"mode={name}"),
                           timeout=20_000)


def nav_to(pg, title_part):
    open_sidebar(pg)
    pg.locator("[data-testid='stSidebarNav'] a").filter(has_text=title_part).first.click()
    settle(pg)



def metric_value(pg, label):
    return (pg.locator("[data-testid='stMetric']").filter(
        has=pg.locator("[data-testid='stMetricLabel']", has_text=re.compile(rf"^{label}$")))
        .first.locator("[data-testid='stMetricValue']"))


