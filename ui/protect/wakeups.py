"""How Streamlit's server hands a run's messages to the browser, made
cheaper for a class, applied once when ``ui`` is imported (as
:mod:`ui.protect.protocol`).  What a student sees is unchanged: the same
messages, in the same order.

A threshold move's run sends about 28 messages (issue 36).  Streamlit hands
each from the script's thread to the event loop with a
``call_soon_threadsafe`` of its own, a write to the loop's wake-up socket
and the interpreter lock passed over twice; the loop, enqueueing it for the
browser, then wakes itself again to flush (``Runtime._enqueued_some_message``)
though a flush is already due.  And every run, a fragment's too, builds its
``new_session`` message's config and six theme sections from the config's
options anew.  Here:

- :func:`batched`: a session's script-runner events wait in a queue, and one
  loop callback handles all those waiting, in the order they came (Streamlit
  handles each in a callback of its own, in the same order);
- :func:`flush_once`: a flush already asked for and not yet begun is not
  asked for again (the loop clears the flag, then flushes every queue: a
  message enqueued before the clear goes with that flush, one after it asks
  anew);
- :func:`built_once`: the config and theme parts of ``new_session`` are built
  once and copied, built again when the config is parsed again.
"""
from __future__ import annotations

import collections
import functools
import threading

from streamlit import config
from streamlit.runtime import app_session
from streamlit.runtime.app_session import AppSession
from streamlit.runtime.runtime import Runtime

_LOCK = threading.Lock()        # a session's queue and its "drain scheduled" flag change together
_BUILT: dict = {}               # (what, section): the message part built from the config


def batched(on_event):
    """``AppSession._on_scriptrunner_event``: queue the event; schedule one
    drain on the event loop when none is waiting."""
    @functools.wraps(on_event)
    def _on_scriptrunner_event(self, *args, **kwargs):
        with _LOCK:
            waiting = self.__dict__.get("_lab_events")
            if waiting is None:                     # the session's first event (no deque made per event)
                waiting = self._lab_events = collections.deque()
            waiting.append((args, kwargs))
            if self.__dict__.get("_lab_drain"):
                return
            self._lab_drain = True
        self._call_soon_on_event_loop(functools.partial(_drain, self))
        if self._event_loop.is_closed():            # dropped (process ending): nothing will drain
            with _LOCK:
                waiting.clear()
                self._lab_drain = False
    _on_scriptrunner_event._lab_batched = True
    return _on_scriptrunner_event


def _drain(session: AppSession) -> None:
    """On the event loop: handle every queued event in order, those queued meanwhile too."""
    waiting = session._lab_events
    while True:
        with _LOCK:
            if not waiting:
                session._lab_drain = False
                return
            args, kwargs = waiting.popleft()
        try:
            session._handle_scriptrunner_event_on_event_loop(*args, **kwargs)
        except Exception as exc:                    # as the loop does for a callback that raises: log, go on
            session._event_loop.call_exception_handler(
                {"message": "Exception in a script-runner event's handler", "exception": exc})


def flush_once(enqueued):
    """``Runtime._enqueued_some_message``: ask for a flush only when none is due."""
    @functools.wraps(enqueued)
    def _enqueued_some_message(self):
        objs = self._get_async_objs()
        if not objs.need_send_data.is_set():
            objs.eventloop.call_soon_threadsafe(objs.need_send_data.set)
    _enqueued_some_message._lab_batched = True
    return _enqueued_some_message


def built_once(populate, touches=lambda *args: True):
    """``_populate_config_msg`` / ``_populate_theme_msg``: the part built once
    per config parse, then copied.  ``touches(*args)`` says whether Streamlit's
    own would touch the message at all (a theme section whose options are all
    unset leaves it absent; one set only to defaults leaves it present and
    empty): an untouched part is not copied, a touched one is marked present."""
    @functools.wraps(populate)
    def populated(msg, *args):
        key = (populate.__name__, *args)
        built = _BUILT.get(key)
        if built is None:                           # two sessions building it at once build the same part
            part = type(msg)()
            populate(part, *args)
            built = _BUILT[key] = (touches(*args), part)
        touched, part = built
        if touched:
            msg.MergeFrom(part)
            msg.SetInParent()
    populated._lab_batched = True
    return populated


def _theme_touched(section: str = "theme") -> bool:
    """Whether ``_populate_theme_msg`` sets anything: it returns at once when every option of the section is unset."""
    return not all(value is None for value in config.get_options_for_section(section).values())


def _replaceable(owner, *names) -> bool:
    """Whether ``owner`` has every one of ``names`` and the first is Streamlit's own (not yet replaced)."""
    return all(hasattr(owner, n) for n in names) and not getattr(getattr(owner, names[0]), "_lab_batched", False)


def install() -> None:
    """Apply the three changes (idempotent).  Each replaces a function of
    Streamlit's server by name, as Streamlit 1.67 has them
    (``tests/pages/test_wakeups.py`` says when one is not applied); a
    Streamlit without one keeps that part of its server as it is."""
    if _replaceable(AppSession, "_on_scriptrunner_event", "_call_soon_on_event_loop",
                    "_handle_scriptrunner_event_on_event_loop"):
        AppSession._on_scriptrunner_event = batched(AppSession._on_scriptrunner_event)
    if _replaceable(Runtime, "_enqueued_some_message", "_get_async_objs"):
        Runtime._enqueued_some_message = flush_once(Runtime._enqueued_some_message)
    if _replaceable(app_session, "_populate_theme_msg", "_populate_config_msg"):
        app_session._populate_config_msg = built_once(app_session._populate_config_msg)
        app_session._populate_theme_msg = built_once(app_session._populate_theme_msg, _theme_touched)
        config.on_config_parsed(_BUILT.clear, force_connect=True)


install()
