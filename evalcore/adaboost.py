"""AdaBoost with decision stumps as *Machine Learning in Action* (ch. 7)
builds it, on its horse-colic data, and the tie-blind AUC its ROC code
prints.

The stump search, for each feature: 10 equal steps over the feature's
range, thresholds from one step below the minimum to the maximum
(j = -1 .. 10), both inequalities ("lt": x <= t is -1; "gt": x > t is -1),
the lowest weighted error wins, the first found on a tie (feature, then
threshold, then "lt" before "gt").  alpha = 1/2 ln((1 - e) / max(e, 1e-16));
training stops early at zero training error.  The score of a sample is the
weighted vote sum_t alpha_t h_t(x): a few stumps give many tied scores.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ._ranking import threshold_counts
from ._validation import DataError, check_count, check_labels_and_scores

NUM_STEPS = 10
DATA = Path(__file__).resolve().parent / "data"


def load_horse_colic(part: str = "train"):
    """(X, y) of the horse-colic data (training: 299 rows, test: 67), 21
    features (missing values already replaced by 0 in these files); the
    file's label +1 becomes y = 1, the positive class of that book's ROC.

    Parameters
    ----------
    part : {"train", "test"}, default "train"
        Which file.

    Returns
    -------
    X : ndarray of float, shape (299 or 67, 21)
        The features.
    y : ndarray of int8
        1 for the file's label +1, else 0.

    Examples
    --------
    >>> import evalcore as ec
    >>> X, y = ec.load_horse_colic("train")
    >>> X.shape, int(y.sum())
    ((299, 21), 178)
    """
    if part not in ("train", "test"):
        raise DataError("bad_option", name="part", options=("train", "test"), value=part)
    name = "horse-colic-training2.txt" if part == "train" else "horse-colic-test2.txt"
    a = np.loadtxt(DATA / name, delimiter="\t")
    return a[:, :-1], (a[:, -1] > 0).astype(np.int8)


@dataclass(frozen=True)
class Stump:
    """One weak learner: ``feature``, ``threshold``, ``inequality`` ("lt" or
    "gt") and its vote weight ``alpha``."""

    feature: int
    threshold: float
    inequality: str
    alpha: float

    def predict(self, X: np.ndarray) -> np.ndarray:
        """The stump's vote on each sample.

        Parameters
        ----------
        X : ndarray of shape (n, d)
            Features.

        Returns
        -------
        ndarray of float, shape (n,)
            -1 or +1 per sample.
        """
        x = X[:, self.feature]
        low = x <= self.threshold if self.inequality == "lt" else x > self.threshold
        return np.where(low, -1.0, 1.0)


@dataclass(frozen=True)
class AdaBoostModel:
    """The stumps in training order (fewer than asked when training error hit 0)."""

    stumps: tuple

    def decision_function(self, X) -> np.ndarray:
        """The weighted vote sum_t alpha_t h_t(x) (the book's aggClassEst).

        Parameters
        ----------
        X : array-like of shape (n, 21)
            Features (horse-colic's columns).

        Returns
        -------
        ndarray of float, shape (n,)
            The vote per sample.
        """
        X = np.asarray(X, dtype=np.float64)
        out = np.zeros(X.shape[0])
        for s in self.stumps:
            out += s.alpha * s.predict(X)
        return out

    def predict(self, X) -> np.ndarray:
        """+1 / -1 by the sign of the vote.

        Parameters
        ----------
        X : array-like of shape (n, 21)
            Features (horse-colic's columns).

        Returns
        -------
        ndarray of float, shape (n,)
            -1, +1 (0 on a zero vote).
        """
        return np.sign(self.decision_function(X))


def _best_stump(X: np.ndarray, y_pm: np.ndarray, D: np.ndarray):
    best = (np.inf, None, None)
    for i in range(X.shape[1]):
        x = X[:, i]
        lo, hi = x.min(), x.max()
        step = (hi - lo) / NUM_STEPS
        thresholds = lo + np.arange(-1, NUM_STEPS + 1) * step
        below = x[None, :] <= thresholds[:, None]                 # (12, m)
        pred_lt = np.where(below, -1.0, 1.0)
        pred_gt = np.where(~below, -1.0, 1.0)
        # candidates in the book's loop order: threshold j, then "lt" before "gt"
        preds = np.stack([pred_lt, pred_gt], axis=1).reshape(-1, x.shape[0])
        err = (preds != y_pm[None, :]).astype(np.float64) @ D
        k = int(np.argmin(err))                                   # the first of equal minima, as "<" in the book
        if err[k] < best[0]:
            best = (float(err[k]), Stump(i, float(thresholds[k // 2]), ("lt", "gt")[k % 2], 0.0), preds[k])
    return best


def fit_adaboost(X, y_true, n_rounds: int) -> AdaBoostModel:
    """Train AdaBoost with decision stumps for at most ``n_rounds`` rounds.

    Parameters
    ----------
    X : array-like of shape (n, d)
        Features.
    y_true : array-like of shape (n,)
        0/1 or bool labels; both classes must occur.
    n_rounds : int
        The most rounds, >= 1; training stops early once the training error is 0.

    Returns
    -------
    AdaBoostModel
        ``stumps``: each round's :class:`Stump` with its weight ``alpha``.

    Examples
    --------
    >>> import evalcore as ec
    >>> X, y = ec.load_horse_colic("train")
    >>> model = ec.fit_adaboost(X, y, 10)
    >>> len(model.stumps), round(float(abs(model.decision_function(X)).max()), 3)
    (10, 1.998)
    """
    X = np.asarray(X, dtype=np.float64)
    y = check_labels_and_scores(y_true, np.zeros(len(y_true)))[0]
    rounds = check_count(n_rounds, "n_rounds", minimum=1)
    y_pm = np.where(y, 1.0, -1.0)
    m = X.shape[0]
    D = np.full(m, 1.0 / m)
    agg = np.zeros(m)
    stumps = []
    for _ in range(rounds):
        error, stump, pred = _best_stump(X, y_pm, D)
        alpha = float(0.5 * np.log((1.0 - error) / max(error, 1e-16)))
        stumps.append(Stump(stump.feature, stump.threshold, stump.inequality, alpha))
        D = D * np.exp(-alpha * y_pm * pred)
        D = D / D.sum()
        agg += alpha * pred
        if np.mean(np.sign(agg) != y_pm) == 0.0:
            break
    return AdaBoostModel(tuple(stumps))


# ------------------------------------------------------ tie-blind AUC
@dataclass(frozen=True)
class TieBlindAuc:
    """The AUC that a rectangle walk over the scores sorted by ``argsort``
    prints, which depends on how the sort orders tied scores: ``low`` when
    every tie is walked the unlucky way (positives first), ``high`` the
    lucky way (negatives first); ``tie_aware`` the textbook's AUC (a tie
    counts 1/2, the ROC curve moves diagonally), always (low + high) / 2;
    ``tied_pairs`` the share of (positive, negative) pairs with equal scores."""

    low: float
    high: float
    tie_aware: float
    tied_pairs: float


def tie_blind_auc_range(y_true, scores) -> TieBlindAuc:
    """The range of AUCs a tie-blind rectangle walk can print.

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels (1 = positive); both classes must occur.
    scores : array-like of shape (m,)
        Finite real scores, ties allowed.

    Returns
    -------
    TieBlindAuc
        ``low`` (every tie broken against the positive), ``high`` (for it),
        ``tie_aware`` (ties counted 1/2, the true AUC) and ``tied_pairs`` (their
        share), each in [0, 1].

    Examples
    --------
    >>> import evalcore as ec
    >>> r = ec.tie_blind_auc_range([1, 0, 1, 0], [0.8, 0.8, 0.3, 0.1])
    >>> r.low, r.high, r.tie_aware
    (0.5, 0.75, 0.625)
    """
    y, s = check_labels_and_scores(y_true, scores)
    pos, neg = np.sort(s[y]), np.sort(s[~y])
    below = np.searchsorted(neg, pos, side="left").sum()       # negatives strictly below each positive
    below_eq = np.searchsorted(neg, pos, side="right").sum()    # ... or tied with it
    pairs = float(pos.size) * neg.size
    return TieBlindAuc(float(below / pairs), float(below_eq / pairs), float((below + below_eq) / 2 / pairs),
                       float((below_eq - below) / pairs))


def rectangle_walk_auc(y_true, scores) -> float:
    """The AUC exactly as the book's plotROC computes it: ``argsort`` the
    scores (numpy's default sort) and walk from (1, 1) down, adding the
    current height at every negative.  Tied scores are taken in whatever
    order that sort leaves them.

    Parameters
    ----------
    y_true : array-like of shape (m,)
        0/1 or bool labels (1 = positive); both classes must occur.
    scores : array-like of shape (m,)
        Finite real scores, ties allowed.

    Returns
    -------
    float
        The AUC the book's code prints, in [0, 1].
    """
    y, s = check_labels_and_scores(y_true, scores)
    order = np.argsort(s[None, :], axis=-1)[0]                   # the book sorts a 1 x m matrix, default kind
    n_pos = int(y.sum())
    y_step, x_step = 1.0 / n_pos, 1.0 / (y.size - n_pos)
    cur_y, y_sum = 1.0, 0.0
    for i in order.tolist():
        if y[i]:
            cur_y -= y_step
        else:
            y_sum += cur_y
    return y_sum * x_step


# The AUCs printed by the source's plotROC on the training data (10 and 50 rounds).
PRINTED_AUC = {10: 0.8582969635063604, 50: 0.8953941870182941}


@dataclass(frozen=True)
class HorseColicReport:
    """AdaBoost with ``rounds`` stumps on horse colic: on the training data
    the tie-blind range ``train`` (with the textbook's tie-aware AUC), the
    ``walk_auc`` this machine's argsort gives, the ``printed`` AUC of the
    source, the training error; on the test data (67 horses) the tie-aware
    ``test_auc`` and the ``test_error`` (sign of the vote)."""

    rounds: int
    train: TieBlindAuc
    walk_auc: float
    printed: float
    train_error: float
    test_auc: float
    test_error: float


def horse_colic_report(rounds: int) -> HorseColicReport:
    """Train on the training file, score both files (see :class:`HorseColicReport`).

    Parameters
    ----------
    rounds : int
        AdaBoost rounds, >= 1.

    Returns
    -------
    HorseColicReport
        ``rounds``, ``train`` (the :class:`TieBlindAuc` on the training file),
        ``walk_auc``, ``printed`` (the book's number, nan if it has none),
        ``train_error``, ``test_auc`` and ``test_error``.
    """
    X, y = load_horse_colic(part="train")
    Xt, yt = load_horse_colic(part="test")
    model = fit_adaboost(X, y, rounds)
    s, st = model.decision_function(X), model.decision_function(Xt)
    return HorseColicReport(int(rounds), tie_blind_auc_range(y, s), rectangle_walk_auc(y, s),
                            PRINTED_AUC.get(int(rounds), float("nan")),
                            float(np.mean(np.sign(s) != np.where(y == 1, 1, -1))),
                            threshold_counts(yt, st).roc_auc(), float(np.mean(np.sign(st) != np.where(yt == 1, 1, -1))))


__all__ = ["load_horse_colic", "Stump", "AdaBoostModel", "fit_adaboost", "TieBlindAuc", "tie_blind_auc_range",
           "rectangle_walk_auc", "NUM_STEPS", "PRINTED_AUC", "HorseColicReport", "horse_colic_report"]
