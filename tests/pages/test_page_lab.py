"""The metrics lab under AppTest: every section renders, editing a table
changes the number, a bad cell gives a message and keeps the last good table."""
import pytest
from apptest_utils import metrics, ok, run, widget

import evalcore as ec


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_section_renders(lang):
    at = run("pages/lab.py", lang=lang)
    ok(at)
    assert len(at.tabs) == 4 and len(at.get("plotly_chart")) == 2
    m = metrics(at)
    assert "ARI" in m and "MAE" in m and "LRAP" in m


def test_editing_a_table_changes_the_number_and_the_bias_slider_moves_r2_not_ev():
    at = run("pages/lab.py", lang="en")
    before = metrics(at)["MAE"]
    at.session_state["lab.table.regression"] = {"y": [1.0, 2.0, 3.0, 4.0], "yhat": [1.5, 2.5, 2.0, 4.5]}
    at.run()
    ok(at)
    r = ec.regression_scores([1.0, 2.0, 3.0, 4.0], [1.5, 2.5, 2.0, 4.5])
    assert metrics(at)["MAE"] == f"{r.mae:.4f}" != before
    ev, r2 = metrics(at)["Explained variance"], metrics(at)["R²"]
    widget(at.slider, "_w_lab.bias").set_value(2.0).run()
    assert metrics(at)["Explained variance"] == ev and metrics(at)["R²"] != r2


def test_a_bad_cell_gives_a_message_and_keeps_the_last_good_table():
    at = run("pages/lab.py", lang="zh")
    at.session_state["lab.table.binary"] = {"y": [1, 0, 1], "p": [0.9, 1.7, 0.3]}
    at.run()
    ok(at)
    assert any("0 到 1" in e.value for e in at.tabs[0].error)


def test_clustering_pairs_match_evalcore():
    at = run("pages/lab.py", lang="en")
    from pages_lab_presets import PRESET

    pc = ec.pair_counts(PRESET["class"], [str(c) for c in PRESET["cluster"]])
    assert f"a = {pc.a}" in "\n".join(c.value for c in at.tabs[3].caption)


@pytest.mark.parametrize("source", ["breast-cancer", "horse-colic"])
def test_log_loss_on_the_current_data(source):
    from evalcore import datasets

    at = run("pages/lab.py", lang="en", source=source)
    ok(at)
    ps = datasets.resolve(source)
    table = next(d.value for d in at.tabs[0].dataframe if "model" in list(d.value.columns))
    for name, value in zip(table.iloc[:, 0], table.iloc[:, 1]):
        s = ps.scores[name]
        if s.min() >= 0 and s.max() <= 1:
            assert value == f"{ec.log_loss(ps.y, s):.4f}"
        else:
            assert "not probabilities" in value
