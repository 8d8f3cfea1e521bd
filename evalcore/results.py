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


__all__ = ["ConfidenceInterval", "TestResult", "Better"]
