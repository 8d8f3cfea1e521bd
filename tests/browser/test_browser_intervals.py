"""The intervals and the which-test-to-trust page in a real browser."""
from browser_utils import assert_clean, expect, open_url, pytestmark, settle  # noqa: F401


def test_intervals_switch_shows_the_table_and_its_meaning(tab, server):
    page = tab
    open_url(page, server + "/confusion")
    page.locator("[data-testid='stMain'] [data-testid='stCheckbox']").filter(has_text="显示 95% 区间").first.click()
    settle(page)
    table = page.locator("[data-testid='stTable']").first
    expect(table).to_be_visible(timeout=30_000)
    expect(table).to_contain_text("[")
    expect(page.get_by_text("区间的含义").first).to_be_visible()
    assert "ci=1" in page.url
    assert_clean(page)


def test_trust_page_draws_the_simulation_and_the_posterior(tab, server):
    page = tab
    open_url(page, server + "/trust")
    plots = page.locator(".js-plotly-plot")
    expect(plots.nth(1)).to_be_visible(timeout=60_000)
    # one bar per test, in a trace per colour (what the rate means: keeps alpha / clearly above it)
    assert plots.first.evaluate("gd => gd.data.filter(t => t.type === 'bar')"
                                ".reduce((n, t) => n + t.y.length, 0)") == 6
    assert plots.nth(1).evaluate("gd => gd.data.filter(t => t.fill === 'toself').length") >= 2
    assert plots.first.evaluate("gd => gd._fullLayout.yaxis.showticklabels")     # names beside the bars
    # a phone's column: the names above their bars, each whole inside the figure, none on another
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("() => document.querySelector('.js-plotly-plot').__narrow === true", timeout=20_000)
    got = plots.first.evaluate("""gd => {
        const f = gd.getBoundingClientRect();
        const names = [...gd.querySelectorAll('.annotation')].filter(a => !a.textContent.startsWith('α'))
            .map(a => a.getBoundingClientRect());
        return {ticks: gd._fullLayout.yaxis.showticklabels, n: names.length,
                inside: names.every(r => r.left >= f.left && r.right <= f.right + 1),
                apart: names.every((r, i) => i === 0 || r.top >= names[i - 1].bottom - 1)}; }""")
    assert got == {"ticks": False, "n": 6, "inside": True, "apart": True}, got
    assert_clean(page)
