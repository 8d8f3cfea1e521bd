"""The screens a lecture happens on (issue 33), by CSS on Streamlit's
elements: the same page readable on a projector, a laptop with its sidebar
open and a phone.

* contrast: text Streamlit draws lighter than WCAG AA allows (4.5 : 1 for
  body text) drawn darker -- captions (the home page's cards, notes under
  figures, the link box) and the selected option of a segmented control
  (the primary red on its pale red was 4.48 : 1);
* phones and other touch screens (no hover): plotly's toolbar, shown by a
  tap on the figure and not hidden again by moving a pointer away, drawn
  below the figure instead of over its top right corner, so it never sits
  over a title or a legend; a table's toolbar (shown all the time there)
  below the table, not over the heading or text above it, with room kept
  for it below the table's element (a margin on the table itself grew the
  table's box and put the toolbar over the next paragraph);
* a row of numbers (``ui.core.tables.metric_row``): two to a line on a
  phone, where Streamlit stacks columns one per line (below 640 px); beside
  each other on a larger screen, equally wide, as columns, but never narrower
  than its number: Streamlit cut a number too wide for its share to "0.…"
  (the ROC walk's TPR and FPR at 1280 px with the sidebar open); the row
  wraps instead;
* a number's label (``st.metric``) on as many lines as it needs: Streamlit
  cut it to one line ("Accuracy of “predict all ne…” in a phone's row of
  two, "Expected cost (by t…" at 1024 x 768 with the sidebar open); the
  numbers of a row stay on one line, their labels above them;
* a table of text (``ui.core.tables.text_table``, Markdown) scrolls sideways
  inside its column where it is wider, as a data frame does (on a phone the
  confusion page's nine columns were cut at the fifth), each cell on one line
  (a Chinese name stood a character a line), a shadow on the side where more
  of it is (the covers scroll with the table, the shadows do not);
* two columns side by side with a figure (``st.columns(2)``, the confusion page's matrix beside its
  numbers): one under the other where the figure's column would be narrower than ``FIGURE_COLUMN`` px or the
  other than ``BESIDE_COLUMN``; a pair without a figure likewise where a formula's column would be
  narrower than ``FIGURE_COLUMN`` (the metrics lab's log loss, typeset at half size in 274 px, still lost
  its last digit).
  Streamlit stacks columns only below a 640 px window; at 1024 x 768 with the sidebar open, the main
  column is 560 px, and the bias-variance pair drew two 270 px figures whose legends were cut at their
  edges, the 2 x 2 matrix had 30 px cells and the comparison's null distribution a 150 px plot.  At
  1280 x 720 with the sidebar open (the narrowest columns there 307 px with a figure, 265 px beside
  one), at 1024 x 768 with it folded, on a laptop and wider, nothing changes;
* headings broken into lines of about equal length (a phone's 混淆矩阵与性能度量
  left 量 alone on its last line);
* a row of options (a segmented control: a page's sections, the comparison
  tests) on a phone: on as many lines as it needs, where Streamlit scrolls
  it sideways and hid most of the comparison tests past the screen's edge;
* a tour stop's section (``ui.core.tour``): scrolled into view when the stop
  opens (``scroll/scroll.js``)."""
from __future__ import annotations

from ui.core.components import component

# Colours measured against Streamlit's light theme (white and its #f8f8f7 sidebar):
# CAPTION 5.6 : 1 on white, 5.3 : 1 on the sidebar; SELECTED 6.2 : 1 on the selected option's pale red.
CAPTION = "#63615d"
SELECTED = "#a0283a"
# px: in a pair of columns with a figure, the figure's column narrower than FIGURE_COLUMN or the other narrower
# than BESIDE_COLUMN (the P-R page's threshold box and table, 237 px, broke "Exact threshold") puts the pair
# one under the other
FIGURE_COLUMN, BESIDE_COLUMN = 300, 250
# a pair of columns in the page's main part (st.columns(2))
_PAIR = ('[data-testid="stMain"] [data-testid="stHorizontalBlock"]'
         ':has(> [data-testid="stColumn"]:nth-child(2):last-child)')

_CSS = f"""
.st-key-tour_scroll {{ display: none; }}
[data-testid="stCaptionContainer"] {{ color: {CAPTION} !important; opacity: 1 !important; }}
[data-testid="stCaptionContainer"] * {{ color: inherit; }}
button[data-variant="segmented_control"][data-selected="true"],
button[data-variant="segmented_control"][data-selected="true"] * {{ color: {SELECTED} !important; }}
[class*="st-key-metric_row_"] {{ align-items: flex-end !important; }}
[class*="st-key-metric_row_"] > * {{ flex: 1 1 0 !important; min-width: max-content !important; }}
[data-testid="stMain"] :is(h1, h2, h3) {{ text-wrap: balance; }}
[data-testid="stMain"] [data-testid="stMetricLabel"] :is([data-testid="stMarkdownContainer"], p) {{
  white-space: normal; overflow: visible; }}
[data-testid="stMain"] [data-testid="stMarkdownContainer"] table {{
  display: block; width: max-content; max-width: 100%; overflow-x: auto; white-space: nowrap;
  background: linear-gradient(to right, #fff 30%, #fff0) 0 0 / 2.5rem 100% no-repeat local,
    linear-gradient(to left, #fff 30%, #fff0) 100% 0 / 2.5rem 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, #0003, #0000) 0 0 / 0.8rem 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, #0003, #0000) 100% 0 / 0.8rem 100% no-repeat scroll; }}
/* a table of sentences (its box's key starts prose_table_): its cells wrap, as the text around it does, where
   one line each ran past the box's edge on a projector ("paired CV t-test / 5×2cv" cut at 1280 px) */
[class*="st-key-prose_table_"] [data-testid="stMarkdownContainer"] table {{ white-space: normal; width: auto; }}
{_PAIR}:has(.js-plotly-plot) > [data-testid="stColumn"] {{ min-width: {BESIDE_COLUMN}px; }}
{_PAIR} > [data-testid="stColumn"]:has(.js-plotly-plot) {{ min-width: {FIGURE_COLUMN}px; }}
{_PAIR}:not(:has(.js-plotly-plot)) > [data-testid="stColumn"]:has(.katex) {{ min-width: {FIGURE_COLUMN}px; }}
@media (max-width: 640px) {{
  [class*="st-key-metric_row_"] > * {{ min-width: 40% !important; }}
  [data-testid="stButtonGroup"] > div {{ flex-wrap: wrap; overflow-x: visible; }}
}}
@media (hover: none) {{
  .js-plotly-plot .modebar-container {{ top: 100% !important; }}
  .js-plotly-plot {{ margin-bottom: 34px; }}
  [data-testid="stDataFrame"] > [data-testid="stElementToolbar"] {{ top: 100% !important; }}
  [data-testid="stElementContainer"]:has([data-testid="stDataFrame"] > [data-testid="stElementToolbar"]) {{
    margin-bottom: 44px; }}
}}
"""


# Presenter mode: the main view on a projector's first screen (1280 x 720, 1024 x 768): less space
# between the elements above it (Streamlit's 1 rem gap, an alert's padding), so that the figure, which
# takes the height left below its top (ui/core/live/figure.js), keeps more of it.
_PRESENTER_CSS = """
.block-container { padding-top: 2.35rem !important; }     /* the title below Streamlit's 60 px header */
[data-testid="stMain"] [data-testid="stVerticalBlock"] { gap: 0.45rem; }
[data-testid="stMain"] [data-testid="stHeading"] [data-testid="stMarkdownContainer"] { margin-bottom: -0.3rem; }
[data-testid="stMain"] [data-testid="stAlertContainer"] { padding: 0.45rem 0.8rem; }
[data-testid="stMain"] [data-testid="stExpander"] summary { padding-top: 0.3rem; padding-bottom: 0.3rem; }
[data-testid="stMarkdownContainer"] table :is(td, th) { font-size: 1.3rem !important; }   /* a table of text */
"""


def css() -> str:
    """The CSS every page carries (``ui.core.page`` puts it in the page's head and in its style element)."""
    return _CSS


def presenter_css() -> str:
    """Presenter mode's CSS, after :func:`css` in the page's style element."""
    return _PRESENTER_CSS


def scroll_to(anchor: str, entry: int) -> None:
    """Scroll the page to its heading with anchor ``anchor`` (a section a
    tour stop names), once per ``entry`` (a count of the stops entered): the
    lecturer's own scrolling afterwards is left alone."""
    component("lab_scroll", "scroll/scroll.js")(key="tour_scroll", data=dict(anchor=anchor, entry=str(entry)))
