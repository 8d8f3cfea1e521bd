"""A widget the browser makes late still starts at the session's value (``ui.core.state.bind``).

Streamlit sends a value written by the app (``st.session_state[key] = v``) only with the run that
wrote it; later runs send the widget with its own default.  A browser that made the widget after a
later run had come (the widget's code still loading: a slow phone, a busy machine) made it at that
default and sent it back with the next click: the language radio of an English page came up on 中文
and the page turned Chinese (the class test's projector, about 1 run in 40 under load).  So while the
browser's messages leave a bound widget out, its value is written again, and sent with it.

Checked on a real server with Streamlit's own messages (``protocol_client``): runs whose message
leaves the radio out, as such a browser's do, and one that carries it."""
from __future__ import annotations

import pytest
from protocol_client import served, session


@pytest.fixture(scope="module")
def app():
    with served() as url:
        yield url


def _language_radio(elements):
    (radio,) = [e for e in elements if getattr(e, "id", "").startswith("$$ID") and e.id.endswith("-_w_lang")]
    return radio


def test_a_widget_the_browser_has_not_made_yet_carries_the_sessions_value(app):
    from streamlit.proto.WidgetStates_pb2 import WidgetState

    with session(app) as client:
        first = _language_radio(client.rerun("lang=en", page="confusion"))
        assert first.set_value and first.raw_value == "English"
        assert first.default == 0                                  # the radio's own default: 中文

        late = _language_radio(client.rerun("lang=en"))            # the browser's message leaves the radio out
        assert late.set_value, "sent without the value: a browser making the radio now shows 中文"
        assert late.raw_value == "English"

        made = WidgetState(id=first.id)                            # the browser has made it: English
        made.string_value = "English"
        held = _language_radio(client.rerun("lang=en", widgets=[made]))
        assert not held.set_value                                  # not written again: nothing to undo
