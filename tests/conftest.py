"""The suite by layer, each folder with its own conftest.py:

* ``core/``     evalcore against independent oracles, properties (fast)
* ``pages/``    every page under Streamlit's AppTest
* ``browser/``  headless Chromium against ``streamlit run app.py`` (marker ``browser``)
* ``system/``   several processes behind nginx (marker ``system``)
* ``test_structure.py`` the architecture as tests

The fast loop is ``pytest -m "not browser and not system"``.  Tests run on
two processes (pytest-xdist, ``-n 2`` in pyproject.toml; ``-n 0`` for one):
the browser tests run in one unit per process, of about equal time
(``BROWSER_SECONDS``), each with one server and one Chromium; every other
test with its module's (:func:`pytest_xdist_make_scheduler`).

Where ``PYTHONDONTWRITEBYTECODE`` is set (this machine sets it), compiled modules go to a cache outside
the tree (:func:`bytecode_outside_the_tree`); ``EVALLAB_PYCACHE=0`` leaves Python as it was.
"""
import os
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent


def bytecode_outside_the_tree() -> str | None:
    """With ``PYTHONDONTWRITEBYTECODE`` set, every run compiled every module again and pytest rewrote
    every test module's asserts again (about 4 s of each worker's start, and each server or command a
    test starts compiled the lab's modules again): compiled code now goes to ``~/.cache/evallab/pycache``
    (``XDG_CACHE_HOME``), never into the source tree, for this process and those it starts.  The fast loop
    took 66-75 s with it and 82 s without, alternated (2026-11-29).  Returns the folder used, or None."""
    if not sys.dont_write_bytecode or sys.pycache_prefix or os.environ.get("EVALLAB_PYCACHE") == "0":
        return None
    folder = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "evallab" / "pycache"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:                                             # a read-only home: as before
        return None
    sys.pycache_prefix, sys.dont_write_bytecode = str(folder), False
    os.environ["PYTHONPYCACHEPREFIX"] = str(folder)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    return str(folder)


bytecode_outside_the_tree()
MARKERS = {"browser": pytest.mark.browser, "system": pytest.mark.system}
# The browser tests in as many groups as there are worker processes, each group on one process with its
# own server and Chromium: the parts below (a file, or one long test) with their seconds as measured with
# --durations=0 on 2 cores (2026-11-29, fourteenth session, scaled by 0.78 to a quiet machine: a helper's Chromium
# ran beside that run; the screens' file plus the fifteenth session's two tests and a fourth case, about 20 s
# in its --durations), dealt largest first to the group with the least so far, so that the processes finish
# together.  A part not listed counts 5 s.
BROWSER_SECONDS = {"test_browser_screens.py": 135, "test_browser.py": 58, "test_browser_lecture.py": 54,
                   "test_browser_class.py": 31, "test_browser_compare_lab.py": 27,
                   "test_browser_tour.py::test_the_tour_by_keyboard_in_presenter_mode": 18,
                   "test_bounds_browser.py": 17, "test_browser_multiclass.py": 15, "test_browser_pages.py": 13,
                   "test_browser_tour.py": 10, "test_browser_report.py": 6, "test_browser_review.py": 5,
                   "test_browser_intervals.py": 5, "test_browser_hall.py": 3, "test_inert_links_browser.py": 2,
                   "test_deep_links_browser.py": 6}


def part(parts: tuple, name: str) -> str:
    """The part of the browser tests that test ``name`` of file ``parts[-1]`` belongs to."""
    whole = f"{parts[-1]}::{name.split('[')[0]}"
    return whole if whole in BROWSER_SECONDS else parts[-1]


def browser_groups(parts_seen: set, workers: int) -> dict:
    """{part: group name}: the parts dealt largest first to the lightest of ``workers`` groups."""
    load = [0.0] * max(1, workers)
    out = {}
    for p in sorted(parts_seen, key=lambda p: (-BROWSER_SECONDS.get(p, 5), p)):
        i = load.index(min(load))
        load[i] += BROWSER_SECONDS.get(p, 5)
        out[p] = f"browser-{i}"
    return out


def _deselected_by_marker(config, folder: str) -> bool:
    """Whether ``-m`` deselects every test of ``folder`` (``browser`` or ``system``): the tests there carry
    that folder's marker and no other marker of this suite."""
    expr = config.getoption("markexpr", "")
    if not expr:
        return False
    try:
        from _pytest.mark.expression import Expression        # pytest's own reading of -m
        return not Expression.compile(expr).evaluate(lambda name, **kw: name == folder)
    except Exception:                                            # another pytest: collect, let -m deselect
        return False


def pytest_ignore_collect(collection_path, config):
    """The fast loop (``-m "not browser and not system"``) does not import the browser and system tests'
    modules only to deselect every test in them (about 3 s of each worker's start)."""
    if collection_path.is_dir() and collection_path.parent == HERE and collection_path.name in MARKERS:
        return True if _deselected_by_marker(config, collection_path.name) else None
    return None


def pytest_collection_modifyitems(config, items):
    """A test under ``browser/`` or ``system/`` carries that folder's marker."""
    for item in items:
        parts = Path(item.path).relative_to(HERE).parts if Path(item.path).is_relative_to(HERE) else ()
        if parts and parts[0] in MARKERS:
            item.add_marker(MARKERS[parts[0]])


def scopes(nodeids: list[str], workers: int) -> dict[str, str]:
    """{test id: the unit of work it goes to a worker process in}: the browser tests in one unit per
    process (the parts of ``BROWSER_SECONDS`` dealt largest first to the lightest), every other test with
    the tests of its module (a module's fixtures, a cluster or a JVM, start once)."""
    def split(nodeid: str) -> tuple[str, ...]:
        return tuple(nodeid.split("::", 1)[0].split("/"))

    browser = {n: part(split(n)[1:], n.split("::", 1)[1]) for n in nodeids
               if split(n)[:2] == ("tests", "browser") and "::" in n}
    groups = browser_groups(set(browser.values()), workers)
    return {n: groups[browser[n]] if n in browser else n.split("::", 1)[0] for n in nodeids}


def pytest_xdist_make_scheduler(config, log):
    """``--dist loadgroup`` (pyproject.toml's) by :func:`scopes`' units, in the order collected (the browser
    tests first, the longest units).  xdist's own reads each test's group from its id, which pytest 9 no
    longer lets a plugin change: every test went its own way, and a module's fixtures (a cluster behind
    nginx, Spark's JVM) started on each process that ran one of its tests.  Another ``--dist``: xdist's."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    config.option.loadscopereorder = False

    class Units(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if nodeid not in getattr(self, "units", {}):        # the first call: every process's ids are in
                self.units = scopes(list(next(iter(self.registered_collections.values()))), len(self.nodes))
            return self.units[nodeid]

    return Units(config, log)
