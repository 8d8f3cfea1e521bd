"""Streamlit helpers shared by the pages, one module per concern:

``state``     every session key, declared once with its meaning; ``bind``
``i18n``      strings (zh/en), lessons, LaTeX templates, number formats
``registry``  the pages: navigation, the home map, the page tests
``page``      the one opening call of a page
``boundary``  the section boundary: an unexpected error is a sentence, the rest of the page is drawn
``feedback``  the worded indicator of a run over half a second (CSS)
``data``      the data sidebar, the one upload helper, feature data sets
``models``    one cached object per (data, model, flipped) with its facts
``threshold`` the shared threshold and its control
``charts``    plotly charts, clickable curves, the linked cost figure
``settings``  the one table of shareable settings (link parameter, session key, parser = range, default)
``links``     the URL that restores a shared state
``keys``      keyboard shortcuts (presenter remotes)
``typeset``   formulas that follow a live control, typeset in place
``preload``   the home page starts every element's code in the browser
``limits``    every limit that protects a shared server; every table's bound
``bounds``    bounds where data enters: the bounded editor, bounded uploads, clamped costs
``budget``    memory in bytes: the shared cache's ledger, each session's budget
``heavy``     heavy computations: a cost bound, one turn at a time, cancellable
``timers``    timed reruns (Play) that stop
``tables``    a page's open section as state; editable tables that keep the last good result
``learners``  real learners and the comparison page's one "run it" call
``comparison`` the comparison-tests page's sections (pages/compare.py draws the open one)
``protocol``  Streamlit's server for a shared class: a client cannot clear the caches every session shares
``tour``      the lecture tour: stops, the tour bar, tour files;  ``tour_editor``: a lecturer's own tour
``guess``     "guess first" on the exercises page;  ``exercises_a``, ``exercises_b``: its sections

Pages ``import ui`` and use the names re-exported here.
"""
from . import limits, protocol, timers, tour
from .bounds import (bounded_editor, costs, fmt_cost, labels_parser, readable_classes, redraw, table_parser,
                     tex_number, text_number)
from .boundary import guard
from .budget import once
from .charts import chart, curve_chart, kept, linked_chart, live_chart, preload_figures
from .frames import arrow_table
from .data import (LABELS_UPLOAD, UPLOAD_LIMIT_MB, UploadSlot, chosen_models,
                   feature_set, handle_upload, model_picker, set_synthetic, upload_status)
from .i18n import (cell, error_text, fill, fmt, fmt_threshold, formula, labels, lang, lesson, md, show_error,
                   shown_name, t, t_fig, texts)
from .experiments import horse_colic_report
from .keys import keyboard
from .models import ModelFacts, affordable, cost_comparison, dominance, is_flipped, model, set_flipped
from .page import data_sidebar, open_data_page, open_page, presenter, run, sidebar_state
from .preload import preload
from .registry import PAGES, STAGES, Page, navigation_pages, page_link
from .state import KEYS, SS, bind, tied
from .threshold import (get_threshold, set_threshold, set_threshold_to_point, threshold_control,
                        threshold_panel)
from .typeset import formula_grid
from .walk import roc_walk
from . import intervals  # noqa: F401  (pages call ui.intervals.switch, table, bands, k_models, cv_roc)
# pages on small tables (comparison tests, metrics lab): sections, checked tables, links of their controls
from .links import publish_again
from .settings import COMPARE_SECTIONS, FEATURE_SOURCES, LAB_SECTIONS, NMI_AVERAGES, SOURCES
from .tables import edited_table, last_good, section

__all__ = [
    "protocol", "limits", "timers", "tour", "intervals", "bounded_editor", "redraw", "costs", "labels_parser",
    "readable_classes",
    "table_parser",
    "tex_number", "text_number", "fmt_cost", "once", "guard",
    "horse_colic_report", "keyboard", "formula_grid", "roc_walk",
    "chart", "curve_chart", "linked_chart", "kept", "live_chart",
    "preload_figures", "preload",
    "FEATURE_SOURCES", "LABELS_UPLOAD",
    "SOURCES", "UPLOAD_LIMIT_MB", "UploadSlot", "chosen_models", "data_sidebar", "run", "affordable",
    "feature_set", "handle_upload",
    "model_picker", "set_synthetic", "upload_status", "cell", "md", "t_fig", "error_text", "fill", "fmt",
    "fmt_threshold", "shown_name", "formula", "labels", "lang", "lesson", "show_error", "t", "texts", "ModelFacts",
    "cost_comparison", "dominance", "is_flipped", "model", "set_flipped", "open_data_page", "open_page", "presenter",
    "sidebar_state", "PAGES",
    "STAGES", "Page", "navigation_pages", "page_link", "KEYS", "SS", "bind", "tied",
    "get_threshold", "set_threshold",
    "threshold_control", "threshold_panel", "set_threshold_to_point",
    "COMPARE_SECTIONS", "LAB_SECTIONS", "NMI_AVERAGES", "publish_again", "edited_table", "last_good", "section",
    "arrow_table",
]
