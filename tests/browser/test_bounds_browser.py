"""An idle tab costs the server nothing: a Play left alone stops after the
idle bound (here 4 s, from EVALLAB_PLAY_IDLE_S), and then the browser sends
nothing and the server's CPU stays still."""
import os
import re
import time
from pathlib import Path

from browser_utils import expect, pytestmark, settle  # noqa: F401
from .conftest import streamlit_app

ROOT = Path(__file__).resolve().parents[2]
IDLE_S = 4


def _cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_an_idle_tab_costs_the_server_nothing(tab):
    sent = []

    def listen(ws):
        ws.on("framesent", lambda f: sent.append(time.monotonic()))

    page = tab                                                     # the process's tab, on a server of its own
    page.on("websocket", listen)
    with streamlit_app({"EVALLAB_PLAY_IDLE_S": str(IDLE_S)}) as (url, proc):
        # a walk of 100 steps: Play (a step per 1.2 s) cannot reach its end before the idle bound, however
        # busy the machine is, so stopping before the end is the idle bound's doing
        page.goto(url + "/roc?mode=step&source=synthetic&n=100&lang=en")
        heading = page.locator("h3").filter(has_text=re.compile(r"\d+ of \d+"))
        expect(heading.first).to_contain_text("0 of ", timeout=30_000)
        settle(page)
        play = page.locator("[class*='st-key-_w_roc_play'] input[type='checkbox']").first
        page.locator("h1").first.click()                          # focus on the page: Space plays
        page.wait_for_function("() => (window.__labKeys || []).includes('play')", timeout=20_000)
        page.keyboard.press(" ")
        expect(heading.first).not_to_contain_text(re.compile(r"^\D*0 of "), timeout=20_000)     # it plays
        expect(play).not_to_be_checked(timeout=IDLE_S * 1000 + 15_000)     # idle: Play switched itself off
        settle(page)
        step = heading.first.inner_text()
        done, total = map(int, re.search(r"(\d+) of (\d+)", step).groups())
        assert done < total                                                # stopped by idleness, not by the end
        # the run that switched Play off may still be finishing on a busy machine: wait until a second
        # passes with the server all but still (at most 20 s), then watch the idle tab for 2.5 s
        deadline, last = time.monotonic() + 20, _cpu(proc.pid)
        while time.monotonic() < deadline:
            page.wait_for_timeout(1000)
            now = _cpu(proc.pid)
            if now - last < 0.05:
                break
            last = now
        n_sent, cpu0 = len(sent), _cpu(proc.pid)
        page.wait_for_timeout(2500)             # the tab left alone (2 Play steps): a window to watch, not a pause
        assert len(sent) == n_sent, "the idle tab still sends reruns"
        assert _cpu(proc.pid) - cpu0 < 0.5
        assert heading.first.inner_text() == step
        page.goto("about:blank")                                          # leave that server before it stops
    page.remove_listener("websocket", listen)
