"""Class mode at a tour stop (issue 38): a tour file may attach a question
(choices or a number range, zh and en) to a stop; the lecturer puts it to
the class from the tour bar.  The shipped tour's answers against evalcore;
hostile questions refused with the tour's own sentence."""
import json

import pytest
from apptest_utils import ROOT, ok
from streamlit.testing.v1 import AppTest

import evalcore as ec
from evalcore import datasets
from ui.core import class_box, tour, tour_questions
from ui.core.class_vote import answer_labels, right_index

STOPS = tour.shipped()
ASKED = [i for i, s in enumerate(STOPS) if s.question]


@pytest.fixture(autouse=True)
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("EVALLAB_CLASS_STORE", str(tmp_path / "class.sqlite3"))


def stop_file(question: str) -> bytes:
    return f'[[stop]]\npage = "roc"\nen = "x"\nquestion = {question}\n'.encode()


def test_the_shipped_tours_answers_are_the_experiments():
    assert len(ASKED) >= 2
    bootstrap = next(STOPS[i].question for i in ASKED if "choices" in STOPS[i].question)
    shares = [float(c["en"].split()[1].rstrip("%")) / 100 for c in bootstrap["choices"]]
    right = shares[bootstrap["answer"] - 1]
    assert min(shares, key=lambda s: abs(s - ec.expected_oob_fraction(10**6))) == right      # 1/e
    walk = next(STOPS[i] for i in ASKED if "range" in STOPS[i].question)
    ps = datasets.resolve(walk.state["source"])
    assert ec.roc_auc(ps.y, ps.scores[ps.models[0]]) == pytest.approx(walk.question["answer"], abs=1e-12)


def test_a_question_survives_the_tour_files_round_trip():
    stops = tour.parse_tour(tour.tour_text(list(STOPS)).encode())
    assert [s.question for s in stops] == [s.question for s in STOPS]


@pytest.mark.parametrize("question, setting", [
    ('{ en = "Q", choices = [{ en = "a" }], answer = 1 }', "question.choices"),
    ('{ en = "Q", choices = [' + ", ".join(['{ en = "a" }'] * 9) + '] }', "question.choices"),
    ('{ en = "Q", choices = [{ en = "a" }, { en = "b" }], answer = 3 }', "question.answer"),
    ('{ en = "Q", choices = [{ en = "a" }, { en = "b" }], answer = true }', "question.answer"),
    ('{ en = "Q", choices = [{ en = "a" }, { xx = "b" }] }', "question.choices"),
    ('{ en = "Q", choices = [{ en = "' + "a" * 201 + '" }, { en = "b" }] }', "question.choices"),
    ('{ en = "Q", range = [1.0, 0.0] }', "question.range"),
    ('{ en = "Q", range = [0.0, inf] }', "question.range"),
    ('{ en = "Q", range = [0.0, 1.0], answer = 2.0 }', "question.answer"),
    ('{ en = "Q", range = [0.0, 1.0], choices = [] }', "question"),
    ('{ en = "Q" }', "question"),
    ('{ zh = "", en = "", range = [0.0, 1.0] }', "question"),
    ('{ en = "Q", range = [0.0, 1.0], script = "x" }', "question.script"),
    ('"just text"', "question"),
])
def test_a_hostile_question_is_refused_with_the_tours_sentence(question, setting):
    with pytest.raises(tour.TourError) as e:
        tour.parse_tour(stop_file(question))
    assert e.value.code == "value" and e.value.values["setting"] == setting


def test_a_question_with_markup_is_shown_inert():
    q = tour.parse_tour(stop_file('{ en = "<b>Q</b> [x](javascript:1)", choices = [{ en = "<img src=x>" }, '
                                  '{ en = "b" }], answer = 1 }'))[0].question
    vote = tour_questions.question(q, "tour:own:1")
    labels = answer_labels(vote, "en")
    assert labels[0] == "\\<img src=x\\>" and right_index(vote) == 0           # Markdown shows it as text
    from evalcore.figures import votes_figure

    fig = votes_figure(answer_labels(vote, "en", markdown=False), [[1, 0]], correct=0,
                       text=dict(title="t", y="y", first="1", second="2", right="r"))
    assert "<img" not in json.dumps(fig.to_plotly_json()) and "&lt;img" in fig.data[0].x[0]


def at_stop(i: int, lang: str, lecture: bool):
    at = AppTest.from_file(str(ROOT / f"pages/{STOPS[i].page}.py"), default_timeout=60)
    at.session_state["lang"] = lang
    at.session_state["tour"], at.session_state["_tour_go"] = "chapter2", ("to", i)
    if lecture:
        at.session_state["class_lecture"] = class_box.service().open_room()
    at.run()
    ok(at)
    return at


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("i", ASKED)
def test_the_lecturer_puts_a_stops_question_to_the_class(i, lang):
    plain = at_stop(i, lang, lecture=False)
    assert not [b for b in plain.button if b.key == "_w_class_ask"]      # no class: the stop as before
    at = at_stop(i, lang, lecture=True)
    at.button(key="_w_class_ask").click().run()
    ok(at)
    code, secret = at.session_state["class_lecture"]
    c = class_box.service()
    vote = c.state(code)["votes"][0]
    assert vote["question"]["key"] == f"tour:chapter2:{i + 1}" and vote["status"] == "open"
    at.button(key="_w_class_reveal").click().run()
    ok(at)
    figs = [json.loads(f.proto.spec) for f in at.get("plotly_chart")]
    assert any("✓" in a.get("text", "") for f in figs for a in f["layout"].get("annotations", []))
