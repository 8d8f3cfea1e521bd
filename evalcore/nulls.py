"""The null distribution of a test, ready to draw: the density (or the
probability mass, for the binomial test) over a grid, which part of it is
the rejection region at the test's alpha, where the observed statistic and
the critical value(s) lie.  Pure numbers; a figure only draws them."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats

from .comparison import BinomialTestResult, Cv5x2Result, FriedmanResult, McNemarResult, TTestResult
from .delong import DeLongResult
from .chisquare import Chi2TestResult
from ._validation import DataError
from .results import operand_digits


@dataclass(frozen=True, eq=False)
class NullDistribution:
    """``x`` the statistic's values and ``density`` there (a pmf when
    ``discrete``); ``reject`` marks the values in the rejection region;
    ``observed`` the observed statistic (may be nan or +-inf for a
    degenerate test); ``critical`` the critical value(s), one for a
    one-sided test and two (-c, +c) for a two-sided one; ``name`` the
    distribution ("Bin(m, eps0)", "t(df)", "chi2(1)", "F(df1, df2)", "N(0, 1)")."""

    x: np.ndarray
    density: np.ndarray
    reject: np.ndarray
    observed: float
    critical: tuple
    name: str
    discrete: bool


def _grid(lo: float, hi: float, observed: float, n: int = 400) -> np.ndarray:
    if math.isfinite(observed):
        lo, hi = min(lo, observed - 0.5), max(hi, observed + 0.5)
    return np.linspace(lo, hi, n)


def null_distribution(result) -> NullDistribution:
    """The null distribution of ``result`` (a binomial, t, paired t, 5x2cv,
    McNemar, chi-square, Friedman or DeLong result).

    Parameters
    ----------
    result : TestResult
        A :class:`BinomialTestResult`, :class:`TTestResult`, :class:`Cv5x2Result`,
        :class:`McNemarResult`, :class:`Chi2TestResult`, :class:`FriedmanResult`
        or :class:`DeLongResult`.

    Returns
    -------
    NullDistribution
        ``x``, ``density`` (a pmf when ``discrete``), ``reject`` (x in the
        rejection region), ``observed``, ``critical`` (one or two values),
        ``name`` and ``discrete``.

    Examples
    --------
    >>> import evalcore as ec
    >>> nd = ec.null_distribution(ec.binomial_test(5, 20, 0.1))
    >>> nd.name, nd.critical, bool(nd.reject[5]), bool(nd.reject[4])
    ('Bin(20, 0.1)', (4,), True, False)
    """
    r = result
    if isinstance(r, BinomialTestResult):
        x = np.arange(r.m + 1)
        return NullDistribution(x, stats.binom.pmf(x, r.m, r.eps0), x > r.critical, float(r.statistic),
                                (int(r.critical),), f"Bin({r.m}, {r.eps0:g})", True)
    if isinstance(r, (TTestResult, Cv5x2Result)):
        c = r.critical
        x = _grid(-max(4.0, c + 1.5), max(4.0, c + 1.5), r.statistic)
        return NullDistribution(x, stats.t.pdf(x, r.df), np.abs(x) > c, float(r.statistic), (-c, c),
                                f"t({r.df})", False)
    if isinstance(r, McNemarResult):
        x = _grid(0.0, max(8.0, r.critical + 3.0), r.statistic)[1:]
        return NullDistribution(x, stats.chi2.pdf(x, 1), x > r.critical, float(r.statistic), (r.critical,),
                                "χ²(1)", False)
    if isinstance(r, Chi2TestResult):
        x = _grid(0.0, max(8.0, r.critical + 3.0 * r.df ** 0.5 + 3.0), r.statistic)[1:]
        return NullDistribution(x, stats.chi2.pdf(x, r.df), x > r.critical, float(r.statistic), (r.critical,),
                                f"χ²({r.df})", False)
    if isinstance(r, FriedmanResult):
        d1, d2 = r.df
        x = _grid(0.0, max(6.0, r.critical + 3.0), r.statistic)[1:]
        return NullDistribution(x, stats.f.pdf(x, d1, d2), x > r.critical, float(r.statistic), (r.critical,),
                                f"F({d1}, {d2})", False)
    if isinstance(r, DeLongResult):
        c = r.critical
        x = _grid(-4.0, 4.0, r.statistic)
        return NullDistribution(x, stats.norm.pdf(x), np.abs(x) > c, float(r.statistic), (-c, c), "N(0, 1)",
                                False)
    raise TypeError(f"no null distribution for {type(r).__name__}")


FORMULA_DECIMALS = 4      # a filled formula's result is printed to 4 decimals


def formula_digits(result, *, eps0: float = 0.0, decimals: int = FORMULA_DECIMALS) -> int:
    """Significant digits for the operands of ``result``'s filled formula
    (:func:`~evalcore.operand_digits`): the t-test's mean and s
    (τ_t = √k (μ − ε₀)/σ; ``eps0`` 0 for the paired test), 5x2cv's numerator
    and Σσᵢ² (τ_t = μ/√(0.2 Σσᵢ²)), DeLong's difference and its variance
    (z = d/√Var), such that recomputing from the printed operands gives the
    printed statistic.  A degenerate statistic (nan, ±inf) gets ``decimals``.

    Parameters
    ----------
    result : TestResult
        The test's result (t, paired t, 5x2cv or DeLong; others get ``decimals``).
    eps0 : float, default 0.0
        The one-sample t-test's H0 mean (0 for the paired test).
    decimals : int, default FORMULA_DECIMALS
        Decimal places the statistic is printed with.

    Returns
    -------
    int
        Significant digits for the operands.
    """
    if not math.isfinite(float(result.statistic)):
        return decimals
    if isinstance(result, TTestResult):
        k = result.k
        return operand_digits(lambda m, s: math.sqrt(k) * (m - eps0) / s, (result.mean, result.std),
                              decimals=decimals)
    if isinstance(result, Cv5x2Result):
        return operand_digits(lambda m, v: m / math.sqrt(0.2 * v), (result.numerator, result.variance_sum),
                              decimals=decimals)
    if isinstance(result, DeLongResult):
        return operand_digits(lambda d, v: d / math.sqrt(v), (result.difference, result.difference_variance),
                              decimals=decimals)
    raise DataError("bad_option", name="result", options=("TTestResult", "Cv5x2Result", "DeLongResult"),
                    value=type(result).__name__)


__all__ = ["NullDistribution", "null_distribution", "formula_digits", "FORMULA_DECIMALS"]
