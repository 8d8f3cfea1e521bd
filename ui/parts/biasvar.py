"""Cached simulations of the pages that make their own data (bias and
variance): one object per setting, shared by every session, bounded; and
the bias-variance page's text read from them (its strings)."""
from __future__ import annotations

import streamlit as st

import evalcore as ec

from ui.protect import heavy
from ui.core.i18n import text_number
from ui.core.i18n import t
from ui.protect.budget import freeze
from ui.core import settings

PAGE_STRINGS = "biasvar."
DEGREES = tuple(range(16))
STEPS = settings.choices("biasvar.steps")      # gradient steps offered (the one settings table)
GD_DEGREE = 12          # the "training degree" reading fits this degree, stopped early
SEED = 0                # the same training sets for every setting of the knob


# ui.protect.heavy counts a job's cost in sample-operations: a learner fitted to one row, some 3-20 us.
# These fits are least squares on all sets at once, some 4 ns a multiply-add: a sample-operation's time
# is about FLOPS_PER_SAMPLE_OP of them (bench/heavy_costs.py prints each job's us per unit).  Counted
# as multiply-adds, a 5 ms move on the degree slider queued behind a student's learner study.
FLOPS_PER_SAMPLE_OP = 1_000


@st.cache_resource(max_entries=16, show_spinner=False)
@heavy.job(cost=lambda truth, n_train, n_sets, noise_sd, degree, gd_steps: n_sets * n_train * (
    (degree + 1) ** 2 + (gd_steps or 0) // 100) / FLOPS_PER_SAMPLE_OP)   # a gradient step: one update of all sets
def fits(truth: str, n_train: int, n_sets: int, noise_sd: float, degree: int, gd_steps: int | None):
    """One setting's fitted curves and decomposition (read-only arrays)."""
    return freeze(ec.simulate_fits(truth=truth, n_train=n_train, n_sets=n_sets, noise_sd=noise_sd, degree=degree,
                                    gd_steps=gd_steps, seed=SEED))


@st.cache_resource(max_entries=8, show_spinner=False)
@heavy.job(cost=lambda truth, n_train, n_sets, noise_sd, mode: n_sets * n_train * (
    len(STEPS) * (GD_DEGREE + 1) if mode == "steps" else sum((d + 1) ** 2 for d in DEGREES)) / FLOPS_PER_SAMPLE_OP)
def curve(truth: str, n_train: int, n_sets: int, noise_sd: float, mode: str):
    """The decomposition along the whole knob (degrees, or gradient steps)."""
    if mode == "steps":
        return freeze(ec.training_curve(truth=truth, steps=STEPS, degree=GD_DEGREE, n_train=n_train, n_sets=n_sets,
                                         noise_sd=noise_sd, seed=SEED))
    return freeze(ec.complexity_curve(truth=truth, degrees=DEGREES, n_train=n_train, n_sets=n_sets, noise_sd=noise_sd,
                                       seed=SEED))


def regimes(path, sim) -> ec.RegimeMap:
    """Under-fitting, near the best trade-off or over-fitting at every
    position of ``path``, against its least expected error (what counts as
    near scales with the truth's variance over the test points of ``sim``),
    and the floor of the log axes: the verdict, the shading and the text read it."""
    return ec.regime_map(path.error, scale=sim.truth_variance)


def short(steps: int) -> str:
    """A step count as a short tick label: 300, 3k, 100k."""
    return f"{steps // 1000}k" if steps >= 1000 else str(steps)


def fitting_text(path, rmap: ec.RegimeMap, mode: str, fmt) -> str:
    """The text under the fitting figure, from the same :class:`RegimeMap` as
    its shading: which positions are near the best, under- or over-fitting
    (a sentence for a side that has none), and where a choice by training
    error alone lands."""
    knob = path.degrees if mode == "degree" else path.steps
    labels = [fmt(int(v)) for v in knob]
    spans: dict[str, list[str]] = {}
    for regime, a, b in rmap.runs():
        spans.setdefault(regime, []).append(labels[a] if a == b else f"{labels[a]}–{labels[b]}")
    sides = ("under" in spans, "over" in spans)
    key = {(True, True): "both", (True, False): "no_over", (False, True): "no_under", (False, False): "none"}[sides]
    names = {r: ", ".join(v) for r, v in spans.items()}
    m = t(f"biasvar.axis.{mode}")
    text = t(f"biasvar.fitting.{key}", mode=m, near=names.get("near", ""), under=names.get("under", ""),
             over=names.get("over", ""), tol=text_number(rmap.readings[0].tolerance, 2))
    i = path.train_best_index
    choice = rmap.regimes[i]
    text += " " + t("biasvar.fitting.train_near" if choice == "near" else "biasvar.fitting.train_far", mode=m,
                    at=labels[i], where=t(f"biasvar.fig.{choice}"))
    return text
