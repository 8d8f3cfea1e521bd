"""The AppTest page tests (``tests/pages``).

Costs of Streamlit's test harness paid once per process instead of
once per ``AppTest`` run (test-only: the app itself pays each once per server
start):

* each new ``AppTest`` scans the metadata of every installed distribution
  for Streamlit components (``streamlit.components.v2.manifest_scanner``):
  about 0.25 s of a page run's 0.3 s here, with ~700 distributions in the
  test environment.  The installed set does not change during a test
  session and the app registers its own components from its source.
* each new ``AppTest`` compiles its page with a new ``ScriptCache`` (parse,
  Streamlit's "magic" rewrite, compile: about 5 % of the fast loop).  The
  bytecode is kept per (path, modification time, size), so an edited file
  is compiled again.
"""
import functools
import os

from streamlit.components.v2 import manifest_scanner
from streamlit.runtime.scriptrunner.script_cache import ScriptCache

manifest_scanner.scan_component_manifests = functools.cache(manifest_scanner.scan_component_manifests)

_compiled = {}
_get_bytecode = ScriptCache.get_bytecode


def _kept_bytecode(self, script_path):
    st = os.stat(script_path)
    key = (os.path.abspath(script_path), st.st_mtime_ns, st.st_size)
    if key not in _compiled:
        _compiled[key] = _get_bytecode(self, script_path)
    return _compiled[key]


ScriptCache.get_bytecode = _kept_bytecode


# The pages' background warm-ups (``ui.protect.heavy.warm``: the methods and comparison pages' default
# results, about 2.3 s of CPU, started by a process's first page run so that a class's first click finds
# them ready) are not started here: in a test process they only compete with the tests for the
# interpreter, and a test that needs those results computes them.  ``heavy.warm`` itself is still
# tested (``test_bounds.py`` calls it with its own work).
from ui.protect import heavy  # noqa: E402

_warm = heavy.warm


def _no_page_warm_up(name, work):
    if not name.endswith("-warm-start"):
        return _warm(name, work)
    return None


heavy.warm = _no_page_warm_up



# Each AppTest run waits for the page's script thread by polling every millisecond
# (``local_script_runner.require_widgets_deltas``): the waiting thread asks for the interpreter a
# thousand times a second while the page runs, about 6 % of the fast loop's samples.  Here it waits
# on the thread itself (one run's thread ends with its run), with the same time bound and message.
from streamlit.testing.v1 import local_script_runner as _local  # noqa: E402

_poll = _local.require_widgets_deltas


def _wait_for_the_run(runner, timeout: float = 3) -> None:
    thread = getattr(runner, "_script_thread", None)
    if thread is None or not hasattr(runner, "script_stopped"):       # another Streamlit: its own wait
        return _poll(runner, timeout)
    thread.join(timeout)
    if runner.script_stopped():
        return None
    runner.request_stop()
    runner.join()
    raise RuntimeError(f"AppTest script run timed out after {timeout}(s)")


_local.require_widgets_deltas = _wait_for_the_run
