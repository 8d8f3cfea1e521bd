"""Real browser: headless Chromium (Debian's package) drives `streamlit run app.py`.

The server, browser and ``page`` fixtures live in ``conftest.py`` (one server
for the whole run); helpers in ``browser_utils.py``."""
import json
import re

from browser_utils import (assert_clean, expect, goto, metric, metric_value, nav_to, open_url,  # noqa: F401
                           pytestmark, roc_mode, settle, still)

from ui.core.feedback import DELAY_S


# every heading and page name of the home page's cards: a word broken over two lines, or a name cut short
CUT_WORDS = """() => {
    const boxes = [...document.querySelectorAll('[data-testid="stMain"] [class*="st-key-home_stage_"] h3,'
                                                + ' [data-testid="stMain"] [data-testid="stPageLink"] span')];
    const cut = [];
    for (const e of boxes) {
        if (e.scrollWidth > e.clientWidth + 1) cut.push(e.textContent);
        const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            for (const m of n.data.matchAll(/[A-Za-z]{2,}/g)) {          // a Latin word on one line
                const r = document.createRange();
                r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
                if (new Set([...r.getClientRects()].map(q => Math.round(q.top))).size > 1) cut.push(m[0]);
            }
        }
    }
    return {seen: boxes.length, cut};
}"""


def test_home_page_map_and_language(page):
    expect(page.locator("h1").first).to_contain_text("模型评估与选择")
    expect(page.get_by_text("② 性能度量")).to_be_visible()
    page.locator("[data-testid='stSidebar']").get_by_text("English").click()
    settle(page)                                        # the language's run over (a clean clone's CI: not yet)
    expect(page.locator("h1").first).to_contain_text("Model evaluation and selection", timeout=30_000)
    expect(page.get_by_text("② Performance measures")).to_be_visible(timeout=30_000)
    # at 1366 x 768 every card's heading and page names show whole: no word broken, no name cut short
    page.set_viewport_size({"width": 1366, "height": 768})
    expect(page.locator("[data-testid='stPageLink']").first).to_be_visible(timeout=30_000)
    # the columns re-flow after the resize and the language switch: wait until they hold every name
    # whole (a layout that never does fails with what is still cut)
    try:
        page.wait_for_function(f"() => {{ const c = ({CUT_WORDS})(); return c.seen >= 15 && c.cut.length === 0; }}",
                               timeout=15_000)
    except Exception:
        pass
    cut = page.evaluate(CUT_WORDS)
    assert cut["seen"] >= 15 and cut["cut"] == [], cut
    assert_clean(page)


def test_confusion_page_slider_moves_numbers(page):
    nav_to(page, "混淆矩阵")
    expect(page.locator("h1").first).to_contain_text("混淆矩阵")
    expect(page.locator(".js-plotly-plot").first).to_be_visible(timeout=20_000)
    before = metric(page, "查准率")
    thumb = page.locator("[data-testid='stSlider'] input[type='range']").first
    thumb.focus()
    for _ in range(3):             # 3 steps of 0.001 up from 0.5 -> 0.503: x1 (0.5, +) drops out
        thumb.press("ArrowRight")  # (many fast presses: test_fast_presses_on_the_threshold_slider_all_count)
    settle(page)
    expect(page.locator("[data-testid='stMetric']").filter(has_text="查全率").first
           .locator("[data-testid='stMetricValue']")).to_have_text("0.250", timeout=20_000)
    assert metric(page, "查准率") != before
    assert_clean(page)


def test_confusion_page_english_and_bad_upload_keeps_data(page, tmp_path):
    page.locator("[data-testid='stSidebar']").get_by_text("English").click()
    settle(page)
    nav_to(page, "Confusion matrix")
    expect(page.locator("h1").first).to_contain_text("Confusion matrix")
    page.locator("[data-testid='stSidebar'] [data-testid='stSelectbox']").first.click()
    page.get_by_role("option", name="Upload a CSV").click()
    settle(page)
    good = tmp_path / "good.csv"
    good.write_bytes(b"y_true,m1\n1,0.9\n0,0.2\n1,0.7\n0,0.4\n")
    page.locator("[data-testid='stSidebar'] .st-key-_w_upload input[type='file']").set_input_files(str(good))
    expect(page.get_by_text("m = 4")).to_be_visible(timeout=20_000)
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(64))
    page.locator("[data-testid='stSidebar'] .st-key-_w_upload input[type='file']").set_input_files(str(bad))
    expect(page.locator("[data-testid='stSidebar'] [data-testid='stAlertContentError']")).to_contain_text(
        "PNG image", timeout=20_000)
    expect(page.get_by_text("m = 4")).to_be_visible()
    expect(page.locator(".js-plotly-plot").first).to_be_visible()
    assert_clean(page)


def test_roc_step_mode_next_moves_the_point(page):
    nav_to(page, "ROC")
    expect(page.locator("h1").first).to_contain_text("ROC")
    expect(metric_value(page, "TPR")).to_have_text("0.000", timeout=20_000)
    page.get_by_role("button", name="下一步").click()
    settle(page)
    expect(metric_value(page, "FPR")).to_have_text("0.200", timeout=20_000)     # x5 is negative: right
    page.get_by_role("button", name="下一步").click()
    settle(page)
    expect(metric_value(page, "TPR")).to_have_text("0.250", timeout=20_000)     # x2 is positive: up
    assert_clean(page)


def test_click_on_roc_curve_sets_threshold_seen_on_confusion_page(page):
    nav_to(page, "ROC")
    page.get_by_text("完整曲线与比较").click()
    settle(page)
    # full mode is drawn (its threshold control is there) before the curve is measured
    expect(page.locator("[data-testid='stNumberInput'] input").first).to_have_value("0.5", timeout=20_000)
    expect(page.locator(".js-plotly-plot").first).to_be_visible(timeout=20_000)
    # pixel position of curve point 3 (FPR 0.4, TPR 0.25: threshold 0.7), read in one step with the plot's
    # readiness (a plot drawn again between two steps had no layout yet, once in CI); hovered until it shows
    where = """() => { const gd = document.querySelector('.js-plotly-plot');
        if (!gd || !gd._fullLayout || !gd._fullLayout.xaxis || gd.__busy) return false;
        const xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis, r = gd.getBoundingClientRect();
        return [r.left + xa._offset + xa.l2p(0.4), r.top + ya._offset + ya.l2p(0.25)]; }"""
    for attempt in range(3):
        still(page.locator(".js-plotly-plot").first)
        xy = page.wait_for_function(where, timeout=20_000).json_value()
        page.mouse.move(xy[0], xy[1])
        try:
            expect(page.locator(".hoverlayer .hovertext").first).to_be_visible(timeout=5_000)
            break
        except AssertionError:
            page.mouse.move(0, 0)
    else:
        raise AssertionError("the ROC curve's point never showed its hover text")
    page.mouse.click(xy[0], xy[1])
    settle(page)
    expect(page.locator("[data-testid='stNumberInput'] input").first).to_have_value("0.7", timeout=20_000)
    nav_to(page, "混淆矩阵")
    expect(page.locator("[data-testid='stNumberInput'] input").first).to_have_value("0.7", timeout=20_000)
    expect(metric_value(page, "查全率 R")).to_have_text("0.250")      # x2 only: TP 1 of 4
    assert_clean(page)


def test_pr_page_renders_and_slider_moves_point(page):
    nav_to(page, "P-R")
    expect(page.locator(".js-plotly-plot").first).to_be_visible(timeout=20_000)
    thumb = page.locator("[data-testid='stSlider'] input[type='range']").nth(1)
    thumb.focus()
    thumb.press("ArrowRight")                     # the slider answers keys ...
    settle(page)
    expect(page.locator("[data-testid='stNumberInput'] input").first).not_to_have_value("0.5", timeout=20_000)
    number = page.locator("[data-testid='stNumberInput'] input").first
    number.fill("0.75")                           # ... and the exact input takes a typed value
    number.press("Enter")
    settle(page)
    expect(number).to_have_value("0.75", timeout=20_000)
    assert_clean(page)


def test_cost_page_linked_hover_and_slider(page):
    nav_to(page, "代价")
    fig = page.locator(".st-key-linked .lab-figure[data-linked='1']")     # drawn in the page (ui/live/figure.js)
    expect(fig).to_be_visible(timeout=30_000)
    # hover a ROC point (left panel): its cost line is highlighted on the right
    xy = fig.evaluate("""gd => { const m = gd.layout.meta, xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis;
        const j = Math.floor(m.samples.length / 2);
        return [xa._offset + xa.l2p(m.fpr[j]), ya._offset + ya.l2p(1 - m.fnr[j]), m.samples[j]]; }""")
    fig.scroll_into_view_if_needed()
    box = fig.bounding_box()
    page.mouse.move(box["x"] + xy[0] - 5, box["y"] + xy[1] - 5)
    page.mouse.move(box["x"] + xy[0], box["y"] + xy[1], steps=5)
    expect(fig).to_have_attribute("data-highlight", re.compile(r"^\d+$"), timeout=10_000)
    hl = fig.evaluate("gd => gd.data.find(t => t.name === 'hl-cost').y.length")
    assert hl == 2
    # move the prior slider: the numbers change
    thumb = page.locator("[data-testid='stSlider'] input[type='range']").nth(1)
    thumb.focus()
    for _ in range(5):
        thumb.press("ArrowRight")
    settle(page)
    expect(page.locator("[data-testid='stMetric']").filter(has_text="当前代价错误率").first
           .locator("[data-testid='stMetricValue']")).not_to_have_text("0.5556", timeout=20_000)
    assert_clean(page)


IMBALANCE_TABLE = """() => [...document.querySelectorAll('[data-testid=stDataFrame] table tr')].map(
    r => [...r.querySelectorAll('td, th')].map(c => c.textContent))"""


def test_cost_page_imbalance_table_moves_with_the_threshold_and_the_section_with_the_model(tab, server):
    """The class-imbalance section is drawn in the page's run, all but its
    table, which the threshold's part writes further down the page: a
    threshold move changes the table's accuracy at the threshold (one table,
    never two), and another model in the threshold's part redraws the
    section's curves for that model."""
    pg = tab
    open_url(pg, server + "/cost?lang=en&source=breast-cancer")
    fig = pg.locator(".st-key-imb_roc .js-plotly-plot")
    expect(fig).to_be_visible(timeout=30_000)
    pg.wait_for_function(f"() => ({IMBALANCE_TABLE})().some(r => r[0].startsWith('accuracy'))", timeout=20_000)
    accuracy = next(r for r in pg.evaluate(IMBALANCE_TABLE) if r and r[0].startswith("accuracy"))
    number = pg.get_by_label("Exact threshold")
    number.fill("0.9")
    number.press("Enter")
    settle(pg)
    pg.wait_for_function(f"() => JSON.stringify(({IMBALANCE_TABLE})().find(r => r[0].startsWith('accuracy'))) "
                         f"!== {json.dumps(json.dumps(accuracy))}", timeout=20_000)
    assert pg.locator("[data-testid='stDataFrame']").count() == 1
    auc = next(r for r in pg.evaluate(IMBALANCE_TABLE) if r and r[0] == "AUC")
    curve = fig.evaluate("gd => gd.data[0].name")               # "original (AUC = 0.992)": the model's curve
    pg.locator("[data-testid='stSelectbox']").filter(has_text="Threshold of which model").click()
    pg.get_by_role("option").nth(1).click()
    settle(pg)
    pg.wait_for_function("""(was) => { const gd = document.querySelector('.st-key-imb_roc .js-plotly-plot');
        return Boolean(gd && gd.data) && gd.data[0].name !== was; }""", arg=curve, timeout=20_000)
    pg.wait_for_function(f"() => JSON.stringify(({IMBALANCE_TABLE})().find(r => r[0] === 'AUC')) "
                         f"!== {json.dumps(json.dumps(auc))}", timeout=20_000)   # the table: the same model
    assert pg.locator("[data-testid='stDataFrame']").count() == 1
    assert_clean(pg)


def test_a_run_over_half_a_second_shows_a_worded_indicator(page):
    """Streamlit's running indicator, as a run shows it, is hidden for the
    first 0.5 s and then worded in the user's language (ui.core.feedback)."""
    nav_to(page, "混淆矩阵")
    settle(page)
    probe = """() => { const w = document.createElement('div'); w.setAttribute('data-testid', 'stStatusWidget');
        w.appendChild(document.createElement('div')); document.body.appendChild(w);
        return getComputedStyle(w).opacity; }"""              # read in the same task: no time has passed
    state = """() => { const w = [...document.querySelectorAll("[data-testid='stStatusWidget']")].pop();
        return [getComputedStyle(w).opacity, getComputedStyle(w.firstChild, '::before').content]; }"""
    assert page.evaluate(probe) == "0"                        # a quick run never flickers: hidden at first,
    delay = """() => getComputedStyle([...document.querySelectorAll("[data-testid='stStatusWidget']")].pop())
        .animationDelay"""
    assert page.evaluate(delay) == f"{DELAY_S}s"              # ... shown by an animation that waits 0.5 s
    page.wait_for_function(f"() => ({state})()[0] === '1'", timeout=10_000)
    assert page.evaluate(state) == ["1", '"计算中……"']
    page.evaluate("() => document.querySelectorAll(\"body > [data-testid='stStatusWidget']\").forEach(w => w.remove())")
    page.locator("[data-testid='stSidebar']").get_by_text("English").click()
    settle(page)
    page.evaluate(probe)
    page.wait_for_function(f"() => ({state})()[0] === '1'", timeout=10_000)
    assert page.evaluate(state) == ["1", '"Working…"']


def test_a_file_over_the_size_limit_is_refused_in_the_users_language(page, tmp_path):
    """Streamlit's browser side refuses it (in English, in a tooltip); the
    refused file carries our words under it, in the chosen language."""
    from ui.protect.limits import UPLOAD_MB

    big = tmp_path / "big.csv"
    with open(big, "wb") as f:
        f.write(b"y_true,m1\n")
        f.write(b"1,0.5\n" * ((UPLOAD_MB * 2**20) // 6 + 1000))
    nav_to(page, "混淆矩阵")
    page.locator("[data-testid='stSidebar'] [data-testid='stSelectbox']").first.click()
    page.get_by_role("option", name="上传 CSV").click()
    settle(page)
    page.locator("[data-testid='stSidebar'] .st-key-_w_upload input[type='file']").set_input_files(str(big))
    target = page.locator("[data-testid='stTooltipErrorHoverTarget']").first
    expect(target).to_be_attached(timeout=20_000)
    words = "e => getComputedStyle(e, '::after').content"
    assert f"文件须不大于 {UPLOAD_MB} MB" in target.evaluate(words)
    page.locator("[data-testid='stSidebar']").get_by_text("English").click()
    settle(page)
    expect(page.locator("h1").first).to_contain_text("Confusion matrix")
    target = page.locator("[data-testid='stTooltipErrorHoverTarget']").first     # the refused file is still listed
    assert f"at most {UPLOAD_MB} MB" in target.evaluate(words)                  # ... in the new language


def test_a_language_switch_keeps_every_choice_box_working(page):
    """A select box keeps the label it showed; after a switch Streamlit handed
    back the Chinese label of the data source as its value, and the next run
    on the English page crashed ("data set must be one of ...")."""
    nav_to(page, "ROC")
    page.locator("[data-testid='stSidebar']").get_by_text("English", exact=True).click()
    expect(page.locator("h1").first).to_contain_text("ROC", timeout=20_000)
    settle(page)
    for name in ("four", "grid", "step"):
        roc_mode(page, name)
        assert page.locator("[data-testid='stException']").count() == 0, name
    box = page.locator("[data-testid='stSidebar'] [data-testid='stSelectbox']").first
    assert "9 samples" in box.inner_text() + box.locator("input").first.input_value()   # shown in English
    assert_clean(page)
