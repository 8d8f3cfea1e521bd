"""Where a test set comes from (textbook section 2.2): hold-out, k-fold
cross-validation, leave-one-out and the bootstrap, as pure functions of
(n or y, parameters, seed).  They return index arrays; fitting models on
them is the caller's business.

Stratified splits keep each class's share: in every test set (fold) each
class's count is within one of its share of the whole.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._validation import Bi, DataError, as_1d, check_count, check_open_unit, register_messages

_MESSAGES = {
    "splits_k_too_large": (
        "{k}-fold stratified cross-validation needs at least {k} samples of every class; class {cls!r} has {n}. "
        "Choose k <= {n}, or do not stratify.",
        "{k} 折分层交叉验证要求每个类别至少有 {k} 个样本;类别 {cls!r} 只有 {n} 个。请取 k ≤ {n},或不分层。",
    ),
    "splits_empty_class": (
        "A test fraction of {frac:g} leaves class {cls!r} ({n} samples) with no sample in the {part} set. "
        "Choose a test fraction between {lo:.2f} and {hi:.2f}.",
        "测试集比例 {frac:g} 会使类别 {cls!r}({n} 个样本)在{part}中一个样本也没有。"
        "请把比例取在 {lo:.2f} 到 {hi:.2f} 之间。",
    ),
}
register_messages(_MESSAGES)


@dataclass(frozen=True, eq=False)
class Split:
    """One division of the samples: ``train`` and ``test`` index arrays (disjoint, together all samples)."""

    train: np.ndarray
    test: np.ndarray

    def class_shares(self, y) -> tuple[float, float, float]:
        """The positive share of 0/1 labels ``y`` in all samples, the training set and the test set.

        Parameters
        ----------
        y : array-like of shape (n,)
            0/1 labels of all samples, indexed by ``train`` and ``test``.

        Returns
        -------
        all, train, test : float
            The share of 1s in each, in [0, 1] (nan for an empty part).

        Examples
        --------
        >>> import numpy as np
        >>> Split(np.array([0, 1]), np.array([2, 3])).class_shares([1, 0, 1, 1])
        (0.75, 0.5, 1.0)
        """
        y = np.asarray(y, dtype=float)
        return float(y.mean()), float(y[self.train].mean()), float(y[self.test].mean())


def _labels(y) -> np.ndarray:
    return as_1d(y, "y")


def holdout_split(y, test_size: float, *, stratify: bool = True, seed=None) -> Split:
    """Hold-out (留出法): a random ``test_size`` share of the samples is the
    test set; with ``stratify`` (分层采样) each class keeps its share.

    Parameters
    ----------
    y : array-like of shape (n,)
        Class labels (any type; used for stratifying).
    test_size : float
        The test set's share of the samples, in (0, 1).
    stratify : bool, default True
        Keep each class's share in every part.
    seed : int, numpy Generator or None, optional
        Seed of the random draws; None draws fresh entropy.

    Returns
    -------
    Split
        ``train`` and ``test``: sample indices, disjoint, together all n.

    Examples
    --------
    >>> import evalcore as ec
    >>> s = ec.holdout_split([0] * 70 + [1] * 30, 0.3, seed=0)
    >>> len(s.test), int(sum(i >= 70 for i in s.test))
    (30, 9)
    """
    y = _labels(y)
    frac = check_open_unit(test_size, "test_size")
    rng = np.random.default_rng(seed)
    n = y.shape[0]
    if not stratify:
        perm = rng.permutation(n)
        k = min(max(int(round(frac * n)), 1), n - 1)
        return Split(np.sort(perm[k:]), np.sort(perm[:k]))
    test = []
    for cls in np.unique(y):
        idx = rng.permutation(np.flatnonzero(y == cls))
        k = int(round(frac * idx.shape[0]))
        if k == 0 or k == idx.shape[0]:
            m = idx.shape[0]
            raise DataError("splits_empty_class", frac=frac, cls=cls.item(), n=m,
                            part=Bi("test", "测试集") if k == 0 else Bi("training", "训练集"),
                            lo=0.5 / m, hi=1 - 0.5 / m)
        test.append(idx[:k])
    test = np.sort(np.concatenate(test))
    return Split(np.setdiff1d(np.arange(n), test), test)


@dataclass(frozen=True, eq=False)
class KFold:
    """k-fold cross-validation (交叉验证法), ``repeats`` times (p 次 k 折):
    ``fold_of`` (repeats, n) the fold (0..k-1) of each sample in each
    repetition.  :meth:`splits` lists the k x repeats train/test splits."""

    fold_of: np.ndarray
    k: int

    @property
    def repeats(self) -> int:
        return int(self.fold_of.shape[0])

    def splits(self) -> list[Split]:
        out = []
        for row in self.fold_of:
            for f in range(self.k):
                out.append(Split(np.flatnonzero(row != f), np.flatnonzero(row == f)))
        return out


def kfold_splits(y, k: int, *, stratify: bool = True, repeats: int = 1, seed=None) -> KFold:
    """k mutually exclusive folds of (nearly) equal size, each the test set
    once; stratified, each class is dealt round-robin over the folds after a
    shuffle, so each fold holds its share to within one sample.  ``k = n`` is
    leave-one-out (留一法).

    Parameters
    ----------
    y : array-like of shape (n,)
        Class labels (any type; used for stratifying).
    k : int
        Number of folds, 2 <= k <= n.
    stratify : bool, default True
        Keep each class's share in every part.
    repeats : int, default 1
        Independent repetitions (p times k-fold).
    seed : int, numpy Generator or None, optional
        Seed of the random draws; None draws fresh entropy.

    Returns
    -------
    KFold
        ``fold_of`` ((repeats, n): each sample's fold, 0..k-1) and ``k``.

    Examples
    --------
    >>> import evalcore as ec
    >>> cv = ec.kfold_splits([0, 0, 0, 0, 1, 1, 1, 1], 2, seed=0)
    >>> [int(sum(cv.fold_of[0] == f)) for f in (0, 1)]
    [4, 4]
    """
    y = _labels(y)
    n = y.shape[0]
    kk = check_count(k, "k", minimum=2)
    if kk > n:
        raise DataError("out_of_range", name="k", interval=f"[2, n] = [2, {n}]", value=k)
    r = check_count(repeats, "repeats", minimum=1)
    rng = np.random.default_rng(seed)
    classes, counts = np.unique(y, return_counts=True)
    if stratify and kk < n and counts.min() < kk:
        i = int(np.argmin(counts))
        raise DataError("splits_k_too_large", k=kk, cls=classes[i].item(), n=int(counts[i]))
    fold_of = np.empty((r, n), dtype=np.int64)
    for rep in range(r):
        if stratify and kk < n:
            offset = 0
            for cls in classes:          # deal each class round-robin, continuing where the last one ended
                idx = rng.permutation(np.flatnonzero(y == cls))
                fold_of[rep, idx] = (offset + np.arange(idx.shape[0])) % kk
                offset = (offset + idx.shape[0]) % kk
        else:
            fold_of[rep, rng.permutation(n)] = np.arange(n) % kk
    return KFold(fold_of, kk)


def leave_one_out(n: int) -> KFold:
    """Leave-one-out: n folds of one sample each (no randomness).

    Parameters
    ----------
    n : int
        Number of samples, n >= 2.

    Returns
    -------
    KFold
        ``fold_of`` ((1, n): sample i in fold i) and ``k`` = n.

    Examples
    --------
    >>> import evalcore as ec
    >>> ec.leave_one_out(4).fold_of.tolist()
    [[0, 1, 2, 3]]
    """
    m = check_count(n, "n", minimum=2)
    return KFold(np.arange(m)[None, :], m)


@dataclass(frozen=True, eq=False)
class BootstrapSample:
    """One bootstrap sample (自助采样) D' of m draws with replacement from
    the m items of D: ``draws`` in the order drawn, ``counts`` how often each
    item was drawn, ``oob`` the items never drawn (the out-of-bag test set
    D minus D', 包外估计)."""

    draws: np.ndarray
    counts: np.ndarray
    oob: np.ndarray

    @property
    def oob_fraction(self) -> float:
        return self.oob.shape[0] / self.counts.shape[0]


def bootstrap_sample(m: int, *, seed=None) -> BootstrapSample:
    """Draw m times with replacement from m items.

    Parameters
    ----------
    m : int
        Number of items (and draws), m >= 1.
    seed : int, numpy Generator or None, optional
        Seed of the random draws; None draws fresh entropy.

    Returns
    -------
    BootstrapSample
        ``draws`` (m indices in draw order), ``counts`` (m) and ``oob`` (the items never drawn).

    Examples
    --------
    >>> import evalcore as ec
    >>> b = ec.bootstrap_sample(10, seed=1)
    >>> int(b.counts.sum()), bool(set(b.oob) == set(range(10)) - set(b.draws))
    (10, True)
    """
    mm = check_count(m, "m", minimum=1)
    draws = np.random.default_rng(seed).integers(0, mm, size=mm)
    counts = np.bincount(draws, minlength=mm)
    return BootstrapSample(draws, counts, np.flatnonzero(counts == 0))


def oob_fraction(m, repeats, *, seed=None) -> np.ndarray:
    """Out-of-bag fraction of each of ``repeats`` bootstrap samples.

    Each bootstrap sample draws ``m`` items with replacement from ``m``; the
    returned array holds, for each, the fraction of the ``m`` items never
    drawn.  Its mean approaches (1 - 1/m)^m -> 1/e ~ 0.368 (textbook 2.1).
    Vectorised in blocks: one flat bincount per block of repeats.

    Parameters
    ----------
    m : int
        Items in the data set (and draws per sample), m >= 1.
    repeats : int
        Number of bootstrap samples, >= 1.
    seed : int, numpy Generator or None, optional
        Seed of the random draws; None draws fresh entropy.

    Returns
    -------
    ndarray of float, shape (repeats,)
        Each sample's out-of-bag fraction, in [0, 1).

    Examples
    --------
    >>> import evalcore as ec
    >>> f = ec.oob_fraction(1000, 200, seed=0)
    >>> f.shape, bool(0.33 < f.mean() < 0.40)
    ((200,), True)
    """
    mm = check_count(m, "m", minimum=1)
    r = check_count(repeats, "repeats", minimum=1)
    rng = np.random.default_rng(seed)
    out = np.empty(r, dtype=np.float64)
    block = max(1, 2_000_000 // mm)
    for start in range(0, r, block):
        b = min(block, r - start)
        draws = rng.integers(0, mm, size=(b, mm)) + (np.arange(b) * mm)[:, None]
        counts = np.bincount(draws.ravel(), minlength=b * mm).reshape(b, mm)
        out[start:start + b] = np.count_nonzero(counts == 0, axis=1) / mm
    return out


@dataclass(frozen=True, eq=False)
class OobLimit:
    """The out-of-bag fraction against m: ``ms``; ``expected`` (1 - 1/m)^m;
    ``mean`` and ``sd`` of ``repeats`` simulated bootstrap samples of each m."""

    ms: np.ndarray
    expected: np.ndarray
    mean: np.ndarray
    sd: np.ndarray


def oob_limit(ms, *, repeats: int = 2000) -> OobLimit:
    """(1 - 1/m)^m beside simulated out-of-bag fractions, for each m in ``ms``
    (``oob_fraction(m, repeats, seed=m)``).

    Parameters
    ----------
    ms : array-like of int
        Data set sizes, each >= 1.
    repeats : int, default 2000
        Bootstrap samples simulated per size.

    Returns
    -------
    OobLimit
        Per size: ``ms``, ``expected`` ((1 - 1/m)^m), and the simulated ``mean`` and ``sd``.

    Examples
    --------
    >>> import evalcore as ec
    >>> r = ec.oob_limit([10, 1000], repeats=500)
    >>> r.expected.round(3).tolist(), bool(abs(r.mean[1] - r.expected[1]) < 0.01)
    ([0.349, 0.368], True)
    """
    ms = np.asarray([check_count(m, "m", minimum=1) for m in ms])
    sims = [oob_fraction(int(m), repeats, seed=int(m)) for m in ms]
    return OobLimit(ms, np.asarray([expected_oob_fraction(int(m)) for m in ms]),
                    np.asarray([s.mean() for s in sims]), np.asarray([s.std() for s in sims]))


def expected_oob_fraction(m) -> float:
    """(1 - 1/m)^m, the chance that one item is never drawn in m draws.

    Parameters
    ----------
    m : int
        Number of items, m >= 1.

    Returns
    -------
    float
        (1 - 1/m)^m, in [0, 1/e).

    Examples
    --------
    >>> import evalcore as ec
    >>> round(ec.expected_oob_fraction(10**6), 4)
    0.3679
    """
    mm = check_count(m, "m", minimum=1)
    return float(np.exp(mm * np.log1p(-1.0 / mm))) if mm > 1 else 0.0


__all__ = ["Split", "holdout_split", "KFold", "kfold_splits", "leave_one_out", "BootstrapSample", "bootstrap_sample",
           "oob_fraction", "expected_oob_fraction", "OobLimit", "oob_limit"]
