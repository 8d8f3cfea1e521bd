"""What the P-R and ROC pages cost at 10^6 rows (issue 3), printed as a table.

    python bench/pages.py

* figure data: the cached compute (one ``threshold_counts`` per model) and
  the reduction of each curve to pixel resolution;
* the figure's JSON: points and bytes per curve trace, and the whole figure;
* a whole slider rerun of each page under Streamlit's AppTest, against the
  same page with its charts switched off (``_no_charts``), median of 5;
* compute after an upload: ``load_predictions`` on the CSV bytes, then the
  counts and both curve views.

Targets: <= 2,000 points and about 64 kB per curve trace; reduction < 5 ms;
slider rerun <= 1.5x the chart-less rerun; compute after upload < 0.5 s.
"""
from __future__ import annotations

import io
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import evalcore as ec  # noqa: E402
from evalcore import datasets, figures  # noqa: E402

N = 10**6


def timed(fn, repeats=5):
    ts = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        out = fn()
        ts.append(time.perf_counter() - t0)
    return statistics.median(ts), out


def trace_stats(fig):
    rows = []
    import plotly.graph_objects as go

    for tr in fig.data:
        js = go.Figure(data=[tr]).to_json()   # as sent: arrays base64-encoded
        n = len(tr.x) if tr.x is not None else 0
        rows.append((tr.name or "", n, len(js)))
    return rows, len(fig.to_json())


def main():
    verdicts = []
    ps = datasets.synthetic(N, 1.5, 0.3, seed=0)
    print(f"data: synthetic, n = {N:,}, models {ps.models}\n")
    t_counts, tcs = timed(lambda: [ec.threshold_counts(ps.y, ps.scores[m]) for m in ps.models])
    r = tcs[0].roc_curve()
    p = tcs[0].pr_curve()
    t_red_roc, _ = timed(lambda: ec.reduce_curve(r.fpr, r.tpr, columns=500))
    t_red_pr, _ = timed(lambda: ec.reduce_curve(p.recall, p.precision, columns=500, extremes=True))
    t_views, (rv, pv) = timed(lambda: ([ec.roc_view(tc) for tc in tcs], [ec.pr_view(tc) for tc in tcs]))
    print(f"counts for {len(tcs)} models (cached once)      {t_counts * 1e3:8.1f} ms")
    print(f"reduce one ROC curve ({len(r.fpr):,} points)     {t_red_roc * 1e3:8.2f} ms")
    print(f"reduce one P-R curve ({len(p.recall):,} points)    {t_red_pr * 1e3:8.2f} ms")
    print(f"both views of all models (cached once)       {t_views * 1e3:8.1f} ms")
    verdicts += [("reduction < 5 ms (ROC)", t_red_roc < 5e-3), ("reduction < 5 ms (P-R)", t_red_pr < 5e-3)]

    points = [ec.operating_point(tc, 0.5) for tc in tcs]
    roc_text = dict(x="FPR", y="TPR", diagonal="random", threshold="threshold")
    pr_text = dict(x="R", y="P", threshold="threshold", p_eq_r="P = R", bep="BEP", best="max F1", best_f1="max F1")
    figs = {"ROC": figures.roc_curves(rv, points, names=ps.models, text=roc_text),
            "P-R": figures.pr_curves(pv, points, names=ps.models, text=pr_text,
                                     beps=[tc.break_even_point() for tc in tcs], best=[ec.best_f(tc) for tc in tcs])}
    print(f"\n{'figure':6} {'trace':28} {'points':>7} {'JSON bytes':>11}")
    for name, fig in figs.items():
        rows, total = trace_stats(fig)
        for tname, n, size in rows[:len(ps.models)]:
            print(f"{name:6} {tname:28} {n:>7,} {size:>11,}")
            verdicts.append((f"{name} {tname}: <= 2000 points, <= ~64 kB", n <= 2000 and size <= 66_000))
        print(f"{name:6} {'(whole figure)':28} {'':>7} {total:>11,}")

    from streamlit.testing.v1 import AppTest

    print(f"\n{'page':18} {'slider rerun':>13} {'no charts':>10} {'ratio':>6}")
    for page, state in (("pages/roc.py", {"roc_mode": "full"}), ("pages/pr.py", {})):
        times = {}
        for no_charts in (False, True):
            at = AppTest.from_file(str(ROOT / page), default_timeout=300)
            at.session_state["source"] = "synthetic"
            at.session_state["syn_n"] = N
            at.session_state["lang"] = "en"
            at.session_state["_no_charts"] = no_charts
            for k, v in state.items():
                at.session_state[k] = v
            at.run()
            assert not at.exception, [e.value for e in at.exception]
            key = next(s.key for s in at.slider if s.key.startswith("_w_thr_s"))
            vals = np.linspace(0.2, 0.8, 6)
            at.slider(key=key).set_value(float(vals[0])).run()     # warm
            ts = []
            for v in vals[1:]:
                t0 = time.perf_counter()
                at.slider(key=key).set_value(float(v)).run()
                ts.append(time.perf_counter() - t0)
            times[no_charts] = statistics.median(ts)
        ratio = times[False] / times[True]
        print(f"{page:18} {times[False] * 1e3:10.1f} ms {times[True] * 1e3:7.1f} ms {ratio:6.2f}")
        verdicts.append((f"{page} slider rerun <= 1.5x chart-less", ratio <= 1.5))

    buf = io.StringIO()
    np.savetxt(buf, np.column_stack([ps.y, ps.scores["A"], ps.scores["B"]]), fmt=["%d", "%.6f", "%.6f"],
               delimiter=",", header="y_true,A,B", comments="")
    raw = buf.getvalue().encode()
    t_load, loaded = timed(lambda: ec.load_predictions(raw), repeats=3)

    def compute():
        out = []
        for m in loaded.models:
            tc = ec.threshold_counts(loaded.y, loaded.scores[m])
            out.append((ec.roc_view(tc), ec.pr_view(tc)))
        return out

    t_comp, _ = timed(compute, repeats=3)
    print(f"\nafter upload ({len(raw) / 2**20:.1f} MiB): load {t_load:.3f} s, counts + views "
          f"{t_comp:.3f} s, together {t_load + t_comp:.3f} s")
    verdicts.append(("compute after upload < 0.5 s", t_comp < 0.5))
    print("\ntargets:")
    for text, ok in verdicts:
        print(f"  [{'ok' if ok else 'MISSED'}] {text}")


if __name__ == "__main__":
    main()
