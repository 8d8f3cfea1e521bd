"""The screens a lecture happens on (issue 33), measured in the rendered page:
every page at a projector's 1280 x 720 and 1024 x 768 in presenter mode, a
laptop's 1366 x 768 with the sidebar open, 1920 x 1080 and a phone's 390 x 844
(touch).  At each: no horizontal scroll, no figure wider than its column, no
axis title cut by its figure's edge, no category label left out, no formula whose end
hides in its scrolling box, on a phone no
figure toolbar over a title or legend (a tap shows it, nothing hides it) nor a
table's toolbar over what follows the table, WCAG
AA colour contrast of every text (computed from the styles, as axe-core's
rule does), no critical or serious axe-core violation of the WCAG 2.1 A/AA
rules (axe itself, from ``axe-playwright-python``), and the page's main view (``ui.core.registry.Page.main``) where
the size asks for it: in presenter mode its figure whole on the first screen (and
the figures beside it, ``Page.beside``),
on a laptop its top on the first screen.

A run measures a quarter of the pages at 1280 x 720 and a fifth of them at
each other size, one language per page, rotating by day (``LAB_SWEEP``;
``LAB_SWEEP=all`` measures every page at every size in both languages): every
combination is covered over any ten days' runs (the whole sweep takes about
3 min on 2 cores, the suite's budget is 4).  One tab for the desktop sizes, one touch tab
for the phone."""
import functools
import json
import re

import pytest
from browser_utils import (SWEEP, assert_clean, drawn, expect, open_sidebar, open_url, playwright,  # noqa: F401
                           pytestmark, still)
from screens_js import (CONTRAST, FORMULA_CUT, HORIZONTAL_SCROLL, LABEL_ON_POINT, LABELS_OVERLAP, LEGEND_OVER_AXIS,
                        MAIN_BOX, SKIPPED_CATEGORIES, TABLE_TOOLBAR_OVER, TEXT_CUT, TITLE_UNDER_HEADER,
                        TITLES_OVERLAP, TOOLBAR_OVER_TITLE, WIDER_THAN_COLUMN)

import ui
from ui.core.registry import first_screen_views, main_view

from .conftest import watched

# name: (width, height, presenter mode, touch)
SIZES = {"presenter-1280x720": (1280, 720, True, False), "presenter-1024x768": (1024, 768, True, False),
         "laptop-1366x768": (1366, 768, False, False), "wide-1920x1080": (1920, 1080, False, False),
         "phone-390x844": (390, 844, False, True)}
LANGS = ("zh", "en")
# Where the main view's place does not hold yet, by (page, size), and why: measured, not asserted.
# A run that measures every combination (LAB_SWEEP=all) and finds one of them holding in both languages
# fails, so that the list only shrinks.
NOT_YET: dict[tuple[str, str], str] = {
    ("trust", "presenter-1024x768"): "in English the six tests' names need 14 px labels, so the simulation's figure "
                                     "is made 44 px taller than the first screen leaves (figure.js fitCategories): "
                                     "every name shown comes before the whole figure shown",
}
# other layouts of a page, measured as the pages are (their main view is not measured)
VIEWS = (("roc", "mode=full"),)


def plan(size: str) -> list[tuple[str, str, str]]:
    """(page, view, language) measured at ``size`` in this run (see the module's docstring); a view is a
    link's query for a page's other layout ("" for the page as it opens)."""
    order = list(SIZES).index(size)
    views = [(i, p.key, "") for i, p in enumerate(ui.PAGES)] + [(len(ui.PAGES) + i, *v) for i, v in enumerate(VIEWS)]
    if SWEEP == "all":
        return [(key, view, lang) for _, key, view in views for lang in LANGS]
    if order == 0:                 # at 1280 x 720 a quarter of the pages, each in each language over eight days
        day = int(SWEEP) % 8
        return [(key, view, LANGS[(i + day) % 2]) for i, key, view in views if (i + day // 2) % 4 == 0]
    day = int(SWEEP) % 10          # elsewhere a fifth, each fifth in each language over ten days
    chosen = [v for v in views if (v[0] + order + day // 2) % 5 == 0]
    return [(key, view, LANGS[(i + order + day) % 2]) for i, key, view in chosen]


# the checks run on every figure of a page (screens_js._each_figure), and what each finding is
FIGURE_CHECKS = ((LEGEND_OVER_AXIS, "a legend over its figure's axis labels"),
                 (TEXT_CUT, "a text cut by its figure's edge"),
                 (SKIPPED_CATEGORIES, "category labels left out"),
                 (LABELS_OVERLAP, "a figure's labels over each other"),
                 (TITLES_OVERLAP, "a figure's title under an axis title"),
                 (LABEL_ON_POINT, "a data point inside a label"))


def measure(pg, key: str, view: str, size: str) -> list[str]:
    """What is wrong with page ``key`` (in ``view``) as drawn in ``pg`` at ``size``."""
    width, height, presenter, touch = SIZES[size]
    bad = []
    if pg.locator("[data-testid='stException']").count():
        bad.append("an exception box")
    if under := pg.evaluate(TITLE_UNDER_HEADER):          # before a tap below scrolls the page
        bad.append(f"the title's text under Streamlit's header: {under}")
    if (scroll := pg.evaluate(HORIZONTAL_SCROLL)) > 1:
        bad.append(f"horizontal scroll of {scroll} px")
    if wide := pg.evaluate(WIDER_THAN_COLUMN):
        bad.append(f"figures wider than their column: {wide}")
    if cut := pg.evaluate(FORMULA_CUT):
        bad.append(f"a formula's end hidden in its scrolling box: {cut[:4]}")
    for check, what in FIGURE_CHECKS:
        if found := pg.evaluate(check):
            bad.append(f"{what}: {found[:4]}")
    main = "" if view else main_view(key)
    if touch and main:                                    # a tap in the plot's corner shows its toolbar
        pg.locator(f".st-key-{main} .js-plotly-plot .nsewdrag").first.tap(position={"x": 3, "y": 3})
        expect(pg.locator(f".st-key-{main} .js-plotly-plot .modebar").first).to_be_visible(timeout=5_000)
    if touch and (over := pg.evaluate(TOOLBAR_OVER_TITLE)):      # (a pointer shows it only while over a figure)
        bad.append(f"the figure toolbar over a title or legend: {over}")
    if touch and (over := pg.evaluate(TABLE_TOOLBAR_OVER)):
        bad.append(f"a table's toolbar over the page's next element: {over[:4]}")
    if low := pg.evaluate(CONTRAST):
        bad.append(f"contrast under WCAG AA: {low[:5]}")
    if serious := axe_violations(pg):
        bad.append(f"axe-core, WCAG 2.1 A/AA: {serious[:5]}")
    if main:
        box = pg.evaluate(MAIN_BOX, f".st-key-{main}")
        if box is None:
            bad.append(f"no main view .st-key-{main}")
        elif presenter and (box["top"] < 0 or box["bottom"] > height):
            bad.append(f"main view {main} at y = {box['top']:.0f}-{box['bottom']:.0f}, not within the first "
                       f"screen's {height} px")
        elif not presenter and not touch and box["top"] > height - 100:
            bad.append(f"main view {main} starts at y = {box['top']:.0f}, below the first screen's {height} px")
        elif touch and box["right"] > width + 1:
            bad.append(f"main view {main} {box['right'] - box['left']:.0f} px wide on a {width} px screen")
        for beside in first_screen_views(key)[1:] if presenter else ():     # fitted with it (Page.beside)
            box = pg.evaluate(MAIN_BOX, f".st-key-{beside}")
            if box is None or box["top"] < 0 or box["bottom"] > height:
                bad.append(f"main view {main}: the figure beside it, {beside}, "
                           + ("missing" if box is None else f"at y = {box['top']:.0f}-{box['bottom']:.0f}"))
    return bad


# axe-core (the axe-playwright-python package bundles it) with the WCAG 2.0/2.1 A and AA rules
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
               "resultTypes": ["violations"]}


@functools.cache
def _axe():
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


def axe_violations(pg) -> list[str]:
    """axe-core's critical and serious violations on the page as drawn (rule, impact, the first element)."""
    found = _axe().run(pg, options=AXE_OPTIONS).response["violations"]
    return [f"{v['impact']} {v['id']}: {v['nodes'][0]['html'][:100]}" for v in found
            if v["impact"] in ("critical", "serious")]


def show(pg, server, key: str, view: str, lang: str, size: str) -> None:
    """Open page ``key`` (in ``view``) in a new session at ``size`` and wait until its figures are drawn."""
    width, height, presenter, touch = SIZES[size]
    pg.set_viewport_size({"width": width, "height": height})
    query = f"?lang={lang}" + ("&presenter=1" if presenter else "") + (f"&{view}" if view else "")
    pg.goto(f"{server}/{'' if key == 'home' else key}{query}")
    expect(pg.locator("h1").first).to_be_visible(timeout=60_000)
    if not presenter and not touch:
        open_sidebar(pg)                                  # a laptop with the sidebar open: the narrowest columns
    drawn(pg)
    main = "" if view else main_view(key)
    if main:
        expect(pg.locator(f".st-key-{main} .js-plotly-plot").first).to_be_visible(timeout=30_000)
    pg.wait_for_function(STYLED, timeout=30_000)
    pg.wait_for_function(STILL, timeout=10_000)


# the page's own style element is in (ui.core.screens); a fresh server's first page is drawn once
# without it (the run that leaves Streamlit's old multipage mode, ui.core.page._through_app_py)
STYLED = "() => [...document.querySelectorAll('style')].some(s => s.textContent.includes('stCaptionContainer'))"


# the layout has settled: the script that fits formulas to their column is in (ui/core/typeset/fit.js,
# loaded after the page's first drawing, which it changes) and the fonts are (KaTeX's widen a formula after
# its first layout), then the page's height and the main view's top the same over five frames
STILL = """() => window.__labFit && document.fonts.ready.then(() => new Promise(done => {
  let last = '', same = 0; const look = () => {
  const now = document.body.scrollHeight + ':' + document.querySelector('[data-testid=stMain]').scrollHeight;
  same = now === last ? same + 1 : 0; last = now;
  if (same >= 5) done(true); else requestAnimationFrame(look); }; look(); }))"""


@pytest.fixture(scope="module")
def phone(browser):
    """A touch tab at a phone's size (a context of its own: touch is a context's setting)."""
    width, height, *_ = SIZES["phone-390x844"]
    ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True)
    yield watched(ctx)
    ctx.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_every_page_fits_the_screen(request, server, size):
    pg = request.getfixturevalue("phone" if SIZES[size][3] else "tab")
    if SIZES[size][2]:                                    # forget a sidebar opened by hand in an earlier test
        pg.goto(server + "/_stcore/health")
        pg.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('stSidebarCollapsed'))"
                    ".forEach(k => localStorage.removeItem(k))")
    found, passed = {}, {}
    for key, view, lang in plan(size):
        show(pg, server, key, view, lang, size)
        bad = measure(pg, key, view, size)
        if (key, size) in NOT_YET and not view:          # only its main view's place is excused
            passed.setdefault(key, []).append(not any(b.startswith("main view") for b in bad))
            bad = [b for b in bad if not b.startswith("main view")]
        if bad:
            found[f"{key} {view} {lang}"] = bad
    assert not found, f"LAB_SWEEP={SWEEP} {size}:\n" + "\n".join(f"{k}: {v}" for k, v in found.items())
    fixed = [key for key, ok in passed.items() if SWEEP == "all" and all(ok)]
    assert not fixed, ("holds now in both languages: take it out of NOT_YET", fixed)


def test_the_contrast_measure_agrees_with_wcag(tab):
    """The contrast check against WCAG's own figures: #767676 on white is 4.54 : 1 (passes), #777777
    4.48 : 1 (fails); large text (24 px) needs 3 : 1; a half-transparent colour is composed over what
    is behind it, and a figure's SVG text is not measured."""
    tab.set_content("""<body style="background:#fff">
        <p id="a" style="color:#767676">passes</p><p id="b" style="color:#777777">fails</p>
        <p style="color:#949494;font-size:24px">large passes</p><p style="color:#959595;font-size:23px">fails too</p>
        <div style="background:#000"><p style="color:rgba(255,255,255,0.5)">half white on black</p></div>
        <svg><text x="5" y="15" fill="#eee">a figure</text></svg></body>""")
    low = tab.evaluate(CONTRAST)
    assert [s.split('"')[1] for s in low] == ["fails", "fails too"], low
    assert low[0].startswith("4.48:1")


# where the section's heading is and the section's first figure (below it, above the next section's heading)
SECTION = """([anchor, next]) => { const h = document.getElementById(anchor); if (!h) return null;
  const top = h.getBoundingClientRect().top, n = next && document.getElementById(next);
  const end = n ? n.getBoundingClientRect().top : Infinity;
  const figs = [...document.querySelectorAll('[data-testid=stMain] .js-plotly-plot')]
    .map(f => f.getBoundingClientRect()).filter(r => r.top > top && r.top < end);
  return {heading: top, figure: figs.length ? figs[0].top : null}; }"""


def test_a_tour_stop_opens_at_its_section(tab, server):
    """A stop that names a section (methods' hold-out, k-fold, leave-one-out, bootstrap and tuning; the
    confusion page's matrix and formulas; the P-R, ROC and cost curves; the trust simulation; the
    bias-variance fits) opens from its link scrolled to it at 1280 x 720 in presenter mode: its heading at
    the top, under Streamlit's header, and the section's first figure (none for tuning or the formulas)
    starting on the first screen.  Every such stop with LAB_SWEEP=all, else every fourth one, rotating by
    day."""
    from ui.core import tour
    from ui.core.registry import page

    def after(stop):
        sections = page(stop.page).sections
        i = sections.index(stop.section)
        return sections[i + 1] if i + 1 < len(sections) else None

    stops = [(i + 1, s.section, after(s)) for i, s in enumerate(tour.shipped()) if s.section]
    if SWEEP != "all":
        stops = stops[int(SWEEP) % 4::4]
    tab.set_viewport_size({"width": 1280, "height": 720})
    low = {}
    for number, anchor, next_ in stops:
        tab.goto(f"{server}/?tour=chapter2&stop={number}&presenter=1")
        tab.wait_for_function(f"() => document.documentElement.dataset.labScrolled === '{anchor}'", timeout=60_000)
        where = tab.evaluate(SECTION, [anchor, next_])
        if not (0 <= where["heading"] <= 160 and (where["figure"] is None or where["figure"] < 720 - 100)):
            low[number] = where
    assert not low, low


def test_the_axe_check_finds_what_it_should(tab):
    """The axe-core check both ways: an image without a text alternative and a scrolled box the keyboard
    cannot reach are found; the same with alt text and tabindex are not."""
    wide = '<div style="width:80px;overflow:auto"{}><p style="width:400px">a wide formula</p></div>'
    tab.set_content(f'<html lang="en"><title>t</title><main>{wide.format("")}<img src="data:,"></main></html>')
    found = " ".join(axe_violations(tab))
    assert "image-alt" in found and "scrollable-region-focusable" in found, found
    tab.set_content(f'<html lang="en"><title>t</title><main>{wide.format(" tabindex=0")}'
                    '<img src="data:," alt="a figure"></main></html>')
    assert axe_violations(tab) == []


def test_every_figure_has_a_text_alternative_from_what_it_shows(tab, server):
    """A figure is a labelled figure to a screen reader, labelled by its own axes and legend: the ROC page's full
    curves name both axes and each model with its AUC, in the page's language, and the label follows the
    figure when the language changes."""
    from browser_utils import open_url

    for lang, words in (("en", ("false positive rate", "AUC = ")), ("zh", ("假正例率", "AUC = "))):
        open_url(tab, f"{server}/roc?lang={lang}&mode=full", 1366, 900)
        plot = tab.locator("[data-testid='stMain'] .js-plotly-plot[role='figure']").first
        expect(plot).to_have_attribute("aria-label", re.compile(".*".join(map(re.escape, words))), timeout=30_000)


def test_a_confusion_matrix_is_read_cell_by_cell(tab, server):
    """A heatmap's text alternative names its cells: the binary matrix's "TP n" cells (their counts the page's
    own, following a threshold move) and the K x K matrix's "true → predicted: n" cells."""
    from browser_utils import open_url

    open_url(tab, f"{server}/confusion?lang=en&source=seed-9&thr=0.5", 1366, 900)
    heat = tab.locator(".st-key-cm_heat .js-plotly-plot")
    expect(heat).to_have_attribute("aria-label", re.compile(r"TP \d+, FN \d+, FP \d+, TN \d+"), timeout=30_000)
    counts = dict(re.findall(r"(TP|FN|FP|TN) (\d+)", heat.get_attribute("aria-label")))
    assert sum(map(int, counts.values())) == 9, counts                 # the 9 samples of the book's table
    kk = tab.locator("[data-testid='stMain'] .js-plotly-plot[aria-label*='→']").first
    expect(kk).to_have_attribute("aria-label", re.compile(r"\S+ → \S+: \d+"), timeout=30_000)


TITLES = """() => [...document.querySelectorAll('[data-testid=stMain] .lab-figure')].map(gd => {
  const t = gd.querySelector('.g-gtitle .gtitle'); if (!t) return null;
  const b = gd.getBoundingClientRect(), r = t.getBoundingClientRect();
  return {inside: r.left >= b.left - 1 && r.right <= b.right + 1, size: gd._fullLayout.title.font.size,
          made: gd.__titleMade}; }).filter(Boolean)"""
# the histogram's threshold label (a shape's label) and its legend: boxes that must not meet
LABEL_AND_LEGEND = """() => { const gd = document.querySelector('.st-key-cm_hist .lab-figure');
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const label = [...gd.querySelectorAll('.shapelayer text, .shape-label, .layer-above text')].find(
    e => /= /.test(e.textContent));
  const legend = gd.querySelector('.legend .bg') || gd.querySelector('.legend');
  return label && legend ? {label: box(label), legend: box(legend)} : null; }"""


def test_the_histograms_title_fits_and_its_threshold_label_clears_the_legend(tab, server):
    """The confusion page's histogram title is a sentence: in English beside the matrix on a laptop with
    its sidebar open, or on a projector, it is wider than its figure and is drawn smaller until it fits
    (ui/core/live/figure.js fitTitle); in Chinese on a wide screen it keeps its size.  The threshold's
    label hangs inside the plot, clear of the legend above it (it ran into it on a projector)."""
    for lang, width, height, extra, shrunk in (("en", 1366, 768, "", True), ("zh", 1920, 1080, "", False),
                                               ("en", 1280, 720, "&presenter=1", True)):
        open_url(tab, f"{server}/confusion?source=watermelon&lang={lang}{extra}", width, height)
        drawn(tab)
        tab.wait_for_function(f"({TITLES})().length >= 1 && ({TITLES})().every(t => t.inside)", timeout=30_000)
        titles = tab.evaluate(TITLES)
        assert any(t["size"] < t["made"] for t in titles) == shrunk, titles
        boxes = tab.evaluate(LABEL_AND_LEGEND)
        assert boxes, "no threshold label or legend found"
        (a, b, c, d), (e, f, g, h) = boxes["label"], boxes["legend"]
        assert c <= e or g <= a or d <= f or h <= b, boxes          # the two boxes do not meet


# a figure's axis titles drawn in place: each one's box inside its figure's, its size and the size it was made with
AXIS_TITLES = """(key) => { const gd = document.querySelector(`.st-key-${key} .lab-figure`);
  if (!gd || !gd._fullLayout) return null;
  const b = gd.getBoundingClientRect();
  return [...gd.querySelectorAll('.g-xtitle text, .g-ytitle text')].map(t => {
    const r = t.getBoundingClientRect(), axis = t.closest('.g-xtitle') ? 'xaxis' : 'yaxis';
    const inside = r.top >= b.top - 1 && r.bottom <= b.bottom + 1 && r.left >= b.left - 1 && r.right <= b.right + 1;
    return {axis, inside, size: gd._fullLayout[axis].title.font.size, made: (gd.__axesMade || {})[axis]}; }); }"""
# the trust simulation's test names: how many are drawn, and their size
TEST_NAMES = """() => { const gd = document.querySelector('.st-key-trust_sim .js-plotly-plot');
  if (!gd || !gd._fullLayout) return null;
  return {labels: gd.querySelectorAll('.ytick text').length, size: gd._fullLayout.yaxis.tickfont.size}; }"""


def test_axis_titles_and_category_labels_fit_a_short_plot(tab, server):
    """Presenter mode fits a page's main view to a projector's first screen, and a plot can be short.
    The cost page's linked figure at 1280 x 720 has about 150 px of plot: "true positive rate TPR" in the
    projector's 24 px ran off the figure's top, and is drawn smaller about its middle until it fits
    (figure.js fitAxisTitles).  The trust page's simulation at 1024 x 768 has about 90 px for six tests:
    plotly drew every second name; they are drawn smaller, not under 14 px, and the figure made taller
    where even that does not fit (fitCategories).  On a wide projector (1920 x 1080) the same figure keeps
    its 18 px names and its axis titles their made size."""
    open_url(tab, f"{server}/cost?source=watermelon&lang=en&presenter=1", 1280, 720)
    drawn(tab)
    inside = f"(({AXIS_TITLES})('linked') || []).length >= 2 && ({AXIS_TITLES})('linked').every(t => t.inside)"
    tab.wait_for_function(inside, timeout=30_000)
    tpr = next(t for t in tab.evaluate(AXIS_TITLES, "linked") if t["axis"] == "yaxis")
    assert tpr["size"] < tpr["made"], tpr
    for width, height, smaller in ((1024, 768, True), (1920, 1080, False)):
        open_url(tab, f"{server}/trust?lang=en&presenter=1", width, height)
        drawn(tab)
        tab.wait_for_function(f"(({TEST_NAMES})() || {{}}).labels === 6 && !({SKIPPED_CATEGORIES})().length",
                              timeout=30_000)
        names = tab.evaluate(TEST_NAMES)
        assert 14 <= names["size"] < 18 if smaller else names["size"] == 18, names
    titles = tab.evaluate(AXIS_TITLES, "trust_sim")
    assert titles and all(t["inside"] and t["size"] == t["made"] for t in titles), titles


# a fitted figure's legend: its entries' boxes, its font size, and the plot's height
LEGEND_ROWS = """key => { const gd = document.querySelector(`.st-key-${key} .js-plotly-plot`);
  if (!gd || !gd._fullLayout || !gd._fullLayout._size) return null;
  const b = gd.getBoundingClientRect();
  const boxes = [...gd.querySelectorAll('.legend .traces')].map(e => { const r = e.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; });
  return {plot: gd._fullLayout._size.h, font: gd._fullLayout.legend.font.size, boxes,
          inside: boxes.every(r => r[0] >= b.left - 1 && r[2] <= b.right + 1 && r[3] <= b.bottom + 1)}; }"""


def test_a_fitted_figures_long_legend_goes_in_two_columns_on_a_projector(tab, server):
    """Presenter mode at 1280 x 720 fits the bias-variance figures to the first screen; their legends under
    the plot went one entry a line (plotly gives each entry of a wrapped horizontal legend the widest one's
    width), which left the decomposition 110 px of plot under six entries.  The entries now stand in two
    columns, their text no smaller than 14 px and not overlapping, and the plot is taller; at 1920 x 1080,
    where the entries fit, the legend stays as made."""
    open_url(tab, f"{server}/biasvar?lang=en&presenter=1", 1280, 720)
    drawn(tab)
    for key in ("biasvar_fits", "biasvar_decomp"):
        tab.wait_for_function(f"(({LEGEND_ROWS})('{key}') || {{}}).plot >= 150", timeout=30_000)
        got = tab.evaluate(LEGEND_ROWS, key)
        assert got["font"] >= 14 and got["inside"], (key, got)
        assert len({round(b[0]) for b in got["boxes"]}) == 2, (key, got)              # two columns
        assert all(a[2] <= b[0] + 1 or b[2] <= a[0] + 1 or a[3] <= b[1] + 1 or b[3] <= a[1] + 1
                   for i, a in enumerate(got["boxes"]) for b in got["boxes"][i + 1:]), (key, got)
    open_url(tab, f"{server}/biasvar?lang=en&presenter=1", 1920, 1080)
    drawn(tab)
    tab.wait_for_function(f"(({LEGEND_ROWS})('biasvar_decomp') || {{}}).plot > 0", timeout=30_000)
    wide = tab.evaluate("() => document.querySelector('.st-key-biasvar_decomp .js-plotly-plot')._fullLayout.legend")
    assert not wide.get("entrywidth"), wide


# every figure drawn in place: its box's width and height, the size plotly draws, its right edge and the main
# area's, and where its plot and legend are
WIDTHS = """() => { const main = document.querySelector('[data-testid=stMain]').getBoundingClientRect();
  return [...document.querySelectorAll('[data-testid=stMain] .lab-figure.js-plotly-plot')].map(gd => {
    const r = gd.querySelector('.main-svg').getBoundingClientRect(), L = gd._fullLayout;
    const top = gd.getBoundingClientRect().top, at = (e) => { if (!e) return null;
      const b = e.getBoundingClientRect(); return [b.left, b.top - top, b.right, b.bottom - top].map(Math.round); };
    return {box: gd.clientWidth, tall: gd.clientHeight, drawn: L.width, height: L.height, right: r.right,
            main: main.right, plot: at(gd.querySelector('.nsewdrag')),
            legend: at(gd.querySelector('.legend'))}; }); }"""


@pytest.mark.parametrize("path", ["/biasvar", "/pr"])        # (the ROC and cost figures: as the P-R's)
def test_a_figure_follows_its_box_when_a_presenter_opens_the_sidebar(tab, server, path):
    """Presenter mode starts with the sidebar folded; a lecturer who opens it (to change the data, the
    language) narrows the page without a window resize.  A figure fitted to the first screen kept the width
    it was drawn at (plotly fixes the width whenever a relayout sets the height), so the bias-variance pair
    ran off the page and over each other.  Each figure now follows its box, its legend is laid out again
    for the new width (no two entries overlap), no figure's box loses its height (plotly's own resize
    forgets it: the P-R figure spilled over the text below), and closing the sidebar puts every plot and
    legend back where they were (the P-R legend stayed over the plot's top, the cost figure's plot shorter)."""
    sep = "&" if "?" in path else "?"
    open_url(tab, f"{server}{path}{sep}lang=en&presenter=1", 1280, 720)
    drawn(tab)
    if path == "/biasvar":
        tab.wait_for_function(f"(({LEGEND_ROWS})('biasvar_decomp') || {{}}).plot >= 150", timeout=30_000)
    for e in tab.locator("[data-testid=stMain] .lab-figure .legend").all():
        still(e)
    wide = tab.evaluate(WIDTHS)
    open_sidebar(tab)
    fits = f"""() => {{ const w = ({WIDTHS})(); return w.length === {len(wide)} && w.every(f =>
        Math.abs(f.drawn - f.box) <= 1 && Math.abs(f.height - f.tall) <= 2 && f.right <= f.main + 1)
        && w[0].box < {wide[0]["box"] - 100}; }}"""
    tab.wait_for_function(fits, timeout=30_000)
    for key in ("biasvar_fits", "biasvar_decomp") if path == "/biasvar" else ():
        still(tab.locator(f".st-key-{key} .legend"))
        got = tab.evaluate(LEGEND_ROWS, key)
        assert got["inside"], (key, got)
        # entries side by side do not run into each other (one entry a line: a subscript's box reaches a few
        # px into the next line's, as plotly lays them out)
        assert all(a[2] <= b[0] + 1 or b[2] <= a[0] + 1 or a[3] <= b[1] + 4 or b[3] <= a[1] + 4
                   for i, a in enumerate(got["boxes"]) for b in got["boxes"][i + 1:]), (key, got)
    tab.locator("[data-testid='stSidebarCollapseButton'] button").first.click()
    back = json.dumps([[f["box"], f["height"], f["plot"], f["legend"]] for f in wide])
    # every figure as it was: its size, its plot's and legend's boxes within 8 px (a two-column legend laid out
    # again moves the bias-variance plot's left edge 6 px; the P-R legend had stayed 26 px down, over the plot)
    try:
        tab.wait_for_function(f"""() => {{ const w = ({WIDTHS})(), back = {back}; return w.length === back.length
            && w.every((f, i) => f.box === back[i][0] && Math.abs(f.height - back[i][1]) <= 1 && f.tall > 0
            && [[f.plot, back[i][2]], [f.legend, back[i][3]]].every(([a, b]) => (a === null) === (b === null)
                && (a === null || a.every((v, j) => Math.abs(v - b[j]) <= 8)))); }}""",
            timeout=30_000)
    except playwright.TimeoutError:      # (it failed once in a clean-clone run: what each figure was, and is)
        raise AssertionError({"before": wide, "after": tab.evaluate(WIDTHS)}) from None
    assert_clean(tab)


# the cost page's linked figure (fitted to the first screen in presenter mode): its height and its top on the page
LINKED = """() => { const gd = document.querySelector('.st-key-linked .js-plotly-plot'), m = document.querySelector(
  '[data-testid=stMain]'); if (!gd || !gd._fullLayout) return null; const r = gd.getBoundingClientRect();
  return {height: Math.round(r.height), top: Math.round(r.top + m.scrollTop), scrolled: m.scrollTop}; }"""


def test_a_fitted_figure_keeps_its_height_when_the_page_changes_while_scrolled_down(tab, server):
    """Presenter mode fits the cost page's linked figure to the first screen.  A lecturer who scrolled down
    and opened the formulas (or moved the resampling slider) made the page fit it again while scrolled: its
    top was read from the window's scroll, which stays 0 (Streamlit scrolls its main part), so the figure
    took the height it was made with (330 -> 600 px) and pushed the rest of the page down.  Now it is
    fitted where it stands on the page."""
    open_url(tab, f"{server}/cost?source=watermelon&lang=en&presenter=1", 1280, 720)
    drawn(tab)
    tab.wait_for_function(f"({LINKED})() !== null", timeout=30_000)
    still(tab.locator(".st-key-linked .js-plotly-plot"))
    before = tab.evaluate(LINKED)
    assert before["top"] + before["height"] <= 720, before          # fitted: whole on the first screen
    formulas = tab.locator("[data-testid='stExpander'] summary").filter(has_text="Formulas")
    formulas.scroll_into_view_if_needed()
    assert tab.evaluate(LINKED)["scrolled"] > 200
    formulas.click()
    drawn(tab)
    tab.evaluate("() => document.querySelector('[data-testid=stMain]').scrollTo(0, 0)")
    still(tab.locator(".st-key-linked .js-plotly-plot"))
    after = tab.evaluate(LINKED)
    assert abs(after["height"] - before["height"]) <= 2 and after["top"] == before["top"], (before, after)
    assert_clean(tab)


# each pair of columns holding a figure or a formula: its columns' widths and whether the second stands under the first
PAIRS = """() => [...document.querySelectorAll('[data-testid=stMain] [data-testid=stHorizontalBlock]')]
  .filter(h => h.children.length === 2 && h.querySelector('.js-plotly-plot, .katex')).map(h => {
    const [a, b] = [...h.children].map(c => c.getBoundingClientRect());
    return {widths: [a.width, b.width].map(Math.round), under: b.top >= a.bottom - 1}; })"""


@pytest.mark.parametrize("path", ["/biasvar", "/lab"])
def test_a_figure_pair_stands_one_under_the_other_where_the_sidebar_leaves_too_little_room(tab, server, path):
    """At 1024 x 768 with the sidebar open the main column is 560 px: the bias-variance pair was two 270 px
    figures whose legends ran past their edges ("fits f(x; D) of the training se"), and the metrics lab's
    binary log loss, typeset at half size beside its table, lost its last digit.  A pair of columns with a
    figure (or, without one, a formula) now stands one under the other there: each figure the column's width
    with its legend inside (the second, below the first screen, as tall as it was made), every formula whole;
    at 1280 x 720 with the sidebar open (402 px each) the pairs stay side by side, as before."""
    open_url(tab, f"{server}{path}?lang=en&presenter=1", 1280, 720)
    drawn(tab)
    open_sidebar(tab)
    tab.wait_for_function(f"() => ({PAIRS})().length >= 1 && ({PAIRS})().every(p => !p.under)", timeout=30_000)
    side = tab.evaluate(PAIRS)
    assert all(min(p["widths"]) >= 380 for p in side), side
    tab.set_viewport_size({"width": 1024, "height": 768})
    tab.wait_for_function(f"() => ({PAIRS})().every(p => p.under)", timeout=30_000)
    if path == "/lab":
        still(tab.locator("[data-testid=stMain] .katex-display").first)
        assert not tab.evaluate(FORMULA_CUT)
        return
    fits = f"""() => {{ const w = ({WIDTHS})(); return w.length === 2 && w.every(f => f.box >= 520
        && Math.abs(f.drawn - f.box) <= 1 && f.right <= f.main + 1); }}"""
    tab.wait_for_function(fits, timeout=30_000)
    for key in ("biasvar_fits", "biasvar_decomp"):
        still(tab.locator(f".st-key-{key} .legend"))
        got = tab.evaluate(LEGEND_ROWS, key)
        assert got["inside"], (key, got)
    # the decomposition, below the first screen, keeps the height it was made with (fitted to the first screen
    # it was squeezed to the least, 240 px, and its plot to 101 px)
    assert tab.evaluate(LEGEND_ROWS, "biasvar_decomp")["plot"] >= 250
    assert_clean(tab)


# the figures drawn in place whose box is not as tall as what plotly drew in it (a box of 0 px: the figure
# spills over what is below it)
SPILLED = """() => [...document.querySelectorAll('[data-testid=stMain] .lab-figure.js-plotly-plot')].map(gd => ({
    key: ((gd.closest('[class*=st-key-]') || {}).className || '').match(/st-key-[\\w-]+/)?.[0],
    box: gd.getBoundingClientRect().height, drawn: +gd.querySelector('.main-svg').getAttribute('height')}))
  .filter(f => Math.abs(f.box - f.drawn) > 2)"""


@pytest.mark.parametrize("path", ["/roc", "/cost"])
def test_a_figure_keeps_its_height_when_the_window_narrows(tab, server, path):
    """A browser review: a window narrowed from 1366 to 1024 px (a laptop's window put beside another, a
    projector's resolution) left the ROC walk's step figure and the cost page's imbalance figures in a 0 px
    box, drawn 461 px tall over the strip and the text below them.  plotly.js's own resize (its ``responsive``
    setting) dropped the height of a figure without a width of its own, and these, drawn anew across their
    narrow layout's width, were not fitted again after it.  Figures drawn in place follow their box themselves
    (ui/core/live/figure.js); plotly's resize is off."""
    open_url(tab, f"{server}{path}?lang=en", 1366, 768)
    drawn(tab)
    assert tab.evaluate(SPILLED) == []
    tab.set_viewport_size({"width": 1024, "height": 768})
    tab.wait_for_function(f"() => ({WIDTHS})().every(f => Math.abs(f.drawn - f.box) <= 1)", timeout=30_000)
    for i in range(tab.locator("[data-testid=stMain] .lab-figure .main-svg").count()):
        still(tab.locator("[data-testid=stMain] .lab-figure .main-svg").nth(i), frames=30)
    assert tab.evaluate(SPILLED) == []
    assert_clean(tab)


# a figure's blank band at its foot: its box's bottom less the lowest thing drawn in it (the plot, tick labels,
# axis titles, the legend), and its plot's width and height
BLANK_BELOW = """key => { const gd = document.querySelector(`.st-key-${key} .js-plotly-plot`);
  if (!gd || !gd._fullLayout || gd.__busy) return null;
  const parts = [...gd.querySelectorAll('.nsewdrag, .xtick text, .ytick text, .g-xtitle text, .g-ytitle text, '
                                        + '.legend, .heatmaplayer')].map(e => e.getBoundingClientRect().bottom);
  const plot = gd.querySelector('.nsewdrag').getBoundingClientRect();
  return {blank: gd.getBoundingClientRect().bottom - Math.max(...parts), w: plot.width, h: plot.height}; }"""


def test_a_square_plot_or_a_matrix_leaves_no_blank_band_below_it_on_a_phone(phone, server):
    """The review: on a phone the ROC walk's square plot (as wide as the column allows) and the K x K matrix
    (its x axis on top, nothing in its 60 px bottom margin) left 60-100 px of blank before the toolbar under
    them.  The figure is now as tall as what it draws; the square stays square, and a wider window gives the
    ROC figure its height back (its plot no smaller than on the phone)."""
    open_url(phone, f"{server}/roc?lang=zh", 390, 844)
    drawn(phone)
    phone.locator(".st-key-roc_step_fig").scroll_into_view_if_needed()
    phone.wait_for_function(f"(({BLANK_BELOW})('roc_step_fig') || {{blank: 99}}).blank <= 24", timeout=20_000)
    narrow = phone.evaluate(BLANK_BELOW, "roc_step_fig")
    assert abs(narrow["w"] - narrow["h"]) <= 2, narrow                       # still square
    phone.set_viewport_size({"width": 1366, "height": 768})
    phone.wait_for_function(f"""() => {{ const f = ({BLANK_BELOW})('roc_step_fig');
        return f && f.w > {narrow["w"] + 40} && f.blank <= 24 && Math.abs(f.w - f.h) <= 2; }}""", timeout=20_000)
    open_url(phone, f"{server}/multiclass?lang=zh", 390, 844)
    drawn(phone)
    phone.locator(".st-key-multiclass_cm").scroll_into_view_if_needed()
    phone.wait_for_function(f"(({BLANK_BELOW})('multiclass_cm') || {{blank: 99}}).blank <= 24", timeout=20_000)


# st.metric's numbers (stMetricValue) or their labels (stMetricLabel) drawn cut short ("0.…", "Expected cost
# (by t…"): their text wider than their box
METRICS_CUT = """(part) => [...document.querySelectorAll(`[data-testid=stMain] [data-testid=${part}]`)]
  .filter(e => e.offsetParent !== null)
  .map(e => [e.innerText, Math.max(...[e, ...e.querySelectorAll('*')].map(x => x.scrollWidth - x.clientWidth))])"""


# a control's label drawn cut short ("Show 95% int…"): an element of a label that hides what overflows it (Streamlit
# ends a label too long for its box with an ellipsis), its text wider than its box
LABELS_CUT = """() => [...document.querySelectorAll('[data-testid=stMain] :is([data-testid=stWidgetLabel], label) *')]
  .filter(e => e.offsetParent !== null && e.textContent.trim() && getComputedStyle(e).overflowX !== 'visible')
  .map(e => [e.textContent, e.scrollWidth - e.clientWidth])"""


# (the confusion and cost rows: as the ROC walk's; the intervals switch of the confusion and ROC pages: as the P-R's)
@pytest.mark.parametrize("path", ["/roc", "/biasvar", "/pr", "/multiclass"])
def test_no_number_is_cut_short_when_a_presenter_opens_the_sidebar(tab, server, path):
    """A browser review: at 1280 x 720 in presenter mode with the sidebar opened, the ROC walk's TPR and FPR
    read "0.…" (each metric a quarter of a 380 px column, 84 px for an 86 px number); at 1024 x 768 the
    confusion page's four measures, the cost page's two and the bias-variance identity's five too.  A row of
    numbers now keeps each number whole and wraps instead.  No control's label is cut either: the intervals
    switch read "Show 95% int…" in its third of the column; it now stands in a row of controls that wraps.
    Nor a number's label: the multi-class page's read "Expected cost (by t…"; its numbers are now a row, each
    as wide as its label (on a phone, where a row's numbers share its width, the label wraps: below)."""
    open_url(tab, f"{server}{path}?lang=en&presenter=1", 1024, 768)
    drawn(tab)
    open_sidebar(tab)
    still(tab.locator("[data-testid=stMain] .js-plotly-plot").first)
    cut = tab.evaluate(METRICS_CUT, "stMetricValue")
    assert (cut or path == "/pr") and all(over <= 1 for _, over in cut), cut
    labels = tab.evaluate(LABELS_CUT) + tab.evaluate(METRICS_CUT, "stMetricLabel")   # the controls' and the numbers'
    assert labels and all(over <= 1 for _, over in labels), labels


def test_a_numbers_label_goes_on_as_many_lines_as_it_needs_on_a_phone(phone, server):
    """A browser review: in the confusion page's accuracy paradox, two numbers to a line on an English phone,
    the first label read "Accuracy of “predict all ne…” (Streamlit cuts a number's label to one line); it
    now wraps, and the row's numbers stay side by side on one line."""
    open_url(phone, f"{server}/confusion?source=watermelon&lang=en")
    drawn(phone)
    row = phone.locator(".st-key-metric_row_paradox")
    expect(row.locator("[data-testid=stMetricLabel]")).to_have_count(3)
    row.scroll_into_view_if_needed()
    still(row)
    labels = [x for x in phone.evaluate(METRICS_CUT, "stMetricLabel") if x[0].startswith(("Accuracy of", "Its"))]
    assert len(labels) == 2 and all(over <= 1 for _, over in labels), labels
    values = row.locator("[data-testid=stMetricValue]")
    tops = [values.nth(i).bounding_box()["y"] for i in range(2)]
    assert abs(tops[0] - tops[1]) <= 1, tops
    assert not phone.locator("[data-testid='stException']").count()


# the home page's chapter cards: their boxes
CARDS = """() => [...document.querySelectorAll('[class*="st-key-home_stage_"]')].map(e => {
  const r = e.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top), Math.round(r.right)]; })"""


def test_the_chapter_cards_wrap_rather_than_break_their_words(tab, server):
    """A browser review: at 1024 x 768 with the sidebar open the home page's five cards were five columns of
    about 100 px, their words broken ("Evaluati-on", "bootstra-p") and "Performance" past its card's border.
    The cards now wrap onto a second line where one would be narrower than 10.5 rem, never overlapping;
    at 1366 x 768 with the sidebar open the five stay in one row."""
    open_url(tab, f"{server}/?lang=en&presenter=1", 1024, 768)
    open_sidebar(tab)
    still(tab.locator('[class*="st-key-home_stage_"]').last)
    cards = tab.evaluate(CARDS)
    assert len(cards) == 5 and all(r - left >= 160 for left, _, r in cards), cards
    rows = sorted({top for _, top, _ in cards})
    assert len(rows) == 2, cards
    for row in rows:
        line = sorted((left, r) for left, top, r in cards if top == row)
        assert all(a[1] <= b[0] for a, b in zip(line, line[1:])), cards          # side by side, not over each other
    open_url(tab, f"{server}/?lang=en", 1366, 768)
    still(tab.locator('[class*="st-key-home_stage_"]').last)
    assert len({top for _, top, _ in tab.evaluate(CARDS)}) == 1


# from the moment ``selector`` is drawn, for 4 s, what ``measure`` (an element's function) gives in each frame,
# as [ms, value] where it changed
FRAMES = """([selector, measure]) => new Promise(done => { const seen = [], t0 = performance.now(), of = eval(measure);
  const look = () => { const e = document.querySelector(selector);
    if (e) { const v = JSON.stringify(of(e)); if (!seen.length || seen[seen.length - 1][1] !== v)
      seen.push([Math.round(performance.now() - t0), v]); }
    if (seen.length && performance.now() - t0 > 4000) done(seen); else requestAnimationFrame(look); };
  look(); })"""
WIDTH = "e => Math.round(e.getBoundingClientRect().width)"
TITLE = "e => [Math.round(e.getBoundingClientRect().top), getComputedStyle(e).fontSize]"


def test_the_home_page_is_laid_out_from_the_first_frame(tab, server):
    """The home page is what a class opens first.  Its style element (st.html) is drawn only once
    Streamlit has loaded that element's code and run the hidden warm-up box's (ui.core.preload): on 2 cores
    0.2-3 s after the title.  Until then, at 1024 x 768 with the sidebar open, the cards stood as
    Streamlit's narrow columns, "Evaluati-on" broken, and on a 1366 x 768 laptop the title was drawn at
    Streamlit's size on two lines, then shrank and moved the page up by 80 px.  The layout's CSS is in the
    page's head too (ui.core.page._static_css_in_head): both are as they end from the first frame."""
    open_url(tab, f"{server}/?lang=en", 1024, 768)                # the server has run the app once
    tab.goto(f"{server}/?lang=en", wait_until="commit")           # a new document, its style sheets anew
    widths = tab.evaluate(FRAMES, ['[class*="st-key-home_stage_"]', WIDTH])
    assert all(int(w) >= 160 for _, w in widths), widths
    assert tab.locator("[data-testid=stSidebar]").is_visible()    # the narrow case: the sidebar open
    tab.set_viewport_size({"width": 1366, "height": 768})
    tab.goto(f"{server}/?lang=en", wait_until="commit")
    titles = tab.evaluate(FRAMES, ["[data-testid=stMain] h1", TITLE])
    assert len(titles) == 1, titles


def test_presenter_mode_keeps_streamlits_headings_on_a_projector(tab, server):
    """A laptop's smaller headings (ui.core.page._READER_CSS, for a screen under 820 px high) are in the
    page's head whatever the mode; presenter mode undoes them: its headings at 1280 x 720 are those it
    draws at 1920 x 1080, where that rule does not apply."""
    heads = """() => ['h1', 'h2'].map(t => {
      const c = getComputedStyle(document.querySelector('[data-testid=stMain] ' + t));
      return [c.fontSize, c.paddingTop, c.paddingBottom]; })"""
    seen = []
    for width, height in ((1280, 720), (1920, 1080)):
        open_url(tab, f"{server}/biasvar?lang=en&presenter=1", width, height)
        expect(tab.locator("[data-testid=stMain] h2").first).to_be_attached()
        seen.append(tab.evaluate(heads))
    assert seen[0] == seen[1], seen
    open_url(tab, f"{server}/biasvar?lang=en", 1280, 720)       # and the rule does apply to a reader there
    expect(tab.locator("[data-testid=stMain] h2").first).to_be_attached()
    assert tab.evaluate(heads) != seen[0]


# each text's width in the choice box's own font, against the room its box leaves for text
FITS_BOX = """(texts) => { const i = document.querySelector('[data-testid=stSidebar] [data-testid=stSelectbox] input');
  const cs = getComputedStyle(i), room = i.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  const s = document.createElement('span'); s.style.font = cs.font; s.style.whiteSpace = 'pre';
  document.body.appendChild(s);
  const wide = texts.filter(t => { s.textContent = t; return s.getBoundingClientRect().width > room; });
  s.remove(); return [room, wide, cs.textOverflow]; }"""


def test_every_data_source_fits_its_choice_box_on_a_laptop(tab, server):
    """helper-27: in the sidebar at 1366 x 768 "Example: a 9-sample ROC table (AUC" was all a student saw of the
    data source chosen, cut mid-word (most sources in both languages were).  Every source of the binary pages
    and of the multi-class page fits its box in both languages; a longer value (an uploaded model's name in
    another box) would end in an ellipsis."""
    from ui.core.i18n import strings
    from ui.core.settings import MC_SOURCES, SOURCES

    texts = [strings()[f"{prefix}{key}"][lang] for lang in ("zh", "en")
             for prefix, keys in (("common.src.", SOURCES), ("multiclass.src.", MC_SOURCES)) for key in keys]
    open_url(tab, f"{server}/multiclass?lang=en", 1366, 768)
    open_sidebar(tab)
    expect(tab.locator("[data-testid=stSidebar] [data-testid=stSelectbox] input").first).to_be_visible(timeout=30_000)
    room, wide, overflow = tab.evaluate(FITS_BOX, texts)
    assert room > 150 and not wide and overflow == "ellipsis", (room, wide, overflow)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_projector_shows_the_confusion_pages_histogram_whole_beside_its_matrix(tab, server, lang):
    """helper-27: at 1280 x 720 in presenter mode the confusion matrix fitted the first screen, but the
    histogram beside it ran from 499 to 859 px: its lower bars and its score axis below the screen.  It is
    fitted with the matrix (``Page.beside``), its scale's buttons below it there; without presenter mode the
    buttons stay above it."""
    open_url(tab, f"{server}/confusion?lang={lang}&presenter=1", 1280, 720)
    drawn(tab)
    for key in ("cm_heat", "cm_hist"):
        box = tab.evaluate(MAIN_BOX, f".st-key-{key}")
        assert box and 0 <= box["top"] and box["bottom"] <= 720, (key, box)
    scale = tab.locator("[data-testid='stButtonGroup']").first.bounding_box()
    assert scale["y"] > tab.evaluate(MAIN_BOX, ".st-key-cm_hist")["bottom"]
    open_url(tab, f"{server}/confusion?lang={lang}", 1280, 720)
    drawn(tab)
    assert tab.locator("[data-testid='stButtonGroup']").first.bounding_box()["y"] < \
        tab.evaluate(MAIN_BOX, ".st-key-cm_hist")["top"]
