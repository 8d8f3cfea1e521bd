"""The chapter tour in a real browser, by keyboard alone, in presenter mode
at 1280 x 720: a stop reached by walking shows the same state (its link,
its figure) as the same stop opened from its link; on the ROC walk the
walk's own keys come first and PageDown at its last step goes on."""
import re

import pytest
from browser_utils import assert_clean, expect, pytestmark, settle  # noqa: F401

from ui import tour

N = len(tour.shipped())


@pytest.fixture
def projector(browser, server):
    from .conftest import watched

    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    yield watched(ctx), server
    ctx.close()


def bar(pg):
    return pg.locator("[class*='st-key-tour_bar']").first


def press(pg, key, stop):
    pg.locator("h1").first.click()
    pg.keyboard.press(key)
    expect(bar(pg)).to_contain_text(f"{stop} / {N}", timeout=30_000)
    settle(pg)


def test_walking_the_tour_by_keyboard_equals_opening_each_stop_from_its_link(projector, browser):
    pg, server = projector
    pg.goto(server + "/?presenter=1&lang=en")
    pg.get_by_role("button", name=re.compile("Start the chapter 2 tour")).first.click()
    expect(bar(pg)).to_contain_text(f"1 / {N}", timeout=30_000)
    for stop in (2, 3, 4):
        press(pg, "PageDown", stop)
    expect(pg).to_have_url(re.compile(r"m\.fs=watermelon"), timeout=20_000)
    walked_url = pg.url
    figure = pg.locator(".js-plotly-plot").first
    expect(figure).to_be_visible(timeout=30_000)
    walked = figure.evaluate("gd => JSON.stringify(gd.data.map(t => [t.type, (t.x || []).length]))")
    press(pg, "PageUp", 3)
    assert_clean(pg)
    fresh = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    fresh.goto(walked_url)
    expect(bar(fresh)).to_contain_text(f"4 / {N}", timeout=60_000)
    settle(fresh)
    expect(fresh).to_have_url(walked_url, timeout=20_000)
    fig2 = fresh.locator(".js-plotly-plot").first
    expect(fig2).to_be_visible(timeout=30_000)
    assert fig2.evaluate("gd => JSON.stringify(gd.data.map(t => [t.type, (t.x || []).length]))") == walked
    fresh.context.close()


def test_on_the_roc_walk_its_keys_come_first_then_the_tour_goes_on(projector):
    pg, server = projector
    i = next(k for k, s in enumerate(tour.shipped()) if s.page == "roc")
    pg.goto(server + f"/roc?presenter=1&lang=en&tour=chapter2&stop={i + 1}")
    expect(bar(pg)).to_contain_text(f"{i + 1} / {N}", timeout=60_000)
    heading = pg.locator("h3").filter(has_text=re.compile(r"of \d+")).first
    expect(heading).to_contain_text("0 of 9", timeout=30_000)
    settle(pg)
    pg.wait_for_function("() => (window.__labKeys || []).includes('next')", timeout=20_000)
    for k in range(1, 10):
        pg.locator("h1").first.click()
        pg.keyboard.press("PageDown")
        expect(heading).to_contain_text(f"{k} of 9", timeout=20_000)
    expect(bar(pg)).to_contain_text(f"{i + 1} / {N}")                 # still the same stop: the walk moved
    settle(pg)
    press(pg, "PageDown", i + 2)                                        # at the walk's end: the next stop
    assert_clean(pg)
