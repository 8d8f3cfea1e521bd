"""偏差与方差 · bias and variance, over- and under-fitting (textbook 2.5, 2.1).

Session keys (``biasvar.`` family): ``biasvar.truth``, ``biasvar.noise``,
``biasvar.n``, ``biasvar.sets``, ``biasvar.mode`` ("degree" or "steps"),
``biasvar.degree``, ``biasvar.steps`` -- the setting shown.
"""
import streamlit as st

import evalcore as ec
from evalcore.figures.biasvar import decomposition_figure, fits_figure, fitting_figure

import ui
from ui.parts import biasvar
ui.open_page("biasvar")
T = ui.t
TRUTHS = tuple(ec.TRUTHS)
MODES = ("degree", "steps")

with ui.guard("decomposition"):
    c1, c2, c3, c4 = st.columns(4)
    truth = c1.radio(T("biasvar.truth"), TRUTHS, format_func=ui.labels("biasvar.truth.", TRUTHS).get,
                     horizontal=True, **ui.bind("biasvar.truth"))
    noise_sd = c2.slider(T("biasvar.noise"), *ui.span("biasvar.noise"), step=0.05, help=T("biasvar.noise.help"),
                         **ui.bind("biasvar.noise"))
    n_train = c3.select_slider(T("biasvar.n"), ui.choices("biasvar.n"), **ui.bind("biasvar.n"))
    n_sets = c4.select_slider(T("biasvar.sets"), ui.choices("biasvar.sets"), **ui.bind("biasvar.sets"))
    m1, m2 = st.columns([1, 3])
    mode = m1.radio(T("biasvar.mode"), MODES, format_func=ui.labels("biasvar.mode.", MODES).get,
                    help=T("biasvar.mode.help"), **ui.bind("biasvar.mode"))
    if mode == "degree":
        knob = m2.slider(T("biasvar.degree"), *ui.span("biasvar.degree"),
                         help=T("biasvar.degree.help"), **ui.bind("biasvar.degree"))
        sim = biasvar.fits(truth, n_train, n_sets, noise_sd, knob, None)
    else:
        knob = m2.select_slider(T("biasvar.steps"), ui.choices("biasvar.steps"), format_func=lambda v: f"{v:,}",
                                help=T("biasvar.steps.help", degree=biasvar.GD_DEGREE), **ui.bind("biasvar.steps"))
        sim = biasvar.fits(truth, n_train, n_sets, noise_sd, biasvar.GD_DEGREE, knob)
    path = biasvar.curve(truth, n_train, n_sets, noise_sd, mode)
    if mode == "degree":      # positions on the x axis, and their labels
        xs, ticks, current, best = list(path.degrees), None, knob, path.best
    else:
        xs, ticks = list(range(len(biasvar.STEPS))), [biasvar.short(s) for s in biasvar.STEPS]
        current, best = biasvar.STEPS.index(knob), biasvar.STEPS.index(path.best)
    tot = sim.decomposition.totals()
    rmap = biasvar.regimes(path, sim)                     # one under / near / over per position: verdict, shading, text

    left, right = st.columns(2)
    with left:
        text = ui.texts("biasvar.fig.", "x", "fits", "mean", "truth", "points", "title")
        ui.chart(fits_figure(sim, text=dict(text, y=T("biasvar.fig.fy"))), key="biasvar_fits")
    with right:
        text = ui.texts("biasvar.fig.", "bias2", "variance", "noise", "total", "measured", "current", "y")
        text.update(x=T(f"biasvar.axis.{mode}"), title=T("biasvar.fig.decomp"))
        ui.chart(decomposition_figure(path, xs, current, text=text, ticks=ticks, floor=rmap.floor),
                 key="biasvar_decomp")
        if rmap.clipped(path.bias2, path.variance, path.error):
            st.caption(T(f"biasvar.fig.floor.{rmap.floor_basis}", floor=ui.text_number(rmap.floor, 2)))

    # ----------------------------------------------------------- the identity
    st.subheader(T("biasvar.identity"), anchor="identity")
    ui.metric_row("biasvar", [(T("biasvar.fig.bias2"), ui.text_number(tot.bias2, 4 if tot.bias2 >= 1e-3 else 3)),
                              (T("biasvar.fig.variance"), ui.text_number(tot.variance, 4)),
                              (T("biasvar.fig.noise"), ui.text_number(tot.noise, 4)),
                              (T("biasvar.sum"), ui.text_number(tot.error, 4)),
                              (T("biasvar.fig.measured"), ui.text_number(sim.measured_error, 4))])
    ui.formula("biasvar.identity", b=ui.tex_number(tot.bias2, 4), v=ui.tex_number(tot.variance, 4),
               n=ui.tex_number(tot.noise, 4), e=ui.tex_number(tot.error, 4))
    st.caption(T("biasvar.identity.note", gap=ui.text_number(abs(tot.bias2 + tot.variance + tot.noise - tot.error), 2),
                 measured=ui.text_number(sim.measured_error, 4), sets=n_sets))
    where = rmap.readings[current]                     # judged against the least expected error, not bias² vs variance
    fmt = (lambda v: f"{v:,}") if mode == "steps" else str
    num = ui.text_number
    said = "best" if current == where.best_index else where.regime     # the least itself: not "within x of itself"
    st.info(T(f"biasvar.regime.{said}", mode=T(f"biasvar.axis.{mode}"), now=fmt(knob), e=num(where.error, 4),
              best=fmt(path.best), best_e=num(where.best_error, 4), tol=num(where.tolerance, 2),
              b=num(tot.bias2, 4), v=num(tot.variance, 4)))

with ui.guard("derivation"):
    with st.expander(T("biasvar.derivation")):
        for name in ("biasvar.d1", "biasvar.d1b", "biasvar.d2", "biasvar.d2b", "biasvar.d3", "biasvar.d4"):
            ui.formula(name)
        st.markdown(T("biasvar.derivation.body"))

# ------------------------------------------------------ over/under-fitting
with ui.guard("fitting"):
    st.header(T("biasvar.fitting"), anchor="fitting")
    text = ui.texts("biasvar.fig.", "train", "test", "under", "near", "over", "current", "y")
    text.update(x=T(f"biasvar.axis.{mode}"))
    ui.chart(fitting_figure(path, xs, current, rmap, text=text, ticks=ticks), key="biasvar_fitting")
    st.markdown(biasvar.fitting_text(path, rmap, mode, fmt))

# -------------------------------------------------- 0-1 loss: no such sum
with ui.guard("zero-one loss"):
    st.header(T("biasvar.zero_one"), anchor="zero-one")
    z = ec.zero_one_example()
    st.markdown(T("biasvar.zero_one.body", preds=", ".join(map(str, z.predictions)), truth=z.truth, main=z.main))
    ui.formula("biasvar.zero_one", b=f"{z.bias:g}", v=f"{z.variance:g}", e=f"{z.error:g}",
               s=f"{z.bias + z.variance:g}")
    st.caption(T("biasvar.zero_one.note"))
