"""Bounds on every table and editor, memory, CPU and timers (issue 27).

Each table one over its bound gets the message (in both languages) and
keeps the last good table; the largest allowed inputs make no element
larger than ``limits.MESSAGE_MB``; hostile links give no error box."""
from __future__ import annotations

import math
import os
import sys
import threading
import time
import types

import numpy as np
import pytest
from apptest_utils import ROOT, number, ok, run
from streamlit.testing.v1 import AppTest

import evalcore as ec
import ui
from ui.protect import budget
from ui.protect import heavy
from ui.protect import limits
from ui.protect.bounds import clamp_cost, inert

EDITORS = {   # table name -> (page, one row of the editor's columns)
    "lab.table.binary": ("pages/lab.py", {"y": 1, "p": 0.5}),
    "lab.table.multi": ("pages/lab.py", {"y": "cat", "cat": 0.4, "dog": 0.3, "rabbit": 0.3}),
    "lab.table.hinge": ("pages/lab.py", {"y": 1, "w": 0.5}),
    "lab.table.labels": ("pages/lab.py", {"y1": 1, "y2": 0, "y3": 1, "f1": 0.5, "f2": 0.5, "f3": 0.5}),
    "lab.table.regression": ("pages/lab.py", {"y": 1.0, "yhat": 1.5}),
    "lab.table.clusters": ("pages/lab.py", {"x": 1.0, "y": 2.0, "class": "A", "cluster": "1"}),
    "compare.table.t": ("pages/compare.py", {"error": 0.1}),
    "compare.table.paired": ("pages/compare.py", {"A": 0.1, "B": 0.2}),
    "compare.table.friedman": ("pages/compare.py", {"A": 1.0, "B": 2.0, "C": 3.0}),
    "multiclass.cost_table": ("pages/multiclass.py", {"true \\ predicted": "x", "setosa": 1.0, "versicolor": 0.0,
                                                      "virginica": 1.0}),
}
PRESET_ROWS = {"lab.table.binary": 6, "lab.table.multi": 4, "lab.table.hinge": 5, "lab.table.labels": 4,
               "lab.table.regression": 8, "lab.table.clusters": 12, "compare.table.t": 10,
               "compare.table.paired": 10, "compare.table.friedman": 4, "multiclass.cost_table": 3}
MESSAGE = {"en": "takes at most", "zh": "最多"}
SECTION = {   # the page's open section that draws the editor
    "lab.table.binary": {"lab.section": "loss"}, "lab.table.multi": {"lab.section": "loss"},
    "lab.table.hinge": {"lab.section": "loss"}, "lab.table.labels": {"lab.section": "multilabel"},
    "lab.table.regression": {"lab.section": "regression"}, "lab.table.clusters": {"lab.section": "clustering"},
    "compare.table.t": {"compare.section": "t"}, "compare.table.paired": {"compare.section": "paired"},
    "compare.table.friedman": {"compare.section": "friedman"},
    "multiclass.cost_table": {"multiclass.section": "decisions"},
}


def _edits(name: str, n_added: int) -> dict:
    row = EDITORS[name][1]
    return {"edited_rows": {}, "added_rows": [dict(row) for _ in range(n_added)], "deleted_rows": []}


def _errors(at) -> list[str]:
    return [e.value for e in at.error]


def test_every_editor_is_bounded():
    """Every editor of the app is in limits.TABLES (and tested here)."""
    editors = {k for k, b in limits.TABLES.items() if "bounded_editor" in b.where}
    assert editors == set(EDITORS) | {"compare.table.cv5x2"} | {k for k in editors if k.startswith("exercises.")}


@pytest.mark.parametrize("name", sorted(EDITORS))
def test_editor_one_over_its_bound_keeps_the_last_good_table(name):
    page, _ = EDITORS[name]
    b = limits.bound(name)
    over = b.rows - PRESET_ROWS[name] + 1
    at = run(page, lang="en", **SECTION[name], **{f"_w_{name}": _edits(name, over)})
    ok(at)
    msg = [e for e in _errors(at) if MESSAGE["en"] in e]
    assert msg and f"{b.rows:,} rows" in msg[0] and f"{b.rows + 1:,} rows" in msg[0], _errors(at)
    assert name not in at.session_state or len(next(iter(at.session_state[name].values()))) == PRESET_ROWS[name]
    assert at.session_state["_bounds_gen"][name] == 1        # the editor is drawn anew with the last good table


@pytest.mark.parametrize("name", ["lab.table.clusters", "compare.table.friedman"])
def test_editor_at_its_bound_is_taken(name):
    page, _ = EDITORS[name]
    at = run(page, lang="en", **SECTION[name],
             **{f"_w_{name}": _edits(name, limits.bound(name).rows - PRESET_ROWS[name])})
    ok(at)
    assert not [e for e in _errors(at) if MESSAGE["en"] in e]
    assert len(next(iter(at.session_state[name].values()))) == limits.bound(name).rows


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_bound_message_in_both_languages(lang):
    at = run("pages/lab.py", lang=lang, **SECTION["lab.table.clusters"],
             **{"_w_lab.table.clusters": _edits("lab.table.clusters", 10_000)})
    ok(at)
    msg = [e for e in _errors(at) if MESSAGE[lang] in e]
    assert msg and f"{limits.CLUSTER_POINTS:,}" in msg[0]
    assert ("聚类" in msg[0]) == (lang == "zh") and ("clustering" in msg[0]) == (lang == "en")


def test_pasted_long_cell_is_refused():
    edits = _edits("lab.table.clusters", 1)
    edits["added_rows"][0]["class"] = "x" * (limits.CELL_CHARS + 1)
    at = run("pages/lab.py", lang="en", **SECTION["lab.table.clusters"], **{"_w_lab.table.clusters": edits})
    ok(at)
    assert any(f"{limits.CELL_CHARS:,}" in e for e in _errors(at))


# ------------------------------------------------------------------ uploads
def _upload_script(kind: str, data: bytes, lang: str):
    """An AppTest script: the upload helper given one good file, then ``data`` as a file."""
    import types

    import ui
    from ui.protect import bounds
    ui.SS["lang"] = lang
    parse = {"labels": bounds.labels_parser,
             "table": bounds.table_parser("friedman upload", min_rows=2, min_cols=2)}[kind]
    slot = ui.UploadSlot("t.value", "t.name", "t.error", "t.id")
    good = types.SimpleNamespace(file_id="good", name="good.csv", getvalue=lambda: b"a,b\n1,2\n2,1\n")
    ui.handle_upload(slot, good, parse)
    bad = types.SimpleNamespace(file_id="bad", name="bad.csv", getvalue=lambda: data)
    ui.handle_upload(slot, bad, parse)
    ui.upload_status(slot)


def _upload(kind: str, data: bytes, lang: str):
    return AppTest.from_function(_upload_script, args=(kind, data, lang), default_timeout=60).run()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_kxk_upload_over_the_class_bound_keeps_the_last_good(lang):
    k = limits.CLASSES + 1
    data = ("y_true,y_pred\n" + "".join(f"c{i},c{(i + 1) % k}\n" for i in range(k))).encode()
    at = _upload("labels", data, lang)
    ok(at)
    errs = _errors(at)
    assert errs and f"{k:,}" in errs[0] and f"{limits.CLASSES:,}" in errs[0]
    assert ("类别" in errs[0]) == (lang == "zh")
    assert at.session_state["t.name"] == "good.csv"          # the last good upload stays
    assert at.info                                             # ... and the page says so


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_friedman_upload_over_the_bound_keeps_the_last_good(lang):
    rows = limits.FRIEDMAN_SETS + 1
    data = ("A,B\n" + "1,2\n" * rows).encode()
    at = _upload("table", data, lang)
    ok(at)
    errs = _errors(at)
    assert errs and f"{rows:,}" in errs[0] and f"{limits.FRIEDMAN_SETS:,}" in errs[0]
    assert at.session_state["t.name"] == "good.csv"
    cols = limits.FRIEDMAN_ALGOS + 2
    data = (",".join(f"a{j}" for j in range(cols)) + "\n" + ",".join("1" for _ in range(cols)) + "\n") * 1
    at = _upload("table", data.encode(), lang)
    assert f"{cols:,}" in _errors(at)[0]


def test_trailing_comma_message_says_what_is_wrong():
    with pytest.raises(ec.DataError) as e:
        ec.load_predictions(b"y,score\n1,0.9,\n0,0.2,\n1,0.7,\n")
    assert e.value.code == "file_trailing_comma" and "ends in a separator" in str(e.value)
    assert "分隔符" in e.value.text("zh")
    assert ec.load_predictions(b"y,score,\n1,0.9,\n0,0.2,\n").n == 2       # header with the comma too: fine


# ----------------------------------------------------------- K x K matrix
def test_top_classes_against_a_slow_reference():
    rng = np.random.default_rng(0)
    k = 30
    yt, yp = rng.integers(0, k, 500) ** 2 % k, rng.integers(0, k, 500)
    labels = list(range(k))
    cm = ec.confusion_matrix(yt, yp, labels=labels)
    m, names = ec.top_classes(cm, labels, 6)
    support = {c: np.sum(yt == c) + np.sum(yp == c) for c in labels}
    top = sorted(sorted(labels, key=lambda c: -support[c])[:5])
    assert names == top + ["other"]
    ref = np.zeros((6, 6), int)
    for a, b in zip(yt, yp):                                   # count each sample by hand
        ref[top.index(a) if a in top else 5, top.index(b) if b in top else 5] += 1
    assert np.array_equal(m, ref) and m.sum() == cm.sum()


def _sizes(node, out):
    proto = getattr(node, "proto", None)
    if proto is not None and hasattr(proto, "ByteSize"):
        out.append((getattr(node, "type", "?"), proto.ByteSize()))
    for child in getattr(node, "children", {}).values():
        _sizes(child, out)
    return out


def _largest(at) -> tuple[str, int]:
    return max(_sizes(at._tree, []), key=lambda x: x[1])


def test_no_element_over_the_message_size_on_the_largest_inputs():
    """The largest K x K upload, clustering table and Friedman table allowed:
    no element asks Streamlit for a message over limits.MESSAGE_MB."""
    limit = limits.MESSAGE_MB * 2**20
    k, rows = limits.CLASSES, limits.CLASSES * 50
    data = ("y_true,y_pred\n" + "".join(f"class-{i % k},class-{(i * 7) % k}\n" for i in range(rows))).encode()
    labels = ec.load_labels(data, max_classes=limits.CLASSES)
    at = run("pages/confusion.py", lang="en", mc_source="upload", mc_labels=labels)
    ok(at)
    assert _largest(at)[1] < limit
    heat = [f for f in __import__("apptest_utils").figures(at) if f["key"].endswith("mc_heat")]
    assert heat and len(heat[0]["spec"]["data"][0]["x"]) == limits.MATRIX_CLASSES
    n = limits.CLUSTER_POINTS
    rng = np.random.default_rng(1)
    clusters = {"x": rng.normal(size=n).tolist(), "y": rng.normal(size=n).tolist(),
                "class": [f"c{i % 5}" for i in range(n)], "cluster": [str(i % 7) for i in range(n)]}
    at = run("pages/lab.py", lang="en", **{"lab.table.clusters": clusters})
    ok(at)
    assert _largest(at)[1] < limit
    a, s = limits.FRIEDMAN_ALGOS, limits.FRIEDMAN_SETS
    table = {f"algorithm {j}": rng.random(s).tolist() for j in range(a)}
    at = run("pages/compare.py", lang="en", **{"compare.table.friedman": table})
    ok(at)
    assert _largest(at)[1] < limit


# ------------------------------------------------------------ hostile links
NUMERIC = ("sep", "rate", "seed", "beta", "c01", "c10", "thr", "p", "step")
HOSTILE = ("1e-310", "1e308", "-1e308", "nan", "inf")


@pytest.mark.parametrize("page", ["confusion", "pr", "roc", "cost", "lab", "compare", "methods", "biasvar",
                                  "home"])
def test_hostile_link_gives_no_error_box(page):
    for value in HOSTILE:
        at = AppTest.from_file(str(ROOT / "pages" / f"{page}.py"), default_timeout=90)
        at.query_params.update({name: value for name in NUMERIC})
        at.query_params["lang"] = "en"
        at.run()
        ok(at)
        boxes = [e.value for e in at.error if e.icon == "⚠️"]          # a verdict's red box is not an error
        assert not boxes, (page, value, boxes)


def test_tiny_cost_link_on_the_cost_page():
    at = AppTest.from_file(str(ROOT / "pages" / "cost.py"), default_timeout=90)
    at.query_params.update({"c01": "1000000", "c10": "1e-310", "lang": "en"})
    at.run()
    ok(at)
    assert not at.error
    assert at.session_state["cost01"] == limits.COST_MAX and at.session_state["cost10"] == limits.COST_MIN


@pytest.mark.parametrize("v, want", [(1e-310, limits.COST_MIN), (1e308, limits.COST_MAX), (math.inf, limits.COST_MAX),
                                     (-5, 0.0), (math.nan, 0.0), (0, 0.0), (2.5, 2.5), ("x", 1.0)])
def test_clamp_cost(v, want):
    assert clamp_cost(v) == want


@pytest.mark.parametrize("v, tex, text", [
    (1.297e-13, r"1.297 \times 10^{-13}", "1.297×10⁻¹³"), (0.3, "0.3", "0.3"), (1e6, "10^{6}", "10⁶"),
    (0, "0", "0"), (-2.5e-5, r"-2.5 \times 10^{-5}", "-2.5×10⁻⁵"), (math.inf, "inf", "inf")])
def test_a_very_small_or_large_number_reads_as_a_power_of_ten(v, tex, text):
    """In a formula and in text alike (a metric showed "1.297e-13"), and the text reads back as the number."""
    assert ui.tex_number(v, 4) == tex and ui.text_number(v, 4) == text
    if "×" in text:
        assert number(text) == pytest.approx(v)


def test_editor_shows_formula_cells_inert():
    import pandas as pd

    f = inert(pd.DataFrame({"=cmd|' /C calc'!A0": [1.0], "name": ["@SUM(A1)"], "ok": ["-x"]}))
    assert list(f.columns) == ["'=cmd|' /C calc'!A0", "name", "ok"]
    assert f["name"][0] == "'@SUM(A1)" and f["ok"][0] == "'-x" and f.iloc[0, 0] == 1.0


# ------------------------------------------------------------------- timers
def test_play_stops_when_idle():
    seed9 = dict(lang="en", source="seed-9", roc_mode="step", roc_play=True)
    at = run("pages/roc.py", **seed9, _play_touch={"roc_play": time.monotonic() - limits.PLAY_IDLE_S - 1})
    ok(at)
    assert at.session_state["roc_play"] is False
    at = run("pages/roc.py", **seed9, _page="roc", _play_touch={"roc_play": time.monotonic()})
    ok(at)
    assert at.session_state["roc_play"] is True


# ------------------------------------------------------------------ memory
def test_shared_ledger_trims_the_least_recently_used():
    class Obj:
        def __init__(self):
            self.trimmed = False

        def trim(self):
            self.trimmed = True

    led = budget.Ledger(100)
    a, b, c = Obj(), Obj(), Obj()
    led.charge(a, 40)
    led.charge(b, 40)
    led.touch(a)
    led.charge(c, 40)                     # 120 > 100: b (least recently used) goes
    assert b.trimmed and not a.trimmed and not c.trimmed and led.total == 80


def test_shared_cache_bytes_bounded_across_seeds(monkeypatch):
    """Facts of many models (synthetic seeds) stay under the ledger's bound."""
    from ui.core import models
    led = budget.Ledger(3 * 2**20)
    monkeypatch.setattr(budget, "SHARED", led)
    objs = []
    for seed in range(8):
        ps = ec.datasets.synthetic(20_000, 1.5, 0.5, seed)
        m = models.ModelFacts(("syn", ps.models[0], False), ps.y, ps.scores[ps.models[0]], ps.ids, False)
        m.ledger = led
        m.counts, m.roc_view, m.histogram
        objs.append(m)
        assert led.total <= led.limit
    assert any(not o._facts for o in objs[:-1])            # older ones dropped their facts
    assert objs[-1].roc_view.auc == ec.roc_auc(objs[-1].y, objs[-1].scores)    # recomputed as asked


def test_nbytes_counts_arrays_once():
    x = np.zeros(1000)
    assert budget.nbytes((x, x, {"a": x})) == 8000 + sys.getsizeof("a")


# --------------------------------------------------------------------- CPU
def test_heavy_cost_checked_before_running():
    ran = []

    @heavy.job(cost=lambda n: n)
    def work(n):
        ran.append(n)

    with pytest.raises(ec.DataError) as e:
        work(limits.HEAVY_COST * 10)
    assert e.value.code == "too_costly" and not ran and "上限" in e.value.text("zh")


def test_heavy_runs_one_at_a_time():
    active, peak = [0], [0]
    lock = threading.Lock()

    release = threading.Event()

    @heavy.job(cost=lambda: limits.HEAVY_QUEUE_COST)
    def work():
        with lock:
            active[0] += 1
            peak[0] = max(peak[0], active[0])
        release.wait(timeout=30)
        with lock:
            active[0] -= 1

    threads = [threading.Thread(target=work) for _ in range(4)]
    for th in threads:
        th.start()
    # held: the turns are taken and every other job is queued (conditions, not a pause)
    deadline = time.monotonic() + 30
    while not (active[0] == limits.HEAVY_AT_ONCE and heavy._waiting == 4 - limits.HEAVY_AT_ONCE):
        assert time.monotonic() < deadline, (active[0], heavy._waiting)
        time.sleep(0.01)
    assert peak[0] == limits.HEAVY_AT_ONCE
    release.set()
    for th in threads:
        th.join()
    assert peak[0] == limits.HEAVY_AT_ONCE and active[0] == 0


def test_a_run_stopped_as_its_turn_comes_gives_the_turn_back(monkeypatch):
    """Streamlit stops a run at its next call into ``st``; a run that waited
    clears its waiting line just after it takes the turn.  Stopped there (its
    student moved on), it kept the turn: on a server with one turn, every
    later heavy computation waited ``HEAVY_WAIT_S`` and failed (seen in CI as
    a bias-variance move that never finished)."""
    class Stopped(Exception):
        """What Streamlit raises at a call into st in a run it stops."""

    class Line:                                          # st.empty()'s placeholder, in a run being stopped
        def info(self, *args, **kwargs):
            pass

        def empty(self):
            raise Stopped

    monkeypatch.setattr(heavy, "st", types.SimpleNamespace(empty=Line))
    ran, failed = [], []

    @heavy.job(cost=lambda: limits.HEAVY_QUEUE_COST)
    def work():
        ran.append(1)

    def student():
        try:
            work()
        except Stopped as e:
            failed.append(e)

    for _ in range(limits.HEAVY_AT_ONCE):               # another student's computation holds every turn
        assert heavy._TURN.acquire(timeout=5)
    th = threading.Thread(target=student)
    th.start()
    deadline = time.monotonic() + 30
    while heavy._waiting != 1:                         # queued (a condition, not a pause)
        assert time.monotonic() < deadline
        time.sleep(0.01)
    for _ in range(limits.HEAVY_AT_ONCE):
        heavy._TURN.release()
    th.join(timeout=30)
    assert failed and not ran                          # stopped, as Streamlit stops it
    assert heavy.running() == 0                        # and every turn is free again


def test_a_heavy_job_leaves_its_threads_priority_as_it_found_it():
    """The script thread draws the rest of its run after the job: at a raised
    nice value that took more than 30 s on a busy machine."""
    seen = []

    @heavy.job(cost=lambda: limits.HEAVY_QUEUE_COST)
    def work():
        seen.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))

    before = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    work()
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == before
    assert seen[0] == (min(19, before + heavy.NICE) if heavy._may_raise_back(before) else before)


def test_a_warm_up_takes_no_turn_from_the_students():
    """A page's defaults computed in the background run beside a student's
    heavy computation instead of holding the one turn (at low priority)."""
    done = threading.Event()

    @heavy.job(cost=lambda: limits.HEAVY_QUEUE_COST)
    def work():
        done.set()

    assert heavy._TURN.acquire(timeout=5)              # a student's computation holds every turn
    try:
        for _ in range(limits.HEAVY_AT_ONCE - 1):
            heavy._TURN.acquire(timeout=5)
        heavy.warm("test-warm-no-turn", work)
        assert done.wait(5)
    finally:
        for _ in range(limits.HEAVY_AT_ONCE):
            heavy._TURN.release()


def test_readme_lists_every_bound():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name, b in limits.TABLES.items():
        assert f"| `{name}` | {b.what} | {b.rows:,} × {b.cols:,} |" in readme, name
