"""比较检验 · comparison tests, shown with their null distributions (textbook 2.4; DeLong beyond the book).

Session keys (``compare.`` family): ``compare.section`` the open test;
``compare.alpha``; ``compare.m``, ``compare.errors``, ``compare.eps0``
(binomial); ``compare.eps0_t`` (t-test); ``compare.table.<name>`` the last
good table of each editor; ``compare.last.<name>`` the last good result of
a section computed from controls; ``compare.variant`` (5x2cv numerator);
``compare.fs.<run>``, ``compare.a.<run>``, ``compare.b.<run>`` (learners run
on a data set); ``compare.e01``, ``compare.e10``, ``compare.mc_from`` (the
last "from the current data"); ``compare.preset``, ``compare.higher``
(Friedman); ``compare.delong_set``.  All of them travel in a link (ui/links.py).
"""
import pandas as pd
import streamlit as st

import evalcore as ec
from evalcore import datasets
from evalcore.figures.comparison import cd_diagram, differences_figure, null_figure
from evalcore.presets import COMPARE_TABLES, DEMSAR_TABLE6

import ui
from ui import learners

ui.open_page("compare")
T = ui.t
current, current_token = ui.data_sidebar()          # McNemar and DeLong can use the data chosen there
pair = ui.chosen_models(current)[:2] if current is not None else []
ALPHAS = (0.01, 0.05, 0.1)
if ui.SS.get("presenter"):
    with st.expander(T("compare.guide.title")):
        st.markdown(T("compare.guide"))
else:
    st.markdown(T("compare.guide"))
section = ui.section("compare.section", ui.COMPARE_SECTIONS, "compare.tab.")
alpha = st.segmented_control("α", ALPHAS, help=T("compare.alpha.help"),
                             **ui.bind("compare.alpha", 0.05, "one")) or ui.SS["compare.alpha"]
NULL_TEXT = ui.texts("compare.null.", "y", "region", "critical", "observed")
KEPT = T("compare.kept")


def decision(result, h0_key: str) -> None:
    """The test's verdict in one plain sentence (a warning instead when the statistic is 0/0 or infinite)."""
    if getattr(result, "degenerate", False):
        st.warning(T("compare.degenerate" if result.statistic != result.statistic else "compare.degenerate_inf"))
        return
    key = "compare.reject" if result.reject else "compare.keep"
    (st.error if result.reject else st.success)(T(key, alpha=f"{alpha:g}", h0=T(h0_key),
                                                  p=ui.fmt(result.pvalue, 4)))


def numbers(frame, *, rates=True, min_rows=2, min_cols=1):
    return ec.table_values(frame.to_numpy().tolist(), list(frame.columns), rates=rates, min_rows=min_rows,
                           min_cols=min_cols)


def null_chart(r, x: str, key: str) -> None:
    ui.chart(null_figure(ec.null_distribution(r), text=dict(NULL_TEXT, x=x)), key=key)


def run_it(kind: str, label: str = "compare.run") -> bool:
    """The "run it" block; it comes before the section's table, which then shows the new run."""
    return learners.run_controls(kind, f"compare.table.{kind}", label=T(label),
                          help=T(f"{label}.help"), data_label=T("compare.run.data"),
                          names=ui.labels("compare.learner.", learners.LEARNERS))


def binomial() -> None:
    st.markdown(T("compare.binomial.intro"))
    c1, c2, c3 = st.columns(3)
    m = c1.number_input(T("compare.binomial.m"), 1, 100_000, step=1, **ui.bind("compare.m", 30, "value"))
    errors = c2.number_input(T("compare.binomial.errors"), 0, 100_000, step=1,
                             **ui.bind("compare.errors", 6, "value"))
    eps0 = c3.number_input("ε₀", 0.001, 0.999, step=0.01, format="%.3f", **ui.bind("compare.eps0", 0.1, "value"))
    r = ui.last_good("compare.last.binomial", lambda: ec.binomial_test(int(errors), int(m), float(eps0),
                                                                       alpha=alpha), kept=KEPT)
    if r is None:
        return
    left, right = st.columns([1, 1])
    with left:
        null_chart(r, T("compare.binomial.x"), "compare_binomial")
    with right:
        ui.formula("compare.binomial.c")
        ui.formula("compare.binomial.c_filled", a=f"{r.alpha:g}", m=r.m, e=f"{r.eps0:g}", c=r.critical)
        ui.formula("compare.binomial.ebar", c=r.critical, m=r.m, v=f"{r.critical_error_rate:.4f}")
        ui.formula("compare.binomial.p", k=r.statistic, m=r.m, e=f"{r.eps0:g}")
        ui.formula("compare.binomial.p_filled", v=ui.fmt(r.pvalue, 4))
        decision(r, "compare.h0.binomial")
        ci = r.confidence_interval(1 - r.alpha)
        st.caption(T("compare.binomial.ci", k=r.statistic, m=r.m, e=ui.fmt(r.error_rate, 4), level=f"{1 - r.alpha:.0%}",
                     low=ui.fmt(ci.low, 4), high=ui.fmt(ci.high, 4)))
        st.info(T("compare.binomial.note"))


def t_test() -> None:
    st.markdown(T("compare.t.intro"))
    left, right = st.columns([1, 1.4])
    with left:
        eps0 = st.number_input("ε₀", 0.0, 1.0, step=0.01, format="%.3f", **ui.bind("compare.eps0_t", 0.1, "value"))
        r, _ = ui.edited_table("compare.table.t", COMPARE_TABLES["t"],
                               lambda f: ec.t_test(numbers(f)[:, 0], eps0, alpha=alpha), kept=KEPT)
    with right:
        null_chart(r, "τ<sub>t</sub>", "compare_t")
        ui.formula("compare.t", k=r.k, mu=f"{r.mean:.4f}", e=f"{eps0:g}", s=f"{r.std:.4f}",
                   v=ui.fmt(r.statistic, 4))
        decision(r, "compare.h0.t")


def paired_check(frame):
    v = numbers(frame, min_cols=2)
    return ec.paired_t_test(v[:, 0], v[:, 1], alpha=alpha), v


def paired() -> None:
    st.markdown(T("compare.paired.intro"))
    run_it("paired")
    left, right = st.columns([1, 1.4])
    with left:
        (r, v), frame = ui.edited_table("compare.table.paired", COMPARE_TABLES["paired"], paired_check, kept=KEPT)
    with right:
        null_chart(r, "τ<sub>t</sub>", "compare_paired")
        mu = f"{r.mean:.4f}" if r.mean >= 0 else f"({r.mean:.4f})"
        ui.formula("compare.paired", k=r.k, mu=mu, s=f"{r.std:.4f}", v=ui.fmt(abs(r.statistic), 4))
        decision(r, "compare.h0.paired")
    ui.chart(differences_figure(v[:, 0], v[:, 1], text=dict(
        x=T("compare.fold"), y=T("compare.error_rate"), a=str(frame.columns[0]), b=str(frame.columns[1]),
        diff=T("compare.diff"))), key="compare_paired_diff")


def cv5x2_check(frame, variant: str):
    v = numbers(frame, min_rows=1, min_cols=1)
    if v.shape != (ec.CV5X2_REPLICATIONS, 2 * ec.CV5X2_FOLDS):
        raise ec.DataError("cv5x2_table_shape", got_rows=v.shape[0], got_cols=v.shape[1])
    return ec.cv5x2_t_test(v[:, 0:2], v[:, 2:4], alpha=alpha, variant=variant)


def cv5x2() -> None:
    st.markdown(T("compare.cv5x2.intro"))
    run_it("cv5x2")
    VARIANTS = ("book", "dietterich")
    left, right = st.columns([1, 1.4])
    with left:
        variant = st.radio(T("compare.cv5x2.variant"), VARIANTS, format_func=ui.labels("compare.cv5x2.", VARIANTS).get,
                           **ui.bind("compare.variant", "book"))
        r, _ = ui.edited_table("compare.table.cv5x2", COMPARE_TABLES["cv5x2"], lambda f: cv5x2_check(f, variant),
                               kept=KEPT)
    with right:
        null_chart(r, "τ<sub>t</sub>", "compare_cv5x2")
        ui.formula(f"compare.cv5x2.{variant}", mu=f"{r.numerator:.4f}", s=f"{r.variance_sum:.5f}",
                   v=ui.fmt(r.statistic, 4))
        if variant == "book":
            ui.formula("compare.cv5x2.book_mu")
        decision(r, "compare.h0.paired")
    st.dataframe(pd.DataFrame({T("compare.cv5x2.d1"): r.differences[:, 0], T("compare.cv5x2.d2"):
                               r.differences[:, 1], "s²": r.variances}), hide_index=True)
    st.caption(T("compare.cv5x2.note"))


def mcnemar() -> None:
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
            thr = [ui.get_threshold(current_token, m, ui.model(current_token, m, current).counts) for m in pair]
            t2 = ec.mcnemar_table(learners.correct(current, pair[0], thr[0]),
                                  learners.correct(current, pair[1], thr[1]))
            same = (int(t2[0, 1]), int(t2[1, 0])) == (ui.SS["compare.e01"], ui.SS["compare.e10"])
            ui.SS["compare.e01"], ui.SS["compare.e10"] = int(t2[0, 1]), int(t2[1, 0])
            ui.SS["compare.mc_from"] = dict(a=pair[0], b=pair[1], ta=ui.fmt_threshold(thr[0]),
                                            tb=ui.fmt_threshold(thr[1]), e01=int(t2[0, 1]), e10=int(t2[1, 0]),
                                            same=same)

        st.button(T("compare.mcnemar.current", a=pair[0], b=pair[1]), on_click=from_current, key="compare_mc_cur",
                  help=T("compare.mcnemar.current.help"))
        done = ui.SS.get("compare.mc_from")
        if done and (done["e01"], done["e10"]) == (e01, e10):
            st.caption(T("compare.mcnemar.from", **{k: v for k, v in done.items() if k != "same"})
                       + (" " + T("compare.mcnemar.same") if done["same"] else ""))
    r = ui.last_good("compare.last.mcnemar", lambda: ec.mcnemar(int(e01), int(e10), alpha=alpha), kept=KEPT)
    if r is None:
        return
    left, right = st.columns([1.2, 1])
    with left:
        null_chart(r, "τ<sub>χ²</sub>", "compare_mcnemar")
    with right:
        ui.formula("compare.mcnemar", e01=r.e01, e10=r.e10, v=ui.fmt(r.statistic, 4))
        decision(r, "compare.h0.mcnemar")
        if r.exact_recommended:
            st.info(T("compare.mcnemar.exact", p=ui.fmt(r.pvalue_exact, 4), n=r.e01 + r.e10))


def friedman() -> None:
    st.markdown(T("compare.friedman.intro"))
    PRESET_NAMES = ("book", "demsar")

    def load_preset():
        demsar = ui.SS["compare.preset"] == "demsar"
        ui.SS["compare.table.friedman"] = DEMSAR_TABLE6 if demsar else COMPARE_TABLES["friedman"]
        ui.SS["compare.higher"] = demsar
        ui.redraw("compare.table.friedman")

    p1, p2, p3 = st.columns([2.2, 1, 1.4])
    preset = ui.bind("compare.preset", "book")
    copy_back, args = preset.pop("on_change"), preset.pop("args")
    p1.radio(T("compare.friedman.preset"), PRESET_NAMES, horizontal=True, help=T("compare.friedman.preset.help"),
             format_func=ui.labels("compare.friedman.preset.", PRESET_NAMES).get, **preset,
             on_change=lambda: (copy_back(*args), load_preset()))
    with p3:
        if run_it("friedman", "compare.friedman.run"):
            ui.SS["compare.higher"] = False                           # the run's table holds error rates
    higher = p2.toggle(T("compare.friedman.higher"), help=T("compare.friedman.higher.help"),
                       **ui.bind("compare.higher", False))
    with st.expander(T("compare.upload")):
        up = st.file_uploader(T("compare.upload"), key="_w_compare_upload", help=T("compare.upload.help"),
                              label_visibility="collapsed")
        slot = ui.UploadSlot("compare.upload", "compare.upload_name", "compare.upload_error", "compare.upload_id")
        parse = ui.table_parser("friedman upload", min_rows=2, min_cols=2, refuse_predictions=True)
        if ui.handle_upload(slot, up, parse):
            tbl = ui.SS.pop("compare.upload")
            ui.SS["compare.table.friedman"] = {c: tbl.values[:, j].tolist() for j, c in enumerate(tbl.col_names)}
            ui.redraw("compare.table.friedman")
        ui.upload_status(slot)
    left, right = st.columns([1, 1.3])
    with left:
        (r, cols), _ = ui.edited_table(
            "compare.table.friedman", COMPARE_TABLES["friedman"],
            lambda f: (ec.friedman(numbers(f, rates=False, min_cols=2), alpha=alpha, higher_is_better=higher),
                       [str(c) for c in f.columns]), kept=KEPT)
    cd = ec.nemenyi_cd(r.k, r.n_datasets, alpha=alpha)
    with right:
        ui.chart(cd_diagram(r.avg_ranks, cd, cols, ec.nemenyi_groups(r.avg_ranks, cd), text=dict(
            x=T("compare.friedman.rank"), cd="CD", title=T("compare.friedman.diagram"))), key="compare_cd")
        st.caption(T("compare.friedman.diagram.note"))
    left, right = st.columns([1, 1.3])
    with left:
        null_chart(r, "τ<sub>F</sub>", "compare_friedman")
    with right:
        st.markdown(T("compare.friedman.ranks", ranks=", ".join(f"{c} = {v:.3f}" for c, v in zip(cols, r.avg_ranks))))
        ui.formula("compare.friedman.chi2", n=r.n_datasets, k=r.k, v=f"{r.chi2:.4f}")
        ui.formula("compare.friedman.f", n=r.n_datasets, k=r.k, c=f"{r.chi2:.4f}", v=ui.fmt(r.statistic, 4))
        ui.formula("compare.friedman.cd", q=f"{ec.nemenyi_q(r.k, alpha):.3f}", k=r.k, n=r.n_datasets, v=f"{cd:.3f}")
        decision(r, "compare.h0.friedman")
    with st.expander(T("compare.friedman.rank_table")):
        st.dataframe(pd.DataFrame(r.ranks, columns=[ui.cell(c) for c in cols]), hide_index=True)
    if ui.SS.get("compare.preset") == "demsar":
        st.caption(T("compare.friedman.demsar_note"))
    st.caption(T("compare.friedman.note"))


def delong() -> None:
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
    shown = {n: T(f"compare.learner.{n}") if n in learners.LEARNERS else n for n in (a_name, b_name)}
    r = ec.delong_test(ps.y, ps.scores[a_name], ps.scores[b_name], alpha=alpha)
    left, right = st.columns([1.2, 1])
    with left:
        null_chart(r, "z", "compare_delong")
    with right:
        k1, k2 = st.columns(2)
        for box, name, auc, ci in ((k1, a_name, r.auc_a, r.ci_a), (k2, b_name, r.auc_b, r.ci_b)):
            box.metric(f"AUC {ui.md(shown[name])}", f"{auc:.4f}",
                       help=T("compare.delong.ci", lo=f"{ci.low:.4f}", hi=f"{ci.high:.4f}"))
        st.markdown(T("compare.delong.cis", a=shown[a_name], b=shown[b_name], la=f"{r.ci_a.low:.4f}",
                      ha=f"{r.ci_a.high:.4f}", lb=f"{r.ci_b.low:.4f}", hb=f"{r.ci_b.high:.4f}",
                      level=f"{1 - alpha:.0%}"))
        ui.formula("compare.delong", d=f"{r.difference:.4f}", var=f"{r.difference_variance:.6f}",
                   v=ui.fmt(r.statistic, 4))
        decision(r, "compare.h0.delong")


{"binomial": binomial, "t": t_test, "paired": paired, "cv5x2": cv5x2, "mcnemar": mcnemar, "friedman": friedman,
 "delong": delong}[section]()
ui.publish_again()
