"""The suite by layer, each folder with its own conftest.py:

* ``core/``     evalcore against independent oracles, properties (fast)
* ``pages/``    every page under Streamlit's AppTest
* ``browser/``  headless Chromium against ``streamlit run app.py`` (marker ``browser``)
* ``system/``   several processes behind nginx (marker ``system``)
* ``test_structure.py`` the architecture as tests

The fast loop is ``pytest -m "not browser and not system"``.  Tests run on
two processes (pytest-xdist, ``-n 2`` in pyproject.toml; ``-n 0`` for one):
the browser tests run in two groups of about equal time, each
on one process with one server and one Chromium; the system tests stay
together on one process.
"""
from pathlib import Path

import pytest

HERE = Path(__file__).parent
MARKERS = {"browser": pytest.mark.browser, "system": pytest.mark.system}
# The browser tests in two groups of about equal time (measured with --durations=0), each on one process
# with its own server and Chromium, so that the two processes finish together; the tour's walk
# (about 30-45 s) goes with the lecture tests, the tour file's round trip with the others.
LECTURE = "browser-lecture"
GROUPS = {"test_browser_lecture.py": LECTURE, "test_browser_report.py": LECTURE,
          "test_browser_intervals.py": LECTURE}


def group(parts: tuple, name: str) -> str:
    if parts[-1] == "test_browser_tour.py" and name.startswith("test_the_whole_tour"):
        return LECTURE
    return GROUPS.get(parts[-1], parts[0])


def pytest_collection_modifyitems(items):
    """A test under ``browser/`` or ``system/`` carries that folder's marker,
    and runs in that folder's group of one process (``--dist loadgroup``)."""
    for item in items:
        parts = Path(item.path).relative_to(HERE).parts if Path(item.path).is_relative_to(HERE) else ()
        if parts and parts[0] in MARKERS:
            item.add_marker(MARKERS[parts[0]])
            item.add_marker(pytest.mark.xdist_group(group(parts, item.name)))
