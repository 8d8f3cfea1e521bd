"""The clustering preset of the metrics lab (a copy for the test's own check)."""
PRESET = {"class": ["A", "A", "A", "A", "B", "B", "B", "B", "A", "B", "C", "C"],
          "cluster": [1, 1, 2, 2, 3, 3, 4, 4, 1, 3, 5, 5]}
