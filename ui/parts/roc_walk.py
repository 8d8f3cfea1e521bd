"""The ROC page's step mode: the textbook's algorithm walked one step at a
time (Prev / Next / Reset / End, Play, a step slider, keyboard keys), the
figure of the curve so far with the step's trapezoid, the step's numbers and
formulas, and the ranked samples.  UI only: the walk itself is
``ModelFacts.steps`` (``evalcore.analysis``)."""
from __future__ import annotations

import streamlit as st

from evalcore import figures

from ui.core.boundary import guard
from ui.core import links
from ui.core import tour
from ui.core.charts import live_chart
from ui.core.data import model_picker
from ui.core.frames import arrow_table
from ui.core.i18n import cell, fill, fmt_threshold, shown_name, t, t_counted, t_fig
from ui.core.keys import keyboard
from ui.core.models import model as model_facts
from ui.core.play import Play
from ui.core.state import SS, tied
from ui.core.tables import control_row, metric_row
from ui.core.typeset import formula_grid

STEP_LIMIT = 300      # walk one distinct score per step up to this many samples
GROUP_STEPS = 60      # larger sets: this many steps, each a run of thresholds
PLAY_SECONDS = 1.2    # Play takes one step this often
PAGE_STRINGS = "roc."  # the ROC page's part: its strings are the page's (assets/i18n/roc.toml)


def roc_walk(ps, token: str, models: list) -> None:
    """The step mode of the ROC page for the data ``ps`` (its ``token``) and
    its ``models``: the step is kept per (data, model, grouping) in the
    session and in the link."""
    T = t
    model = model_picker(models, "common.cm.model")
    grouped = ps.n > STEP_LIMIT
    mf = model_facts(token, model, ps)
    steps = mf.steps(GROUP_STEPS if grouped else None)
    if grouped:
        st.info(T("roc.step.grouped", n=f"{ps.n:,}", limit=STEP_LIMIT, k=steps.n_steps))
    skey = f"roc_step|{token}|{model}|{grouped}"
    if "_link_step" in SS:                       # a shared link's step, applied once
        SS[skey] = min(int(SS.pop("_link_step")), steps.n_steps)
    player = Play("roc_play", seconds=PLAY_SECONDS)
    player.stop_if_page_changed()
    playing = player.on

    def move(delta=None, to=None):
        cur = int(SS.get(skey, 0))
        SS[skey] = max(0, min(steps.n_steps, to if to is not None else cur + delta))
        SS["_roc_moved"] = True               # a user's move: this run takes no timed step
        player.touch()

    KEY_MOVES = {"next": dict(delta=1), "prev": dict(delta=-1), "reset": dict(to=0), "end": dict(to=steps.n_steps)}

    def on_key(action):
        kk = min(int(SS.get(skey, 0)), steps.n_steps)
        if tour.walk_at_end(action, kk == 0, kk >= steps.n_steps):
            return                                # in a tour: the next (previous) stop
        if action == "play":
            player.set(not SS.get(player.key, False))
        else:
            move(**KEY_MOVES[action])

    @st.fragment(run_every=player.every(playing))
    @guard("roc walk")
    def walk():
        if SS.get("_tour_go"):
            st.rerun(scope="app")                 # a move to another stop: the whole page, whose tour bar moves
        kk = player.tick(skey, steps.n_steps, was_playing=playing, moved=SS.pop("_roc_moved", False))
        SS["roc_step_now"] = kk
        links.publish_in_page(token, model)    # the link carries the step, in the fragment's runs too
        with control_row("roc_step_row"):            # on a phone the steps and Play share a line, the slider the next
            st.button(T("roc.prev"), on_click=move, kwargs={"delta": -1}, key="roc_prev", disabled=kk == 0,
                      help="← / PageUp")
            st.button(T("roc.next"), on_click=move, kwargs={"delta": 1}, key="roc_next",
                      disabled=kk >= steps.n_steps, help="→ / PageDown")
            st.button(T("roc.reset"), on_click=move, kwargs={"to": 0}, key="roc_reset", help="Home")
            st.button(T("roc.end"), on_click=move, kwargs={"to": steps.n_steps}, key="roc_end", help="End",
                      disabled=kk >= steps.n_steps)
            player.toggle(st, T("roc.play"), help=T("roc.play.help"), running=playing)
            # the step slider is drawn anew after a move made elsewhere (ui.core.state.tied)
            st.slider(T("roc.step"), 0, steps.n_steps, **tied(f"_w_roc_slider|{skey}", kk, lambda k: move(to=k)))
        keyboard("roc_keys", on_key, next=["arrowright", "pagedown"], prev=["arrowleft", "pageup"],
                    reset="home", end="end", play=" ")
        left, right = st.columns([1.1, 1])
        with left:
            live_chart(figures.roc_step_figure(
                steps, kk, full=mf.roc_view if grouped else None,
                text=dict(x=T("common.axis.fpr"), y=T("common.axis.tpr"), walked=T("roc.walked"),
                          to_come=T("roc.tocome"), current=T("roc.current"), step=T("roc.col.step"))),
                key="roc_step_fig")
        with right:
            st.subheader(T("roc.step.now", k=kk, K=steps.n_steps))
            metric_row("roc_step", [("TP", f"{int(steps.tp[kk]):,}"), ("FP", f"{int(steps.fp[kk]):,}"),
                        ("TPR", f"{steps.tpr[kk]:.3f}"), ("FPR", f"{steps.fpr[kk]:.3f}")])
            if kk == 0:
                st.markdown(T("roc.step.start"))
                lines = [fill("roc.start")]
            else:
                thr = steps.thresholds[kk]
                dp, dn = int(steps.d_pos[kk]), int(steps.d_neg[kk])
                kind = f"roc.step.{steps.kind[kk]}"
                words = dict(thr=fmt_threshold(thr), dp=dp, dn=dn, pos=t_counted("roc.count.pos", dp, n=dp),
                             neg=t_counted("roc.count.neg", dn, n=dn))
                st.markdown(t_counted(kind, dp if steps.kind[kk] == "up" else dn, **words)
                            if steps.kind[kk] in ("up", "right") else T(kind, **words))
                lines = [fill("roc.move", dn=dn, dp=dp, fp=int(steps.fp[kk]), neg=steps.n_neg, tp=int(steps.tp[kk]),
                                 pos=steps.n_pos),
                         fill("roc.darea"),
                         fill("roc.darea_filled", dx=f"{steps.fpr[kk] - steps.fpr[kk - 1]:.4f}",
                                 y0=f"{steps.tpr[kk - 1]:.4f}", y1=f"{steps.tpr[kk]:.4f}", v=f"{steps.area[kk]:.4f}")]
            lines.append(fill("roc.sum_end" if kk == steps.n_steps else "roc.sum", v=f"{steps.cum_area[kk]:.4f}"))
            formula_grid("roc_step_formulas", [(None, lines)], columns=1)
        if not grouped:
            ranked = mf.ranked
            live_chart(figures.ranked_strip(ranked, kk, ids=ps.ids, text=dict(
                pos=T("common.cls.pos"), neg=T("common.cls.neg"), x=T("roc.rank"),
                y=t_fig("common.axis.score", model=shown_name(model)), cut=T("roc.cut"), score=T("roc.col.score"),
                rank=T("roc.col.rank"), step=T("roc.col.step"))), key="roc_strip")
            ids = ps.ids if ps.ids is not None else ranked.order
            rows = [{T("roc.col.rank"): int(r), T("roc.col.id"): cell(ids[i]), T("roc.col.score"): f"{s:.6g}",
                     T("roc.col.label"): T("common.cls.pos") if yy else T("common.cls.neg"),
                     T("roc.col.step"): int(g),
                     T("roc.col.in"): "✔" if g <= kk else ""}
                    for r, i, s, yy, g in zip(ranked.rank, ranked.order, ranked.scores, ranked.y, ranked.step)]
            st.dataframe(arrow_table(rows), hide_index=True, height=min(420, 38 + 35 * len(rows)))

    walk()
