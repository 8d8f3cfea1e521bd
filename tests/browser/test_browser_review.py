"""Issue 32 item 12 in a real browser: a refused upload loses nothing already
set.  The ROC page in full mode, a good upload, then a bad one: the page
stays in full mode and the address keeps ``mode=full``.  (AppTest cannot
show it: the fault was the browser making a dropped widget anew at its own
default, which Streamlit then took for the user's choice; see
ui.core.state.widget_key.)"""
import re

from browser_utils import assert_clean, expect, open_url, settle

UPLOAD = "[data-testid='stSidebar'] .st-key-_w_upload input[type='file']"


def test_a_refused_upload_keeps_the_roc_mode_and_the_address(tab, server, tmp_path):
    pg = tab
    open_url(pg, server + "/roc?mode=full&lang=en")
    full = pg.locator("[data-testid='stMain'] [data-testid='stRadio']").first.locator(
        "label:has(input[type='radio'])").nth(3).locator("input")
    expect(full).to_be_checked(timeout=20_000)
    pg.locator("[data-testid='stSidebar'] [data-testid='stSelectbox']").first.click()
    pg.get_by_role("option", name="Upload a CSV").click()
    settle(pg)
    good = tmp_path / "good.csv"
    good.write_bytes(b"y_true,m1\n1,0.9\n0,0.2\n1,0.7\n0,0.4\n")
    pg.locator(UPLOAD).set_input_files(str(good))
    expect(pg.get_by_text("m = 4")).to_be_visible(timeout=20_000)
    settle(pg)
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(64))
    pg.locator(UPLOAD).set_input_files(str(bad))
    expect(pg.locator("[data-testid='stSidebar'] [data-testid='stAlertContentError']")).to_contain_text(
        "PNG image", timeout=20_000)
    settle(pg)
    expect(pg).to_have_url(re.compile(r"mode=full"), timeout=20_000)
    expect(full).to_be_checked()
    expect(pg.get_by_text("m = 4")).to_be_visible()               # the data loaded before is kept
    pg.get_by_text("Show the ROC convex hull").first.click()          # a touch elsewhere sends every widget's value
    settle(pg)
    expect(pg).to_have_url(re.compile(r"mode=full"), timeout=20_000)
    expect(full).to_be_checked()
    assert_clean(pg)
