"""The report's visible strings, both languages, read from ``strings.toml``
beside this module (the report is built without Streamlit)."""
from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

LANGS = ("zh", "en")


@lru_cache(maxsize=1)
def strings() -> dict:
    """Every key -> {"zh": ..., "en": ...} (read once)."""
    with open(Path(__file__).with_name("strings.toml"), "rb") as f:
        return tomllib.load(f)


def text(key: str, lang: str, **kw) -> str:
    """String ``key`` in ``lang``, formatted with ``kw`` when given (the caller escapes values for HTML)."""
    s = strings()[key]["zh" if lang == "zh" else "en"]
    return s.format(**kw) if kw else s
