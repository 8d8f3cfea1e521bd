"""Exercise 2.8: min-max against z-score normalisation, and an outlier.

Session keys ``exercises.<n>.<name>`` (the section's controls, declared as the
``exercises.`` family in ui/core/state.py)."""
from __future__ import annotations

import pandas as pd
import streamlit as st
import evalcore as ec
from ui.core.charts import live_chart
from ui.parts.exercises.guess import guess_first
from ui.core.i18n import formula, labels, t, texts
from ui.core.registry import page_link
from ui.core.state import bind
from evalcore.figures.exercises import normalisation_figure
from ui.parts.exercises.shared import num
from ui.core.settings import grid_step, span

PAGE_STRINGS = "exercises."

@st.cache_data(max_entries=32, show_spinner=False)
def _norm(outlier: float) -> ec.NormalisationStudy:
    return ec.normalisation_study(outlier)


def _answer_28(study: ec.NormalisationStudy) -> str:
    """The answer, each claim chosen by a predicate of the study (outlier or not, which keeps the
    others more spread, which k-NN scores higher and whether the gap is noise)."""
    lo, hi = study.others_range("minmax")
    new_mm = study.new["minmax"][:, 1]
    parts = [t("exercises.e28.mm.outlier" if study.has_outlier else "exercises.e28.mm.none", o=num(study.outlier),
               sds=f"{study.outlier_sds:.1f}", lo=f"{lo:.2f}", hi=f"{hi:.2f}", share=f"{study.others_share:.0%}"),
             t("exercises.e28.new.outside" if study.new_outside_unit else "exercises.e28.new.inside",
               new=", ".join(f"{v:.2f}" for v in new_mm)),
             t("exercises.e28.linear", share=f"{study.others_share:.0%}"),
             t(f"exercises.e28.spread.{study.more_spread}", rm=f"{study.spread('minmax'):.2f}",
               rz=f"{study.spread('z'):.2f}"),
             t(f"exercises.e28.knn.{study.knn_better}", k=ec.STUDY_K, n=study.n_test,
               raw=f"{study.accuracy['raw']:.1%}", mm=f"{study.accuracy['minmax']:.1%}",
               z=f"{study.accuracy['z']:.1%}", d=study.knn_gap)]
    if study.knn_better != "same":
        parts.append(t("exercises.e28.knn.noise" if study.knn_gap_within_noise else "exercises.e28.knn.real",
                       n=study.n_test))
    if study.has_outlier and study.knn_gap_within_noise:
        parts.append(t("exercises.e28.knn.noise_feature"))
    return " ".join(parts)


def e28() -> None:
    st.markdown(t("exercises.e28.q"))
    if not guess_first("2.8", t("exercises.e28.guess"), options=labels("exercises.e28.opt.", ("minmax", "z", "both"))):
        return
    outlier = st.slider(t("exercises.e28.outlier"), *span("exercises.28.outlier"),
                        step=grid_step("exercises.28.outlier"), **bind("exercises.28.outlier"))
    study = _norm(float(outlier))
    keys = ec.NORMALISATIONS
    live_chart(normalisation_figure([(study.train[k], study.y) for k in keys], [study.new[k] for k in keys], text=dict(
        texts("exercises.e28.fig.", "pos", "neg", "new", "x", "y"),
        titles=[t(f"exercises.e28.{k}") for k in keys])), key="exercises_e28_fig")    # a phone: stacked panels
    rows = {t("exercises.e28.col.method"): [t(f"exercises.e28.{k}") for k in keys],
            t("exercises.e28.col.range2"): ["[{}, {}]".format(*map(num, study.feature_range(k))) for k in keys],
            t("exercises.e28.col.new"): [", ".join(num(v) for v in study.new[k][:, 1]) for k in keys],
            t("exercises.e28.col.knn", k=ec.STUDY_K): [f"{study.accuracy[k]:.1%}" for k in keys]}
    st.dataframe(pd.DataFrame(rows), hide_index=True)
    formula("exercises.e28.formulas")
    st.success(_answer_28(study))
    page_link("lab")


SECTIONS = {"2.8": e28}
