"""The chapter tour in a real browser, by keyboard alone, in presenter mode:
the stops walked in one session that switches language and screen size
halfway through its walk (zh at 1280 x 720 and en at 1920 x 1080; which half
gets which alternates by day).  A run walks one third of the tour, overlapping
the next third by two stops, the first stop of a later third opened from its
link; the third changes every two days, so every stop is walked in both views
over six days' runs (LAB_SWEEP=all walks the whole tour both ways in one run,
as a lecturer would).  (Until 2026-11-29 a run walked half the tour: 49 s of
one process's time on a slow day, the suite's longest test.)  On each stop: its figures and formulas on
the first screen, nothing clipped, no error; a stop reached by walking equal
to the same stop opened from its link; the ROC walk's own keys first inside
its stop.  A tour built in the app, downloaded and uploaded in a fresh
session, gives the same stops."""
import re
import urllib.parse

import pytest
from browser_utils import (DRAWN, OVERFLOW, SWEEP, assert_clean, drawn, expect, nav_to, open_sidebar, open_url,  # noqa: F401
                           playwright, pytestmark, settle)

from ui.core import tour
from ui.core.i18n import strings

STOPS = tour.shipped()
N = len(STOPS)
NEXT = strings()["common.tour.next"]
VIEWS = (("zh", "中文", 1280, 720), ("en", "English", 1920, 1080))
# the walk's two halves: (first view, second view); one order a day, both with LAB_SWEEP=all
ORDERS = ((0, 1), (1, 0)) if SWEEP == "all" else (((0, 1), (1, 0))[int(SWEEP) % 2],)
# Each walk opens a quarter of the stops it walked again from their links (the rest are the same code
# path); the quarter rotates daily, so every stop is compared over twelve days' runs (checked for N = 30).
# LAB_SWEEP=all compares every stop.
# what a stop's figures show: each trace's type and number of points, in page order
FIGURES = """() => JSON.stringify([...document.querySelectorAll('[data-testid=stMain] .js-plotly-plot')]
    .filter(g => g.offsetParent).map(g => (g.data || []).map(t => [t.type, (t.x || t.z || []).length])))"""


# which stops this run walks by keyboard: (first, last), both 1-based and inclusive
THIRD = N // 3
THIRDS = ((1, THIRD + 2), (THIRD - 1, 2 * THIRD + 2), (2 * THIRD - 1, N))
WALK = (1, N) if SWEEP == "all" else THIRDS[int(SWEEP) // 2 % 3]
SWITCH = (WALK[0] + WALK[1]) // 2 + 1                  # the first stop walked in the second view


def compared(k: int) -> bool:
    return SWEEP == "all" or (k + int(SWEEP)) % 4 == 0


def bar(pg):
    return pg.locator("[class*='st-key-tour_bar']").first


def at(k, n=N):
    return re.compile(rf"(^|\D){k} / {n}(\D|$)")


def press(pg, key="PageDown"):
    """A key press on the page (not in a field); the last run has ended (:func:`shown`)."""
    pg.wait_for_function("() => (window.__labKeys || []).includes('next')", timeout=20_000)
    pg.locator("h1").first.click()
    pg.keyboard.press(key)


def shown(pg, k, n=N):
    """Wait until stop ``k`` (1-based) of ``n`` is drawn and its figures and formulas are in place."""
    expect(bar(pg)).to_contain_text(at(k, n), timeout=30_000)
    drawn(pg, pause=0)                                  # the bar shows the stop: its run has begun
    pg.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")   # formulas fitted


def state_of(url: str) -> tuple[str, dict]:
    parts = urllib.parse.urlsplit(url)
    return parts.path.strip("/") or "home", dict(urllib.parse.parse_qsl(parts.query))


@pytest.mark.parametrize("order", ORDERS, ids=["-then-".join(f"{VIEWS[v][0]}-{VIEWS[v][2]}x{VIEWS[v][3]}"
                                                                 for v in o) for o in ORDERS])
def test_the_tour_by_keyboard_in_presenter_mode(tab, server, order):
    lang, _, width, height = VIEWS[order[0]]
    pg = tab
    first, last = WALK
    if first == 1:                                      # the tour started from the home page's button
        open_url(pg, server + f"/?presenter=1&lang={lang}", width, height)
        pg.locator(".st-key-home_tour button:visible").click(timeout=30_000)     # (its help: a hidden copy too)
    else:                                               # or from a stop's link, as a lecturer resumes one
        start = STOPS[first - 1]
        open_url(pg, server + f"/{'' if start.page == 'home' else start.page}?presenter=1&lang={lang}"
                 f"&tour=chapter2&stop={first}", width, height)
    problems, walked = {}, {}
    for k, stop in enumerate(STOPS[first - 1:last], first):
        if k > first:
            before = STOPS[k - 2]
            if before.page == "roc" and before.state.get("mode") == "step":     # the walk's own steps first
                heading = pg.locator("h3").filter(has_text=re.compile(r"\d+ (/|of) \d+")).first
                last = int(re.search(r"(\d+) (?:/|of) (\d+)", heading.inner_text()).group(2))
                for j in range(int(before.state.get("step", 0)) + 1, last + 1):
                    press(pg)
                    expect(heading).to_contain_text(re.compile(rf"(^|\D){j} (/|of) {last}"), timeout=20_000)
                    expect(bar(pg)).to_contain_text(at(k - 1))                 # still the same stop
                    settle(pg, 0)
            if k == SWITCH:                             # halfway: the other language (in the sidebar), the other size
                lang, label, width, height = VIEWS[order[1]]
                pg.set_viewport_size({"width": width, "height": height})
                open_sidebar(pg)                        # presenter mode starts with it folded
                pg.locator("[data-testid='stSidebar'] label").filter(has_text=label).click()
                expect(pg.get_by_role("button", name=NEXT[lang], exact=True).first).to_be_visible(timeout=30_000)
                shown(pg, k - 1)
                expect(bar(pg)).to_contain_text(at(k - 1))                     # the language left the stop alone
            press(pg)
        shown(pg, k)
        shown(pg, k)
        page_key, query = state_of(pg.url)
        assert page_key == stop.page, (k, pg.url)
        assert query.get("lang", "zh") == lang, (k, pg.url)
        # the link leaves out a default (which value a session key then holds: tests/pages/test_tour.py)
        assert {key: query.get(key, v) for key, v in stop.state.items()} == dict(stop.state), (k, pg.url)
        figures = pg.locator("[data-testid='stMain'] .js-plotly-plot:visible")
        if figures.count() and width >= 1920:            # at 1280 x 720 some stops' figures start lower (see README)
            top = figures.first.evaluate("e => e.getBoundingClientRect().top + window.scrollY")
            if top > height - 100:
                problems[f"stop {k} ({stop.page}): first figure at {top:.0f} px"] = top
        try:                                            # a formula is fitted to its box a frame after it is drawn
            pg.wait_for_function(f"() => ({OVERFLOW})().length === 0", timeout=3_000)
        except playwright.TimeoutError:
            pass
        over = pg.evaluate(OVERFLOW)
        if over:
            problems[f"stop {k} ({stop.page}, {lang}): formulas clipped"] = over
        assert pg.locator("[data-testid='stException']").count() == 0, k
        # the figures as they stand once still (the same twice, 250 ms apart, each drawn): a stop opened first
        # in a fresh tab, or a heavy page drawing its figures one by one, was read before they were there
        pg.wait_for_function(f"""() => {{ const now = ({FIGURES})(), was = window.__walkedFigures;
            window.__walkedFigures = now; return now === was && ({DRAWN})(); }}""", timeout=20_000, polling=250)
        walked[k] = (pg.url, pg.evaluate(FIGURES), lang, width, height)
    assert_clean(pg)
    assert not problems, "\n".join(f"{k}: {v}" for k, v in problems.items())
    fresh = pg                                          # each link opened afresh: a new session
    for k, stop in enumerate(STOPS, 1):
        if not compared(k) or k not in walked:
            continue
        url, figures_walked, lang, width, height = walked[k]
        fresh.set_viewport_size({"width": width, "height": height})
        fresh.goto(server + f"/{'' if stop.page == 'home' else stop.page}?presenter=1&lang={lang}"
                   f"&tour=chapter2&stop={k}")
        shown(fresh, k)
        try:                                            # the address is written at the end of the run
            fresh.wait_for_url(lambda u: state_of(u) == state_of(url), timeout=20_000)
        except playwright.TimeoutError:
            assert state_of(fresh.url) == state_of(url), (f"stop {k}", f"LAB_SWEEP={SWEEP}")
        try:                                            # a heavy page draws its figures one by one
            fresh.wait_for_function(f"want => ({FIGURES})() === want", arg=figures_walked, timeout=30_000)
        except playwright.TimeoutError:
            assert fresh.evaluate(FIGURES) == figures_walked, (f"stop {k}", f"LAB_SWEEP={SWEEP}")
    assert_clean(fresh)


def test_a_tour_built_downloaded_and_uploaded_in_a_fresh_session_gives_the_same_stops(tab, server, tmp_path):
    pg = tab
    sidebar = pg.locator("[data-testid='stSidebar']")
    open_url(pg, server + "/pr?lang=en&source=seed-9&beta=2")
    built = []
    for note in ("β = 2 <b>weighs</b> recall", ""):            # this view, then the cost page in the same session
        if built:
            nav_to(pg, "Cost")
            expect(pg).to_have_url(re.compile(r"/cost\?"), timeout=20_000)
            drawn(pg)                                   # the cost page's run, not the P-R page's, owns the box
        box = sidebar.locator("[data-testid='stExpander']").filter(has_text="Tour").first
        if not box.locator(".st-key-tour_add").is_visible():
            box.locator("summary").click()
        box.locator(".st-key-_w_tour_note input").fill(note)
        box.locator(".st-key-_w_tour_note input").press("Enter")
        settle(pg)
        box.locator(".st-key-tour_add button").click()
        expect(box.locator("[class*='st-key-_w_tour_name_'] input")).to_have_count(len(built) + 1, timeout=20_000)
        settle(pg)
        built.append(state_of(pg.url))
    with pg.expect_download(timeout=30_000) as dl:
        sidebar.locator(".st-key-tour_download button").click()
    text = open(dl.value.path(), encoding="utf-8").read()
    assert text.count("\n[[stop]]") == 2 and "<b>weighs</b>" in text
    assert_clean(pg)

    other = pg                                      # a fresh session: nothing of the tour built is kept
    open_url(other, server + "/?lang=en")
    expect(other.locator(".st-key-tour_play_own")).to_have_count(0)
    box = other.locator("[data-testid='stSidebar'] [data-testid='stExpander']").filter(has_text="Tour").first
    box.locator("summary").click()
    path = tmp_path / "tour.toml"
    path.write_text(text, encoding="utf-8")
    box.locator("input[type='file']").set_input_files(str(path))
    expect(box.locator(".st-key-tour_play_own button")).to_be_visible(timeout=30_000)
    box.locator(".st-key-tour_play_own button").click()
    for k, (page_key, query) in enumerate(built, 1):
        if k > 1:
            press(other)
        shown(other, k, len(built))
        got_page, got = state_of(other.url)
        assert got_page == page_key
        assert {key: got.get(key) for key in ("source", "beta")} == {key: query.get(key) for key in ("source", "beta")}
        if k == 1:                                      # the note is shown as text, its markup inert
            expect(bar(other)).to_contain_text("<b>weighs</b>")
    assert_clean(other)
