"""Plotly figure builders, by topic.  Each takes evalcore result objects and
``text``, a mapping of the visible strings it needs (already translated; the
builder has none of its own), and returns a ``go.Figure``.  Colours, type
sizes and heights come from :mod:`evalcore.figures.style`.

Importing this package imports plotly; ``import evalcore`` does not.
"""
from .confusion import confusion_heatmap, confusion_matrix_heatmap, score_histogram
from .cost import cost_linked_figure
from .curves import pr_curves, roc_curves
from .steps import pair_grid_figure, ranked_strip, roc_step_figure
from .style import PALETTE, model_color

__all__ = ["confusion_heatmap", "confusion_matrix_heatmap", "score_histogram", "cost_linked_figure", "pr_curves",
           "roc_curves", "pair_grid_figure", "ranked_strip", "roc_step_figure", "PALETTE", "model_color"]
