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


STACKED = """() => { const gd = document.querySelector('[data-testid=stMain] .lab-figure.js-plotly-plot');
    if (!gd || !gd._fullLayout || gd.__busy || !gd.__narrow) return null;
    const box = (q) => [...gd.querySelectorAll(q)].map((e) => e.getBoundingClientRect()).filter((r) => r.height);
    const L = gd._fullLayout, top = gd.getBoundingClientRect().top;
    const plots = ['', '2', '3'].map((s) => [top + L['yaxis' + s]._offset,
        top + L['yaxis' + s]._offset + L['yaxis' + s]._length, L['xaxis' + s]._length]);
    return { plots,
             xtitles: box('[class^="g-x"][class$="title"]').map((r) => [r.top, r.bottom]),
             titles: box('.annotation').map((r) => [r.top, r.bottom]),
             ytitles: box('[class^="g-y"][class$="title"]').map((r) => [r.top, r.bottom]),
             legend: box('.legend').map((r) => [r.top, r.bottom])[0] }; }"""


def test_exercise_2_8_stacks_its_three_panels_on_a_phone(tab, server):
    """Exercise 2.8 at 390 px: the three panels one above the other, each far wider than the 70 px they had
    side by side; no panel's title on the x title above it, each panel's y axis named beside it, and the
    legend under the lowest x title."""
    from browser_utils import drawn
    page = tab
    open_url(page, server + "/exercises?x.open=2.8&x.s28=1&lang=zh", 390, 844)
    drawn(page)
    got = page.wait_for_function(STACKED, timeout=20_000).json_value()
    plots = sorted(got["plots"])
    assert len(plots) == 3 and all(w > 200 for _, _, w in plots), got
    assert all(a[1] < b[0] for a, b in zip(plots, plots[1:])), plots          # stacked, apart
    xt = sorted(got["xtitles"])
    titles = sorted(got["titles"])
    assert all(x[1] <= t[0] + 1 for x, t in zip(xt, titles[1:])), (xt, titles)    # a title below the x title above
    assert got["legend"][0] >= xt[-1][1] - 1, (got["legend"], xt)
    yt = sorted(got["ytitles"])                                                 # one y title beside each plot
    assert len(yt) == 3 and all(p[0] <= (y[0] + y[1]) / 2 <= p[1] for p, y in zip(plots, yt)), (plots, yt)
    assert_clean(page)
