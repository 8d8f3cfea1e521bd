"""The one opening call of every page: language, presenter mode, the link
that restores the state, the page's title and lesson."""
from __future__ import annotations

import functools
import importlib

import streamlit as st

import evalcore as ec

from ui.protect import budget
from ui.core import class_box
from ui.core import class_vote
from ui.core import feedback
from ui.core import learners
from ui.core import screens
from ui.core import served
from ui.core import links
from ui.core import tour
from ui.core import tour_editor
from ui.core.data import UPLOAD_LIMIT_MB, chosen_models, data_sidebar_only, no_data
from ui.core.models import affordable
from ui.core.report import report_button
from ui.core.i18n import language_switch, lesson, show_error, t
from ui.core.registry import page, warm_starts
from ui.core.typeset import fit_formulas
from ui.core.state import SS, bind

# Formulas: room above tall fractions (KaTeX's box clips them otherwise) and
# a size that fits two columns at 1366 px.  Presenter mode: less chrome.
_CSS = """
.katex-display { padding: 0.55em 0.15em 0.35em; margin: 0.3em 0 !important; }
.katex-display > .katex { font-size: 1.12em; }
.st-key-lab_fit, .st-key-roc_keys, .st-key-tour_keys { display: none; }   /* components without a view: no gap */
/* the home page's five cards: side by side, wrapping onto a second line where a card would be narrower than
   its words (at 1024 px with the sidebar open five cards of 100 px broke "Evaluati-on"), one a line on a phone;
   a heading that fits a card at 1366 px without breaking a word */
.st-key-home_stages { flex-wrap: wrap; }
.st-key-home_stages > * { flex: 1 1 0 !important; min-width: 10.5rem !important; }
@media (max-width: 640px) { .st-key-home_stages > * { min-width: 100% !important; } }
[class*="st-key-home_stage_"] h3 { font-size: 1.3rem; overflow-wrap: normal; word-break: normal; }
/* a long page name wraps instead of being cut short */
[class*="st-key-home_stage_"] [data-testid="stPageLink"] span,
[class*="st-key-home_stage_"] [data-testid="stPageLink"] p {
  white-space: normal !important; overflow: visible !important; line-height: 1.35; }
/* a choice box's value longer than its box (an uploaded model's name) ends in "…", not cut mid-word */
[data-testid="stSelectbox"] input:not(:focus) { text-overflow: ellipsis; }
"""
# Without presenter mode (which has its own spacing): less space above the title, and on a laptop's
# 768 px smaller headings, so that each page's main figure starts on the first screen.  (":root": in the
# page's head this comes before Streamlit's own style sheets, whose rules as specific as it would win.)
_READER_CSS = """
.block-container { padding-top: 5.2rem !important; }   /* Streamlit's 6 rem: the title just below its 60 px header */
@media (max-height: 820px) and (min-width: 700px) {
  .block-container { padding-top: 4.9rem !important; }
  :root [data-testid="stMain"] h1 { font-size: 2.3rem; padding-top: 0.6rem; padding-bottom: 0.6rem; }
  :root [data-testid="stMain"] h2 { font-size: 1.9rem; padding-top: 0.6rem; padding-bottom: 0.5rem; }
}
"""
_PRESENTER_CSS = """
.block-container { padding-bottom: 1rem !important; max-width: 100% !important; }   /* its top: ui.core.screens */
h1 { font-size: 2.0rem !important; padding-bottom: 0.2rem !important; }
[data-testid="stMetricValue"] { font-size: 2.4rem !important; }
.katex-display { padding: 0.7em 0.15em 0.5em; }
.katex-display > .katex { font-size: 1.3em; }
[data-testid="stTable"] td, [data-testid="stTable"] th { font-size: 1.3rem !important; }
/* the laptop's smaller headings (_READER_CSS, in the page's head whatever the mode) undone: Streamlit's own */
@media (max-height: 820px) and (min-width: 700px) {
  :root [data-testid="stMain"] h1 { padding-top: 1.25rem; }
  :root [data-testid="stMain"] h2 { font-size: 2.25rem; padding-top: 1rem; padding-bottom: 1rem; }
}
"""


EXPORT_FORMATS = ("png", "svg")
EXPORT_LABELS = {"png": "PNG (2×)", "svg": "SVG"}


def presenter() -> bool:
    """Whether presenter mode (讲课模式) is on."""
    return bool(SS.get("presenter", False))


def sidebar_state() -> str:
    """The sidebar a session starts with: folded away in presenter mode (from
    a link: a projected page shows its content, not the controls; the chevron
    opens them), else Streamlit's choice by screen width."""
    on = SS.get("presenter") if "presenter" in SS else st.query_params.get("presenter") == "1"
    return "collapsed" if on else "auto"


def _sidebar_controls(key: str) -> None:
    language_switch()
    st.sidebar.toggle(t("common.presenter"), help=t("common.presenter.help"), **bind("presenter"))
    st.sidebar.radio(t("common.export"), EXPORT_FORMATS, horizontal=True, help=t("common.export.help"),
                     format_func=EXPORT_LABELS.get, **bind("export_fmt"))
    tour_editor.sidebar()
    class_box.sidebar()                          # class mode: open or join a class (no store touched until then)


def _through_app_py() -> None:
    """Streamlit treats an app with a ``pages/`` folder as an old-style
    multipage app until some session's ``app.py`` has called
    ``st.navigation``: a link to a page opened first on a fresh server would
    run the page alone (file names as navigation, no wide layout).  Leave
    that mode and rerun through ``app.py``."""
    try:
        from streamlit.runtime.pages_manager import PagesManager
    except ImportError:  # a Streamlit without it has no such mode
        return
    if getattr(PagesManager, "uses_pages_directory", False):
        PagesManager.uses_pages_directory = False
        st.rerun()


@functools.cache
def _import_table_libraries() -> None:
    """Streamlit imports pandas and pyarrow on the first table (about 1 s on
    2 cores): done on the server process's first run instead, so that no
    student's first visit of a page waits for it.  Not in a background
    thread: plotly looks pandas up in ``sys.modules`` and would find it half
    made."""
    for name in ("pandas", "pyarrow"):
        importlib.import_module(name)


@functools.cache
def _static_css() -> str:
    """The CSS every page carries in every language: the layout of its elements, and a reader's spacing
    (presenter mode's CSS, after it, overrides that)."""
    return _CSS + screens.css() + _READER_CSS


@functools.cache
def _static_css_in_head() -> None:
    """The same CSS in the head of the app's page too (:func:`ui.core.served.head`), so that a fresh
    browser lays the page out with it from its first paint.  The style element of a run (``st.html``)
    is drawn only once Streamlit has loaded that element's code, and on the home page after the code of
    the hidden warm-up box's elements (ui.core.preload) has run: 0.2-3 s after the title on 2 cores.
    Until then the home page's cards stood as five narrow columns breaking their words, and on a laptop
    the title was drawn at Streamlit's size, then shrank, moving the page up by 80-100 px.  The run's
    element keeps it as well: a page served before the server's first run has no such head."""
    served.head("css", "<style>" + _static_css() + "</style>")


def open_page(key: str, *, with_lesson: bool = True) -> None:
    """Language switch, presenter mode, title and lesson of page ``key``
    (see ``ui.core.registry``).  A link's state is restored on a session's first run."""
    _through_app_py()
    SS["_run"] = SS.get("_run", 0) + 1           # a widget missing from a run is drawn anew (ui.core.state.widget_key)
    _import_table_libraries()
    warm_starts()                                # the pages' defaults (ui.core.registry.Page.warm), in the background
    budget.start_reaper()                        # closed sessions give their memory back (ui.protect.budget.reap)
    learners.warm_start()
    links.restore()
    class_box.enter(key)                         # a link's room (a student) or a lecturer's takeover; once
    SS["_page_changed"] = SS.get("_page") != key    # widgets are written once on a page's first run
    SS["_page"] = key
    SS["_link_box_drawn"] = False
    SS.pop("_link_note", None)             # the share box's placeholder belongs to one run
    _sidebar_controls(key)
    title = t(page(key).heading_key)
    # a title with spaces ("模型评估与选择 · 交互实验室") breaks at them, not inside a word (a phone's 选 / 择):
    # CJK text may break between any two characters otherwise; a part wider than the line still breaks
    keep_words = "[data-testid='stMain'] h1 { word-break: keep-all; overflow-wrap: anywhere; }" if " " in title else ""
    _static_css_in_head()
    css = [_static_css(), keep_words, feedback.css(t("common.busy"), t("common.upload.refused", mb=UPLOAD_LIMIT_MB),
                              upload_button=t("common.upload.button"),
                              upload_limit=t("common.upload.per_file", mb=UPLOAD_LIMIT_MB)),
           _PRESENTER_CSS + screens.presenter_css() if presenter() else ""]
    # our own CSS only, one element; st.html: a Markdown element with HTML loads rehype-raw (56 kB) first.
    # A style sheet alone is not laid out in the page (no gap above the title: the paddings allow for it)
    st.html("<style>" + "\n".join(css) + "</style>")
    fit_formulas()                               # a formula wider than its column is typeset smaller, not cut
    st.title(title, anchor=page(key).top or None)   # the top section's anchor, if any
    tour.bar()                                   # in a tour: the stop, its talking point, Prev / Next
    class_box.join_card()                        # a lecturer's class: the room code and QR code, on request
    class_vote.student_view()                    # a student in a room: the open question (polled while in it)
    if with_lesson:
        if presenter():
            with st.expander(t("common.lesson")):
                lesson(key)
        else:
            lesson(key)
    if page(key).needs != "predictions":
        links.publish()
        links.link_box(uploaded=False)


def data_sidebar():
    """Draw the data sidebar (ui.core.data) with its "Prepare a report" button and
    return ``(PredictionSet | None, token)``."""
    ps, token = data_sidebar_only()
    if ps is not None:
        report_button(ps, token)
    return ps, token


def open_data_page(key: str):
    """:func:`open_page` plus the data sidebar, for a page that reads
    predictions.  Returns ``(ps, token, models)``; stops the page (with a
    hint) while no data is loaded."""
    open_page(key)
    ps, token = data_sidebar()
    if ps is None:
        no_data()
        st.stop()
    models = affordable(token, chosen_models(ps), ps)     # past the session's budget: those that fit
    if not models:
        st.stop()
    return ps, token, models


def run(pg) -> None:
    """Run the navigation's page ``pg``; a refusal that reaches the top of
    the page (a bound, the session's memory budget) is shown as its sentence,
    in the user's language, below what the page drew -- never a traceback."""
    try:
        pg.run()
    except ec.DataError as err:
        show_error(err)
