"""评估方法与自助法 · hold-out, cross-validation, leave-one-out, the bootstrap (textbook 2.2).

Session keys (``methods.`` family): ``methods.m`` (items), ``methods.seed``
(which bootstrap sample), ``methods.step`` (draws shown), ``methods.fs``
(feature data set), ``methods.learner``, ``methods.depth``,
``methods.neighbors``, ``methods.frac`` (test fraction), ``methods.stratify``,
``methods.k``, ``methods.loo``, ``methods.p`` (repeats), ``methods.n``,
``methods.truth_on`` (the truth study was asked for), ``methods.tune_stage``.
"""
import streamlit as st

import evalcore as ec
from evalcore.figures.methods import balls_figure, fold_grid, oob_histogram, oob_limit_figure, spread_figure

import ui
from ui.parts import methods as ex
ui.open_page("methods")
T = ui.t

# ------------------------------------------------------------- the bootstrap
step_key = "methods.step"


player = ui.Play("methods.play", seconds=0.4)      # a tick of the draws


def move(to=None, new=False):
    if new:
        ui.SS["methods.seed"] = int(ui.SS.get("methods.seed", 0)) + 1
    if to is None:                               # reset and new sample stop the animation
        player.stop()
    ui.SS[step_key] = 0 if to is None else to


def balls(m, sample, playing):
    """The draws so far (a fragment: Play redraws only this); one ball a tick
    for small m, a handful for large m."""
    step = player.tick(step_key, m, was_playing=playing, stride=m // 40)
    left, right = st.columns([2, 1])
    with left:
        ui.live_chart(balls_figure(sample.draws, m, step, text=ui.texts(     # in place: its phone layout, Play
            "methods.balls.", "drawn", "never", "last", "oob", "count")), key="methods_balls")
    with right:
        st.metric(T("methods.draws"), f"{step:,} / {m:,}")
        if step == m:
            st.metric(T("methods.oob_now"), f"{sample.oob_fraction:.3f}",
                      help=T("methods.oob_now.help", n=f"{sample.oob.size:,}", m=f"{m:,}"))
        st.metric("(1 − 1/m)ᵐ", f"{ec.expected_oob_fraction(m):.4f}")
        st.metric("1/e", "0.3679")
        ui.formula("methods.limit")
        ui.formula("methods.limit_m", m=m, v=f"{ec.expected_oob_fraction(m):.4f}")


with ui.guard("bootstrap"):
    st.header(T("methods.boot"), anchor="bootstrap")
    c1, c2 = st.columns([2, 3])
    m = c1.select_slider(T("methods.m"), ui.choices("methods.m"), **ui.bind("methods.m"))
    sample = ex.bootstrap(m, int(ui.SS.get("methods.seed", 0)))
    ui.SS.setdefault(step_key, 0)
    ui.SS[step_key] = min(int(ui.SS[step_key]), m)
    with c2, ui.control_row("methods_boot_buttons"):     # on a phone: one line under the slider
        st.button(T("methods.skip"), on_click=move, kwargs={"to": m}, key="methods_skip",
                  help=T("methods.skip.help"))
        st.button(T("methods.reset"), on_click=move, key="methods_reset")
        st.button(T("methods.new"), on_click=move, kwargs={"new": True}, key="methods_new")
    player.stop_if_page_changed()
    player.toggle(st, T("methods.play"), help=T("methods.play.help"))
    playing = player.on and ui.SS[step_key] < m
    st.fragment(ui.guard("bootstrap draws")(balls), run_every=player.every(playing))(m, sample, playing)
    left, right = st.columns(2)
    lim = ex.oob_limit()
    with left:
        ui.chart(oob_limit_figure(lim.ms, lim.expected, lim.mean, lim.sd, m, text=ui.texts(
            "methods.limit.", "x", "y", "exact", "limit", "simulated", "title")), key="methods_limit")
    with right:
        oob = ex.oob_repeats(m)
        ui.chart(oob_histogram(oob, ec.expected_oob_fraction(m), text=ui.texts(
            "methods.hist.", "x", "y", "exact", "title", r=f"{oob.size:,}")), key="methods_hist")
    st.caption(T("methods.boot.note"))

# ------------------------------------------------------------- the data and the learner
SETS = tuple(ui.FEATURE_SOURCES)
LEARNERS = ("logistic", "tree", "knn")
with ui.guard("setup"):
    st.header(T("methods.setup"), anchor="setup")
    s1, s2, s3 = st.columns(3)
    fs_name = s1.selectbox(T("methods.fs"), SETS, format_func=ui.labels("methods.fs.", SETS).get,
                           **ui.bind("methods.fs"))
    learner_name = s2.selectbox(T("methods.learner"), LEARNERS, format_func=ui.labels("methods.learner.", LEARNERS).get,
                                **ui.bind("methods.learner"))
    if learner_name == "tree":
        param = ("depth", s3.slider(T("methods.depth"), *ui.span("methods.depth"), **ui.bind("methods.depth")))
    elif learner_name == "knn":
        param = ("neighbors", s3.slider(T("methods.neighbors"), *ui.span("methods.neighbors"),
                                        **ui.bind("methods.neighbors")))
    else:
        param = None
    learner = (learner_name, (param,) if param else ())
    fs = ui.feature_set(fs_name)
    st.caption(T("methods.fs.summary", n=f"{fs.n:,}", d=len(fs.feature_names), pos=f"{fs.n_pos:,}"))

# ------------------------------------------------------------- hold-out
with ui.guard("holdout"):
    st.header(T("methods.holdout"), anchor="holdout")
    h1, h2 = st.columns([2, 1])
    frac = h1.slider(T("methods.frac"), *ui.span("methods.frac"), step=ui.grid_step("methods.frac"), format="%.2f",
                     **ui.bind("methods.frac"))
    stratify = h2.toggle(T("methods.stratify"), help=T("methods.stratify.help"), **ui.bind("methods.stratify"))
    if learner_name == "knn":                      # k-NN on a training set smaller than k: every sample votes
        least = ex.smallest_training_set(fs_name, stratify)
        if param[1] > least:
            s3.caption(T("methods.neighbors.bound", k=param[1], m=least))
    try:
        split = ec.holdout_split(fs.y, frac, stratify=stratify, seed=0)
    except ec.DataError as err:
        ui.show_error(err)
    else:
        shares = split.class_shares(fs.y)
        k1, k2, k3 = st.columns(3)
        k1.metric(T("methods.share.all"), f"{shares[0]:.1%}")
        k2.metric(T("methods.share.train", n=f"{split.train.size:,}"), f"{shares[1]:.1%}")
        k3.metric(T("methods.share.test", n=f"{split.test.size:,}"), f"{shares[2]:.1%}")
        ui.formula("methods.holdout", d=fs.n, s=split.train.size, t=split.test.size)
        spread = ex.holdout_spread(fs_name, learner, stratify)
        ui.chart(spread_figure(ex.FRACTIONS, spread, advice=(0.2, 1 / 3), text=ui.texts(
            "methods.spread.", "x", "y", "advice", "title", r=spread.shape[1])), key="methods_spread")
        st.markdown(T("methods.holdout.body"))

# ------------------------------------------------------------- k-fold
with ui.guard("k-fold"):
    st.header(T("methods.cv"), anchor="kfold")
    v1, v2, v3 = st.columns([2, 1, 1])
    loo = v2.toggle(T("methods.loo"), help=T("methods.loo.help"), **ui.bind("methods.loo"))
    k_max = max(2, min(20, ex.smallest_class(fs_name)))     # stratified folds need every class in every fold
    k = fs.n if loo else v1.slider(T("methods.k"), 2, k_max, **ui.bind("methods.k", within=(2, k_max)))
    if not loo and k_max < 20:
        v1.caption(T("methods.k.bound", k=k_max, c=ex.smallest_class(fs_name)))
    p = 1 if loo else v3.select_slider(T("methods.p"), ui.choices("methods.p"), **ui.bind("methods.p"))
    try:
        cv = ec.leave_one_out(fs.n) if loo else ec.kfold_splits(fs.y, k, repeats=p, seed=0)
    except ec.DataError as err:
        ui.show_error(err)
    else:
        st.metric(T("methods.trained"), f"{k * p:,}", help=T("methods.trained.help"))
        ui.formula("methods.cv", k=k, p=p, kp=k * p)
        if fs.n <= 600:
            ui.chart(fold_grid(cv.fold_of[0], fs.y, text=ui.texts("methods.grid.", "x", "y", "pos", "neg", "test")),
                     key="methods_grid")
        by_k = ex.cv_by_k(fs_name, learner)
        ui.chart(spread_figure(ex.KS, by_k, x_format="d", text=ui.texts(
            "methods.kspread.", "x", "y", "advice", "title", r=by_k.shape[1])), key="methods_kspread")
        st.markdown(T("methods.cv.body", r=by_k.shape[1]))

# ------------------------------------------------------------- the truth
with ui.guard("truth"):
    st.header(T("methods.truth"), anchor="truth")
    st.markdown(T("methods.truth.intro", r=ex.TRUTH_REPEATS))
    t1, t2 = st.columns(2)
    n = t1.select_slider(T("methods.n"), ui.choices("methods.n"), **ui.bind("methods.n"))
    if t2.button(T("methods.truth.run"), key="methods_truth_run", type="primary",
                 help=T("methods.truth.run.help", loo=ec.STUDY_LOO_MAX_N, b=ex.TRUTH_BOOTS)):
        ui.SS["methods.truth_on"] = (learner, n)               # the settings the study was asked for
    ex.truth_section(learner, n)

# ------------------------------------------------------------- tuning and the final model
with ui.guard("tuning"):
    st.header(T("methods.tune"), anchor="tuning")
    st.markdown(T("methods.tune.intro", n=len(ex.GRID), values=", ".join(f"{a:g}" for a in ex.GRID)))
    val, best, test_err, sizes = ex.tuning("breast-cancer")
    stage = st.radio(T("methods.tune.stage"), (0, 1, 2), format_func=ui.labels("methods.tune.stage.", (0, 1, 2)).get,
                     horizontal=True, **ui.bind("methods.tune_stage"))
    b1, b2, b3 = st.columns(3)
    for col, i, key in ((b1, 0, "train"), (b2, 1, "valid"), (b3, 2, "test")):
        with col.container(border=True):
            st.markdown(T(f"methods.box.{key}", n=f"{sizes[i]:,}") + ("  ⬅" if stage == i else ""))
            if stage >= i:
                st.caption(T(f"methods.box.{key}.now"))
    grid_table = {"α (ccp_alpha)": [f"{a:g}" for a in ex.GRID]}
    if stage >= 1:                                   # the validation errors exist from step ② on
        grid_table.update({T("methods.tune.val"): [f"{v:.4f}" for v in val],
                           "": ["★" if a == best else "" for a in ex.GRID]})
    st.dataframe(grid_table, hide_index=True)
    if stage == 2:
        st.metric(T("methods.tune.test"), f"{test_err:.4f}", help=T("methods.tune.test.help", a=f"{best:g}"))
    st.info(T("methods.tune.warn"))
