"""Summaries of score distributions for display."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._validation import check_count, check_labels_and_scores


@dataclass(frozen=True, eq=False)
class ScoreHistogram:
    """Histogram of each class's scores on shared bins: ``edges`` (bins + 1),
    ``pos_counts`` and ``neg_counts`` (bins)."""

    edges: np.ndarray
    pos_counts: np.ndarray
    neg_counts: np.ndarray


def score_histogram(y_true, scores, bins: int = 40) -> ScoreHistogram:
    """Counts of positive and negative scores in ``bins`` equal-width bins
    spanning [min score, max score].

    Examples
    --------
    >>> import evalcore as ec
    >>> h = ec.score_histogram([1, 0, 1, 0], [0.8, 0.4, 0.3, 0.1], bins=2)
    >>> h.pos_counts.tolist(), h.neg_counts.tolist()
    ([1, 1], [2, 0])
    """
    y, s = check_labels_and_scores(y_true, scores, need_both=False)
    b = check_count(bins, "bins", minimum=1)
    lo, hi = float(s.min()), float(s.max())
    if lo == hi:
        lo, hi = lo - 0.5, hi + 0.5
    edges = np.linspace(lo, hi, b + 1)
    pos, _ = np.histogram(s[y], bins=edges)
    neg, _ = np.histogram(s[~y], bins=edges)
    return ScoreHistogram(edges, pos, neg)
