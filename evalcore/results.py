"""Result types shared by every topic module.

* :class:`ConfidenceInterval` -- the one interval type (``low``, ``high``),
  as SciPy's ``ConfidenceInterval``; every function or method that returns an
  interval returns this.
* :class:`TestResult` -- the frozen base of every hypothesis test's result
  (``statistic``, ``pvalue``, ``critical``, ``reject``, ``alpha``), each
  built by keyword; the tests add their own fields.
* :class:`Better` -- the one enumeration for "which of two is better"
  verdicts (curve enclosure, cost ranges, paired comparisons).  Its values
  are strings, so they can build message keys (``f"verdict.{v.value}"``).
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple


class ConfidenceInterval(NamedTuple):
    """A two-sided interval ``[low, high]``."""

    low: float
    high: float

    @property
    def width(self) -> float:
        return self.high - self.low

    def __contains__(self, value) -> bool:  # ``x in ci``
        return self.low <= value <= self.high


@dataclass(frozen=True, kw_only=True)
class TestResult:
    """What every hypothesis test returns; a test's result class adds its
    own fields (all keyword-only: ``BinomialTestResult(statistic=5, ...)``).

    ``statistic``  the test statistic as the book writes it
    ``pvalue``     its p-value
    ``critical``   the statistic's critical value at ``alpha``
    ``reject``     whether the null hypothesis is rejected at ``alpha``
    ``alpha``      the significance level
    """

    __test__ = False          # not a pytest test class, even when a test module imports it

    statistic: float
    pvalue: float
    critical: float
    reject: bool
    alpha: float


class Better(str, enum.Enum):
    """Which of two things (``first`` / ``second``) is better.

    ``FIRST``  the first is at least as good everywhere and better somewhere
    ``SECOND`` the same for the second
    ``EQUAL``  they coincide
    ``CROSS``  each is better somewhere (no verdict without more criteria)
    """

    FIRST = "first"
    SECOND = "second"
    EQUAL = "equal"
    CROSS = "cross"

    def __str__(self) -> str:
        return self.value


def operand_digits(compute, operands, *, decimals: int = 4, least: int = 3, most: int = 17) -> int:
    """The fewest significant digits (at least ``least``) to print the
    ``operands`` of a filled formula with, so that a student recomputing
    ``compute(*operands)`` from the printed numbers gets the printed result
    (``decimals`` places).  DeLong's z = 0.0055 / sqrt(0.000007) read 2.0570
    while the printed numbers give 2.0788: the operands need more digits.

    Parameters
    ----------
    compute : callable
        The formula: ``compute(*operands)`` returns a number.
    operands : sequence of float
        The numbers filled into the formula, at full precision.
    decimals : int, default 4
        Decimal places the result is printed with.
    least : int, default 3
        The fewest significant digits to return.
    most : int, default 17
        The most significant digits to try (17 prints any float exactly); returned
        when no fewer digits reproduce the result.

    Returns
    -------
    int
        Significant digits, between ``least`` and ``most``.

    Examples
    --------
    >>> import math
    >>> from evalcore import operand_digits
    >>> z = lambda d, v: d / math.sqrt(v)
    >>> n = operand_digits(z, (0.00551234, 7.18116e-06))
    >>> printed = [float(f"{v:.{n}g}") for v in (0.00551234, 7.18116e-06)]
    >>> n, round(z(0.00551234, 7.18116e-06), 4), round(z(*printed), 4), round(z(0.0055, 0.000007), 4)
    (5, 2.057, 2.057, 2.0788)
    """
    target = round(float(compute(*operands)), decimals)
    for n in range(least, most + 1):
        if round(float(compute(*(float(f"{v:.{n}g}") for v in operands))), decimals) == target:
            return n
    return most


__all__ = ["ConfidenceInterval", "TestResult", "Better", "operand_digits"]
