"""evalcore: the math of model evaluation and selection (Zhou Zhihua,
*Machine Learning*, chapter 2), on numpy and scipy only.

``import evalcore as ec`` gives the public API described in
``shared/evalcore-api.md``.  Figure builders live in ``evalcore.figures``
(imports plotly) and demo data in ``evalcore.datasets``; neither is imported
here.
"""
from ._validation import DataError
from ._ranking import (CostCurve, PrCurve, RocCurve, ThresholdCounts, average_precision,
                       binary_counts, break_even_point, cost_curve, normalized_cost,
                       pr_curve, probability_cost, rank_loss, roc_auc, roc_convex_hull,
                       roc_curve, threshold_counts)
from .measures import (Counts, Kappa, MacroMicro, Measures, cohen_kappa, confusion_matrix,
                       cost_sensitive_error, counts_cost, kappa_parts, macro_micro, measures,
                       one_vs_rest)
from .loading import LabelSet, LoadWarning, PredictionSet, load_labels, load_predictions
from .comparison import (BinomialTestResult, Cv5x2Result, FriedmanResult, McNemarResult,
                         TTestResult, binomial_test, cv5x2_t_test, friedman, mcnemar,
                         nemenyi_cd, nemenyi_groups, nemenyi_q, paired_t_test, t_test)
from .resampling import BiasVariance, bias_variance, expected_oob_fraction, oob_fraction
from .summary import ScoreHistogram, score_histogram
from .analysis import (AucFourWays, BestF, CurveView, OperatingPoint, PairGrid, RankedSamples, RocSteps,
                       auc_four_ways, best_f, coarsen_steps, curve_dominance, f_iso_curve, flipped_scores,
                       operating_point, pr_trapezoid_area, pr_view, rank_pair_grid, ranked_samples,
                       reduce_curve, roc_hull_points, roc_steps, roc_view)

__all__ = [name for name in dir() if not name.startswith("_")]
from .cost import (CostComparison, CostPoint, compare_cost_curves, cost_at, cost_line_sample,
                   optimal_threshold, resample_to_rate, rescaled_cost_ratio)

__all__ = [name for name in dir() if not name.startswith("_")]
