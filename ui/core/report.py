"""The sidebar's "Download a report": the current state (models, each
model's shared threshold, costs, prior, β, flipped models, language) as one
self-contained HTML file (:mod:`evalcore.report`).

Built only when asked: "Prepare a report" builds it (one run), then a
download button hands it over; the prepared file is dropped once downloaded
or as soon as the state it was made for changes.
"""
from __future__ import annotations

import re
from urllib.parse import urlencode

import streamlit as st

import evalcore as ec
from evalcore import report as ec_report

from ui.core import links
from ui.core.data import chosen_models
from ui.core.i18n import error_text, lang, shown_name, t
from ui.core.models import is_flipped, model
from ui.core.state import SS
from ui.core.threshold import get_threshold

_SLOT = "_report"


def report_state(ps, token: str) -> dict:
    """The arguments of :func:`evalcore.report.build_report` for what the
    pages show now (each model's threshold as the pages hold it)."""
    models = chosen_models(ps)
    source = "upload" if token.startswith("upload") else "builtin"
    if source == "upload":
        name, how = SS.get("upload_name", ""), "auto" if token.endswith(":None") else "chosen"
    else:
        name, how = ps.name or SS.get("source", ""), "builtin"
    return dict(models=models,
                thresholds={m: get_threshold(token, m, model(token, m, ps).counts) for m in models},
                cost01=float(SS.get("cost01", 1.0)), cost10=float(SS.get("cost10", 1.0)),
                prior=float(SS.get(f"cost_p|{token}", ec_report.default_prior(ps))),
                beta=float(SS.get("beta", 1.0)), flipped=sorted(m for m in models if is_flipped(token, m)),
                source=source, name=name, pos_label_how=how, lang=lang(),
                labels={m: shown_name(m) for m in models})


def _link(token: str, models: list) -> str | None:
    if token.startswith("upload"):
        return None
    focus = SS.get("roc_model") if SS.get("roc_model") in models else models[0]
    base = str(getattr(st.context, "url", "") or "").split("?")[0]
    return base + "?" + urlencode(links.query(token, focus))


def file_name(name: str, language: str) -> str:
    """A download name from the data's name: ASCII letters, digits, ``._-`` only."""
    stem = re.sub(r"[^A-Za-z0-9._-]+", "_", name.rsplit(".", 1)[0] if name.endswith((".csv", ".tsv", ".txt"))
                  else name).strip("._") or "data"
    return f"report-{stem[:60]}-{language}.html"


def _prepare(ps, token: str) -> None:
    from evalcore.report.html import render    # plotly: only when a report is asked for

    try:
        state = report_state(ps, token)      # past the session's memory budget: its sentence
        with st.spinner(t("common.report.working")):
            rep = ec_report.build_report(ps, link=_link(token, state["models"]), **state)
            SS[_SLOT] = (_key(state, token), render(rep, lang=state["lang"]).encode("utf-8"),
                         file_name(state["name"], state["lang"]))
    except Exception as err:     # never a traceback in the page
        SS.pop(_SLOT, None)
        st.sidebar.error(error_text(err), icon="⚠️")


def _key(state: dict, token: str) -> str:
    return repr((token, sorted(state.items())))


def report_button(ps, token: str) -> None:
    """Draw "Prepare a report" (or, once prepared for this state, "Download a report")."""
    sb = st.sidebar
    got = SS.get(_SLOT)
    try:
        stale = got is not None and got[0] != _key(report_state(ps, token), token)
    except ec.DataError:         # the session's memory budget refused a model's counts: the page says so
        stale = True
    if stale:
        SS.pop(_SLOT, None)       # made for another state: dropped
        got = None
    slot = sb.empty()             # the prepare button, then in its place the download button
    if got is None:
        if slot.button(t("common.report.prepare"), key="_w_report_prepare", help=t("common.report.help"),
                       icon=":material/description:"):
            _prepare(ps, token)
            got = SS.get(_SLOT)
    if got is not None:
        slot.download_button(t("common.report.download"), data=got[1], file_name=got[2], mime="text/html",
                           key="_w_report_download", on_click=_downloaded, type="primary",
                           icon=":material/download:")
        sb.caption(t("common.report.ready", mb=f"{len(got[1]) / 2**20:.1f}"))


def _downloaded() -> None:
    SS.pop(_SLOT, None)
