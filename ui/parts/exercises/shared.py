"""Helpers the exercise sections share: option labels, big integers in scientific form, the sidebar's
current predictions, a number in a sentence.

Session keys ``exercises.<n>.<name>`` (the section's controls, declared as the
``exercises.`` family in ui/core/state.py)."""
from __future__ import annotations

import evalcore as ec
from ui.core.i18n import labels
from ui.core.data import chosen_models, no_data
from ui.core.page import data_sidebar

PAGE_STRINGS = "exercises."

def options(prefix: str, keys: tuple) -> dict:
    return labels(prefix, keys)


_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def big(n: int, tex: bool = False) -> str:
    """A big integer in scientific form, 4 digits rounded: 2.986 × 10^262 (LaTeX with ``tex``)."""
    if n < 10 ** 6:
        return str(n)
    m, e = ec.scientific_parts(n, digits=4)
    return m + (rf" \times 10^{{{e}}}" if tex else " × 10" + str(e).translate(_SUPERSCRIPT))


def current():
    """The sidebar's predictions and the first chosen model's (y, scores, name)."""
    ps, _ = data_sidebar()
    if ps is None:
        no_data()
        return None
    name = (chosen_models(ps) or ps.models)[0]
    return ps.y, ps.scores[name], name


def num(v: float) -> str:
    """A table cell people read: whole numbers from 100 on ("5000", not "5e+03"), else 3 significant digits."""
    return f"{v:.0f}" if abs(v) >= 100 else f"{v:.3g}"
