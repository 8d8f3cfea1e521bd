"""Result types shared by every topic module.

* :class:`ConfidenceInterval` -- the one interval type (``low``, ``high``),
  as SciPy's ``ConfidenceInterval``; every function or method that returns an
  interval returns this.
* :class:`Better` -- the one enumeration for "which of two is better"
  verdicts (curve enclosure, cost ranges, paired comparisons).  Its values
  are strings, so they can build message keys (``f"verdict.{v.value}"``).
"""
from __future__ import annotations

import enum
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


__all__ = ["ConfidenceInterval", "Better"]
