"""A report a practitioner can hand on: every measure, curve and comparison
of loaded predictions at the chosen thresholds, as plain numbers.

:func:`build_report` is pure (numpy and SciPy, no plotly): it returns a
:class:`Report` whose ``numbers`` is a JSON-ready dict with every number of
the report (``python -m evalcore.report ... --format json``), and whose
other fields hold the reduced curves the HTML draws
(:func:`evalcore.report.html.render`, which imports plotly).  The app's
"Download a report" button and the command line both call it, so a report
shows what the pages show for the same state.

``html`` draws it, ``strings`` (with ``strings.toml``) holds its zh/en text,
``engines`` reads a log too large for memory (DuckDB, Spark).  K-class
predictions: ``multiclass`` (build_multiclass_report), ``html_multiclass``
(its HTML), ``multiclass_cli`` (the command line's K-class path), and
``engines.multiclass`` (the same logs through DuckDB and Spark).

``import evalcore`` does not import this package.
"""
from __future__ import annotations

import dataclasses
import datetime as _dt
import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import numpy as np

import evalcore as ec

from .._validation import DataError, register_messages

INTERVAL_METHOD = "wilson"   # proportion intervals (ec.proportion_interval)
CONFIDENCE = 0.95            # of every interval
ALPHA = 0.05                 # of every test
CAL_BINS = 10                # bins of the reliability diagram and the Brier decomposition
POINTS = ("current", "f1_optimal", "cost_optimal")   # the operating points of each model
COST_LINES = 150             # cost lines drawn besides the hull's (as the cost page)
_EMPTY = np.empty(0)

register_messages({
    "report_unknown_model": (
        "There is no model {name!r}; the models are {models}.",
        "没有名为 {name!r} 的模型;已有的模型:{models}。",
    ),
    "report_bad_threshold": (
        "Could not read the threshold {spec!r}: write model=number, e.g. {example}.",
        "无法读取阈值 {spec!r}:请写成 模型名=数值,例如 {example}。",
    ),
    "report_bad_costs": (
        "Could not read the costs {spec!r}: write two non-negative numbers cost01,cost10 "
        "(a false negative's cost, then a false positive's), e.g. 1,5.",
        "无法读取代价 {spec!r}:请写两个非负数 cost01,cost10(先是假反例的代价,再是假正例的代价),例如 1,5。",
    ),
    "report_one_file": (
        "The {engine} engine reads one file; for several files or a glob use --engine duckdb.",
        "{engine} 引擎只读一个文件;多个文件或通配符请用 --engine duckdb。",
    ),
    "report_round_duckdb": (
        "--round-digits works with the duckdb and spark engines (--engine duckdb).",
        "--round-digits 需要 duckdb 或 spark 引擎(--engine duckdb)。",
    ),
    "report_no_file": (
        "Cannot read the file {path!r}: {reason}.",
        "无法读取文件 {path!r}:{reason}。",
    ),
})


def default_threshold(tc: ec.ThresholdCounts) -> float:
    """The threshold a model starts at: 0.5 when its scores lie in [0, 1]
    and 0.5 splits them, else the middle of the score range.

    Parameters
    ----------
    tc : ThresholdCounts
        The model's counts.

    Returns
    -------
    float
        The starting threshold, in score units.
    """
    lo, hi = float(tc.thresholds[-1]), float(tc.thresholds[1])
    if 0.0 <= lo and hi <= 1.0 and lo < 0.5 <= hi:
        return 0.5
    return round((lo + hi) / 2, 6)


def default_prior(ps) -> float:
    """The prior p of the positive class a report (and the cost page) starts at: the data's, to 3 places.

    Parameters
    ----------
    ps : PredictionSet or PredictionLog
        Anything with ``n_pos`` and ``n_neg``.

    Returns
    -------
    float
        The share of positives, in [0, 1].
    """
    return round(ps.n_pos / (ps.n_pos + ps.n_neg), 3)


@dataclass(frozen=True, eq=False)
class ModelCurves:
    """What the figures of one model draw (reduced as on the pages; ``cost``
    keeps its lines, ``fpr`` and ``fnr``, for the first model only)."""

    name: str
    roc: ec.RocView
    pr: ec.PrView
    hull: tuple
    cost: ec.CostCurve
    points: dict            # {"current" | "f1_optimal" | "cost_optimal": ec.OperatingPoint}
    cost_points: dict       # the same keys: ec.CostPoint
    best_f1: ec.BestF
    bep: float
    reliability: ec.Reliability | None


@dataclass(frozen=True, eq=False)
class Report:
    """A report: ``numbers`` (JSON-ready, every number shown), ``curves``
    (one :class:`ModelCurves` per model), ``cost_lines`` (the first model's
    sampled cost lines), ``cost_comparison`` (the first two models' cost
    curves, or None), ``warnings`` (the loader's, with ``.text(lang)``)."""

    numbers: dict
    curves: list
    cost_lines: np.ndarray
    cost_comparison: ec.CostComparison | None
    warnings: list = field(default_factory=list)

    def to_json(self) -> str:
        """Every number of the report as JSON (nan as null, ±inf as "inf" / "-inf")."""
        return json.dumps(self.numbers, ensure_ascii=False, indent=1, allow_nan=False)


def _num(x):
    """A number for JSON: nan -> None, ±inf -> "inf" / "-inf"."""
    if x is None:
        return None
    x = float(x)
    if math.isnan(x):
        return None
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x


def _ci(ci: ec.ConfidenceInterval) -> list:
    return [_num(ci.low), _num(ci.high)]


def operating_numbers(counts: ec.Counts, threshold: float, *, beta: float, p: float, cost01: float,
                      cost10: float, tc: ec.ThresholdCounts) -> dict:
    """Every number of one operating point: counts, measures with their
    intervals (:func:`evalcore.proportion_interval`), and its cost.

    Parameters
    ----------
    counts : Counts
        The confusion counts at ``threshold``.
    threshold : float
        The cut, in score units.
    beta : float
        The F-beta's beta, > 0.
    p : float
        Prior of the positive class, in [0, 1].
    cost01, cost10 : float
        Costs of a false negative and a false positive, >= 0.
    tc : ThresholdCounts
        The model's counts at every threshold.

    Returns
    -------
    dict
        JSON-ready: counts, measures, their intervals (``*_ci``) and the cost.
    """
    m = ec.measures(counts, beta=beta)
    c = counts
    iv = lambda k, n: _ci(ec.proportion_interval(k, n, confidence_level=CONFIDENCE, method=INTERVAL_METHOD))  # noqa: E731
    cp = ec.cost_at(tc, threshold, p=p, cost01=cost01, cost10=cost10)
    return {
        "threshold": _num(threshold), "tp": c.tp, "fp": c.fp, "tn": c.tn, "fn": c.fn,
        "accuracy": _num(m.accuracy), "accuracy_ci": iv(c.tp + c.tn, c.m),
        "error_rate": _num(m.error_rate), "error_rate_ci": iv(c.fp + c.fn, c.m),
        "precision": _num(m.precision), "precision_ci": iv(c.tp, c.tp + c.fp),
        "recall": _num(m.recall), "recall_ci": iv(c.tp, c.tp + c.fn),
        "f1": _num(m.f1), "f_beta": _num(m.f_beta),
        "tpr": _num(m.tpr), "tpr_ci": iv(c.tp, c.tp + c.fn),
        "fpr": _num(m.fpr), "fpr_ci": iv(c.fp, c.fp + c.tn),
        "cost": _num(cp.cost), "norm_cost": _num(cp.norm_cost),
    }


def _calibration(table: ec.ScoreTable) -> tuple[dict, ec.Reliability | None]:
    lo, hi = float(table.score[0]), float(table.score[-1])
    if lo < 0.0 or hi > 1.0:
        return {"in_unit_interval": False, "min_score": lo, "max_score": hi}, None
    r = table.reliability(n_bins=CAL_BINS)
    b = table.brier(n_bins=CAL_BINS, bins=r)
    return {"in_unit_interval": True, "brier": b.brier, "reliability": b.reliability, "resolution": b.resolution,
            "uncertainty": b.uncertainty, "within_bin": b.within_bin,
            "bins": {"edges": r.edges.tolist(), "count": r.count.tolist(),
                     "mean_score": [_num(v) for v in r.mean_score],
                     "positive_rate": [_num(v) for v in r.positive_rate]}}, r


def _mcnemar(e01: int, e10: int) -> dict:
    if e01 + e10 == 0:
        return {"e01": e01, "e10": e10, "statistic": None, "pvalue": None, "pvalue_exact": None}
    r = ec.mcnemar(e01, e10, alpha=ALPHA)
    return {"e01": e01, "e10": e10, "statistic": r.statistic, "pvalue": r.pvalue, "pvalue_exact": r.pvalue_exact}


def _data_numbers(ps, source: str, pos_label_how: str, name: str) -> dict:
    dropped = sum(int(w.params.get("n", 0)) for w in ps.warnings if getattr(w, "code", "") == "dropped_rows")
    n = ps.n_pos + ps.n_neg
    return {"name": name, "source": source, "rows": n, "n_pos": ps.n_pos, "n_neg": ps.n_neg,
            "positive_rate": ps.n_pos / n, "pos_label": str(ps.pos_label), "neg_label": str(ps.neg_label),
            "pos_label_how": pos_label_how, "label_column": str(ps.label_col), "dropped_rows": dropped,
            "warnings": [str(w) for w in ps.warnings]}


class PredictionLog:
    """What a report reads of predictions it may not hold in memory: the
    class sizes and labels, each model's :class:`evalcore.ScoreTable`
    (``table``), and one pass over the rows for what pairs two models
    (``pair_sums``).  :class:`MemoryLog` wraps a
    :class:`evalcore.PredictionSet`; :mod:`evalcore.report.engines` reads
    logs out of core."""

    n_pos: int
    n_neg: int
    pos_label: object
    neg_label: object
    label_col: str
    name: str
    warnings: list
    models: list
    engine: str                  # "memory", "duckdb", ...: recorded in the report's settings
    round_digits: int | None     # scores rounded to this many decimals before counting (None: exact)

    def table(self, model: str, *, flipped: bool = False) -> ec.ScoreTable:
        """One model's :class:`evalcore.ScoreTable` (an engine implements it).

        Parameters
        ----------
        model : str
            One of ``models``.
        flipped : bool, default False
            Read the model's scores negated (:func:`evalcore.flipped_scores`).

        Returns
        -------
        ScoreTable
            The model's scores aggregated.
        """
        raise NotImplementedError

    def pair_sums(self, models, tables, thresholds, flipped) -> ec.PairSums:
        """The :class:`evalcore.PairSums` of several models (an engine implements it).

        Parameters
        ----------
        models : sequence of str
            k models, each one of ``models``.
        tables : sequence of ScoreTable
            Their tables (from :meth:`table`).
        thresholds : sequence of float
            One threshold per model, for McNemar's counts.
        flipped : collection of str
            The models whose scores are read negated.

        Returns
        -------
        PairSums
            One pass's sums over the rows.
        """
        raise NotImplementedError


class MemoryLog(PredictionLog):
    """A :class:`PredictionLog` of a :class:`evalcore.PredictionSet` in memory."""

    engine = "memory"
    round_digits = None

    def __init__(self, ps):
        self.ps = ps
        self.n_pos, self.n_neg = ps.n_pos, ps.n_neg
        self.pos_label, self.neg_label, self.label_col = ps.pos_label, ps.neg_label, ps.label_col
        self.name, self.warnings, self.models = ps.name, ps.warnings, ps.models
        self._y = ps.y.astype(bool)

    def _scores(self, model: str, flipped: bool):
        return ec.flipped_scores(self.ps.scores[model]) if flipped else self.ps.scores[model]

    def table(self, model: str, *, flipped: bool = False) -> ec.ScoreTable:
        """One model's :class:`evalcore.ScoreTable`, from the rows in memory.

        Parameters
        ----------
        model : str
            One of ``models``.
        flipped : bool, default False
            Read the model's scores negated (:func:`evalcore.flipped_scores`).

        Returns
        -------
        ScoreTable
            The model's scores aggregated.
        """
        return ec.score_table(self._y, self._scores(model, flipped))

    def pair_sums(self, models, tables, thresholds, flipped) -> ec.PairSums:
        """The :class:`evalcore.PairSums` of several models, from the rows in memory.

        Parameters
        ----------
        models : sequence of str
            k models, each one of ``models``.
        tables : sequence of ScoreTable
            Their tables (from :meth:`table`).
        thresholds : sequence of float
            One threshold per model, for McNemar's counts.
        flipped : collection of str
            The models whose scores are read negated.

        Returns
        -------
        PairSums
            One pass's sums over the rows.
        """
        return ec.pair_sums(self._y, [self._scores(m, m in flipped) for m in models], tables, thresholds)


def build_report(ps, *, models=None, thresholds: Mapping[str, float] | None = None, cost01: float = 1.0,
                 cost10: float = 1.0, prior: float | None = None, beta: float = 1.0, flipped=(),
                 source: str = "file", name: str | None = None, pos_label_how: str = "auto",
                 link: str | None = None, lang: str = "en", labels: Mapping[str, str] | None = None,
                 created: _dt.datetime | None = None,
                 progress: Callable[[int, int], None] | None = None) -> Report:
    """Every number of a report on the predictions ``ps``.

    Parameters
    ----------
    ps : PredictionSet or PredictionLog
        Predictions in memory (:class:`evalcore.PredictionSet`), or a log
        read by an engine (:mod:`evalcore.report.engines`): a
        :class:`PredictionLog`.  Both give the same numbers: everything is
        computed from each model's :class:`evalcore.ScoreTable` and one
        pass of :class:`evalcore.PairSums` over the rows.
    models : list of str, optional
        The models reported, in this order (default: all of ``ps``).
    thresholds : {model: float}, optional
        Each model's current threshold (predicted positive iff score >= it);
        a model not given starts at :func:`default_threshold`.
    cost01, cost10 : float, default 1.0
        The cost of a false negative and of a false positive (textbook
        cost01, cost10), for the cost-optimal threshold and the cost curve.
    prior : float, optional
        The prior p of the positive class (default :func:`default_prior`).
    beta : float, default 1.0
        β of Fβ.
    flipped : collection of str, default ()
        Models whose scores are used negated (as the app does after
        "flip" for an AUC below 0.5).
    source : {"builtin", "upload", "file"}, default "file"
        Where the data came from (an upload or a file cannot travel in a link).
    name : str, optional
        The data's name (a file name: shown as text); default ``ps.name``.
    pos_label_how : {"auto", "chosen", "builtin"}, default "auto"
        How the positive label was chosen.
    link : str, optional
        A link that reopens the same view (built-in data only).
    lang : {"zh", "en"}, default "en"
        Recorded in the settings (the HTML's language).
    labels : {model: str}, optional
        How each model is named in the HTML (a built-in data set's names in
        ``lang``, as the pages show them); default the model's own name.
        Recorded in the settings; the numbers stay keyed by the names.
    created : datetime, optional
        The report's time (default now, UTC).
    progress : callable(i, k), optional
        Called before model i of k is computed (a progress line).

    Returns
    -------
    Report
        ``numbers`` (JSON-ready), ``curves`` (a :class:`ModelCurves` per model),
        ``cost_lines``, ``cost_comparison`` and ``warnings``.
    """
    log = ps if isinstance(ps, PredictionLog) else MemoryLog(ps)
    names = list(log.models if models is None else models)
    for m in names:
        if m not in log.models:
            raise DataError("report_unknown_model", name=m, models=", ".join(map(repr, log.models)))
    if not names:
        raise DataError("empty", name="models")
    thresholds = dict(thresholds or {})
    for m in thresholds:
        if m not in log.models:
            raise DataError("report_unknown_model", name=m, models=", ".join(map(repr, log.models)))
        if not isinstance(thresholds[m], (int, float)) or math.isnan(float(thresholds[m])):
            raise DataError("threshold_nan", value=repr(thresholds[m]))
    p = default_prior(log) if prior is None else float(prior)
    if not 0.0 <= p <= 1.0:
        raise DataError("out_of_range", name="prior", interval="[0, 1]", value=p)
    pc = ec.probability_cost(p, cost01, cost10)      # raises for two zero costs
    flipped = set(flipped)
    tables = [log.table(m, flipped=m in flipped) for m in names]
    curves, model_numbers, current = [], [], []
    for i, (m, table) in enumerate(zip(names, tables)):
        if progress is not None:
            progress(i, len(names))
        tc = table.threshold_counts()
        thr = float(thresholds.get(m, default_threshold(tc)))
        best = ec.best_f(tc, beta=1.0)
        opt = ec.optimal_threshold(tc, p=p, cost01=cost01, cost10=cost10)
        at = {"current": thr, "f1_optimal": best.threshold, "cost_optimal": opt.threshold}
        roc, pr, cc = ec.roc_view(tc), ec.pr_view(tc), tc.cost_curve()
        bep = tc.break_even_point()
        hull = (cc.fpr[cc.hull], 1.0 - cc.fnr[cc.hull])      # the ROC hull's vertices (as ec.roc_hull_points)
        cal, rel = _calibration(table)
        if i == 0:
            lines = ec.cost_line_sample(cc, max_lines=COST_LINES)
        else:                       # the figure draws the first model's lines only: the others' O(n) arrays go
            cc = dataclasses.replace(cc, fpr=_EMPTY, fnr=_EMPTY, thresholds=_EMPTY, hull=_EMPTY)
        curves.append(ModelCurves(
            m, roc, pr, hull, cc, {k: ec.operating_point(tc, t) for k, t in at.items()},
            {k: ec.cost_at(tc, t, p=p, cost01=cost01, cost10=cost10) for k, t in at.items()}, best, bep, rel))
        model_numbers.append({
            "name": m, "flipped": m in flipped, "auc": roc.auc, "average_precision": pr.average_precision,
            "bep": bep, "expected_total_cost": cc.expected_total_cost,
            "operating_points": {k: operating_numbers(tc.at(t), t, beta=beta, p=p, cost01=cost01, cost10=cost10,
                                                      tc=tc) for k, t in at.items()},
            "calibration": cal})
        current.append(thr)
    if progress is not None:
        progress(len(names), len(names))
    sums = log.pair_sums(names, tables, current, flipped)
    dl = ec.delong_from_sums(sums.pos_cross, sums.pos_sum, sums.neg_cross, sums.neg_sum, log.n_pos, log.n_neg,
                             alpha=ALPHA)
    digits = getattr(log, "round_digits", None)
    for mn, ci, table in zip(model_numbers, dl.ci, tables):
        mn["auc_ci"] = _ci(ci)
        mn["auc_rounding_error"] = None if digits is None else table.auc_rounding_bound()
    pairs = []
    for (i, j), r in dl.tests.items():
        pairs.append({"a": names[i], "b": names[j],
                      "delong": {"auc_a": r.auc_a, "auc_b": r.auc_b, "difference": r.difference,
                                 "statistic": _num(r.statistic), "pvalue": _num(r.pvalue)},
                      "mcnemar": _mcnemar(*sums.mcnemar[i, j])})
    adjusted = len(names) > 2
    if adjusted:
        for test, key in (("delong", "pvalue"), ("mcnemar", "pvalue")):
            p_list = [np.nan if q[test][key] is None else q[test][key] for q in pairs]
            for q, a in zip(pairs, ec.holm(p_list)):
                q[test]["pvalue_holm"] = _num(a)
    created = created or _dt.datetime.now(_dt.timezone.utc)
    numbers = {
        "report": {"app_version": ec.__version__, "created": created.isoformat(timespec="seconds"), "lang": lang},
        "data": _data_numbers(log, source, pos_label_how, log.name if name is None else name),
        "settings": {"models": names, "thresholds": {m: _num(t) for m, t in zip(names, current)},
                     "cost01": float(cost01), "cost10": float(cost10), "prior": p, "probability_cost": float(pc),
                     "beta": float(beta), "flipped": sorted(flipped & set(names)), "confidence_level": CONFIDENCE,
                     "interval_method": INTERVAL_METHOD, "alpha": ALPHA, "calibration_bins": CAL_BINS,
                     "p_adjustment": "holm" if adjusted else None, "engine": getattr(log, "engine", "memory"),
                     "score_rounding_digits": digits, "labels": {m: str((labels or {}).get(m, m)) for m in names}},
        "link": link if source == "builtin" else None,
        "models": model_numbers,
        "comparisons": pairs,
    }
    comparison = ec.compare_cost_curves(curves[0].cost, curves[1].cost) if len(curves) >= 2 else None
    return Report(numbers, curves, lines, comparison, list(log.warnings))


__all__ = ["build_report", "Report", "ModelCurves", "PredictionLog", "MemoryLog",
           "operating_numbers", "default_threshold", "default_prior",
           "POINTS"]
