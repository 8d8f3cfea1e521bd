"""度量实验室 · the measures beyond the confusion matrix: probabilistic losses,
multi-label, regression, clustering (from the metrics summary the lab follows).

Session keys (``lab.`` family): ``lab.table.<name>`` the last good table of
each editor; ``lab.bias`` (regression offset); ``lab.nmi`` (NMI's mean).
"""
import pandas as pd
import streamlit as st

import evalcore as ec
from evalcore.figures.lab import clusters_figure, regression_figure

import ui

ui.open_page("lab")
T = ui.t
PRESETS = {
    "binary": {"y": [1, 0, 1, 1, 0, 0], "p": [0.9, 0.2, 0.6, 0.35, 0.4, 0.05]},
    "multi": {"y": ["cat", "dog", "rabbit", "dog"], "cat": [0.7, 0.1, 0.2, 0.3], "dog": [0.2, 0.8, 0.2, 0.5],
              "rabbit": [0.1, 0.1, 0.6, 0.2]},
    "hinge": {"y": [1, -1, 1, -1, 1], "w": [1.4, -0.3, 0.2, 0.6, -0.5]},
    "labels": {"y1": [1, 0, 1, 0], "y2": [0, 1, 1, 0], "y3": [1, 1, 0, 0], "f1": [0.9, 0.2, 0.6, 0.1],
               "f2": [0.3, 0.8, 0.7, 0.4], "f3": [0.6, 0.5, 0.1, 0.2]},
    "regression": {"y": [3.0, -0.5, 2.0, 7.0, 4.2, 1.1, 5.5, 0.3],
                   "yhat": [2.5, 0.0, 2.1, 7.8, 3.9, 1.5, 5.0, 0.9]},
    "clusters": {"x": [0.0, 0.4, 0.3, 0.9, 3.0, 3.4, 2.8, 3.3, 1.5, 1.8, 6.0, 6.3],
                 "y": [0.0, 0.5, -0.3, 0.2, 3.0, 2.6, 3.4, 3.1, 1.4, 1.9, 0.2, 0.6],
                 "class": ["A", "A", "A", "A", "B", "B", "B", "B", "A", "B", "C", "C"],
                 "cluster": [1, 1, 1, 1, 2, 2, 2, 2, 1, 1, 3, 3]},
}


def editor(name: str, numeric: list[str], rates: bool = False):
    """An editable table; numbers checked cell by cell, a bad cell keeps the last good table."""
    key = f"lab.table.{name}"
    edited = ui.bounded_editor(key, PRESETS[name])
    try:
        ec.table_values(edited[numeric].to_numpy().tolist(), numeric, rates=rates, min_rows=2)
        if edited.isna().to_numpy().any():
            raise ec.DataError("table_cell", row=int(edited.isna().any(axis=1).to_numpy().argmax()) + 1,
                               col=str(edited.columns[edited.isna().any(axis=0).to_numpy()][0]), value="")
        ui.SS[key] = edited.to_dict(orient="list")
        return edited
    except ec.DataError as err:
        ui.show_error(err)
        st.caption(T("lab.kept"))
        return pd.DataFrame(ui.SS.get(key, PRESETS[name]))


tabs = st.tabs([T(f"lab.tab.{k}") for k in ("loss", "multilabel", "regression", "clustering")])

# ------------------------------------------------------------- probabilistic losses
with tabs[0]:
    st.markdown(T("lab.loss.intro"))
    left, right = st.columns(2)
    with left:
        st.subheader(T("lab.loss.binary"))
        t = editor("binary", ["y", "p"], rates=True)
        try:
            v = ec.log_loss(t["y"].astype(int), t["p"].astype(float))
            ui.formula("lab.logloss.binary", v=f"{v:.4f}")
        except ec.DataError as err:
            ui.show_error(err)
    with right:
        st.subheader(T("lab.loss.multi"))
        t = editor("multi", ["cat", "dog", "rabbit"], rates=True)
        try:
            v = ec.log_loss(t["y"].astype(str), t[["cat", "dog", "rabbit"]].astype(float).to_numpy(),
                            labels=["cat", "dog", "rabbit"])
            ui.formula("lab.logloss.multi", v=f"{v:.4f}")
            st.caption(T("lab.logloss.slip"))
        except ec.DataError as err:
            ui.show_error(err)
    st.subheader(T("lab.current"))
    ps, token = ui.data_sidebar()
    if ps is None:
        st.info(T("common.data.pick_first"))
    else:
        rows = []
        for name in ui.chosen_models(ps):
            try:
                rows.append({T("lab.current.model"): ui.cell(name),
                             T("lab.current.logloss"): f"{ec.log_loss(ps.y, ps.scores[name]):.4f}"})
            except ec.DataError:
                rows.append({T("lab.current.model"): ui.cell(name), T("lab.current.logloss"): T("lab.current.notp")})
        st.dataframe(rows, hide_index=True)
        st.caption(T("lab.current.note"))
    st.subheader(T("lab.hinge"))
    h1, h2 = st.columns(2)
    with h1:
        t = editor("hinge", ["y", "w"])
    with h2:
        try:
            forms = ec.hinge_forms(t["y"].astype(float), t["w"].astype(float))
            ui.formula("lab.hinge.binary", v=f"{forms.binary:.4f}")
            ui.formula("lab.hinge.multi", v=f"{forms.multiclass:.4f}")
            ui.formula("lab.hinge.outputs")
            st.info(T("lab.hinge.note", b=f"{forms.binary:.4f}", m=f"{forms.multiclass:.4f}"))
        except ec.DataError as err:
            ui.show_error(err)

# ------------------------------------------------------------- multi-label
with tabs[1]:
    st.markdown(T("lab.ml.intro"))
    t = editor("labels", ["y1", "y2", "y3", "f1", "f2", "f3"])
    try:
        Y = t[["y1", "y2", "y3"]].astype(float).to_numpy()
        F = t[["f1", "f2", "f3"]].astype(float).to_numpy()
        pred = ec.labels_at(F, 0.5)
        jac = ec.jaccard(Y, pred)
        k1, k2, k3, k4, k5 = st.columns(5)
        k1.metric(T("lab.ml.hamming"), f"{ec.hamming_loss(Y, pred):.4f}")
        k2.metric(T("lab.ml.jaccard"), f"{jac.mean:.4f}")
        k3.metric(T("lab.ml.coverage"), f"{ec.coverage_error(Y, F):.4f}")
        k4.metric("LRAP", f"{ec.label_ranking_average_precision(Y, F):.4f}")
        k5.metric(T("lab.ml.rloss"), f"{ec.label_ranking_loss(Y, F):.4f}")
        st.caption(T("lab.ml.pred", per=", ".join(f"{v:.3f}" for v in jac.per_sample)))
        for name in ("lab.ml.f.hamming", "lab.ml.f.jaccard", "lab.ml.f.coverage", "lab.ml.f.lrap", "lab.ml.f.rloss"):
            ui.formula(name)
        st.caption(T("lab.ml.slip"))
    except ec.DataError as err:
        ui.show_error(err)

# ------------------------------------------------------------- regression
with tabs[2]:
    st.markdown(T("lab.reg.intro"))
    left, right = st.columns([1, 2])
    with left:
        t = editor("regression", ["y", "yhat"])
        bias = st.slider(T("lab.reg.bias"), -3.0, 3.0, step=0.1, help=T("lab.reg.bias.help"),
                         **ui.bind("lab.bias", 0.0))
    try:
        r = ec.regression_scores(t["y"].astype(float), t["yhat"].astype(float), offset=bias)
        with right:
            ui.chart(regression_figure(t["y"].astype(float), t["yhat"].astype(float), offset=bias, text=ui.texts(
                "lab.reg.fig.", "y", "yhat", "residual", "ideal", "mean")), key="lab_reg")
        k1, k2, k3, k4 = st.columns(4)
        k1.metric("MAE", f"{r.mae:.4f}")
        k2.metric("MSE", f"{r.mse:.4f}")
        k3.metric(T("lab.reg.ev"), ui.fmt(r.explained_variance, 4))
        k4.metric("R²", ui.fmt(r.r2, 4))
        for name in ("lab.reg.f.mae", "lab.reg.f.mse", "lab.reg.f.ev", "lab.reg.f.r2"):
            ui.formula(name)
        st.info(T("lab.reg.note", mean=f"{r.mean_residual:+.3f}"))
    except ec.DataError as err:
        ui.show_error(err)

# ------------------------------------------------------------- clustering
with tabs[3]:
    st.markdown(T("lab.cl.intro"))
    left, right = st.columns([1, 1.2])
    with left:
        t = editor("clusters", ["x", "y"])
        AVG = ("geometric", "arithmetic")
        avg = st.radio(T("lab.cl.nmi"), AVG, format_func=ui.labels("lab.cl.nmi.", AVG).get, horizontal=True,
                       **ui.bind("lab.nmi", "geometric"))
    try:
        u, v = t["class"].astype(str).to_numpy(), t["cluster"].astype(str).to_numpy()
        pc = ec.pair_counts(u, v)
        with right:
            ui.chart(clusters_figure(t["x"].astype(float), t["y"].astype(float), list(u), list(v), text=ui.texts(
                "lab.cl.fig.", "x", "y", "cluster", "cls")), key="lab_clusters")
        ui.formula("lab.cl.ri", a=pc.a, b=pc.b, n=pc.total, v=f"{ec.rand_index(u, v):.4f}")
        st.caption(T("lab.cl.pairs", a=pc.a, b=pc.b, c=pc.c, d=pc.d))
        k1, k2, k3, k4, k5 = st.columns(5)
        k1.metric("ARI", f"{ec.adjusted_rand_index(u, v):.4f}")
        k2.metric("MI", f"{ec.mutual_information(u, v):.4f}")
        k3.metric("NMI", f"{ec.normalized_mutual_information(u, v, average=avg):.4f}")
        k4.metric("AMI", f"{ec.adjusted_mutual_information(u, v):.4f}")
        try:
            k5.metric(T("lab.cl.sil"), f"{ec.silhouette(t[['x', 'y']].astype(float).to_numpy(), v).mean:.4f}")
        except ec.DataError as err:
            k5.metric(T("lab.cl.sil"), "—")
            st.caption(ui.error_text(err))
        for name in ("lab.cl.f.h", "lab.cl.f.mi", f"lab.cl.f.nmi.{avg}"):
            ui.formula(name)
        st.caption(T("lab.cl.slip"))
    except ec.DataError as err:
        ui.show_error(err)
