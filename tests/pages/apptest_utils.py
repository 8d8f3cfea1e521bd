"""Helpers shared by the AppTest page tests."""
import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]


def run(page, *, timeout: float = 60, **state):
    """Run ``page`` (path from the repository root) with session ``state`` preset;
    ``timeout`` bounds each run (a guard against a hang, not a speed check)."""
    at = AppTest.from_file(str(ROOT / page), default_timeout=timeout)
    for k, v in state.items():
        at.session_state[k] = v
    return at.run()


def section(page: str, name: str, lang: str = "en", **state):
    """Page ``page`` (a key) run with its open section ``name`` (session key
    ``<page>.section``) and ``state``; checked for no exception box."""
    at = run(f"pages/{page}.py", lang=lang, **{f"{page}.section": name}, **state)
    ok(at)
    return at


def round_trip(page: str, link: dict, **state):
    """Run ``page`` with every control of ``link`` ({parameter: (session key,
    value)}) set, check each parameter is in the address, and return a fresh
    session opened at that address (run, no exception box)."""
    at = run(page, lang="en", **{k: v for k, v in link.values()}, **state)
    ok(at)
    at.run()
    q = dict(at.query_params)
    assert not [n for n in link if n not in q], q
    fresh = AppTest.from_file(str(ROOT / page), default_timeout=60)
    for name, vals in q.items():
        fresh.query_params[name] = vals[0] if isinstance(vals, list) else vals
    fresh.run()
    ok(fresh)
    for name, (key, value) in link.items():
        assert fresh.session_state[key] == value, name
    return fresh


def ok(at):
    """No exception box on the page."""
    assert not at.exception, [e.value for e in at.exception]


_SCALED = re.compile(r"^(?:(-?[\d.]+)×)?10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)$")
_SUPERSCRIPT = str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")


def number(text: str) -> float:
    """A number as a page shows it: 0.3, or 1.297×10⁻¹³ (ui.text_number)."""
    m = _SCALED.match(text)
    return float(m.group(1) or 1) * 10 ** int(m.group(2).translate(_SUPERSCRIPT)) if m else float(text)


def metrics(at):
    return {m.label: m.value for m in at.metric}


_RULE = re.compile(r"^\|( --- \|)+$")
_CELL_SPLIT = re.compile(r"(?<!\\)\|")
_UNESCAPE = re.compile(r"\\(.)")


def text_tables(at) -> list[list[dict]]:
    """Every table drawn as Markdown (``ui.text_table``) as rows of ``{column: cell text}``, the cells
    as a reader sees them (Markdown's escapes and the invisible word joiners of ``ui.md`` undone)."""
    tables = []
    for m in at.markdown:
        lines = m.value.split("\n")
        if len(lines) < 2 or not lines[0].startswith("| ") or not _RULE.match(lines[1]):
            continue
        cells = [[_UNESCAPE.sub(r"\1", c.strip()).replace("\u2060", "") for c in _CELL_SPLIT.split(line)[1:-1]]
                 for line in lines]
        tables.append([dict(zip(cells[0], row)) for row in cells[2:]])
    return tables


def figures(at) -> list[dict]:
    """Every figure on the page as ``{"key", "spec", "config"}`` (spec and
    config parsed): Streamlit's charts first, then the figures drawn in place
    (``ui.core.charts.live_chart``, a component given the figure as JSON)."""
    import json

    out = []
    for el in at.get("plotly_chart") + at.get("bidi_component"):
        if el.type == "plotly_chart":
            out.append(dict(key=el.proto.id, spec=json.loads(el.proto.spec), config=json.loads(el.proto.config)))
        elif el.proto.component_name == "lab_live_figure":
            data = json.loads(el.proto.json)
            if "spec" in data:
                out.append(dict(key=el.proto.id, spec=json.loads(data["spec"]),        # (a fragment's run may
                                config=json.loads(data["config"]) if data["config"] else None))   # refer to it)
    return out


def latex(at, labels: bool = False) -> list[str]:
    """Every formula on the page as LaTeX: ``st.latex`` elements and each line
    of the formulas typeset in place (``ui.formula_grid``; with ``labels``,
    their labels too)."""
    import json

    out = [e.value for e in at.latex]
    for el in at.get("bidi_component"):
        if el.proto.component_name == "lab_typeset":
            for item in json.loads(el.proto.json)["items"]:
                out += ([item["label"]] if labels and item["label"] else []) + item["tex"]
    return out


def figure(at, key: str) -> dict:
    """The spec of the figure whose chart key is ``key``."""
    return next(f["spec"] for f in figures(at) if f["key"].endswith(key))


def click(at, key: str, curve: int, index: int):
    """Click point ``index`` of trace ``curve`` of the live chart ``key``, as
    the browser sends it (the component's ``click`` trigger)."""
    import json

    from streamlit.components.v2.bidi_component.main import _make_trigger_id

    el = next(e for e in at.get("bidi_component") if e.proto.id.endswith(key))
    ws = at._tree.get_widget_states()
    w = ws.widgets.add()
    w.id = _make_trigger_id(el.proto.id, "events")
    w.json_trigger_value = json.dumps([{"event": "click", "value": {"curve": curve, "index": index}}])
    return at._run(ws)


def widget(elements, base: str):
    """The widget with key ``base`` as drawn now: a widget whose value changed
    elsewhere is drawn anew under ``base#1``, ``base#2``, ...
    (``ui.core.state.widget_key``).  ``widget(at.slider, "_w_thr_s|P(+)")``."""
    found = [e for e in elements if e.key == base or (e.key or "").startswith(base + "#")]
    assert len(found) == 1, [e.key for e in elements]
    return found[0]


def shown(raw: str, lang: str = "en") -> str:
    """A built-in data set's model or class name as the pages show it in ``lang`` (``common.name.<raw>``; a
    name without a string as it is), read from the string tables, not from the app's code."""
    from ui.core.i18n import strings
    entry = strings().get(f"common.name.{raw}")
    return entry[lang] if entry else raw
