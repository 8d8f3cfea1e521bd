"""The four newer pages in a real browser: each renders its figures, reacts to
its main control, and logs no console error.  (Each section of the comparison
tests and of the metrics lab, opened by its button: test_browser_compare_lab.py.)"""
from browser_utils import assert_clean, expect, nav_to, open_url, pytestmark, settle  # noqa: F401


def test_methods_page_draw_all_shows_the_out_of_bag_balls(page):
    nav_to(page, "评估方法")
    page.get_by_role("button", name="一次抽完").click()
    settle(page)
    expect(page.locator("[data-testid='stMetric']").filter(has_text="本次包外比例").first).to_be_visible(
        timeout=20_000)
    balls = page.locator(".js-plotly-plot").first
    expect(balls).to_be_visible()
    assert balls.evaluate("gd => gd.data.length") >= 2                      # drawn and never-drawn balls
    assert_clean(page)


def test_biasvar_slider_moves_both_figures(page):
    nav_to(page, "偏差与方差")
    figs = page.locator(".js-plotly-plot")
    expect(figs.nth(1)).to_be_visible(timeout=20_000)
    before = figs.nth(0).evaluate("gd => JSON.stringify(Array.from(gd._fullData[1].y).slice(0, 5))")
    thumb = page.locator("[data-testid='stSlider'] input[type='range']").last
    thumb.focus()
    for _ in range(6):
        thumb.press("ArrowRight")
    settle(page)
    # the figure looked up at each try: a rerun may draw it in a new element (a handle would watch the old one)
    changed = """(was) => { const gd = document.querySelector('.js-plotly-plot');
      const t = gd && gd._fullData && gd._fullData[1];
      return Boolean(t) && JSON.stringify(Array.from(t.y).slice(0, 5)) !== was; }"""
    page.wait_for_function(changed, arg=before, timeout=20_000)
    assert_clean(page)


def test_exercise_guess_first_then_the_answer(tab, server):
    """Exercise 2.2 in English: the answer appears only after a guess is committed."""
    page = tab
    open_url(page, server + "/exercises?x.open=2.2&lang=en")
    expect(page.get_by_text("Guess first:").first).to_be_visible(timeout=30_000)
    assert page.locator(".js-plotly-plot").count() == 0
    page.get_by_text("leave-one-out 100%, 10-fold about 50%").click()
    page.get_by_role("button", name="Commit my guess and show the answer").click()
    expect(page.locator(".js-plotly-plot").first).to_be_visible(timeout=30_000)
    expect(page.locator("[data-testid='stMetricValue']").filter(has_text="100%").first).to_be_visible()
    settle(page)
    assert "x.g22=loo100" in page.url
    assert_clean(page)
