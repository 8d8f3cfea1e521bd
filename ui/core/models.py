"""One cached object per (data, model, flipped): every fact of a model that
the pages draw, computed lazily, once, and shared by every session.

``model(token, name, ps)`` returns a :class:`ModelFacts`.  Its properties
(counts, curve views, hull, histogram, cost curve, ...) are O(n) facts
computed on first use; its methods with arguments (best F at beta, the
cost optimum at a cost ratio, ...) keep a small bounded cache.  Objects
live in ``st.cache_resource`` (shared by all sessions), so every array they
hold is made read-only.
"""
from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict

import numpy as np
import streamlit as st

import evalcore as ec

from ui.protect import budget
from ui.protect.budget import freeze
from ui.protect import limits
from ui.core.i18n import error_text, t
from ui.core.state import SS

HIST_BINS = 40          # bins of the score histogram
COST_LINES = 150        # cost lines drawn besides the hull's
RESAMPLE_SEED = 0       # the class-imbalance demonstration is reproducible
PARAM_CACHE = 64        # entries per parameterised fact and model
BOOT_RESAMPLES = 1000  # bootstrap resamples per (data, model): intervals, bands
BOOT_GRID = 1000        # threshold positions kept per resample (memory: 2 x 1000 x 1000 counts per model)
SPINNER_ROWS = 200_000  # data this large show a worded spinner while a fact is first computed
# Bytes per data row of the O(n) facts (measured at 10^6 rows, checked at 6 x 10^4 in tests/pages/test_budget.py), for a
# session-held object's check before computing one (ui.protect.budget.afford); other facts are O(curve) or O(1).
ROW_BYTES = {"counts": 36, "cost_curve": 16, "ranked": 36, "steps": 80}
INTERVAL_FACTS = ("bootstrap", "roc_band", "pr_band", "auc_delong")   # dropped from a session when intervals go off
# Past the session's budget these are refused (the page draws the models that fit, ui.core.models.affordable, and
# the intervals say so, ui.parts.intervals); any other fact of a model already shown is computed for the run, not kept.
REFUSED_FACTS = ("counts", *INTERVAL_FACTS)


@dataclasses.dataclass(frozen=True, eq=False)
class Resampled:
    """The data resampled to another positive ``rate`` (``method`` "under" or
    "over"): its counts, curve views, and least-error threshold."""

    counts: ec.ThresholdCounts
    roc: ec.RocView
    pr: ec.PrView
    rate: float
    best: ec.CostPoint
    method: str


class ModelFacts:
    """Every fact the pages draw of one model's scores on one data set."""

    def __init__(self, key: tuple, y: np.ndarray, scores: np.ndarray, ids, flipped: bool):
        self.key = key          # (data token, model name, flipped): what this object is cached under
        self.y = y
        self.scores = ec.flipped_scores(scores) if flipped else scores
        freeze(self.scores)
        self.ids = ids
        self.flipped = flipped
        self._lock = threading.Lock()
        self._facts: dict = {}
        self._params: OrderedDict = OrderedDict()
        self._resampled: OrderedDict = OrderedDict()
        self.ledger: budget.Ledger | None = None     # the shared cache's ledger, for a shared object
        self.session_held = False     # an upload's facts: each new one checked against the session's budget first

    def _charge(self, got) -> None:
        if self.ledger is not None:
            self.ledger.charge(self, budget.nbytes(got))

    def trim(self) -> None:
        """Drop every computed fact (the shared cache is over its bytes; they are computed again if asked)."""
        with self._lock:
            self._facts.clear()
            self._params.clear()
            self._resampled.clear()

    def _estimate(self, name: str) -> int:
        """Bytes the fact ``name`` will hold, before it is computed (an upper estimate)."""
        n = self.y.shape[0]
        if name == "bootstrap":     # two resamples x grid count tables (2 or 4 bytes a count), O(distinct scores)
            return 2 * BOOT_RESAMPLES * BOOT_GRID * (2 if n < 2 ** 16 else 4) + 24 * n
        return ROW_BYTES.get(name, 0) * n

    def drop(self, names) -> None:
        """Forget the computed facts ``names`` (computed again if asked)."""
        with self._lock:
            for name in names:
                self._facts.pop(name, None)

    def _once(self, name: str, compute):
        got = self._facts.get(name)
        if got is None:
            keep = True
            if self.session_held:
                try:
                    budget.afford(self._estimate(name))
                except budget.OverBudget:
                    if name in REFUSED_FACTS:         # the page shows the sentence where it is missing
                        raise
                    keep = False                      # a curve of a model shown: computed for this run, not kept
            if self.y.shape[0] >= SPINNER_ROWS:      # a worded indicator for the slow first time
                with st.spinner(t("common.working")):
                    got = freeze(compute())
            else:
                got = freeze(compute())
            if not keep:
                return got
            with self._lock:
                self._facts.setdefault(name, got)
            self._charge(got)
        elif self.ledger is not None:
            self.ledger.touch(self)
        return got

    def _param(self, key: tuple, compute):
        with self._lock:
            if key in self._params:
                self._params.move_to_end(key)
                return self._params[key]
        got = freeze(compute())
        with self._lock:
            self._params[key] = got
            while len(self._params) > PARAM_CACHE:
                self._params.popitem(last=False)
        self._charge(got)
        return got

    # -- O(n) facts, computed once ---------------------------------------
    @property
    def counts(self) -> ec.ThresholdCounts:
        return self._once("counts", lambda: ec.threshold_counts(self.y, self.scores))

    @property
    def roc_view(self) -> ec.RocView:
        return self._once("roc_view", lambda: ec.roc_view(self.counts))

    @property
    def pr_view(self) -> ec.PrView:
        return self._once("pr_view", lambda: ec.pr_view(self.counts))

    @property
    def pr_facts(self) -> ec.PrFacts:
        return self._once("pr_facts", lambda: ec.pr_facts(self.counts))

    @property
    def hull(self):
        return self._once("hull", lambda: ec.roc_hull_points(self.counts))

    @property
    def histogram(self) -> ec.ScoreHistogram:
        return self._once("histogram", lambda: ec.score_histogram(self.y, self.scores, bins=HIST_BINS))

    @property
    def cost_curve(self) -> ec.CostCurve:
        return self._once("cost_curve", lambda: self.counts.cost_curve())

    @property
    def cost_lines(self) -> np.ndarray:
        """Indices of the cost lines to draw (the hull's plus evenly spaced others)."""
        return self._once("cost_lines", lambda: ec.cost_line_sample(self.cost_curve, max_lines=COST_LINES))

    # -- uncertainty: resampled once, read at any threshold (ui.parts.intervals) --
    @property
    def bootstrap(self) -> ec.BootstrapCounts:
        """The resamples behind every bootstrap interval and band (about 1 s the first time, then shared)."""
        if "bootstrap" in self._facts:
            return self._facts["bootstrap"]
        with st.spinner(t("common.ci.resampling", b=BOOT_RESAMPLES)):
            return self._once("bootstrap", lambda: ec.bootstrap_counts(
                self.y, self.scores, n_resamples=BOOT_RESAMPLES, seed=RESAMPLE_SEED, grid=BOOT_GRID))

    @property
    def auc_delong(self) -> ec.ConfidenceInterval:
        return self._once("auc_delong", lambda: ec.auc_interval(self.y, self.scores))

    @property
    def roc_band(self) -> ec.CurveBand:
        return self._once("roc_band", lambda: self.bootstrap.roc_band())

    @property
    def pr_band(self) -> ec.CurveBand:
        return self._once("pr_band", lambda: self.bootstrap.pr_band())

    @property
    def ranked(self) -> ec.RankedSamples:
        return self._once("ranked", lambda: ec.ranked_samples(self.y, self.scores))

    def steps(self, max_steps: int | None = None) -> ec.RocSteps:
        """The ROC walk, coarsened to ``max_steps`` groups if given."""
        full = lambda: self._once("steps", lambda: ec.roc_steps(self.counts))     # noqa: E731
        if max_steps is None:
            return full()
        return self._param(("steps", int(max_steps)), lambda: ec.coarsen_steps(full(), int(max_steps)))

    # -- parameterised facts, bounded cache ------------------------------
    def best_f(self, beta: float) -> ec.BestF:
        b = round(float(beta), 6)
        return self._param(("best_f", b), lambda: ec.best_f(self.counts, beta=b))

    def optimal(self, p: float, cost01: float, cost10: float) -> ec.CostPoint:
        key = ("optimal", float(p), float(cost01), float(cost10))
        return self._param(key, lambda: ec.optimal_threshold(self.counts, p=float(p), cost01=float(cost01),
                                                             cost10=float(cost10)))

    def resampled(self, rate: float, method: str) -> Resampled:
        """The data resampled to positive ``rate``; at most
        ``limits.RESAMPLED_PER_MODEL`` of these are kept (each is O(n)), and
        one larger than ``limits.RESAMPLE_MAX_ROWS`` raises DataError."""
        key = (float(rate), method)
        with self._lock:
            if key in self._resampled:
                self._resampled.move_to_end(key)
                return self._resampled[key]
        if self.session_held:
            budget.afford(ROW_BYTES["counts"] * min(limits.RESAMPLE_MAX_ROWS, 2 * self.y.shape[0]))
        y, s = ec.resample_to_rate(self.y, self.scores, float(rate), method=method, seed=RESAMPLE_SEED,
                                   max_rows=limits.RESAMPLE_MAX_ROWS)
        tc = ec.threshold_counts(y, s)
        del y, s
        rate_now = tc.n_pos / (tc.n_pos + tc.n_neg)
        got = freeze(Resampled(tc, ec.roc_view(tc), ec.pr_view(tc), rate_now,
                                ec.optimal_threshold(tc, p=rate_now, cost01=1.0, cost10=1.0), method))
        with self._lock:
            self._resampled[key] = got
            while len(self._resampled) > limits.RESAMPLED_PER_MODEL:
                self._resampled.popitem(last=False)
        self._charge(got)
        return got


# ------------------------------------------------------------ the cache
def is_flipped(token: str, name: str) -> bool:
    return f"{token}|{name}" in SS.get("flipped", set())


def set_flipped(token: str, name: str, flip: bool) -> None:
    flips = set(SS.get("flipped", set()))
    (flips.add if flip else flips.discard)(f"{token}|{name}")
    SS["flipped"] = flips


def model(token: str, name: str, ps) -> ModelFacts:
    """The cached facts of model ``name`` of the data set ``ps`` (whose cache
    key is ``token``), flipped if the user asked.

    Built-in data's facts are shared by every session (bounded, below); an
    upload's facts live in the uploading session's state, like the upload
    itself, so their memory returns when that session ends."""
    flipped = is_flipped(token, name)
    if not token.startswith("upload"):
        # by keyword: Streamlit names a positional argument for its cache key by reading the function's
        # signature anew on every call (inspect.signature: a fifth of a cache hit, on every threshold move)
        return _model(token=token, name=name, flipped=flipped, _ps=ps)
    # an older upload's facts go, and so does this model's other orientation (flipped or not)
    store = {k: v for k, v in SS.get("_upload_facts", {}).items()
             if k[0] == token and (k[1] != name or k[2] == flipped)}
    key = (token, name, flipped)
    if key not in store:
        if flipped:                                   # the negated copy of the scores
            try:
                budget.afford(ps.scores[name].nbytes)
            except budget.OverBudget:
                set_flipped(token, name, False)       # refused: the model stays as it was, with its facts
                raise
        store[key] = ModelFacts(key, ps.y, ps.scores[name], ps.ids, flipped)
        store[key].session_held = True
    SS["_upload_facts"] = store
    return store[key]


def affordable(token: str, models: list, ps) -> list:
    """The first of ``models`` whose counts the session can hold (all of
    them, for shared data; perhaps none); past the session's budget, the
    sentence saying what to drop, and the page goes on with the models that fit."""
    if not token.startswith("upload"):
        return models
    for i, name in enumerate(models):
        try:
            model(token, name, ps).counts
        except budget.OverBudget as err:
            st.warning(error_text(err), icon="⚠️")
            return models[:i]
    return models


def release(token: str, keep: list, *, intervals: bool) -> None:
    """Give back what an upload's session holds and no longer shows: the
    facts of models not among ``keep`` (or of another data set), and every
    model's interval facts when ``intervals`` is off."""
    store = SS.get("_upload_facts")
    if not store:
        return
    store = {k: v for k, v in store.items() if k[0] == token and k[1] in keep}
    if not intervals:
        for m in store.values():
            m.drop(INTERVAL_FACTS)
    SS["_upload_facts"] = store


# At most MODEL_ENTRIES models (each O(n)) in memory for all sessions, their
# facts at most limits.SHARED_CACHE_MB bytes (ui.protect.budget.SHARED); an entry
# unused for an hour goes, so memory returns after a class ends.
MODEL_ENTRIES = 16


@st.cache_resource(max_entries=MODEL_ENTRIES, ttl=3600, show_spinner=False)
def _model(token: str, name: str, flipped: bool, _ps) -> ModelFacts:
    m = ModelFacts((token, name, flipped), _ps.y, _ps.scores[name], _ps.ids, flipped)
    m.ledger = budget.SHARED           # its facts count against limits.SHARED_CACHE_MB
    return m


def _key(m: ModelFacts) -> tuple:
    return m.key


def dominance(kind: str, a: ModelFacts, b: ModelFacts) -> ec.Better:
    """Whether model ``a``'s full ROC (``kind="roc"``) or P-R curve encloses ``b``'s."""
    return _dominance(kind, a, b)


@st.cache_resource(max_entries=64, show_spinner=False, hash_funcs={ModelFacts: _key})
def _dominance(kind: str, a: ModelFacts, b: ModelFacts) -> ec.Better:
    if kind == "roc":
        ra, rb = a.counts.roc_curve(), b.counts.roc_curve()
        return ec.curve_dominance(ra.fpr, ra.tpr, rb.fpr, rb.tpr)
    pa, pb = a.counts.pr_curve(), b.counts.pr_curve()
    return ec.curve_dominance(pa.recall, pa.precision, pb.recall, pb.precision)


def cost_comparison(a: ModelFacts, b: ModelFacts) -> ec.CostComparison:
    """Where along P(+)cost each of two models has the lower expected cost."""
    return _cost_comparison(a, b)


@st.cache_resource(max_entries=32, show_spinner=False, hash_funcs={ModelFacts: _key})
def _cost_comparison(a: ModelFacts, b: ModelFacts) -> ec.CostComparison:
    return freeze(ec.compare_cost_curves(a.cost_curve, b.cost_curve))
