"""Issue 36: a threshold move reruns only what moves with the threshold.  On the confusion
and cost pages the controls, headings and numbers that do not depend on it are drawn by
the page's run; the threshold's part writes into places the page made for it.  Checked on
a real server with the messages a browser's move brings back (``protocol_client``): the
move's run draws the threshold's own widgets and what the new threshold changes, nothing
else.  (Before: β's slider and the histogram's scale control came back with every
confusion move, the cost curves' areas with every cost move.)"""
from __future__ import annotations

import pytest
from protocol_client import served, session

QUERY = "source=watermelon&lang=en"


@pytest.fixture(scope="module")
def app():
    with served() as url:
        yield url


def _move(app: str, page: str, to: float):
    """The page's first run and the run a move of its threshold slider to ``to`` brings back."""
    with session(app) as client:
        first = client.rerun(QUERY, page=page)
        (slider,) = [e.id for e in first if getattr(e, "id", "").startswith("$$ID") and "-_w_thr_s|" in e.id]
        assert client.fragments[slider], "the threshold is in a fragment"
        return first, client.move(QUERY, slider, to)


def _has(element, field: str) -> bool:
    """Whether the element's message kind has ``field`` (reading one it lacks raises)."""
    return field in element.DESCRIPTOR.fields_by_name


def _widgets(elements) -> list[str]:
    return sorted(e.label for e in elements if _has(e, "label") and _has(e, "id") and e.id.startswith("$$ID"))


def _components(elements) -> list[str]:
    return sorted(e.component_name for e in elements if _has(e, "component_name"))


def test_a_confusion_move_brings_back_what_the_threshold_changes_and_nothing_else(app):
    first, moved = _move(app, "confusion", 0.45)
    assert "β of Fβ" in _widgets(first) and "Y axis" in _widgets(first)          # the page's own
    assert _widgets(moved) == ["Exact threshold", "Threshold (score ≥ threshold → predicted positive)"]
    assert _components(moved) == ["lab_address", "lab_live_figure", "lab_live_figure", "lab_typeset", "lab_typeset"]
    headings = [e.body for e in moved if type(e).__name__ == "Heading"]
    assert headings == ["Confusion matrix (threshold 0.45)"], headings        # the other headings are the page's
    metrics = {e.label: e.body for e in moved if type(e).__name__ == "Metric"}
    assert list(metrics) == ["Accuracy", "Precision P", "Recall R", "F1"], metrics
    # watermelon's logistic-regression scores at 0.45: TP 5, FP 4, TN 5, FN 3 (the page's table, 17 melons)
    assert metrics == {"Accuracy": "0.588", "Precision P": "0.556", "Recall R": "0.625", "F1": "0.588"}, metrics


def test_a_cost_move_leaves_the_cost_curves_areas_to_the_page(app):
    first, moved = _move(app, "cost", 0.45)
    area = [e.label for e in first if type(e).__name__ == "Metric" and e.label.startswith("Expected total cost")]
    assert area                                                                # drawn by the page's run
    assert _widgets(moved) == ["Exact threshold", "Move the threshold there",
                               "Threshold (score ≥ threshold → predicted positive)"]
    assert [e.label for e in moved if type(e).__name__ == "Metric"] == ["Cost error now", "Least cost error",
                                                                         "Best threshold"]
    assert _components(moved) == ["lab_address", "lab_live_figure", "lab_typeset", "lab_typeset"]
    assert sum(type(e).__name__ == "Dataframe" for e in moved) == 1           # the class-imbalance table, filled
