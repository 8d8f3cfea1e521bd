"""度量实验室 · the measures beyond the confusion matrix: probabilistic losses,
multi-label, regression, clustering (from the metrics summary the lab follows).

Session keys (``lab.`` family): ``lab.section`` the open section;
``lab.table.<name>`` the last good table of each editor; ``lab.bias``
(regression offset); ``lab.nmi`` (NMI's mean).  All of them travel in a
link (ui/core/links.py).
"""
import streamlit as st

import evalcore as ec
from evalcore.figures.lab import clusters_figure, regression_figure
from evalcore.presets import LAB_TABLES

import ui

ui.open_page("lab")
T = ui.t
ps, token = ui.data_sidebar()
section = ui.section("lab.section", ui.LAB_SECTIONS, "lab.tab.")
KEPT = T("lab.kept")
CLASSES = ["cat", "dog", "rabbit"]


def numbers(frame, cols, **kw):
    """The numeric columns ``cols`` of an edited table, each cell checked (a message names the cell)."""
    return ec.table_values(frame[cols].to_numpy().tolist(), cols, min_rows=2, **kw)


def table(name: str, check, **editor):
    """The edited table ``name`` and its result (the last good one after a bad edit)."""
    return ui.edited_table(f"lab.table.{name}", LAB_TABLES[name], check, kept=KEPT, **editor)[0]


def class_columns() -> dict:
    """The three-class table's columns in the page's language (猫 / 狗 / 兔): each class's column named, and
    the true class chosen among them; the table itself keeps the classes' own names, so a language switch
    keeps its edits and its link."""
    def name(c):
        return ui.shown_name(c, builtin=True)
    return {"y": st.column_config.SelectboxColumn("y", options=CLASSES, format_func=name, required=True),
            **{c: st.column_config.NumberColumn(name(c)) for c in CLASSES}}


def binary_loss(f):
    y = ec.table_labels(f["y"].tolist(), "y", (0, 1))
    return ec.log_loss(y, numbers(f, ["p"], probabilities=True)[:, 0])


def multi_loss(f):
    y = ec.table_labels(f["y"].tolist(), "y", CLASSES, names=ui.builtin_names(CLASSES))     # 猫、狗、兔 in Chinese
    return ec.log_loss(y, numbers(f, CLASSES, probabilities=True), labels=CLASSES)


def hinge(f):
    return ec.hinge_forms(ec.table_labels(f["y"].tolist(), "y", (-1, 1)), numbers(f, ["w"])[:, 0])


def losses() -> None:
    st.markdown(T("lab.loss.intro"))
    left, right = st.columns(2)
    with left:
        st.subheader(T("lab.loss.binary"))
        ui.formula("lab.logloss.binary", v=f"{table('binary', binary_loss):.4f}")
    with right:
        st.subheader(T("lab.loss.multi"))
        ui.formula("lab.logloss.multi", v=f"{table('multi', multi_loss, column_config=class_columns()):.4f}")
        st.caption(T("lab.logloss.slip"))
    st.subheader(T("lab.hinge"))
    h1, h2 = st.columns(2)
    with h1:
        forms = table("hinge", hinge)
    with h2:
        ui.formula("lab.hinge.binary", v=f"{forms.binary:.4f}")
        ui.formula("lab.hinge.multi", v=f"{forms.multiclass:.4f}")
        ui.formula("lab.hinge.outputs")
        st.info(T("lab.hinge.note", b=f"{forms.binary:.4f}", m=f"{forms.multiclass:.4f}"))
    st.subheader(T("lab.current"))
    if ps is None:
        ui.no_data()
        return
    rows = []
    for name in ui.chosen_models(ps):
        try:
            value = f"{ec.log_loss(ps.y, ps.scores[name]):.4f}"
        except ec.DataError:
            value = T("lab.current.notp")
        rows.append({T("lab.current.model"): ui.shown_cell(name), T("lab.current.logloss"): value})
    st.dataframe(rows, hide_index=True)
    st.caption(T("lab.current.note"))


def label_measures(f):
    Y = [ec.table_labels(f[c].tolist(), c, (0, 1)) for c in ("y1", "y2", "y3")]
    Y = numbers(f.assign(y1=Y[0], y2=Y[1], y3=Y[2]), ["y1", "y2", "y3"])
    F = numbers(f, ["f1", "f2", "f3"])
    pred = ec.labels_at(F, threshold=0.5)
    return dict(subset=ec.subset_accuracy(Y, pred), hamming=ec.hamming_loss(Y, pred), jaccard=ec.jaccard(Y, pred),
                coverage=ec.coverage_error(Y, F), lrap=ec.label_ranking_average_precision(Y, F),
                rloss=ec.label_ranking_loss(Y, F))


def multilabel() -> None:
    st.markdown(T("lab.ml.intro"))
    r = table("labels", label_measures)
    names = {k: T(f"lab.ml.{k}") for k in ("subset", "hamming", "jaccard", "coverage", "rloss")}
    for box, key in zip(st.columns(6), ("subset", "hamming", "jaccard", "coverage", "lrap", "rloss")):
        value = r[key].mean if key == "jaccard" else r[key]
        box.metric(names.get(key, "LRAP"), f"{value:.4f}")
    st.caption(T("lab.ml.pred", per=", ".join(f"{v:.3f}" for v in r["jaccard"].per_sample)))
    ui.formula("lab.ml.f.subset", what=T("lab.ml.subset"))
    for name in ("lab.ml.f.hamming", "lab.ml.f.jaccard", "lab.ml.f.lrap"):
        ui.formula(name)
    ui.formula("lab.ml.f.coverage", what=T("lab.ml.coverage"))
    ui.formula("lab.ml.f.rloss", what=T("lab.ml.rloss"))
    st.caption(T("lab.ml.slip"))


def regression() -> None:
    st.markdown(T("lab.reg.intro"))
    left, right = st.columns([1, 2])
    with left:
        bias = st.slider(T("lab.reg.bias"), *ui.span("lab.bias"), step=0.1, help=T("lab.reg.bias.help"),
                         **ui.bind("lab.bias"))
        y, yhat = table("regression", lambda f: numbers(f, ["y", "yhat"]).T)
    r = ec.regression_scores(y, yhat, offset=bias)
    with right:
        ui.live_chart(regression_figure(y, yhat, offset=bias, text=ui.texts(     # its phone layout: stacked
            "lab.reg.fig.", "y", "yhat", "residual", "ideal", "mean")), key="lab_reg")
    k1, k2, k3, k4 = st.columns(4)
    k1.metric("MAE", f"{r.mae:.4f}")
    k2.metric("MSE", f"{r.mse:.4f}")
    k3.metric(T("lab.reg.ev"), ui.fmt(r.explained_variance, 4))
    k4.metric("R²", ui.fmt(r.r2, 4))
    ui.formula("lab.reg.f.mae")
    ui.formula("lab.reg.f.mse", ref=T("lab.reg.ref"))
    ui.formula("lab.reg.f.ev", what=T("lab.reg.ev"))
    ui.formula("lab.reg.f.r2")
    st.info(T("lab.reg.note", mean=f"{r.mean_residual:+.3f}"))


def clusters_check(f):
    xy = numbers(f, ["x", "y"])
    u = [str(c) for c in ec.table_labels(f["class"].tolist(), "class", sorted({str(c) for c in f["class"]}))]
    cells = f["cluster"].tolist()
    v = [str(c) for c in ec.table_labels(cells, "cluster", list(dict.fromkeys(cells)))]
    return xy, u, v


def clustering() -> None:
    st.markdown(T("lab.cl.intro"))
    left, right = st.columns([1, 1.2])
    with left:
        xy, u, v = table("clusters", clusters_check)
        avg = st.radio(T("lab.cl.nmi"), ui.NMI_AVERAGES, format_func=ui.labels("lab.cl.nmi.", ui.NMI_AVERAGES).get,
                       horizontal=True, **ui.bind("lab.nmi"))
    pc = ec.pair_counts(u, v)
    with right:
        ui.live_chart(clusters_figure(xy[:, 0], xy[:, 1], u, v, text=ui.texts(
            "lab.cl.fig.", "x", "y", "cluster", "cls", "by_colour", "by_shape")), key="lab_clusters")
    ui.formula("lab.cl.ri", a=pc.a, b=pc.b, n=pc.total, v=f"{ec.rand_index(u, v):.4f}")
    st.caption(T("lab.cl.pairs", a=pc.a, b=pc.b, c=pc.c, d=pc.d))
    k1, k2, k3, k4, k5 = st.columns(5)
    k1.metric("ARI", f"{ec.adjusted_rand_index(u, v):.4f}")
    k2.metric("MI", f"{ec.mutual_information(u, v):.4f}")
    k3.metric("NMI", f"{ec.normalized_mutual_information(u, v, average=avg):.4f}")
    k4.metric("AMI", f"{ec.adjusted_mutual_information(u, v):.4f}")
    try:
        k5.metric(T("lab.cl.sil"), f"{ec.silhouette(xy, v).mean:.4f}")
    except ec.DataError as err:
        k5.metric(T("lab.cl.sil"), "—")
        st.caption(ui.error_text(err))
    for name in ("lab.cl.f.h", "lab.cl.f.mi", f"lab.cl.f.nmi.{avg}"):
        ui.formula(name)
    st.caption(T("lab.cl.slip"))


with ui.guard("lab section"):
    {"loss": losses, "multilabel": multilabel, "regression": regression, "clustering": clustering}[section]()
ui.publish_again()
