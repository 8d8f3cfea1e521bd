"""Issue 36: a run's messages reach the browser with fewer wake-ups of the
server's event loop (ui/protect/wakeups.py), the same messages in the same
order.  What a real server then sends for a move is checked by
tests/system/test_moves.py; these check each change against what it replaces."""
import asyncio
import threading

import pytest
from streamlit import config
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.runtime import app_session
from streamlit.runtime.app_session import AppSession
from streamlit.runtime.runtime import Runtime

from ui.protect import wakeups


class Session:
    """What ``batched`` uses of an AppSession: its loop, how it schedules a callback, the handler."""

    def __init__(self, loop):
        self._event_loop, self.handled, self.scheduled, self.loop_thread = loop, [], 0, None

    def _call_soon_on_event_loop(self, callback):
        self.scheduled += 1
        self._event_loop.call_soon_threadsafe(callback)

    def _handle_scriptrunner_event_on_event_loop(self, sender, event, forward_msg=None, **_):
        if event == "raise":
            raise ValueError("a handler that raises")
        self.handled.append((event, forward_msg, threading.current_thread() is self.loop_thread))


def _events_from_a_thread(n: int):
    """``n`` events sent from a script thread while the session's loop runs in a thread of its own
    (a worker that ran the browser tests holds Playwright's running loop in its main thread)."""
    loop = asyncio.new_event_loop()
    session = Session(loop)
    on_event = wakeups.batched(AppSession._on_scriptrunner_event.__wrapped__)
    errors = []
    loop.set_exception_handler(lambda _, context: errors.append(context["exception"]))
    session.loop_thread = threading.Thread(target=loop.run_forever)
    session.loop_thread.start()

    def script():
        for i in range(n):
            on_event(session, None, "raise" if i == 3 else "enqueue", forward_msg=i)

    sender = threading.Thread(target=script)
    sender.start()
    sender.join()
    done = threading.Event()
    loop.call_soon_threadsafe(lambda: loop.call_soon(done.set))     # after every drain scheduled so far
    done.wait(10)
    loop.call_soon_threadsafe(loop.stop)
    session.loop_thread.join()
    loop.close()
    return session, errors


def test_a_runs_events_are_handled_in_order_on_the_loop_with_fewer_callbacks():
    session, errors = _events_from_a_thread(300)
    assert [m for _, m, _ in session.handled] == [i for i in range(300) if i != 3]
    assert all(on_loop for *_, on_loop in session.handled)
    assert 1 <= session.scheduled < 300                 # Streamlit: one callback an event
    assert len(errors) == 1 and isinstance(errors[0], ValueError)     # logged as the loop does; the rest handled
    assert not session._lab_events and not session._lab_drain


def test_an_event_after_the_loop_is_closed_is_dropped_and_nothing_waits():
    loop = asyncio.new_event_loop()
    loop.close()
    session = Session(loop)
    session._call_soon_on_event_loop = lambda cb: AppSession._call_soon_on_event_loop(session, cb)
    wakeups.batched(AppSession._on_scriptrunner_event.__wrapped__)(session, None, "enqueue")
    assert not session._lab_events and not session._lab_drain and session.handled == []


def test_a_flush_is_asked_for_only_when_none_is_due():
    asked = []

    class Objs:
        need_send_data = asyncio.Event()
        eventloop = type("Loop", (), {"call_soon_threadsafe": lambda self, f: asked.append(f)})()

    runtime = type("R", (), {"_get_async_objs": lambda self: Objs})()
    enqueued = wakeups.flush_once(Runtime._enqueued_some_message.__wrapped__)
    enqueued(runtime)
    assert asked == [Objs.need_send_data.set]
    Objs.need_send_data.set()
    enqueued(runtime)
    enqueued(runtime)
    assert len(asked) == 1
    Objs.need_send_data.clear()                         # the loop clears it, then flushes: the next one asks
    enqueued(runtime)
    assert len(asked) == 2


def _new_session(config_msg, theme_msg) -> bytes:
    """The config and theme parts of a ``new_session`` message as Streamlit builds them
    (``AppSession._create_new_session_message``), with these two functions."""
    msg = ForwardMsg()
    config_msg(msg.new_session.config)
    theme = msg.new_session.custom_theme
    theme_msg(theme)
    for section, part in (("light", theme.light), ("dark", theme.dark), ("sidebar", theme.sidebar),
                          ("light.sidebar", theme.light.sidebar), ("dark.sidebar", theme.dark.sidebar)):
        theme_msg(part, f"theme.{section}")
    return msg.SerializeToString()


@pytest.mark.parametrize("options", [{}, {"theme.light.primaryColor": "#aa0000", "theme.sidebar.textColor": "#111111",
                                          "theme.base": None}])
def test_new_sessions_config_and_theme_are_those_streamlit_builds(options):
    """Each section as Streamlit's own builds it: one with options set, one set only to defaults
    (the lab's base = "light": present, empty), one all unset (absent); built once, then copied."""
    kept = {name: config.get_option(name) for name in options}
    try:
        for name, value in options.items():
            config.set_option(name, value)
        wakeups._BUILT.clear()                          # as a config parse does
        theirs = _new_session(app_session._populate_config_msg.__wrapped__,
                              app_session._populate_theme_msg.__wrapped__)
        assert _new_session(app_session._populate_config_msg, app_session._populate_theme_msg) == theirs
        assert _new_session(app_session._populate_config_msg, app_session._populate_theme_msg) == theirs
    finally:
        for name, value in kept.items():
            config.set_option(name, value)
        wakeups._BUILT.clear()
    msg = ForwardMsg.FromString(theirs)
    assert msg.new_session.config.toolbar_mode != 0
    assert msg.new_session.HasField("custom_theme") and not msg.new_session.custom_theme.HasField("dark")
    assert msg.new_session.custom_theme.HasField("light") == bool(options)


def test_the_changes_are_applied_once():
    for changed in (AppSession._on_scriptrunner_event, Runtime._enqueued_some_message,
                    app_session._populate_config_msg, app_session._populate_theme_msg):
        assert changed._lab_batched and not getattr(changed.__wrapped__, "_lab_batched", False)
    wakeups.install()
    assert not getattr(AppSession._on_scriptrunner_event.__wrapped__, "_lab_batched", False)
