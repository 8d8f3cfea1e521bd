"""A tour file crafted to walk around the parser's bounds (issue 37, item 1):
a dotted key of thousands of parts (the TOML parser's memory grows with the
square of their number), nesting a thousand levels deep (its recursion), a
table where a page name belongs (an unhashable value in the checker).  Each
is refused before the parser runs, with little memory and a sentence in the
user's language; whatever the parser could still raise is a TourError."""
import tracemalloc

import pytest
from apptest_utils import ok
from test_tour import _worded
from streamlit.testing.v1 import AppTest

from ui.protect import limits

from ui.core import tour
HEAD = "[[stop]]\npage = 'home'\n"
CRAFTED = {      # name: (file, the TourError's code)
    "a 62 KB dotted key of 31,000 parts": (HEAD + ".".join(["a"] * 31_000) + " = 1\n", "line"),
    "a dotted key of 1,000 parts": (HEAD + ".".join(["a"] * 1_000) + " = 1\n", "keylen"),
    "quoted parts": (HEAD + ".".join(['"a"'] * 500) + " = 1\n", "keylen"),
    "a table header of 5 parts": ("[a.b.c.d.e]\nx = 1\n", "keylen"),
    "a key in an inline table": (HEAD + "state = {" + ".".join(["a"] * 50) + " = 1}\n", "keylen"),
    "1,500 brackets on one line": (HEAD + "x = " + "[" * 1_500 + "]" * 1_500 + "\n", "depth"),
    "1,000 levels over 2,000 lines": (HEAD + "x = " + "[\n" * 1_000 + "]\n" * 1_000, "depth"),
    "800 inline tables": (HEAD + "x = " + "{a=" * 800 + "1" + "}" * 800 + "\n", "depth"),
    "too many lines": ("\n" * 5_000 + HEAD, "lines"),
    "too many values": (HEAD + "x = [" + "1, 1, 1, 1,\n" * 800 + "]\n", "values"),
    "a table as the page": ("[[stop]]\npage = {a=1}\n", "type"),
    "a list as the page": ("[[stop]]\npage = ['home']\n", "type"),
}


@pytest.mark.parametrize("name", sorted(CRAFTED))
def test_a_crafted_tour_file_is_refused_with_little_memory(name):
    text, code = CRAFTED[name]
    assert len(text.encode()) <= limits.TOUR_BYTES
    tracemalloc.start()
    try:
        with pytest.raises(tour.TourError) as err:
            tour.parse_tour(text.encode())
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert err.value.code == code
    assert peak < 4e6, peak                  # the 31,000-part key took 5.5 GB in the parser


def test_dots_brackets_and_quotes_inside_a_talking_point_count_for_nothing():
    note = "a.b.c.d.e.f [[[[[ {{{{{ ]]] \\\" ' # x = 1, 2, 3"
    text = HEAD + f'zh = "{note}"\nen = \'\'\'{note.replace(chr(92), "")}\n[[[[[\'\'\'\n'
    stops = tour.parse_tour(text.encode())
    assert stops[0].zh == note.replace("\\\"", '"')
    assert tour.parse_tour(tour.tour_text(list(tour.shipped())).encode()) == list(tour.shipped())


def test_what_the_parser_still_raises_is_a_tour_error(monkeypatch):
    """Past the scan (its depth bound lifted here) the parser recurses
    1,000 levels deep: a TourError, not a RecursionError."""
    monkeypatch.setattr(limits, "TOUR_DEPTH", 10**6)
    with pytest.raises(tour.TourError) as err:
        tour.parse_tour((HEAD + "x = " + "[" * 1_500 + "]" * 1_500 + "\n").encode())
    assert err.value.code == "unreadable"


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("name", ["a 62 KB dotted key of 31,000 parts", "a dotted key of 1,000 parts",
                                  "1,500 brackets on one line", "too many lines", "too many values",
                                  "a table as the page"])
def test_a_crafted_file_gets_its_sentence_in_the_users_language(name, lang):
    at = AppTest.from_function(_worded, args=(CRAFTED[name][0].encode(), lang), default_timeout=30)
    at.run()
    ok(at)
    (shown,) = [e.value for e in at.error]
    assert ("导览" in shown or "站" in shown) == (lang == "zh") and "{" not in shown.replace("{a=1}", "")
    assert ("tour" in shown.lower() or "Stop" in shown) == (lang == "en")


def test_the_unreadable_sentence_in_both_languages():
    from ui.core import i18n

    for code in ("unreadable", "lines", "line", "keylen", "depth", "values"):
        s = i18n.strings()[f"common.tour.err.{code}"]
        assert "导览" in s["zh"] and "tour" in s["en"]


@pytest.mark.parametrize("text", ['x = """abc\\', "x = '''abc", 'x = "abc', "[[stop]]\npage = 'home\n"])
def test_an_unclosed_string_is_the_parsers_error_not_the_scans(text):
    with pytest.raises(tour.TourError) as err:
        tour.parse_tour(text.encode())
    assert err.value.code == "toml"


def test_the_scan_reads_strings_keys_and_nesting_as_toml_does():
    """1,500 random valid TOML lines (dotted keys of bare and quoted parts
    with spaces, four kinds of strings holding dots, brackets, quotes and
    line breaks, nested arrays and inline tables, a header, comments): the
    scan refuses exactly those with a key of more than 4 parts or nesting
    deeper than 4, whatever the strings hold."""
    import random
    import tomllib

    rng = random.Random(1)
    inside = ["a.b.c.d.e", "[[", "]", "{", "}", "=", ",", "#", "x.y", " "]
    strings = [lambda s: '"' + s + '\\""', lambda s: "'" + s + "'",
               lambda s: '"""' + s + '\n""e"""', lambda s: "'''" + s + "\n''e'''"]

    def value(depth: int) -> tuple[str, int]:
        """A value's text and its nesting."""
        r = rng.random()
        if depth < 6 and r < 0.5:
            items = [value(depth + 1) for _ in range(rng.randint(1, 2))]
            inner = max(d for _, d in items) + 1
            if r < 0.3:
                return "[" + ", ".join(v for v, _ in items) + "]", inner
            return "{" + ", ".join(f"u{j}.w = {v}" for j, (v, _) in enumerate(items)) + "}", inner
        return rng.choice(strings)("".join(rng.choice(inside) for _ in range(rng.randint(0, 6)))), 0

    for _ in range(1_500):
        parts = rng.randint(1, 6)
        key = (rng.choice(["", " "]) + ".").join(rng.choice(["k", '"a.b"', "'c.d'", '"[x]"']) for _ in range(parts))
        v, deep = value(0)
        text = f"[t . 'h.i'] # a.b.c.d.e [[\n{key} = {v} # {{[\n"
        tomllib.loads(text)                                   # valid TOML, all of it
        try:
            tour._scan(text)
            refused = None
        except tour.TourError as err:
            refused = err.code
        want = "keylen" if parts > limits.TOUR_KEY_PARTS else "depth" if deep > limits.TOUR_DEPTH else None
        assert refused == want, text
