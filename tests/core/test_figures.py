"""Figure builders draw the result objects they are given: traces carry the
results' own arrays, and every visible word comes from the caller."""
import json
from pathlib import Path

import numpy as np
import pytest

import evalcore as ec
from evalcore import datasets, figures
from evalcore.figures import style
from evalcore.figures.comparison import OBSERVED_ROW

ROC_TEXT = dict(x="X!", y="Y!", diagonal="D!", threshold="T!")
PR_TEXT = dict(x="X!", y="Y!", threshold="T!", p_eq_r="E!", bep="B!", best="M!", best_f1="F!")


@pytest.fixture(scope="module")
def tcs():
    ps = datasets.synthetic(3000, 1.2, 0.3, seed=1)
    return [ec.threshold_counts(ps.y, ps.scores[m]) for m in ps.models]


def test_roc_traces_are_the_views_arrays(tcs):
    views = [ec.roc_view(tc) for tc in tcs]
    points = [ec.operating_point(tc, 0.5) for tc in tcs]
    fig = figures.roc_curves(views, points, names=["a", "b"], text=ROC_TEXT)
    for i, v in enumerate(views):          # trace i is model i (clicks rely on it)
        np.testing.assert_array_equal(fig.data[i].x, v.x)
        np.testing.assert_array_equal(fig.data[i].y, v.y)
        np.testing.assert_allclose(np.asarray(fig.data[i].customdata)[:, 0], v.thresholds.astype(np.float32))
        assert f"{v.auc:.3f}" in fig.data[i].name
    marks = [t for t in fig.data if t.mode == "markers"]
    assert [(m.x[0], m.y[0]) for m in marks] == [(p.fpr, p.tpr) for p in points]
    assert fig.layout.xaxis.title.text == "X!" and fig.data[2].name == "D!"


def test_pr_traces_bep_and_best(tcs):
    views = [ec.pr_view(tc) for tc in tcs]
    beps = [tc.break_even_point() for tc in tcs]
    best = [ec.best_f(tc, beta=2.0) for tc in tcs]
    fig = figures.pr_curves(views, names=["a", "b"], text=PR_TEXT, beps=beps, best=best)
    for i, v in enumerate(views):
        np.testing.assert_array_equal(fig.data[i].x, v.x)
        assert f"{v.average_precision:.3f}" in fig.data[i].name
    diamonds = [t for t in fig.data if t.marker.symbol == "diamond"]
    assert [d.x[0] for d in diamonds] == beps and [d.y[0] for d in diamonds] == beps
    stars = [t for t in fig.data if t.marker.symbol == "star"]
    assert [(s.x[0], s.y[0]) for s in stars] == [(b.recall, b.precision) for b in best]


def test_histogram_and_matrix_carry_the_counts():
    h = ec.score_histogram([1, 0, 1, 0, 1], [0.9, 0.1, 0.6, 0.4, 0.2], bins=4)
    fig = figures.score_histogram(h, 0.5, text=dict(pos="P!", neg="N!", x="X!", y="Y!", threshold="T!"))
    np.testing.assert_array_equal(fig.data[0].y, h.neg_counts)
    np.testing.assert_array_equal(fig.data[1].y, h.pos_counts)
    line, = fig.layout.shapes                  # the threshold line carries its label: no annotation to redraw
    assert (line.x0, line.x1, line.label.text) == (0.5, 0.5, "T! = 0.5") and not fig.layout.annotations
    # its label hangs inside the plot (clear of the legend above it), reading away from the nearer edge
    assert (line.label.yanchor, line.label.textposition) == ("top", "end")
    lo, hi = h.edges[0], h.edges[-1]
    for thr, side in ((lo + 0.1 * (hi - lo), "left"), (lo + 0.9 * (hi - lo), "right")):
        moved = figures.score_histogram(h, thr, text=dict(pos="P", neg="N", x="X", y="Y", threshold="T"))
        assert moved.layout.shapes[0].label.xanchor == side
    # and the top quarter of the plot is its own: no bar reaches it (a four-row upload's bars ran under it)
    shares = (h.neg_counts.max() / h.neg_counts.sum(), h.pos_counts.max() / h.pos_counts.sum())
    for scale, tallest in (("count", max(h.neg_counts.max(), h.pos_counts.max())), ("density", max(shares))):
        fig = figures.score_histogram(h, 0.5, scale=scale, text=dict(pos="P", neg="N", x="X", y="Y", threshold="T"))
        assert fig.layout.yaxis.range[0] == 0 and tallest <= 0.75 * fig.layout.yaxis.range[1] + 1e-12, scale
    # on the log axis too, where a bin of one sample is a bar (plotly's range started at 1: a bar of no height)
    fig = figures.score_histogram(h, 0.5, scale="log", text=dict(pos="P", neg="N", x="X", y="Y", threshold="T"))
    lo, hi = fig.layout.yaxis.range
    assert 10 ** lo < 1 and min(h.neg_counts[h.neg_counts > 0].min(), h.pos_counts[h.pos_counts > 0].min()) == 1
    tallest = max(h.neg_counts.max(), h.pos_counts.max())
    assert np.log10(tallest) - lo == pytest.approx(0.75 * (hi - lo)), (lo, hi)
    c = ec.Counts(tp=3, fp=1, tn=5, fn=2)
    fig = figures.confusion_heatmap(c, text=dict(tp="tp", fn="fn", fp="fp", tn="tn", pos="P", neg="N", true="T",
                                                 pred="Q"))
    cells = "".join(np.ravel(fig.data[0].text))
    assert all(f"<b>{v}</b>" in cells for v in (3, 1, 5, 2))


@pytest.mark.parametrize("k", [3, 5, 6, 10])
def test_a_matrix_of_many_classes_has_square_cells_and_smaller_counts_on_a_phone(k):
    """The review: digits' 10 x 10 matrix on a phone had cells about 26 px wide and 90 px tall, the diagonal's
    counts cut ("17" for 178).  From six classes on, the figure carries a narrow layout (its height for rows
    about as tall as a phone's cells are wide) and smaller counts for its one trace; fewer classes keep theirs."""
    from evalcore.figures import confusion

    cm = np.full((k, k), 7) + np.diag(np.full(k, 1600))
    fig = figures.confusion_matrix_heatmap(cm, [f"c{i}" for i in range(k)], text=dict(true="T", pred="P"))
    narrow = (fig.layout.meta or {}).get("narrow")
    if k < confusion.NARROW_MANY:
        assert narrow is None
        return
    assert narrow["below"] == style.NARROW_BELOW
    assert narrow["layout"]["height"] == confusion.NARROW_TOP + confusion.NARROW_CELL * k < fig.layout.height
    assert narrow["data"] == {0: {"textfont.size": confusion.NARROW_CELL_TEXT}}
    assert confusion.NARROW_CELL_TEXT < fig.data[0].textfont.size
    assert json.loads(fig.to_json())["layout"]["meta"]["narrow"]["data"] == {"0": {"textfont.size": 10}}


def test_a_narrow_matrixs_counts_are_as_large_as_a_phones_cell_allows():
    """At 1366 px the K x K matrix's column is narrow too, and digits' three-digit counts were drawn at the
    10 px that "1,617" needs in a phone's 26 px cell.  The size now follows the longest count: each count's
    text, measured in the figures' font (Noto Sans CJK, as Chromium draws it), fits a 26 px cell (to
    "1,617", the size's floor) with room to spare; three digits get 12 px, and a count never gets a smaller
    size than a longer one."""
    from evalcore.figures import confusion

    font_file = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
    if not font_file.exists():
        pytest.skip("fonts-noto-cjk is not installed")
    from PIL import ImageFont

    sizes = []
    for largest in (7, 42, 178, 1617, 16170):
        size = confusion.narrow_cell_text(largest)
        width = ImageFont.truetype(str(font_file), size).getlength(f"{largest:,}")
        assert width <= 25 or size == confusion.NARROW_CELL_TEXT < 1617 < largest, (largest, size, width)
        sizes.append(size)
    assert sizes == sorted(sizes, reverse=True) and sizes[2] == 12 > confusion.NARROW_CELL_TEXT == sizes[3]
    cm = np.full((10, 10), 1) + np.diag(np.full(10, 177))
    fig = figures.confusion_matrix_heatmap(cm, [str(i) for i in range(10)], text=dict(true="T", pred="P"))
    assert fig.layout.meta["narrow"]["data"] == {0: {"textfont.size": 12}}


@pytest.mark.parametrize("seed", range(6))
def test_the_bins_meeting_at_the_threshold_equal_numpys_histogram_on_those_edges(seed):
    """Oracle: np.histogram of the raw scores on the returned edges, which are the bins' edges with the
    nearest inner one moved onto the threshold (or, nearer an outer edge, that bin split).  Scores on a
    coarse grid, so that thresholds on a score, on an edge, inside an empty bin and between ties all occur."""
    rng = np.random.default_rng(seed)
    y = rng.random(60) < 0.4
    s = np.round(rng.random(60), 2)
    h = ec.score_histogram(y, s, bins=7)
    tc = ec.threshold_counts(y, s)
    width = h.edges[1] - h.edges[0]
    for t in [*np.linspace(h.edges[0] - 0.1, h.edges[-1] + 0.1, 61), *h.edges, *s[:10], np.inf, -np.inf]:
        g = ec.split_histogram(h, tc, t)
        inside = h.edges[0] < t < h.edges[-1] and t not in h.edges
        k = np.searchsorted(h.edges, t, side="right") - 1 if inside else None
        if not inside or h.pos_counts[k] + h.neg_counts[k] == 0:
            assert g is h
            continue
        near = k if t - h.edges[k] <= h.edges[k + 1] - t else k + 1
        if near in (0, len(h.edges) - 1):
            edges = np.sort(np.append(h.edges, t))
        else:
            edges = h.edges.copy()
            edges[near] = t
            assert np.diff(edges).min() >= width / 2 - 1e-12          # no sliver hidden by the line
        np.testing.assert_array_equal(g.edges, edges)
        np.testing.assert_array_equal(g.pos_counts, np.histogram(s[y], bins=edges)[0])
        np.testing.assert_array_equal(g.neg_counts, np.histogram(s[~y], bins=edges)[0])
        # and the bars right of the threshold hold exactly the predicted positives
        right = g.edges[:-1] >= t
        c = tc.at(t)
        assert (g.pos_counts[right].sum(), g.neg_counts[right].sum()) == (c.tp, c.fp)


def test_no_drawn_bar_straddles_the_threshold_line():
    """The review's case: a positive scored 0.5 in a bin [0.50, 0.51), the threshold 0.503: drawn whole, its
    bar reached right of the line, while the counts call it a negative prediction."""
    y, s = [1, 0, 1, 0, 1, 0], [0.5, 0.45, 0.9, 0.2, 0.7, 0.6]
    h = ec.score_histogram(y, s, bins=40)
    for t in (0.503, 0.5, 0.61, 0.455):
        fig = figures.score_histogram(ec.split_histogram(h, ec.threshold_counts(y, s), t), t,
                                      text=dict(pos="P", neg="N", x="X", y="Y", threshold="T"))
        for bar in fig.data:
            for x, w, n in zip(bar.x, bar.width, bar.y):
                if n:
                    assert x + w / 2 <= t + 1e-12 or x - w / 2 >= t - 1e-12, (t, x, w)
    whole = figures.score_histogram(h, 0.503, text=dict(pos="P", neg="N", x="X", y="Y", threshold="T"))
    assert any(x - w / 2 < 0.503 < x + w / 2 and n for x, w, n in zip(whole.data[1].x, whole.data[1].width,
                                                                       whole.data[1].y))   # the case exists


def test_steps_strip_and_grid_carry_the_walk():
    y = [0, 1, 0, 0, 1, 0, 1, 1, 0]
    s = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]
    tc = ec.threshold_counts(y, s)
    steps = ec.roc_steps(tc)
    text = dict(x="x", y="y", walked="w", to_come="c", current="k", step="s")
    fig = figures.roc_step_figure(steps, 4, text=text)
    walked = next(t for t in fig.data if t.name == "w")
    np.testing.assert_array_equal(walked.x, steps.fpr[:5])
    np.testing.assert_array_equal(walked.y, steps.tpr[:5])
    grid = ec.rank_pair_grid(y, s)
    fig = figures.pair_grid_figure(grid, roc=tc.roc_curve(), text=dict(x="x", y="y", pos="p", neg="n", penalty="z"))
    np.testing.assert_array_equal(fig.data[0].z, grid.penalty)


def test_cost_figure_curves_and_highlight_indices(tcs):
    curves = [tc.cost_curve() for tc in tcs]
    opt = [ec.optimal_threshold(tc, p=0.3, cost01=2, cost10=1) for tc in tcs]
    cur = [ec.cost_at(tc, 0.5, p=0.3, cost01=2, cost10=1) for tc in tcs]
    text = {k: k.upper() for k in ("roc_title", "cost_title", "lines", "points", "line_hover", "iso", "area",
                                   "current", "optimal", "fpr", "tpr", "norm")}
    names = ["hl-roc", "<b>x</b>"]           # hostile names cannot break the wiring
    fig = figures.cost_linked_figure([ec.roc_view(tc) for tc in tcs], [ec.roc_hull_points(tc) for tc in tcs],
                                     curves, ec.cost_line_sample(curves[0], max_lines=50), cur, opt, names=names,
                                     pc=ec.probability_cost(0.3, 2, 1), text=text)
    envelopes = [t for t in fig.data if t.line.width == 4 and t.xaxis == "x2" and t.x is not None and len(t.x) > 2]
    for env, cc in zip(envelopes, curves):
        np.testing.assert_array_equal(env.x, cc.x)
        np.testing.assert_array_equal(env.y, cc.envelope)
    meta = fig.layout.meta
    assert fig.data[meta["hl_roc"]].x == () and fig.data[meta["hl_cost"]].xaxis == "x2"


def test_cost_figure_a_threshold_move_changes_only_the_current_dots(tcs):
    """The current points are pixel-sized circle shapes at (FPR, TPR) and at
    (pc, cost_norm): a threshold move changes the layout's shapes and nothing
    else, which lets the page move them in place (ui/live/figure.js)."""
    curves = [tc.cost_curve() for tc in tcs]
    opt = [ec.optimal_threshold(tc, p=0.3, cost01=2, cost10=1) for tc in tcs]
    text = {k: k for k in ("roc_title", "cost_title", "lines", "points", "line_hover", "iso", "area", "current",
                           "optimal", "fpr", "tpr", "norm")}
    pc = ec.probability_cost(0.3, 2, 1)
    specs = []
    for thr in (0.5, 0.45):
        cur = [ec.cost_at(tc, thr, p=0.3, cost01=2, cost10=1) for tc in tcs]
        fig = figures.cost_linked_figure([ec.roc_view(tc) for tc in tcs], [ec.roc_hull_points(tc) for tc in tcs],
                                         curves, ec.cost_line_sample(curves[0], max_lines=50), cur, opt,
                                         names=["a", "b"], pc=pc, text=text)
        spec = json.loads(fig.to_json())
        dots = [s for s in spec["layout"]["shapes"] if s["type"] == "circle"]
        assert [(d["xref"], d["xanchor"], d["yanchor"]) for d in dots] == [
            v for c in cur for v in (("x", c.fpr, c.tpr), ("x2", pc, c.norm_cost))]
        assert all(d["xsizemode"] == d["ysizemode"] == "pixel" and d["x1"] - d["x0"] == 15 for d in dots)
        spec["layout"].pop("shapes")
        specs.append(spec)
    assert cur[0].fpr != ec.cost_at(tcs[0], 0.5, p=0.3, cost01=2, cost10=1).fpr    # the dots did move
    assert specs[0] == specs[1]


def test_builders_need_their_text():
    with pytest.raises(KeyError, match="missing"):
        figures.roc_curves([], names=[], text={"x": "only"})


def test_palette_is_the_only_source_of_colours():
    import re
    from pathlib import Path

    for f in Path(style.__file__).parent.glob("*.py"):
        if f.name != "style.py":
            assert not re.search(r"#[0-9A-Fa-f]{6}|rgba?\(", f.read_text(encoding="utf-8")), f.name


def test_crowded_markers_get_a_magnified_inset_on_white():
    """Breast cancer's nine P-R markers (BEP, max F1, threshold of three
    models) sit within 0.13 of each other: they are redrawn magnified in an
    empty corner; spread-out markers are not."""
    from evalcore import datasets as ds

    ps = ds.resolve("breast-cancer")
    tcs = [ec.threshold_counts(ps.y, ps.scores[m]) for m in ps.models[:3]]
    views = [ec.pr_view(tc) for tc in tcs]
    beps = [tc.break_even_point() for tc in tcs]
    best = [ec.best_f(tc, beta=1.0) for tc in tcs]
    points = [ec.operating_point(tc, 0.5) for tc in tcs]
    text = dict(PR_TEXT, inset="Z{zoom}!")
    fig = figures.pr_curves(views, points, names=ps.models[:3], text=text, beps=beps, best=best)
    plain = figures.pr_curves(views, points, names=ps.models[:3], text=PR_TEXT, beps=beps, best=best)
    extra = fig.data[len(plain.data):]
    box = extra[0]                                             # the white box, drawn before the magnified copy
    assert box.fill == "toself" and box.fillcolor.upper() == style.PAPER
    inset = ec.crowded_inset([t.x[0] for t in plain.data if t.mode == "markers"],
                             [t.y[0] for t in plain.data if t.mode == "markers"], curves=[(v.x, v.y) for v in views])
    assert inset is not None and inset.zoom > 2
    copies = [t for t in extra if t.mode == "markers"]
    assert len(copies) == 9
    for c in copies:                                            # every copy inside the target box
        assert inset.target[0] <= c.x[0] <= inset.target[1] and inset.target[2] <= c.y[0] <= inset.target[3]
    assert any(a.text.startswith("Z") and a.text.endswith("!") for a in fig.layout.annotations)
    # the first three traces are still the models' curves (clicks rely on it)
    for i, v in enumerate(views):
        np.testing.assert_array_equal(fig.data[i].x, v.x)
    # markers far apart: no inset
    assert ec.crowded_inset([0.1, 0.5, 0.9], [0.9, 0.5, 0.1]) is None


def test_clip_polyline_cuts_at_the_box_edges():
    x, y = ec.clip_polyline([0.0, 1.0, 1.0], [0.5, 0.5, 0.0], (0.25, 0.75, 0.0, 1.0))
    np.testing.assert_allclose(x, [0.25, 0.75])
    np.testing.assert_allclose(y, [0.5, 0.5])
    # a polyline leaving and re-entering: two pieces separated by NaN
    x, y = ec.clip_polyline([0, 1, 2, 3], [0.5, 2, 2, 0.5], (0, 3, 0, 1))
    assert np.isnan(x).sum() == 1
    assert np.nanmax(y) <= 1 + 1e-12 and np.nanmin(x) >= 0 and np.nanmax(x) <= 3
    inset = ec.Inset((0.8, 1.0, 0.8, 1.0), (0.05, 0.45, 0.05, 0.45), 2.0)
    np.testing.assert_allclose(inset.map([0.8, 1.0], [0.8, 1.0]), [[0.05, 0.45], [0.05, 0.45]])


def test_curves_draw_at_most_so_many_click_markers(tcs):
    """Every drawn marker is an SVG node (2,000 cost ~200 ms a redraw in
    Chromium); plotly draws at most CLICK_MARKERS, and hover and clicks still
    reach every point of the trace."""
    from evalcore.figures.curves import CLICK_MARKERS

    for fig in (figures.roc_curves([ec.roc_view(tc) for tc in tcs], names=["a", "b"], text=ROC_TEXT),
                figures.pr_curves([ec.pr_view(tc) for tc in tcs], names=["a", "b"], text=PR_TEXT)):
        for t in fig.data[:2]:
            assert t.mode == "lines+markers" and t.marker.maxdisplayed == CLICK_MARKERS <= 200


def test_the_rejection_figure_writes_each_rate_clear_of_its_error_bar_and_names_each_test_whole():
    """The rates sat on their error bars and on the alpha line, and long test names were cut short."""
    sim = ec.simulate_tests(replications=200, n=60, seed=1)
    names = [f"test {i} with a rather long name (numerator (Δ₁¹+Δ₁²)/2, the book)" for i in range(len(sim.tests))]
    fig = figures.rejection_figure(sim, names=names, text=REJECTION_TEXT)
    bars = [t for t in fig.data if t.type == "bar"]
    labels = next(t for t in fig.data if t.type == "scatter" and t.mode == "text")
    ys = [y for b in bars for y in b.y]
    err = dict(zip(ys, [e for b in bars for e in b.error_x.array]))
    err = np.array([err[y] for y in labels.y])
    band = 2 * sim.standard_error
    assert list(labels.text) == [f"{r:.3f}" for r in sim.rate]
    assert np.all(np.asarray(labels.x) > np.asarray(sim.rate) + err)           # right of the error bar
    assert np.all(np.asarray(labels.x) > sim.alpha + band)                     # and of the alpha band
    assert max(labels.x) < fig.layout.xaxis.range[1]
    assert labels.textfont.size == fig.layout.font.size                       # the names' size (was 14 beside 17)
    assert [y.replace("<br>", " ") for y in fig.layout.yaxis.categoryarray] == names   # whole names, in order
    assert all(len(line) <= 40 for y in ys for line in y.split("<br>"))


def test_the_rejection_figure_on_a_phone_names_each_test_above_its_bar():
    """On a phone the names beside the bars took half the plot.  The narrow layout (applied by the figure drawn
    in place) hides the tick names and shows one annotation per test, whole and on one line, standing just
    above its bar (the bar spans i +- (1 - bargap) / 2), and lifts alpha's label above the first name; at
    full width they stay hidden."""
    sim = ec.simulate_tests(replications=200, n=60, seed=1)
    names = [f"test {i} with a rather long name (numerator (Δ₁¹+Δ₁²)/2, the book)" for i in range(len(sim.tests))]
    fig = figures.rejection_figure(sim, names=names, text=REJECTION_TEXT)
    narrow = fig.layout.meta["narrow"]
    assert narrow["below"] == 480 and narrow["layout"]["yaxis.showticklabels"] is False
    notes = fig.layout.annotations
    shown = sorted(int(k.split(".")[1]) for k, v in narrow["layout"].items() if k.endswith(".visible") and v)
    assert [notes[i].text for i in shown] == names and all(notes[i].visible is False for i in shown)
    half = (1 - narrow["layout"]["bargap"]) / 2
    for row, i in enumerate(shown):
        assert notes[i].yanchor == "bottom" and row - 0.5 < notes[i].y < row - half      # above its own bar
    (alpha,) = [k for k in narrow["layout"] if k.endswith(".y")]
    assert notes[int(alpha.split(".")[1])].text == "α = 0.05" and narrow["layout"][alpha] < notes[shown[0]].y - 0.3
    assert narrow["layout"]["yaxis.range"][1] < narrow["layout"][alpha] - 0.3            # room above it


REJECTION_TEXT = {"x": "share rejecting", "alpha": "α = 0.05", "ok": "keeps α", "over": "above α",
                  "top": "most powerful", "rest": "the others"}


def test_the_rejection_bars_are_coloured_by_what_the_rate_means_with_a_legend():
    """Issue 32: with an effect the bars kept the α colours (green / orange), which there mean
    nothing.  No effect: keeps α vs above α, from the verdicts; an effect: the most powerful
    (within 2 se of the highest) vs the rest, and no α colour."""
    null = ec.simulate_tests(replications=300, n=60, seed=1)
    fig = figures.rejection_figure(null, names=list(null.tests), text=REJECTION_TEXT)
    bars = {b.name: list(b.y) for b in fig.data if b.type == "bar"}
    above = [n for n, v in zip(null.tests, null.verdicts) if v == "above"]
    assert above and bars["above α"] == above and "most powerful" not in bars
    assert all(b.showlegend is not False for b in fig.data if b.type == "bar")
    power = ec.simulate_tests(replications=300, n=60, effect=0.1, seed=1)
    fig = figures.rejection_figure(power, names=list(power.tests), text=REJECTION_TEXT)
    bars = {b.name: b for b in fig.data if b.type == "bar"}
    assert set(bars) <= {"most powerful", "the others"} and "above α" not in bars and "keeps α" not in bars
    top = [n for n, r in zip(power.tests, power.rate) if r >= power.rate.max() - 2 * np.sqrt(
        power.rate.max() * (1 - power.rate.max()) / 300)]
    assert list(bars["most powerful"].y) == top
    assert bars["most powerful"].marker.color != bars.get("the others", bars["most powerful"]).marker.color or \
        len(bars) == 1


@pytest.mark.parametrize("title", [None, "标题 · a title"])
def test_the_shared_layout_is_what_one_update_layout_call_gives(title):
    """style.layout sets the shared layout property by property (3 ms less per
    figure); plotly's own update_layout with the same dicts is the reference,
    on a figure whose builder set a legend, margins and a title before."""
    import json

    import plotly.graph_objects as go

    from evalcore.figures import style

    def built():
        fig = go.Figure(go.Scatter(x=[0, 1], y=[1, 0], name="m"))
        fig.update_layout(title="before", legend=dict(x=0.98, xanchor="right"), margin=dict(l=5, b=7), height=99)
        return fig

    reference = built()
    reference.update_layout(template=style.TEMPLATE, font=style.FONT, height=333,
                            title=dict(text=title, font=dict(size=style.TITLE_SIZE)) if title else None,
                            margin=dict(l=70, r=30, t=60 if title else 30, b=style.MARGIN_B),
                            legend=dict(font=dict(size=style.LEGEND_SIZE)), hoverlabel=dict(font_size=style.HOVER_SIZE))
    mine, theirs = (json.loads(f.to_json()) for f in (style.layout(built(), title, 333), reference))
    for j in (mine, theirs):                       # an empty title and none draw the same
        if j["layout"].get("title") == {}:
            del j["layout"]["title"]
    assert mine == theirs


def test_the_legend_below_is_written_as_update_layout_would_write_it():
    """style.legend_below writes the margin and the legend unchecked, merged into what the builder set: the
    same figure as plotly's update_layout with the same values (the place itself is tested above)."""
    import plotly.graph_objects as go

    def built():
        fig = go.Figure(go.Scatter(x=[0, 1], y=[1, 0], name="m"))
        fig.update_layout(legend=dict(bgcolor="#eeeeee", font=dict(color="red")), margin=dict(l=5, pad=3))
        return style.layout(fig, "t", 400)

    mine = style.legend_below(built(), rows=2)
    reference = built()
    reference.update_layout(margin=dict(b=mine.layout.margin.b),
                            legend=dict(orientation="h", x=0, xanchor="left", y=mine.layout.legend.y, yanchor="top"))
    assert json.loads(mine.to_json()) == json.loads(reference.to_json())
    assert mine.layout.legend.bgcolor == "#eeeeee" and mine.layout.margin.pad == 3      # the builder's own kept


def test_a_figures_template_is_its_own():
    """style.layout gives each figure the template unchecked, as a dict plotly keeps and writes into: a change
    to one figure's template reaches neither the next figure nor the shared one."""
    import plotly.graph_objects as go

    first = style.layout(go.Figure())
    first.layout.template.layout.paper_bgcolor = "red"
    assert style.TEMPLATE_JSON["layout"].get("paper_bgcolor") != "red"
    assert style.layout(go.Figure()).layout.template.layout.paper_bgcolor != "red"


def test_lines_and_bands_added_at_once_are_plotlys_own():
    """style.across / band / add_shapes (one assignment) against plotly's add_vline, add_hline and add_vrect
    (a lookup and a check of every shape at each call), on a figure that has a shape already."""
    import plotly.graph_objects as go

    def base():
        fig = go.Figure(go.Scatter(x=[0, 1, 2], y=[3, 1, 2]))
        fig.add_shape(type="circle", x0=0, x1=1, y0=0, y1=1)
        return fig

    line, dotted = dict(color="#111111", width=3), dict(color="#777777", dash="dot")
    theirs = base()
    theirs.add_vrect(x0=0.5, x1=1.5, fillcolor="rgba(1, 2, 3, 0.1)", line_width=0, layer="below")
    theirs.add_vline(x=1.25, line=line, name="now", showlegend=True)
    theirs.add_hline(y=0, line=dotted)
    mine = style.add_shapes(base(), style.band(0.5, 1.5, fillcolor="rgba(1, 2, 3, 0.1)", line=dict(width=0),
                                               layer="below"),
                            style.across("x", 1.25, line=line, name="now", showlegend=True),
                            style.across("y", 0, line=dotted))
    assert json.loads(mine.to_json()) == json.loads(theirs.to_json())


@pytest.mark.parametrize("top", [1, 2, 5, 6, 37, 200])
def test_the_class_votes_axis_counts_whole_students(top):
    """Counts of students on whole-number ticks, the smallest whole step that gives at most five of them
    up to the largest count (0.2 of a student was shown at 1 vote)."""
    from evalcore.figures import votes_figure

    fig = votes_figure(["a", "b"], [[top, 0]], correct=None, text=dict(title="t", y="n", first="1", second="2",
                                                                      right="ok"))
    d = fig.layout.yaxis.dtick
    assert d == int(d) >= 1 and top / d <= 5 and (d == 1 or top / (d - 1) > 5)
    assert fig.layout.yaxis.tickformat == "d" and fig.layout.yaxis.tick0 == 0


def _plain(spec):
    """A figure's JSON with typed arrays (``{"dtype", "bdata"}``) as lists, floats to 12 digits, NaN comparable."""
    import base64

    if isinstance(spec, dict):
        if {"dtype", "bdata"} <= set(spec):
            a = np.frombuffer(base64.b64decode(spec["bdata"]), dtype=spec["dtype"])
            if "shape" in spec:
                a = a.reshape([int(s) for s in str(spec["shape"]).split(",")])
            return _plain(a.tolist())
        return {k: _plain(v) for k, v in spec.items()}
    if isinstance(spec, list):
        return [_plain(v) for v in spec]
    if isinstance(spec, float):
        return "NaN" if spec != spec else round(spec, 12)      # a gap between two pieces of a line
    return spec


def _fast_figures(tcs):
    """Every builder made from plain dicts (style.fast_figure), with all its options."""
    ps = datasets.watermelon()
    tc = ec.threshold_counts(ps.y, ps.scores[ps.models[0]])
    rv, pv = [ec.roc_view(t) for t in tcs], [ec.pr_view(t) for t in tcs]
    pts = [ec.operating_point(t, 0.5) for t in tcs]
    curves = [t.cost_curve() for t in tcs]
    steps = ec.roc_steps(tc)
    yield "roc", figures.roc_curves(rv, pts, names=["a", "<b>"], text=dict(ROC_TEXT, title="t"),
                                    hulls=[ec.roc_hull_points(t) for t in tcs], width=None)
    yield "pr", figures.pr_curves(pv, pts, names=["a", "b"], text=dict(PR_TEXT, inset="Z{zoom}"),
                                  beps=[t.break_even_point() for t in tcs], best=[ec.best_f(t, beta=2.0) for t in tcs],
                                  best_f1=[ec.best_f(t, beta=1.0) for t in tcs],
                                  iso=[(f"F{v}", *ec.f_iso_curve(v, beta=2.0)) for v in (0.4, 0.8)])
    yield "step", figures.roc_step_figure(ec.coarsen_steps(steps, 5), 3, full=rv[0], text=dict(
        x="x", y="y", walked="w", to_come="c", current="k", step="s", title="t"))
    yield "strip", figures.ranked_strip(ec.ranked_samples(ps.y, ps.scores[ps.models[0]]), 4, ids=ps.ids, text=dict(
        pos="p", neg="n", x="x", y="y", cut="c", score="s", rank="r", step="k"))
    yield "histogram", figures.score_histogram(ec.score_histogram(ps.y, ps.scores[ps.models[0]], bins=10), 0.5,
                                               text=dict(pos="P", neg="N", x="X", y="Y", threshold="T", title="t"))
    yield "matrix", figures.confusion_heatmap(ec.Counts(tp=3, fp=1, tn=5, fn=2), text=dict(
        tp="tp", fn="fn", fp="fp", tn="tn", pos="P", neg="N", true="T", pred="Q"))
    yield "cost", figures.cost_linked_figure(
        rv, [ec.roc_hull_points(t) for t in tcs], curves, ec.cost_line_sample(curves[0], max_lines=50),
        [ec.cost_at(t, 0.5, p=0.3, cost01=2, cost10=1) for t in tcs],
        [ec.optimal_threshold(t, p=0.3, cost01=2, cost10=1) for t in tcs], names=["a", "b"],
        pc=ec.probability_cost(0.3, 2, 1), text={k: k for k in (
            "roc_title", "cost_title", "lines", "points", "line_hover", "iso", "area", "current", "optimal", "fpr",
            "tpr", "norm")})


def test_figures_built_from_plain_dicts_are_what_plotlys_validation_makes_of_them(tcs):
    """The builders redrawn on every threshold move or step skip plotly's
    validation (style.fast_figure, ~10x faster).  Each one's JSON, read back
    through plotly's validators, comes out the same: no property plotly.js
    would not know (a ``font_size`` in a plain dict is not expanded) and no
    value plotly would change."""
    import plotly.graph_objects as go

    for name, fig in _fast_figures(tcs):
        spec = json.loads(fig.to_json())
        assert _plain(json.loads(go.Figure(spec).to_json())) == _plain(spec), name


def test_figure_json_writes_what_plotlys_to_json_writes(tcs):
    """style.figure_json, the quick path for the figures sent on every move,
    gives plotly's own text, character for character, for every plain-dict
    builder's figure built, and its JSON unbuilt; and for arrays of every kind plotly treats apart
    (64-bit integers narrowed or left as lists, booleans, strings, dates,
    2-D, empty, NaN, a pandas Series, arrays inside lists, a "range" key
    plotly does not encode)."""
    import pandas as pd
    import plotly.graph_objects as go

    from evalcore.figures.style import figure_json

    odd = go.Figure(_validate=False)
    odd.add_trace(go.Scatter(x=np.array([1, 2, 3], dtype=np.int64), y=np.array([0.5, np.nan, np.inf]),
                             text=np.array(["a", "<b>", "c"]), customdata=np.array([[1, 2], [3, 4], [5, 6]]),
                             marker=dict(size=np.array([2**40, 1, 2], dtype=np.int64),
                                         color=np.array([True, False, True]))))
    odd.add_trace(go.Scatter(x=pd.Series([1.5, 2.5]), y=np.array([70_000, 3], dtype=np.uint64),
                             ids=[np.array([1, 2]), "z"]))
    odd.add_trace(go.Bar(x=np.array(["2026-01-01", "2026-01-02"], dtype="datetime64[D]"),
                         y=np.array([1, 2], dtype=np.float32), width=np.array([])))
    odd.add_trace(go.Heatmap(z=np.arange(6, dtype=np.int16).reshape(2, 3)))
    odd.update_layout(xaxis_range=np.array([0.0, 3.0]), title="<i>t</i>")
    for name, fig in _fast_figures(tcs):          # never built: the same JSON (plotly orders a trace's keys)
        assert json.loads(figure_json(fig)) == json.loads(fig.to_json()), name
    for name, fig in [*((n, f.figure) for n, f in _fast_figures(tcs)), ("odd arrays", odd)]:
        assert figure_json(fig) == fig.to_json(), name
    built = next(f for n, f in _fast_figures(tcs) if n == "roc")
    built.update_layout(height=123)                 # a plain figure asked for plotly's: its changes are sent
    assert json.loads(figure_json(built))["layout"]["height"] == 123


def test_the_ranked_strips_long_score_title_goes_in_lines_a_short_one_stays():
    """The strip is 300 px high: "score (logistic regression (leave-one-out))"
    on one vertical line was cut at both ends.  Broken at spaces it fits;
    a short title, or one without spaces (Chinese), stays one line, and an
    escaped name is not escaped twice."""
    ps = datasets.watermelon()
    ranked = ec.ranked_samples(ps.y, ps.scores[ps.models[0]])
    text = dict(pos="p", neg="n", x="x", cut="c", score="s", rank="r", step="k")

    def title(y):
        return figures.ranked_strip(ranked, 2, text=dict(text, y=y)).layout.yaxis.title.text

    long = "score (logistic regression (leave-one-out))"
    lines = title(long).split("<br>")
    assert len(lines) > 1 and " ".join(lines) == long and max(map(len, lines)) <= 28
    for short in ("score (tree)", "分数(逻辑回归(留一法))", "score (a &amp; b)"):
        assert title(short) == short


@pytest.mark.parametrize("x", ["拒绝 H₀ 的比例(第一类错误率)", "share rejecting H₀ (Type I error)"])
def test_the_rejection_figures_axis_title_puts_its_gloss_below_and_the_legend_below_both(x):
    """On a phone's narrow plot (the test names take the left half) the one-line title ran past the
    figure's right edge; its gloss goes on a second line, and the legend under the plot moves down
    a line for it.  A title without a gloss stays one line, and so does one on a projector."""
    sim = ec.simulate_tests(replications=200, n=60, seed=1)
    names = [f"t{i}" for i in range(len(sim.tests))]
    two = figures.rejection_figure(sim, names=names, text=dict(REJECTION_TEXT, x=x))
    one = figures.rejection_figure(sim, names=names, text=dict(REJECTION_TEXT, x="share rejecting"))
    head, gloss = two.layout.xaxis.title.text.split("<br>")
    assert gloss.startswith("(") and f"{head}{gloss}".replace(" ", "") == x.replace(" ", "")
    assert one.layout.xaxis.title.text == "share rejecting"
    assert two.layout.legend.y < one.layout.legend.y and two.layout.margin.b > one.layout.margin.b
    # a projector's wide, short plot keeps it on one line: the bars keep the height their names need
    kept = figures.rejection_figure(sim, names=names, text=dict(REJECTION_TEXT, x=x), gloss_line=False)
    assert kept.layout.xaxis.title.text == x


def test_a_critical_value_at_the_observed_one_is_named_in_its_label_not_under_it():
    """The compare page's default binomial test (30 samples, 6 errors, eps0 0.1) has its observed count
    at the critical value 6: the two labels were drawn one over the other.  The observed value's label
    names the critical value there; a critical value elsewhere keeps its own label above the plot."""
    text = dict(x="X", y="Y", region="R", critical="crit", observed="obs")
    same = figures.null_figure(ec.null_distribution(ec.binomial_test(6, 30, 0.1)), text=text)
    notes = [a.text for a in same.layout.annotations]
    assert ec.binomial_test(6, 30, 0.1).critical == 6
    assert [n for n in notes if "obs" in n] == ["<b>obs 6</b> · crit 6"]
    assert not any(n.startswith("crit") for n in notes)
    apart = figures.null_figure(ec.null_distribution(ec.binomial_test(9, 30, 0.1)), text=text)
    notes = [a.text for a in apart.layout.annotations]
    assert "crit 6" in notes and "<b>obs 9</b>" in notes


def test_the_observed_value_is_named_above_the_plot_never_over_its_bars():
    """The observed value's label sat inside the plot at 1.12 x the density's top, in a y range up to 1.25 x:
    on a projector's first screen (a plot about 80 px tall) its box lay over the tallest bars.  It sits
    above the plot now, a row above the critical values' labels when there are any apart from it, and the
    plot's range keeps no headroom for it; the top margin holds the rows."""
    text = dict(x="X", y="Y", region="R", critical="crit", observed="obs")
    for errors, rows in ((6, 1), (9, 2)):            # the critical value named in the observed label; apart
        r = ec.binomial_test(errors, 30, 0.1)
        fig = figures.null_figure(ec.null_distribution(r), text=text)
        obs = next(a for a in fig.layout.annotations if "obs" in a.text)
        assert (obs.yref, obs.y, obs.yanchor) == ("paper", 1.0, "bottom")
        assert obs.yshift == (rows - 1) * OBSERVED_ROW
        crit = [a for a in fig.layout.annotations if a.text.startswith("crit")]
        assert all((a.yref, a.y, a.yshift) == ("paper", 1.0, None) for a in crit) and len(crit) == rows - 1
        top = float(np.max(ec.null_distribution(r).density))
        assert fig.layout.yaxis.range[1] <= 1.06 * top + 1e-12
        assert fig.layout.margin.t >= rows * OBSERVED_ROW


def test_a_null_distributions_axis_is_its_own_range_and_its_labels_stay_over_the_plot():
    """A browser review: with the sidebar opened at 1024 px the binomial's plot was narrower and its x axis
    ran from -17 errors: plotly widens an autoranged axis until every label above the plot fits in data units.
    The axis now spans the distribution (a bar's half width at each end) with the critical and observed
    values, whatever the labels; a label near either end is anchored at its line's inner side, so it lies
    over the plot, and one in the middle stays centred on its line."""
    text = dict(x="X", y="Y", region="R", critical="crit", observed="obs")
    cases = ((ec.binomial_test(6, 30, 0.1), "left"), (ec.binomial_test(29, 30, 0.1), "right"),
             (ec.binomial_test(15, 30, 0.5), "center"), (ec.t_test([0.12, 0.10, 0.14, 0.09, 0.11], 0.1), "center"),
             (ec.t_test([0.32, 0.30, 0.34, 0.29, 0.31], 0.1), "right"))
    for r, where in cases:
        nd = ec.null_distribution(r)
        fig = figures.null_figure(nd, text=text)
        lo, hi = fig.layout.xaxis.range
        step = float(np.min(np.diff(nd.x))) if nd.discrete else 0.0
        marks = [v for v in (*nd.critical, nd.observed) if np.isfinite(v)]
        assert lo <= min(nd.x.min() - step / 2, *marks) and hi >= max(nd.x.max() + step / 2, *marks)
        assert lo >= min(nd.x.min() - step / 2, *marks) - 0.03 * (hi - lo)          # no room kept for labels
        obs = next(a for a in fig.layout.annotations if "obs" in a.text)
        assert obs.xanchor == where, (r, obs.xanchor)
        side = (obs.x - lo) / (hi - lo)
        assert (side < 0.3) == (where == "left") and (side > 0.7) == (where == "right")


def test_each_part_of_the_rejection_region_is_also_a_band_the_plots_height():
    """The review: McNemar's chi-square(1) beyond 3.841 has a density of about 0.02, so the area shaded under
    it was invisible beside its legend entry.  Each part of the region is also a faint band: one from the
    critical value to the grid's end (chi-square), two for a two-sided t-test, one over a binomial's tail."""
    text = dict(x="X", y="Y", region="R", critical="crit", observed="obs")
    for r, parts in ((ec.mcnemar(2, 10), 1), (ec.t_test([0.12, 0.10, 0.14, 0.09, 0.11], 0.1), 2),
                     (ec.binomial_test(9, 30, 0.1), 1)):
        nd = ec.null_distribution(r)
        fig = figures.null_figure(nd, text=text)
        bands = [sh for sh in fig.layout.shapes if sh.type == "rect"]
        assert len(bands) == parts and all(b.yref == "y domain" or b.yref == "paper" for b in bands), bands
        covered = [x for x in nd.x if any(b.x0 <= x <= b.x1 for b in bands)]
        assert set(covered) == set(nd.x[nd.reject])                     # the band is the region, no more
        if not nd.discrete:
            assert sorted(c for b in bands for c in (b.x0, b.x1) if min(abs(c - v) for v in nd.critical) < 1e-9)


def test_the_fitting_figure_names_its_middle_regime_a_line_below_the_other_two():
    """Under-fitting, near the best and over-fitting are named at the top of their shaded regions; on a
    phone's narrow plot the first two met.  The middle one hangs a line lower; the outer two stay."""
    from types import SimpleNamespace

    from evalcore.figures.biasvar import fitting_figure
    from evalcore.fits import FitRegime, RegimeMap

    e = np.array([1.0, 0.5, 0.2, 0.21, 0.22, 0.5, 1.0, 2.0])
    runs = ["under", "under", "near", "near", "near", "over", "over", "over"]
    rmap = RegimeMap(tuple(FitRegime(r, float(v), 0.2, 2, 0.05) for r, v in zip(runs, e)), 0.002, "error")
    curve = SimpleNamespace(train_error=e / 2, test_error=e)
    text = dict(x="x", y="y", train="tr", test="te", under="U", near="N", over="O", current="now")
    fig = fitting_figure(curve, np.arange(8), 3, rmap, text=text)
    shift = {a.text: a.yshift or 0 for a in fig.layout.annotations}
    assert shift == {"U": 0, "N": -28, "O": 0}
    assert {a.font.size for a in fig.layout.annotations} == {14}     # at 16 px "U" ran into "O" on a phone
    # the bands and their names are what plotly's add_vrect with annotation_* writes (added here in one step)
    import plotly.graph_objects as go

    reference = go.Figure()
    for rect, note in zip([sh for sh in fig.layout.shapes if sh.type == "rect"], fig.layout.annotations):
        reference.add_vrect(x0=rect.x0, x1=rect.x1, fillcolor=rect.fillcolor, line_width=0, annotation_text=note.text,
                            annotation_position="top" if note.text == "N" else "top left", annotation_font_size=14,
                            annotation_yshift=-28 if note.text == "N" else 0,
                            annotation_bgcolor="rgba(255,255,255,0.85)")       # the current line passes behind
    mine = json.loads(fig.to_json())["layout"]
    theirs = json.loads(reference.to_json())["layout"]
    assert mine["annotations"] == theirs["annotations"] and mine["shapes"][:3] == theirs["shapes"]


def test_the_hold_out_figures_advised_band_is_named_above_the_plot_from_its_left_edge():
    """The book's advised test fractions, shaded, named between the title and the plot from the band's left
    edge on: inside the band the name (wider than 2 of 9 boxes on a phone) ran onto the boxes' whiskers.
    Without the band, no name and no extra line."""
    from evalcore.figures.methods import spread_figure

    text = dict(x="x", y="y", advice="the book", title="T")
    est = np.random.default_rng(0).normal(0.1, 0.01, (9, 10))
    x = [round(0.1 * i, 1) for i in range(1, 10)]
    banded = spread_figure(x, est, text=text, advice=(0.2, 1 / 3))
    plain = spread_figure(x, est, text=text)
    (name,) = banded.layout.annotations
    assert (name.text, name.x, name.xref, name.xanchor) == ("the book", 0.2, "x", "left")
    assert (name.yref, name.y, name.yanchor) == ("paper", 1, "bottom")
    assert len(banded.layout.shapes) == 1 and not plain.layout.shapes and not plain.layout.annotations
    assert banded.layout.margin.t == plain.layout.margin.t + 24


def test_the_iso_f_labels_have_the_right_margin_to_themselves(tcs):
    """The iso-F labels start at the plot's right edge (x = 1): on a phone's narrow figure the 30 px
    margin cut them; with them the margin holds a label, without them it stays narrow."""
    from evalcore.figures.curves import ISO_MARGIN

    views = [ec.pr_view(tc) for tc in tcs]
    iso = [(f"F1={v:.1f}", *ec.f_iso_curve(v, beta=1.0)) for v in (0.2, 0.8)]
    assert figures.pr_curves(views, names=["a", "b"], text=PR_TEXT, iso=iso).layout.margin.r == ISO_MARGIN >= 60
    assert figures.pr_curves(views, names=["a", "b"], text=PR_TEXT).layout.margin.r == 30


def test_the_roc_legend_sits_in_a_corner_no_curve_goes_through():
    """The ROC legend sits in the plot's bottom right, where a curve better than chance never goes; a
    curve worse than chance goes there (the cost page's resampled few samples, AUC 0.2, ran along TPR = 0
    under the legend), so the legend goes to the top left, unless a curve goes there too; and the square
    plot then keeps its figure's top left corner (centred in a projector's wide figure, that corner of the
    figure lay over the y axis's labels)."""
    def legend(*labels_scores):
        views = [ec.roc_view(ec.threshold_counts(y, s)) for y, s in labels_scores]
        fig = figures.roc_curves(views, names=[str(i) for i in range(len(views))],
                                 text=dict(x="FPR", y="TPR", diagonal="chance", threshold="t"))
        return fig.layout
    y = np.array([1, 1, 1, 1, 0, 0, 0, 0])
    good, bad = (y, np.arange(8.0)[::-1]), (y, np.arange(8.0))            # AUC 1 and AUC 0
    for lay, corner in ((legend(good), ("right", "bottom")), (legend(bad), ("left", "top")),
                        (legend(good, bad), ("right", "bottom"))):        # both corners taken: where it was
        assert (lay.legend.xanchor, lay.legend.yanchor) == corner
        keeps = ("left", "top") if corner == ("left", "top") else (None, "bottom")
        assert (lay.xaxis.constraintoward, lay.yaxis.constraintoward) == keeps
        assert lay.xaxis.range == lay.yaxis.range == (-style.SQUARE_PAD, 1 + style.SQUARE_PAD)   # never widened
    ws = datasets.watermelon()                                            # the book's data: a usual curve
    assert legend((ws.y, ws.scores[ws.models[0]])).legend.xanchor == "right"
    nine = datasets.seed_nine()                                           # the book's nine samples: AUC 0.4
    walk = ec.roc_steps(ec.threshold_counts(nine.y, nine.scores[nine.models[0]]))
    steps = figures.roc_step_figure(walk, 0, text=dict(x="FPR", y="TPR", walked="w", to_come="c", current="p",
                                                       step="s"))
    assert (steps.layout.legend.xanchor, steps.layout.xaxis.constraintoward) == ("left", "left")


def test_a_square_plot_on_a_phone_is_drawn_about_as_tall_as_it_is_wide():
    """The ROC and P-R figures keep equal scales by giving up height; in a phone's column (358 px) their
    560 px left about half of it empty above the plot.  Drawn in place there (figure.js's narrow layout)
    they take 420 px; wider columns keep their height."""
    ws = datasets.watermelon()
    tc = ec.threshold_counts(ws.y, ws.scores[ws.models[0]])
    for fig in (figures.roc_curves([ec.roc_view(tc)], names=["a"], text=dict(x="x", y="y", diagonal="d",
                                                                                 threshold="t")),
                figures.pr_curves([ec.pr_view(tc)], names=["a"], text=dict(x="x", y="y", threshold="t",
                                                                             p_eq_r="P = R", bep="B", best="F",
                                                                             best_f1="F1"))):
        narrow = fig.layout.meta["narrow"]
        assert narrow["below"] < 500 and narrow["layout"]["height"] < fig.layout.height


def test_the_limits_name_sits_at_the_end_of_its_line_away_from_the_current_m():
    """The review: at m = 1,000 the current m's line ran through "1/e ≈ 0.368" at the line's right end."""
    from evalcore.figures import methods as fm

    ms = np.array([2, 3, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000])
    e = (1 - 1 / ms) ** ms
    text = dict(x="x", y="y", exact="e", limit="1/e", simulated="s")
    for current, (x, xanchor) in ((20, (1, "right")), (1000, (0, "left"))):
        note, = fm.oob_limit_figure(ms, e, e, e / 10, current, text=text).layout.annotations
        assert (note.x, note.xanchor) == (x, xanchor)


def test_the_clustering_figure_moves_its_legend_under_the_plot_on_a_phone_and_its_points_stand_apart():
    """The lab's clustering figure: in a phone's column (layout.meta.narrow) its vertical legend goes under the
    x axis title, the figure taller by the legend's lines and the bottom margin holding them all; at full width
    it stays at the right.  The built-in points stand at least 0.8 apart (their numbered markers overlapped)."""
    from evalcore.figures.lab import clusters_figure
    from evalcore.figures.style import NARROW_BELOW
    from evalcore.presets import LAB_TABLES

    t = LAB_TABLES["clusters"]
    text = dict(x="x", y="y", cluster="cluster", cls="class", by_colour="colour", by_shape="shape")
    fig = clusters_figure(t["x"], t["y"], t["class"], [str(c) for c in t["cluster"]], text=text)
    narrow = fig.layout.meta["narrow"]
    lay = narrow["layout"]
    assert narrow["below"] == NARROW_BELOW and fig.layout.legend.orientation == "v" and fig.layout.legend.x is None
    rows = len(set(t["cluster"])) + len(set(t["class"])) + 2
    assert lay["legend.yanchor"] == "top" and lay["legend.y"] < 0 and lay["legend.x"] == 0
    assert lay["height"] - fig.layout.height >= rows * 20 and lay["margin.b"] >= rows * 20
    plot = lay["height"] - fig.layout.margin.t - lay["margin.b"]
    assert -lay["legend.y"] * plot >= 50                          # under the tick labels and the x title
    p = np.c_[t["x"], t["y"]]
    d = np.sqrt(((p[:, None] - p[None]) ** 2).sum(-1)) + np.eye(len(p)) * 9
    assert d.min() >= 0.8


def test_the_exercise_figures_put_their_legends_under_the_plot():
    """Exercises 2.4 and 2.10: a legend at the plot's right took a third of a phone's width (2.4, one entry) and
    left 2.10's plot 64 px wide, its nine N labels one blot; under the plot at every width."""
    from evalcore.figures.exercises import friedman_rates_figure, precision_prior_figure
    from evalcore.figures.style import is_legend_below

    rates = ec.friedman_rejection_rates(3, [3, 5, 10], alpha=0.05, effect=0.0, replications=50, seed=1)
    text = dict(x="N", y="share", chi2="chi2", f="F", alpha="α")
    prior = precision_prior_figure([0.1, 0.5, 0.9], [0.2, 0.6, 0.9], (0.5, 0.6), text=dict(x="π", y="P", now="now"))
    for fig in (friedman_rates_figure(rates, text=text), prior):
        assert is_legend_below(fig) and fig.layout.legend.x == 0


def test_the_square_exercise_figures_are_shorter_on_a_phone():
    """Exercises 2.3 and 2.6 on a phone: the square plot is as wide as the column (about 260 px), and the
    650 px figure left 390 px empty above it.  Drawn in place, they take a narrow height 140 px shorter (the
    square figures' narrow height and their legend's room), the legend still under the plot."""
    from evalcore.figures.exercises import f1_bep_figure, iso_error_figure
    from evalcore.figures.style import NARROW_BELOW, NARROW_SQUARE, is_legend_below

    pr = ([0.0, 0.5, 1.0], [1.0, 0.6, 0.5])
    bep = f1_bep_figure([pr], [(0.55, (1.0, 0.5))], names=["A"], text=dict(x="R", y="P", bep="BEP", f1="F1",
                                                                           diagonal="P = R"))
    iso = iso_error_figure(([0, 0.5, 1], [0, 0.8, 1]), ([0, 0.5, 1], [0, 0.8, 1]), [([0, 1], [0.2, 1.2], 0.1)],
                           (0.5, 0.8, 0.2), text=dict(x="F", y="T", roc="r", hull="h", iso="i", best="b"))
    for fig in (bep, iso):
        narrow = fig.layout.meta["narrow"]
        assert narrow["below"] == NARROW_BELOW and is_legend_below(fig)
        assert narrow["layout"]["height"] == NARROW_SQUARE["layout"]["height"] + 90 == fig.layout.height - 140


def test_the_duality_figure_stacks_its_panels_on_a_phone():
    """Exercise 2.7 on a phone: side by side the cost panel's y title was drawn over the ROC panel.  Below
    560 px the ROC panel stands above the cost panel, each the whole width, in a taller figure."""
    from evalcore.figures.exercises import duality_figure

    fpr, tpr = np.array([0.0, 0.2, 1.0]), np.array([0.0, 0.6, 1.0])
    text = {k: k for k in ("roc_x", "roc_y", "cost_x", "cost_y", "points", "lines", "envelope", "chosen", "hull")}
    fig = duality_figure(fpr, tpr, np.array([0, 1, 2]), (np.array([0.0, 1.0]), np.array([0.0, 0.0])), 1, text=text)
    lay = fig.layout.meta["narrow"]["layout"]
    assert fig.layout.xaxis.domain[1] < fig.layout.xaxis2.domain[0]                      # side by side when wide
    assert lay["xaxis.domain"] == lay["xaxis2.domain"] == [0.0, 1.0]
    assert lay["yaxis2.domain"][1] < lay["yaxis.domain"][0] and lay["height"] > fig.layout.height


def test_the_normalisation_figure_stacks_its_three_panels_on_a_phone():
    """Exercise 2.8 on a phone: side by side each panel's plot was 70 px wide.  Below 560 px the three panels
    stand one above the other, each the whole width, in order, apart, each title at its panel's top, in a
    taller figure whose legend the figure drawn in place puts just under the lowest panel."""
    from evalcore.figures.exercises import normalisation_figure

    X, y = np.array([[0.0, 1.0], [1.0, 0.0], [0.5, 0.5]]), np.array([1, 0, 1])
    fig = normalisation_figure([(X, y)] * 3, [np.array([[2.0, 2.0]])] * 3,
                               text=dict(titles=["raw", "min-max", "z"], pos="p", neg="n", new="new", x="x", y="y"))
    narrow = fig.layout.meta["narrow"]
    lay = narrow["layout"]
    assert narrow["below"] == 560 and lay["height"] > 2 * fig.layout.height and lay["legend.y"] > -0.05
    ys = [lay[f"yaxis{s}.domain"] for s in ("", "2", "3")]
    assert all(lay[f"xaxis{s}.domain"] == [0.0, 1.0] for s in ("", "2", "3"))
    assert all(below[1] + 0.05 < above[0] for above, below in zip(ys, ys[1:]))        # top to bottom, apart
    assert [a.text for a in fig.layout.annotations] == ["raw", "min-max", "z"]
    assert [lay[f"annotations.{i}.y"] for i in range(3)] == [d[1] for d in ys]
    assert fig.layout.xaxis.domain[1] < fig.layout.xaxis2.domain[0]                   # side by side when wide
    # each stacked panel names its y axis (side by side the first one's title names all three)
    assert fig.layout.yaxis.title.text == lay["yaxis2.title.text"] == lay["yaxis3.title.text"] == "y"
    assert fig.layout.yaxis2.title.text is None and fig.layout.yaxis3.title.text is None


# ------------------------------------------------ text on heatmap tiles (WCAG 2.1 contrast)
def _rgb(color: str) -> tuple[float, float, float, float]:
    if color.startswith("#"):
        return (*(int(color[i:i + 2], 16) for i in (1, 3, 5)), 1.0)
    parts = [float(x) for x in color[color.index("(") + 1:color.index(")")].split(",")]
    return (*parts[:3], parts[3] if len(parts) > 3 else 1.0)


def _luminance(rgb) -> float:
    """WCAG 2.1's relative luminance of an sRGB colour (0-255 channels)."""
    def f(v):
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = rgb[:3]
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b)


def _contrast(a, b) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _tones(scale, n=201):
    """The colours a heatmap draws along ``scale`` (stops of [position, colour]), each composed over the white
    plot: plotly.js interpolates the stops' RGBA linearly."""
    stops = [(float(p), _rgb(c)) for p, c in scale]
    for x in np.linspace(0, 1, n):
        j = max(i for i, (p, _) in enumerate(stops) if p <= x + 1e-12)
        (p0, c0), (p1, c1) = stops[j], stops[min(j + 1, len(stops) - 1)]
        w = 0.0 if p1 == p0 else (x - p0) / (p1 - p0)
        c = [a + (b - a) * w for a, b in zip(c0, c1)]
        yield tuple(c[i] * c[3] + 255 * (1 - c[3]) for i in range(3))


def _heatmaps_with_text():
    from evalcore.figures import confusion_heatmap, confusion_matrix_heatmap, matrix_grid, pvalue_matrix
    two = dict(tp="TP", fn="FN", fp="FP", tn="TN", pos="+", neg="-", true="true", pred="predicted")
    rng = np.random.default_rng(0)
    y = np.r_[np.ones(40), np.zeros(40)]
    scores = [y * s + rng.normal(size=80) for s in (0.2, 1.0, 2.0)]
    figs = {"2 x 2": confusion_heatmap(ec.Counts(46, 8, 5, 41), text=two),
            "K x K": confusion_matrix_heatmap(np.array([[50, 3], [7, 40]]), ["a", "b"], text=two),
            "one-vs-rest grid": matrix_grid([ec.Counts(46, 8, 5, 41)] * 2, ["a", "b"], text=two),
            "DeLong p-values": pvalue_matrix(ec.delong_pairwise(y, scores), ["m1", "m2", "m3"],
                                             text=dict(hover="{a} / {b}"))}
    for name, fig in figs.items():
        for trace in fig.to_plotly_json()["data"]:
            if trace.get("type") == "heatmap" and trace.get("texttemplate"):
                yield name, trace


@pytest.mark.parametrize("name, trace", list(_heatmaps_with_text()), ids=lambda v: v if isinstance(v, str) else "")
def test_counts_on_heatmap_tiles_have_aa_contrast_on_every_tone(name, trace):
    """The text a heatmap writes on its tiles (counts, p-values) is one colour with WCAG AA contrast (4.5 : 1,
    for text under 24 px) against every tone its scale draws.  plotly.js chooses white or dark grey by itself
    where no colour is given: white on a mid green ("TP 46") was 2.8 : 1."""
    color = trace["textfont"].get("color")
    assert color is not None, name
    worst = min(_contrast(_rgb(color), tone) for tone in _tones(trace["colorscale"]))
    assert worst >= 4.5, (name, worst)


def test_the_contrast_formula_and_why_the_tiles_name_their_text_colour():
    """WCAG's own figures: #767676 on white is 4.54 : 1, #777777 4.48 : 1.  plotly.js's own choice (tinycolor:
    white on a tile whose brightness is under 128, else #444) falls under even large text's 3 : 1 on a green
    tile of the 2 x 2 matrix's scale."""
    white = (255, 255, 255)
    assert round(_contrast((0x76,) * 3, white), 2) == 4.54 and round(_contrast((0x77,) * 3, white), 2) == 4.48
    from evalcore.figures.style import GOOD, PAPER

    def plotly_own(rgb):
        return white if (rgb[0] * 299 + rgb[1] * 587 + rgb[2] * 114) / 1000 < 128 else (0x44,) * 3
    worst = min(_contrast(plotly_own(tone), tone) for tone in _tones([[0, PAPER], [1, GOOD]]))
    assert worst < 3


def _square_figures_with_legends_under():
    from evalcore.figures import band_figure, cv_roc_figure, reliability_diagram
    rng = np.random.default_rng(1)
    y, p = rng.integers(0, 2, 300), rng.uniform(size=300)
    view = ec.roc_view(ec.threshold_counts(y, p))
    band = ec.bootstrap_counts(y, p, n_resamples=50, seed=0).roc_band()
    averaged = ec.roc_vertical_average([(view.x, view.y)] * 2)
    return {"reliability": reliability_diagram([ec.reliability_bins(y, p)], names=["m"],
                                               text=dict(x="score", y="share", diagonal="perfect", count="n")),
            "bootstrap band": band_figure([view], [band], names=["m"], kind="roc",
                                          text=dict(x="FPR", y="TPR", band="{name} band", diagonal="chance")),
            "CV folds": cv_roc_figure([(view.x, view.y)] * 2, averaged,
                                      text=dict(x="FPR", y="TPR", fold="fold", mean="mean", band="sd",
                                                diagonal="chance"))}


@pytest.mark.parametrize("name", ["reliability", "bootstrap band", "CV folds"])
def test_square_figures_put_their_legend_under_the_plot_and_are_shorter_on_a_phone(name):
    """The reliability diagram's legend stood in the plot's top left corner, over the y axis's tick labels at
    1366 px (the square plot centred in a wider figure); the bootstrap band's, in the bottom right corner,
    ran over the curves and the y axis of a phone's plot, and its fixed 600 px width ran off a phone.  All
    three have the legend under the plot, take their column's width, and on a phone (drawn in place) are
    about as tall as their square plot, axes and legend need."""
    from evalcore.figures.style import NARROW_BELOW, is_legend_below
    fig = _square_figures_with_legends_under()[name]
    assert is_legend_below(fig) and fig.layout.width is None
    narrow = fig.layout.meta["narrow"]
    assert narrow["below"] == NARROW_BELOW and 400 <= narrow["layout"]["height"] < fig.layout.height


def test_ten_curves_are_told_apart_by_colour_and_line():
    """Ten classes' or models' curves: the palette has seven colours, so classes 0 and 7 had the same blue
    line.  Each curve's (colour, line style) is its own."""
    from evalcore.figures import roc_curves
    rng = np.random.default_rng(2)
    y = rng.integers(0, 2, 200)
    views = [ec.roc_view(ec.threshold_counts(y, rng.uniform(size=200))) for _ in range(10)]
    fig = roc_curves(views, names=[str(i) for i in range(10)], width=None,
                     text=dict(x="FPR", y="TPR", diagonal="chance", threshold="t"))
    lines = [(t["line"]["color"], t["line"].get("dash", "solid")) for t in fig.to_plotly_json()["data"][:10]]
    assert len(set(lines)) == 10 and lines[0][1] == "solid" and lines[7][1] != "solid"


def test_the_roc_figure_puts_its_legend_under_the_plot_on_a_phone():
    """On a phone the ROC figure's legend, in the plot's corner, lay over the start of a poor model's curve and
    the tick labels there (a browser review): its narrow layout puts it under the x axis title, a line for
    each model and the diagonal, the figure as much taller.  The plain-dict form gives what legend_under
    gives for the same layout as a plotly Figure."""
    import plotly.graph_objects as go

    from evalcore.figures import roc_curves
    from evalcore.figures.style import NARROW_SQUARE, legend_under, plotly_figure
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 200)
    views = [ec.roc_view(ec.threshold_counts(y, rng.uniform(size=200))) for _ in range(2)]
    fig = roc_curves(views, names=["a", "b"], width=None, text=dict(x="FPR", y="TPR", diagonal="chance", threshold="t"))
    narrow = fig.layout.meta["narrow"]["layout"]
    assert narrow["legend.y"] < 0 and narrow["legend.yanchor"] == "top" and narrow["legend.x"] == 0
    assert narrow["height"] >= NARROW_SQUARE["layout"]["height"] + 5 * 20
    assert narrow == legend_under(go.Figure(plotly_figure(fig)), 5, NARROW_SQUARE["layout"]["height"])["layout"]
    # each model's entry on two lines there, its name over its AUC ("... (leave-one-out) (AUC = 0.653)" on one
    # line ran off a 390 px screen); wide, on one
    names = fig.layout.meta["narrow"]["data"]
    assert [names[i]["name"] for i in range(2)] == [t.name.replace(" (AUC", "<br>(AUC") for t in fig.data[:2]]
    assert all("<br>" not in t.name for t in fig.data[:2])


def test_a_two_sided_tests_critical_values_are_named_once_between_them():
    """The paired t-test's figure on a phone: "critical value -2.262" and "critical value 2.262", each centred
    on its line, ran into each other above a narrow plot.  A symmetric pair is named once, "± 2.262", midway
    between its two dotted lines (both still drawn); a one-sided test keeps its label on its line."""
    from scipy import stats

    text = dict(x="X", y="Y", region="R", critical="crit", observed="obs")
    r = ec.paired_t_test(np.array([0.10, 0.12, 0.09, 0.15, 0.11, 0.13, 0.10, 0.12, 0.14, 0.11]),
                         np.array([0.12, 0.13, 0.12, 0.16, 0.12, 0.15, 0.13, 0.12, 0.15, 0.14]))
    nd = ec.null_distribution(r)
    fig = figures.null_figure(nd, text=text)
    crit = [a for a in fig.layout.annotations if a.text.startswith("crit")]
    c = stats.t.ppf(0.975, 9)
    assert len(nd.critical) == 2 and [a.text for a in crit] == [f"crit ±{c:.4g}"] and abs(crit[0].x) < 1e-12
    lines = sorted(s.x0 for s in fig.layout.shapes if s.line.dash == "dot")
    assert lines == pytest.approx([-c, c])
    one = figures.null_figure(ec.null_distribution(ec.binomial_test(9, 30, 0.1)), text=text)
    assert [a.x for a in one.layout.annotations if a.text.startswith("crit")] == [6]


def test_the_lab_regression_figure_stacks_its_panels_on_a_phone():
    """The review: on a phone the residual panel's y title ("残差 y − ŷ") stood over the left panel's points.
    In a narrow column the two panels stand one above the other, each the column's width, apart."""
    from evalcore.figures.lab import regression_figure

    fig = regression_figure([1.0, 2.0, 3.5], [1.2, 1.9, 3.0], text=dict(y="y", yhat="ŷ", residual="r", ideal="i",
                                                                        mean="m"))
    narrow = fig.layout.meta["narrow"]
    assert narrow["below"] >= style.NARROW_BELOW
    lay = narrow["layout"]
    assert lay["xaxis.domain"] == lay["xaxis2.domain"] == [0.0, 1.0]
    (lo1, _), (_, hi2) = lay["yaxis.domain"], lay["yaxis2.domain"]
    assert hi2 < lo1 and lay["height"] > fig.layout.height                    # below it, in a taller figure
    assert fig.layout.xaxis.domain[1] < fig.layout.xaxis2.domain[0]          # side by side when wide


@pytest.mark.parametrize("m", [20, 50, 120, 400])
def test_the_bootstrap_balls_go_in_shorter_rows_on_a_phone(m):
    """The review: on a phone the bootstrap's twenty 18 px balls lay over each other in one row of a 330 px
    plot.  In a narrow column each ball has a place of its own in rows short enough that a ball's width fits
    its share of 330 px; the wide layout keeps its rows of 50."""
    from evalcore.figures import methods

    draws = np.random.default_rng(0).integers(0, m, size=m)
    text = dict(drawn="d", never="n", last="l", oob="o", count="c")
    fig = methods.balls_figure(draws, m, m // 2, text=text)
    narrow = fig.layout.meta["narrow"]
    places = [(x, y) for k, tr in narrow["data"].items() for x, y in zip(tr["x"], tr["y"])
              if fig.data[k].name != "l"]                                     # the last draw's ring aside
    assert len(places) == len(set(places)) == m
    per_row = narrow["layout"]["xaxis.range"][1]
    assert max(x for x, _ in places) == per_row - 1 and per_row * methods._size(m) <= 330
    for k, tr in narrow["data"].items():                                      # each trace's balls, in order
        assert len(tr["x"]) == len(fig.data[k].x)
    assert fig.layout.xaxis.range[1] == min(methods.PER_ROW, m)


def test_numbers_in_hover_texts_drop_trailing_zeros():
    """plotly formats a hover text's numbers with d3-format, whose ``g`` keeps trailing zeros: a ROC point's
    threshold showed as "≥ 0.700000" (a browser review).  ``~g`` trims them, as Python's ``g`` does."""
    import re
    from pathlib import Path

    import evalcore.figures
    folder = Path(evalcore.figures.__file__).parent
    kept = [(f.name, m.group(0)) for f in sorted(folder.glob("*.py"))
            for m in re.finditer(r"%\{\{?[\w\[\].]+:[^}~]*\d+[eg]\}", f.read_text(encoding="utf-8"))]
    assert kept == []
