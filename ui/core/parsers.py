"""Parsers of link parameters, each a function from the parameter's text to
its value (ValueError when the text is bad) that also says its range
(``lo``, ``hi``, ``step``, ``options``: the widgets read it through
``ui.core.settings.span`` and ``choices``)."""
from __future__ import annotations

import math


def boolean(v: str) -> bool:
    if v not in ("0", "1"):
        raise ValueError(v)
    return v == "1"


def ranged(parse, **range_):
    """A parser that also says its range (``lo``, ``hi``, ``options``): the widgets read it."""
    for k, v in range_.items():
        setattr(parse, k, v)
    return parse


def choice(*options):
    def parse(v: str) -> str:
        if v not in options:
            raise ValueError(v)
        return v
    return ranged(parse, options=options)


def int_in(lo: int, hi: int):
    def parse(v: str) -> int:
        x = int(v)
        if not lo <= x <= hi:
            raise ValueError(v)
        return x
    return ranged(parse, lo=lo, hi=hi)


def float_in(lo: float, hi: float):
    def parse(v: str) -> float:
        x = float(v)
        if not (math.isfinite(x) and lo <= x <= hi):
            raise ValueError(v)
        return x
    return ranged(parse, lo=lo, hi=hi)


def int_of(*options: int):
    def parse(v: str) -> int:
        x = int(v)
        if x not in options:
            raise ValueError(v)
        return x
    return ranged(parse, options=options)


def int_grid(lo: int, hi: int, step: int):
    """An integer in [lo, hi] on a slider's grid of ``step`` (exactly on it)."""
    options = tuple(range(lo, hi + 1, step))

    def parse(v: str) -> int:
        x = int(v)
        if x not in options:
            raise ValueError(v)
        return x
    return ranged(parse, lo=lo, hi=hi, step=step, options=options)


def grid_in(lo: float, hi: float, step: float):
    """A float in [lo, hi] on a slider's grid of ``step`` (rounded to it)."""
    def parse(v: str) -> float:
        x = float_in(lo, hi)(v)
        return round(lo + round((x - lo) / step) * step, 10)
    return ranged(parse, lo=lo, hi=hi, step=step)
