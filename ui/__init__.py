"""Streamlit helpers for the pages, by role:

``ui.core``     the framework every page uses
  ``state``       every session key, declared once with its meaning; ``bind``
  ``settings``    the one table of shareable settings (link parameter, session key, parser = range, default);
                  ``parsers``: the parsers, each with its range
  ``i18n``        strings (zh/en), lessons, LaTeX templates, number formats (``tex_number``, ``text_number``)
  ``registry``    the pages: navigation, the home map, the page tests, each page part's warm start
  ``page``        the one opening call of a page;  ``boundary``: the section boundary (``guard``)
  ``feedback``    the worded indicator of a run over half a second (CSS)
  ``data``        the data sidebar, the one upload helper, feature data sets
  ``models``      one cached object per (data, model, flipped) with its facts
  ``threshold``   the shared threshold and its control;  ``play``: a Play toggle that steps on a timer and stops
  ``learners``    real learners (scikit-learn) and the comparison runs several pages share
  ``charts``      plotly charts, clickable curves, the linked cost figure;  ``components``: our own components
  ``held_traces`` a fragment's run sends a live figure's changed traces only;  ``frames``: Arrow tables
  ``served``      the app's scripts served compressed once and kept by the browser
  ``links``       the URL that restores a shared state;  ``report``: the sidebar's "Download a report"
  ``keys``        keyboard shortcuts (presenter remotes);  ``typeset``: formulas typeset in place
  ``preload``     the home page starts every element's code in the browser
  ``tables``      a page's open section as state; editable tables that keep the last good result;
                  a row of numbers, a row of controls that wraps, a small table of text (Markdown)
  ``tour``        the lecture tour: stops, the tour bar, tour files;  ``tour_editor``: a lecturer's own tour
  ``screens``     the screens of a lecture: contrast, presenter spacing, touch toolbars; a stop's section scrolled to
  ``tour_questions`` a question a tour stop puts to the class (class mode, issue 38)
  ``class_box``   class mode: the sidebar's class box, a link's room, the join card;  ``class_vote``: the votes
``ui.protect``  what keeps one session from slowing or breaking the class, in one place
  ``limits``      every limit, each stated to the user in their language when hit
  ``bounds``      where data enters: the bounded editor, bounded uploads, clamped costs
  ``budget``      memory in bytes: the shared cache's ledger, each session's budget; ``freeze``
  ``heavy``       heavy computations: a cost bound, one turn at a time, cancellable
  ``timers``      timed reruns (Play) that stop
  ``protocol``    Streamlit's server for a shared class: a client cannot clear the caches every session shares;
                  a fragment's rerun asked for on a page no longer shown is dropped
  ``wakeups``     Streamlit's server hands a run's messages to the browser with fewer wake-ups (same messages)
  ``nodelay``     the server's connections send a small write at once (no 40 ms wait for an acknowledgment)
``ui.parts``    one page's own parts (a part never imports another page's part)
  ``methods``     the evaluation-methods page's experiments     ``biasvar``   the bias-variance simulations
  ``compare``     the comparison-tests page's sections          ``trust``     which test to trust
  ``intervals``   intervals, bands and k models (confusion, P-R, ROC)
  ``roc_walk``    the ROC page's step mode (the textbook's algorithm, step by step)
  ``cost``        the cost page's class-imbalance section (resampled curves, rescaled cost ratio)
  ``multiclass``  the multi-class page: K-class data, model, cost matrix, a class's threshold
  ``exercises``   the exercises page by topic: ``methods``, ``measures``, ``normalisation``,
                  ``significance``; ``guess`` (guess first), ``shared``

Pages ``import ui`` for the framework's names re-exported here, and import
their own part (``from ui.parts import compare``).  ``tests/test_structure.py``
keeps the roles apart.
"""
from ui.core.boundary import guard
from ui.core.charts import chart, curve_chart, kept, linked_chart, live_chart, preload_figures
from ui.core.frames import arrow_table
from ui.core.data import (LABELS_UPLOAD, UPLOAD_LIMIT_MB, UploadSlot, chosen_models, feature_set, handle_upload,
                          model_picker, no_data, set_synthetic, upload_status)
from ui.core.i18n import (builtin_names, cell, error_text, fill, fmt, fmt_cost, fmt_threshold, formula, labels,
                          lang, lesson, md, show_error, shown_cell, shown_name, t, t_counted, t_fig, t_plain,
                          tex_number, text_number, texts)
from ui.core.keys import keyboard
from ui.core.links import publish_again
from ui.core.models import ModelFacts, affordable, cost_comparison, dominance, is_flipped, model, set_flipped
from ui.core.play import Play
from ui.core.page import data_sidebar, open_data_page, open_page, presenter, run, sidebar_state
from ui.core.preload import preload
from ui.core.registry import PAGES, STAGES, Page, navigation_pages, page_link
from ui.core.settings import (COMPARE_SECTIONS, FEATURE_SOURCES, LAB_SECTIONS, NMI_AVERAGES, SOURCES, choices,
                              grid_step, span)
from ui.core.state import KEYS, SS, bind, tied
from ui.core.tables import control_row, edited_table, last_good, metric_row, section, text_table
from ui.core.threshold import (get_threshold, set_threshold, set_threshold_to_point, threshold_control,
                               threshold_panel)
from ui.core.typeset import formula_grid
from ui.protect import protocol  # noqa: F401  (applied once, on import: see its docstring)
from ui.protect import wakeups  # noqa: F401  (applied once, on import: a run's messages with fewer wake-ups)
from ui.protect import nodelay  # noqa: F401  (applied once, on import: small writes sent at once)
from ui.protect.bounds import bounded_editor, costs, labels_parser, readable_classes, redraw, table_parser
from ui.protect.budget import once

__all__ = [
    "Play", "guard", "chart", "curve_chart", "kept", "linked_chart", "live_chart", "preload_figures",
    "LABELS_UPLOAD", "UPLOAD_LIMIT_MB", "UploadSlot", "chosen_models", "feature_set", "handle_upload",
    "model_picker", "no_data", "set_synthetic", "upload_status",
    "builtin_names", "cell", "error_text", "fill", "fmt", "fmt_cost", "fmt_threshold", "formula", "labels", "lang",
    "lesson", "md",
    "show_error", "shown_cell", "shown_name", "t",
    "t_counted", "t_fig", "t_plain", "tex_number", "text_number", "texts",
    "keyboard", "publish_again",
    "ModelFacts", "affordable", "cost_comparison", "dominance", "is_flipped", "model", "set_flipped",
    "data_sidebar", "open_data_page", "open_page", "presenter", "run", "sidebar_state", "preload",
    "PAGES", "STAGES", "Page", "navigation_pages", "page_link",
    "COMPARE_SECTIONS", "FEATURE_SOURCES", "LAB_SECTIONS", "NMI_AVERAGES", "SOURCES", "choices", "grid_step", "span",
    "KEYS", "SS", "bind", "tied", "edited_table", "last_good", "metric_row", "control_row", "section", "text_table",
    "get_threshold", "set_threshold", "set_threshold_to_point", "threshold_control", "threshold_panel",
    "formula_grid", "bounded_editor", "costs", "labels_parser", "readable_classes", "redraw", "table_parser", "once",
    "arrow_table",
]
