"""A question attached to a tour stop (class mode, issue 38): the lecturer
puts it to the class at that stop.  In a tour file::

    [[stop]]
    page = "methods"
    zh = "..."
    en = "..."
    question = { zh = "约多少样本从未被抽到?", en = "About what share is never drawn?",
                 choices = [{ zh = "约 10%", en = "about 10%" }, { zh = "约 37%", en = "about 37%" }], answer = 2 }

``choices`` (2 to ``limits.CLASS_CHOICES``, each ``zh``/``en``) with ``answer``
the right one's number (1 = the first), or ``range = [lo, hi]`` with a
number ``answer`` in it (or no answer).  Every value is checked here before
the tour is used (:func:`check`); :func:`toml` writes it back.
"""
from __future__ import annotations

import json
import math

from classroom import Question
from ui.protect import limits


class QuestionError(ValueError):
    """What is wrong with a stop's question: the ``setting`` (e.g. ``question.answer``) and its ``value``."""

    def __init__(self, setting: str, value):
        super().__init__(setting)
        self.setting, self.value = setting, value


def _texts(raw, where: str, limit: int) -> dict:
    if not isinstance(raw, dict) or set(raw) - {"zh", "en"}:
        raise QuestionError(where, raw)
    out = {k: raw.get(k, "") for k in ("zh", "en")}
    if not all(isinstance(v, str) and len(v) <= limit for v in out.values()) or not any(out.values()):
        raise QuestionError(where, raw)
    return out


def _number(raw, where: str) -> float:
    if isinstance(raw, bool) or not isinstance(raw, (int, float)) or not math.isfinite(raw):
        raise QuestionError(where, raw)
    return float(raw)


def check(raw) -> dict:
    """The stop's question (``raw``: its TOML table) as a checked plain dict,
    or a QuestionError saying which part is wrong."""
    if not isinstance(raw, dict):
        raise QuestionError("question", raw)
    unknown = set(raw) - {"zh", "en", "choices", "range", "answer"}
    if unknown:
        raise QuestionError("question." + sorted(unknown)[0], raw[sorted(unknown)[0]])
    out = {"text": _texts({k: raw.get(k, "") for k in ("zh", "en")}, "question", limits.TOUR_NOTE_CHARS)}
    answer = raw.get("answer")
    if ("choices" in raw) == ("range" in raw):
        raise QuestionError("question", "choices or range")
    if "choices" in raw:
        choices = raw["choices"]
        if not isinstance(choices, list) or not 2 <= len(choices) <= limits.CLASS_CHOICES:
            raise QuestionError("question.choices", len(choices) if isinstance(choices, list) else choices)
        out["choices"] = [_texts(c, "question.choices", limits.CLASS_LABEL_CHARS) for c in choices]
        if answer is not None and (isinstance(answer, bool) or answer not in range(1, len(choices) + 1)):
            raise QuestionError("question.answer", answer)
    else:
        rng = raw["range"]
        if not isinstance(rng, list) or len(rng) != 2:
            raise QuestionError("question.range", rng)
        lo, hi = (_number(x, "question.range") for x in rng)
        if not lo < hi:
            raise QuestionError("question.range", rng)
        out["range"] = [lo, hi]
        if answer is not None and not lo <= _number(answer, "question.answer") <= hi:
            raise QuestionError("question.answer", answer)
    if answer is not None:
        out["answer"] = answer
    return out


def question(q: dict, key: str) -> Question:
    """The class vote of a checked stop question (``key``: the tour and the stop)."""
    if "choices" in q:
        options = tuple(str(i + 1) for i in range(len(q["choices"])))
        return Question(key=key, kind="choice", options=options, text=q["text"],
                        correct=None if q.get("answer") is None else str(q["answer"]),
                        labels=dict(zip(options, q["choices"])))
    lo, hi = q["range"]
    return Question(key=key, kind="number", lo=lo, hi=hi, correct=q.get("answer"), text=q["text"])


def toml(q: dict) -> str:
    """The question's line of a tour file (an inline table: what :func:`check` reads back)."""
    def s(v):
        return json.dumps(v, ensure_ascii=False)

    def table(d):
        return "{ " + ", ".join(f"{k} = {s(v)}" for k, v in d.items() if v) + " }"

    parts = [f"{k} = {s(v)}" for k, v in q["text"].items() if v]
    if "choices" in q:
        parts.append("choices = [" + ", ".join(table(c) for c in q["choices"]) + "]")
    else:
        parts.append(f"range = [{q['range'][0]!r}, {q['range'][1]!r}]")
    if "answer" in q:
        parts.append(f"answer = {q['answer']!r}")
    return "question = { " + ", ".join(parts) + " }"
