"""Every session key the app uses, declared once with its meaning.

Cross-page state lives in plain ``st.session_state`` keys: widget keys
vanish with their widget when the page changes, so each widget that must
survive a page switch is bound (:func:`bind`) to a plain key declared here.
Widget keys start with ``_w_``; keys that end in ``|`` are prefixes of a
family (``"roc_step|"`` + ...), or ``.`` (a page's own keys, ``"<page>.<name>"``).
"""
from __future__ import annotations

import streamlit as st

from ui.core import settings

try:
    from streamlit.runtime.state.session_state_proxy import get_session_state
except ImportError:             # (a Streamlit without it: :func:`browser_lacks` is False)
    get_session_state = None

SS = st.session_state

KEYS: dict[str, str] = {
    # language and navigation
    "lang": 'the language, "zh" (default) or "en"',
    "presenter": "presenter mode (讲课模式): larger chart text, lesson folded",
    "export_fmt": 'what the camera button of every figure downloads: "png" (at 2x, default) or "svg"',
    "_page": "the key of the page drawn last (for the link)",
    "_page_changed": "this run is a page's first after another page: widgets take their values from the plain keys",
    "_widget_gen": "per widget base key: how often its widget was drawn anew, its value changed elsewhere "
                   "(ui.core.state.widget_key)",
    "_widget_lang": "per widget base key: the language its widget was last drawn in (a switch draws it anew)",
    "_run": "how many full runs of a page this session has had (ui.core.page.open_page counts them)",
    "_widget_run": "per widget base key: the full run (_run) it was last drawn in (a widget missing from a run "
                   "is drawn anew: ui.core.state.widget_key)",
    "_link_read": "the link's parameters were read into the session (once per session)",
    "_link_pending": "link parameters that need the data set (threshold, prior, step)",
    "_link_step": "a ROC-walk step from a link, applied by the ROC page once",
    "_link_args": "(token, model) of the run's last link publish (ui.core.links.publish_again uses them again)",
    "_link_too_large": "session keys of tables too large to carry in the link (the share box says so)",
    "_link_note": "this run's placeholder in the share box for the too-large-table note",
    # the lecture tour (ui.core.tour, ui.core.tour_editor)
    "tour": 'the tour on: "chapter2" (shipped), "own" (the lecturer\'s) or absent',
    "tour_stop": "the index of the tour's current stop",
    "tour_own": "the lecturer's own tour: a list of ui.core.tour.Stop (this session only)",
    "_tour_go": '("by", +1 / -1) or ("to", index): a move between stops, carried out by the next tour bar',
    "_tour_entered": "how many times a stop was entered this session: its section is scrolled to once per entry",
    "tour_error": "the message of the last tour file that could not be used (until the next upload)",
    "tour_file_id": "file_id of the tour upload already handled",
    # data
    "source": "which data set the sidebar shows (a name from ui.core.settings.SOURCES)",
    "syn_n": "synthetic generator: number of samples",
    "syn_sep": "synthetic generator: separation of the two classes' score means",
    "syn_rate": "synthetic generator: share of positives",
    "syn_seed": "synthetic generator: random seed",
    "ds_upload": "the last uploaded PredictionSet that loaded (kept when a later upload fails)",
    "ds_upload_token": "the cache token of ds_upload",
    "_upload_facts": "{(token, model, flipped): ModelFacts} of ds_upload: kept in the session, so they go with it",
    "_link_box_drawn": "the share-link box is already in this run's sidebar (a page with a data sidebar draws one)",
    "_cost_imbalance_model": "cost page: the model its class-imbalance section was drawn with in the page's last "
                             "run (another model chosen in the threshold's part reruns the page)",
    "_kept_figures": "{chart key: (inputs, figure)} of ui.kept: a figure that does not move with the threshold",
    "_held_traces": "{live chart key: digests of the traces sent in its last run} (ui.core.held_traces)",
    "_wire_memo": "{live chart key: (figure JSON's digest, what the browser held, config, what it holds after, "
                  "what was sent)} of its last run: the same figure is not read again (ui.core.held_traces)",
    "upload_name": "the file name of ds_upload",
    "upload_error": "the error of the last failed upload (shown until the next upload)",
    "upload_pending": "(bytes, name, error) of an upload waiting for the user to pick its positive label",
    "upload_file_id": "file_id of the upload already handled (so a rerun does not parse it again)",
    "models": "the models chosen for viewing",
    "_report": "(state key, HTML bytes, file name) of a prepared report (ui.core.report), dropped once downloaded "
               "or when the state changes",
    "flipped": 'set of "<token>|<model>" whose scores are used negated (AUC < 0.5)',
    "thresholds": '{"<token>|<model>": threshold}, the shared threshold of each model on every page',
    # page controls kept across pages
    "beta": "beta of F-beta (confusion and P-R pages)",
    "hist_scale": 'confusion page: the score histogram\'s y axis, "count", "density" or "log"',
    "roc_model": "the model the threshold control and single-model views apply to",
    "roc_mode": 'ROC page mode: "step", "four", "grid" or "full"',
    "roc_hull": "ROC page: draw the convex hulls",
    "roc_step|": "prefix: ROC walk position per (token, model, grouped)",
    "roc_step_now": "the ROC walk's current step (for the link)",
    "_roc_moved": "a Prev/Next/Reset/End/slider move happened: this run of the walk takes no timed step",
    "roc_play": "the ROC walk's Play is on (a step every 1.2 s)",
    "_roc_play_toggled": "the ROC walk's Play was switched (ui.core.play): the page reruns to start or stop the timer",
    "_methods.play_toggled": "the bootstrap's Play was switched (ui.core.play), read once by its toggle",
    "cost01": "cost of a false negative (textbook cost01)",
    "cost10": "cost of a false positive (textbook cost10)",
    "cost_p|": "prefix: the prior p of the positive class per data token (cost page)",
    "imb_rate": "cost page: the positive rate to resample to",
    "imb_method": 'cost page: "under" or "over" sampling',
    "mc_source": 'confusion page, K x K section: "kappa", "animals" or "upload"',
    "mc_labels": "confusion page: the last uploaded LabelSet that loaded",
    "mc_name": "confusion page: the file name of mc_labels",
    "mc_error": "confusion page: the error of the last failed K x K upload",
    "mc_file_id": "confusion page: file_id of the K x K upload already handled",
    # intervals beside the measures (ui.parts.intervals)
    "ci_on": "confusion, P-R and ROC pages: show a 95% interval beside every headline number",
    "ci_prop": 'interval of a proportion (accuracy, error, P, R): "wilson" or "clopper-pearson"',
    "ci_boot": 'bootstrap interval (F1, F-beta, AUC): "percentile" or "bca"',
    "ci_cv_data": "ROC page: the feature data set of the CV-averaged ROC",
    "ci_cv_learner": "ROC page: the learner of the CV-averaged ROC",
    # bounds (ui.protect.bounds, ui.protect.budget, ui.protect.timers)
    "_bounds_gen": "{table name: how often its editor was drawn anew after an edit over its bound}",
    "_bounds_error": "{table name: the DataError of the last edit over its bound} (shown until a good edit)",
    "_memo": "{name: (source, value)} of ui.protect.budget.once: a session-held object computed once per input",
    "_play_touch": "{Play key: time.monotonic() of the user's last touch} (ui.protect.timers: Play stops when idle)",
    # pages whose keys are a family: each is declared with its meaning in the page's docstring
    "methods.": "keys of the evaluation-methods page (pages/methods.py)",
    "compare.": "keys of the comparison-tests page (pages/compare.py)",
    "_w_compare.preset": "comparison-tests page: the Friedman preset radio (a widget key only)",
    "biasvar.": "keys of the bias-variance page (pages/biasvar.py)",
    "trust.": "keys of the which-test-to-trust page (ui/parts/trust.py: simulation and Bayesian sections)",
    "lab.": "keys of the metrics-lab page (pages/lab.py)",
    "exercises.": "keys of the exercises page (pages/exercises.py, ui/parts/exercises/)",
    "multiclass.": "keys of the multi-class page (each declared with its meaning in ui/parts/multiclass.py)",
    # class mode (issue 38: ui/core/class_box.py, ui/core/class_vote.py)
    "class_lecture": "(code, secret) of the class this session runs as its lecturer (the secret never in the URL)",
    "class_room": "the room code this session joined as a student (in the link as room=...)",
    "class_me": "this browser's anonymous student id (in the link as me=..., so a reload keeps it)",
    "class_show": "lecturer: the join code, link and QR code shown on the page",
    "class_private": "lecturer: the private takeover link shown in the sidebar",
    "class_error": "the code of the last class refusal (classroom.ClassError), shown once",
    "_class_read": "the link's class parameters (room, me; class and key for a takeover) were read",
    "_class_goto": "(page, state) of a revealed question's experiment, opened by the student's next full run",
    "_class_seen": "vote ids of the room whose reveal this student has seen (the experiment opened once each)",
    # tooling
    "_no_charts": "bench/pages.py sets it to time a page without drawing its charts",
}


def declared(key: str) -> bool:
    """Whether ``key`` (or the family it belongs to) is declared in :data:`KEYS`."""
    if key.startswith("_w_") or key in KEYS:
        return True
    return any(key.startswith(k) for k in KEYS if k.endswith(("|", ".")))


def widget_key(base: str, value) -> str:
    """The key of a widget that must show ``value`` (a widget key, ``_w_...``);
    draw the widget with ``value=value`` (its first value) and this key.

    The server never writes the value of a widget that is on the page: a
    value written there that the browser had not taken yet came back with the
    user's next key press and undid it (fast arrow presses were lost: 12 presses
    on the threshold slider moved it 4 to 10 steps, on a busy machine).  So a
    widget whose value changed elsewhere (another widget, a link, a click, a
    page) is drawn anew under a new key (``base#1``, ``base#2``, ...), starting
    at ``value``; the one the user is moving keeps its key and its focus.
    Callbacks check :func:`is_current` so that an old widget's value, sent by
    a page not yet redrawn, moves nothing.

    A widget is also drawn anew after a language switch: a select box keeps
    the label it showed, and Streamlit hands back a label it no longer
    offers as the value itself (a data source of "算例:9 个样本的 ROC 表…" on the
    English page crashed the next run).

    And a widget missing from a full run (the page stopped before it: no data
    after an upload, an error) is drawn anew when it comes back: Streamlit
    keeps its value on the server, so it does not send it again, while the
    browser has dropped the widget and makes it anew at its own default (a
    radio's first option, a slider's minimum); the next run sent that
    default back and overwrote the setting (the ROC page fell back from
    "full" to "step" after a refused upload; the methods page's sliders came
    back at their minimums after an error)."""
    gens = SS.setdefault("_widget_gen", {})
    drawn_in = SS.setdefault("_widget_lang", {})
    seen = SS.setdefault("_widget_run", {})
    lang = SS.get("lang", "zh")
    run = SS.get("_run", 0)
    g = gens.get(base, 0)
    key = f"{base}#{g}" if g else base
    missed = seen.get(base, run) < run - 1
    if (key in SS and SS[key] != value) or drawn_in.get(base, lang) != lang or missed:
        gens[base] = g = g + 1
        key = f"{base}#{g}"
    drawn_in[base] = lang
    seen[base] = run
    return key


def is_current(base: str, key: str) -> bool:
    """Whether ``key`` is the widget key :func:`widget_key` gives ``base`` now."""
    g = SS.get("_widget_gen", {}).get(base, 0)
    return key == (f"{base}#{g}" if g else base)


def tied(base: str, value, on_change) -> dict:
    """Keyword arguments for a widget that shows ``value`` and hands a user's
    change to ``on_change(new value)``: its key from :func:`widget_key`, its
    first value, and a callback that ignores an old widget's value.  For
    widgets that take ``value=`` (slider, select slider, number input, toggle):
    ``st.slider(label, lo, hi, **tied("_w_step", k, move_to))``."""
    key = widget_key(base, value)

    def changed():
        if is_current(base, key):
            on_change(SS[key])

    return dict(key=key, value=value, on_change=changed)


BOUND_DEFAULTS: dict = {}
"""The default each plain key was bound with (:func:`bind`; the same in every
session): a link leaves out what equals it."""


FROM_TABLE = object()     # bind()'s default: the key's default in the settings table (ui.core.settings)


def bind(key: str, default=FROM_TABLE, *, first: str | None = None, within: tuple | None = None):
    """Keyword arguments that tie a widget to the plain session key ``key``,
    so its value survives page switches: ``st.radio(..., **bind("lang"))``.
    A shareable setting takes its default from the one table of settings
    (``ui.core.settings.defaults()``); a key outside it (a view's own choice, a
    default that depends on the data) passes ``default``.
    The widget's key comes from :func:`widget_key`: a widget whose value
    changed elsewhere is drawn anew.  ``first="value"``, for widgets that
    take ``value=`` (a number input, a slider), passes the value (:func:`tied`):
    a new widget then starts at it, where otherwise its default shows for a
    moment (a number input drawn anew showed 0 for about 0.1 s).  ``first="one"``,
    for a segmented control that always has one option chosen: clicking the
    chosen option again keeps it.  ``within=(lo, hi)``, for a slider whose
    range depends on other settings: the widget shows the key's value
    brought into the range, and the key keeps the user's setting (the link
    says it; a wider range shows it again) until the user moves the widget:
    writing the clamped value into the key would overwrite the setting
    silently."""
    assert declared(key), f"session key {key!r} is not declared in ui.core.state.KEYS"
    if default is FROM_TABLE:
        default = settings.default(key)
    BOUND_DEFAULTS.setdefault(key, default)
    if key not in SS:
        SS[key] = default
    assert first in (None, "value", "one"), first
    shown = SS[key] if within is None else min(max(SS[key], within[0]), within[1])
    if first == "value":
        return tied("_w_" + key, shown, lambda v: SS.__setitem__(key, v))
    wkey = widget_key("_w_" + key, shown)
    if wkey not in SS or browser_lacks(wkey):   # a new widget starts at the value (widgets differ in how
        SS[wkey] = shown           # they take a first value: index, value, default; a new key has nothing to undo)
    return dict(key=wkey, on_change=_copy_back, args=(key, wkey, first == "one"))


def browser_lacks(wkey: str) -> bool:
    """Whether the browser's last message left out widget ``wkey``: the browser has not made that
    widget yet.  Its value is written again then (Streamlit sends a written value with the widget;
    a browser not holding the widget would have nothing to undo).  Otherwise the value went to the
    browser only with the run that first drew the widget: a browser that made the widget later (its
    code still loading, on a slow phone or a busy machine) made it from a later run's element,
    which carries the widget's own default, and sent that back with the next click: the language
    radio of an English page came up on 中文 and the page turned Chinese (the class test's
    projector, 1 run in about 40 under load).  (Streamlit's session state internals; when they
    are not there, False: the value goes with the widget's first run only, as before.)"""
    try:
        state = get_session_state()._state
        wid = state._key_id_mapper.get_id_from_key(wkey, None)
        return wid is not None and wid not in state._new_widget_state.states    # (what the message brought)
    except (AttributeError, RuntimeError, TypeError):      # (TypeError: no get_session_state)
        return False


def _copy_back(key: str, wkey: str, one: bool = False) -> None:
    # one: a segmented control that must keep one option: a click on the chosen option deselects it
    # (None); the key keeps its value and the control is drawn anew showing it (its value differs)
    if is_current("_w_" + key, wkey) and not (one and SS[wkey] is None):
        SS[key] = SS[wkey]
