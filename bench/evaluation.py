"""Evaluation-methods speed: the bootstrap's out-of-bag fractions (10,000
repeats of m = 1000, target <= 0.25 s) and a 10 x 10-fold CV of logistic
regression on breast cancer (target <= 5 s).  Prints medians; asserts nothing.

    python bench/evaluation.py
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import median_s  # noqa: E402
import evalcore as ec  # noqa: E402


def main():
    t = median_s(lambda: ec.oob_fraction(1000, 10_000, seed=0))
    verdict = "ok" if t <= 0.25 else "MISSED"
    print(f"oob_fraction(1000, 10,000 repeats)   {t * 1000:7.1f} ms   target <= 250 ms  [{verdict}]")
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from evalcore import datasets

    fs = datasets.breast_cancer_features()

    def cv10x10():
        for split in ec.kfold_splits(fs.y, 10, repeats=10, seed=0).splits():
            m = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)).fit(fs.X[split.train],
                                                                                       fs.y[split.train])
            m.predict(fs.X[split.test])

    t = median_s(cv10x10, repeats=3)
    print(f"10 x 10-fold CV, logistic, breast cancer {t:5.2f} s    target <= 5 s     [{'ok' if t <= 5 else 'MISSED'}]")


if __name__ == "__main__":
    main()
