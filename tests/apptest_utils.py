"""Helpers shared by the AppTest page tests."""
from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent


def run(page, **state):
    """Run ``page`` (path from the repository root) with session ``state`` preset."""
    at = AppTest.from_file(str(ROOT / page), default_timeout=60)
    for k, v in state.items():
        at.session_state[k] = v
    return at.run()


def ok(at):
    """No exception box on the page."""
    assert not at.exception, [e.value for e in at.exception]


def metrics(at):
    return {m.label: m.value for m in at.metric}
