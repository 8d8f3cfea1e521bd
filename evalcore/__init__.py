"""evalcore: the math of model evaluation and selection (Zhou Zhihua,
*Machine Learning*, chapter 2), on numpy and SciPy only.

``import evalcore as ec`` gives the public API listed in ``__all__`` and
documented in ``docs/api.md``.  Conventions that hold everywhere:

* ``y_true`` is 0/1 or bool, 1 / True the positive class; ``scores`` are real
  numbers, larger = more likely positive; a sample is predicted positive when
  ``score >= threshold``.
* A ratio whose denominator is zero is ``nan``, never an exception and never
  a silent 0.
* Results are frozen dataclasses or named tuples whose fields mean one thing
  each; intervals are :class:`ConfidenceInterval`; "which is better" verdicts
  are :class:`Better`.
* Bad arguments raise :class:`DataError` (a ``ValueError``) whose message
  says what is wrong and what to do, in English (``str(err)``) and Chinese
  (``err.text("zh")``).
* Randomness only through a ``seed`` argument.

Modules, by topic:

* the counts and measures: ``_ranking`` (the one primitive
  :func:`threshold_counts`; the ROC, P-R and cost curves), ``curves`` (the
  same from (y_true, scores)), ``confusion`` (counts, measures, kappa),
  ``cost`` (the cost formulas), ``analysis`` (the ROC walk, AUC four ways, best
  F, enclosure), ``drawing`` (curve reduction and views for figures),
  ``calibration``, ``losses``, ``multiclass`` (K classes; ``multiclass_data`` and
  ``multiclass_views``: the multi-class page's sets and views), ``multilabel``,
  ``regression``, ``clustering`` (the metrics lab's other tasks);
* evaluation methods: ``splits`` (hold-out, k-fold, bootstrap), ``estimates``
  (.632, .632+, a problem with a known truth), ``crossval`` and ``estimators``
  (learners given as factories on shared folds; the estimator study),
  ``decomposition`` and ``fits`` (bias and variance);
* comparison and uncertainty: ``comparison`` (hypothesis tests), ``nulls``
  (their null distributions, to draw), ``trust`` (which test keeps its
  alpha), ``intervals``, ``bootstrap``, ``delong`` and ``pairwise`` (DeLong
  with Holm's correction), ``results`` (the shared result types);
* data: ``loading``, ``loading_multiclass`` and ``_csv`` (files), ``tables``
  (result tables checked cell by cell), ``presets``, ``datasets`` (built-in
  data), ``aggregate`` (a model as distinct scores: logs too large for memory),
  ``classtable`` (K-class scores as per-column class counts, the same for K classes);
* the book's exercises: ``exercises``, ``normalisation``, ``chisquare``,
  ``adaboost`` (the horse-colic example's tie);
* ``_validation`` (DataError and the input checks), ``_bounds`` (the command
  line's bounds).

Figure builders live in ``evalcore.figures`` (imports plotly) and the report
in ``evalcore.report`` (with its ``engines`` for DuckDB and Spark); neither is
imported here, nor is scikit-learn.
"""
__version__ = "0.9.0"  # the lab's version (printed in a report)

from ._csv import visible
from ._validation import Bi, DataError, DataTypeError
from . import _bounds  # noqa: F401  (registers the bounds' messages)
from .results import Better, ConfidenceInterval, TestResult, operand_digits
from ._ranking import CostCurve, PrCurve, RocCurve, ThresholdCounts, roc_convex_hull, threshold_counts
from .curves import (average_precision, binary_counts, break_even_point, cost_curve, pr_curve, rank_loss, roc_auc,
                     roc_curve)
from .confusion import (Counts, Kappa, MacroMicro, Measures, cohen_kappa, confusion_matrix, error_rate, f_beta_counts,
                        kappa_parts,
                        macro_micro, measures, one_vs_rest, positive_share, top_classes)
from .cost import (CostComparison, CostPoint, compare_cost_curves, cost_at, cost_line_sample,
                   cost_sensitive_error, counts_cost, normalized_cost, optimal_threshold, probability_cost,
                   resample_to_rate, rescaled_cost_ratio)
from .loading import LabelSet, LoadWarning, PredictionSet, load_labels, load_predictions
from .comparison import (CV5X2_FOLDS, CV5X2_REPLICATIONS, BinomialTestResult, Cv5x2Result, FriedmanResult,
                         McNemarResult, TTestResult, binomial_test, cv5x2_t_test, friedman, mcnemar, mcnemar_table,
                         nemenyi_cd, nemenyi_groups, nemenyi_q, paired_t_test, t_test)
from .intervals import PROPORTION_METHODS, auc_interval, proportion_interval
from .bootstrap import (BOOTSTRAP_METHODS, AveragedCurve, BootstrapCounts, CurveBand, bootstrap_counts,
                        bootstrap_interval, f_jackknife, roc_vertical_average, vertical_values)
from .pairwise import PairwiseDeLong, delong_pairwise, holm, significance_groups
from .trust import (SIM_TESTS, BayesianTTest, CorrectedTTestResult, TestSimulation, bayesian_correlated_t,
                    corrected_resampled_t_test, simulate_tests)
from .delong import DeLongPairs, DeLongResult, delong_auc_variance, delong_from_sums, delong_pairs, delong_test
from .calibration import (BrierLoss, BrierScore, Reliability, brier_counts, brier_loss, brier_score, reliability_bins,
                          reliability_counts)
from .multiclass import (PROBABILITY_TOLERANCE, BothWays, ClassCurves, PerClass, argmax_decision, bayes_decision,
                         brier_multiclass, multiclass_brier_loss, class_curves, cost_matrix_error, costs_at_decisions,
                         expected_cost, expected_costs, hand_till_m, macro_micro_both, one_vs_one, per_class,
                         sums_to_one, top_k_accuracy, top_label_reliability)
from .loading_multiclass import MultiClassSet, class_name, load_multiclass
from .classtable import ClassAUCs, ClassTable, RowNumbers, class_aucs, class_tables, row_numbers
# the multi-class page (issue 35): built-in K-class sets, decisions, per-class views and AUC intervals
from .multiclass_data import BUILTIN_SETS, builtin_multiclass
from .multiclass_views import (GAPS, RULES, AucIntervals, ClassViews, Decided, auc_intervals, check_model_count,
                               class_views, cost_from_cells, cost_link_text, cost_text, decide, largest_classes,
                               macro_micro_gap, mean_counts, parse_cost_text, weakest_class, zero_one_cost)
from .aggregate import PairSums, ScoreTable, auc_interval_from_table, pair_sums, round_scores, score_table
from .nulls import FORMULA_DECIMALS, NullDistribution, formula_digits, null_distribution
from .tables import ResultTable, load_table, table_values
from .losses import HingeForms, hinge_forms, hinge_loss, log_loss
from .multilabel import (Jaccard, coverage_error, hamming_loss, jaccard, label_ranking_average_precision,
                         label_ranking_loss, labels_at)
from .regression import RegressionScores, regression_scores
from .clustering import (PairCounts, Silhouette, adjusted_mutual_information, adjusted_rand_index,
                         mutual_information, normalized_mutual_information, pair_counts, rand_index, silhouette)
from .adaboost import (AdaBoostModel, HorseColicReport, Stump, TieBlindAuc, fit_adaboost, horse_colic_report,
                       load_horse_colic, rectangle_walk_auc, tie_blind_auc_range)
from .splits import (BootstrapSample, KFold, OobLimit, Split, bootstrap_sample, expected_oob_fraction, holdout_split,
                     kfold_splits, leave_one_out, oob_fraction, oob_limit)
from .estimates import Bootstrap632, GaussianProblem, bootstrap_632, no_information_rate
from .decomposition import BiasVariance, BiasVarianceTotals, ZeroOneExample, bias_variance, zero_one_example
from .fits import (TRUTHS, ComplexityCurve, FitRegime, FitSimulation, TrainingCurve, complexity_curve, fit_regime,
                   AXIS_FLOOR, RegimeMap, regime_map,
                   simulate_fits, training_curve)
from .analysis import (AucFourWays, BestF, OperatingPoint, PairGrid, PrFacts, RankedSamples, RocSteps,
                       auc_four_ways, best_f, curve_dominance, flipped_scores, operating_point, pr_facts,
                       pr_trapezoid_area, rank_pair_grid, ranked_samples, roc_hull_points, roc_steps)
from .drawing import (CurveView, Inset, PrView, RocView, ScoreHistogram, clip_polyline, coarsen_steps,
                      SliderRange, crowded_inset, f_iso_curve, finite_threshold, pr_view, reduce_curve, roc_view,
                      score_histogram, slider_range, split_histogram)
# comparison runs and example tables (two learners on the same folds; the pages' presets)
from .crossval import (FRIEDMAN_CV_FOLDS, Majority, PAIRED_CV_FOLDS, CvRoc, cv5x2_folds, cv5x2_tables, cv_roc,
                       errors_on_folds, paired_cv_folds, pooled_errors)
from .exercises import (LEARNERS_22, CvVersusLoo, F1BepExample, HoldoutCount, LeastError, cv_versus_loo,
                        f1_bep_counterexample, holdout_count, iso_error_line, least_error_point, max_f1,
                        precision_from_rates, predict_22, roc_hull, scientific_parts, toy_data)
from .normalisation import (NORMALISATIONS, OUTLIER_SDS, STUDY_K, NormalisationStudy, knn_predict, min_max,
                            normalisation_study, z_score)
from .chisquare import (FRIEDMAN_FORMS, FRIEDMAN_MAX_WORK, Chi2TestResult, FriedmanRates, chi2_goodness_of_fit,
                        chi2_independence, friedman_rejection_rates)
from .estimators import (CV_KS, ESTIMATORS, HOLDOUT_FRACTIONS, STUDY_LOO_MAX_N, BootstrapEstimate, EstimatorStudy,
                         bootstrap_error, cv_spread, estimator_study, holdout_spread)
from .multilabel import subset_accuracy
from .tables import table_labels

__all__ = [
    # errors and shared result types
    "DataError", "DataTypeError", "Bi", "Better", "ConfidenceInterval", "TestResult", "visible", "operand_digits",
    # the primitive and the curves
    "ThresholdCounts", "threshold_counts", "RocCurve", "PrCurve", "CostCurve", "roc_curve", "roc_auc",
    "rank_loss", "pr_curve", "average_precision", "break_even_point", "cost_curve", "roc_convex_hull",
    "binary_counts",
    # confusion matrix and measures
    "Counts", "Measures", "MacroMicro", "Kappa", "measures", "macro_micro", "confusion_matrix", "error_rate",
    "positive_share", "f_beta_counts", "one_vs_rest",
    "top_classes",
    "kappa_parts", "cohen_kappa",
    # cost
    "CostPoint", "CostComparison", "cost_sensitive_error", "counts_cost", "probability_cost", "normalized_cost",
    "cost_at", "optimal_threshold", "cost_line_sample", "compare_cost_curves", "rescaled_cost_ratio",
    "resample_to_rate",
    # loading
    "PredictionSet", "LabelSet", "LoadWarning", "load_predictions", "load_labels",
    # comparison tests
    "BinomialTestResult", "TTestResult", "Cv5x2Result", "McNemarResult", "FriedmanResult", "binomial_test",
    "t_test", "paired_t_test", "cv5x2_t_test", "mcnemar", "friedman", "nemenyi_q", "nemenyi_cd",
    "nemenyi_groups", "mcnemar_table", "CV5X2_REPLICATIONS", "CV5X2_FOLDS", "DeLongResult", "delong_test",
    "delong_auc_variance", "PROPORTION_METHODS", "proportion_interval", "NullDistribution", "null_distribution",
    "formula_digits", "FORMULA_DECIMALS",
    "ResultTable", "load_table", "table_values",
    # intervals, bands, k models, which test to trust
    "auc_interval", "BOOTSTRAP_METHODS", "BootstrapCounts", "CurveBand", "AveragedCurve", "bootstrap_counts",
    "bootstrap_interval", "f_jackknife", "roc_vertical_average", "vertical_values", "PairwiseDeLong",
    "delong_pairwise", "holm", "significance_groups", "SIM_TESTS", "CorrectedTTestResult",
    "corrected_resampled_t_test", "BayesianTTest", "bayesian_correlated_t", "TestSimulation", "simulate_tests",
    # every pair of models, Holm's correction, calibration (the report)
    "DeLongPairs", "delong_pairs", "Reliability", "BrierLoss", "reliability_bins", "brier_loss",
    # a log aggregated to distinct scores (the report on 10^8 rows)
    "ScoreTable", "score_table", "PairSums", "pair_sums", "delong_from_sums", "round_scores",
    "auc_interval_from_table", "reliability_counts", "brier_counts",
    # deprecated names (a loss is named *_loss): brier_loss, BrierLoss, multiclass_brier_loss
    "brier_score", "BrierScore", "brier_multiclass",
    # K-class predictions
    "MultiClassSet", "load_multiclass", "class_name", "PROBABILITY_TOLERANCE", "sums_to_one", "argmax_decision",
    "bayes_decision",
    "cost_matrix_error", "expected_cost", "one_vs_one", "PerClass", "per_class", "BothWays", "macro_micro_both",
    "ClassCurves", "class_curves", "hand_till_m", "multiclass_brier_loss", "top_k_accuracy", "top_label_reliability",
    "expected_costs", "costs_at_decisions", "ClassTable", "class_tables", "ClassAUCs", "class_aucs", "RowNumbers",
    "row_numbers",
    # the multi-class page's views (issue 35)
    "BUILTIN_SETS", "builtin_multiclass", "RULES", "cost_from_cells", "cost_link_text", "check_model_count",
    "mean_counts", "largest_classes", "GAPS", "macro_micro_gap", "weakest_class", "zero_one_cost", "cost_text",
    "parse_cost_text", "Decided", "decide", "ClassViews", "class_views", "AucIntervals", "auc_intervals",
    # resampling, bias and variance
    "oob_fraction", "expected_oob_fraction", "OobLimit", "oob_limit", "Split", "holdout_split", "KFold", "kfold_splits",
    "leave_one_out",
    "BootstrapSample", "bootstrap_sample", "Bootstrap632", "bootstrap_632", "no_information_rate",
    "HOLDOUT_FRACTIONS", "CV_KS", "ESTIMATORS", "STUDY_LOO_MAX_N", "holdout_spread", "cv_spread", "BootstrapEstimate",
    "bootstrap_error", "EstimatorStudy", "estimator_study",
    "HoldoutCount", "holdout_count", "scientific_parts",
    "toy_data", "LEARNERS_22", "predict_22", "CvVersusLoo", "cv_versus_loo", "max_f1",
    "F1BepExample", "f1_bep_counterexample", "precision_from_rates", "LeastError", "least_error_point",
    "iso_error_line", "roc_hull", "min_max", "z_score", "knn_predict",
    "NormalisationStudy", "normalisation_study", "NORMALISATIONS", "OUTLIER_SDS", "STUDY_K",
    "Chi2TestResult", "chi2_goodness_of_fit",
    "chi2_independence", "FriedmanRates", "friedman_rejection_rates", "FRIEDMAN_MAX_WORK", "FRIEDMAN_FORMS",
    "GaussianProblem", "BiasVariance", "BiasVarianceTotals", "bias_variance", "TRUTHS",
    "FitSimulation", "simulate_fits", "ComplexityCurve", "complexity_curve", "TrainingCurve", "training_curve",
    "ZeroOneExample", "zero_one_example", "FitRegime", "fit_regime", "RegimeMap", "regime_map", "AXIS_FLOOR",
    # the metrics lab: losses, multi-label, regression, clustering
    "log_loss", "hinge_loss", "HingeForms", "hinge_forms", "labels_at", "hamming_loss", "Jaccard", "jaccard",
    "coverage_error",
    "label_ranking_average_precision", "label_ranking_loss", "RegressionScores", "regression_scores",
    "PairCounts", "pair_counts", "rand_index", "adjusted_rand_index", "mutual_information",
    "normalized_mutual_information", "adjusted_mutual_information", "Silhouette", "silhouette",
    # AdaBoost on horse colic, and the AUC of a tie-blind ROC walk
    "load_horse_colic", "Stump", "AdaBoostModel", "fit_adaboost", "TieBlindAuc", "tie_blind_auc_range",
    "rectangle_walk_auc", "HorseColicReport", "horse_colic_report",
    # teaching views
    "AucFourWays", "auc_four_ways", "RocSteps", "roc_steps", "RankedSamples", "ranked_samples", "PairGrid",
    "rank_pair_grid", "BestF", "best_f", "PrFacts", "pr_facts", "pr_trapezoid_area", "curve_dominance",
    "OperatingPoint", "operating_point", "roc_hull_points", "flipped_scores",
    # drawing support
    "CurveView", "RocView", "PrView", "roc_view", "pr_view", "reduce_curve", "f_iso_curve", "coarsen_steps",
    "ScoreHistogram", "score_histogram", "split_histogram", "Inset", "crowded_inset", "clip_polyline",
]
__all__ += [
    # comparison runs (learners given as factories) and subset accuracy
    "Majority", "PAIRED_CV_FOLDS", "FRIEDMAN_CV_FOLDS", "paired_cv_folds", "cv5x2_folds", "errors_on_folds",
    "CvRoc", "cv_roc", "SliderRange", "slider_range", "finite_threshold",
    "cv5x2_tables",
    "pooled_errors", "subset_accuracy", "table_labels",
]
