"""Issue 36 in a real browser: a threshold move on the P-R page (three
models, curves that stay) sends one rerun and gets back what changed: the
unchanged traces come as references the figure resolves from what it holds
(ui/core/held_traces.py), the components' scripts are not in their elements
(ui/core/components.py).  Before: 38 kB a move.  And the websocket compresses
its messages (``server.enableWebsocketCompression``): about 13 kB of messages,
5 kB over the network."""
from browser_utils import ROOT, assert_clean, drawn, open_url, pytestmark  # noqa: F401

MOVE_KB = 25        # what a move may bring back (after: about 18 kB; before: about 38 kB)
TRACES = """() => { const gd = document.querySelector('.st-key-pr_fig .lab-figure');
  return gd && gd.data ? {n: gd.data.length, whole: gd.data.every(t => t && t.x !== undefined)} : null; }"""


def test_a_threshold_move_sends_one_rerun_and_gets_back_what_changed(tab, server):
    sent, received = [], []

    def on_socket(ws):
        ws.on("framesent", lambda f: sent.append(len(f)))
        ws.on("framereceived", lambda f: received.append(len(f)))
    tab.on("websocket", on_socket)
    cdp = tab.context.new_cdp_session(tab)
    extensions = []
    cdp.on("Network.webSocketHandshakeResponseReceived", lambda ev: extensions.append(
        {k.lower(): v for k, v in ev["response"]["headers"].items()}.get("sec-websocket-extensions", "")))
    cdp.send("Network.enable")
    try:
        open_url(tab, f"{server}/pr?source=breast-cancer&lang=en")
        drawn(tab)
        tab.wait_for_function(f"({TRACES})() !== null", timeout=60_000)     # the P-R figure is drawn
        before = tab.evaluate(TRACES)
        assert before and before["whole"] and before["n"] > 10
        thumb = tab.locator("[data-testid='stSlider'] input[type='range']").nth(1)     # the threshold (β is first)
        thumb.focus()
        for _ in range(3):
            s0, r0 = len(sent), len(received)
            thumb.press("ArrowRight")
            drawn(tab)
            assert len(sent) - s0 == 1                      # no second rerun asking for missing traces
            assert sum(received[r0:]) < MOVE_KB * 1024, sum(received[r0:])
            after = tab.evaluate(TRACES)
            assert after == before                          # every trace drawn whole, none lost to a reference
        assert_clean(tab)
        assert extensions and all("permessage-deflate" in e for e in extensions), extensions
    finally:
        tab.remove_listener("websocket", on_socket)
        cdp.detach()


# each figure drawn in place: the margins it was given, and those plotly drew it with
MARGINS = """() => Object.fromEntries([...document.querySelectorAll('[data-testid=stMain] .lab-figure.js-plotly-plot')]
  .map(gd => [(gd.closest('[class*=st-key-]').className.match(/st-key-(\\S+)/) || [])[1],
              ['t', 'b'].map(k => [gd.layout.margin[k], Math.round(gd._fullLayout._size[k])])]))"""


def test_the_confusion_pages_figures_are_drawn_with_the_margins_they_were_given(tab, server):
    """A margin too small for its axis plotly pushes (the template's automargin), and draws the figure a second
    time: a fresh browser's first draws cost about a tenth more.  The histogram's x axis below it (its ticks and
    title, evalcore.figures.style.MARGIN_B) and the matrices' on top (TOP_AXIS) fit the margins given, in the
    presenter's larger type too (ui.core.charts.PRESENTER_AXIS)."""
    for query, size in (("lang=zh", ()), ("lang=en&presenter=1", (1280, 720))):
        open_url(tab, f"{server}/confusion?{query}", *size)
        drawn(tab)
        drawn_with = tab.evaluate(MARGINS)
        assert {"cm_heat", "cm_hist", "mc_heat"} <= set(drawn_with), drawn_with
        for key in ("cm_heat", "cm_hist", "mc_heat"):
            for given, final in drawn_with[key]:
                assert given == final, (query, key, drawn_with[key])
    assert_clean(tab)
