"""In Chromium, a model named like an address is shown and no link
(issue 37, item 6): Streamlit's Markdown links bare ``http://…``, ``www.…``
and ``a@b.c`` even after a backslash escape; ``ui.core.i18n.md`` breaks each
with an invisible word joiner.  The ROC page shows a name in the most
places (the flip warning, its checkbox label, the comparison sentence)."""
from browser_utils import assert_clean, open_url, settle
from playwright.sync_api import expect


def test_model_names_like_addresses_are_shown_and_not_linked(tab, server, tmp_path):
    open_url(tab, server + "/roc?lang=en")
    tab.locator("[data-testid='stSidebar'] [data-testid='stSelectbox']").first.click()
    tab.get_by_role("option", name="Upload a CSV").click()
    settle(tab)
    f = tmp_path / "names.csv"
    rows = "".join(f"{i % 2},{0.9 - 0.6 * (i % 2) + i / 100:.3f},{0.2 + 0.5 * (i % 2) + i / 200:.3f}\n"
                   for i in range(20))
    f.write_text("y,http://evil.example/x,www.evil.example\n" + rows, encoding="utf-8")
    tab.locator("[data-testid='stSidebar'] .st-key-_w_upload input[type='file']").set_input_files(str(f))
    expect(tab.locator("[data-testid='stMain'] [data-testid='stAlert']").first).to_contain_text(
        "evil.example", timeout=30_000)                       # the flip warning names the model
    settle(tab)
    expect(tab.locator("[data-testid='stMain'] [data-testid='stCheckbox']").first).to_contain_text("evil.example")
    assert tab.locator("a[href*='evil']").count() == 0
    assert tab.locator("[data-testid='stMain'] a[href^='mailto'], [data-testid='stMain'] a[href^='http']"
                       ).evaluate_all("els => els.filter(e => e.textContent.includes('evil')).length") == 0
    assert_clean(tab)
