"""Cached simulations of the pages that make their own data (bias and
variance): one object per setting, shared by every session, bounded."""
from __future__ import annotations

import numpy as np
import streamlit as st

import evalcore as ec

from . import heavy
from .models import _freeze

DEGREES = tuple(range(16))
STEPS = (1, 3, 10, 30, 100, 300, 1000, 3000, 10_000, 30_000, 100_000)
GD_DEGREE = 12          # the "training degree" reading fits this degree, stopped early
SEED = 0                # the same training sets for every setting of the knob


@st.cache_resource(max_entries=16, show_spinner=False)
@heavy.job(cost=lambda truth, n_train, n_sets, noise_sd, degree, gd_steps: n_sets * n_train * (
    (degree + 1) ** 2 + (gd_steps or 0) // 100))   # a gradient step: one vectorised update of all sets
def fits(truth: str, n_train: int, n_sets: int, noise_sd: float, degree: int, gd_steps: int | None):
    """One setting's fitted curves and decomposition (read-only arrays)."""
    return _freeze(ec.simulate_fits(truth, n_train=n_train, n_sets=n_sets, noise_sd=noise_sd, degree=degree,
                                    gd_steps=gd_steps, seed=SEED))


@st.cache_resource(max_entries=8, show_spinner=False)
@heavy.job(cost=lambda truth, n_train, n_sets, noise_sd, mode: n_sets * n_train * (
    len(STEPS) * (GD_DEGREE + 1) if mode == "steps" else sum((d + 1) ** 2 for d in DEGREES)))
def curve(truth: str, n_train: int, n_sets: int, noise_sd: float, mode: str):
    """The decomposition along the whole knob (degrees, or gradient steps)."""
    if mode == "steps":
        return _freeze(ec.training_curve(truth, steps=STEPS, degree=GD_DEGREE, n_train=n_train, n_sets=n_sets,
                                         noise_sd=noise_sd, seed=SEED))
    return _freeze(ec.complexity_curve(truth, degrees=DEGREES, n_train=n_train, n_sets=n_sets, noise_sd=noise_sd,
                                       seed=SEED))


def regime(path, index: int, sim) -> ec.FitRegime:
    """Under-fitting, near the best trade-off or over-fitting at position
    ``index`` of ``path``, against its least expected error; what counts as
    near scales with the truth's variance over the test points of ``sim``."""
    return ec.fit_regime(path.error, index, scale=float(np.var(sim.truth)))


def short(steps: int) -> str:
    """A step count as a short tick label: 300, 3k, 100k."""
    return f"{steps // 1000}k" if steps >= 1000 else str(steps)
