"""Small example tables the comparison-tests page and the metrics lab start
from (plain data: column name -> list of values), and Demšar's (2006)
table 6.  Pages copy them; a test checks each against its source."""
from __future__ import annotations

# comparison tests: error rates on folds (smaller = better); the book's table 2.5 (ranks, smaller = better)
COMPARE_TABLES: dict[str, dict[str, list]] = {
    "t": {"error": [0.12, 0.10, 0.14, 0.09, 0.11, 0.13, 0.12, 0.10, 0.15, 0.11]},
    "paired": {"A": [0.10, 0.12, 0.09, 0.11, 0.13, 0.10, 0.12, 0.08, 0.11, 0.10],
               "B": [0.13, 0.14, 0.10, 0.15, 0.14, 0.12, 0.15, 0.11, 0.12, 0.14]},
    "cv5x2": {"A1": [0.10, 0.12, 0.11, 0.09, 0.12], "A2": [0.11, 0.10, 0.12, 0.11, 0.10],
              "B1": [0.13, 0.12, 0.14, 0.12, 0.15], "B2": [0.12, 0.14, 0.13, 0.13, 0.12]},
    "friedman": {"A": [1, 1, 1, 1], "B": [2, 2.5, 2, 2], "C": [3, 2.5, 3, 3]},
}

# Demšar (2006), table 6: AUC of four C4.5 variants on 14 UCI data sets (larger = better), as printed
# (three decimals).  Row 13 (voting) prints 0.975 for both C4.5+cf and C4.5+m+cf, which the paper ranks
# 2 and 3 (from the unrounded AUCs); ranked from the printed values they tie at 2.5.
DEMSAR_DATASETS = ("adult (sample)", "breast cancer", "breast cancer wisconsin", "cmc", "ionosphere", "iris",
                   "liver disorders", "lung cancer", "lymphography", "mushroom", "primary tumor", "rheum",
                   "voting", "wine")
DEMSAR_TABLE6: dict[str, list[float]] = {
    "C4.5": [0.763, 0.599, 0.954, 0.628, 0.882, 0.936, 0.661, 0.583, 0.775, 1.000, 0.940, 0.619, 0.972, 0.957],
    "C4.5+m": [0.768, 0.591, 0.971, 0.661, 0.888, 0.931, 0.668, 0.583, 0.838, 1.000, 0.962, 0.666, 0.981, 0.978],
    "C4.5+cf": [0.771, 0.590, 0.968, 0.654, 0.886, 0.916, 0.609, 0.563, 0.866, 1.000, 0.965, 0.614, 0.975, 0.946],
    "C4.5+m+cf": [0.798, 0.569, 0.967, 0.657, 0.898, 0.931, 0.685, 0.625, 0.875, 1.000, 0.962, 0.669, 0.975,
                  0.970],
}
DEMSAR_PRINTED_RANKS = (3.143, 2.000, 2.893, 1.964)   # the paper's average ranks, in the order above

# the metrics lab
LAB_TABLES: dict[str, dict[str, list]] = {
    "binary": {"y": [1, 0, 1, 1, 0, 0], "p": [0.9, 0.2, 0.6, 0.35, 0.4, 0.05]},
    "multi": {"y": ["cat", "dog", "rabbit", "dog"], "cat": [0.7, 0.1, 0.2, 0.3], "dog": [0.2, 0.8, 0.2, 0.5],
              "rabbit": [0.1, 0.1, 0.6, 0.2]},
    "hinge": {"y": [1, -1, 1, -1, 1], "w": [1.4, -0.3, 0.2, 0.6, -0.5]},
    "labels": {"y1": [1, 0, 1, 0], "y2": [0, 1, 1, 0], "y3": [1, 1, 0, 0], "f1": [0.9, 0.2, 0.6, 0.1],
               "f2": [0.55, 0.8, 0.4, 0.3], "f3": [0.6, 0.5, 0.1, 0.2]},
    "regression": {"y": [3.0, -0.5, 2.0, 7.0, 4.2, 1.1, 5.5, 0.3],
                   "yhat": [2.5, 0.0, 2.1, 7.8, 3.9, 1.5, 5.0, 0.9]},
    # points at least 0.8 apart: their numbered 24 px markers clear of each other on a phone's plot (at 0.3
    # apart point 5 was hidden under 7 and 8, and 11 and 12 were one blot)
    "clusters": {"x": [0.0, 0.6, 0.2, 1.0, 3.0, 3.8, 2.6, 3.6, 1.5, 2.0, 6.0, 6.6],
                 "y": [0.0, 0.8, -0.8, 0.0, 3.0, 2.6, 3.8, 3.6, 1.4, 2.2, 0.2, 0.9],
                 "class": ["A", "A", "A", "A", "B", "B", "B", "B", "A", "B", "C", "C"],
                 "cluster": [1, 1, 2, 2, 3, 3, 4, 4, 1, 3, 5, 5]},
}

__all__ = ["COMPARE_TABLES", "DEMSAR_DATASETS", "DEMSAR_TABLE6", "DEMSAR_PRINTED_RANKS", "LAB_TABLES"]
