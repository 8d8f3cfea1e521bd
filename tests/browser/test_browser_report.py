"""A report opened in headless Chromium with the network off: every section
shows, every figure draws, no console error, in zh and en."""
import pytest
from browser_utils import pytestmark  # noqa: F401  (browser mark, skip without Chromium)

from evalcore import datasets
from evalcore.report import build_report
from evalcore.report.html import SECTIONS, render


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_report_opens_offline_with_every_section_and_figure(browser, tmp_path, lang):
    path = tmp_path / f"report-{lang}.html"
    ps = datasets.breast_cancer()
    path.write_text(render(build_report(ps, thresholds={"logistic": 0.3}, cost01=5.0), lang=lang),
                    encoding="utf-8")
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, offline=True)
    requested = []
    ctx.route("**/*", lambda route: (requested.append(route.request.url), route.abort())
              if not route.request.url.startswith("file:") else route.continue_())
    pg = ctx.new_page()
    errors = []
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(path.as_uri())
    pg.wait_for_function("document.querySelectorAll('.fig .main-svg').length >= 4", timeout=30_000)
    for s in SECTIONS:
        assert pg.locator(f"#{s}").is_visible(), s
    assert pg.locator(".fig").count() == 4
    assert pg.evaluate("[...document.querySelectorAll('.fig')].every(d => d.querySelector('.main-svg'))")
    assert pg.locator("nav li").count() == len(SECTIONS)
    # each figure's toolbar: a download, no "Share chart..." (plotly.js 4's upload to Plotly Cloud)
    for i in range(4):
        fig = pg.locator(".fig").nth(i)
        fig.hover()
        assert fig.locator(".modebar-btn[data-title^='Download plot']").count() == 1
        assert fig.locator(".modebar-btn[data-title^='Share']").count() == 0
    # a narrower window: each figure follows its box's width and keeps its height (plotly's own resize left
    # 560 px drawn in a 420 px box, over the section below)
    sizes = """() => [...document.querySelectorAll('.fig')].map(f => { const svg = f.querySelector('.main-svg');
      return [f.clientWidth, +svg.getAttribute('width'), f.getBoundingClientRect().height,
              +svg.getAttribute('height')]; })"""
    before = pg.evaluate(sizes)
    pg.set_viewport_size({"width": 900, "height": 768})
    pg.wait_for_function(f"() => ({sizes})().every(([box, drawn]) => Math.abs(box - drawn) <= 1)", timeout=10_000)
    after = pg.evaluate(sizes)
    assert all(a[0] < b[0] for a, b in zip(after, before))
    assert [round(a[2]) for a in after] == [a[3] for a in after] == [b[3] for b in before]
    assert errors == [] and requested == []
    ctx.close()
