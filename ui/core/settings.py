"""The one table of shareable settings: every link parameter with the
session key it sets, its parser (which is also its range: a value out of
range raises ValueError) and its default.  The link code (ui/core/links.py), a
tour's stops (ui/core/tour.py) and the data sidebar (ui/core/data.py: its sources,
sizes and defaults) read it; the session keys themselves are declared in
ui/core/state.py, beside which this table stands (in its own module: state.py
stays within the module-length rule).

A row: ``"param": (session key, parser)`` in :func:`params`; its default is
in :data:`DEFAULTS` for the global keys and in :func:`_page_defaults` for the
pages' own, and ``ui.bind(key)`` reads it from here (a default computed from
the data, such as exercise 2.6's prior, is the page's own; the binding is
then remembered in ``ui.core.state.BOUND_DEFAULTS``): a link leaves out what
equals it.  Adding a control to the link is one row and its default.
"""
from __future__ import annotations

import functools
import types
import math
from urllib.parse import quote, unquote

import evalcore as ec
from evalcore.presets import COMPARE_TABLES, LAB_TABLES

from ui.core.parsers import boolean, choice, float_in, grid_in, int_grid, int_in, int_of
from ui.protect.limits import COST_MAX, COST_MIN, MC_CLASSES, MC_COST_CLASSES, TABLES

# the data sidebar's sources and sizes (ui/core/data.py draws them from here)
SOURCES = ("seed-9", "seed-5", "seed-4", "watermelon", "breast-cancer", "horse-colic", "synthetic", "upload")
SYN_SIZES = (100, 1_000, 10_000, 100_000, 1_000_000)
FEATURE_SOURCES = ("watermelon", "breast-cancer", "gaussian")

_BV = "biasvar."          # the bias-variance page's key family
_M = "methods."           # the evaluation-methods page's
_X = "exercises."         # the exercises page's
_T = "trust."             # the which-test-to-trust page's (ui/parts/trust.py)
TRUST_REPLICATIONS = (500, 1000, 2000, 4000)   # a run at most: 4000 x 200 samples, about 4 s on one core
TRUST_SIZES = (50, 100, 200)
TRUST_SETS = ("breast-cancer", "gaussian")
EXERCISES = ("2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7", "2.8", "2.9", "2.10")

_FLOAT = float


def _sizes(v: str) -> int:
    """A synthetic set's size: one of SYN_SIZES."""
    if v not in map(str, SYN_SIZES):
        raise ValueError(v)
    return int(v)


_sizes.options = SYN_SIZES


def _token(v: str) -> str:
    """A short word (a guess's option: letters, digits, "_"), nothing else."""
    if not (0 < len(v) <= 12 and v.replace("_", "").isalnum() and v.isascii()):
        raise ValueError(v)
    return v


def _cost(v: str) -> float:
    """A cost from a link, clamped to [COST_MIN, COST_MAX] as ``ui.protect.bounds.clamp_cost`` does (0 stays 0);
    nan and negatives are refused."""
    x = float(v)
    if not x >= 0:
        raise ValueError(v)
    return 0.0 if x == 0 else min(COST_MAX, max(COST_MIN, x))


@functools.cache
def params() -> types.MappingProxyType:
    """Every link parameter -> (session key, parser): the table a link and a tour stop are read with
    (made once, read-only: a threshold move reads it for the address, ``ui.core.links``)."""
    return types.MappingProxyType({
        "lang": ("lang", choice("zh", "en")),
        "presenter": ("presenter", boolean),
        "img": ("export_fmt", choice("png", "svg")),
        "source": ("source", choice(*(s for s in SOURCES if s != "upload"))),
        "n": ("syn_n", _sizes),
        "sep": ("syn_sep", float_in(0.0, 4.0)),
        "rate": ("syn_rate", float_in(0.01, 0.99)),
        "seed": ("syn_seed", int_in(0, 10_000)),
        "model": ("roc_model", str),
        "beta": ("beta", float_in(0.1, 5.0)),
        "mode": ("roc_mode", choice("step", "four", "grid", "full")),
        "c01": ("cost01", _cost),
        "c10": ("cost10", _cost),
        # --- intervals beside the measures (ui.parts.intervals): switch, proportion and bootstrap methods ---
        "ci": ("ci_on", boolean),
        "ciprop": ("ci_prop", choice("wilson", "clopper-pearson")),
        "ciboot": ("ci_boot", choice("percentile", "bca")),
        # ---- the bias-variance page (pages/biasvar.py): every control; a key "<page>.<name>" goes into the
        # link only on its page, and only when it differs from the default the page binds (ui.core.state.BOUND_DEFAULTS)
        "bv.f": (_BV + "truth", choice("sin", "step", "poly")),
        "bv.sd": (_BV + "noise", grid_in(0.0, 1.0, 0.05)),
        "bv.n": (_BV + "n", int_of(10, 15, 20, 30, 50, 100, 200)),
        "bv.sets": (_BV + "sets", int_of(50, 100, 200, 500)),
        "bv.mode": (_BV + "mode", choice("degree", "steps")),
        "bv.deg": (_BV + "degree", int_in(0, 15)),
        "bv.steps": (_BV + "steps", int_of(1, 3, 10, 30, 100, 300, 1000, 3000, 10_000, 30_000, 100_000)),
        # ---- comparison tests (pages/compare.py) and the metrics lab (pages/lab.py) ----
        # defaults in _PAGE_DEFAULTS; tables travel compactly (_table), unless too long
        **_compare_lab_params(),
        # ---- the evaluation-methods page (pages/methods.py): every control
        "m.m": (_M + "m", int_of(5, 10, 20, 50, 100, 200, 500, 1000)),
        "m.seed": (_M + "seed", int_in(0, 1_000_000)),
        "m.step": (_M + "step", int_in(0, 1000)),
        "m.fs": (_M + "fs", choice(*FEATURE_SOURCES)),
        "m.l": (_M + "learner", choice("logistic", "tree", "knn")),
        "m.depth": (_M + "depth", int_in(1, 12)),
        "m.nb": (_M + "neighbors", int_in(1, 25)),
        "m.frac": (_M + "frac", grid_in(0.1, 0.9, 0.05)),
        "m.strat": (_M + "stratify", boolean),
        "m.loo": (_M + "loo", boolean),
        "m.k": (_M + "k", int_in(2, 20)),
        "m.p": (_M + "p", int_of(1, 2, 5, 10)),
        "m.n": (_M + "n", int_of(30, 50, 100, 200)),
        "m.tune": (_M + "tune_stage", int_in(0, 2)),
        # ---- the exercises page (pages/exercises.py): the open exercise, each committed guess, the controls
        "x.open": (_X + "open", choice(*EXERCISES)),
        **{f"x.g{n.replace('.', '')}": (f"{_X}guess.{n}", _token) for n in EXERCISES},
        **{f"x.s{n.replace('.', '')}": (f"{_X}shown.{n}", boolean) for n in EXERCISES},    # "just show me"
        "x.21p": (_X + "21.pos", int_in(1, 5000)), "x.21n": (_X + "21.neg", int_in(1, 5000)),
        "x.21f": (_X + "21.frac", grid_in(0.05, 0.95, 0.05)),
        "x.22p": (_X + "22.pos", int_in(10, 100)), "x.22n": (_X + "22.neg", int_in(10, 100)),
        "x.22l": (_X + "22.learner", choice("majority", "1nn", "stump")),
        "x.23s": (_X + "23.seed", int_in(1, 10_000)),
        "x.24tp": (_X + "24.tp", int_in(0, 10**6)), "x.24fn": (_X + "24.fn", int_in(0, 10**6)),
        "x.24fp": (_X + "24.fp", int_in(0, 10**6)), "x.24tn": (_X + "24.tn", int_in(0, 10**6)),
        "x.24pi": (_X + "24.pi", grid_in(0.01, 0.99, 0.01)),
        "x.25d": (_X + "25.data", choice("seed-9", "seed-5", "seed-4")),
        "x.26pi": (_X + "26.prior", grid_in(0.05, 0.95, 0.05)),
        "x.27i": (_X + "27.point", int_in(0, 10**7)),
        "x.28o": (_X + "28.outlier", int_grid(500, 5000, 250)),
        "x.29k": (_X + "29.kind", choice("goodness", "independence")),
        "x.29a": (_X + "29.alpha", lambda v: choice("0.01", "0.05", "0.1")(v) and float(v)),
        "x.210k": (_X + "210.k", int_in(3, 8)),
        "x.210a": (_X + "210.alpha", lambda v: choice("0.01", "0.05", "0.1")(v) and float(v)),
        "x.210e": (_X + "210.effect", grid_in(0.0, 1.0, 0.1)),
        # ---- which test to trust (ui/parts/trust.py): the simulation's and the Bayesian section's controls
        "t.reps": (_T + "reps", int_of(*TRUST_REPLICATIONS)),
        "t.n": (_T + "n", int_of(*TRUST_SIZES)),
        "t.eff": (_T + "effect", grid_in(0.0, 0.1, 0.01)),
        "t.inf": (_T + "influence", grid_in(0.0, 3.0, 0.5)),
        "t.data": (_T + "data", choice(*TRUST_SETS)),
        "t.a": (_T + "a", choice(*LEARNER_NAMES)),
        "t.b": (_T + "b", choice(*LEARNER_NAMES)),
        "t.rope": (_T + "rope", grid_in(0.0, 0.05, 0.005)),
        # ---- the multi-class page (pages/multiclass.py, ui/parts/multiclass.py): every control
        **_multiclass_params(),
    })


def span(key: str) -> tuple:
    """(lo, hi) of the shareable setting ``key``: a slider's or number input's
    range, written once, in this table (``st.slider(label, *span(key), ...)``)."""
    p = parser(key)
    return p.lo, p.hi


def choices(key: str) -> tuple:
    """The options of the shareable setting ``key`` (a select slider's, a radio's)."""
    return parser(key).options


def grid_step(key: str) -> float:
    """The step of a setting kept on a slider's grid."""
    return parser(key).step


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
    out = {}
    for part in v.split(";"):
        name, _, cells = part.partition(":")
        out[unquote(name)] = [_cell(c) for c in cells.split(",")] if cells else []
    lengths = {len(c) for c in out.values()}
    if not out or len(lengths) != 1 or sum(map(len, out.values())) > _TABLE_CELLS or 0 in lengths:
        raise ValueError(v)
    return out


def _bounded_table(name: str, columns: tuple | None = None):
    """The link parser of table ``name``: :func:`_table` within the table's
    bound in :data:`ui.protect.limits.TABLES` (the editor's own) and, when given,
    with exactly ``columns`` (the page reads them by name), else ValueError."""
    bound = TABLES[name]

    def parse(v: str) -> dict:
        table = _table(v)
        if len(next(iter(table.values()))) > bound.rows or len(table) > bound.cols:
            raise ValueError(v)
        if columns is not None and tuple(table) != columns:
            raise ValueError(v)
        return table
    return parse


def table_text(table: dict) -> str:
    """The link form of a table (see :func:`_table`)."""
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
        "c_sec": (c + "section", choice(*COMPARE_SECTIONS)),
        "c_alpha": (c + "alpha", lambda v: choice("0.01", "0.05", "0.1")(v) and float(v)),
        "c_m": (c + "m", int_in(1, 100_000)),
        "c_err": (c + "errors", int_in(0, 100_000)),
        "c_eps0": (c + "eps0", float_in(0.001, 0.999)),
        "c_eps0t": (c + "eps0_t", float_in(0.0, 1.0)),
        "c_var": (c + "variant", choice("book", "dietterich")),
        "c_e01": (c + "e01", int_in(0, 10**6)),
        "c_e10": (c + "e10", int_in(0, 10**6)),
        "c_preset": (c + "preset", choice("book", "demsar")),
        "c_higher": (c + "higher", boolean),
        "c_delong": (c + "delong_set", choice("current", "breast-cancer", "synthetic")),
        "l_sec": (lab + "section", choice(*LAB_SECTIONS)),
        "l_bias": (lab + "bias", float_in(-3.0, 3.0)),
        "l_nmi": (lab + "nmi", choice(*NMI_AVERAGES)),
    }
    for run in ("paired", "cv5x2"):
        out[f"c_fs_{run}"] = (f"{c}fs.{run}", choice("breast-cancer", "watermelon"))
        out[f"c_a_{run}"] = (f"{c}a.{run}", choice(*LEARNER_NAMES))
        out[f"c_b_{run}"] = (f"{c}b.{run}", choice(*LEARNER_NAMES))
    out.update({f"c_tab_{n}": (f"{c}table.{n}", _bounded_table(f"{c}table.{n}")) for n in _COMPARE_TABLES})
    out.update({f"l_tab_{n}": (f"{lab}table.{n}", _bounded_table(f"{lab}table.{n}", tuple(LAB_TABLES[n])))
                for n in _LAB_TABLES})      # the lab reads its tables' columns by name
    return out


# ---------------------------------------------------------------- the multi-class page (issue 35)
_MC = "multiclass."
MC_SOURCES = ("iris", "wine", "digits", "imbalanced", "upload")
MC_SECTIONS = ("decisions", "averages", "curves", "probabilities")
MC_CURVES = ("roc", "pr")


def _multiclass_params() -> dict:
    return {
        "mc.src": (_MC + "source", choice(*(s for s in MC_SOURCES if s != "upload"))),
        "mc.sec": (_MC + "section", choice(*MC_SECTIONS)),
        "mc.model": (_MC + "model", choice("logistic", "naive_bayes", "tree_depth2")),   # the built-in learners
        "mc.rule": (_MC + "rule", choice("argmax", "bayes")),
        "mc.cost": (_MC + "cost", functools.partial(ec.cost_link_text, max_classes=MC_COST_CLASSES)),  # clamped
        "mc.curve": (_MC + "curve", choice(*MC_CURVES)),
        "mc.cls": (_MC + "class", int_in(0, MC_CLASSES - 1)),
        "mc.thr": (_MC + "thr", float_in(-1e15, 1e15)),
        "mc.ci": (_MC + "ci", boolean),
        "mc.k": (_MC + "topk", int_in(1, 10)),
    }


def _page_defaults() -> dict:
    out = {"compare.section": "binomial", "compare.alpha": 0.05, "compare.m": 30, "compare.errors": 6,
           "compare.eps0": 0.1, "compare.eps0_t": 0.1, "compare.variant": "book", "compare.preset": "book",
           "compare.higher": False, "lab.section": "loss", "lab.bias": 0.0, "lab.nmi": "geometric",
           "methods.seed": 0, "methods.step": 0}
    # the pages' default views (ui.bind reads them here; a default that depends on the data, such as
    # exercise 2.6's prior, is the page's): a link leaves them out whether or not this server has drawn
    # the page yet
    out.update({_M + k: v for k, v in (("m", 20), ("fs", "breast-cancer"), ("learner", "tree"), ("depth", 3),
                                       ("neighbors", 5), ("frac", 0.3), ("stratify", True), ("loo", False),
                                       ("k", 10), ("p", 1), ("n", 50), ("tune_stage", 0))})
    out.update({_BV + k: v for k, v in (("truth", "sin"), ("noise", 0.3), ("n", 20), ("sets", 200),
                                        ("mode", "degree"), ("degree", 3), ("steps", 100))})
    out.update({_X + k: v for k, v in (("open", "2.1"), ("21.pos", 500), ("21.neg", 500), ("21.frac", 0.3),
                                       ("22.pos", 50), ("22.neg", 50), ("22.learner", "majority"),
                                       ("24.tp", 40), ("24.fn", 10), ("24.fp", 20), ("24.tn", 30), ("24.pi", 0.5),
                                       ("25.data", "seed-9"), ("28.outlier", 500), ("29.kind", "goodness"),
                                       ("29.alpha", 0.05), ("210.k", 4), ("210.alpha", 0.05), ("210.effect", 0.0))})
    out.update({f"{_X}shown.{n}": False for n in EXERCISES})
    out.update({_T + k: v for k, v in (("reps", 1000), ("n", 100), ("effect", 0.0), ("influence", 1.5),
                                       ("data", TRUST_SETS[0]), ("a", "logistic"), ("b", "naive_bayes"),
                                       ("rope", 0.01))})
    for run in ("paired", "cv5x2"):
        out.update({f"compare.fs.{run}": "breast-cancer", f"compare.a.{run}": "logistic",
                    f"compare.b.{run}": "naive_bayes"})
    out.update({_MC + k: v for k, v in (("source", "iris"), ("section", "decisions"), ("model", "logistic"),
                                        ("rule", "argmax"), ("cost", ""), ("curve", "roc"), ("class", 0),
                                        ("ci", False), ("topk", 2))})      # multiclass.thr: the class's own
    out.update({f"compare.table.{n}": COMPARE_TABLES[n] for n in _COMPARE_TABLES})
    out.update({f"lab.table.{n}": LAB_TABLES[n] for n in _LAB_TABLES})
    return out


DATA_PARSERS = {"thr": _FLOAT, "p": float_in(0.0, 1.0), "step": int_in(0, 10**7)}


def parse_param(name: str, text: str):
    """The value of link parameter ``name`` from its text (ValueError when bad)."""
    if name in DATA_PARSERS:
        v = DATA_PARSERS[name](text)
        if isinstance(v, float) and not math.isfinite(v):
            raise ValueError(text)
        return v
    if name not in params():
        raise ValueError(name)
    return params()[name][1](text)

DEFAULTS = {"lang": "zh", "presenter": False, "export_fmt": "png", "source": "seed-9", "syn_n": 1000,
            "syn_sep": 1.5, "syn_rate": 0.5, "syn_seed": 0, "beta": 1.0, "roc_mode": "step",
            "cost01": 1.0, "cost10": 1.0,
            "ci_on": False, "ci_prop": "wilson", "ci_boot": "percentile"}   # intervals (ui.parts.intervals)
"""The default of each global key (the sidebar binds these)."""


def parser(key: str):
    """The parser (with its range) of session key ``key``."""
    return next(parse for k, parse in params().values() if k == key)


@functools.cache
def _all_defaults() -> dict:
    return {**DEFAULTS, **_page_defaults()}


def defaults() -> dict:
    """Every key's default that the table knows: :data:`DEFAULTS` (the
    sidebar's and other global keys) and the pages' own."""
    return dict(_all_defaults())


def default(key: str):
    """Session key ``key``'s default in the table (KeyError when it has none)."""
    return _all_defaults()[key]
