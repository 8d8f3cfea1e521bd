"""Refusals name a table in the user's words, never by its internal key; an
uploaded model's name stays out of the address bar (issue 37, item 7)."""
import pytest
from apptest_utils import ok, run

from ui.core import i18n
from ui.protect import limits
from ui.protect.bounds import check_shape


@pytest.mark.parametrize("name", sorted(limits.TABLES))
def test_every_bounded_table_has_a_name_in_both_languages(name):
    words = i18n.strings().get(f"common.bound.{name}")
    assert words and words["zh"].strip() and words["en"].strip()
    b = limits.bound(name)
    with pytest.raises(Exception) as err:
        check_shape(name, b.rows + 1, 1)
    for lang in ("zh", "en"):
        text = err.value.text(lang)
        assert name not in text and words[lang] in text


def test_an_uploaded_models_name_is_not_in_the_link():
    from test_safety import upload

    data = b"y_true,other,secret_model_name\n1,0.9,0.8\n0,0.2,0.1\n1,0.6,0.7\n0,0.4,0.3\n"
    at = upload(run("pages/roc.py", source="upload", lang="en"), data)
    ok(at)
    at.session_state["roc_model"] = "secret_model_name"
    at.run()
    assert at.session_state["roc_model"] == "secret_model_name"
    q = dict(at.query_params)
    assert "model" not in q and not any("secret" in str(v) for v in q.values()), q
