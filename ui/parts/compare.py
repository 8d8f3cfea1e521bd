"""The sections of the comparison-tests page (pages/compare.py), one
function each, drawn by :func:`draw`: the binomial test, the t-test, the
paired t-test, 5x2cv, McNemar, Friedman with Nemenyi, DeLong.  Each shows
the test's null distribution with its rejection region, the filled
formulas and the verdict computed from the numbers.  The section's state is
in the page's session keys (``compare.*``, listed in the page's docstring).
"""
from __future__ import annotations

from dataclasses import dataclass

import pandas as pd
import streamlit as st

import evalcore as ec
from evalcore import datasets
from evalcore.figures.comparison import cd_diagram, differences_figure, null_figure
from evalcore.presets import COMPARE_TABLES, DEMSAR_TABLE6

from ui.core import learners
from ui.core.i18n import tex_number
from ui.protect.bounds import redraw, table_parser
from ui.core.charts import chart
from ui.core.data import UploadSlot, handle_upload, upload_status
from ui.core.i18n import cell, fmt, fmt_threshold, formula, labels, md, t, texts
from ui.core.models import model
from ui.core.state import SS, bind
from ui.core.tables import edited_table, last_good
from ui.core.threshold import get_threshold
from ui.core.settings import span

PAGE_STRINGS = "compare."
T = t
ALPHAS = (0.01, 0.05, 0.1)


@dataclass(frozen=True)
class Context:
    """What every section reads besides its own controls: the significance
    level, and the predictions chosen in the sidebar (``current``, its
    ``token`` and its first two models ``pair``; None, None, [] without)."""

    alpha: float
    current: object
    token: str | None
    pair: list


def decision(ctx, result, h0_key: str) -> None:
    """The test's verdict in one plain sentence (a warning instead when the statistic is 0/0 or infinite)."""
    if getattr(result, "degenerate", False):
        st.warning(T("compare.degenerate" if result.statistic != result.statistic else "compare.degenerate_inf"))
        return
    key = "compare.reject" if result.reject else "compare.keep"
    (st.error if result.reject else st.success)(T(key, alpha=f"{ctx.alpha:g}", h0=T(h0_key),
                                                  p=fmt(result.pvalue, 4)))


def numbers(frame, *, rates=True, min_rows=2, min_cols=1):
    return ec.table_values(frame.to_numpy().tolist(), list(frame.columns), rates=rates, min_rows=min_rows,
                           min_cols=min_cols)


def null_chart(r, x: str, key: str) -> None:
    text = dict(texts("compare.null.", "y", "region", "critical", "observed"), x=x)
    chart(null_figure(ec.null_distribution(r), text=text), key=key)


def run_it(kind: str, label: str = "compare.run") -> bool:
    """The "run it" block; it comes before the section's table, which then shows the new run."""
    return learners.run_controls(kind, f"compare.table.{kind}", label=T(label),
                          help=T(f"{label}.help"), data_label=T("compare.run.data"),
                          names=labels("compare.learner.", learners.LEARNERS))


def binomial(ctx) -> None:
    st.markdown(T("compare.binomial.intro"))
    c1, c2, c3 = st.columns(3)
    m = c1.number_input(T("compare.binomial.m"), *span("compare.m"), step=1, **bind("compare.m", first="value"))
    errors = c2.number_input(T("compare.binomial.errors"), *span("compare.errors"), step=1,
                             **bind("compare.errors", first="value"))
    eps0 = c3.number_input("ε₀", *span("compare.eps0"), step=0.01, format="%.3f", **bind("compare.eps0", first="value"))
    r = last_good("compare.last.binomial", lambda: ec.binomial_test(int(errors), int(m), float(eps0),
                                                                       alpha=ctx.alpha), kept=T("compare.kept"))
    if r is None:
        return
    left, right = st.columns([1, 1])
    with left:
        null_chart(r, T("compare.binomial.x"), "compare_binomial")
    with right:
        formula("compare.binomial.c")
        formula("compare.binomial.c_filled", a=f"{r.alpha:g}", m=r.m, e=f"{r.eps0:g}", c=r.critical)
        formula("compare.binomial.ebar", c=r.critical, m=r.m, v=f"{r.critical_error_rate:.4f}")
        formula("compare.binomial.p", k=r.statistic, m=r.m, e=f"{r.eps0:g}")
        formula("compare.binomial.p_filled", v=fmt(r.pvalue, 4))
        decision(ctx, r, "compare.h0.binomial")
        ci = r.confidence_interval(1 - r.alpha)
        st.caption(T("compare.binomial.ci", k=r.statistic, m=r.m, e=fmt(r.error_rate, 4), level=f"{1 - r.alpha:.0%}",
                     low=fmt(ci.low, 4), high=fmt(ci.high, 4)))
        st.info(T("compare.binomial.note"))


def t_test(ctx) -> None:
    st.markdown(T("compare.t.intro"))
    left, right = st.columns([1, 1.4])
    with left:
        eps0 = st.number_input("ε₀", *span("compare.eps0_t"), step=0.01, format="%.3f",
                               **bind("compare.eps0_t", first="value"))
        # the column is named "error" in the table's data (and its link); its header in the page's language
        r, _ = edited_table("compare.table.t", COMPARE_TABLES["t"],
                            lambda f: ec.t_test(numbers(f)[:, 0], eps0, alpha=ctx.alpha), kept=T("compare.kept"),
                            column_config={"error": st.column_config.NumberColumn(T("compare.error_rate"))})
    with right:
        null_chart(r, "τ<sub>t</sub>", "compare_t")
        n = ec.formula_digits(r, eps0=eps0)           # enough digits to recompute τt from the printed numbers
        formula("compare.t", k=r.k, mu=tex_number(r.mean, n), e=f"{eps0:g}", s=tex_number(r.std, n),
                v=fmt(r.statistic, 4))
        decision(ctx, r, "compare.h0.t")


def paired_check(ctx, frame):
    v = numbers(frame, min_cols=2)
    return ec.paired_t_test(v[:, 0], v[:, 1], alpha=ctx.alpha), v


def paired(ctx) -> None:
    st.markdown(T("compare.paired.intro"))
    run_it("paired")
    left, right = st.columns([1, 1.4])
    with left:
        (r, v), frame = edited_table("compare.table.paired", COMPARE_TABLES["paired"], lambda f: paired_check(ctx, f),
                                       kept=T("compare.kept"))
    with right:
        null_chart(r, "τ<sub>t</sub>", "compare_paired")     # the signed τt, as in the formula
        n = ec.formula_digits(r)
        mu = tex_number(r.mean, n) if r.mean >= 0 else f"({tex_number(r.mean, n)})"
        formula("compare.paired", k=r.k, mu=mu, s=tex_number(r.std, n), v=fmt(r.statistic, 4),
                a=fmt(abs(r.statistic), 4))
        st.caption(T("compare.paired.signed"))
        decision(ctx, r, "compare.h0.paired")
    chart(differences_figure(v[:, 0], v[:, 1], text=dict(
        x=T("compare.fold"), y=T("compare.error_rate"), a=str(frame.columns[0]), b=str(frame.columns[1]),
        diff=T("compare.diff"))), key="compare_paired_diff")


def cv5x2_check(ctx, frame, variant: str):
    v = numbers(frame, min_rows=1, min_cols=1)
    if v.shape != (ec.CV5X2_REPLICATIONS, 2 * ec.CV5X2_FOLDS):
        raise ec.DataError("cv5x2_table_shape", got_rows=v.shape[0], got_cols=v.shape[1])
    return ec.cv5x2_t_test(v[:, 0:2], v[:, 2:4], alpha=ctx.alpha, variant=variant)


def cv5x2(ctx) -> None:
    st.markdown(T("compare.cv5x2.intro"))
    run_it("cv5x2")
    VARIANTS = ("book", "dietterich")
    left, right = st.columns([1, 1.4])
    with left:
        variant = st.radio(T("compare.cv5x2.variant"), VARIANTS, format_func=labels("compare.cv5x2.", VARIANTS).get,
                           **bind("compare.variant"))
        r, _ = edited_table("compare.table.cv5x2", COMPARE_TABLES["cv5x2"], lambda f: cv5x2_check(ctx, f, variant),
                               kept=T("compare.kept"))
    with right:
        null_chart(r, "τ<sub>t</sub>", "compare_cv5x2")
        n = ec.formula_digits(r)
        formula(f"compare.cv5x2.{variant}", mu=tex_number(r.numerator, n), s=tex_number(r.variance_sum, n),
                v=fmt(r.statistic, 4))
        if variant == "book":
            formula("compare.cv5x2.book_mu")
        decision(ctx, r, "compare.h0.paired")
    st.dataframe(pd.DataFrame({T("compare.cv5x2.d1"): r.differences[:, 0], T("compare.cv5x2.d2"):
                               r.differences[:, 1], "s²": r.variances}), hide_index=True)
    st.caption(T("compare.cv5x2.note"))


def mcnemar(ctx) -> None:
    st.markdown(T("compare.mcnemar.intro"))
    ps = datasets.resolve("breast-cancer")
    table = ec.mcnemar_table(ps.correct("logistic", 0.5), ps.correct("naive_bayes", 0.5))
    c1, c2 = st.columns(2)
    e01 = c1.number_input("e01", *span("compare.e01"), step=1, help=T("compare.mcnemar.e01"),
                          **bind("compare.e01", int(table[0, 1]), first="value"))
    e10 = c2.number_input("e10", *span("compare.e10"), step=1, help=T("compare.mcnemar.e10"),
                          **bind("compare.e10", int(table[1, 0]), first="value"))
    st.caption(T("compare.mcnemar.preset", e00=int(table[0, 0]), e11=int(table[1, 1])))
    if len(ctx.pair) == 2:
        def from_current():
            thr = [get_threshold(ctx.token, m, model(ctx.token, m, ctx.current).counts) for m in ctx.pair]
            t2 = ec.mcnemar_table(ctx.current.correct(ctx.pair[0], thr[0]),
                                  ctx.current.correct(ctx.pair[1], thr[1]))
            same = (int(t2[0, 1]), int(t2[1, 0])) == (SS["compare.e01"], SS["compare.e10"])
            SS["compare.e01"], SS["compare.e10"] = int(t2[0, 1]), int(t2[1, 0])
            SS["compare.mc_from"] = dict(a=ctx.pair[0], b=ctx.pair[1], ta=fmt_threshold(thr[0]),
                                            tb=fmt_threshold(thr[1]), e01=int(t2[0, 1]), e10=int(t2[1, 0]),
                                            same=same)

        st.button(T("compare.mcnemar.current", a=ctx.pair[0], b=ctx.pair[1]), on_click=from_current,
                  key="compare_mc_cur",
                  help=T("compare.mcnemar.current.help"))
        done = SS.get("compare.mc_from")
        if done and (done["e01"], done["e10"]) == (e01, e10):
            st.caption(T("compare.mcnemar.from", **{k: v for k, v in done.items() if k != "same"})
                       + (" " + T("compare.mcnemar.same") if done["same"] else ""))
    r = last_good("compare.last.mcnemar", lambda: ec.mcnemar(int(e01), int(e10), alpha=ctx.alpha),
                  kept=T("compare.kept"))
    if r is None:
        return
    left, right = st.columns([1.2, 1])
    with left:
        null_chart(r, "τ<sub>χ²</sub>", "compare_mcnemar")
    with right:
        formula("compare.mcnemar", e01=r.e01, e10=r.e10, v=fmt(r.statistic, 4))
        decision(ctx, r, "compare.h0.mcnemar")
        if r.exact_recommended:
            st.info(T("compare.mcnemar.exact", p=fmt(r.pvalue_exact, 4), n=r.e01 + r.e10))


def friedman(ctx) -> None:
    st.markdown(T("compare.friedman.intro"))
    PRESET_NAMES = ("book", "demsar")

    def load_preset():
        demsar = SS["compare.preset"] == "demsar"
        SS["compare.table.friedman"] = DEMSAR_TABLE6 if demsar else COMPARE_TABLES["friedman"]
        SS["compare.higher"] = demsar
        redraw("compare.table.friedman")

    p1, p2, p3 = st.columns([2.2, 1, 1.4])
    preset = bind("compare.preset")
    copy_back, args = preset.pop("on_change"), preset.pop("args")
    p1.radio(T("compare.friedman.preset"), PRESET_NAMES, horizontal=True, help=T("compare.friedman.preset.help"),
             format_func=labels("compare.friedman.preset.", PRESET_NAMES).get, **preset,
             on_change=lambda: (copy_back(*args), load_preset()))
    with p3:
        if run_it("friedman", "compare.friedman.run"):
            SS["compare.higher"] = False                           # the run's table holds error rates
    higher = p2.toggle(T("compare.friedman.higher"), help=T("compare.friedman.higher.help"),
                       **bind("compare.higher"))
    with st.expander(T("compare.upload")):
        up = st.file_uploader(T("compare.upload"), key="_w_compare_upload", help=T("compare.upload.help"),
                              label_visibility="collapsed")
        slot = UploadSlot("compare.upload", "compare.upload_name", "compare.upload_error", "compare.upload_id")
        parse = table_parser("friedman upload", min_rows=2, min_cols=2, refuse_predictions=True)
        if handle_upload(slot, up, parse):
            tbl = SS.pop("compare.upload")
            SS["compare.table.friedman"] = {c: tbl.values[:, j].tolist() for j, c in enumerate(tbl.col_names)}
            redraw("compare.table.friedman")
        upload_status(slot)
    left, right = st.columns([1, 1.3])
    with left:
        (r, cols), _ = edited_table(
            "compare.table.friedman", COMPARE_TABLES["friedman"],
            lambda f: (ec.friedman(numbers(f, rates=False, min_cols=2), alpha=ctx.alpha, higher_is_better=higher),
                       [str(c) for c in f.columns]), kept=T("compare.kept"))
    cd = ec.nemenyi_cd(r.k, r.n_datasets, alpha=ctx.alpha)
    with right:
        chart(cd_diagram(r.avg_ranks, cd, cols, ec.nemenyi_groups(r.avg_ranks, cd), text=dict(
            x=T("compare.friedman.rank"), cd="CD", title=T("compare.friedman.diagram"))), key="compare_cd")
        st.caption(T("compare.friedman.diagram.note"))
    left, right = st.columns([1, 1.3])
    with left:
        null_chart(r, "τ<sub>F</sub>", "compare_friedman")
    with right:
        st.markdown(T("compare.friedman.ranks", ranks=", ".join(f"{c} = {v:.3f}" for c, v in zip(cols, r.avg_ranks))))
        formula("compare.friedman.chi2", n=r.n_datasets, k=r.k, v=f"{r.chi2:.4f}")
        formula("compare.friedman.f", n=r.n_datasets, k=r.k, c=f"{r.chi2:.4f}", v=fmt(r.statistic, 4))
        q = ec.nemenyi_q(r.k, alpha=ctx.alpha)
        formula("compare.friedman.cd", q=f"{q:.3f}", k=r.k, n=r.n_datasets, v=f"{cd:.3f}")
        decision(ctx, r, "compare.h0.friedman")
    with st.expander(T("compare.friedman.rank_table")):
        st.dataframe(pd.DataFrame(r.ranks, columns=[cell(c) for c in cols]), hide_index=True)
    if SS.get("compare.preset") == "demsar":
        st.caption(T("compare.friedman.demsar_note"))
    st.caption(T("compare.friedman.note"))


def delong(ctx) -> None:
    st.markdown(T("compare.delong.intro"))
    SETS = ("current", "breast-cancer", "synthetic") if len(ctx.pair) == 2 else ("breast-cancer", "synthetic")
    labels_ = {**labels("common.src.", ("breast-cancer", "synthetic")), "current": T("compare.delong.current")}
    which = st.radio(T("compare.delong.data"), SETS, format_func=labels_.get, horizontal=True,
                     **bind("compare.delong_set", SETS[0]))
    if which == "current" and len(ctx.pair) == 2:
        ps, (a_name, b_name) = ctx.current, ctx.pair
    else:
        ps = datasets.resolve(which if which != "current" else "breast-cancer")
        a_name, b_name = ps.models[0], ps.models[1]
    shown = {n: T(f"compare.learner.{n}") if n in learners.LEARNERS else n for n in (a_name, b_name)}
    r = ec.delong_test(ps.y, ps.scores[a_name], ps.scores[b_name], alpha=ctx.alpha)
    left, right = st.columns([1.2, 1])
    with left:
        null_chart(r, "z", "compare_delong")
    with right:
        k1, k2 = st.columns(2)
        for box, name, auc, ci in ((k1, a_name, r.auc_a, r.ci_a), (k2, b_name, r.auc_b, r.ci_b)):
            box.metric(f"AUC {md(shown[name])}", f"{auc:.4f}",
                       help=T("compare.delong.ci", lo=f"{ci.low:.4f}", hi=f"{ci.high:.4f}"))
        st.markdown(T("compare.delong.cis", a=shown[a_name], b=shown[b_name], la=f"{r.ci_a.low:.4f}",
                      ha=f"{r.ci_a.high:.4f}", lb=f"{r.ci_b.low:.4f}", hb=f"{r.ci_b.high:.4f}",
                      level=f"{1 - ctx.alpha:.0%}"))
        n = ec.formula_digits(r)                      # 0.0055/√0.000007 gave 2.079, not the 2.0570 shown
        formula("compare.delong", d=tex_number(r.difference, n), var=tex_number(r.difference_variance, n),
                v=fmt(r.statistic, 4))
        decision(ctx, r, "compare.h0.delong")


SECTIONS = {"binomial": binomial, "t": t_test, "paired": paired, "cv5x2": cv5x2, "mcnemar": mcnemar,
            "friedman": friedman, "delong": delong}


def draw(section: str, ctx: Context) -> None:
    """Draw the open ``section`` (a key of :data:`SECTIONS`)."""
    SECTIONS[section](ctx)
