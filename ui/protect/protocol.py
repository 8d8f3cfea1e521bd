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
new page as its own).  So a session's queue (``ScriptRequests``) does not
hand such a request to its script runner; the fragment's timer on the new
page asks again.
"""
from __future__ import annotations

import functools
import logging

from streamlit.runtime.app_session import AppSession
from streamlit.runtime.scriptrunner.script_runner import ScriptRunner
from streamlit.runtime.scriptrunner_utils.script_requests import ScriptRequest, ScriptRequests, ScriptRequestType

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


def stale(request: ScriptRequest | None, current: str) -> bool:
    """Whether ``request`` (what a session's queue hands its script runner) is a fragment's rerun
    asked for on another page than ``current`` (the page the session is on, a script hash; "" before
    its first run).  A request that names no page's hash (a client that names pages by name, as
    bench/ and tests/system/ do) is taken as it is."""
    if request is None or request.type != ScriptRequestType.RERUN:
        return False
    data = request.rerun_data
    return bool(data.fragment_id_queue) and bool(current) and bool(data.page_script_hash) \
        and data.page_script_hash != current


def _current_page(requests: ScriptRequests) -> str:
    pages = getattr(requests, "_evallab_pages", None)        # the session's PagesManager (set below)
    return getattr(pages, "current_page_script_hash", "") or ""


def _ready_without_stale(take):
    @functools.wraps(take)
    def on_scriptrunner_ready(self):
        while stale(request := take(self), _current_page(self)):    # taken: the next one, or STOP
            _LOG.info("a fragment's rerun asked for on a page no longer shown: dropped")
        return request
    on_scriptrunner_ready._evallab_guarded = True
    return on_scriptrunner_ready


def _yield_without_stale(take):
    @functools.wraps(take)
    def on_scriptrunner_yield(self):
        request = take(self)
        return None if stale(request, _current_page(self)) else request     # taken: dropped
    on_scriptrunner_yield._evallab_guarded = True
    return on_scriptrunner_yield


def _knowing_pages(init):
    @functools.wraps(init)
    def __init__(self, *args, **kwargs):
        init(self, *args, **kwargs)
        requests = getattr(self, "_requests", None)          # (Streamlit's internals; without them, no guard)
        if requests is not None:
            requests._evallab_pages = getattr(self, "_pages_manager", None)
    __init__._evallab_guarded = True
    return __init__


def install() -> None:
    """Drop ``clear_cache`` messages from clients, and a fragment's rerun asked for on a page no
    longer shown (idempotent)."""
    handle = AppSession.handle_backmsg
    if not getattr(handle, "_evallab_guarded", False):
        AppSession.handle_backmsg = _guarded(handle)
    if not getattr(ScriptRunner.__init__, "_evallab_guarded", False):
        ScriptRunner.__init__ = _knowing_pages(ScriptRunner.__init__)
    if not getattr(ScriptRequests.on_scriptrunner_ready, "_evallab_guarded", False):
        ScriptRequests.on_scriptrunner_ready = _ready_without_stale(ScriptRequests.on_scriptrunner_ready)
    if not getattr(ScriptRequests.on_scriptrunner_yield, "_evallab_guarded", False):
        ScriptRequests.on_scriptrunner_yield = _yield_without_stale(ScriptRequests.on_scriptrunner_yield)


install()
