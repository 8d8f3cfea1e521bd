"""The K-class report as one self-contained HTML file
(:func:`evalcore.report.multiclass.build_multiclass_report`), written
with :mod:`evalcore.report.html`'s page, escaping and figures: every name
from the data (file, models, classes) shown as text, never interpreted."""
from __future__ import annotations

import numpy as np

from evalcore import figures
from evalcore.classtable import AVERAGES

from .html import Page, cell, ci_html, document, esc, fmt, pairs_html, table_html, texts
from .multiclass import MultiClassReport
from .strings import text

SECTIONS = ("data", "settings", "confusion", "classes", "averages", "roc", "pr", "cost", "probability", "about")


def _shown(n: dict, name) -> str:
    return n["settings"]["labels"].get(name, name)


def _data(pg: Page, n: dict, warnings) -> None:
    t, d = pg.t, n["data"]
    sizes = ", ".join(f"{cell(c)}: {k:,}" for c, k in zip(d["classes"], d["class_sizes"]))
    rows = [(t("data.name"), f'<span class="name">{esc(d["name"])}</span>'),
            (t("data.source"), t(f'data.src.{d["source"]}')), (t("data.rows"), f'{d["rows"]:,}'),
            (t("mc.classes"), f'{len(d["classes"])}'), (t("mc.class_sizes"), sizes),
            (t("data.label_col"), cell(d["label_column"])), (t("data.dropped"), f'{d["dropped_rows"]:,}')]
    if warnings:
        rows.append((t("data.notes"), "<br>".join(esc(w.text(pg.lang) if hasattr(w, "text") else w)
                                                  for w in warnings)))
    pg.add(pairs_html(rows))


def _settings(pg: Page, n: dict) -> None:
    t, s = pg.t, n["settings"]
    rows = [(t("set.models"), ", ".join(cell(_shown(n, m)) for m in s["models"])),
            (t("mc.decisions"), ", ".join(t(f"mc.decision.{d}") for d in s["decisions"])),
            (t("mc.cost_matrix"), _cost_table(pg, n) if s["cost_matrix"] else t("set.none")),
            (t("set.intervals"), t("mc.intervals", level=f'{s["confidence_level"]:.0%}')),
            (t("set.lang"), n["report"]["lang"])]
    if s["score_rounding_digits"] is not None:
        rows.append((t("mc.rounded"), f'{s["score_rounding_digits"]}'))
    pg.add(pairs_html(rows))


def _matrix(pg: Page, classes, a) -> str:
    t = pg.t
    head = [f'{t("cm.true")} \\ {t("cm.pred")}'] + [cell(c) for c in classes]
    rows = [[(cell(c), False)] + [(f"{v:,}" if isinstance(v, int) else f"{v:g}", True) for v in row]
            for c, row in zip(classes, a)]
    return table_html(head, rows, "cm")


def _cost_table(pg: Page, n: dict) -> str:
    return _matrix(pg, n["data"]["classes"], n["settings"]["cost_matrix"])


def _decisions(n: dict, m: dict):
    return [(d, m["decisions"][d]) for d in n["settings"]["decisions"] if d in m["decisions"]]


def _confusion(pg: Page, n: dict) -> None:
    t, classes = pg.t, n["data"]["classes"]
    pg.add(f'<p class="note">{t("mc.confusion_note")}</p>')
    for m in n["models"]:
        pg.add(f'<h3 class="name">{t("m.model", name=_shown(n, m["name"]))}</h3>')
        for d, dn in _decisions(n, m):
            pg.add(f'<h4>{t(f"mc.decision.{d}")}</h4>' + _matrix(pg, classes, dn["confusion"]))
        if "bayes" not in m["decisions"] and n["settings"]["cost_matrix"]:
            pg.add(f'<p class="note">{t("mc.no_bayes")}</p>')


def _classes(pg: Page, n: dict) -> None:
    t, classes = pg.t, n["data"]["classes"]
    head = [t("mc.class"), t("mc.support"), t("m.precision"), t("m.recall"), "F1", "AUC (OvR)", "AP (OvR)"]
    for m in n["models"]:
        pg.add(f'<h3 class="name">{t("m.model", name=_shown(n, m["name"]))}</h3>')
        for d, dn in _decisions(n, m):
            pc, a = dn["per_class"], m["auc"]
            rows = [[(cell(c), False), (f'{pc["support"][i]:,}', True), (fmt(pc["precision"][i]), True),
                     (fmt(pc["recall"][i]), True), (fmt(pc["f1"][i]), True),
                     (fmt(a["per_class"][i]) + ci_html(a["per_class_ci"][i]), True),
                     (fmt(m["average_precision"]["per_class"][i]), True)] for i, c in enumerate(classes)]
            pg.add(f'<h4>{t(f"mc.decision.{d}")}</h4>' + table_html(head, rows))
    pg.add(f'<p class="note">{t("mc.classes_note")}</p>')


def _averages(pg: Page, n: dict) -> None:
    t = pg.t
    pg.add(f'<p class="note">{t("mc.averages_note")}</p>')
    keys = ("macro_p", "macro_r", "macro_f1", "micro_p", "micro_r", "micro_f1")
    for m in n["models"]:
        pg.add(f'<h3 class="name">{t("m.model", name=_shown(n, m["name"]))}</h3>')
        for d, dn in _decisions(n, m):
            rows = [[(t(f"mc.{k}"), False), (fmt(dn["ovr"][k]), True), (fmt(dn["ovo"][k]), True)] for k in keys]
            rows += [[(t("m.accuracy"), False), (fmt(dn["accuracy"]), True), ("", False)],
                     [(t("mc.kappa"), False), (fmt(dn["kappa"]), True), ("", False)],
                     [(t("mc.f1_sklearn"), False), (fmt(dn["f1_mean_sklearn_macro"]) + " / "
                                                    + fmt(dn["f1_sklearn_weighted"]), True), ("", False)]]
            pg.add(f'<h4>{t(f"mc.decision.{d}")}</h4>'
                   + table_html([t("mc.measure"), t("mc.ovr"), t("mc.ovo")], rows))


def _curves(pg: Page, rep: MultiClassReport) -> None:
    t, n = pg.t, rep.numbers
    level = f'{n["settings"]["confidence_level"]:.0%}'
    micro = text("mc.micro_curve", pg.lang)
    pg.add('<h2 id="roc">' + t("mc.sec.roc") + "</h2>" + f'<p class="note">{t("mc.roc_note")}</p>')
    for c in rep.curves:
        pg.add(f'<h3 class="name">{t("m.model", name=_shown(n, c.name))}</h3>')
        fig = figures.roc_curves(c.roc, names=[*c.labels, micro], width=None,
                                 text=texts(pg, x="fig.fpr", y="fig.tpr", diagonal="fig.diagonal",
                                            threshold="fig.threshold"))
        _macro_line(fig, c.macro, pg.lang)
        pg.figure(fig)
    head = [t("col.model")] + [t(f"mc.auc.{a}") for a in AVERAGES]
    rows = [[(cell(_shown(n, m["name"])), False)] + [(fmt(m["auc"][a]) + ci_html(m["auc"][f"{a}_ci"]), True)
                                                     for a in AVERAGES] for m in n["models"]]
    pg.add(table_html(head, rows) + f'<p class="note">{t("mc.auc_note", level=level)}</p>')
    digits = n["settings"]["score_rounding_digits"]
    if digits is not None:          # never a silent approximation: how far the rounding may have moved each AUC
        errs = "; ".join(cell(_shown(n, m["name"])) + ": " + ", ".join(
            f"{cell(c)} ±{e:.2g}" for c, e in zip(n["data"]["classes"], m["auc"]["per_class_rounding_error"])
            if e is not None) for m in n["models"])
        pg.add(f'<p class="note">{t("roc.rounded", digits=digits, errors=errs)}</p>')
    pg.add('<h2 id="pr">' + t("mc.sec.pr") + "</h2>" + f'<p class="note">{t("mc.pr_note")}</p>')
    for c in rep.curves:
        pg.add(f'<h3 class="name">{t("m.model", name=_shown(n, c.name))}</h3>')
        fig = figures.pr_curves(c.pr, names=[*c.labels, micro], width=None,
                                text=dict(texts(pg, x="fig.recall", y="fig.precision", threshold="fig.threshold",
                                                best="fig.max_f1", best_f1="fig.max_f1"), p_eq_r="P = R", bep="BEP"))
        _macro_line(fig, c.macro_pr, pg.lang)
        pg.figure(fig)
    pg.add(table_html([t("col.model"), t("mc.ap_macro"), t("mc.ap_micro")],
                      [[(cell(_shown(n, m["name"])), False), (fmt(m["average_precision"]["macro"]), True),
                        (fmt(m["average_precision"]["micro"]), True)] for m in n["models"]]))


def _macro_line(fig, xy, lang: str) -> None:
    """The macro-average curve (computed, only drawn here) as a dashed line."""
    x, y = xy
    if np.isfinite(np.asarray(y, dtype=np.float64)).all():
        fig.add_scatter(x=x, y=y, mode="lines", name=text("mc.macro_curve", lang), hoverinfo="skip",
                        line=dict(color="#000000", width=2, dash="dash"))


def _cost(pg: Page, n: dict) -> None:
    t = pg.t
    if not n["settings"]["cost_matrix"]:
        pg.add(f"<p>{t('mc.no_costs')}</p>")
        return
    pg.add(f'<p class="note">{t("mc.cost_note")}</p>' + _cost_table(pg, n))
    rows = []
    for m in n["models"]:
        for d, dn in _decisions(n, m):
            rows.append([(cell(_shown(n, m["name"])), False), (t(f"mc.decision.{d}"), False),
                         (fmt(dn["cost_error"]), True), (fmt(dn.get("expected_cost")), True)])
    pg.add(table_html([t("col.model"), t("mc.decision"), t("mc.cost_error"), t("mc.expected_cost")], rows))


def _probability(pg: Page, rep: MultiClassReport) -> None:
    t, n = pg.t, rep.numbers
    ks = n["settings"]["top_k"]
    head = [t("col.model"), t("mc.log_loss"), t("mc.brier")] + [t("mc.top_k", k=k) for k in ks]
    rows = []
    for m in n["models"]:
        p = m.get("probability", {})
        rows.append([(cell(_shown(n, m["name"])), False), (fmt(p.get("log_loss")), True),
                     (fmt(p.get("brier")), True)] + [(fmt(m["top_k"][str(k)]), True) for k in ks])
        if not m["probabilities"]:
            pg.add(f'<p class="note">{t("mc.not_probabilities", name=_shown(n, m["name"]))}</p>')
    pg.add(table_html(head, rows))
    if not any(m["probabilities"] for m in n["models"]):
        return
    inside = [(i, c) for i, c in enumerate(rep.curves) if c.reliability is not None]
    pg.figure(figures.reliability_diagram([c.reliability for _, c in inside],
                                          names=[_shown(n, c.name) for _, c in inside], colors=[i for i, _ in inside],
                                          text=texts(pg, x="mc.conf_x", y="mc.conf_y", diagonal="cal.diagonal",
                                                     count="cal.count")))
    pg.add(f'<p class="note">{t("mc.probability_note", bins=n["settings"]["calibration_bins"])}</p>')


def _about(pg: Page, n: dict) -> None:
    t = pg.t
    rows = [(t("about.version"), esc(n["report"]["app_version"])), (t("about.date"), esc(n["report"]["created"])),
            (t("about.link"), t("about.no_link.file"))]
    pg.add(pairs_html(rows) + f'<p class="note">{t("about.offline")} {t("nan_note")}</p>')


def render(rep: MultiClassReport, *, lang: str = "en") -> str:
    """The K-class report ``rep`` as one HTML document in ``lang``."""
    pg = Page(lang)
    t, n = pg.t, rep.numbers
    toc = "".join(f'<li><a href="#{s}">{t("mc.sec." + s)}</a></li>' for s in SECTIONS)
    pg.add(f'<h1>{t("mc.title")}</h1><p class="note name">'
           + t("mc.subtitle", name=n["data"]["name"], n=f'{n["data"]["rows"]:,}', k=len(n["models"]),
               c=len(n["data"]["classes"]), date=n["report"]["created"])
           + f'</p><nav><h2>{t("toc")}</h2><ol>{toc}</ol></nav>')
    for sec, write in (("data", lambda: _data(pg, n, rep.warnings)), ("settings", lambda: _settings(pg, n)),
                       ("confusion", lambda: _confusion(pg, n)), ("classes", lambda: _classes(pg, n)),
                       ("averages", lambda: _averages(pg, n))):
        pg.add(f'<h2 id="{sec}">' + t(f"mc.sec.{sec}") + "</h2>")
        write()
    _curves(pg, rep)
    for sec, write in (("cost", lambda: _cost(pg, n)), ("probability", lambda: _probability(pg, rep)),
                       ("about", lambda: _about(pg, n))):
        pg.add(f'<h2 id="{sec}">' + t(f"mc.sec.{sec}") + "</h2>")
        write()
    return document(pg, n)


__all__ = ["render", "SECTIONS"]
