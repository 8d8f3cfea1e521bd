"""The clustering preset of the metrics lab (a copy for the test's own check)."""
PRESET = {"class": ["A", "A", "A", "A", "B", "B", "B", "B", "A", "B", "C", "C"],
          "cluster": [1, 1, 1, 1, 2, 2, 2, 2, 1, 1, 3, 3]}
