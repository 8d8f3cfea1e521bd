"""The section boundary: an unexpected exception in one section of a page
is shown there as a sentence in the user's language (with a short
reference id, which the server's log repeats beside the traceback), and
the rest of the page is drawn.  Streamlit's own error box (in English,
the page cut off at the failure) never reaches a user.

A page opens each independent section through it::

    with ui.guard("holdout"):
        st.header(...)
        ...

and a fragment's function is decorated with it (below ``@st.fragment``),
so that a fragment's own reruns are covered too.  ``app.py`` puts one last
boundary around the page run.  Streamlit's control flow (``st.stop``,
``st.rerun``, ``st.switch_page``: ``ScriptControlException``) passes
through; an ``evalcore.DataError`` shows its own sentence from the
catalogue (a refusal that names what to change)."""
from __future__ import annotations

import contextlib
import logging
import uuid

import streamlit as st
from streamlit.runtime.scriptrunner_utils.exceptions import ScriptControlException

import evalcore as ec

from ui.core.i18n import show_error, t

LOG = logging.getLogger(__name__)


@contextlib.contextmanager
def guard(name: str):
    """The boundary of section ``name`` (a context manager, or a decorator)."""
    try:
        yield
    except ScriptControlException:
        raise
    except ec.DataError as err:
        show_error(err)
    except Exception:
        ref = uuid.uuid4().hex[:8]
        LOG.exception("section %r failed (reference %s)", name, ref)
        st.error(t("common.section.failed", ref=ref), icon="⚠️")
