"""Built-in K-class predictions: scikit-learn's bundled iris, wine and
digits (no download), each scored out of sample by two or three learners,
and a small imbalanced example on which the book's macro and micro averages
disagree.  Every score is a class probability from stratified 5-fold
cross-validation (``cross_val_predict(..., method="predict_proba")``): each
sample is scored by a model that never saw it.

scikit-learn is imported when a data set is built, never by ``import evalcore``.
"""
from __future__ import annotations

import numpy as np

from ._validation import DataError, read_only
from .loading_multiclass import MultiClassSet
from .multiclass import sums_to_one

BUILTIN_SETS = ("iris", "wine", "digits", "imbalanced")
FOLDS = 5


def _learners(seed: int, names: tuple) -> dict:
    from sklearn.linear_model import LogisticRegression
    from sklearn.naive_bayes import GaussianNB
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.tree import DecisionTreeClassifier

    every = {"logistic": make_pipeline(StandardScaler(), LogisticRegression(C=0.5, max_iter=2000)),
             "naive_bayes": GaussianNB(),
             "tree_depth2": DecisionTreeClassifier(max_depth=2, random_state=seed)}
    return {n: every[n] for n in names}


def _features(name: str, seed: int):
    """``(X, y, class names, learners)`` of built-in set ``name``."""
    from sklearn import datasets as skd

    if name == "imbalanced":
        # three classes of 850, 120 and 30 samples in two overlapping Gaussian features: a model right on
        # the large class and often wrong on the small ones (micro-F1 high, macro-F1 low)
        rng = np.random.default_rng(seed)
        sizes, centres = (850, 120, 30), ((0.0, 0.0), (1.6, 0.6), (0.6, 1.8))
        X = np.vstack([rng.normal(c, 1.0, (m, 2)) for m, c in zip(sizes, centres)])
        y = np.repeat(np.arange(3), sizes)
        return X, y, ["common", "uncommon", "rare"], ("logistic", "naive_bayes")
    load = {"iris": skd.load_iris, "wine": skd.load_wine, "digits": skd.load_digits}[name]
    bunch = load()
    names = [str(c) for c in bunch.target_names]
    learners = ("logistic", "naive_bayes") if name == "digits" else ("logistic", "naive_bayes", "tree_depth2")
    return bunch.data, bunch.target, names, learners


def builtin_multiclass(name: str, *, seed: int = 0) -> MultiClassSet:
    """Built-in K-class predictions ``name`` (one of :data:`BUILTIN_SETS`):
    the true classes and each learner's out-of-sample class probabilities.

    Parameters
    ----------
    name : {"iris", "wine", "digits", "imbalanced"}
        The data set (:data:`BUILTIN_SETS`).
    seed : int, default 0
        Seed of the folds and the learners.

    Returns
    -------
    MultiClassSet
        ``y``, ``classes``, ``scores`` ({learner: (n, K) probabilities}),
        ``probabilities``, ``warnings``, ``label_col``, ``name``.

    Examples
    --------
    >>> ms = builtin_multiclass("iris")
    >>> ms.classes, ms.n, ms.models
    (['setosa', 'versicolor', 'virginica'], 150, ['logistic', 'naive_bayes', 'tree_depth2'])
    """
    if name not in BUILTIN_SETS:
        raise DataError("bad_option", name="data", value=name, options=", ".join(BUILTIN_SETS))
    from sklearn.model_selection import StratifiedKFold, cross_val_predict

    X, y, classes, names = _features(name, seed)
    cv = StratifiedKFold(FOLDS, shuffle=True, random_state=seed)
    scores = {m: read_only(cross_val_predict(est, X, y, cv=cv, method="predict_proba"))
              for m, est in _learners(seed, names).items()}
    return MultiClassSet(read_only(np.asarray(y, dtype=np.int64)), classes, scores,
                         {m: sums_to_one(s) for m, s in scores.items()}, [], "class", name)


__all__ = ["BUILTIN_SETS", "builtin_multiclass"]
