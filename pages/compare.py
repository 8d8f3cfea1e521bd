"""比较检验 · comparison tests, shown with their null distributions (textbook 2.4; DeLong beyond the book).

Session keys (``compare.`` family): ``compare.alpha``; ``compare.m``,
``compare.errors``, ``compare.eps0`` (binomial); ``compare.table.<name>`` the
last good table of each editor; ``compare.variant`` (5x2cv numerator);
``compare.fs``, ``compare.a``, ``compare.b`` (learners run on a data set);
``compare.e01``, ``compare.e10``; ``compare.delong_set``.
"""
import pandas as pd
import streamlit as st

import evalcore as ec
from evalcore import datasets
from evalcore.figures.comparison import cd_diagram, differences_figure, null_figure

import ui
from ui import learners

ui.open_page("compare")
T = ui.t
current, current_token = ui.data_sidebar()          # McNemar and DeLong can use the data chosen there
pair = ui.chosen_models(current)[:2] if current is not None else []
ALPHAS = (0.01, 0.05, 0.1)
PRESETS = {
    "t": {"error": [0.12, 0.10, 0.14, 0.09, 0.11, 0.13, 0.12, 0.10, 0.15, 0.11]},
    "paired": {"A": [0.10, 0.12, 0.09, 0.11, 0.13, 0.10, 0.12, 0.08, 0.11, 0.10],
               "B": [0.13, 0.14, 0.10, 0.15, 0.14, 0.12, 0.15, 0.11, 0.12, 0.14]},
    "cv5x2": {"A1": [0.10, 0.12, 0.11, 0.09, 0.12], "A2": [0.11, 0.10, 0.12, 0.11, 0.10],
              "B1": [0.13, 0.12, 0.14, 0.12, 0.15], "B2": [0.12, 0.14, 0.13, 0.13, 0.12]},
    # the book's table 2.5 (ranks of A, B, C on four data sets; smaller = better)
    "friedman": {"A": [1, 1, 1, 1], "B": [2, 2.5, 2, 2], "C": [3, 2.5, 3, 3]},
}
# Demsar (2006), table 6: AUC of four C4.5 variants on 14 UCI data sets (larger = better)
DEMSAR = {"C4.5": [0.763, 0.599, 0.954, 0.628, 0.882, 0.936, 0.661, 0.583, 0.775, 1.000, 0.940, 0.619, 0.972, 0.957],
          "C4.5+m": [0.768, 0.591, 0.971, 0.661, 0.888, 0.931, 0.668, 0.583, 0.838, 1.000, 0.962, 0.666, 0.981, 0.978],
          "C4.5+cf": [0.771, 0.590, 0.968, 0.654, 0.886, 0.916, 0.609, 0.563, 0.866, 1.000, 0.965, 0.614, 0.975,
                      0.946],
          "C4.5+m+cf": [0.798, 0.569, 0.967, 0.657, 0.898, 0.931, 0.685, 0.625, 0.875, 1.000, 0.962, 0.669, 0.975,
                        0.970]}

st.markdown(T("compare.guide"))
alpha = st.segmented_control("α", ALPHAS, help=T("compare.alpha.help"), **ui.bind("compare.alpha", 0.05)) or 0.05
NULL_TEXT = ui.texts("compare.null.", "y", "region", "critical", "observed")


def decision(result, h0_key: str) -> None:
    """The test's verdict in one plain sentence."""
    if getattr(result, "degenerate", False) and result.statistic != result.statistic:   # nan: 0/0
        st.warning(T("compare.degenerate"))
        return
    key = "compare.reject" if result.reject else "compare.keep"
    (st.error if result.reject else st.success)(T(key, alpha=f"{alpha:g}", h0=T(h0_key),
                                                  p=ui.fmt(result.pvalue, 4)))


def edited_table(name: str, rates: bool, min_rows: int, min_cols: int):
    """An editable table (preset first); a bad cell keeps the last good table."""
    key = f"compare.table.{name}"
    edited = ui.bounded_editor(key, PRESETS[name])
    try:
        values = ec.table_values(edited.to_numpy().tolist(), list(edited.columns), rates=rates,
                                 min_rows=min_rows, min_cols=min_cols)
        ui.SS[key] = {c: values[:, j].tolist() for j, c in enumerate(edited.columns)}
    except ec.DataError as err:
        ui.show_error(err)
        st.caption(T("compare.kept"))
        last = pd.DataFrame(ui.SS.get(key, PRESETS[name]))
        values = ec.table_values(last.to_numpy().tolist(), list(last.columns))
        edited = last
    return values, list(edited.columns)


def learner_run(name: str) -> bool:
    """The "run it" controls: a data set and two learners."""
    c1, c2, c3, c4 = st.columns([1.2, 1, 1, 1])
    c1.selectbox(T("compare.run.data"), ("breast-cancer", "watermelon"),
                 format_func=ui.labels("common.src.", ("breast-cancer", "watermelon")).get, key=f"compare.fs.{name}")
    c2.selectbox("A", learners.LEARNERS, format_func=ui.labels("compare.learner.", learners.LEARNERS).get,
                 key=f"compare.a.{name}")
    c3.selectbox("B", learners.LEARNERS, index=3, format_func=ui.labels("compare.learner.", learners.LEARNERS).get,
                 key=f"compare.b.{name}")
    return c4.button(T("compare.run"), key=f"compare.run.{name}", help=T("compare.run.help"))


tabs = st.tabs([T(f"compare.tab.{k}") for k in ("binomial", "t", "paired", "cv5x2", "mcnemar", "friedman", "delong")])

# ------------------------------------------------------------- binomial
with tabs[0]:
    st.markdown(T("compare.binomial.intro"))
    c1, c2, c3 = st.columns(3)
    m = c1.number_input(T("compare.binomial.m"), 1, 100_000, step=1, **ui.bind("compare.m", 30))
    errors = c2.number_input(T("compare.binomial.errors"), 0, 100_000, step=1, **ui.bind("compare.errors", 6))
    eps0 = c3.number_input("ε₀", 0.001, 0.999, step=0.01, format="%.3f", **ui.bind("compare.eps0", 0.1))
    try:
        r = ec.binomial_test(int(errors), int(m), float(eps0), alpha=alpha)
    except ec.DataError as err:
        ui.show_error(err)
    else:
        left, right = st.columns([1, 1])
        with left:
            ui.chart(null_figure(ec.null_distribution(r), text=dict(NULL_TEXT, x=T("compare.binomial.x"))),
                     key="compare_binomial")
        with right:
            ui.formula("compare.binomial.c")
            ui.formula("compare.binomial.c_filled", a=f"{alpha:g}", m=r.m, e=f"{r.eps0:g}", c=r.critical)
            ui.formula("compare.binomial.ebar", c=r.critical, m=r.m, v=f"{r.critical_error_rate:.4f}")
            ui.formula("compare.binomial.p", k=r.statistic, m=r.m, e=f"{r.eps0:g}")
            ui.formula("compare.binomial.p_filled", v=ui.fmt(r.pvalue, 4))
            decision(r, "compare.h0.binomial")
            st.info(T("compare.binomial.note"))

# ------------------------------------------------------------- t-test
with tabs[1]:
    st.markdown(T("compare.t.intro"))
    left, right = st.columns([1, 1.4])
    with left:
        values, _ = edited_table("t", rates=True, min_rows=2, min_cols=1)
        eps0_t = st.number_input("ε₀", 0.0, 1.0, step=0.01, format="%.3f", key="compare.eps0_t", value=0.1)
    r = ec.t_test(values[:, 0], eps0_t, alpha=alpha)
    with right:
        ui.formula("compare.t", k=r.k, mu=f"{r.mean:.4f}", e=f"{eps0_t:g}", s=f"{r.std:.4f}",
                   v=ui.fmt(r.statistic, 4))
        ui.chart(null_figure(ec.null_distribution(r), text=dict(NULL_TEXT, x="τ_t")), key="compare_t")
        decision(r, "compare.h0.t")

# ------------------------------------------------------------- paired
with tabs[2]:
    st.markdown(T("compare.paired.intro"))
    if learner_run("paired"):
        try:
            errs = learners.paired_cv(ui.SS["compare.fs.paired"], ui.SS["compare.a.paired"],
                                      ui.SS["compare.b.paired"])
        except ec.DataError as err:
            ui.show_error(err)
        else:
            ui.SS["compare.table.paired"] = {"A": errs[:, 0].tolist(), "B": errs[:, 1].tolist()}
            ui.SS.pop("_w_compare.table.paired", None)
            st.rerun()
    left, right = st.columns([1, 1.4])
    with left:
        values, cols = edited_table("paired", rates=True, min_rows=2, min_cols=2)
    r = ec.paired_t_test(values[:, 0], values[:, 1], alpha=alpha)
    with right:
        ui.chart(differences_figure(values[:, 0], values[:, 1], text=dict(
            x=T("compare.fold"), y=T("compare.error_rate"), a=cols[0], b=cols[1], diff=T("compare.diff"))),
            key="compare_paired_diff")
    ui.formula("compare.paired", k=r.k, mu=f"{r.mean:.4f}", s=f"{r.std:.4f}", v=ui.fmt(r.statistic, 4))
    ui.chart(null_figure(ec.null_distribution(r), text=dict(NULL_TEXT, x="τ_t")), key="compare_paired")
    decision(r, "compare.h0.paired")

# ------------------------------------------------------------- 5x2cv
with tabs[3]:
    st.markdown(T("compare.cv5x2.intro"))
    if learner_run("cv5x2"):
        try:
            errs = learners.cv5x2(ui.SS["compare.fs.cv5x2"], ui.SS["compare.a.cv5x2"], ui.SS["compare.b.cv5x2"])
        except ec.DataError as err:
            ui.show_error(err)
        else:
            ui.SS["compare.table.cv5x2"] = {"A1": errs[:, 0, 0].tolist(), "A2": errs[:, 1, 0].tolist(),
                                            "B1": errs[:, 0, 1].tolist(), "B2": errs[:, 1, 1].tolist()}
            ui.SS.pop("_w_compare.table.cv5x2", None)
            st.rerun()
    VARIANTS = ("book", "dietterich")
    variant = st.radio(T("compare.cv5x2.variant"), VARIANTS, format_func=ui.labels("compare.cv5x2.", VARIANTS).get,
                       horizontal=True, **ui.bind("compare.variant", "book"))
    left, right = st.columns([1, 1.4])
    with left:
        values, _ = edited_table("cv5x2", rates=True, min_rows=5, min_cols=4)
    try:
        r = ec.cv5x2_t_test(values[:5, 0:2], values[:5, 2:4], alpha=alpha, variant=variant)
    except ec.DataError as err:
        ui.show_error(err)
    else:
        with right:
            st.dataframe(pd.DataFrame({T("compare.cv5x2.d1"): r.differences[:, 0], T("compare.cv5x2.d2"):
                                       r.differences[:, 1], "s²": r.variances}), hide_index=True)
            ui.formula(f"compare.cv5x2.{variant}", mu=f"{r.numerator:.4f}", s=f"{r.variance_sum:.5f}",
                       v=ui.fmt(r.statistic, 4))
            if variant == "book":
                ui.formula("compare.cv5x2.book_mu")
        ui.chart(null_figure(ec.null_distribution(r), text=dict(NULL_TEXT, x="τ_t")), key="compare_cv5x2")
        decision(r, "compare.h0.paired")
        st.caption(T("compare.cv5x2.note"))

# ------------------------------------------------------------- McNemar
with tabs[4]:
    st.markdown(T("compare.mcnemar.intro"))
    ps = datasets.resolve("breast-cancer")
    table = ec.mcnemar_table(learners.correct(ps, "logistic", 0.5), learners.correct(ps, "naive_bayes", 0.5))
    c1, c2 = st.columns(2)
    e01 = c1.number_input("e01", 0, 10**6, step=1, help=T("compare.mcnemar.e01"),
                          **ui.bind("compare.e01", int(table[0, 1]), "value"))
    e10 = c2.number_input("e10", 0, 10**6, step=1, help=T("compare.mcnemar.e10"),
                          **ui.bind("compare.e10", int(table[1, 0]), "value"))
    st.caption(T("compare.mcnemar.preset", e00=int(table[0, 0]), e11=int(table[1, 1])))
    if len(pair) == 2:
        def from_current():
            tc = [ui.model(current_token, m, current).counts for m in pair]
            thr = [ui.get_threshold(current_token, m, c) for m, c in zip(pair, tc)]
            t2 = ec.mcnemar_table(learners.correct(current, pair[0], thr[0]),
                                  learners.correct(current, pair[1], thr[1]))
            ui.SS["compare.e01"], ui.SS["compare.e10"] = int(t2[0, 1]), int(t2[1, 0])

        st.button(T("compare.mcnemar.current", a=pair[0], b=pair[1]), on_click=from_current, key="compare_mc_cur",
                  help=T("compare.mcnemar.current.help"))
    try:
        r = ec.mcnemar(int(e01), int(e10), alpha=alpha)
    except ec.DataError as err:
        ui.show_error(err)
    else:
        left, right = st.columns([1.2, 1])
        with left:
            ui.chart(null_figure(ec.null_distribution(r), text=dict(NULL_TEXT, x="τ_χ²")), key="compare_mcnemar")
        with right:
            ui.formula("compare.mcnemar", e01=r.e01, e10=r.e10, v=ui.fmt(r.statistic, 4))
            decision(r, "compare.h0.mcnemar")
            if r.exact_recommended:
                st.info(T("compare.mcnemar.exact", p=ui.fmt(r.pvalue_exact, 4), n=r.e01 + r.e10))

# ------------------------------------------------------------- Friedman
with tabs[5]:
    st.markdown(T("compare.friedman.intro"))
    PRESET_NAMES = ("book", "demsar")

    def load_preset():
        ui.SS["compare.table.friedman"] = PRESETS["friedman"] if ui.SS["_w_compare.preset"] == "book" else DEMSAR
        ui.SS["compare.higher"] = ui.SS["_w_compare.preset"] == "demsar"
        ui.SS.pop("_w_compare.table.friedman", None)

    p1, p2 = st.columns([2, 1])
    p1.radio(T("compare.friedman.preset"), PRESET_NAMES, format_func=ui.labels("compare.friedman.preset.",
                                                                               PRESET_NAMES).get,
             horizontal=True, key="_w_compare.preset", on_change=load_preset)
    higher = p2.toggle(T("compare.friedman.higher"), help=T("compare.friedman.higher.help"),
                       **ui.bind("compare.higher", False))
    if st.button(T("compare.friedman.run"), key="compare.run.friedman", help=T("compare.friedman.run.help")):
        try:
            run_table = learners.friedman_run()
        except ec.DataError as err:
            ui.show_error(err)
        else:
            ui.SS["compare.table.friedman"] = {T(f"compare.learner.{k}"): v for k, v in run_table.items()}
            ui.SS["compare.higher"] = False
            ui.SS.pop("_w_compare.table.friedman", None)
            st.rerun()
    up = st.file_uploader(T("compare.upload"), key="_w_compare_upload", help=T("compare.upload.help"))
    if ui.handle_upload(ui.UploadSlot("compare.upload", "compare.upload_name", "compare.upload_error",
                                      "compare.upload_id"), up,
                        ui.table_parser("friedman upload", min_rows=2, min_cols=2)):
        tbl = ui.SS.pop("compare.upload")
        ui.SS["compare.table.friedman"] = {c: tbl.values[:, j].tolist() for j, c in enumerate(tbl.col_names)}
        ui.SS.pop("_w_compare.table.friedman", None)
    ui.upload_status(ui.UploadSlot("compare.upload", "compare.upload_name", "compare.upload_error",
                                   "compare.upload_id"))
    values, cols = edited_table("friedman", rates=False, min_rows=2, min_cols=2)
    r = ec.friedman(values, alpha=alpha, higher_is_better=higher)
    cd = ec.nemenyi_cd(r.k, r.n_datasets, alpha=alpha)
    left, right = st.columns([1, 1.2])
    with left:
        st.dataframe(pd.DataFrame(r.ranks, columns=[ui.cell(c) for c in cols]), hide_index=True)
        st.markdown(T("compare.friedman.ranks", ranks=", ".join(f"{ui.md(c)} = {v:.3f}"
                                                                  for c, v in zip(cols, r.avg_ranks))))
    with right:
        ui.chart(null_figure(ec.null_distribution(r), text=dict(NULL_TEXT, x="τ_F")), key="compare_friedman")
    ui.formula("compare.friedman.chi2", n=r.n_datasets, k=r.k, v=f"{r.chi2:.4f}")
    ui.formula("compare.friedman.f", n=r.n_datasets, k=r.k, c=f"{r.chi2:.4f}", v=ui.fmt(r.statistic, 4))
    ui.formula("compare.friedman.cd", q=f"{ec.nemenyi_q(r.k, alpha):.3f}", k=r.k, n=r.n_datasets, v=f"{cd:.3f}")
    decision(r, "compare.h0.friedman")
    groups = ec.nemenyi_groups(r.avg_ranks, cd)
    ui.chart(cd_diagram(r.avg_ranks, cd, cols, groups, text=dict(x=T("compare.friedman.rank"), cd="CD",
                                                                 title=T("compare.friedman.diagram"))),
             key="compare_cd")
    st.caption(T("compare.friedman.note"))

# ------------------------------------------------------------- DeLong
with tabs[6]:
    st.markdown(T("compare.delong.intro"))
    SETS = ("current", "breast-cancer", "synthetic") if len(pair) == 2 else ("breast-cancer", "synthetic")
    labels_ = {**ui.labels("common.src.", ("breast-cancer", "synthetic")), "current": T("compare.delong.current")}
    which = st.radio(T("compare.delong.data"), SETS, format_func=labels_.get, horizontal=True,
                     **ui.bind("compare.delong_set", SETS[0]))
    if which == "current" and len(pair) == 2:
        ps, (a_name, b_name) = current, pair
    else:
        ps = datasets.resolve(which if which != "current" else "breast-cancer")
        a_name, b_name = ps.models[0], ps.models[1]
    r = ec.delong_test(ps.y, ps.scores[a_name], ps.scores[b_name], alpha=alpha)
    left, right = st.columns([1.2, 1])
    with left:
        ui.chart(null_figure(ec.null_distribution(r), text=dict(NULL_TEXT, x="z")), key="compare_delong")
    with right:
        k1, k2 = st.columns(2)
        k1.metric(f"AUC {ui.md(a_name)}", f"{r.auc_a:.4f}", help=T("compare.delong.ci", lo=f"{r.ci_a.low:.4f}",
                                                                  hi=f"{r.ci_a.high:.4f}"))
        k2.metric(f"AUC {ui.md(b_name)}", f"{r.auc_b:.4f}", help=T("compare.delong.ci", lo=f"{r.ci_b.low:.4f}",
                                                                  hi=f"{r.ci_b.high:.4f}"))
        st.markdown(T("compare.delong.cis", a=a_name, b=b_name, la=f"{r.ci_a.low:.4f}", ha=f"{r.ci_a.high:.4f}",
                      lb=f"{r.ci_b.low:.4f}", hb=f"{r.ci_b.high:.4f}", level=f"{1 - alpha:.0%}"))
        ui.formula("compare.delong", d=f"{r.difference:.4f}", v=ui.fmt(r.statistic, 4))
        decision(r, "compare.h0.delong")
