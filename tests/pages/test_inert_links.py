"""No bare address in a user's text becomes a link (issue 37, item 6):
Streamlit's Markdown links ``http://…``, ``www.…`` and ``a@b.c`` in any
markdown, alert or widget label, and a backslash escape does not stop it
(checked in Chromium); :func:`ui.core.i18n.md` puts a word joiner (U+2060,
invisible) inside each.  Every page that shows model names runs with models
named like addresses: no text it shows holds one whole."""
import re

import numpy as np
import pytest
from apptest_utils import ok, run
from test_safety import upload

from ui.core import i18n, tour

ADDRESS = re.compile(r"https?://|www\.|\w@\w", re.IGNORECASE)   # what the autolinker takes (after escapes)
NAMES = ("http://evil.example/x", "www.evil.example", "me@evil.example")


def _file() -> bytes:
    rng = np.random.default_rng(0)
    y = np.arange(60) % 2
    cols = [y, 1 - y * 0.6 - rng.random(60) * 0.4, y * 0.5 + rng.random(60) * 0.5, rng.random(60)]
    lines = ["y," + ",".join(NAMES)] + [",".join(f"{c[i]:.4g}" for c in cols) for i in range(60)]
    return ("\n".join(lines) + "\n").encode()


def shown(at) -> list[str]:
    """Every text a page shows as Markdown: markdown, captions, alerts, and widget and metric labels."""
    out = []
    for kind in ("markdown", "caption", "warning", "info", "error", "success", "latex"):
        out += [e.value for e in getattr(at, kind)]
    for kind in ("checkbox", "toggle", "metric", "button", "expander"):
        out += [e.label for e in getattr(at, kind)]
    return out


def linked(texts) -> list[str]:
    return [s for s in texts if ADDRESS.search(s.replace("\\", ""))]


@pytest.mark.parametrize("page,state", [("pr", {}), ("roc", {}), ("cost", {}),
                                        ("compare", {"compare.section": "delong", "compare.delong_set": "current"})])
def test_model_names_like_addresses_are_no_links(page, state):
    at = upload(run(f"pages/{page}.py", source="upload", lang="en", **state), _file())
    at.session_state["models"] = list(NAMES)
    at.run()
    ok(at)
    texts = shown(at)
    assert any("evil" in s for s in texts), page                   # the names are shown ...
    assert not linked(texts), linked(texts)                        # ... none as an address
    if page == "roc":                                              # the flip warning and its checkbox
        assert any("evil" in w.value for w in at.warning) and any("evil" in c.label for c in at.checkbox)


def test_a_lecturers_talking_point_holds_no_link():
    at = run("pages/home.py", lang="en", tour="own",
             tour_own=[tour.Stop("home", {}, "", "See http://evil.example/x, www.evil.example or me@evil.example")])
    ok(at)
    assert any("evil" in s for s in shown(at)) and not linked(shown(at))


def test_a_message_naming_a_column_holds_no_link():
    from ui.core.i18n import error_text
    import evalcore as ec

    with pytest.raises(ec.DataError) as err:
        ec.load_predictions(b"www.evil.example,m\n1,0.5\n1,0.3\n")      # one class: the label column named
    text = error_text(err.value)
    assert "evil.example" in text and not linked([text]) and "\\\\" not in text


@pytest.mark.parametrize("name", NAMES + ("HTTPS://EVIL.EXAMPLE", "WWW.EVIL.EXAMPLE", "ftp://x@y"))
def test_md_breaks_every_address_and_hides_nothing(name):
    out = i18n.md(name)
    assert not linked([out])
    assert out.replace(i18n.WORD_JOINER, "").replace("\\", "") == name
