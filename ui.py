"""Streamlit helpers shared by the pages: language, persistent widgets, the
data sidebar, the shared threshold, cached evalcore calls.

Cross-page state lives in plain ``st.session_state`` keys (widget keys vanish
with their widget when the page changes):

``lang``          "zh" (default) or "en"
``source``        which data set the sidebar shows
``ds_upload``     the last uploaded PredictionSet that loaded (kept when a
                  later upload fails)
``models``        the models chosen for viewing
``thresholds``    {"<data token>|<model>": threshold}, shared by every page
"""
from __future__ import annotations

import hashlib
import math
import tomllib
from functools import lru_cache
from pathlib import Path

import numpy as np
import streamlit as st

import evalcore as ec
from evalcore import datasets

ROOT = Path(__file__).resolve().parent
ASSETS = ROOT / "assets"
SS = st.session_state
UPLOAD_LIMIT_MB = 200
SOURCES = ("seed-9", "seed-5", "seed-4", "watermelon", "breast-cancer", "synthetic", "upload")
SYN_SIZES = (100, 1_000, 10_000, 100_000, 1_000_000)


# The pages: (file, url path, title key).  No icons: Material icons are
# fetched from the internet, which a lecture hall may not have.  app.py builds the navigation
# from this table and the home page links to it.
PAGES = (
    ("pages/home.py", "home", "nav.home"),
    ("pages/confusion.py", "confusion", "nav.confusion"),
    ("pages/pr.py", "pr", "nav.pr"),
    ("pages/roc.py", "roc", "nav.roc"),
    ("pages/cost.py", "cost", "nav.cost"),
)


def page_link(url_path: str) -> None:
    """A link to the page with ``url_path``; a plain link when the page runs
    outside the navigation (as in AppTest.from_file)."""
    from streamlit.errors import StreamlitAPIException

    path, _, key = next(p for p in PAGES if p[1] == url_path)
    try:
        st.page_link(path, label=t(key))
    except StreamlitAPIException:
        st.markdown(f"[{t(key)}](/{url_path})")


# ---------------------------------------------------------------- language
def _strings() -> dict:
    path = ASSETS / "i18n.toml"
    return _load_strings(path, path.stat().st_mtime_ns)


@lru_cache(maxsize=1)
def _load_strings(path: Path, mtime_ns: int) -> dict:
    with open(path, "rb") as f:
        return tomllib.load(f)


def lang() -> str:
    return SS.get("lang", "zh")


def t(key: str, **kw) -> str:
    """The visible string ``key`` in the current language, formatted with ``kw``."""
    entry = _strings()[key]
    text = entry[lang()]
    return text.format(**kw) if kw else text


def lesson(name: str) -> None:
    """Show the lesson text ``assets/lessons/<name>.<lang>.md``."""
    st.markdown((ASSETS / "lessons" / f"{name}.{lang()}.md").read_text(encoding="utf-8"))


def error_text(err: Exception) -> str:
    if isinstance(err, ec.DataError):
        return err.text(lang())
    return t("err.unexpected", detail=str(err)[:300])


def labels(prefix: str, options) -> dict:
    """{option: translated label} for a widget's ``format_func`` (resolved now,
    not when the widget is read later)."""
    return {o: t(prefix + o) for o in options}


def show_error(err: Exception) -> None:
    st.error(error_text(err), icon="⚠️")


# ------------------------------------------------------ persistent widgets
def bind(key: str, default):
    """Keyword arguments that tie a widget to the plain session key ``key``,
    so its value survives page switches: ``st.radio(..., **bind("lang", "zh"))``."""
    if key not in SS:
        SS[key] = default
    wkey = "_w_" + key
    SS[wkey] = SS[key]
    return dict(key=wkey, on_change=_copy_back, args=(key,))


def _copy_back(key: str) -> None:
    SS[key] = SS["_w_" + key]


def language_switch() -> None:
    st.sidebar.radio("语言 / Language", ("zh", "en"), horizontal=True,
                     format_func={"zh": "中文", "en": "English"}.get, **bind("lang", "zh"))


def page(title_key: str, lesson_name: str | None = None) -> None:
    """Common page start: language switch, title, lesson text."""
    language_switch()
    st.title(t(title_key))
    if lesson_name:
        lesson(lesson_name)


# ------------------------------------------------------------ data sidebar
@st.cache_resource(max_entries=8, show_spinner=False)
def _builtin(name: str):
    return datasets.resolve(name)


@st.cache_resource(max_entries=4, show_spinner=False)
def _synthetic(n: int, sep: float, rate: float, seed: int):
    return datasets.synthetic(n, sep, rate, seed)


def set_synthetic(n: int, sep: float, rate: float) -> None:
    """Switch the sidebar to the synthetic generator with these settings
    (a button callback, e.g. the accuracy-paradox preset)."""
    SS["source"] = "synthetic"
    SS["syn_n"], SS["syn_sep"], SS["syn_rate"] = n, sep, rate


def _load_upload(data: bytes, pos_label=None):
    ps = ec.load_predictions(data, pos_label=pos_label)
    token = "upload:" + hashlib.sha1(data).hexdigest()[:12] + f":{pos_label}"
    return ps, token


def _upload_panel() -> None:
    sb = st.sidebar
    f = sb.file_uploader(t("upload.label"), type=None, key="_w_upload", help=t("upload.help"))
    sb.caption(t("upload.limit", mb=UPLOAD_LIMIT_MB))
    if f is not None and f.file_id != SS.get("upload_file_id"):
        SS["upload_file_id"] = f.file_id
        SS.pop("upload_error", None)
        SS.pop("upload_pending", None)
        data = f.getvalue()
        if len(data) > UPLOAD_LIMIT_MB * 2**20:
            SS["upload_error"] = ec.DataError("file_too_large", size_mb=len(data) / 2**20,
                                              limit_mb=UPLOAD_LIMIT_MB)
        else:
            try:
                ps, token = _load_upload(data)
                SS["ds_upload"], SS["ds_upload_token"] = ps, token
                SS["upload_name"] = f.name
            except ec.DataError as err:
                SS["upload_error"] = err
                if err.code in ("ambiguous_pos_label", "too_many_classes"):
                    SS["upload_pending"] = (data, f.name, err)
            except Exception as err:  # never a traceback in the page
                SS["upload_error"] = err
    err = SS.get("upload_error")
    if err is not None:
        sb.error(error_text(err), icon="⚠️")
        if SS.get("ds_upload") is not None:
            sb.info(t("upload.kept", name=SS.get("upload_name", "")))
    pending = SS.get("upload_pending")
    if pending is not None:
        data, name, perr = pending
        choices = perr.params.get("choices") or [perr.params.get("a"), perr.params.get("b")]
        pick = sb.selectbox(t("pos.pick"), [str(c) for c in choices], key="_w_pos_pick")
        if sb.button(t("pos.apply"), key="_w_pos_apply"):
            try:
                ps, token = _load_upload(data, pos_label=pick)
                SS["ds_upload"], SS["ds_upload_token"] = ps, token
                SS["upload_name"] = name
                SS.pop("upload_error", None)
                SS.pop("upload_pending", None)
                st.rerun()
            except ec.DataError as err2:
                SS["upload_error"] = err2


def data_sidebar():
    """Draw the data sidebar and return ``(PredictionSet | None, token)``.

    The data set is kept in session state across pages; a failed upload
    leaves the previous one in place."""
    sb = st.sidebar
    sb.header(t("data.header"))
    sb.selectbox(t("data.source"), SOURCES, format_func=labels("src.", SOURCES).get,
                 **bind("source", "seed-9"))
    src = SS["source"]
    ps, token = None, None
    if src == "synthetic":
        sb.select_slider(t("syn.n"), SYN_SIZES, format_func=lambda v: f"{v:,}", **bind("syn_n", 1000))
        sb.slider(t("syn.sep"), 0.0, 4.0, step=0.1, **bind("syn_sep", 1.5))
        sb.slider(t("syn.rate"), 0.01, 0.99, step=0.01, **bind("syn_rate", 0.5))
        sb.number_input(t("syn.seed"), min_value=0, max_value=10_000, step=1, **bind("syn_seed", 0))
        args = (int(SS["syn_n"]), float(SS["syn_sep"]), float(SS["syn_rate"]), int(SS["syn_seed"]))
        ps, token = _synthetic(*args), "syn:" + ":".join(map(str, args))
    elif src == "upload":
        _upload_panel()
        ps, token = SS.get("ds_upload"), SS.get("ds_upload_token")
        if ps is None:
            sb.info(t("upload.none"))
    else:
        ps, token = _builtin(src), "builtin:" + src
        if src == "watermelon":
            sb.caption(t("src.watermelon.note"))
        if src == "breast-cancer":
            sb.caption(t("src.breast.note"))
    if ps is None:
        return None, None
    sb.markdown(t("data.summary", n=f"{ps.n:,}", n_pos=f"{ps.n_pos:,}", n_neg=f"{ps.n_neg:,}",
                  pos=ps.pos_label, neg=ps.neg_label))
    for w in ps.warnings:
        sb.caption("ℹ️ " + (w.text(lang()) if hasattr(w, "text") else str(w)))
    models = ps.models
    chosen = [m for m in SS.get("models", []) if m in models] or models[:3]
    SS["models"] = chosen
    sb.multiselect(t("data.models"), models, **bind("models", chosen))
    if not SS["models"]:
        sb.warning(t("data.no_models"))
    return ps, token


def data_page(title_key: str, lesson_name: str):
    """Start of a page that needs predictions: title, lesson, the data sidebar.
    Returns ``(ps, token, models)``; stops the page (with a hint) without data."""
    page(title_key, lesson_name)
    ps, token = data_sidebar()
    if ps is None:
        st.info(t("data.pick_first"))
        st.stop()
    return ps, token, chosen_models(ps)


def model_picker(models: list, label_key: str = "roc.thr.model", key: str = "roc_model") -> str:
    """Which of the chosen models a control applies to (shared across pages)."""
    if len(models) > 1:
        st.selectbox(t(label_key), models, **bind(key, models[0]))
    choice = SS.get(key, models[0])
    return choice if choice in models else models[0]


def chosen_models(ps) -> list[str]:
    return [m for m in SS.get("models", []) if m in ps.scores] or ps.models[:1]


# ------------------------------------------------------- cached evalcore
# Keyed by the data token (not the arrays: hashing 10^6 scores on every rerun
# would cost more than the slider), cache_resource hands back the same
# frozen result object without copying it.
def is_flipped(token: str, model: str) -> bool:
    return f"{token}|{model}" in SS.get("flipped", set())


def set_flipped(token: str, model: str, flip: bool) -> None:
    flips = set(SS.get("flipped", set()))
    (flips.add if flip else flips.discard)(f"{token}|{model}")
    SS["flipped"] = flips


def counts(token: str, model: str, ps) -> ec.ThresholdCounts:
    """The shared primitive for one model of one data set (scores flipped if
    the user asked), computed once."""
    return _counts(token, model, is_flipped(token, model), ps)


@st.cache_resource(max_entries=32, show_spinner=False)
def _counts(token: str, model: str, flipped: bool, _ps) -> ec.ThresholdCounts:
    s = _ps.scores[model]
    return ec.threshold_counts(_ps.y, ec.flipped_scores(s) if flipped else s)


def roc_view(token: str, model: str, ps) -> ec.CurveView:
    return _roc_view(token, model, is_flipped(token, model), ps)


@st.cache_resource(max_entries=32, show_spinner=False)
def _roc_view(token, model, flipped, _ps):
    return ec.roc_view(counts(token, model, _ps))


def pr_view(token: str, model: str, ps) -> ec.CurveView:
    return _pr_view(token, model, is_flipped(token, model), ps)


@st.cache_resource(max_entries=32, show_spinner=False)
def _pr_view(token, model, flipped, _ps):
    return ec.pr_view(counts(token, model, _ps))


def best_f(token: str, model: str, beta: float, ps) -> ec.BestF:
    return _best_f(token, model, is_flipped(token, model), round(float(beta), 6), ps)


@st.cache_resource(max_entries=64, show_spinner=False)
def _best_f(token, model, flipped, beta, _ps):
    return ec.best_f(counts(token, model, _ps), beta)


def pr_facts(token: str, model: str, ps) -> dict:
    """BEP and the P-R trapezoid area of a model (O(n): computed once)."""
    return _pr_facts(token, model, is_flipped(token, model), ps)


@st.cache_resource(max_entries=32, show_spinner=False)
def _pr_facts(token, model, flipped, _ps):
    tc = counts(token, model, _ps)
    return {"bep": tc.break_even_point(), "trapezoid": ec.pr_trapezoid_area(tc)}


def roc_hull(token: str, model: str, ps):
    return _roc_hull(token, model, is_flipped(token, model), ps)


@st.cache_resource(max_entries=32, show_spinner=False)
def _roc_hull(token, model, flipped, _ps):
    return ec.roc_hull_points(counts(token, model, _ps))


def optimal(token: str, model: str, p: float, c01: float, c10: float, ps) -> ec.CostPoint:
    return _optimal(token, model, is_flipped(token, model), float(p), float(c01), float(c10), ps)


@st.cache_resource(max_entries=128, show_spinner=False)
def _optimal(token, model, flipped, p, c01, c10, _ps):
    return ec.optimal_threshold(counts(token, model, _ps), p, c01, c10)


def cost_curve(token: str, model: str, ps):
    return _cost_curve(token, model, is_flipped(token, model), ps)


@st.cache_resource(max_entries=32, show_spinner=False)
def _cost_curve(token, model, flipped, _ps):
    cc = counts(token, model, _ps).cost_curve()
    return cc, ec.cost_line_sample(cc, 150)


def cost_comparison(token: str, a: str, b: str, ps):
    return _cost_comparison(token, a, b, is_flipped(token, a), is_flipped(token, b), ps)


@st.cache_resource(max_entries=32, show_spinner=False)
def _cost_comparison(token, a, b, fa, fb, _ps):
    return ec.compare_cost_curves(cost_curve(token, a, _ps)[0], cost_curve(token, b, _ps)[0])


def resampled(token: str, model: str, rate: float, method: str, ps) -> dict:
    """The model's data resampled to positive rate ``rate`` (seeded): its
    counts, both curve views and its least-error threshold, computed once."""
    return _resampled(token, model, is_flipped(token, model), float(rate), method, ps)


@st.cache_resource(max_entries=16, show_spinner=False)
def _resampled(token, model, flipped, rate, method, _ps):
    s = _ps.scores[model]
    y, s2 = ec.resample_to_rate(_ps.y, ec.flipped_scores(s) if flipped else s, rate, method=method, seed=0)
    tc = ec.threshold_counts(y, s2)
    rate_now = tc.n_pos / (tc.n_pos + tc.n_neg)
    return {"counts": tc, "roc": ec.roc_view(tc), "pr": ec.pr_view(tc), "rate": rate_now,
            "best": ec.optimal_threshold(tc, rate_now, 1.0, 1.0)}


def roc_steps(token: str, model: str, ps, max_steps: int | None = None) -> ec.RocSteps:
    """The model's ROC walk (coarsened to ``max_steps`` groups if given), computed once."""
    return _roc_steps(token, model, is_flipped(token, model), max_steps, ps)


@st.cache_resource(max_entries=32, show_spinner=False)
def _roc_steps(token, model, flipped, max_steps, _ps):
    steps = ec.roc_steps(counts(token, model, _ps))
    return ec.coarsen_steps(steps, max_steps) if max_steps else steps


def dominance(kind: str, token: str, a: str, b: str, ps) -> int:
    """ec.curve_dominance of two models' full ROC or P-R curves, computed once."""
    return _dominance(kind, token, a, b, is_flipped(token, a), is_flipped(token, b), ps)


@st.cache_resource(max_entries=64, show_spinner=False)
def _dominance(kind, token, a, b, fa, fb, _ps):
    ca, cb = counts(token, a, _ps), counts(token, b, _ps)
    if kind == "roc":
        ra, rb = ca.roc_curve(), cb.roc_curve()
        return ec.curve_dominance(ra.fpr, ra.tpr, rb.fpr, rb.tpr)
    pa, pb = ca.pr_curve(), cb.pr_curve()
    return ec.curve_dominance(pa.recall, pa.precision, pb.recall, pb.precision)


def histogram(token: str, model: str, ps) -> ec.ScoreHistogram:
    return _histogram(token, model, is_flipped(token, model), ps)


@st.cache_resource(max_entries=32, show_spinner=False)
def _histogram(token, model, flipped, _ps):
    s = _ps.scores[model]
    return ec.score_histogram(_ps.y, ec.flipped_scores(s) if flipped else s, bins=40)


def ensure_static_plotly() -> str:
    """Copy plotly.js from the installed plotly package to ./static, which the
    app serves (server.enableStaticServing), so linked HTML figures work
    offline.  Returns its URL."""
    target = ROOT / "static" / "plotly.min.js"
    if not target.exists():
        import shutil

        import plotly

        target.parent.mkdir(exist_ok=True)
        shutil.copyfile(Path(plotly.__file__).parent / "package_data" / "plotly.min.js", target)
    return "/app/static/plotly.min.js"


def linked_chart(fig, height: int = 640) -> None:
    """A figure from ``figures.cost_linked_figure`` with hover linking, in an iframe."""
    if SS.get("_no_charts"):
        return
    from evalcore import figures

    st.iframe(figures.linked_html(fig, ensure_static_plotly(), height), height=height)


def chart(fig, key: str, *, on_select=None, width="stretch", **kw):
    """Draw a plotly figure.  With ``on_select``, clicking a point reruns and
    calls it.  (``bench/pages.py`` sets ``_no_charts`` to time a page
    without its charts.)"""
    if SS.get("_no_charts"):
        return None
    config = {"displayModeBar": False, "displaylogo": False}
    if on_select is None:
        return st.plotly_chart(fig, key=key, config=config, width=width, **kw)
    return st.plotly_chart(fig, key=key, config=config, on_select=on_select, selection_mode="points",
                           width=width, **kw)


def curve_chart(fig, key: str, token: str, models: list, views: list) -> None:
    """A ROC or P-R figure (trace i = model i) whose clicked point sets that
    model's shared threshold."""
    chart(fig, key, on_select=lambda: threshold_from_click(key, token, models, views), width="content")


def threshold_panel(token: str, models: list, ps) -> str:
    """Pick a model and show its shared-threshold control; returns the model."""
    model = model_picker(models, "roc.thr.model")
    threshold_control(token, model, counts(token, model, ps))
    return model


def threshold_from_click(key: str, token: str, models: list, views: list) -> None:
    """``on_select`` callback of a curve chart: the clicked point of model
    ``i`` (trace ``i``) sets that model's shared threshold, exactly (looked
    up by the point's index in the drawn curve, not read back from JSON)."""
    state = SS.get(key)
    points = state["selection"]["points"] if state else []
    for p in points:
        i, j = int(p.get("curve_number", -1)), p.get("point_index", p.get("point_number"))
        if 0 <= i < len(views) and j is not None and 0 <= int(j) < len(views[i].thresholds):
            t = float(views[i].thresholds[int(j)])
            if not np.isfinite(t):  # the ROC start: nothing predicted positive
                t = float(np.nextafter(views[i].thresholds[1], np.inf))
            set_threshold(token, models[i], t)


# ---------------------------------------------------- the shared threshold
def _thr_key(token: str, model: str) -> str:
    return f"{token}|{model}"


def default_threshold(tc: ec.ThresholdCounts) -> float:
    lo, hi = float(tc.thresholds[-1]), float(tc.thresholds[1])
    if 0.0 <= lo and hi <= 1.0 and lo < 0.5 <= hi:
        return 0.5
    return round((lo + hi) / 2, 6)


def get_threshold(token: str, model: str, tc: ec.ThresholdCounts) -> float:
    store = SS.setdefault("thresholds", {})
    return store.setdefault(_thr_key(token, model), default_threshold(tc))


def set_threshold(token: str, model: str, value: float) -> None:
    SS.setdefault("thresholds", {})[_thr_key(token, model)] = float(value)


def threshold_control(token: str, model: str, tc: ec.ThresholdCounts) -> float:
    """Slider plus exact number input for the shared threshold of ``model``;
    returns the current threshold.  Rule: predicted positive iff score >= it."""
    value = get_threshold(token, model, tc)
    lo, hi = float(tc.thresholds[-1]), float(tc.thresholds[1])
    if hi <= lo:
        hi = lo + 1.0
    step = _nice_step((hi - lo) / 500)
    lo_s, hi_s = math.floor(lo / step) * step, math.ceil(hi / step) * step
    skey, nkey = f"_w_thr_s|{model}", f"_w_thr_n|{model}"
    SS[skey] = float(min(max(value, lo_s), hi_s))
    SS[nkey] = float(value)

    def from_slider():
        set_threshold(token, model, SS[skey])

    def from_number():
        set_threshold(token, model, SS[nkey])

    c1, c2 = st.columns([3, 1])
    c1.slider(t("thr.slider"), lo_s, hi_s, step=step, key=skey, on_change=from_slider,
              format="%.4f", help=t("thr.help"))
    c2.number_input(t("thr.number"), step=step, key=nkey, on_change=from_number, format="%.6g")
    return get_threshold(token, model, tc)


def _nice_step(raw: float) -> float:
    if raw <= 0 or not math.isfinite(raw):
        return 0.01
    e = math.floor(math.log10(raw))
    return float(10.0 ** e)


def fmt(x: float, digits: int = 3) -> str:
    """A measure for display: nan shows as an em dash with the reason elsewhere."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "—"
    return f"{x:.{digits}f}"
