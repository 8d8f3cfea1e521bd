"""What a shared class server changes in Streamlit's own server, applied
once when ``ui`` is imported.

A ``clear_cache`` message (the menu's "Clear cache", or any client that
sends one) would clear every ``st.cache_data`` / ``st.cache_resource`` on
the server for every session: the class's shared facts computed again for
everyone on one student's click.  The app never needs a user to clear them
(the shared cache bounds itself, :mod:`ui.protect.budget`), so the message is
dropped where a session reads its messages, ``AppSession.handle_backmsg``.
"""
from __future__ import annotations

import functools
import logging

from streamlit.runtime.app_session import AppSession

_LOG = logging.getLogger(__name__)


def _guarded(handle):
    @functools.wraps(handle)
    def handle_backmsg(self, msg, *args, **kwargs):
        if msg.WhichOneof("type") == "clear_cache":
            _LOG.info("a client asked to clear the shared caches: ignored")
            return None
        return handle(self, msg, *args, **kwargs)
    handle_backmsg._evallab_guarded = True
    return handle_backmsg


def install() -> None:
    """Drop ``clear_cache`` messages from clients (idempotent)."""
    handle = AppSession.handle_backmsg
    if not getattr(handle, "_evallab_guarded", False):
        AppSession.handle_backmsg = _guarded(handle)


install()
