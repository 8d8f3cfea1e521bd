"""Which test to trust: one function per section of the page (the
simulation of the tests' rejection rates after Dietterich 1998, and the
Bayesian correlated t-test beside the frequentist verdicts on the same
cross-validation table).  The math is ``evalcore.simulate_tests``,
``evalcore.bayesian_correlated_t`` and ``evalcore.corrected_resampled_t_test``."""
from __future__ import annotations

import numpy as np
import streamlit as st

import evalcore as ec
from evalcore import figures

from ui.core import learners
from ui.core import settings
from ui.core.charts import chart, live_chart
from ui.core.i18n import fmt, labels, t, t_fig
from ui.core.page import presenter
from ui.protect.budget import freeze
from ui.core.state import SS, bind
from ui.core.settings import choices, span

SIM_SEED = 0
ALPHA = 0.05
FOLDS = 10                                # Bayesian section: 10-fold CV ...
RUNS = 5                                  # ... repeated 5 times
BAYES_SETS = settings.TRUST_SETS


@st.cache_resource(max_entries=24, show_spinner=False)
def _simulate(replications: int, n: int, effect: float, influence: float) -> ec.TestSimulation:
    bar = st.progress(0.0, text=t("common.trust.sim.running", r=replications))
    res = ec.simulate_tests(replications=replications, n=n, effect=effect, influence=influence, alpha=ALPHA,
                            seed=SIM_SEED, progress=lambda f: bar.progress(f, text=t("common.trust.sim.running",
                                                                                       r=replications)))
    bar.empty()
    return freeze(res)


def simulation_section() -> None:
    """Two learners of equal true error (or A better by the effect), many
    replications of each test: the share that rejects, against alpha."""
    st.header(t("common.trust.sim.title"), anchor="simulation")
    st.markdown(t("common.trust.sim.intro"))
    c1, c2, c3, c4 = st.columns(4)
    reps = c1.select_slider(t("common.trust.sim.reps"), choices("trust.reps"), **bind("trust.reps"))
    n = c2.select_slider(t("common.trust.sim.n"), choices("trust.n"), **bind("trust.n"))
    effect = c3.slider(t("common.trust.sim.effect"), *span("trust.effect"), step=0.01, format="%.2f",
                       help=t("common.trust.sim.effect.help"), **bind("trust.effect", first="value"))
    influence = c4.slider(t("common.trust.sim.influence"), *span("trust.influence"), step=0.5,
                          help=t("common.trust.sim.influence.help"), **bind("trust.influence", first="value"))
    sim = _simulate(int(reps), int(n), round(float(effect), 4), round(float(influence), 4))
    names = [t(f"common.trust.test.{k}") for k in sim.tests]
    null = sim.effect == 0
    # drawn in place: on a phone the figure's own narrow layout (the test names above their bars)
    live_chart(figures.rejection_figure(sim, names=names, text=dict(
        x=t_fig("common.trust.sim.x_null" if null else "common.trust.sim.x_power"),
        alpha=f"α = {sim.alpha:g}", ok=t_fig("common.trust.bar.ok"), over=t_fig("common.trust.bar.over"),
        top=t_fig("common.trust.bar.top"), rest=t_fig("common.trust.bar.rest")),
        label_width=44 if presenter() else 26, gloss_line=not presenter()), key="trust_sim")  # a projector: one line
    rows = [{t("common.trust.col.test"): name, t("common.trust.col.rate"): f"{r:.3f}",
             t("common.trust.col.verdict"): t(f"common.trust.v.{v}") if null else "—"}
            for name, r, v in zip(names, sim.rate, sim.verdicts)]
    st.table(rows)
    rate = dict(zip(sim.tests, sim.rate))
    if null:
        kept = [nm for nm, v in zip(names, sim.verdicts) if v != "above"]
        over = [nm for nm, v in zip(names, sim.verdicts) if v == "above"]
        st.markdown(t("common.trust.sim.null_verdict", r=sim.replications, se=f"{2 * sim.standard_error:.3f}",
                      kept=", ".join(kept) or "—", over=", ".join(over) or "—",
                      cv10=f"{rate['cv10_t']:.3f}", rs=f"{rate['resampled_t']:.3f}"))
        corrected = dict(zip(sim.tests, sim.verdicts))["corrected_t"]     # what its bar and row show
        st.markdown(t(f"common.trust.sim.corrected.{corrected}", rs=f"{rate['resampled_t']:.3f}",
                      corr=f"{rate['corrected_t']:.3f}"))
    else:
        best = [t("common.trust.sim.power_item", name=nm, p=f"{r:.3f}")
                for nm, r, top in zip(names, sim.rate, sim.top_power) if top]
        st.markdown(t("common.trust.sim.power_verdict", ea=f"{sim.true_error[0]:.2f}", eb=f"{sim.true_error[1]:.2f}",
                      best=", ".join(best)))
    st.caption(t("common.trust.sim.model"))


@st.cache_data(max_entries=16, show_spinner=False)
def _repeated_cv(fs_name: str, a: str, b: str):
    """Errors (RUNS * FOLDS, 2) of learners a and b on RUNS repetitions of
    stratified 10-fold CV (the same folds for both)."""
    return np.vstack([learners.paired_cv(fs_name, a, b, k=FOLDS, seed=r) for r in range(RUNS)])


def bayes_section() -> None:
    """The Bayesian correlated t-test with a ROPE on repeated 10-fold CV of
    two real learners, next to the frequentist verdicts on the same table."""
    st.header(t("common.trust.bayes.title"), anchor="bayes")
    st.markdown(t("common.trust.bayes.intro"))
    lrn = learners.LEARNERS
    c1, c2, c3, c4 = st.columns(4)
    fs_name = c1.selectbox(t("common.trust.bayes.data"), BAYES_SETS,
                           format_func=labels("common.ci.set.", BAYES_SETS).get, **bind("trust.data"))
    a = c2.selectbox("A", lrn, format_func=labels("common.ci.learner.", lrn).get, **bind("trust.a"))
    b = c3.selectbox("B", lrn, format_func=labels("common.ci.learner.", lrn).get, **bind("trust.b"))
    rope = c4.slider(t("common.trust.bayes.rope"), *span("trust.rope"), step=0.005, format="%.3f",
                     help=t("common.trust.bayes.rope.help"), **bind("trust.rope", first="value"))
    if a == b:
        st.info(t("common.trust.bayes.same"))
        return
    try:
        errs = _repeated_cv(fs_name, a, b)
    except ec.DataError as err:
        st.error(err.text(SS.get("lang", "zh")))
        return
    d = errs[:, 0] - errs[:, 1]                 # error of A minus error of B: below 0, A is better
    post = ec.bayesian_correlated_t(d, rho=1 / FOLDS, rope=float(rope))
    n_test = 1 / FOLDS
    corrected = ec.corrected_resampled_t_test(d, n_train=FOLDS - 1, n_test=1, alpha=ALPHA)
    plain = ec.t_test(d, 0.0, alpha=ALPHA)
    left, right = st.columns([1.4, 1])
    names = labels("common.ci.learner.", lrn)
    with left:
        chart(figures.posterior_figure(post, text=dict(
            x=t_fig("common.trust.bayes.x"), y=t_fig("common.trust.bayes.y"),
            below=t_fig("common.trust.bayes.below", a=names[a]), rope=t_fig("common.trust.bayes.in_rope"),
            above=t_fig("common.trust.bayes.above", b=names[b]))), key="trust_posterior")
    with right:
        st.markdown(t("common.trust.bayes.sentence", a=names[a], b=names[b], pa=f"{post.p_below:.3f}",
                      pe=f"{post.p_rope:.3f}", pb=f"{post.p_above:.3f}", rope=f"{post.rope:.3f}"))
        rows = [{t("common.trust.col.test"): t(f"common.trust.test.{key}"), "t": fmt(r.statistic),
                 "p": fmt(r.pvalue, 4), t("common.trust.col.reject"): t(f"common.trust.rej.{bool(r.reject)}")}
                for key, r in (("cv_t_plain", plain), ("corrected_t", corrected))]
        st.table(rows)
        st.caption(t("common.trust.bayes.table", runs=RUNS, k=FOLDS, n=len(d), mean=f"{post.mean:+.4f}",
                     rho=f"{n_test:g}"))
    st.caption(t("common.trust.bayes.note"))
