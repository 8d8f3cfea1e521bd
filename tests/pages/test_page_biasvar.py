"""The bias-variance page under AppTest: the verdict follows the error
minimum, every truth and the training mode draw, every control in the link."""
import pytest
import math

from apptest_utils import figure, metrics, number, ok, round_trip, run, widget

import evalcore as ec


def terms(at):
    m = metrics(at)
    return {k: number(v) for k, v in m.items()}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_page_low_degree_bias_dominates_high_degree_variance(lang):
    at = run("pages/biasvar.py", lang=lang)
    ok(at)
    widget(at.slider, "_w_biasvar.degree").set_value(0).run()
    low = list(terms(at).values())
    widget(at.slider, "_w_biasvar.degree").set_value(12).run()
    high = list(terms(at).values())
    ok(at)
    assert low[0] > low[1] and high[1] > high[0]                       # bias², var
    for b, v, n, e, _ in (low, high):
        assert b + v + n == pytest.approx(e, rel=2e-3)                  # shown to 4 digits
    assert len(at.get("plotly_chart")) == 3


def test_page_training_degree_and_every_truth():
    at = run("pages/biasvar.py", lang="en")
    widget(at.radio, "_w_biasvar.mode").set_value("steps").run()
    ok(at)
    widget(at.select_slider, "_w_biasvar.steps").set_value(100_000).run()
    for truth in ec.TRUTHS:
        widget(at.radio, "_w_biasvar.truth").set_value(truth).run()
        ok(at)
    assert "gradient steps" in "\n".join(e.value for e in at.markdown)


def verdict(at):
    return next(e.value for e in at.info)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_page_verdict_follows_the_error_minimum(lang):
    """At degree 3 (the page's own minimum) "the best trade-off" (not "within 0.02 of the least", itself),
    never "variance dominates"; at degree 4, within the tolerance but not the least, "near the best
    trade-off"; at σ = 0, degree 3 (error 0.005) not under-fitting; at the best step count the best;
    far left under, far right over."""
    best, near, under, over = {"en": ("**the best trade-off**", "near the best trade-off", "under-fitting",
                                      "over-fitting"),
                               "zh": ("**最佳折中**", "接近最佳折中", "欠拟合", "过拟合")}[lang]
    at = run("pages/biasvar.py", lang=lang)
    ok(at)
    assert best in verdict(at) and near not in verdict(at)
    widget(at.slider, "_w_biasvar.degree").set_value(4).run()
    assert near in verdict(at) and best not in verdict(at)
    widget(at.slider, "_w_biasvar.degree").set_value(3).run()
    widget(at.slider, "_w_biasvar.noise").set_value(0.0).run()
    assert (best in verdict(at) or near in verdict(at)) and under not in verdict(at)
    widget(at.slider, "_w_biasvar.noise").set_value(0.3).run()
    widget(at.slider, "_w_biasvar.degree").set_value(0).run()
    assert under in verdict(at)
    widget(at.slider, "_w_biasvar.degree").set_value(14).run()
    assert over in verdict(at)
    widget(at.radio, "_w_biasvar.mode").set_value("steps").run()
    path = ec.training_curve(truth="sin", n_train=20, n_sets=200, noise_sd=0.3, seed=0)
    widget(at.select_slider, "_w_biasvar.steps").set_value(path.best).run()
    assert best in verdict(at)
    widget(at.select_slider, "_w_biasvar.steps").set_value(100_000).run()
    assert over in verdict(at)


BV_LINK = {"bv.f": ("biasvar.truth", "step"), "bv.sd": ("biasvar.noise", 0.45), "bv.n": ("biasvar.n", 50),
           "bv.sets": ("biasvar.sets", 100), "bv.mode": ("biasvar.mode", "steps"), "bv.deg": ("biasvar.degree", 7),
           "bv.steps": ("biasvar.steps", 3000)}


def test_page_link_round_trip_of_every_control():
    """Every control is written into the address, and a session opened at
    that address shows it again."""
    fresh = round_trip("pages/biasvar.py", BV_LINK)
    assert widget(fresh.select_slider, "_w_biasvar.steps").value == 3000
    assert widget(fresh.slider, "_w_biasvar.noise").value == pytest.approx(0.45)


def shaded(at):
    """The fitting figure's shaded regions as (name, x0, x1)."""
    spec = figure(at, "biasvar_fitting")
    names = [a["text"] for a in spec["layout"]["annotations"]]
    rects = [sh for sh in spec["layout"]["shapes"] if sh["type"] == "rect"]
    return [(n, r["x0"], r["x1"]) for n, r in zip(names, rects)]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_verdict_and_the_shading_call_each_degree_the_same(lang):
    """Issue 32: degrees 4-6 were "near the best" in the verdict and shaded "over-fitting". Now at
    each degree the verdict names the region whose shading covers it; at σ = 0 there is no
    over-fitting region and the text says so (both ways)."""
    words = {"en": {"under": "under-fitting", "near": "near the best", "over": "over-fitting"},
             "zh": {"under": "欠拟合", "near": "接近最佳", "over": "过拟合"}}[lang]
    at = run("pages/biasvar.py", lang=lang)
    ok(at)
    seen = set()
    for degree in (0, 3, 5, 6, 7, 12):
        widget(at.slider, "_w_biasvar.degree").set_value(degree).run()
        region = [n for n, x0, x1 in shaded(at) if x0 < degree < x1]
        assert len(region) == 1
        kind = next(k for k, w in words.items() if w == region[0])
        assert words[kind] in verdict(at) and all(w not in verdict(at) for k, w in words.items() if k != kind)
        seen.add(kind)
    assert seen == {"under", "near", "over"}
    body = next(m.value for m in at.markdown if "15" in m.value and words["over"] in m.value)
    assert "3–6" in body                                                       # the near run, as shaded
    widget(at.slider, "_w_biasvar.noise").set_value(0.0).run()
    assert words["over"] not in [n for n, _, _ in shaded(at)]
    no_over = {"en": "no over-fitting here", "zh": "这里没有过拟合"}[lang]
    assert any(no_over in m.value for m in at.markdown)


def test_the_log_axes_start_near_the_least_error_and_say_so():
    """The decomposition's log axis ran to 10^-18 (bias² of high degrees): it starts at 1 % of the
    least expected error, and a caption says so; with σ = 0 the floor is 10^-4 of f's variance."""
    at = run("pages/biasvar.py", lang="en")
    path = ec.complexity_curve(truth="sin", n_train=20, n_sets=200, noise_sd=0.3, seed=0)
    lo = figure(at, "biasvar_decomp")["layout"]["yaxis"]["range"][0]
    assert lo == pytest.approx(math.log10(0.01 * path.error.min()))
    assert figure(at, "biasvar_fitting")["layout"]["yaxis"]["range"][0] == pytest.approx(lo)
    assert any("1 % of the least expected error" in c.value for c in at.caption)
    widget(at.slider, "_w_biasvar.noise").set_value(0.0).run()
    assert any("10⁻⁴ of f's variance" in c.value for c in at.caption)
    assert figure(at, "biasvar_decomp")["layout"]["yaxis"]["range"][0] > -6


def test_the_derivation_goes_a_line_a_step_and_its_text_names_the_right_lines():
    """The review: two lines of the derivation ran past a phone's edge even typeset at 55 %.  Each step is a
    line of its own now (six), and the text under them names the lines where the cross terms vanish."""
    from apptest_utils import latex

    at = run("pages/biasvar.py", lang="zh")
    ok(at)
    tex = [f.strip("$\n") for f in latex(at)]                      # st.latex's elements come as $$ ... $$
    start = next(i for i, f in enumerate(tex) if f.startswith(r"E(f; D) = \mathbb{E}_D"))
    lines = tex[start:start + 6]
    assert r"\underbrace" in lines[3] and lines[5].startswith(r"= \mathrm{var}(x)")
    assert all(len(f) < 140 for f in lines), [len(f) for f in lines]
    body = next(m.value for m in at.markdown if "交叉项" in m.value)
    assert body.startswith("第四行的交叉项") and "第五行" in body
