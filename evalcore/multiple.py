"""Beyond the book: p-values adjusted for testing several hypotheses at once
(every pair of k models gives k(k-1)/2 tests)."""
from __future__ import annotations

import numpy as np

from ._validation import DataError, as_1d


def holm_adjust(pvalues) -> np.ndarray:
    """Holm's step-down adjusted p-values (family-wise error rate).

    Parameters
    ----------
    pvalues : array-like of float in [0, 1]
        One p-value per hypothesis; ``nan`` (a test that could not be done)
        stays ``nan`` and does not count among the hypotheses.

    Returns
    -------
    numpy.ndarray
        Adjusted p-values, in the input order: reject hypothesis i at level
        alpha when its adjusted p-value is <= alpha.

    Notes
    -----
    With the m p-values sorted, p_(1) <= ... <= p_(m):
    adj_(i) = min(1, max_{j <= i} (m - j + 1) p_(j)).
    Holm, "A simple sequentially rejective multiple test procedure",
    Scandinavian Journal of Statistics 6 (1979) 65-70.  Equal to
    statsmodels' ``multipletests(p, method="holm")[1]``.

    Examples
    --------
    >>> holm_adjust([0.01, 0.04, 0.03]).round(4).tolist()
    [0.03, 0.06, 0.06]
    """
    p = as_1d(np.asarray(pvalues, dtype=np.float64), "pvalues")
    ok = ~np.isnan(p)
    if np.any((p[ok] < 0) | (p[ok] > 1)):
        bad = p[ok][(p[ok] < 0) | (p[ok] > 1)][0]
        raise DataError("out_of_range", name="pvalues", interval="[0, 1]", value=float(bad))
    out = np.full(p.shape, np.nan)
    q = p[ok]
    m = q.shape[0]
    if m == 0:
        return out
    order = np.argsort(q, kind="stable")
    stepped = np.minimum(1.0, np.maximum.accumulate((m - np.arange(m)) * q[order]))
    adj = np.empty(m)
    adj[order] = stepped
    out[ok] = adj
    return out


__all__ = ["holm_adjust"]
