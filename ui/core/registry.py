"""The one registry of pages.  It drives the navigation (``app.py``), the
home page's chapter map and the page tests.  Adding a page: one file in
``pages/``, one entry here, its strings in ``assets/i18n/<key>.toml``."""
from __future__ import annotations

import importlib
from dataclasses import dataclass

import streamlit as st
from streamlit.errors import StreamlitAPIException

from ui.core import served
from ui.core.i18n import t
from ui.core.links import restore


@dataclass(frozen=True)
class Page:
    """``key``: the page's name (its file ``pages/<key>.py``, its url path,
    its string-table prefix and its lesson file); ``stage``: where it sits in
    the chapter map (one of :data:`STAGES`, or "" for the home page);
    ``needs``: what data it reads ("predictions", "features", "tables" or
    "" for none); ``prefix``: the prefix of its own strings (default
    ``key``), its heading is ``<prefix>.title``; ``warm``: its part's
    background start (``"module:function"``, called on every page's run and
    expected to start once per process), so that the page's defaults are
    ready before a student opens it; ``main``: the key of its main view, the
    figure a lecturer projects (its element carries the class
    ``st-key-<main>``): in presenter mode it is drawn to fit the first
    screen (``ui.core.charts``), and the screen tests measure it; "" for a
    page without one (the home page's map); ``beside``: the keys of figures
    in the main view's row, fitted to the first screen with it (the
    bias-variance page's decomposition beside its fits: drawn at its own
    height, its axis title and legend fell below a projector's screen);
    ``sections``: the anchors of its
    sections (a heading's ``anchor``), which a tour stop may name to be
    scrolled to (``ui.core.tour``); ``top``: the section at the page's top,
    before its first heading (its main view), whose anchor the page's title
    carries (one of ``sections``, or ""); ``switch``: the link parameter of a
    page that shows one section at a time, chosen by a segmented control
    (the comparison tests, the metrics lab, multi-class, the exercises): a tour stop
    opens its section by setting it in its ``state``."""

    key: str
    stage: str
    needs: str = ""
    prefix: str = ""
    warm: str = ""
    main: str = ""
    beside: tuple[str, ...] = ()
    sections: tuple[str, ...] = ()
    top: str = ""
    switch: str = ""

    @property
    def heading_key(self) -> str:
        return f"{self.prefix or self.key}.title"

    @property
    def path(self) -> str:
        return f"pages/{self.key}.py"

    @property
    def title_key(self) -> str:
        return f"common.nav.{self.key}"


# The chapter's four stages, in the book's order (sections 2.2 to 2.5), then its exercises.
STAGES = ("methods", "measures", "tests", "biasvar", "exercises")

# No icons: Material icons are fetched from the internet, which a lecture
# hall may not have.
PAGES: tuple[Page, ...] = (
    Page("home", ""),
    Page("methods", "methods", "features", warm="ui.parts.methods:warm_start", main="methods_balls",
         sections=("bootstrap", "setup", "holdout", "kfold", "truth", "tuning")),
    Page("confusion", "measures", "predictions", prefix="cm", main="cm_heat", beside=("cm_hist",),
         sections=("matrix", "formulas", "macro-micro", "paradox", "multiclass"), top="matrix"),
    Page("pr", "measures", "predictions", main="pr_fig", sections=("curve", "compare"), top="curve"),
    Page("roc", "measures", "predictions", main="roc_step_fig",
         sections=("curve",), top="curve"),      # (its ties section: on the horse-colic data only)
    Page("cost", "measures", "predictions", main="linked", sections=("costs", "imbalance"), top="costs"),
    Page("multiclass", "measures", main="multiclass_cm", switch="mc.sec"),      # its own K-class data (issue 35)
    Page("lab", "measures", switch="l_sec"),
    Page("compare", "tests", "tables", main="compare_binomial", switch="c_sec"),
    Page("trust", "tests", main="trust_sim", sections=("simulation", "bayes")),
    Page("biasvar", "biasvar", main="biasvar_fits", beside=("biasvar_decomp",),
         sections=("decomposition", "identity", "fitting", "zero-one"), top="decomposition"),
    Page("exercises", "exercises", switch="x.open"),
)
served.page_addresses(tuple(p.key for p in PAGES[1:]))         # a page's address says where the server is


def warm_starts() -> None:
    """Start every page part's background work (see ``Page.warm``); the
    framework knows the parts only through this table."""
    for p in PAGES:
        if p.warm:
            module, _, function = p.warm.partition(":")
            getattr(importlib.import_module(module), function)()


def page(key: str) -> Page:
    return next(p for p in PAGES if p.key == key)


def main_view(key: str) -> str:
    """The key of page ``key``'s main view ("" for none or an unknown page)."""
    return next((p.main for p in PAGES if p.key == key), "")


def first_screen_views(key: str) -> tuple[str, ...]:
    """The keys of the figures page ``key`` fits to the first screen in presenter mode: its main view and
    the figures beside it (none for an unknown page)."""
    return next(((p.main, *p.beside) if p.main else () for p in PAGES if p.key == key), ())


def navigation_pages() -> list:
    """``st.Page`` objects for ``st.navigation``, home first (the default),
    titled in the language a link asks for."""
    restore()
    return [st.Page(p.path, title=t(p.title_key), url_path=p.key, default=(i == 0)) for i, p in enumerate(PAGES)]


def page_link(key: str) -> None:
    """A link to page ``key``; a plain link when the page runs outside the
    navigation (as in AppTest.from_file)."""
    p = page(key)
    try:
        st.page_link(p.path, label=t(p.title_key))
    except StreamlitAPIException:
        st.markdown(f"[{t(p.title_key)}](/{p.key})")
