"""Teaching with the lab in a real browser: formulas fully visible, presenter
mode above the fold, keyboard steps, a shared link restoring its state, the
figure toolbar."""
import re

import pytest
from browser_utils import (OVERFLOW, SWEEP, assert_clean, drawn, expect, nav_to, open_sidebar, open_url,  # noqa: F401
                           playwright, pytestmark, roc_mode, rotate, settle, still)

import ui

THRESHOLD_INPUT = "[data-testid='stMain'] [data-testid='stNumberInput'] input"
SIZES = ((1366, 768), (1920, 1080))
LANGS = (("zh", "中文"), ("en", "English"))
# Each run measures half the pages, every tab and ROC mode of each in one of the four (language, width)
# pairs, the half and the pair rotating by day (SWEEP), so that every pair of every page is covered over
# eight days' runs (the whole sweep took 95 s of a suite that should take minutes, a page in one pair 3 s).


def sweep_pairs(index: int) -> list[tuple[int, int]]:
    """(language index, size index) pairs measured for page ``index`` (none: not today)."""
    pairs = [(lang, size) for size in range(len(SIZES)) for lang in range(len(LANGS))]
    if SWEEP == "all":
        return pairs
    day = int(SWEEP) % 8
    return [pairs[(index + day // 2) % len(pairs)]] if (index + day) % 2 == 0 else []


def test_every_formula_is_fully_visible(tab, server):
    """Every page (and every tab and ROC mode) in a (language, width) pair of
    the day (see SWEEP).  One session: pages are reached through the
    navigation, the language and the ROC modes through their widgets, the
    width changed in place."""
    page = tab
    open_url(page, server + "/", 1366, 768)
    bad = {}
    shown = [None]

    def language(i):
        if shown[0] != i:
            page.locator("[data-testid='stSidebar']").get_by_text(LANGS[i][1], exact=True).click()
            settle(page)
            shown[0] = i

    def measure(label, size):
        width, height = SIZES[size]
        page.set_viewport_size({"width": width, "height": height})
        still(page.locator("[data-testid='stMain'] h1").first)
        tabs = page.locator("[role='tab']")
        for i in range(max(1, tabs.count())):           # formulas in hidden tabs are measured when shown
            if tabs.count():
                tabs.nth(i).click()
                expect(page.locator("[role='tabpanel']:visible").first).to_be_visible(timeout=10_000)
            over = page.evaluate(OVERFLOW)
            if over:
                bad[f"{label} {width} tab {i}"] = over
        page.set_viewport_size({"width": 1366, "height": 768})

    for index, p in enumerate(ui.PAGES):
        if p.key == "home":
            continue
        for lang, size in sweep_pairs(index):
            language(lang)
            page.locator("[data-testid='stSidebarNav'] a").nth(index).click()
            settle(page)
            expect(page.locator("h1").first).to_be_visible(timeout=30_000)
            if p.key == "roc":
                for mode, name in enumerate(("step", "four", "grid")):
                    roc_mode(page, name)
                    measure(f"roc mode {mode} {LANGS[lang][0]}", size)
            else:
                measure(f"{p.key} {LANGS[lang][0]}", size)
    assert not bad, (f"LAB_SWEEP={SWEEP}", bad)


@pytest.mark.parametrize("width,height", [(1280, 720), (1920, 1080)])
def test_presenter_mode_puts_the_main_figure_and_its_controls_above_the_fold(tab, server, width, height):
    page = tab
    page.goto(server + "/_stcore/health")                    # forget a sidebar opened by an earlier test here
    page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('stSidebarCollapsed'))"
                  ".forEach(k => localStorage.removeItem(k))")
    open_url(page, server + "/roc?presenter=1&mode=step", width, height)
    fig = page.locator(".st-key-roc_step_fig .js-plotly-plot").first   # the walk's figure, once laid out
    expect(fig).to_be_visible(timeout=20_000)
    drawn(page, 0)
    still(fig)
    box = fig.bounding_box()
    assert box["y"] < height - 100, box                       # the chart starts above the fold
    nxt = page.locator(".st-key-roc_next button").first
    assert nxt.bounding_box()["y"] + 20 < height
    ticks = page.evaluate("""() => Math.min(...[...document.querySelectorAll('.js-plotly-plot .xtick text')]
        .map(t => parseFloat(getComputedStyle(t).fontSize)))""")
    assert ticks >= 18
    # a presenter link opens with the sidebar folded; opened, it stays open through the runs that follow
    sidebar = page.locator("[data-testid='stSidebar']")
    assert sidebar.bounding_box()["x"] + sidebar.bounding_box()["width"] <= 0, sidebar.bounding_box()
    open_sidebar(page)
    page.locator("[data-testid='stSidebar'] label").filter(has_text="English").click()
    expect(page.locator("h1").first).to_contain_text("ROC", timeout=20_000)
    settle(page)
    expect(page.locator("[data-testid='stSidebarNav']")).to_be_visible()
    assert sidebar.bounding_box()["x"] >= 0


def test_presenter_mode_shows_each_pages_first_figure_above_the_fold(tab, server):
    """On a projector (presenter mode, 1366 x 768) each page's open section's
    figure starts on the first screen; the pages are reached as a lecturer
    does, through the navigation, in one session (half of them a day)."""
    height = 768
    page = tab
    open_url(page, server + "/?presenter=1", 1366, height)
    open_sidebar(page)                                    # presenter mode starts with it folded: the worst case
    low, without = {}, []
    for index, p in rotate(list(enumerate(ui.PAGES))[1:], 2):          # half the pages a day, not the home page
        page.locator("[data-testid='stSidebarNav'] a").nth(index).click()
        expect(page).to_have_url(re.compile(rf"/{p.key}\?(.*&)?presenter=1"), timeout=30_000)
        drawn(page)
        assert page.locator("[data-testid='stException']").count() == 0, p.key
        figs = page.locator("[data-testid='stMain'] .js-plotly-plot:visible")
        if not figs.count():                              # the open section has no figure (a table, a formula)
            without.append(p.key)
            continue
        top = figs.first.evaluate("e => e.getBoundingClientRect().top + window.scrollY")
        if top >= height - 100:
            low[p.key] = top
    assert not low, low
    assert len(without) <= 2, without


def test_keyboard_steps_the_roc_walk(tab, server):
    page = tab
    open_url(page, server + "/roc?mode=step")
    heading = page.locator("h3").filter(has_text="/ 9")
    keys_ready = "() => (window.__labKeys || []).includes('next')"

    def press(key, want):
        page.keyboard.press(key)
        settle(page)
        expect(heading.first).to_contain_text(want, timeout=20_000)

    expect(heading.first).to_contain_text("0 / 9", timeout=20_000)
    page.locator("h1").first.click()                          # focus on the page, not on a widget
    settle(page)
    page.wait_for_function(keys_ready, timeout=20_000)
    for key, want in (("ArrowRight", "1 / 9"), ("PageDown", "2 / 9"), ("ArrowLeft", "1 / 9"), ("End", "9 / 9"),
                      ("PageUp", "8 / 9")):
        press(key, want)
    # Space plays: a step every 1.2 s, and Play turns itself off at the end, the toggle with it
    play = page.locator("[class*='st-key-_w_roc_play'] input[type='checkbox']").first
    page.keyboard.press(" ")
    expect(heading.first).to_contain_text("9 / 9", timeout=20_000)
    expect(play).not_to_be_checked(timeout=20_000)
    press("Home", "0 / 9")
    # keys typed into a field belong to the field
    page.evaluate("() => { const t = document.createElement('textarea'); t.id = 'typing';"
                  " document.querySelector('[data-testid=stMain]').appendChild(t); }")
    page.locator("#typing").focus()
    for key in ("ArrowRight", "PageDown", " "):
        page.keyboard.press(key)
    settle(page)
    expect(heading.first).to_contain_text("0 / 9")
    assert page.locator("#typing").input_value() == " "
    # away and back: the keys work again
    nav_to(page, "度量实验室")
    nav_to(page, "ROC")
    expect(heading.first).to_contain_text("0 / 9", timeout=20_000)
    page.wait_for_function(keys_ready, timeout=20_000)
    page.locator("h1").first.click()
    press("ArrowRight", "1 / 9")
    assert_clean(page)


def test_a_shared_link_restores_its_state_in_a_fresh_session(tab, server):
    page = tab
    open_url(page, server + "/confusion?lang=en&source=synthetic&n=1000&sep=2.5&rate=0.3&seed=7&thr=0.9&beta=2")
    expect(page.locator("h1").first).to_contain_text("Confusion matrix")
    expect(page.locator(THRESHOLD_INPUT).first).to_have_value("0.9", timeout=20_000)
    link = page.locator("[data-testid='stSidebar'] [data-testid='stExpander']").filter(has_text="Share")
    link.locator("summary").click()
    code = link.locator(".lab-link-url").inner_text()
    assert "thr=0.9" in code and "seed=7" in code and "lang=en" in code
    other = page                                      # someone else opens the link: a new session, nothing kept
    open_url(other, code if code.startswith("http") else server + "/confusion" + code[code.index("?"):])
    expect(other.locator("h1").first).to_contain_text("Confusion matrix")
    expect(other.locator(THRESHOLD_INPUT).first).to_have_value("0.9", timeout=20_000)
    assert "n = 1,000" in other.locator("[data-testid='stSidebar']").inner_text().replace("m = ", "n = ")


@pytest.mark.parametrize("key", rotate(["confusion", "pr", "cost"], 2))      # the same fragment on each page
def test_the_link_follows_a_threshold_moved_in_a_partial_rerun(tab, server, key):
    """On these pages a threshold move reruns only the threshold's part of the
    page (a fragment): the address and the share box follow it all the same,
    without a history entry per move."""
    page = tab
    open_url(page, server + f"/{key}?lang=en&source=synthetic&n=1000")
    thumb = (page.locator("[data-testid='stMain'] [data-testid='stSlider']").filter(has_text="predicted positive")
             .locator("input[type='range']").first)
    exact = "[data-testid='stMain'] input[aria-label='Exact threshold']"
    before = page.locator(exact).input_value()
    entries = page.evaluate("history.length")
    thumb.focus()
    for _ in range(3):
        thumb.press("ArrowRight")
        settle(page)
    # the exact box shows the moved threshold, and the address carries the same
    page.wait_for_function("([sel, old]) => { const v = document.querySelector(sel).value;"
                           " return v !== old && new URL(location.href).searchParams.get('thr') === v; }",
                           arg=[exact, before], timeout=10_000)
    assert page.evaluate("history.length") == entries     # replaced in place: Back does not step through moves
    box = page.locator("[data-testid='stSidebar'] [data-testid='stExpander']").filter(has_text="Share")
    box.locator("summary").click()
    expect(box.locator(".lab-link-url")).to_have_text(page.url)
    page.bring_to_front()                                 # the clipboard writes only for the focused tab
    box.locator(".lab-link-copy").click()
    expect(box.locator(".lab-link-done")).to_have_text("Copied")
    assert page.evaluate("() => navigator.clipboard.readText()") == page.url


@pytest.mark.parametrize("key", rotate(["confusion", "cost"], 2))
def test_fast_presses_on_the_threshold_slider_all_count(tab, server, key):
    """Twelve arrow presses, each before the page has been redrawn from the
    last: the threshold ends twelve steps on, and the exact box never goes
    back.  (When the server wrote the exact box's value, the browser sent the
    old one back with a press made before it was redrawn, which undid moves.)"""
    page = tab
    open_url(page, server + f"/{key}?lang=en&thr=0.5")
    thumb = (page.locator("[data-testid='stMain'] [data-testid='stSlider']").filter(has_text="predicted positive")
             .locator("input[type='range']").first)
    exact = page.locator("[data-testid='stMain'] input[aria-label='Exact threshold']").first
    expect(exact).to_have_value("0.5", timeout=20_000)
    thumb.focus()
    seen = []
    for k in range(12):
        thumb.press("ArrowRight")
        page.wait_for_timeout(60 + 40 * (k % 3))
        seen.append(float(exact.input_value()))
    settle(page)
    expect(exact).to_have_value("0.512", timeout=20_000)
    assert thumb.input_value() == "0.512"
    assert seen == sorted(seen), seen


def test_formulas_are_typeset_in_place_and_only_where_they_changed(tab, server):
    """The cost page's formulas follow the threshold: after a key press the
    cost formula shows the new error, while the P(+)cost cell, which does not
    depend on the threshold, is the same node, not typeset again."""
    page = tab
    open_url(page, server + "/cost?lang=en&thr=0.5", 1366, 900)
    cells = page.locator(".st-key-cost_formulas .lab-typeset-cell")
    expect(cells).to_have_count(2, timeout=20_000)
    expect(cells.nth(0).locator(".katex-display")).to_have_count(2)
    # typeset by the KaTeX that Streamlit's KaTeX style was written for: cost_01's subscript at 70 % of its
    # base (Mermaid's KaTeX 0.18, also served by Streamlit, put it full size on the baseline)
    sizes = page.evaluate("""() => { const s = document.querySelector('.st-key-cost_formulas .msupsub .sizing');
        return s && [parseFloat(getComputedStyle(s).fontSize),
                     parseFloat(getComputedStyle(s.closest('.katex')).fontSize)]; }""")
    assert sizes and sizes[0] == pytest.approx(0.7 * sizes[1], rel=0.02), sizes
    page.evaluate("() => { document.querySelector('.st-key-cost_formulas .lab-typeset-cell .katex').__kept = 1; }")
    before = cells.nth(1).inner_text()
    exact = page.locator("[data-testid='stMain'] input[aria-label='Exact threshold']").first
    exact.fill("0.9")
    exact.press("Enter")
    settle(page)
    page.wait_for_function("old => document.querySelectorAll('.st-key-cost_formulas .lab-typeset-cell')[1].innerText"
                           " !== old", arg=before, timeout=20_000)     # typeset after the run's figures
    after = cells.nth(1).inner_text()
    current = page.locator("[data-testid='stMetric']").filter(has_text="Cost error now")
    assert current.locator("[data-testid='stMetricValue']").inner_text() in after.replace("\n", "")
    assert page.evaluate("() => document.querySelector('.st-key-cost_formulas .lab-typeset-cell .katex').__kept") == 1
    assert page.locator("[data-testid='stException']").count() == 0


SHAPES = """() => [...document.querySelectorAll('.js-plotly-plot')]
    .map(g => [...g.querySelectorAll('.shapelayer path')].map(p => p.getAttribute('d')).join(' ')
              + ' | ' + [...g.querySelectorAll('.shapelayer text, .annotation-text')].map(t => t.textContent)
              .join(' '))"""


@pytest.mark.parametrize("key", rotate(["confusion", "cost"], 2))
def test_a_figure_moved_in_place_matches_one_drawn_afresh(tab, server, key):
    """Threshold moves redraw only the shapes of a figure (the threshold line,
    the current points; ui/live/figure.js, the linked cost figure too): after
    five key presses, every figure's shapes and notes are those of the same
    state opened afresh from the page's link."""
    page = tab
    open_url(page, server + f"/{key}?lang=en&source=synthetic&n=1000&thr=0.5")
    thumb = (page.locator("[data-testid='stMain'] [data-testid='stSlider']").filter(has_text="predicted positive")
             .locator("input[type='range']").first)
    expect(page.locator(".js-plotly-plot").first).to_be_visible(timeout=20_000)
    before = page.evaluate(SHAPES)
    thumb.focus()
    for _ in range(5):
        thumb.press("ArrowRight")
        settle(page)
    page.wait_for_function("""() => [...document.querySelectorAll('.lab-figure')].every(e => !e.__busy
        && e.__drawn === e.__lab.spec + e.__lab.config)""", timeout=20_000)
    still(page.locator(".js-plotly-plot").first)
    moved = page.evaluate(SHAPES)
    assert "thr=0.5&" not in page.url + "&" and "thr=" in page.url
    assert moved != before
    fresh = page                                       # the same state opened afresh: a new session
    open_url(fresh, server + "/" + page.url.split("/", 3)[-1])
    fresh.wait_for_function(f"() => ({SHAPES})().length === {len(moved)}", timeout=20_000)   # the linked figure too
    try:                                               # drawn: the same shapes, or what differs is shown below
        fresh.wait_for_function(f"want => {{ const got = ({SHAPES})(); return got.length === want.length"
                                " && got.every((g, i) => g === want[i]); }", arg=moved, timeout=10_000)
    except playwright.TimeoutError:
        pass
    assert fresh.evaluate(SHAPES) == moved


@pytest.mark.parametrize("key", rotate(["confusion", "pr", "cost"], 3))
def test_every_figure_has_the_toolbar_with_png_download(tab, server, key):
    page = tab
    open_url(page, server + f"/{key}")
    charts = page.locator("[data-testid='stMain'] .js-plotly-plot")  # Streamlit's and ui.core.charts.live_chart's
    expect(charts.first).to_be_visible(timeout=20_000)
    settle(page)
    for i in range(charts.count()):
        charts.nth(i).hover()
        expect(charts.nth(i).locator(".modebar-btn[data-title*='png'], .modebar-btn[data-title*='PNG']")
               ).to_have_count(1, timeout=10_000)
        # and no "Share chart...": plotly.js 4's button that uploads the figure and its data to Plotly Cloud
        expect(charts.nth(i).locator(".modebar-btn[data-title^='Share']")).to_have_count(0)
    if key == "cost":                               # the linked ROC / cost figure is among them
        assert page.locator(".st-key-linked .js-plotly-plot").count() == 1


@pytest.mark.parametrize("fmt,suffix,head", [("", ".png", b"\x89PNG"), ("?img=svg", ".svg", b"<svg")])
def test_the_camera_button_downloads_png_or_svg(tab, server, fmt, suffix, head):
    page = tab
    open_url(page, server + "/pr" + fmt)
    chart = page.locator("[data-testid='stMain'] .js-plotly-plot").first       # the P-R figure, drawn in place
    chart.hover()
    with page.expect_download(timeout=30_000) as dl:
        chart.locator(".modebar-btn[data-title^='Download plot']").click()
    got = dl.value
    assert got.suggested_filename == "evaluation-lab" + suffix
    with open(got.path(), "rb") as f:
        assert head in f.read(400)
