"""Fitting polynomials to many training sets drawn from a known truth
(textbook 2.5 and 2.1): :func:`simulate_fits` at one degree (or one number
of gradient steps), :func:`complexity_curve` and :func:`training_curve`
along the whole knob, and :func:`fit_regime`, which reads a position on such
a curve as under-fitting, near the best trade-off, or over-fitting.  The
decomposition itself is :func:`evalcore.bias_variance`'s identity.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._validation import DataError, check_count, check_nonneg, check_scores
from .decomposition import BiasVariance

# ------------------------------------------------------------ the truths
def _sin(x):
    return np.sin(2 * np.pi * x)


def _step(x):
    return np.where(x < 0.5, -0.5, 0.5)


def _poly(x):
    return 4 * (x - 0.2) * (x - 0.5) * (x - 0.9) * 3


TRUTHS = {"sin": _sin, "step": _step, "poly": _poly}
"""Known true functions f on [0, 1]: sin(2 pi x), a step at 0.5, a cubic."""


def _design(x: np.ndarray, degree: int) -> np.ndarray:
    """Legendre polynomials up to ``degree`` at x in [0, 1] (mapped to [-1, 1]):
    the same fits as powers of x, but a well-conditioned basis up to degree 15."""
    return np.polynomial.legendre.legvander(2.0 * x - 1.0, degree)


# ------------------------------------------------------------- simulation
@dataclass(frozen=True, eq=False)
class FitSimulation:
    """Many training sets from one truth, each fitted the same way.

    ``x`` (n_points,) the test points; ``truth`` f(x) there;
    ``predictions`` (n_sets, n_points) each set's fitted curve;
    ``train_x``, ``train_y`` (n_sets, n_train) the training sets;
    ``train_error`` (n_sets,) each fit's mean squared error on its own set;
    ``noise_var`` s^2; ``decomposition`` the :class:`BiasVariance` of the
    predictions; ``measured_error`` the squared error against freshly drawn
    noisy labels, averaged over sets and points (a Monte Carlo check of
    ``decomposition.error``).
    """

    x: np.ndarray
    truth: np.ndarray
    predictions: np.ndarray
    train_x: np.ndarray
    train_y: np.ndarray
    train_error: np.ndarray
    noise_var: float
    decomposition: BiasVariance
    measured_error: float
    truth_variance = property(lambda self: float(np.var(self.truth)), doc="Var f(x): the scale errors are judged by.")


def _draw(truth, n_train: int, n_sets: int, noise_sd: float, rng):
    """x stratified on [0, 1] (one uniform point in each of n equal bins, so
    every training set covers the interval and a high degree is not judged
    by wild extrapolation into an empty edge), y = f(x) + N(0, noise_sd^2)."""
    x = (np.arange(n_train) + rng.random((n_sets, n_train))) / n_train
    return x, truth(x) + noise_sd * rng.standard_normal((n_sets, n_train))


def _ls_operator(design: np.ndarray, ridge: float) -> np.ndarray:
    """The linear map A (n_sets, p, n) from labels to least-squares
    coefficients (coef = A y) for every set at once, by a batched QR
    decomposition (as well conditioned as a per-set ``lstsq``).  A ridge
    penalty ``ridge`` per sample is rows sqrt(ridge n) I appended to the
    design; with more coefficients than points a vanishing ridge picks the
    small solution."""
    s, n, p = design.shape
    lam = ridge if ridge > 0 else (1e-12 if p > n else 0.0)
    if lam > 0:
        design = np.concatenate([design, np.broadcast_to(np.sqrt(lam * n) * np.eye(p), (s, p, p))], axis=1)
    q, r = np.linalg.qr(design)
    return np.linalg.solve(r, np.swapaxes(q[:, :n, :], 1, 2))


def _gd_operator(design: np.ndarray, steps: int, eig=None) -> np.ndarray:
    """The linear map A (n_sets, p, n) from labels to the coefficients after
    ``steps`` gradient-descent steps from 0 on the mean squared error, step
    size 1 / (largest curvature), for every set at once (``eig``: the
    eigendecomposition of V'V / n from :func:`_gd_eigen`, shared by every
    step count).

    On a quadratic this has a closed form in the eigenbasis of V'V / n: each
    direction k approaches its least-squares value by the factor
    1 - (1 - lambda_k / lambda_max)^t, so few steps fit only the strongest
    directions (under-fitting) and many steps the noise too (over-fitting)."""
    lam, u, utv = _gd_eigen(design) if eig is None else eig
    lam_max = lam[:, -1:]
    shrink = 1.0 - (1.0 - lam / lam_max) ** steps
    with np.errstate(divide="ignore", invalid="ignore"):
        gain = np.where(lam > 1e-12 * lam_max, shrink / lam, steps / lam_max)
    return (u * gain[:, None, :]) @ utv / design.shape[1]


def _gd_eigen(design: np.ndarray):
    """Eigenvalues and vectors of V'V / n, and U'V' (what every step count shares)."""
    lam, u = np.linalg.eigh(np.swapaxes(design, 1, 2) @ design / design.shape[1])
    return lam, u, np.swapaxes(u, 1, 2) @ np.swapaxes(design, 1, 2)


def _check(truth, n_train, n_sets, noise_sd, degree, n_points):
    if truth not in TRUTHS:
        raise DataError("bad_option", name="truth", options=tuple(TRUTHS), value=truth)
    n = check_count(n_train, "n_train", minimum=2)
    s = check_count(n_sets, "n_sets", minimum=2)
    sd = check_nonneg(noise_sd, "noise_sd")
    d = check_count(degree, "degree", minimum=0)
    m = check_count(n_points, "n_points", minimum=2)
    if d > 20:
        raise DataError("out_of_range", name="degree", interval="[0, 20]", value=degree)
    return TRUTHS[truth], n, s, sd, d, m


def simulate_fits(*, truth: str = "sin", n_train: int = 20, n_sets: int = 200, noise_sd: float = 0.3,
                  degree: int = 3, n_points: int = 200, ridge: float = 0.0, gd_steps: int | None = None,
                  seed=None) -> FitSimulation:
    """Fit a polynomial of ``degree`` to each of ``n_sets`` training sets of
    ``n_train`` points (x stratified on [0, 1], y = f(x) + N(0, noise_sd^2)).

    Every set is solved in one batched least-squares call (optionally with a
    ridge penalty ``ridge`` per sample, or stopped early after ``gd_steps``
    gradient steps from zero: the book's "training degree", figure 2.9).
    The same ``seed`` gives the same training sets for every degree, so
    curves over complexity compare like with like.

    Parameters
    ----------
    truth : {"sin", "step", "poly"}, default "sin"
        The true function f on [0, 1] (:data:`TRUTHS`).
    n_train : int, default 20
        Points per training set.
    n_sets : int, default 200
        Number of training sets.
    noise_sd : float, default 0.3
        Standard deviation of the label noise, >= 0.
    degree : int, default 3
        Polynomial degree, >= 0.
    n_points : int, default 200
        Test points on [0, 1].
    ridge : float, default 0.0
        Ridge penalty per sample, >= 0.
    gd_steps : int, optional
        Stop gradient descent from zero after this many steps; by default solve exactly.
    seed : int or None, optional
        Seed of the draws; the same seed gives the same training sets.

    Returns
    -------
    FitSimulation
        ``x``, ``truth``, ``predictions`` ((n_sets, n_points)), ``train_x``,
        ``train_y``, ``train_error``, ``noise_var``, ``decomposition`` (a
        :class:`BiasVariance`) and ``measured_error``.

    Examples
    --------
    >>> import evalcore as ec
    >>> sim = ec.simulate_fits(truth="sin", n_train=20, n_sets=100, noise_sd=0.3, degree=3, seed=0)
    >>> t = sim.decomposition.totals()
    >>> abs(t.bias2 + t.variance + t.noise - t.error) < 1e-12
    True
    """
    f, n, s, sd, d, m = _check(truth, n_train, n_sets, noise_sd, degree, n_points)
    draws = _Draws.make(f, n, s, sd, m, seed)
    steps = None if gd_steps is None else check_count(gd_steps, "gd_steps", minimum=0)
    return _fit(draws, d, ridge=check_nonneg(ridge, "ridge"), gd_steps=steps)


@dataclass(frozen=True, eq=False)
class _Draws:
    """The training sets, the test points and the fresh test noise of one
    simulation: shared by every degree or step count of a curve."""

    tx: np.ndarray
    ty: np.ndarray
    ty_clean: np.ndarray
    x: np.ndarray
    truth_x: np.ndarray
    fresh: np.ndarray
    sd: float

    @classmethod
    def make(cls, f, n, s, sd, m, seed):
        rng = np.random.default_rng(seed)
        tx, ty = _draw(f, n, s, sd, rng)
        x = np.linspace(0.0, 1.0, m)
        fresh = sd * rng.standard_normal((s, m))
        return cls(tx, ty, f(tx), x, f(x), fresh, sd)


def _fit(dr: _Draws, d: int, *, ridge: float = 0.0, gd_steps: int | None = None, op=None) -> FitSimulation:
    """Fit every set at one degree (least squares, or ``gd_steps`` gradient
    steps).  Both fits are linear in the labels, coef = A y, so the
    expectation over the label noise is exact: the fit to the noise-free
    labels g = V_x A f(x_train) and the noise's share of the variance
    s^2 v(x)' A A' v(x).  The decomposition averages these over the training
    designs; averaging the noisy fits instead adds var / n_sets of Monte Carlo
    noise to bias^2, which at high degree (a few near-singular designs give
    huge variance) made bias^2 climb again where it is truly about 0."""
    design = _design(dr.tx, d)
    if op is None:
        op = _ls_operator(design, ridge) if gd_steps is None else _gd_operator(design, gd_steps)
    vx = _design(dr.x, d)
    coef = (op @ dr.ty[..., None])[..., 0]
    pred = coef @ vx.T
    clean = (op @ dr.ty_clean[..., None])[..., 0] @ vx.T
    gram = (op @ np.swapaxes(op, 1, 2)).mean(axis=0)      # the mean over the sets of A A', (p, p)
    noise_share = dr.sd ** 2 * ((vx @ gram) * vx).sum(axis=1)
    fbar = clean.mean(axis=0)
    eps2 = np.full(dr.x.shape, dr.sd ** 2)
    dec = BiasVariance((fbar - dr.truth_x) ** 2, ((clean - fbar) ** 2).mean(axis=0) + noise_share, eps2,
                       ((clean - dr.truth_x) ** 2).mean(axis=0) + noise_share + eps2, fbar)
    train_error = (((design @ coef[..., None])[..., 0] - dr.ty) ** 2).mean(axis=1)
    measured = float(((pred - dr.truth_x - dr.fresh) ** 2).mean())
    return FitSimulation(dr.x, dr.truth_x, pred, dr.tx, dr.ty, train_error, dr.sd ** 2, dec, measured)


@dataclass(frozen=True, eq=False)
class _Curve:
    bias2: np.ndarray
    variance: np.ndarray
    noise: np.ndarray
    error: np.ndarray
    measured_error: np.ndarray
    train_error: np.ndarray

    @property
    def test_error(self) -> np.ndarray:
        """The expected error on new data (measured against fresh noisy labels)."""
        return self.measured_error

    @property
    def train_best_index(self) -> int:
        """The position a choice by training error alone would pick."""
        return int(np.argmin(self.train_error))


@dataclass(frozen=True, eq=False)
class ComplexityCurve(_Curve):
    """The decomposition at each polynomial degree in ``degrees``, averaged
    over the test points: ``bias2``, ``variance``, ``noise``, ``error``
    (= their sum), ``measured_error`` (against fresh noisy labels, also
    ``test_error``), ``train_error``; ``best`` the degree of least ``error``."""

    degrees: np.ndarray

    @property
    def best(self) -> int:
        return int(self.degrees[int(np.argmin(self.error))])


@dataclass(frozen=True, eq=False)
class TrainingCurve(_Curve):
    """The same terms after each number of gradient steps in ``steps`` (a
    fixed degree): the book's "training degree" (figure 2.9)."""

    steps: np.ndarray
    degree: int

    @property
    def best(self) -> int:
        return int(self.steps[int(np.argmin(self.error))])


def _terms(sim: FitSimulation) -> tuple:
    t = sim.decomposition.totals()
    return t.bias2, t.variance, t.noise, t.error, sim.measured_error, float(sim.train_error.mean())


def complexity_curve(*, truth: str = "sin", degrees=range(16), n_train: int = 20, n_sets: int = 200,
                     noise_sd: float = 0.3, n_points: int = 200, ridge: float = 0.0, seed=None) -> ComplexityCurve:
    """:func:`simulate_fits` at every degree, on the same training sets.

    Parameters
    ----------
    truth : {"sin", "step", "poly"}, default "sin"
        The true function f on [0, 1] (:data:`TRUTHS`).
    degrees : iterable of int, default range(16)
        The polynomial degrees.
    n_train : int, default 20
        Points per training set.
    n_sets : int, default 200
        Number of training sets.
    noise_sd : float, default 0.3
        Standard deviation of the label noise, >= 0.
    n_points : int, default 200
        Test points on [0, 1].
    ridge : float, default 0.0
        Ridge penalty per sample, >= 0.
    seed : int or None, optional
        Seed of the draws; the same seed gives the same training sets.

    Returns
    -------
    ComplexityCurve
        ``bias2``, ``variance``, ``noise``, ``error``, ``measured_error`` and
        ``train_error`` at each degree, and ``degrees``.

    Examples
    --------
    >>> import evalcore as ec
    >>> c = ec.complexity_curve(truth="sin", degrees=[1, 3, 12], n_sets=100, seed=0)
    >>> bool(c.bias2[0] > c.bias2[1]), bool(c.variance[2] > c.variance[1])
    (True, True)
    """
    ds = np.asarray(list(degrees), dtype=np.int64)
    f, n, s, sd, _, m = _check(truth, n_train, n_sets, noise_sd, int(ds.max(initial=0)), n_points)
    draws = _Draws.make(f, n, s, sd, m, seed)
    r = check_nonneg(ridge, "ridge")
    ds = np.asarray([check_count(d, "degree", minimum=0) for d in ds], dtype=np.int64)
    top = int(ds.max(initial=0)) + 1
    if r == 0 and top <= n:                  # Legendre columns nest: one QR gives every lower degree's fit
        q, rr = np.linalg.qr(_design(draws.tx, top - 1))
        ops = {int(d): np.linalg.solve(rr[:, :d + 1, :d + 1], np.swapaxes(q[:, :, :d + 1], 1, 2)) for d in ds}
    else:
        ops = {}
    a = np.asarray([_terms(_fit(draws, int(d), ridge=r, op=ops.get(int(d)))) for d in ds])
    return ComplexityCurve(*(a[:, i] for i in range(6)), degrees=ds)


def training_curve(*, truth: str = "sin", steps=(1, 3, 10, 30, 100, 300, 1000, 3000, 10_000, 30_000, 100_000),
                   degree: int = 12, n_train: int = 20, n_sets: int = 200, noise_sd: float = 0.3, n_points: int = 200,
                   seed=None) -> TrainingCurve:
    """:func:`simulate_fits` with ``gd_steps`` in ``steps`` (few steps:
    under-fitting; many: the fit follows the noise), same training sets.

    Parameters
    ----------
    truth : {"sin", "step", "poly"}, default "sin"
        The true function f on [0, 1] (:data:`TRUTHS`).
    steps : iterable of int, default (1, 3, 10, ..., 100_000)
        Gradient step counts.
    degree : int, default 12
        Polynomial degree.
    n_train : int, default 20
        Points per training set.
    n_sets : int, default 200
        Number of training sets.
    noise_sd : float, default 0.3
        Standard deviation of the label noise, >= 0.
    n_points : int, default 200
        Test points on [0, 1].
    seed : int or None, optional
        Seed of the draws; the same seed gives the same training sets.

    Returns
    -------
    TrainingCurve
        ``bias2``, ``variance``, ``noise``, ``error``, ``measured_error`` and
        ``train_error`` at each step count, ``steps`` and ``degree``.

    Examples
    --------
    >>> import evalcore as ec
    >>> c = ec.training_curve(truth="sin", steps=[1, 100, 100000], n_sets=100, seed=0)
    >>> bool(c.bias2[0] > c.bias2[1]), bool(c.variance[2] > c.variance[1])
    (True, True)
    """
    ts = np.asarray(list(steps), dtype=np.int64)
    f, n, s, sd, d, m = _check(truth, n_train, n_sets, noise_sd, degree, n_points)
    draws = _Draws.make(f, n, s, sd, m, seed)
    design = _design(draws.tx, d)
    eig = _gd_eigen(design)
    a = np.asarray([_terms(_fit(draws, d, op=_gd_operator(design, int(check_count(t, "gd_steps", minimum=0)), eig)))
                    for t in ts])
    return TrainingCurve(*(a[:, i] for i in range(6)), steps=ts, degree=int(degree))


@dataclass(frozen=True)
class FitRegime:
    """Where one complexity sits on a curve of expected error: ``regime`` is
    ``"under"`` (left of the least error, and clearly worse: under-fitting),
    ``"near"`` (within ``tolerance`` of the least error: near the best
    trade-off) or ``"over"`` (right of it and clearly worse: over-fitting);
    ``error`` the error there, ``best_error`` the least error, ``best_index``
    its position, ``tolerance`` what counts as near."""

    regime: str
    error: float
    best_error: float
    best_index: int
    tolerance: float


NEAR_RELATIVE = 0.10      # near the minimum: within 10 % of the least error ...
NEAR_SCALE = 0.02         # ... plus 2 % of the truth's own variance (the error of predicting its mean)


def fit_regime(errors, index: int, *, scale: float) -> FitRegime:
    """Under-fitting, near the best trade-off, or over-fitting, judged by
    where position ``index`` sits relative to the least of ``errors``.

    Parameters
    ----------
    errors : array-like of shape (n_positions,)
        The expected error at each complexity, in increasing complexity.
    index : int
        The position judged.
    scale : float
        The size of an error worth noticing: the variance of the true
        function over the test points (the error of always predicting its
        mean).

    Returns
    -------
    FitRegime
        ``regime`` ("under", "near" or "over"), ``error``, ``best_error``,
        ``best_index`` and ``tolerance``.

    Notes
    -----
    near  if  errors[index] <= min(errors) + 0.10 min(errors) + 0.02 scale;
    otherwise under if index < argmin(errors), over if index > argmin.
    Bias and variance alone do not decide it: at the least error with no
    noise either may be the larger.

    Examples
    --------
    >>> import evalcore as ec
    >>> [ec.fit_regime([0.5, 0.2, 0.1, 0.3], i, scale=0.5).regime for i in range(4)]
    ['under', 'under', 'near', 'over']
    """
    e = check_scores(errors, "errors")
    i = int(index)
    if not 0 <= i < e.size:
        raise DataError("out_of_range", name="index", interval=f"[0, {e.size - 1}]", value=index)
    j = int(np.argmin(e))
    tol = NEAR_RELATIVE * float(e[j]) + NEAR_SCALE * check_nonneg(scale, "scale")
    regime = "near" if e[i] <= e[j] + tol else ("under" if i < j else "over")
    return FitRegime(regime, float(e[i]), float(e[j]), j, float(tol))


AXIS_FLOOR = 0.01         # the log axes start at 1 % of the least expected error (at least 1 % of f's variance)


@dataclass(frozen=True)
class RegimeMap:
    """:func:`fit_regime` at every position of a curve, computed once: the
    verdict sentence, the shaded regions of the fitting figure and the text
    under it all read this.  ``readings`` the :class:`FitRegime` of each
    position; ``floor`` where the log axes start (:data:`AXIS_FLOOR`),
    ``floor_basis`` what it is 1 % of: ``"error"`` (the least expected error)
    or ``"truth"`` (1 % of f's variance, when the errors are smaller)."""

    readings: tuple
    floor: float
    floor_basis: str

    @property
    def regimes(self) -> tuple[str, ...]:
        """under / near / over per position."""
        return tuple(r.regime for r in self.readings)

    def runs(self) -> list[tuple[str, int, int]]:
        """The regimes as runs of consecutive positions: (regime, first index, last index)."""
        out: list[tuple[str, int, int]] = []
        for i, r in enumerate(self.regimes):
            if out and out[-1][0] == r:
                out[-1] = (r, out[-1][1], i)
            else:
                out.append((r, i, i))
        return out

    def clipped(self, *values) -> bool:
        """Whether any of the arrays ``values`` has a value below :attr:`floor` (drawn below the axis).

        Parameters
        ----------
        *values : array-like
            Arrays of errors, as drawn.

        Returns
        -------
        bool
            True when some value is below :attr:`floor`.
        """
        return any(bool((np.asarray(v) < self.floor).any()) for v in values)


def regime_map(errors, *, scale: float) -> RegimeMap:
    """The regime at every position of ``errors`` (see :func:`fit_regime`)
    and the floor of the log axes: :data:`AXIS_FLOOR` x max(least error,
    :data:`AXIS_FLOOR` x ``scale``) -- terms two decades below the least
    expected error do not change the U, and drawn to 10^-18 they flatten it.

    Parameters
    ----------
    errors : array-like of shape (n_positions,)
        The expected error at each complexity, in increasing complexity.
    scale : float
        The size of an error worth noticing (Var f(x)).

    Returns
    -------
    RegimeMap
        ``readings`` (a :class:`FitRegime` per position), ``floor`` and
        ``floor_basis`` ("error" or "truth").

    Examples
    --------
    >>> import evalcore as ec
    >>> m = ec.regime_map([0.5, 0.2, 0.1, 0.105, 0.3], scale=0.5)
    >>> m.regimes, m.runs(), m.floor, m.floor_basis
    (('under', 'under', 'near', 'near', 'over'), [('under', 0, 1), ('near', 2, 3), ('over', 4, 4)], 0.001, 'error')
    """
    e = check_scores(errors, "errors")
    s = check_nonneg(scale, "scale")
    readings = tuple(fit_regime(e, i, scale=s) for i in range(e.size))
    least = float(e.min())
    basis = "error" if least >= AXIS_FLOOR * s else "truth"
    return RegimeMap(readings, AXIS_FLOOR * (least if basis == "error" else AXIS_FLOOR * s), basis)


__all__ = ["TRUTHS", "FitSimulation", "simulate_fits", "ComplexityCurve", "complexity_curve", "TrainingCurve",
           "training_curve", "FitRegime", "fit_regime", "RegimeMap", "regime_map", "AXIS_FLOOR"]
