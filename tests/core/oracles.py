"""Slow, obviously-correct reference implementations used only by the tests."""
import numpy as np


def pair_rank_loss(y, s):
    """l_rank by counting every (positive, negative) pair, textbook (2.21)."""
    y = np.asarray(y, bool)
    s = np.asarray(s, float)
    pos, neg = s[y], s[~y]
    loss = 0.0
    for a in pos:
        loss += np.sum(a < neg) + 0.5 * np.sum(a == neg)
    return loss / (len(pos) * len(neg))


def rank_sum_auc(y, s):
    """Mann-Whitney form: (sum of positives' ascending ranks - n1(n1+1)/2) / (n1 n0),
    ties given their mean rank (seed 002, method 4)."""
    from scipy.stats import rankdata

    y = np.asarray(y, bool)
    r = rankdata(s)
    n1, n0 = y.sum(), (~y).sum()
    return (r[y].sum() - n1 * (n1 + 1) / 2) / (n1 * n0)


def brute_counts(y, s, t):
    y = np.asarray(y, bool)
    pred = np.asarray(s) >= t
    return (int((pred & y).sum()), int((pred & ~y).sum()), int((~pred & ~y).sum()), int((~pred & y).sum()))


def brute_cost_envelope(fpr, fnr, x):
    """Minimum over all lines (0, FPR_i) -> (1, FNR_i) at each x (a running
    minimum, line by line: no (lines x points) array)."""
    x = np.asarray(x, dtype=float)
    out = np.full(x.shape, np.inf)
    for a, b in zip(np.asarray(fpr, dtype=float), np.asarray(fnr, dtype=float)):
        np.minimum(out, a * (1 - x) + b * x, out=out)
    return out


def bep_reference(y, s):
    """BEP by walking the ranking: precision at the cut that predicts exactly m+
    samples when one exists (no tie straddles rank m+)."""
    y = np.asarray(y, bool)
    s = np.asarray(s, float)
    order = np.argsort(-s, kind="stable")
    m_pos = int(y.sum())
    cut = s[order][m_pos - 1]
    if (s >= cut).sum() == m_pos:
        return y[order][:m_pos].sum() / m_pos
    return None
