"""Exercises 2.9 and 2.10: Pearson's chi-square tests (goodness of fit,
independence) and the rejection rates of the Friedman test's chi-square
form (2.34) and F form (2.35), by simulation."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats

from ._validation import DataError, check_alpha, check_count
from .results import TestResult

FRIEDMAN_MAX_WORK = 4_000_000                    # replications x N x k of one rejection-rate simulation
FRIEDMAN_FORMS = ("chi2", "f")                   # (2.34) and (2.35)
BAND_SES = 2                                     # a rate within α ± 2 simulation standard errors is "at α"


@dataclass(frozen=True, kw_only=True)
class Chi2TestResult(TestResult):
    """A chi-square test: ``statistic`` Σ (O - E)² / E, ``df``, ``observed``
    and ``expected`` counts (same shape), ``kind`` "goodness" or "independence"."""

    df: int
    observed: np.ndarray
    expected: np.ndarray
    kind: str


def _chi2(obs, exp, df, alpha, kind) -> Chi2TestResult:
    a = check_alpha(alpha)
    stat = float(((obs - exp) ** 2 / exp).sum())
    crit = float(stats.chi2.isf(a, df))
    return Chi2TestResult(statistic=stat, pvalue=float(stats.chi2.sf(stat, df)), critical=crit,
                          reject=stat > crit, alpha=a, df=int(df), observed=obs, expected=exp, kind=kind)


def _counts(table, name) -> np.ndarray:
    t = np.asarray(table, dtype=np.float64)
    if not np.all(np.isfinite(t)) or np.any(t < 0):
        raise DataError("out_of_range", name=name, interval="[0, inf)", value="a cell")
    return t


def chi2_goodness_of_fit(observed, *, expected=None, alpha: float = 0.05) -> Chi2TestResult:
    """Pearson's goodness-of-fit test of counts against ``expected`` counts
    (default: equal counts), df = cells - 1; as ``scipy.stats.chisquare``.

    Parameters
    ----------
    observed : array-like of shape (c,)
        Counts per cell, >= 0.
    expected : array-like of shape (c,), optional
        Expected counts (same total); by default equal counts.
    alpha : float, default 0.05
        Significance level, in (0, 1).

    Returns
    -------
    Chi2TestResult
        ``statistic``, ``pvalue``, ``critical``, ``reject``, ``alpha``, ``df``,
        ``observed``, ``expected`` and ``kind``.

    Examples
    --------
    >>> import evalcore as ec
    >>> r = ec.chi2_goodness_of_fit([18, 22, 20, 40])
    >>> round(r.statistic, 3), r.df
    (12.32, 3)
    """
    o = _counts(observed, "observed").ravel()
    if o.size < 2 or o.sum() <= 0:
        raise DataError("too_few", name="cells with counts", need=2, got=int(o.size))
    e = np.full(o.size, o.sum() / o.size) if expected is None else _counts(expected, "expected").ravel()
    if e.shape != o.shape or np.any(e <= 0) or not math.isclose(e.sum(), o.sum(), rel_tol=1e-9):
        raise DataError("out_of_range", name="expected", interval="positive, summing to the observed total",
                        value=", ".join(f"{v:g}" for v in e[:6]))
    return _chi2(o, e, o.size - 1, alpha, "goodness")


def chi2_independence(table, *, alpha: float = 0.05) -> Chi2TestResult:
    """Pearson's test of independence of a contingency table, expected counts
    row total x column total / n, df = (r - 1)(c - 1), no continuity
    correction (as ``scipy.stats.chi2_contingency(..., correction=False)``).

    Parameters
    ----------
    table : array-like of shape (r, c)
        Contingency counts, >= 0.
    alpha : float, default 0.05
        Significance level, in (0, 1).

    Returns
    -------
    Chi2TestResult
        ``statistic``, ``pvalue``, ``critical``, ``reject``, ``alpha``, ``df``,
        ``observed``, ``expected`` and ``kind``.

    Examples
    --------
    >>> import evalcore as ec
    >>> r = ec.chi2_independence([[20, 30], [30, 20]])
    >>> round(r.statistic, 3), r.df
    (4.0, 1)
    """
    o = _counts(table, "table")
    if o.ndim != 2 or min(o.shape) < 2:
        raise DataError("too_few", name="rows and columns", need=2, got=int(min(o.shape) if o.ndim == 2 else 0))
    e = o.sum(axis=1, keepdims=True) * o.sum(axis=0, keepdims=True) / o.sum()
    if np.any(e <= 0):
        raise DataError("out_of_range", name="a row or column total", interval="(0, inf)", value=0)
    return _chi2(o, e, (o.shape[0] - 1) * (o.shape[1] - 1), alpha, "independence")


# ----------------------------------------------------------- 2.10: Friedman, chi-square or F form
@dataclass(frozen=True, eq=False)
class FriedmanRates:
    """Rejection rates of the Friedman test's χ² form (2.34) and F form
    (2.35), per number of data sets ``ns``, over ``replications`` each;
    ``se`` the binomial standard error of a rate α; the predicates the
    exercise's sentence reads: :attr:`band`, :meth:`verdicts`, :meth:`runs`,
    :attr:`null_verdict`, :meth:`power_leader`."""

    ns: np.ndarray
    rate_chi2: np.ndarray
    rate_f: np.ndarray
    k: int
    alpha: float
    effect: float
    replications: int

    @property
    def se(self) -> float:
        return math.sqrt(self.alpha * (1 - self.alpha) / self.replications)

    @property
    def band(self) -> tuple[float, float]:
        """α ± :data:`BAND_SES` simulation standard errors: a rate inside is
        "at α within simulation error" (the figure's grey band)."""
        return self.alpha - BAND_SES * self.se, self.alpha + BAND_SES * self.se

    def rates(self, form: str) -> np.ndarray:
        """The rates of ``form``: ``"chi2"`` (2.34) or ``"f"`` (2.35).

        Parameters
        ----------
        form : {"chi2", "f"}
            The Friedman statistic's form: tau_chi2 (2.34) or tau_F (2.35).

        Returns
        -------
        ndarray of float, shape (len(ns),)
            Rejection rates, in [0, 1].
        """
        if form not in FRIEDMAN_FORMS:
            raise DataError("bad_option", name="form", options=FRIEDMAN_FORMS, value=form)
        return self.rate_chi2 if form == "chi2" else self.rate_f

    def verdicts(self, form: str) -> np.ndarray:
        """Per N, ``"below"``, ``"at"`` or ``"above"`` α (against :attr:`band`).

        Parameters
        ----------
        form : {"chi2", "f"}
            The Friedman statistic's form: tau_chi2 (2.34) or tau_F (2.35).

        Returns
        -------
        ndarray of str, shape (len(ns),)
            "below", "at" or "above".
        """
        lo, hi = self.band
        v = self.rates(form)
        return np.where(v < lo, "below", np.where(v > hi, "above", "at"))

    def runs(self, form: str) -> list[tuple[str, int, int]]:
        """The verdicts of ``form`` as runs of consecutive N: (verdict, first N, last N).

        Parameters
        ----------
        form : {"chi2", "f"}
            The Friedman statistic's form: tau_chi2 (2.34) or tau_F (2.35).

        Returns
        -------
        list of (str, int, int)
            (verdict, first N, last N) per run.
        """
        out: list[tuple[str, int, int]] = []
        for n, v in zip(self.ns.tolist(), self.verdicts(form).tolist()):
            if out and out[-1][0] == v:
                out[-1] = (v, out[-1][1], n)
            else:
                out.append((v, n, n))
        return out

    def deviation(self, form: str) -> float:
        """The mean |rate - α| over the N simulated.

        Parameters
        ----------
        form : {"chi2", "f"}
            The Friedman statistic's form: tau_chi2 (2.34) or tau_F (2.35).

        Returns
        -------
        float
            Mean absolute deviation of the rates from alpha.
        """
        return float(np.mean(np.abs(self.rates(form) - self.alpha)))

    @property
    def null_verdict(self) -> str:
        """Which form keeps α (read with the null hypothesis true): ``"both_at"``
        (both inside the band at every N), ``"f_at"`` (τ_F at every N, τ_χ² not),
        ``"chi2_at"`` (the reverse), ``"f_closer"`` / ``"chi2_closer"`` (neither
        everywhere; the one with the smaller :meth:`deviation`)."""
        f_ok, c_ok = (bool((self.verdicts(x) == "at").all()) for x in ("f", "chi2"))
        if f_ok or c_ok:
            return "both_at" if f_ok and c_ok else "f_at" if f_ok else "chi2_at"
        return "f_closer" if self.deviation("f") <= self.deviation("chi2") else "chi2_closer"

    def power_leader(self, i: int = 0) -> str:
        """At the ``i``-th N: ``"f"`` or ``"chi2"``, the form rejecting more
        often by over two standard errors of a rate, or ``"same"``.

        Parameters
        ----------
        i : int, default 0
            Index into ``ns``.

        Returns
        -------
        str
            "f", "chi2" or "same".
        """
        c, f = float(self.rate_chi2[i]), float(self.rate_f[i])
        p = (c + f) / 2
        if abs(f - c) <= BAND_SES * math.sqrt(max(p * (1 - p), 1e-12) / self.replications):
            return "same"
        return "f" if f > c else "chi2"


def friedman_rejection_rates(k, ns, *, alpha: float = 0.05, effect: float = 0.0, replications: int = 10_000,
                             seed: int = 0) -> FriedmanRates:
    """Simulate ``replications`` tables of N data sets x ``k`` algorithms for
    each N of ``ns``: algorithm j's performance is effect x j plus standard
    normal noise (effect 0: the null hypothesis holds); rank within each
    data set, compute τ_χ² (2.34) and τ_F (2.35) and count rejections at
    ``alpha`` against χ²(k - 1) and F(k - 1, (k - 1)(N - 1)).

    Parameters
    ----------
    k : int
        Number of algorithms, >= 2.
    ns : sequence of int
        Numbers of data sets N, each >= 2.
    alpha : float, default 0.05
        Significance level, in (0, 1).
    effect : float, default 0.0
        Step in mean performance between neighbouring algorithms (0: H0 holds).
    replications : int, default 10_000
        Simulated tables per N (replications x sum(ns) x k at most FRIEDMAN_MAX_WORK).
    seed : int, default 0
        Seed of the simulation.

    Returns
    -------
    FriedmanRates
        ``ns``, ``rate_chi2``, ``rate_f`` (per N), ``k``, ``alpha``, ``effect``,
        ``replications``; ``se`` and the verdict methods.

    Examples
    --------
    >>> import evalcore as ec
    >>> r = ec.friedman_rejection_rates(4, [10], replications=2000)
    >>> bool(abs(r.rate_f[0] - 0.05) < 4 * r.se)
    True
    """
    kk = check_count(k, "k", minimum=2)
    a = check_alpha(alpha)
    reps = check_count(replications, "replications", minimum=1)
    nv = [check_count(n, "N", minimum=2) for n in ns]
    if reps * sum(nv) * kk > FRIEDMAN_MAX_WORK:
        raise DataError("too_many", name="replications x data sets x algorithms", limit=FRIEDMAN_MAX_WORK,
                        got=reps * sum(nv) * kk, hint="")
    rng = np.random.default_rng(seed)
    rc, rf = [], []
    for n in nv:
        perf = rng.normal(size=(reps, n, kk)) + effect * np.arange(kk)
        ranks = perf.argsort(axis=2).argsort(axis=2) + 1.0            # continuous noise: no ties
        r = ranks.mean(axis=1)                                         # (reps, k) average ranks
        chi2 = 12 * n / (kk * (kk + 1)) * ((r ** 2).sum(axis=1) - kk * (kk + 1) ** 2 / 4)
        with np.errstate(divide="ignore", invalid="ignore"):
            f = (n - 1) * chi2 / (n * (kk - 1) - chi2)
        rc.append(float(np.mean(chi2 > stats.chi2.isf(a, kk - 1))))
        rf.append(float(np.mean(f > stats.f.isf(a, kk - 1, (kk - 1) * (n - 1)))))
    return FriedmanRates(np.asarray(nv), np.asarray(rc), np.asarray(rf), kk, a, float(effect), reps)


__all__ = ["Chi2TestResult", "chi2_goodness_of_fit", "chi2_independence", "FriedmanRates",
           "friedman_rejection_rates", "FRIEDMAN_MAX_WORK", "FRIEDMAN_FORMS"]
