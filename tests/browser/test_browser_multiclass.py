"""The multi-class page in a real browser (issue 35): an upload of a K-class
predictions file, a cost typed into the K x K cost matrix (kept out of the
link: an upload does not travel), and a click on a class's one-vs-rest
curve that sets that class's threshold."""
import re

from browser_utils import assert_clean, drawn, expect, metric_value, open_url, settle, still

SIDEBAR = "[data-testid='stSidebar']"
UPLOAD = f"{SIDEBAR} .st-key-_w_multiclass_upload input[type='file']"


def _predictions(path):
    """60 samples of 3 classes, one model: class x is often called y (the cell a cost is put on)."""
    rows = ["label,a:x,a:y,a:z"]
    for i in range(60):
        true = "xyz"[i % 3]
        if true == "x":
            p = (0.3, 0.6, 0.1) if i % 2 else (0.7, 0.2, 0.1)        # half of class x predicted y
        elif true == "y":
            p = (0.1, 0.5 + (i % 5) / 20, 0.4 - (i % 5) / 20)
        else:
            p = (0.2, 0.2 + (i % 4) / 40, 0.6 - (i % 4) / 40)
        rows.append(f"{true},{p[0]:.3f},{p[1]:.3f},{p[2]:.3f}")
    path.write_text("\n".join(rows) + "\n")
    return path


def test_upload_a_cost_edit_and_a_click_on_a_class_curve(tab, server, tmp_path):
    pg = tab
    open_url(pg, server + "/multiclass?lang=en")
    pg.locator(f"{SIDEBAR} [data-testid='stSelectbox']").first.click()
    pg.get_by_role("option", name="Upload a CSV").click()
    settle(pg)
    pg.locator(UPLOAD).set_input_files(str(_predictions(tmp_path / "three.csv")))
    expect(pg.get_by_text("3 classes")).to_be_visible(timeout=30_000)
    drawn(pg)
    # every class x sample predicted y costs 1 under 0-1 costs: 10 of 60
    expect(metric_value(pg, "Cost-sensitive error")).to_have_text("0.1667", timeout=20_000)

    # the cost of (true x, predicted y) typed into the editor: select the first row's name cell, two cells
    # to the right (column y), type (the grid starts editing with the key) and Enter
    grid = pg.locator("[class*='st-key-_w_multiclass-cost_table'] [data-testid='stDataFrame']").first
    expect(grid).to_be_visible(timeout=20_000)
    grid.scroll_into_view_if_needed()
    box = grid.bounding_box()
    pg.mouse.click(box["x"] + 60, box["y"] + 35 + 17)
    pg.wait_for_function("g => g.contains(document.activeElement)", arg=grid.element_handle(),
                         timeout=10_000)           # the grid (a canvas) has taken the focus
    pg.keyboard.press("ArrowRight")
    pg.keyboard.press("ArrowRight")
    pg.keyboard.type("5")
    expect(pg.locator("#portal textarea, #portal input").first).to_be_visible(timeout=10_000)   # the cell's editor
    pg.keyboard.press("Enter")
    drawn(pg, 500)
    expect(metric_value(pg, "Cost-sensitive error")).to_have_text("0.8333", timeout=20_000)   # 10 x 5 / 60
    assert "mc.cost" not in pg.url                # an upload's costs stay out of the link (it does not travel)

    # the curves: click a point of class z's ROC curve (trace 2)
    pg.locator("[data-testid='stMain'] button").filter(has_text="ROC, P-R and AUC").first.click()
    drawn(pg)
    where = """() => { const gd = [...document.querySelectorAll('.lab-figure.js-plotly-plot')].find(
            g => g.data && g.data.length > 3 && g.data[2].mode === 'lines+markers');
        if (!gd || !gd._fullLayout || !gd._fullLayout.xaxis || gd.__busy || !gd.calcdata) return false;
        const pts = gd.calcdata[2], p = pts[Math.floor(pts.length / 2)];
        const xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis, r = gd.getBoundingClientRect();
        return [r.left + xa._offset + xa.c2p(p.x), r.top + ya._offset + ya.c2p(p.y)]; }"""
    for _ in range(3):
        still(pg.locator("[data-testid='stMain'] .lab-figure.js-plotly-plot").last)
        x, y = pg.wait_for_function(where, timeout=20_000).json_value()
        pg.mouse.move(x, y)
        try:
            expect(pg.locator(".hoverlayer .hovertext").first).to_be_visible(timeout=5_000)
            hover = pg.locator(".hoverlayer .hovertext").first.text_content()
            break
        except AssertionError:
            pg.mouse.move(0, 0)
    else:
        raise AssertionError("class z's curve never showed its hover text")
    pg.mouse.click(x, y)
    drawn(pg, 500)
    expect(pg.get_by_text(re.compile(r"^z vs rest at threshold"))).to_be_visible(timeout=20_000)
    number = pg.locator(".st-key-_w_multiclass_thr_n input, [class*='st-key-_w_multiclass_thr_n'] input").first
    expect(number).to_have_value(re.compile(r"^0\.\d+"), timeout=20_000)
    thr = float(re.search(r"≥ ([-0-9.e]+)", hover).group(1))          # the hovered point's threshold
    assert "z" in hover and abs(float(number.input_value()) - thr) < 1e-4
    assert_clean(pg)


CELLS = """() => { const gd = [...document.querySelectorAll('.lab-figure.js-plotly-plot')].find(
        g => g._fullData && g._fullData[0] && g._fullData[0].type === 'heatmap' && g._fullData[0].z.length === 10);
    if (!gd || !gd._fullLayout || gd.__busy) return null;
    const xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis;
    const labels = [...gd.querySelectorAll('.heatmap-label')].map(t => {
        const b = t.getBBox(); return [t.textContent, b.width, b.height]; });
    return { narrow: Boolean(gd.__narrow), size: gd._fullData[0].textfont.size, labels,
             cell: [xa._length / 10, ya._length / 10] }; }"""


def test_a_ten_class_matrix_on_a_phone_shows_every_count_whole(tab, server):
    """The review: digits' 10 x 10 matrix on a phone cut the diagonal's three-digit counts ("17" for 178) in
    cells 26 px wide and 90 px tall.  At 390 px each count's text fits its cell; the window made wide again,
    the matrix takes its wide layout back (the counts in their own larger type)."""
    pg = tab
    open_url(pg, server + "/multiclass?lang=en&mc.src=digits&mc.sec=decisions", 390, 844)
    drawn(pg)
    phone = pg.wait_for_function(CELLS, timeout=20_000).json_value()
    assert phone["narrow"] and len(phone["labels"]) == 100, phone
    width, height = phone["cell"]
    assert 0.6 < height / width < 1.6, phone["cell"]                      # about square, not 26 x 90
    assert any(len(text) >= 3 for text, _, _ in phone["labels"])         # the diagonal's counts are three digits
    for text, w, h in phone["labels"]:
        assert w < width - 2 and h < height, (text, w, h, phone["cell"])
    pg.set_viewport_size({"width": 1920, "height": 1080})
    wide = pg.wait_for_function(f"() => {{ const c = ({CELLS})(); return c && !c.narrow && c; }}",
                                timeout=20_000).json_value()
    assert wide["size"] > phone["size"]
    assert_clean(pg)


def test_the_reliability_diagram_keeps_its_axes_clear_on_a_laptop_and_a_phone(tab, server):
    """The probabilities section's reliability diagram: its legend stood in the plot's top left corner, over
    the y axis's tick labels (0.8 and 1 hidden at 1366 px: the square plot is centred in a wider figure).
    It now stands under the plot: no legend entry over an axis label, no text cut by the figure's edge, and
    the y axis labelled up to 1, at a laptop's size in English and on a phone in Chinese.  The section's
    table of losses and top-k accuracies is whole on the phone too (as a data frame its fifth column ran off
    the screen, to be scrolled to)."""
    from screens_js import LEGEND_OVER_AXIS, TEXT_CUT
    figure = ".st-key-multiclass_reliability .js-plotly-plot"
    for lang, width, height in (("en", 1366, 768), ("zh", 390, 844)):
        open_url(tab, server + f"/multiclass?mc.src=iris&mc.sec=probabilities&lang={lang}", width, height)
        tab.locator(figure).scroll_into_view_if_needed(timeout=30_000)
        drawn(tab)
        assert tab.evaluate(LEGEND_OVER_AXIS) == [], (lang, width)
        assert tab.evaluate(TEXT_CUT) == [], (lang, width)
        ticks = tab.locator(f"{figure} .ytick text").evaluate_all("els => els.map(e => e.textContent)")
        assert "1" in ticks and "0.8" in ticks, (lang, ticks)
        cells = tab.locator("[data-testid='stTable'] th, [data-testid='stTable'] td").evaluate_all(
            "els => els.map(e => [e.textContent, e.getBoundingClientRect().right])")
        assert len(cells) >= 15 and all(right <= width for _, right in cells), (lang, cells)
        assert_clean(tab)
