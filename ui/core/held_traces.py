"""What a figure drawn in place sends on a fragment's run: the traces that
changed, and a reference for each trace the browser already holds.

A threshold move reruns a fragment whose figures mostly stay: the curves,
bars and cost lines do not move with the threshold, only a line, the
current points and the numbers do.  :func:`wire` gives each trace longer
than :data:`MIN_CHARS` a digest of its JSON; in a fragment's run, a trace
whose digest was sent in this figure's previous run goes as ``{"ref":
digest}`` (``ui/core/live/figure.js`` keeps the traces of the last figures it
received by digest), and so do the layout's template and the toolbar's
settings, the same in every run.  A whole run (another page, data set, language) sends
every trace: the figure may have been drawn anew in the browser.  When the
browser misses a trace all the same (a run it never received), it says so
(``missing``) and :func:`forget` makes the next run send everything.
"""
from __future__ import annotations

import hashlib
import json

from streamlit.runtime.scriptrunner import get_script_run_ctx

from ui.core.state import SS

MIN_CHARS = 120     # a shorter trace goes whole: its reference would save little


def _fragment_run() -> bool:
    ctx = get_script_run_ctx()
    return bool(ctx and ctx.fragment_ids_this_run)


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=9).hexdigest()


def wire(key: str, spec: str, config: str = "") -> tuple[str, str, str, str]:
    """The figure ``spec`` (plotly JSON) as sent for the figure ``key``, its traces' digests (a JSON list, ""
    for a trace sent whole every time), its layout template's digest ("" for none) and its ``config`` (the
    toolbar's settings, JSON): in a fragment's run the template goes as ``{"ref": digest}`` and the config
    as "" when the browser already holds them (the same in every figure of a page: about 1 kB a figure)."""
    held = SS.setdefault("_held_traces", {})
    before = held.get(key, frozenset()) if _fragment_run() else frozenset()
    memo = SS.setdefault("_wire_memo", {})
    last, text = memo.get(key), _digest(spec)
    if last is not None and last[0] == text and last[1] == before and last[2] == config:
        held[key] = last[3]                 # a figure kept across moves (ui.kept): the same text as last run
        return last[4]
    fig = json.loads(spec)
    layout = fig.get("layout") or {}
    meta = layout.get("meta") or {}
    fresh = {meta.get("hl_roc"), meta.get("hl_cost")} if isinstance(meta, dict) else set()   # restyled by hover
    keys, data = [], []
    for i, trace in enumerate(fig.get("data", [])):
        text = json.dumps(trace, separators=(",", ":"))
        if len(text) < MIN_CHARS or i in fresh:
            keys.append("")
            data.append(trace)
            continue
        k = _digest(text)
        keys.append(k)
        data.append({"ref": k} if k in before else trace)
    fig["data"] = data
    tkey = ""
    if isinstance(layout.get("template"), dict):
        tkey = "t" + _digest(json.dumps(layout["template"], separators=(",", ":"), sort_keys=True))
        if tkey in before:
            layout["template"] = {"ref": tkey}
    ckey = "c" + _digest(config) if config else ""
    held[key] = frozenset([*(k for k in keys if k), *(k for k in (tkey, ckey) if k)])
    sent = (json.dumps(fig, separators=(",", ":")), json.dumps(keys), tkey, "" if ckey and ckey in before else config)
    memo[key] = (text, before, config, held[key], sent)
    return sent


def forget(key: str) -> None:
    """The browser misses a trace of ``key``: its next run sends every trace."""
    SS.setdefault("_held_traces", {}).pop(key, None)
