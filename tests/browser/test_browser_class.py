"""Class mode (issue 38) in Chromium: one projector (the process's tab) and
two phones (390 x 844, touch; one in English, one in Chinese by the phone's
locale, each a browser of its own)
on a server of their own with a store of their own: open a class, put an
exercise's question to it, answer by touch, the count on the projector,
reveal (the right answer marked, the experiment on the projector and on the
phones), vote again (both votes side by side), end."""
import re

import pytest
from browser_utils import assert_clean, expect, open_sidebar, settle
from .conftest import streamlit_app, watched

PHONE = dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2)


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    store = tmp_path_factory.mktemp("class") / "class.sqlite3"
    with streamlit_app({"EVALLAB_CLASS_STORE": str(store)}) as (url, _):
        yield url


def key(pg, name):
    """The element of widget key ``name`` (Streamlit marks its container ``st-key-<key>``)."""
    return pg.locator(f".st-key-{name}")


def test_a_class_votes_from_phones_and_sees_the_experiment(browser, tab, class_server):
    projector = tab                     # (a new browser context costs Chromium 4-5 s of the front end's start-up)
    phones = [watched(browser.new_context(locale=loc, **PHONE)) for loc in ("en-US", "zh-CN")]
    try:
        projector.goto(f"{class_server}/exercises?lang=en&x.open=2.3")
        expect(projector.locator("h1").first).to_be_visible(timeout=60_000)
        settle(projector)
        open_sidebar(projector)
        projector.locator("[data-testid='stSidebar'] summary").filter(has_text="Class vote").click()
        key(projector, "_w_class_open").locator("button").first.click()
        card = key(projector, "class_card")
        expect(card.locator("img")).to_be_visible(timeout=20_000)                 # the QR code, drawn here
        expect(card).to_contain_text(re.compile(r"[A-Z2-9]{4} [A-Z2-9]{4}"), timeout=20_000)      # and the code
        shown = re.search(r"\b([A-Z2-9]{4}) ([A-Z2-9]{4})\b", card.inner_text())
        assert shown, card.inner_text()
        code = shown[1] + shown[2]
        key(projector, "_w_class_ask").locator("button").first.click()
        expect(projector.get_by_text("Answered: 0 / 0")).to_be_visible(timeout=20_000)

        for phone, answer in zip(phones, ("no", "yes")):
            phone.goto(f"{class_server}/?room={code}")
            box = key(phone, f"_w_class_ans_1_{answer}").locator("button").first
            expect(box).to_be_visible(timeout=30_000)                            # within a poll of the vote
            box.tap()
            expect(key(phone, "class_student")).to_contain_text(re.compile("Your answer|你的答案"),
                                                                 timeout=20_000)
        expect(key(phones[1], "class_student")).to_contain_text("你的答案")        # the phone's language
        expect(projector.get_by_text("Answered: 2 / 2")).to_be_visible(timeout=20_000)   # live, no click

        phones[0].reload()                                                       # a reload keeps the answer
        expect(key(phones[0], "class_student")).to_contain_text("Your answer", timeout=30_000)

        key(projector, "_w_class_reveal").locator("button").first.click()
        expect(projector.locator("[data-testid='stAlertContentSuccess']").first).to_be_visible(timeout=30_000)
        expect(key(projector, "class_vote").locator("text=✓ right")).to_be_visible(timeout=20_000)
        for phone in phones:                                                     # the right answer, then the page
            expect(key(phone, "class_student")).to_contain_text(re.compile("right answer|正确答案"),
                                                                timeout=30_000)
            expect(phone).to_have_url(re.compile(r"/exercises"), timeout=30_000)
            expect(phone.locator("h1").first).to_be_visible(timeout=60_000)           # the experiment's page
            expect(phone.locator("[data-testid='stAlertContentSuccess']").first).to_be_visible(timeout=60_000)

        key(projector, "_w_class_again").locator("button").first.click()
        for phone in phones:
            box = key(phone, "_w_class_ans_2_no").locator("button").first
            expect(box).to_be_visible(timeout=30_000)
            box.tap()
        expect(projector.get_by_text("Answered: 2 / 2")).to_be_visible(timeout=20_000)
        # (.first: while plotly redraws the votes' figure it can hold the legend twice for a moment; seen under load)
        expect(key(projector, "class_vote").locator("text=after discussion").first).to_be_visible(timeout=20_000)

        projector.locator("[data-testid='stSidebar'] .st-key-_w_class_end button").first.click()
        for phone in phones:
            expect(phone.locator("[data-testid='stSidebar'], [data-testid='stMain']").get_by_text(
                re.compile("No class has this code|没有这个课堂码")).first).to_be_attached(timeout=30_000)
            expect(key(phone, "class_student")).to_have_count(0, timeout=10_000)
        for pg in (projector, *phones):
            assert_clean(pg)
    finally:
        projector.goto("about:blank")                                           # leave that server before it stops
        for pg in phones:
            pg.context.close()
