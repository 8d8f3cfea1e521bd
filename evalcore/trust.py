"""Which test keeps its alpha: the corrected resampled t-test, the Bayesian
correlated t-test, and a simulation of the book's tests after Dietterich
(1998).

* :func:`corrected_resampled_t_test` -- Nadeau & Bengio (2003): the paired
  t-test on J train/test resamples with the variance inflated by
  (1/J + n_test/n_train) for the overlap of the training sets.
* :func:`bayesian_correlated_t` -- Benavoli, Corani, Demšar & Zaffalon
  (2017): the posterior of the mean difference is a Student t with the same
  correction; with a region of practical equivalence (ROPE) it gives
  P(below), P(equivalent), P(above).
* :func:`simulate_tests` -- two learners of equal true error on one data
  generator, many replications of each test: the share that rejects is the
  test's real Type I error (or, with an effect, its power).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats

from ._validation import DataError, check_alpha, check_scores
from .results import ConfidenceInterval, TestResult

SIM_TESTS = ("mcnemar", "resampled_t", "cv10_t", "cv5x2_dietterich", "cv5x2_book", "corrected_t")
RESAMPLES = 30           # train/test resamples of the resampled (and corrected) t-test
TRAIN_SHARE = 2 / 3      # training share of McNemar's split and of each resample
MAX_REPLICATIONS = 10_000
_CELLS = 400_000         # about this many (replication, split, sample) cells per vectorised step


@dataclass(frozen=True, kw_only=True)
class CorrectedTTestResult(TestResult):
    """Nadeau-Bengio corrected resampled t-test.  ``statistic`` t, ``pvalue``
    two-sided, ``critical`` t_{1-alpha/2, df}, ``df`` = J - 1, ``mean`` and
    ``std`` (ddof 1) of the J differences, ``correction`` = 1/J + n_test/n_train
    (the factor on s^2; the plain paired t has 1/J)."""

    df: int
    mean: float
    std: float
    k: int
    correction: float


def corrected_resampled_t_test(differences, *, n_train: int, n_test: int,
                               alpha: float = 0.05) -> CorrectedTTestResult:
    """Corrected resampled t-test (Nadeau & Bengio 2003).

    Parameters
    ----------
    differences : array-like
        The J differences a_j - b_j of two learners' test errors on J random
        train/test splits of one data set.
    n_train, n_test : int, keyword-only
        Training and test set sizes of each split.
    alpha : float, default 0.05
        Significance level, in (0, 1).

    Returns
    -------
    CorrectedTTestResult
        ``statistic`` (t), ``pvalue`` (two-sided), ``critical``, ``reject``,
        ``alpha``, ``df`` (J - 1), ``mean``, ``std`` (ddof 1), ``k`` (J) and
        ``correction`` (1/J + n_test/n_train).

    Notes
    -----
    t = mean / sqrt((1/J + n_test/n_train) s^2) ~ t(J - 1), s the sample
    standard deviation (ddof 1).  The plain resampled paired t-test uses
    s^2 / J, which ignores that the J training sets overlap: it rejects a
    true null far more often than alpha.

    Examples
    --------
    >>> import evalcore as ec
    >>> r = ec.corrected_resampled_t_test([0.02, 0.01, 0.03, 0.0, 0.02], n_train=90, n_test=10)
    >>> round(r.statistic, 4), r.df
    (2.5159, 4)
    """
    d = check_scores(differences, "differences")
    a = check_alpha(alpha)
    j = d.shape[0]
    if j < 2:
        raise DataError("too_few", name="differences", need=2, got=j)
    if int(n_train) < 1 or int(n_test) < 1:
        raise DataError("out_of_range", name="n_train, n_test", interval="[1, inf)", value=min(n_train, n_test))
    corr = 1.0 / j + int(n_test) / int(n_train)
    mu, sd = float(d.mean()), float(d.std(ddof=1))
    crit = float(stats.t.ppf(1 - a / 2, j - 1))
    if sd == 0.0:
        t = math.nan if mu == 0 else math.copysign(math.inf, mu)
        p = math.nan if mu == 0 else 0.0
    else:
        t = mu / math.sqrt(corr * sd * sd)
        p = float(2 * stats.t.sf(abs(t), j - 1))
    return CorrectedTTestResult(statistic=t, pvalue=p, critical=crit, reject=bool(abs(t) > crit), df=j - 1, mean=mu,
                                std=sd, k=j, correction=corr, alpha=a)


@dataclass(frozen=True)
class BayesianTTest:
    """Posterior of the mean difference of two learners: Student t with
    ``df``, location ``mean``, ``scale``; ``p_below`` = P(delta < -rope),
    ``p_rope`` = P(|delta| <= rope), ``p_above`` = P(delta > rope)."""

    mean: float
    scale: float
    df: int
    rope: float
    p_below: float
    p_rope: float
    p_above: float

    def pdf(self, x) -> np.ndarray:
        """The posterior density at ``x``.

        Parameters
        ----------
        x : float or array-like
            Values of the mean difference, in the differences' units.

        Returns
        -------
        ndarray of float
            The density at each ``x``, same shape.
        """
        x = np.asarray(x, dtype=np.float64)
        if self.scale == 0:
            return np.where(x == self.mean, np.inf, 0.0)
        return stats.t.pdf(x, self.df, self.mean, self.scale)

    def interval(self, confidence_level: float = 0.95):
        """Central credible interval of the mean difference.

        Parameters
        ----------
        confidence_level : float, default 0.95
            Posterior probability inside the interval, in (0, 1).

        Returns
        -------
        ConfidenceInterval
            ``low`` and ``high``, in the differences' units.
        """
        h = float(stats.t.ppf(0.5 + confidence_level / 2, self.df)) * self.scale
        return ConfidenceInterval(self.mean - h, self.mean + h)


def bayesian_correlated_t(differences, *, rho: float, rope: float = 0.0) -> BayesianTTest:
    """Bayesian correlated t-test (Benavoli et al. 2017).

    Parameters
    ----------
    differences : array-like
        The n differences a_i - b_i of two learners' scores on the folds of
        (repeated) cross-validation on one data set.
    rho : float, keyword-only
        The correlation of the folds' differences, n_test / n_total
        (1/k for k-fold cross-validation), in [0, 1).
    rope : float, default 0.0
        Half-width of the region of practical equivalence (>= 0).

    Returns
    -------
    BayesianTTest
        The posterior: ``mean``, ``scale``, ``df`` (n - 1), ``rope`` and the
        probabilities ``p_below``, ``p_rope``, ``p_above`` (summing to 1).

    Notes
    -----
    With a flat prior the posterior of the mean difference is
    t(n - 1, mean, sqrt((1/n + rho/(1 - rho)) s^2)).  The same as
    ``baycomp.CorrelatedTTest(b, a, rope, runs)`` with rho = 1/(folds);
    baycomp's ``p_left`` is ``p_below`` here (its differences are b - a).

    Examples
    --------
    >>> import evalcore as ec
    >>> r = ec.bayesian_correlated_t([0.02, 0.01, 0.03, 0.0, 0.02, 0.01, 0.02, 0.03, 0.01, 0.02], rho=0.1, rope=0.01)
    >>> round(r.p_above, 3) > round(r.p_below, 3)
    True
    """
    d = check_scores(differences, "differences")
    n = d.shape[0]
    if n < 2:
        raise DataError("too_few", name="differences", need=2, got=n)
    if not 0 <= float(rho) < 1:
        raise DataError("out_of_range", name="rho", interval="[0, 1)", value=rho)
    if not float(rope) >= 0:
        raise DataError("out_of_range", name="rope", interval="[0, inf)", value=rope)
    mu = float(d.mean())
    scale = math.sqrt((1.0 / n + rho / (1 - rho)) * float(d.var(ddof=1)))
    r = float(rope)
    if scale == 0:
        below, above = float(mu < -r), float(mu > r)
    else:
        below = float(stats.t.cdf(-r, n - 1, mu, scale))
        above = float(stats.t.sf(r, n - 1, mu, scale))
    return BayesianTTest(mu, scale, n - 1, r, below, max(0.0, 1.0 - below - above), above)


@dataclass(frozen=True)
class TestSimulation:
    """Rejection counts of each test in :data:`SIM_TESTS` (``rejections``,
    same order) over ``replications`` data sets; ``rate`` their share,
    ``standard_error`` sqrt(alpha (1 - alpha) / replications) (the
    simulation error of a rate equal to alpha); ``true_error`` the two
    learners' true errors (A, B).  With ``effect`` 0 a rate is a Type I
    error rate, read by :attr:`verdicts`; with ``effect`` > 0 it is a power,
    read by :attr:`top_power`."""

    tests: tuple
    rejections: np.ndarray
    replications: int
    n: int
    effect: float
    alpha: float
    true_error: tuple

    @property
    def rate(self) -> np.ndarray:
        return self.rejections / self.replications

    @property
    def standard_error(self) -> float:
        return math.sqrt(self.alpha * (1 - self.alpha) / self.replications)

    @property
    def verdicts(self) -> tuple[str, ...]:
        """Per test, against α ± 2 :attr:`standard_error` (what a rate means
        with ``effect`` 0, a Type I error rate): ``"above"``, ``"keeps"`` or ``"below"``."""
        band = 2 * self.standard_error
        return tuple("above" if r > self.alpha + band else "below" if r < self.alpha - band else "keeps"
                     for r in self.rate)

    @property
    def top_power(self) -> np.ndarray:
        """Per test, whether its rate is within 2 standard errors (of a rate
        that high) of the highest rate: the most powerful tests, read when
        ``effect`` > 0 (then the rates are powers and :attr:`verdicts` mean nothing)."""
        r = self.rate
        top = float(r.max())
        return r >= top - 2 * math.sqrt(max(top * (1 - top), 1e-12) / self.replications)


DIFFICULTY = 0.8         # weight of the shared per-sample difficulty on both learners' errors
IDIOSYNCRASY = 1.0       # sd of each learner's own per-sample error propensity


def _probit_sd() -> float:
    return math.sqrt(1 + DIFFICULTY ** 2 + IDIOSYNCRASY ** 2)


def _errors(base, v, z, train, test, tau):
    """Test errors (R, 2, S) of the two simulated learners trained on
    ``train`` (R, S, n), tested on ``test``, and whether each errs (R, 2, S, n).
    ``v`` (R, 2, n) is Phi^-1(U) - 0.8 h - e: a learner errs where v is below
    a_L plus its training set's shift."""
    tr = train.astype(np.float64)
    shift = tau * np.einsum("rsn,rln->rls", tr, z) / tr.sum(-1)[:, None, :]          # (R, 2, S)
    wrong = v[:, :, None, :] < (base[None, :, None] + shift)[..., None]
    return (wrong & test[:, None]).sum(-1) / test.sum(-1)[:, None], wrong


def _t_reject(d, crit, correction=None):
    k = d.shape[-1]
    mu, sd = d.mean(-1), d.std(-1, ddof=1)
    var = sd * sd * (1.0 / k if correction is None else correction)
    with np.errstate(invalid="ignore", divide="ignore"):
        t = np.where(var > 0, mu / np.sqrt(np.where(var > 0, var, 1)), 0.0)
    return np.abs(t) > crit


def _subset(rng, shape: tuple, k: int) -> np.ndarray:
    """A uniformly random subset of exactly ``k`` of the last axis, per row
    (the k smallest of uniform draws: one partition, no sort)."""
    u = rng.random(shape)
    return u <= np.partition(u, k - 1, axis=-1)[..., k - 1:k]


def _folds(rng, r: int, n: int, k: int) -> np.ndarray:
    """Fold index (0..k-1, sizes differing by at most one) of each sample, per row."""
    rank = np.empty((r, n), dtype=np.int64)
    np.put_along_axis(rank, rng.random((r, n)).argsort(-1), np.broadcast_to(np.arange(n), (r, n)), -1)
    return rank % k


def _mcnemar_reject(e01, e10, crit_chi: float) -> np.ndarray:
    """McNemar's decision (2.33) on arrays of counts, as :func:`evalcore.mcnemar`
    decides one pair: (|e01 - e10| - 1)^2 / (e01 + e10) above the chi-square
    critical value; no disagreement, no rejection."""
    e01, e10 = np.asarray(e01), np.asarray(e10)
    chi = (np.abs(e01 - e10) - 1.0) ** 2 / np.maximum(e01 + e10, 1)
    return (chi > crit_chi) & (e01 + e10 > 0)


def simulate_tests(*, replications: int = 1000, n: int = 100, error: float = 0.25, effect: float = 0.0,
                   influence: float = 1.5, alpha: float = 0.05, seed: int = 0, progress=None) -> TestSimulation:
    """Simulate the book's tests on two learners (after Dietterich 1998).

    Each replication draws a data set of ``n`` samples.  Sample j has a
    difficulty h_j shared by both learners and, per learner L, an
    idiosyncrasy e_Lj and a draw U_Lj ~ U(0, 1).  Learner L trained on a
    training set T errs on sample j iff
    U_Lj < Phi(a_L + 0.8 h_j + e_Lj + tau * mean_{i in T} z_Li):
    the last term is how its training set moves a trained model (z_Li ~
    N(0, 1) per sample, ``tau`` = ``influence``); overlapping training sets
    give nearly the same model.  a_L is set so that learner B's true error
    is ``error`` and A's is ``error - effect``: with ``effect = 0`` the two
    are equally good and every rejection is a Type I error.

    Tests, per replication (two-sided, level ``alpha``): McNemar on one
    2/3-1/3 split; the resampled paired t on 30 random 2/3-1/3 splits
    (df 29) and the corrected resampled t on the same splits; the 10-fold
    CV paired t (df 9); 5x2cv with Dietterich's numerator d_11 and with the
    book's (d_11 + d_12)/2 (df 5).

    Parameters
    ----------
    replications : int, default 1000
        Up to :data:`MAX_REPLICATIONS`.
    n : int, default 100
        Data set size, even, in [20, 2000].
    error, effect : float, defaults 0.25 and 0.0
        B's true error and how much lower A's is.
    influence : float, default 1.5
        tau: how much a training set moves its model (0: not at all).
    progress : callable or None, default None
        Called with the share done (0..1) after each block of replications.
    alpha : float, default 0.05
        Every test's significance level, in (0, 1).
    seed : int, default 0
        Seed of every draw (the same seed, the same simulation).

    Returns
    -------
    TestSimulation
        ``tests``, ``rejections``, ``replications``, ``n``, ``effect``, ``alpha``
        and ``true_error``; ``rate`` and ``standard_error``.
    """
    reps = int(replications)
    if not 10 <= reps <= MAX_REPLICATIONS:
        raise DataError("out_of_range", name="replications", interval=f"[10, {MAX_REPLICATIONS}]", value=reps)
    if not 20 <= int(n) <= 2000 or int(n) % 2:
        raise DataError("out_of_range", name="n", interval="[20, 2000], even", value=n)
    if not 0 < error - effect <= error < 1 or effect < 0:
        raise DataError("out_of_range", name="effect", interval=f"[0, {error})", value=effect)
    a = check_alpha(alpha)
    n = int(n)
    sd = _probit_sd()
    base = np.array([stats.norm.ppf(error - effect), stats.norm.ppf(error)]) * sd
    rng = np.random.default_rng(seed)
    n_tr = int(round(TRAIN_SHARE * n))
    crit_t = {k: float(stats.t.ppf(1 - a / 2, k)) for k in (RESAMPLES - 1, 9, 5)}
    crit_chi = float(stats.chi2.ppf(1 - a, 1))
    rej = np.zeros(len(SIM_TESTS), dtype=np.int64)
    chunk = max(2, _CELLS // (2 * (RESAMPLES + 1) * n))
    for start in range(0, reps, chunk):
        r = min(chunk, reps - start)
        h, e = rng.standard_normal((r, 1, n)), IDIOSYNCRASY * rng.standard_normal((r, 2, n))
        v = stats.norm.ppf(rng.random((r, 2, n))) - DIFFICULTY * h - e
        z = rng.standard_normal((r, 2, n))
        # McNemar (split 0) and the resampled t-tests (splits 1..30): train = the first n_tr of a permutation
        train = _subset(rng, (r, RESAMPLES + 1, n), n_tr)
        err, wrong = _errors(base, v, z, train, ~train, influence)
        t0 = ~train[:, 0]
        e01 = (wrong[:, 0, 0] & ~wrong[:, 1, 0] & t0).sum(-1)
        e10 = (~wrong[:, 0, 0] & wrong[:, 1, 0] & t0).sum(-1)
        rej[0] += int(_mcnemar_reject(e01, e10, crit_chi).sum())
        diff = (err[:, 0] - err[:, 1])[:, 1:]
        rej[1] += int(_t_reject(diff, crit_t[RESAMPLES - 1]).sum())
        rej[5] += int(_t_reject(diff, crit_t[RESAMPLES - 1], 1 / RESAMPLES + (n - n_tr) / n_tr).sum())
        # 10-fold CV: the folds of one permutation
        test = _folds(rng, r, n, 10)[:, None, :] == np.arange(10)[None, :, None]
        err, _ = _errors(base, v, z, ~test, test, influence)
        rej[2] += int(_t_reject(err[:, 0] - err[:, 1], crit_t[9]).sum())
        # 5x2cv: five permutations, each cut in halves; fold 1 of replication i at i, fold 2 at 5 + i
        half = _subset(rng, (r, 5, n), n // 2)
        test = np.concatenate([half, ~half], axis=1)
        err, _ = _errors(base, v, z, ~test, test, influence)
        dd = (err[:, 0] - err[:, 1]).reshape(r, 2, 5).transpose(0, 2, 1)      # (r, 5 replications, 2 folds)
        den = np.sqrt(0.2 * ((dd - dd.mean(-1, keepdims=True)) ** 2).sum((-1, -2)))
        for col, num in ((3, dd[:, 0, 0]), (4, dd[:, 0].mean(-1))):
            with np.errstate(invalid="ignore", divide="ignore"):
                t = np.where(den > 0, num / np.where(den > 0, den, 1), 0.0)
            rej[col] += int((np.abs(t) > crit_t[5]).sum())
        if progress is not None:
            progress(min(1.0, (start + r) / reps))
    return TestSimulation(SIM_TESTS, rej, reps, n, float(effect), a, (float(error - effect), float(error)))


__all__ = ["SIM_TESTS", "CorrectedTTestResult", "corrected_resampled_t_test", "BayesianTTest",
           "bayesian_correlated_t", "TestSimulation", "simulate_tests"]
