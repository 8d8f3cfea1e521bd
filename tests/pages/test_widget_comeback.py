"""A widget missing from a full run (the page stopped before it: no data
after an upload, an error) is drawn anew when it comes back (issue 32 items
1 and 12): Streamlit keeps its value on the server and does not send it
again, while the browser has dropped the widget and makes it anew at its own
default -- the next run sent that default back as the user's choice (the ROC
page fell back from "full" to "step" after a refused upload; the methods
page's sliders came back at their minimums).  The browser side is in
tests/browser/test_browser_review.py; here, that the widget comes back under
a new key, showing the setting."""
from apptest_utils import ok, run, widget


def _radio(at):
    return next(r for r in at.radio if r.key.startswith("_w_roc_mode"))


def test_the_roc_mode_comes_back_as_a_new_widget_after_a_run_without_it():
    at = run("pages/roc.py", lang="en", **{"roc_mode": "full", "source": "seed-9"})
    before = _radio(at).key
    widget(at.sidebar.selectbox, "_w_source").set_value("upload").run()      # no data: the page stops
    assert not [r for r in at.radio if r.key.startswith("_w_roc_mode")]
    at.sidebar.file_uploader(key="_w_upload").set_value(
        ("good.csv", b"y_true,m1\n1,0.9\n0,0.2\n1,0.7\n0,0.4\n", "text/csv")).run()
    ok(at)
    back = _radio(at)
    assert back.key != before and back.value == "full" and at.session_state["roc_mode"] == "full"
    at.sidebar.file_uploader(key="_w_upload").set_value(("bad.png", b"\x89PNG\r\n\x1a\n" + bytes(64),
                                                         "image/png")).run()
    ok(at)
    assert _radio(at).value == "full" and at.query_params["mode"] in ("full", ["full"])


def test_a_widget_drawn_in_consecutive_runs_keeps_its_key():
    """The user's own widget keeps its key (and focus) run after run."""
    at = run("pages/roc.py", lang="en", **{"roc_mode": "four", "source": "seed-9"})
    key = _radio(at).key
    for _ in range(3):
        at.run()
    assert _radio(at).key == key
