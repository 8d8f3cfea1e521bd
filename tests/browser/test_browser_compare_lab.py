"""The comparison-tests page and the metrics lab in a real browser: in
presenter mode at 1366 x 768 every section's figure starts above the fold;
the open section and the language survive a switch; no console error."""
import re

import pytest
from browser_utils import assert_clean, drawn, expect, nav_to, open_url, pytestmark, settle, still  # noqa: F401

COMPARE = ("binomial", "t", "paired", "cv5x2", "mcnemar", "friedman", "delong")


@pytest.fixture
def projector(tab, server):
    tab.set_viewport_size({"width": 1366, "height": 768})
    yield tab, server


def test_compare_sections_in_presenter_mode_show_their_figure_above_the_fold(projector):
    """Every section, opened by its button on one page (as a lecturer does)."""
    pg, server = projector
    pg.goto(f"{server}/compare?presenter=1")
    buttons = pg.locator("[data-testid='stButtonGroup']").first.locator("button")
    expect(buttons.first).to_be_visible(timeout=60_000)
    assert buttons.count() == len(COMPARE)
    for i, section in enumerate(COMPARE):
        if i:
            buttons.nth(i).click()
        settle(pg)
        expect(pg).to_have_url(re.compile(f"c_sec={section}" if i else r"^((?!c_sec).)*$"), timeout=20_000)
        figure = pg.locator(".js-plotly-plot").first
        expect(figure).to_be_visible(timeout=60_000)
        still(figure)
        top = figure.evaluate("e => e.getBoundingClientRect().top")
        assert top < 768, (section, top)
        if section == "friedman":                                       # the CD diagram is the section's figure
            assert "CD = " in figure.inner_text()
    assert_clean(pg)


def test_the_open_section_survives_a_language_switch_and_is_in_the_link(tab, server):
    page = tab
    open_url(page, server + "/compare")
    expect(page.locator(".js-plotly-plot").first).to_be_visible(timeout=60_000)
    page.locator("[data-testid='stButtonGroup'] button").filter(has_text="5×2 交叉验证").click()
    settle(page)
    expect(page.locator("[data-testid='stMarkdownContainer']").filter(has_text="5 次 2 折交叉验证").first
           ).to_be_visible(timeout=20_000)
    assert "c_sec=cv5x2" in page.url
    page.locator("[data-testid='stSidebar'] label").filter(has_text="English").click()
    settle(page)
    expect(page.locator("[data-testid='stMarkdownContainer']").filter(has_text="Five replications").first
           ).to_be_visible(timeout=20_000)
    assert "c_sec=cv5x2" in page.url and "lang=en" in page.url
    assert_clean(page)


def test_other_sections_and_modes_in_presenter_mode_start_above_the_fold(projector):
    """The metrics lab's sections and the ROC page's other modes, opened by
    their buttons in one session as a lecturer does: the open part's figure
    (or, for a section without one, its first formula) starts on the first
    screen of a projector."""
    pg, server = projector
    top = """() => Math.min(...[...document.querySelectorAll('[data-testid=stMain] .js-plotly-plot,'
        + ' [data-testid=stMain] .katex-display')].map(e => e.getBoundingClientRect().top).filter(t => t > 0))"""
    low = {}
    open_url(pg, f"{server}/lab?presenter=1&lang=en")
    sections = pg.locator("[data-testid='stButtonGroup']").first.locator("button")
    # the parts with a figure (Streamlit draws it after the run has ended) and those with formulas only
    parts = {"loss": ".katex-display", "multilabel": ".katex-display", "regression": ".js-plotly-plot",
             "clustering": ".js-plotly-plot", "four": ".katex-display", "grid": ".js-plotly-plot",
             "full": ".js-plotly-plot"}
    for i, section in enumerate(("loss", "multilabel", "regression", "clustering")):
        if i:
            sections.nth(i).click()
            expect(pg).to_have_url(re.compile(f"l_sec={section}"), timeout=20_000)
        drawn(pg)
        expect(pg.locator(f"[data-testid=stMain] {parts[section]}").first).to_be_visible(timeout=30_000)
        if pg.evaluate(top) >= 768:
            low[section] = pg.evaluate(top)
    nav_to(pg, "ROC")
    expect(pg).to_have_url(re.compile(r"/roc\?"), timeout=20_000)
    drawn(pg)
    modes = pg.locator("[data-testid='stMain'] [data-testid='stRadio']").first.locator("label")
    for name, mode in (("AUC four ways", "four"), ("Rank-loss grid", "grid"), ("Full curves", "full")):
        modes.filter(has_text=name).first.click()
        expect(pg).to_have_url(re.compile(f"mode={mode}"), timeout=20_000)
        drawn(pg)
        expect(pg.locator(f"[data-testid=stMain] {parts[mode]}").first).to_be_visible(timeout=30_000)
        if pg.evaluate(top) >= 768:
            low[mode] = pg.evaluate(top)
    assert not low, low
    assert_clean(pg)


def test_the_lab_clustering_figure_on_a_phone_has_its_legend_under_the_plot(tab, server):
    """At the plot's right the legend took most of a phone's width and left the equal-scaled plot 60 px wide,
    every point in one heap.  In a phone's column it stands under the x axis title, and the plot has the
    figure's width; at a laptop's width it stays at the right."""
    page = tab
    where = """gd => { const f = gd.getBoundingClientRect(), p = gd.querySelector('.nsewdrag').getBoundingClientRect(),
        l = gd.querySelector('.legend').getBoundingClientRect(),
        t = gd.querySelector('.xtitle').getBoundingClientRect();
        return {plot: p.width / f.width, under: l.top >= t.bottom - 1, inside: l.bottom <= f.bottom + 1,
                right: l.left >= p.right - 1}; }"""
    open_url(page, server + "/lab?lang=en&l_sec=clustering", 390, 844)
    plot = page.locator(".st-key-lab_clusters .js-plotly-plot")
    expect(plot).to_be_visible(timeout=60_000)
    page.wait_for_function("() => document.querySelector('.st-key-lab_clusters .js-plotly-plot').__narrow === true",
                           timeout=20_000)
    got = plot.evaluate(where)
    assert got["under"] and got["inside"] and not got["right"] and got["plot"] > 0.75, got
    page.set_viewport_size({"width": 1366, "height": 768})
    page.wait_for_function("() => document.querySelector('.st-key-lab_clusters .js-plotly-plot').__narrow === false",
                           timeout=20_000)
    assert plot.evaluate(where)["right"]
    assert_clean(page)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_which_test_table_fits_a_projector(tab, server, lang):
    """helper-27: on a projector (1280 x 720, presenter mode) the "Which test?" table, a table of sentences,
    was 1107 px wide in a 1086 px box, its cells one line each: "paired CV t-test / 5×2cv" was cut at the
    box's edge in English.  Its cells wrap; every cell is whole in the box."""
    open_url(tab, f"{server}/compare?lang={lang}&presenter=1", 1280, 720)
    tab.locator("[data-testid='stExpander'] summary").filter(has_text=re.compile("Which test|选哪个")).first.click()
    table = tab.locator(".st-key-prose_table_guide table").first
    expect(table).to_be_visible()
    box = tab.evaluate("""() => { const t = document.querySelector('.st-key-prose_table_guide table');
      const b = t.closest('[data-testid=stExpanderDetails]') || t.parentElement;
      const cells = [...t.querySelectorAll('td, th')].filter(c => c.getBoundingClientRect().right >
        b.getBoundingClientRect().right + 0.5 || c.scrollWidth > c.clientWidth + 1).map(c => c.textContent);
      return [t.scrollWidth, t.clientWidth, cells]; }""")
    assert box[0] <= box[1] + 1 and not box[2], box
    assert "5×2cv" in table.inner_text()
