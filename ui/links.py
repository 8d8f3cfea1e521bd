"""Shareable state: the URL carries what a link needs to bring a prepared
state back (page, language, presenter mode, built-in data with its
parameters, model, threshold, beta, ROC mode and step, costs and prior).

Opening a link restores it once per session (:func:`restore`); after that
the page writes the current state back into the URL on every run
(:func:`publish`), so the address bar is always a link to what is shown.
An uploaded file cannot travel in a link: the page says so.
"""
from __future__ import annotations

import math
from urllib.parse import urlencode

import streamlit as st

from .bounds import clamp_cost
from .components import component
from .state import BOUND_DEFAULTS, SS

# query parameter -> (session key, parse); parse raises ValueError on bad input
_BV = "biasvar."          # the bias-variance page's key family
_M = "methods."           # the evaluation-methods page's
_X = "exercises."         # the exercises page's
EXERCISES = ("2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7", "2.8", "2.9", "2.10")
_FLOAT = float


def _bool(v: str) -> bool:
    if v not in ("0", "1"):
        raise ValueError(v)
    return v == "1"


def _choice(*options):
    def parse(v: str) -> str:
        if v not in options:
            raise ValueError(v)
        return v
    return parse


def _int_in(lo: int, hi: int):
    def parse(v: str) -> int:
        x = int(v)
        if not lo <= x <= hi:
            raise ValueError(v)
        return x
    return parse


def _float_in(lo: float, hi: float):
    def parse(v: str) -> float:
        x = float(v)
        if not (math.isfinite(x) and lo <= x <= hi):
            raise ValueError(v)
        return x
    return parse


def _token(v: str) -> str:
    """A short word (a guess's option: letters, digits, "_"), nothing else."""
    if not (0 < len(v) <= 12 and v.replace("_", "").isalnum() and v.isascii()):
        raise ValueError(v)
    return v


def _cost(v: str) -> float:
    """A cost from a link, clamped to a finite range (``ui.bounds.clamp_cost``); nan and negatives are refused."""
    x = float(v)
    if not x >= 0:
        raise ValueError(v)
    return clamp_cost(x)


def _params():
    from .data import FEATURE_SOURCES, SOURCES, SYN_SIZES

    return {
        "lang": ("lang", _choice("zh", "en")),
        "presenter": ("presenter", _bool),
        "img": ("export_fmt", _choice("png", "svg")),
        "source": ("source", _choice(*(s for s in SOURCES if s != "upload"))),
        "n": ("syn_n", lambda v: _choice(*map(str, SYN_SIZES))(v) and int(v)),
        "sep": ("syn_sep", _float_in(0.0, 4.0)),
        "rate": ("syn_rate", _float_in(0.01, 0.99)),
        "seed": ("syn_seed", _int_in(0, 10_000)),
        "model": ("roc_model", str),
        "beta": ("beta", _float_in(0.1, 5.0)),
        "mode": ("roc_mode", _choice("step", "four", "grid", "full")),
        "c01": ("cost01", _cost),
        "c10": ("cost10", _cost),
        # --- intervals beside the measures (ui.intervals): switch, proportion and bootstrap methods ---
        "ci": ("ci_on", _bool),
        "ciprop": ("ci_prop", _choice("wilson", "clopper-pearson")),
        "ciboot": ("ci_boot", _choice("percentile", "bca")),
        # ---- the bias-variance page (pages/biasvar.py): every control; a key "<page>.<name>" goes into the
        # link only on its page, and only when it differs from the default the page binds (ui.state.BOUND_DEFAULTS)
        "bv.f": (_BV + "truth", _choice("sin", "step", "poly")),
        "bv.sd": (_BV + "noise", _grid_in(0.0, 1.0, 0.05)),
        "bv.n": (_BV + "n", _int_of(10, 15, 20, 30, 50, 100, 200)),
        "bv.sets": (_BV + "sets", _int_of(50, 100, 200, 500)),
        "bv.mode": (_BV + "mode", _choice("degree", "steps")),
        "bv.deg": (_BV + "degree", _int_in(0, 15)),
        "bv.steps": (_BV + "steps", _int_of(1, 3, 10, 30, 100, 300, 1000, 3000, 10_000, 30_000, 100_000)),
        # ---- comparison tests (pages/compare.py) and the metrics lab (pages/lab.py) ----
        # defaults in _PAGE_DEFAULTS; tables travel compactly (_table), unless too long
        **_compare_lab_params(),
        # ---- the evaluation-methods page (pages/methods.py): every control
        "m.m": (_M + "m", _int_of(5, 10, 20, 50, 100, 200, 500, 1000)),
        "m.seed": (_M + "seed", _int_in(0, 1_000_000)),
        "m.step": (_M + "step", _int_in(0, 1000)),
        "m.fs": (_M + "fs", _choice(*FEATURE_SOURCES)),
        "m.l": (_M + "learner", _choice("logistic", "tree", "knn")),
        "m.depth": (_M + "depth", _int_in(1, 12)),
        "m.nb": (_M + "neighbors", _int_in(1, 25)),
        "m.frac": (_M + "frac", _grid_in(0.1, 0.9, 0.05)),
        "m.strat": (_M + "stratify", _bool),
        "m.loo": (_M + "loo", _bool),
        "m.k": (_M + "k", _int_in(2, 20)),
        "m.p": (_M + "p", _int_of(1, 2, 5, 10)),
        "m.n": (_M + "n", _int_of(30, 50, 100, 200)),
        "m.tune": (_M + "tune_stage", _int_in(0, 2)),
        # ---- the exercises page (pages/exercises.py): the open exercise, each committed guess, the controls
        "x.open": (_X + "open", _choice(*EXERCISES)),
        **{f"x.g{n.replace('.', '')}": (f"{_X}guess.{n}", _token) for n in EXERCISES},
        "x.21p": (_X + "21.pos", _int_in(1, 5000)), "x.21n": (_X + "21.neg", _int_in(1, 5000)),
        "x.21f": (_X + "21.frac", _grid_in(0.05, 0.95, 0.05)),
        "x.22p": (_X + "22.pos", _int_in(10, 100)), "x.22n": (_X + "22.neg", _int_in(10, 100)),
        "x.22l": (_X + "22.learner", _choice("majority", "1nn", "stump")),
        "x.23s": (_X + "23.seed", _int_in(1, 10_000)),
        "x.24tp": (_X + "24.tp", _int_in(0, 10**6)), "x.24fn": (_X + "24.fn", _int_in(0, 10**6)),
        "x.24fp": (_X + "24.fp", _int_in(0, 10**6)), "x.24tn": (_X + "24.tn", _int_in(0, 10**6)),
        "x.24pi": (_X + "24.pi", _grid_in(0.01, 0.99, 0.01)),
        "x.25d": (_X + "25.data", _choice("seed-9", "seed-5", "seed-4")),
        "x.26pi": (_X + "26.prior", _grid_in(0.05, 0.95, 0.05)),
        "x.27i": (_X + "27.point", _int_in(0, 10**7)),
        "x.28o": (_X + "28.outlier", _int_of(*range(500, 5001, 250))),
        "x.29k": (_X + "29.kind", _choice("goodness", "independence")),
        "x.29a": (_X + "29.alpha", lambda v: _choice("0.01", "0.05", "0.1")(v) and float(v)),
        "x.210k": (_X + "210.k", _int_in(3, 8)),
        "x.210a": (_X + "210.alpha", lambda v: _choice("0.01", "0.05", "0.1")(v) and float(v)),
        "x.210e": (_X + "210.effect", _grid_in(0.0, 1.0, 0.1)),
    }


def _int_of(*options: int):
    def parse(v: str) -> int:
        x = int(v)
        if x not in options:
            raise ValueError(v)
        return x
    return parse


def _grid_in(lo: float, hi: float, step: float):
    """A float in [lo, hi] on a slider's grid of ``step`` (rounded to it)."""
    def parse(v: str) -> float:
        x = _float_in(lo, hi)(v)
        return round(lo + round((x - lo) / step) * step, 10)
    return parse


# ---------------------------------------------------- comparison tests and metrics lab
COMPARE_SECTIONS = ("binomial", "t", "paired", "cv5x2", "mcnemar", "friedman", "delong")
LAB_SECTIONS = ("loss", "multilabel", "regression", "clustering")
NMI_AVERAGES = ("geometric", "arithmetic", "min", "max")
LEARNER_NAMES = ("logistic", "tree", "knn", "naive_bayes")
TABLE_CHARS = 1500       # a table whose text is longer does not go into the link (the share box says so)
_TABLE_CELLS = 2000
_COMPARE_TABLES = ("t", "paired", "cv5x2", "friedman")
_LAB_TABLES = ("binary", "multi", "hinge", "labels", "regression", "clusters")


def _cell(v: str):
    from urllib.parse import unquote

    v = unquote(v)
    if not v.strip():
        raise ValueError("an empty cell")
    for kind in (int, float):
        try:
            x = kind(v)
        except ValueError:
            continue
        if kind is int or math.isfinite(x):
            return x
        raise ValueError(v)
    return v


def _table(v: str) -> dict:
    """A table from its link form ``name:v,v,v;name:v,v,v`` (names and text
    cells percent-encoded); every column as long as the first."""
    from urllib.parse import unquote

    out = {}
    for part in v.split(";"):
        name, _, cells = part.partition(":")
        out[unquote(name)] = [_cell(c) for c in cells.split(",")] if cells else []
    lengths = {len(c) for c in out.values()}
    if not out or len(lengths) != 1 or sum(map(len, out.values())) > _TABLE_CELLS or 0 in lengths:
        raise ValueError(v)
    return out


def table_text(table: dict) -> str:
    """The link form of a table (see :func:`_table`)."""
    from urllib.parse import quote

    def one(x):
        if isinstance(x, bool):
            x = int(x)
        if isinstance(x, float) and x.is_integer() and abs(x) < 1e15:
            return str(int(x))
        return f"{x:.10g}" if isinstance(x, float) else quote(str(x), safe="")
    return ";".join(quote(str(k), safe="") + ":" + ",".join(one(x) for x in col) for k, col in table.items())


def _compare_lab_params() -> dict:
    c, lab = "compare.", "lab."
    out = {
        "c_sec": (c + "section", _choice(*COMPARE_SECTIONS)),
        "c_alpha": (c + "alpha", lambda v: _choice("0.01", "0.05", "0.1")(v) and float(v)),
        "c_m": (c + "m", _int_in(1, 100_000)),
        "c_err": (c + "errors", _int_in(0, 100_000)),
        "c_eps0": (c + "eps0", _float_in(0.001, 0.999)),
        "c_eps0t": (c + "eps0_t", _float_in(0.0, 1.0)),
        "c_var": (c + "variant", _choice("book", "dietterich")),
        "c_e01": (c + "e01", _int_in(0, 10**6)),
        "c_e10": (c + "e10", _int_in(0, 10**6)),
        "c_preset": (c + "preset", _choice("book", "demsar")),
        "c_higher": (c + "higher", _bool),
        "c_delong": (c + "delong_set", _choice("current", "breast-cancer", "synthetic")),
        "l_sec": (lab + "section", _choice(*LAB_SECTIONS)),
        "l_bias": (lab + "bias", _float_in(-3.0, 3.0)),
        "l_nmi": (lab + "nmi", _choice(*NMI_AVERAGES)),
    }
    for run in ("paired", "cv5x2"):
        out[f"c_fs_{run}"] = (f"{c}fs.{run}", _choice("breast-cancer", "watermelon"))
        out[f"c_a_{run}"] = (f"{c}a.{run}", _choice(*LEARNER_NAMES))
        out[f"c_b_{run}"] = (f"{c}b.{run}", _choice(*LEARNER_NAMES))
    out.update({f"c_tab_{n}": (f"{c}table.{n}", _table) for n in _COMPARE_TABLES})
    out.update({f"l_tab_{n}": (f"{lab}table.{n}", _table) for n in _LAB_TABLES})
    return out


def _page_defaults() -> dict:
    from evalcore.presets import COMPARE_TABLES, LAB_TABLES

    out = {"compare.section": "binomial", "compare.alpha": 0.05, "compare.m": 30, "compare.errors": 6,
           "compare.eps0": 0.1, "compare.eps0_t": 0.1, "compare.variant": "book", "compare.preset": "book",
           "compare.higher": False, "lab.section": "loss", "lab.bias": 0.0, "lab.nmi": "geometric",
           "methods.seed": 0, "methods.step": 0}
    for run in ("paired", "cv5x2"):
        out.update({f"compare.fs.{run}": "breast-cancer", f"compare.a.{run}": "logistic",
                    f"compare.b.{run}": "naive_bayes"})
    out.update({f"compare.table.{n}": COMPARE_TABLES[n] for n in _COMPARE_TABLES})
    out.update({f"lab.table.{n}": LAB_TABLES[n] for n in _LAB_TABLES})
    return out


# values that need the data token: restored when the data is known
_PENDING = "_link_pending"


def restore() -> None:
    """Once per session: copy the link's parameters into the session state
    (bad values are ignored, so a broken link still opens)."""
    if SS.get("_link_read"):
        return
    SS["_link_read"] = True
    q = st.query_params
    for name, (key, parse) in _params().items():
        if name in q:
            try:
                SS[key] = parse(q[name])
            except (ValueError, TypeError):
                pass
    pending = {}
    for name, parse in (("thr", _FLOAT), ("p", _float_in(0.0, 1.0)), ("step", _int_in(0, 10**7))):
        if name in q:
            try:
                pending[name] = parse(q[name])
            except (ValueError, TypeError):
                pass
    SS[_PENDING] = pending


def restore_data_state(token: str, model: str) -> None:
    """The parts of a link that belong to the data: the model's threshold,
    the cost page's prior, the ROC walk's step (applied once)."""
    pending = SS.pop(_PENDING, None)
    if not pending:
        return
    if "thr" in pending and math.isfinite(pending["thr"]):
        SS.setdefault("thresholds", {})[f"{token}|{model}"] = pending["thr"]
    if "p" in pending:
        SS[f"cost_p|{token}"] = pending["p"]
    if "step" in pending:
        SS["_link_step"] = pending["step"]


def _fmt(v) -> str:
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, float):
        return f"{v:.10g}"
    return str(v)


def _wanted(token: str | None, model: str | None) -> dict:
    """The link's parameters for the current state (only what differs from the defaults)."""
    defaults = {"lang": "zh", "presenter": False, "export_fmt": "png", "source": "seed-9", "syn_n": 1000,
                "syn_sep": 1.5, "syn_rate": 0.5, "syn_seed": 0, "beta": 1.0, "roc_mode": "step",
                "cost01": 1.0, "cost10": 1.0,
                "ci_on": False, "ci_prop": "wilson", "ci_boot": "percentile",   # intervals (ui.intervals)
                **_page_defaults()}
    want = {}
    too_large = []
    for name, (key, _) in _params().items():
        if "." in key and key.split(".", 1)[0] != SS.get("_page"):
            continue                                         # a page's own key: only in a link to that page
        default = defaults.get(key, BOUND_DEFAULTS.get(key, object()))
        if key in SS and isinstance(SS[key], dict) and SS[key] != default:
            text = table_text(SS[key])
            if len(text) > TABLE_CHARS:
                too_large.append(key)
            else:
                want[name] = text
            continue
        if key in SS and SS[key] != default:
            if key.startswith("syn_") and SS.get("source") != "synthetic":
                continue
            if key == "source" and SS[key] == "upload":
                continue
            want[name] = _fmt(SS[key])
    if SS.get("_page") == "roc" and SS.get("roc_mode", "step") == "step" and SS.get("roc_step_now"):
        want["step"] = str(int(SS["roc_step_now"]))
    if token is not None and model is not None and not token.startswith("upload"):
        thr = SS.get("thresholds", {}).get(f"{token}|{model}")
        if thr is not None and math.isfinite(thr):
            want["thr"] = _fmt(float(thr))
        if f"cost_p|{token}" in SS:
            want["p"] = _fmt(float(SS[f"cost_p|{token}"]))
    SS["_link_too_large"] = too_large
    return want


def query(token: str | None, model: str | None) -> dict:
    """The link's query parameters for the current state (what :func:`publish` writes)."""
    return _wanted(token, model)


def publish(token: str | None = None, model: str | None = None) -> None:
    """Write the current state into the URL (only what differs from the defaults)."""
    SS["_link_args"] = (token, model)
    want = _wanted(token, model)
    q = st.query_params
    if {k: q.get(k) for k in q} != want:
        q.from_dict(want)
    _say_too_large()


def publish_again() -> None:
    """:func:`publish` once more at the end of a page's run, with the data
    of its last call: what the page itself stored during the run (an edited
    table) goes into the link now, not one run later."""
    token, model = SS.get("_link_args", (None, None))
    publish(token, model)


def _say_too_large() -> None:
    note = SS.get("_link_note")
    if note is None:
        return
    from .i18n import t

    if SS.get("_link_too_large"):
        note.caption(t("common.link.too_large"))
    else:
        note.empty()


def _address_component():
    return component("lab_address", "linkbox/address.js")


def publish_in_page(token: str, model: str) -> None:
    """:func:`publish` for a fragment's runs (a threshold move, a walk step):
    the browser replaces its address in place.  Streamlit's own update would
    add a history entry per move and redraw the whole app; the next full run
    tells Streamlit the address again (:func:`publish`)."""
    _address_component()(key="address", data=dict(query=urlencode(_wanted(token, model))))


def _link_component():
    return component("lab_link", "linkbox/link.js", "linkbox/link.css")


def link_box(uploaded: bool) -> None:
    """The sidebar's "share a link" box: the address bar's link as it is now
    (read in the browser, so a threshold moved in a fragment's run, which
    redraws only part of the page, is in it too) and a copy button."""
    from .i18n import t

    if SS.get("_link_box_drawn"):    # once per run (ui.open_page clears it): a page may also draw a data sidebar
        return
    SS["_link_box_drawn"] = True
    with st.sidebar.expander(t("common.link.title")):
        _link_component()(key="link_box", data=dict(copy=t("common.link.copy"), copied=t("common.link.copied"),
                                                     failed=t("common.link.failed")))
        st.caption(t("common.link.upload") if uploaded else t("common.link.help"))
        SS["_link_note"] = st.empty()       # filled by publish when a table is too large to carry
    _say_too_large()
