"""The report of K-class predictions: the binary report's sections adapted.

:func:`build_multiclass_report` reads a :class:`MultiClassLog` -- K-class
predictions in memory (:class:`MemoryMultiLog` of an
:class:`evalcore.MultiClassSet`) or a log read out of core by an engine
(:mod:`evalcore.report.engines`) -- through the same two primitives: each
model's K :class:`evalcore.classtable.ClassTable` (one ``GROUP BY score``
per column) and one pass over the rows (:class:`evalcore.classtable.RowNumbers`:
the K x K matrices of the argmax and of the Bayes decision under a cost
matrix, the rank of the true class, the top label's confidence, the sums of
the averaged AUCs' interval terms).  Everything after them is shared, so
both give the same numbers.

Numbers (``--format json``): per model and decision the K x K matrix,
per-class P/R/F1 (scikit-learn's ``precision_recall_fscore_support``), the
book's macro and micro averages over the one-vs-rest and the one-vs-one
matrices, Cohen's κ, the cost-sensitive error and expected cost; the
one-vs-rest AUC and AP of each class with DeLong's interval, the macro,
prevalence-weighted and micro AUC and Hand & Till's M with their
intervals; and, for scores that are probabilities, the log loss, Brier's
score and the top label's reliability bins; top-k accuracy for every model.
"""
from __future__ import annotations

import datetime as _dt
import json
from dataclasses import dataclass, field

import numpy as np

import evalcore as ec
from evalcore import classtable as ct
from evalcore.multiclass import check_cost_matrix
from evalcore.multiclass_views import parse_cost_text, views_from_counts

from .._bounds import COST_MAX, COST_MIN
from .._validation import DataError, register_messages
from . import ALPHA, CAL_BINS, CONFIDENCE, _ci, _num

TOP_K = 5              # top-k accuracy for k = 1 .. min(K, TOP_K)
DECISIONS = ("argmax", "bayes")

register_messages({
    "mc_bad_cost_matrix": (
        "Could not read the cost matrix {spec!r}: write {k} rows of {k} non-negative numbers (row i: the costs "
        "of predicting each class for a sample of class i), rows separated by ';' or in a file, one row a line, "
        "e.g. {example}.",
        "无法读取代价矩阵 {spec!r}:请写 {k} 行、每行 {k} 个非负数(第 i 行:类别 i 的样本被预测为各类别的代价),"
        "行与行用 ';' 分隔,或写在文件中每行一行,例如 {example}。",
    ),
    "mc_binary_option": (
        "{option} applies to a two-class file; this file has {k} classes (a cost matrix goes in --costs).",
        "{option} 只用于二分类文件;这个文件有 {k} 个类别(代价矩阵请用 --costs 给出)。",
    ),
})


class MultiClassLog:
    """What the multi-class report reads: ``classes``, ``sizes`` (rows per
    class), ``models``, ``probabilities`` {model: rows are probability
    vectors}, ``label_col``, ``name``, ``warnings``, ``engine``,
    ``round_digits``; each model's column tables (:meth:`tables`) and its
    row pass (:meth:`rows`)."""

    classes: list
    models: list
    probabilities: dict
    label_col: str
    name: str
    warnings: list
    engine: str
    round_digits: int | None

    def tables(self, model: str) -> list:
        raise NotImplementedError

    def rows(self, model: str, tables, *, cost=None, top_label: bool = False) -> ct.RowNumbers:
        raise NotImplementedError


class MemoryMultiLog(MultiClassLog):
    """A :class:`MultiClassLog` of an :class:`evalcore.MultiClassSet` in memory."""

    engine = "memory"
    round_digits = None

    def __init__(self, ms):
        self.ms = ms
        self.classes, self.models, self.probabilities = list(ms.classes), ms.models, dict(ms.probabilities)
        self.label_col, self.name, self.warnings = ms.label_col, ms.name, list(ms.warnings)

    def tables(self, model: str) -> list:
        return ct.class_tables(self.ms.y, self.ms.scores[model])

    def rows(self, model: str, tables, *, cost=None, top_label: bool = False) -> ct.RowNumbers:
        return ct.row_numbers(self.ms.y, self.ms.scores[model], tables, cost=cost, top_label=top_label)


@dataclass(frozen=True, eq=False)
class MultiClassCurves:
    """What the figures of one model draw: ``roc`` and ``pr`` (one reduced
    view per class with an AUC, then the micro average), ``macro`` (the
    macro-average ROC: fpr, tpr), ``macro_pr`` (the macro-average P-R:
    recall, interpolated precision), ``labels`` (the curves' class names, the
    micro average last), ``reliability`` (top label; None unless
    probabilities)."""

    name: str
    roc: list
    pr: list
    macro: tuple
    macro_pr: tuple
    labels: list
    reliability: ec.Reliability | None


@dataclass(frozen=True, eq=False)
class MultiClassReport:
    """A K-class report: ``numbers`` (JSON-ready), ``curves`` (one
    :class:`MultiClassCurves` per model), ``warnings``."""

    numbers: dict
    curves: list
    warnings: list = field(default_factory=list)

    def to_json(self) -> str:
        """Every number of the report as JSON (nan as null)."""
        return json.dumps(self.numbers, ensure_ascii=False, indent=1, allow_nan=False)


def _nums(a) -> list:
    return [_num(v) for v in np.asarray(a, dtype=np.float64).tolist()]


def _averages(mm) -> dict:
    return {k: _num(getattr(mm, k)) for k in ("macro_p", "macro_r", "macro_f1", "micro_p", "micro_r", "micro_f1")}


def decision_numbers(cm, *, cost=None, cost_sum=None) -> dict:
    """Every number of one decision's K x K matrix ``cm``."""
    pc, both = ec.per_class(cm), ec.macro_micro_both(cm)
    m = int(np.asarray(cm).sum())
    out = {"confusion": np.asarray(cm).tolist(), "accuracy": float(np.trace(cm)) / m if m else None,
           "per_class": {"precision": _nums(pc.precision), "recall": _nums(pc.recall), "f1": _nums(pc.f1),
                         "support": pc.support.tolist()},
           "f1_mean_sklearn_macro": _num(pc.f1_macro), "f1_sklearn_weighted": _num(pc.f1_weighted),
           "ovr": _averages(both.ovr), "ovo": _averages(both.ovo), "kappa": _num(both.kappa)}
    if cost is not None:
        out["cost_error"] = _num(ec.cost_matrix_error(cm, cost))
        out["expected_cost"] = None if cost_sum is None else _num(cost_sum / m)
    return out


def _model(log, m: str, cost, k: int):
    tables = log.tables(m)
    prob = bool(log.probabilities.get(m))
    rows = log.rows(m, tables, cost=cost if prob else None, top_label=prob)   # Bayes: probabilities only
    aucs = ct.class_aucs(tables, alpha=ALPHA)
    sizes = ct.class_sizes(tables)
    iv = ct.average_intervals(rows.sums, sizes, aucs.averages, alpha=ALPHA)
    ovr = [tables[c].ovr(c) for c in range(k)]
    views = views_from_counts([ovr[c].threshold_counts() if aucs.ok[c] else None for c in range(k)],
                              ct.pooled_table(tables).threshold_counts(), sizes,
                              hand_till=aucs.averages["hand_till"])
    shown = [c for c in range(k) if aucs.ok[c]]
    numbers = {"name": m, "probabilities": prob,
               "decisions": {d: decision_numbers(rows.confusion[d], cost=cost, cost_sum=rows.cost_sum.get(d))
                             for d in DECISIONS if d in rows.confusion},
               "auc": {"per_class": _nums(aucs.auc), "per_class_ci": [_ci(c) for c in aucs.ci],
                       **{a: _num(aucs.averages[a]) for a in ct.AVERAGES},
                       **{f"{a}_ci": _ci(iv[a]) for a in ct.AVERAGES}},
               "average_precision": {"per_class": _nums(views.ap), "macro": _num(views.ap_macro),
                                     "micro": _num(views.ap_micro)}}
    if log.round_digits is not None:       # never a silent approximation: how far rounding may move each AUC
        numbers["auc"]["per_class_rounding_error"] = [_num(ovr[c].auc_rounding_bound()) if aucs.ok[c] else None
                                                      for c in range(k)]
    rel = None
    g, e, c = rows.ranks
    numbers["top_k"] = {str(kk): ct.top_k_from_ranks(g, e, c, k=kk) for kk in range(1, min(k, TOP_K) + 1)}
    if prob:
        rel = rows.top_label.reliability(n_bins=CAL_BINS)
        numbers["probability"] = {
            "log_loss": ct.log_loss_from_tables(tables), "brier": ct.brier_from_tables(tables),
            "top_label": {"edges": rel.edges.tolist(), "count": rel.count.tolist(),
                          "mean_score": _nums(rel.mean_score), "positive_rate": _nums(rel.positive_rate)}}
    curves = MultiClassCurves(m, [views.roc[c] for c in shown] + [views.micro_roc],
                              [views.pr[c] for c in shown] + [views.micro_pr], (views.macro_fpr, views.macro_tpr),
                              (views.macro_recall, views.macro_precision),
                              [log.classes[c] for c in shown], rel)
    return numbers, curves, sizes


def build_multiclass_report(ms, *, models=None, cost=None, source: str = "file", name: str | None = None,
                            lang: str = "en", labels=None, created: _dt.datetime | None = None,
                            progress=None) -> MultiClassReport:
    """Every number of a report on K-class predictions ``ms``.

    Parameters
    ----------
    ms : MultiClassSet or MultiClassLog
        Predictions in memory (:func:`evalcore.load_multiclass`) or a log
        read by an engine.
    models : list of str, optional
        The models reported, in this order (default all).
    cost : (K, K) array, optional
        ``cost[i, j]`` the cost of predicting class j for a sample of class
        i: adds the Bayes decision (Σ_i p_i cost[i, j] least) and, for both
        decisions, the cost-sensitive error and the expected cost.
    source, name, lang, labels, created, progress :
        As :func:`evalcore.report.build_report`.

    Returns
    -------
    MultiClassReport
    """
    log = ms if isinstance(ms, MultiClassLog) else MemoryMultiLog(ms)
    names = list(log.models if models is None else models)
    for m in names:
        if m not in log.models:
            raise DataError("report_unknown_model", name=m, models=", ".join(map(repr, log.models)))
    k = len(log.classes)
    c = None if cost is None else check_cost_matrix(cost, k)
    out, curves, sizes = [], [], None
    for i, m in enumerate(names):
        if progress is not None:
            progress(i, len(names))
        numbers, cv, sizes = _model(log, m, c, k)
        out.append(numbers)
        curves.append(cv)
    if progress is not None:
        progress(len(names), len(names))
    dropped = sum(int(w.params.get("n", 0)) for w in log.warnings if getattr(w, "code", "") == "dropped_rows")
    created = created or _dt.datetime.now(_dt.timezone.utc)
    numbers = {
        "report": {"app_version": ec.__version__, "created": created.isoformat(timespec="seconds"), "lang": lang,
                   "kind": "multiclass"},
        "data": {"name": log.name if name is None else name, "source": source, "rows": int(sizes.sum()),
                 "classes": [str(x) for x in log.classes], "class_sizes": sizes.tolist(),
                 "label_column": str(log.label_col), "dropped_rows": dropped,
                 "warnings": [str(w) for w in log.warnings]},
        "settings": {"models": names, "cost_matrix": None if c is None else c.tolist(),
                     "decisions": [d for d in DECISIONS if d == "argmax" or c is not None],
                     "confidence_level": CONFIDENCE, "alpha": ALPHA, "calibration_bins": CAL_BINS,
                     "top_k": list(range(1, min(k, TOP_K) + 1)), "engine": getattr(log, "engine", "memory"),
                     "score_rounding_digits": getattr(log, "round_digits", None),
                     "labels": {m: str((labels or {}).get(m, m)) for m in names}},
        "link": None,
        "models": out,
    }
    return MultiClassReport(numbers, curves, list(log.warnings))


def parse_cost_matrix(spec: str, *, k: int) -> np.ndarray:
    """A K x K cost matrix from ``spec``: the page's text form (rows
    separated by ';', :func:`evalcore.multiclass_views.parse_cost_text`) or
    the path of a file with one row a line (numbers separated by commas,
    tabs or spaces; lines starting with # skipped); each cost 0 or within
    the app's bounds."""
    import os
    import re

    text = spec
    if ";" not in spec and os.path.isfile(spec):
        with open(spec, encoding="utf-8-sig") as f:
            text = ";".join(line for line in f.read().splitlines() if line.strip() and not line.lstrip()
                            .startswith("#"))
    text = ";".join(re.sub(r"[\s,]+", ",", row.strip()) for row in text.split(";") if row.strip())
    example = ";".join(",".join("0" if i == j else "1" for j in range(k)) for i in range(k)) if k <= 5 else \
        "0,1,1,…;1,0,1,…;1,1,0,…;…"
    try:
        c = parse_cost_text(text, k) if text else None
    except DataError:
        c = None
    if c is None:
        raise DataError("mc_bad_cost_matrix", spec=spec[:80], k=k, example=example)
    out = c[(c != 0) & ((c < COST_MIN) | (c > COST_MAX))]
    if out.size:
        raise DataError("cost_out_of_range", value=f"{out[0]:g}", lo=COST_MIN, hi=COST_MAX)
    return c


__all__ = ["build_multiclass_report", "MultiClassReport", "MultiClassCurves", "MultiClassLog", "MemoryMultiLog",
           "decision_numbers", "parse_cost_matrix", "DECISIONS", "TOP_K"]
