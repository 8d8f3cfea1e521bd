"""The report as one self-contained HTML file: plotly.js embedded once,
interactive figures from :mod:`evalcore.figures`, tables of every number.

Everything from the data (file name, model names, labels) is shown as text:
HTML-escaped in the page, :func:`evalcore.figures.style.safe` in figures, a
spreadsheet formula defused in table cells, and figure JSON kept inert
inside its ``<script type="application/json">``.
"""
from __future__ import annotations

import html
import json

import plotly.io as pio
from plotly.offline import get_plotlyjs

import evalcore as ec
from evalcore import figures

from . import POINTS, Report
from .strings import text

SECTIONS = ("data", "settings", "measures", "roc", "pr", "cost", "calibration", "compare", "about")
# the app's toolbar settings (figures.style.TOOLBAR: nothing sent out).  Not plotly's ``responsive``: its
# resize drops the height of a figure without a width of its own, which then overflowed its box (560 px drawn
# in 420); _DRAW follows the window's width itself.
_CONFIG = dict(figures.style.TOOLBAR)
_CSS = """
body{font-family:"Noto Sans CJK SC","Microsoft YaHei","PingFang SC",Arial,sans-serif;margin:0;color:#111;
  line-height:1.5;background:#fff}
main{max-width:1180px;margin:0 auto;padding:1.2rem 1.5rem 4rem}
h1{margin:.2rem 0}h2{border-bottom:2px solid #0072B2;padding-bottom:.2rem;margin-top:2.4rem}
nav ol{columns:2;max-width:640px}
table{border-collapse:collapse;margin:.6rem 0 1rem;font-size:.95rem}
th,td{border:1px solid #ccc;padding:.25rem .55rem;text-align:left;vertical-align:top}
th{background:#f3f6fa}td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.ci{color:#555;font-size:.85em}.note{color:#444;font-size:.92rem}.fig{width:100%;min-height:420px}
.models{display:grid;grid-template-columns:repeat(auto-fill,minmax(520px,1fr));gap:0 1.5rem}
.cm td,.cm th{text-align:center}.kv th{font-weight:normal;max-width:22rem}.name{word-break:break-all}
"""
_DRAW = """
var figs = [];
document.querySelectorAll('script.figure').forEach(function (el) {
  var spec = JSON.parse(el.textContent), div = document.getElementById(el.dataset.target);
  Plotly.newPlot(div, spec.data, spec.layout, spec.config);
  figs.push(div);
});
var later;
window.addEventListener('resize', function () {      // each figure its box's width, its height kept
  clearTimeout(later);
  later = setTimeout(function () {
    figs.forEach(function (div) {
      if (div._fullLayout && Math.abs(div._fullLayout.width - div.clientWidth) > 1)
        Plotly.relayout(div, {width: div.clientWidth});
    });
  }, 100);
});
"""


def esc(value) -> str:
    """Text from the data, shown and never interpreted (escaped, no bidi or
    zero-width characters).

    Parameters
    ----------
    value : object
        Anything; shown as ``str(value)``.

    Returns
    -------
    str
        HTML-escaped text.
    """
    return html.escape(ec.visible(str(value)), quote=True)


def cell(value) -> str:
    """:func:`esc`, and a leading = + - @ (a formula once pasted into a
    spreadsheet) gets a quote in front, as the app's tables do.

    Parameters
    ----------
    value : object
        A table cell's value.

    Returns
    -------
    str
        HTML-escaped text, a formula's first character quoted.
    """
    s = ec.visible(str(value))
    return esc("'" + s if s[:1] in ("=", "+", "-", "@", "\t", "\r") else s)


def inert_json(obj) -> str:
    """``obj`` as JSON that cannot end its ``<script>`` element or start
    markup: < > & and the JavaScript line separators as \\u escapes.

    Parameters
    ----------
    obj : object
        JSON-serialisable, no nan or infinity.

    Returns
    -------
    str
        The JSON text.
    """
    out = json.dumps(obj, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    for ch in "<>&\u2028\u2029":
        out = out.replace(ch, f"\\u{ord(ch):04x}")
    return out


def fmt(x, digits: int = 4) -> str:
    """A number as printed in the report.

    Parameters
    ----------
    x : float, str or None
        A number, "inf" / "-inf", or None (nan).
    digits : int, default 4
        Decimal places.

    Returns
    -------
    str
        The number, "+∞" / "−∞", or "—" for None.
    """
    if x is None:
        return "—"
    if isinstance(x, str):
        return "+∞" if x == "inf" else "−∞"
    return f"{x:.{digits}f}"


def _thr(x) -> str:
    if isinstance(x, str) or x is None:
        return fmt(x)
    return f"{x:.6g}"


def _p(x) -> str:
    if x is None:
        return "—"
    return "< 0.0001" if x < 1e-4 else f"{x:.4f}"


def ci_html(pair) -> str:
    """An interval printed after its value.

    Parameters
    ----------
    pair : (float, float) or None
        The interval's ends (None: no interval).

    Returns
    -------
    str
        HTML (empty when there is no interval).
    """
    if pair is None or pair[0] is None:
        return ""
    return f' <span class="ci">[{fmt(pair[0])}, {fmt(pair[1])}]</span>'


def table_html(header, rows, cls: str = "") -> str:
    """``header``: cells already HTML; ``rows``: lists of (html, numeric?).

    Parameters
    ----------
    header : sequence of str
        The header cells, HTML.
    rows : sequence of sequence of (str, bool)
        Each cell's HTML and whether it is numeric (right-aligned).
    cls : str, default ""
        The table's CSS class.

    Returns
    -------
    str
        The table's HTML.
    """
    head = "".join(f"<th>{h}</th>" for h in header)
    body = "".join("<tr>" + "".join(f'<td class="n">{v}</td>' if num else f"<td>{v}</td>" for v, num in r)
                   + "</tr>" for r in rows)
    return f'<table class="{cls}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def pairs_html(rows) -> str:
    """A table of (name, value) rows, both already HTML: names as row headers.

    Parameters
    ----------
    rows : sequence of (str, str)
        (name, value), both HTML.

    Returns
    -------
    str
        The table's HTML.
    """
    body = "".join(f'<tr><th scope="row">{a}</th><td>{b}</td></tr>' for a, b in rows)
    return f'<table class="kv"><tbody>{body}</tbody></table>'



class Page:
    """The HTML being written, and its figures."""

    def __init__(self, lang: str):
        self.lang = lang
        self.parts: list[str] = []
        self.n_fig = 0

    def t(self, key: str, **kw) -> str:
        """A report string, its values escaped (they may come from the data).

        Parameters
        ----------
        key : str
            A key of the report's strings.
        **kw
            Values filled into the string (escaped).

        Returns
        -------
        str
            The string in the page's language.
        """
        return text(key, self.lang, **{k: esc(v) for k, v in kw.items()})

    def add(self, s: str) -> None:
        """Append HTML to the page.

        Parameters
        ----------
        s : str
            HTML, already escaped where it holds data.
        """
        self.parts.append(s)

    def figure(self, fig) -> None:
        """Append a plotly figure, drawn in the browser from its inert JSON.

        Parameters
        ----------
        fig : plotly.graph_objects.Figure
            The figure.
        """
        self.n_fig += 1
        fid = f"fig{self.n_fig}"
        spec = json.loads(pio.to_json(fig, validate=False))
        spec["config"] = _CONFIG
        self.add(f'<div class="fig" id="{fid}"></div>'
                 f'<script type="application/json" class="figure" data-target="{fid}">{inert_json(spec)}</script>')


def _data_section(pg: Page, d: dict, warnings) -> None:
    t = pg.t
    rows = [(t("data.name"), f'<span class="name">{esc(d["name"])}</span>'),
            (t("data.source"), t(f'data.src.{d["source"]}')),
            (t("data.rows"), f'{d["rows"]:,}'),
            (t("data.balance"), t("data.balance.value", pos=f'{d["n_pos"]:,}', neg=f'{d["n_neg"]:,}',
                                  rate=f'{d["positive_rate"]:.1%}')),
            (t("data.pos"), cell(d["pos_label"])), (t("data.neg"), cell(d["neg_label"])),
            (t("data.label_col"), cell(d["label_column"])),
            (t("data.how"), t(f'data.how.{d["pos_label_how"]}')),
            (t("data.dropped"), f'{d["dropped_rows"]:,}')]
    if warnings:
        notes = "<br>".join(esc(w.text(pg.lang) if hasattr(w, "text") else w) for w in warnings)
        rows.append((t("data.notes"), notes))
    pg.add(pairs_html(rows))


def _settings_section(pg: Page, n: dict) -> None:
    t, s = pg.t, n["settings"]
    thr = "<br>".join(f"{cell(m)}: {_thr(v)}" for m, v in s["thresholds"].items())
    rows = [(t("set.models"), ", ".join(cell(m) for m in s["models"])), (t("set.thresholds"), thr),
            (t("set.costs"), f'{s["cost01"]:g}, {s["cost10"]:g}'), (t("set.prior"), f'{s["prior"]:.4g}'),
            (t("set.pc"), f'{s["probability_cost"]:.4f}'), (t("set.beta"), f'{s["beta"]:g}'),
            (t("set.flipped"), ", ".join(cell(m) for m in s["flipped"]) or t("set.none")),
            (t("set.intervals"), t("set.intervals.value", level=f'{s["confidence_level"]:.0%}')),
            (t("set.alpha"), f'{s["alpha"]:g}'), (t("set.lang"), n["report"]["lang"])]
    pg.add(pairs_html(rows))


_MEASURES = (("accuracy", "m.accuracy"), ("error_rate", "m.error_rate"), ("precision", "m.precision"),
             ("recall", "m.recall"), ("f1", None), ("f_beta", None), ("tpr", None), ("fpr", None),
             ("cost", "m.cost"), ("norm_cost", "m.norm_cost"))


def _matrix(pg: Page, op: dict) -> str:
    t = pg.t
    return (f'<table class="cm"><tr><th>{t("cm.true")} \\ {t("cm.pred")}</th><th>{t("cm.pos")}</th>'
            f'<th>{t("cm.neg")}</th></tr><tr><th>{t("cm.pos")}</th><td class="n">TP = {op["tp"]:,}</td>'
            f'<td class="n">FN = {op["fn"]:,}</td></tr><tr><th>{t("cm.neg")}</th><td class="n">FP = {op["fp"]:,}</td>'
            f'<td class="n">TN = {op["tn"]:,}</td></tr></table>')


def _shown(n: dict, name) -> str:
    """A model's name as the report shows it: its label (``settings.labels``) or the name itself."""
    return n["settings"].get("labels", {}).get(name, name)


def _measures_section(pg: Page, n: dict) -> None:
    t = pg.t
    beta = n["settings"]["beta"]
    level = f'{n["settings"]["confidence_level"]:.0%}'
    pg.add(f'<p class="note">{t("m.note", level=level)}</p>')
    for mn in n["models"]:
        ops = mn["operating_points"]
        pg.add(f'<h3 class="name">{t("m.model", name=_shown(n, mn["name"]))}</h3>')
        header = [t("m.col.measure")] + [t(f"m.col.{k}") for k in POINTS]
        rows = [[(t("m.threshold"), False)] + [(_thr(ops[k]["threshold"]), True) for k in POINTS],
                [(t("m.matrix"), False)] + [(_matrix(pg, ops[k]), False) for k in POINTS]]
        for key, label in _MEASURES:
            name = t(label) if label else {"f1": "F1", "f_beta": f"Fβ (β = {beta:g})"}.get(key, key.upper())
            rows.append([(name, False)] + [(fmt(ops[k][key]) + ci_html(ops[k].get(key + "_ci")), True) for k in POINTS])
        pg.add(table_html(header, rows))


def texts(pg: Page, **keys) -> dict:
    """Several report strings in the page's language.

    Parameters
    ----------
    pg : Page
        The page (its language).
    **keys
        name -> string key.

    Returns
    -------
    dict
        name -> string.
    """
    return {k: text(v, pg.lang) for k, v in keys.items()}


def _curve_sections(pg: Page, rep: Report) -> None:
    t, n, cs = pg.t, rep.numbers, rep.curves
    names = [_shown(n, c.name) for c in cs]
    level = f'{n["settings"]["confidence_level"]:.0%}'
    # ---- ROC
    pg.add('<h2 id="roc">' + t("sec.roc") + "</h2>")
    pg.figure(figures.roc_curves([c.roc for c in cs], [c.points["current"] for c in cs], names=names, width=None,
                                 text=texts(pg, x="fig.fpr", y="fig.tpr", diagonal="fig.diagonal",
                                             threshold="fig.threshold")))
    pg.add(f'<p class="note">{t("fig.note")}</p>')
    pg.add(table_html([t("col.model"), "AUC", t("roc.ci", level=level)],
                  [[(cell(_shown(n, m["name"])), False), (fmt(m["auc"]), True), (ci_html(m["auc_ci"]), True)]
                   for m in n["models"]]))
    digits = n["settings"].get("score_rounding_digits")
    if digits is not None:          # never a silent approximation: how far the rounding may have moved each AUC
        errs = ", ".join(f'{cell(_shown(n, m["name"]))} ±{m["auc_rounding_error"]:.2g}' for m in n["models"])
        pg.add(f'<p class="note">{t("roc.rounded", digits=digits, errors=errs)}</p>')
    # ---- P-R
    pg.add('<h2 id="pr">' + t("sec.pr") + "</h2>")
    pg.figure(figures.pr_curves([c.pr for c in cs], [c.points["current"] for c in cs], names=names, width=None,
                                beps=[c.bep for c in cs], best=[c.best_f1 for c in cs],
                                text=dict(texts(pg, x="fig.recall", y="fig.precision", threshold="fig.threshold",
                                                 best="fig.max_f1", best_f1="fig.max_f1"), p_eq_r="P = R",
                                          bep="BEP")))
    pg.add(f'<p class="note">{t("pr.note")}</p>')
    pg.add(table_html([t("col.model"), "AP", "BEP", t("pr.f1"), t("pr.f1_thr")],
                  [[(cell(_shown(n, m["name"])), False), (fmt(m["average_precision"]), True), (fmt(m["bep"]), True),
                    (fmt(m["operating_points"]["f1_optimal"]["f1"]), True),
                    (_thr(m["operating_points"]["f1_optimal"]["threshold"]), True)] for m in n["models"]]))
    # ---- cost
    s = n["settings"]
    pg.add('<h2 id="cost">' + t("sec.cost") + "</h2>")
    ftext = texts(pg, roc_title="cost.roc_title", cost_title="cost.cost_title", lines="cost.lines",
                   points="cost.points", line_hover="cost.line_hover", iso="cost.iso", area="cost.area",
                   current="cost.current", optimal="cost.optimal", norm="cost.norm", fpr="fig.fpr", tpr="fig.tpr")
    pg.figure(figures.cost_linked_figure([c.roc for c in cs], [c.hull for c in cs], [c.cost for c in cs],
                                         rep.cost_lines, [c.cost_points["current"] for c in cs],
                                         [c.cost_points["cost_optimal"] for c in cs], names=names,
                                         pc=s["probability_cost"], text=ftext, comparison=rep.cost_comparison))
    pc = f'{s["probability_cost"]:.3f}'
    pg.add(f'<p class="note">{t("cost.note", pc=pc)}</p>')
    pg.add(table_html([t("col.model"), t("cost.area"), t("cost.at_current"), t("cost.at_optimal"), t("cost.opt_thr")],
                  [[(cell(_shown(n, m["name"])), False), (fmt(m["expected_total_cost"]), True),
                    (fmt(m["operating_points"]["current"]["norm_cost"]), True),
                    (fmt(m["operating_points"]["cost_optimal"]["norm_cost"]), True),
                    (_thr(m["operating_points"]["cost_optimal"]["threshold"]), True)] for m in n["models"]]))


def _calibration_section(pg: Page, rep: Report) -> None:
    t, n = pg.t, rep.numbers
    pg.add('<h2 id="calibration">' + t("sec.calibration") + "</h2>")
    inside = [(i, c) for i, c in enumerate(rep.curves) if c.reliability is not None]
    for m in n["models"]:
        cal = m["calibration"]
        if not cal["in_unit_interval"]:
            lo, hi = f'{cal["min_score"]:.4g}', f'{cal["max_score"]:.4g}'
            pg.add(f'<p class="note">{t("cal.outside", name=_shown(n, m["name"]), lo=lo, hi=hi)}</p>')
    if not inside:
        pg.add(f"<p>{t('cal.none')}</p>")
        return
    pg.figure(figures.reliability_diagram([c.reliability for _, c in inside],
                                          names=[_shown(n, c.name) for _, c in inside],
                                          colors=[i for i, _ in inside],
                                          text=texts(pg, x="cal.x", y="cal.y", diagonal="cal.diagonal",
                                                      count="cal.count")))
    pg.add(f'<p class="note">{t("cal.note", bins=n["settings"]["calibration_bins"])}</p>')
    rows = []
    for m in n["models"]:
        cal = m["calibration"]
        if cal["in_unit_interval"]:
            rows.append([(cell(_shown(n, m["name"])), False)] + [(fmt(cal[k]), True) for k in
                                                       ("brier", "reliability", "resolution", "uncertainty",
                                                        "within_bin")])
    pg.add(table_html([t("col.model"), t("cal.brier"), t("cal.rel"), t("cal.res"), t("cal.unc"), t("cal.wb")], rows))


def _compare_section(pg: Page, n: dict) -> None:
    t = pg.t
    pg.add('<h2 id="compare">' + t("sec.compare") + "</h2>")
    pairs, s = n["comparisons"], n["settings"]
    if not pairs:
        pg.add(f"<p>{t('cmp.one')}</p>")
        return
    holm = s["p_adjustment"] == "holm"
    k = len(s["models"])
    pg.add(f'<p class="note">{t("cmp.note_holm", k=k, m=len(pairs)) if holm else t("cmp.note_two")}</p>')

    def verdict(test: dict) -> str:
        p = test.get("pvalue_holm") if holm else test["pvalue"]
        if p is None:
            return "—"
        return t("cmp.reject") if p <= s["alpha"] else t("cmp.keep")

    alpha = f'{s["alpha"]:g}'
    head = [t("cmp.a"), t("cmp.b"), "AUC(A)", "AUC(B)", t("cmp.diff"), "z", t("cmp.p")]
    head += [t("cmp.p_holm")] if holm else []
    head += [t("cmp.verdict", alpha=alpha)]
    rows = []
    for q in pairs:
        d = q["delong"]
        r = [(cell(_shown(n, q["a"])), False), (cell(_shown(n, q["b"])), False), (fmt(d["auc_a"]), True),
             (fmt(d["auc_b"]), True), (fmt(d["difference"]), True), (fmt(d["statistic"], 3), True),
             (_p(d["pvalue"]), True)]
        r += [(_p(d.get("pvalue_holm")), True)] if holm else []
        rows.append(r + [(verdict(d), False)])
    pg.add(f"<h3>{t('cmp.delong')}</h3>" + table_html(head, rows))
    head = [t("cmp.a"), t("cmp.b"), t("cmp.e01"), t("cmp.e10"), "τχ²", t("cmp.p"), t("cmp.p_exact")]
    head += [t("cmp.p_holm")] if holm else []
    head += [t("cmp.verdict", alpha=alpha)]
    rows = []
    for q in pairs:
        mc = q["mcnemar"]
        r = [(cell(_shown(n, q["a"])), False), (cell(_shown(n, q["b"])), False), (f'{mc["e01"]:,}', True),
             (f'{mc["e10"]:,}', True)]
        if mc["statistic"] is None:
            r += [(t("cmp.no_disagree"), False), ("", False), ("", False)] + ([("", False)] if holm else [])
            rows.append(r + [("—", False)])
            continue
        r += [(fmt(mc["statistic"], 3), True), (_p(mc["pvalue"]), True), (_p(mc["pvalue_exact"]), True)]
        r += [(_p(mc.get("pvalue_holm")), True)] if holm else []
        rows.append(r + [(verdict(mc), False)])
    pg.add(f"<h3>{t('cmp.mcnemar')}</h3>" + table_html(head, rows))


def _about_section(pg: Page, n: dict) -> None:
    t = pg.t
    pg.add('<h2 id="about">' + t("sec.about") + "</h2>")
    src = n["data"]["source"]
    if n["link"]:
        link = esc(n["link"])
        if n["link"].startswith(("http://", "https://")):       # only a web address becomes a link
            link = f'<a href="{link}">{link}</a>'
        if len(n["models"]) > 1:
            link += f'<br><span class="note">{t("about.link_note")}</span>'
    else:
        link = t("about.no_link.upload" if src in ("upload", "builtin") else "about.no_link.file")
    rows = [(t("about.version"), esc(n["report"]["app_version"])), (t("about.date"), esc(n["report"]["created"])),
            (t("about.link"), link)]
    pg.add(pairs_html(rows))
    pg.add(f'<p class="note">{t("about.offline")} {t("nan_note")}</p>')


def render(rep: Report, *, lang: str = "en") -> str:
    """The report ``rep`` (:func:`evalcore.report.build_report`) as one HTML
    document in ``lang`` ("zh" or "en").

    Parameters
    ----------
    rep : Report
        The report.
    lang : {"en", "zh"}, default "en"
        The language.

    Returns
    -------
    str
        A self-contained HTML document.
    """
    pg = Page(lang)
    t, n = pg.t, rep.numbers
    toc = "".join(f'<li><a href="#{s}">{t("sec." + s)}</a></li>' for s in SECTIONS)
    pg.add(f'<h1>{t("title")}</h1><p class="note name">'
           + t("subtitle", name=n["data"]["name"], n=f'{n["data"]["rows"]:,}', k=len(n["models"]),
               date=n["report"]["created"]) + f'</p><nav><h2>{t("toc")}</h2><ol>{toc}</ol></nav>')
    pg.add('<h2 id="data">' + t("sec.data") + "</h2>")
    _data_section(pg, n["data"], rep.warnings)
    pg.add('<h2 id="settings">' + t("sec.settings") + "</h2>")
    _settings_section(pg, n)
    pg.add('<h2 id="measures">' + t("sec.measures") + "</h2>")
    _measures_section(pg, n)
    _curve_sections(pg, rep)
    _calibration_section(pg, rep)
    _compare_section(pg, n)
    _about_section(pg, n)
    return document(pg, n)


def document(pg: Page, n: dict) -> str:
    """The page ``pg`` as one HTML document: plotly.js embedded once, every
    number of ``n`` kept inert in ``<script id="report-numbers">``.

    Parameters
    ----------
    pg : Page
        The sections written.
    n : dict
        The report's numbers.

    Returns
    -------
    str
        The HTML document.
    """
    lang = pg.lang
    title = esc(text("title", lang) + " · " + ec.visible(str(n["data"]["name"])))
    return (f'<!DOCTYPE html><html lang="{"zh-CN" if lang == "zh" else "en"}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{title}</title>'
            f"<style>{_CSS}</style><script>{get_plotlyjs()}</script></head><body><main>"
            + "".join(pg.parts) + '</main><script type="application/json" id="report-numbers">'
            + inert_json(n) + f"</script><script>{_DRAW}</script></body></html>")


__all__ = ["render", "document", "esc", "cell", "inert_json", "Page", "table_html", "pairs_html", "fmt", "ci_html",
           "texts", "SECTIONS"]
