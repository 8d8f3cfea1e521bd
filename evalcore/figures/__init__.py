"""Plotly figure builders, by topic: ``biasvar``, ``calibration``,
``comparison``, ``confusion``, ``cost``, ``curves``, ``exercises``,
``intervals``, ``lab``, ``methods``, ``multiclass`` (the multi-class page),
``steps`` (the ROC walk), ``classroom`` (class mode).  Each takes evalcore result
objects and ``text``, a mapping of the visible strings it needs (already
translated; the builder has none of its own), and returns a ``go.Figure``.  Colours, type
sizes and heights come from :mod:`evalcore.figures.style`.

Importing this package imports plotly; ``import evalcore`` does not.
"""
from .calibration import reliability_diagram
from .classroom import votes_figure
from .biasvar import decomposition_figure, fits_figure, fitting_figure
from .comparison import cd_diagram, differences_figure, null_figure
from .confusion import confusion_heatmap, confusion_matrix_heatmap, score_histogram
from .cost import cost_linked_figure
from .exercises import (duality_figure, f1_bep_figure, friedman_rates_figure, iso_error_figure, normalisation_figure,
                        precision_prior_figure)
from .curves import pr_curves, roc_curves
from .intervals import (auc_groups_figure, band_figure, cv_roc_figure, posterior_figure, pvalue_matrix,
                        rejection_figure)
from .lab import clusters_figure, regression_figure
from .multiclass import class_curves_figure, matrix_grid
from .methods import balls_figure, fold_grid, oob_histogram, oob_limit_figure, spread_figure, truth_figure
from .steps import pair_grid_figure, ranked_strip, roc_step_figure
from .style import PALETTE, model_color

__all__ = ["confusion_heatmap", "confusion_matrix_heatmap", "score_histogram", "cost_linked_figure", "pr_curves",
           "roc_curves", "pair_grid_figure", "ranked_strip", "roc_step_figure", "fits_figure",
           "decomposition_figure", "fitting_figure", "null_figure", "differences_figure", "cd_diagram",
           "regression_figure", "clusters_figure", "balls_figure", "oob_limit_figure", "oob_histogram",
           "spread_figure", "fold_grid", "truth_figure", "band_figure", "cv_roc_figure", "pvalue_matrix",
           "auc_groups_figure", "rejection_figure", "posterior_figure", "reliability_diagram", "f1_bep_figure",
           "precision_prior_figure", "iso_error_figure",
           "duality_figure", "normalisation_figure", "friedman_rates_figure", "PALETTE", "model_color",
           "class_curves_figure", "matrix_grid", "votes_figure"]
