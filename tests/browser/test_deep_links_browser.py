"""A lecturer's link opens a page at its own address (``/pr``, ``/confusion``).
Streamlit's front end first looked for its server under that address
(``/pr/_stcore/health`` and ``host-config``: two 404s in the console on every
page but home, Streamlit's issue 7074) and asked again at the root 0.13 s
later; the page now tells it where the server is
(``ui.core.served.page_addresses``), from the server process's first run
on (the app's code is not loaded before it: ``deploy/class_server.py`` warms
each process before a student comes)."""
from browser_utils import assert_clean, settle
from playwright.sync_api import expect


def test_a_pages_own_address_finds_the_server_at_once_without_a_404(tab, server):
    tab.goto(server + "/?lang=en")                                        # the process has run the app
    expect(tab.locator("h1").first).to_be_visible(timeout=60_000)
    settle(tab)
    asked = []

    def note(request):
        if "/_stcore/" in request.url:
            asked.append(request.url.split("//", 1)[1].split("/", 1)[1])

    tab.on("request", note)
    try:
        for path, title in (("/pr?lang=en", "P-R"), ("/confusion?lang=zh", "混淆矩阵")):
            tab.goto(server + path)
            expect(tab.locator("h1").first).to_contain_text(title, timeout=60_000)
            settle(tab)
    finally:
        tab.remove_listener("request", note)
    assert [a for a in asked if not a.startswith("_stcore/")] == []        # never <page>/_stcore/...
    assert "_stcore/health" in asked and tab.stcore_probes == []
    assert not [e for e in tab.console_errors if "404" in e]
    assert_clean(tab)
