"""What a shared class server changes in Streamlit's own server, applied
once when ``ui`` is imported.

A ``clear_cache`` message (the menu's "Clear cache", or any client that
sends one) would clear every ``st.cache_data`` / ``st.cache_resource`` on
the server for every session: the class's shared facts computed again for
everyone on one student's click.  The app never needs a user to clear them
(the shared cache bounds itself, :mod:`ui.protect.budget`), so the message is
dropped where a session reads its messages, ``AppSession.handle_backmsg``.

And a fragment's rerun asked for on another page is dropped.  A browser
asks for its timed fragments (``run_every``: a student's poll of the class,
the projector's count, a Play) with the address of the page it shows; when
the server switched the page meanwhile (``st.switch_page``: a revealed
question's experiment, the tour's next stop), such a request came after the
switch and ran with the old page's address.  Streamlit then told the
browser that the page had changed, the browser cleared the page, and the
fragment's elements went to places that no longer existed: "Bad delta path
index", the connection closed, a blank page that never came back (a phone
after a reveal, on a busy machine: 1 run in 4 of the class test).  Run on
the new page instead, the fragment crashed the browser the same way when
it came right after the switching run (the browser had not yet taken the
new page as its own).  So a session's script runner skips such a request
when it takes it from the session's queue (``ScriptRunner._run_script``,
before the run is announced); the fragment's timer on the new page asks
again.  (The app asks for no fragment-scoped reruns, the only fragment
reruns Streamlit lets into a run in progress: every browser's fragment rerun
waits for that queue.)
"""
from __future__ import annotations

import functools
import logging

from streamlit.runtime.app_session import AppSession
from streamlit.runtime.scriptrunner.script_runner import ScriptRunner

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


def stale(rerun, current: str) -> bool:
    """Whether ``rerun`` (a ``RerunData``: what a session's script runner is to run next) is a
    fragment's rerun asked for on another page than ``current`` (the page the session is on, a
    script hash; "" before its first run).  A rerun that names no page's hash (a client that names
    pages by name, as bench/ and tests/system/ do) is taken as it is."""
    return bool(rerun.fragment_id_queue) and bool(current) and bool(rerun.page_script_hash) \
        and rerun.page_script_hash != current


def _skipping_stale(run):
    @functools.wraps(run)
    def _run_script(self, rerun):
        current = getattr(getattr(self, "_pages_manager", None), "current_page_script_hash", "")
        if stale(rerun, current or ""):       # skipped: the runner takes its next request, or stops
            _LOG.info("a fragment's rerun asked for on a page no longer shown: dropped")
            return None
        return run(self, rerun)
    _run_script._evallab_guarded = True
    return _run_script


def _patch(owner, name: str, wrap) -> None:
    """``owner.name`` wrapped by ``wrap``, once."""
    if not getattr(getattr(owner, name), "_evallab_guarded", False):
        setattr(owner, name, wrap(getattr(owner, name)))


def install() -> None:
    """Drop ``clear_cache`` messages from clients, and a fragment's rerun asked for on a page no
    longer shown (idempotent)."""
    _patch(AppSession, "handle_backmsg", _guarded)
    _patch(ScriptRunner, "_run_script", _skipping_stale)


install()
