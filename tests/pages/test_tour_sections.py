"""A tour stop names the section of its page it talks about (issue 33):
checked against the page's sections in the registry, kept by the tour file's
round trip, and named by every stop of the shipped tour on a page that has
more than one section."""
import pytest

from ui.core import tour
from ui.core.registry import PAGES, page


def one_stop(extra: str) -> bytes:
    return f'[[stop]]\npage = "methods"\n{extra}\nzh = "甲"\nen = "a"\n'.encode()


def test_a_stop_names_one_of_its_pages_sections():
    (stop,) = tour.parse_tour(one_stop('section = "kfold"'))
    assert stop.section == "kfold"
    (top,) = tour.parse_tour(one_stop(""))
    assert top.section == ""


@pytest.mark.parametrize("extra, code", [('section = "nope"', "section"), ("section = 3", "type"),
                                         ('section = ["kfold"]', "type")])
def test_a_section_the_page_does_not_have_is_refused_in_both_languages(extra, code):
    with pytest.raises(tour.TourError) as err:
        tour.parse_tour(one_stop(extra))
    assert err.value.code == code
    if code == "section":
        assert err.value.values == {"stop": 1, "section": "nope", "page": "methods"}


def test_a_page_without_sections_takes_none():
    with pytest.raises(tour.TourError) as err:
        tour.parse_tour(b'[[stop]]\npage = "pr"\nsection = "kfold"\n')
    assert err.value.code == "section"


def test_the_tour_file_keeps_the_section():
    stops = tour.parse_tour(one_stop('section = "tuning"') + b'[[stop]]\npage = "home"\n')
    assert tour.parse_tour(tour.tour_text(stops).encode()) == stops


def test_every_shipped_stop_on_a_page_of_several_sections_names_one():
    several = {p.key for p in PAGES if len(p.sections) > 1}
    stops = [(i + 1, s) for i, s in enumerate(tour.shipped()) if s.page in several]
    assert stops and all(s.section in page(s.page).sections for _, s in stops), [
        (i, s.page, s.section) for i, s in stops]


def test_every_shipped_stop_on_a_page_of_switched_sections_opens_one():
    """A page that shows one section at a time (a segmented choice: the comparison tests, the metrics lab,
    the exercises) is opened at its section by the stop's state; the registry's top section is its own."""
    from ui.core import settings

    switched = {p.key: p.switch for p in PAGES if p.switch}
    assert set(switched) == {"compare", "lab", "multiclass", "exercises"}
    assert all(k in settings.params() for k in switched.values())
    stops = [(i + 1, s) for i, s in enumerate(tour.shipped()) if s.page in switched]
    assert stops and all(switched[s.page] in s.state for _, s in stops), [
        (i, s.page, s.state) for i, s in stops if switched[s.page] not in s.state]
    assert all(p.top in p.sections for p in PAGES if p.top)
