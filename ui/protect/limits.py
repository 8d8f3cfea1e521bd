"""Every limit that keeps one student from slowing the class down, in one
place.  Each is stated to the user in their language when it is hit.

:data:`TABLES` lists every table and editor a student can fill (type,
paste or upload), its bound and where the bound is enforced; the README's
table of bounds is this table (a test keeps them equal).
"""
from __future__ import annotations

import os
from dataclasses import dataclass

from classroom.rooms import Caps as _Caps
from evalcore import _bounds as _shared      # the numbers the command line needs too: one value for both

# ---------------------------------------------------------------- uploads
UPLOAD_MB = 50               # also server.maxUploadSize in .streamlit/config.toml (a test keeps them equal)
MAX_ROWS = _shared.MAX_ROWS      # data rows of an uploaded predictions file (and of a K x K labels file)
MAX_MODELS = _shared.MAX_MODELS  # score columns of an uploaded file (plus the label column)
RESAMPLE_MAX_ROWS = 2_000_000  # rows of a resampled set (class-imbalance demonstration)
RESAMPLED_PER_MODEL = 2      # resampled sets kept per model in the shared cache
NAME_CHARS = 40              # a name from a file is shortened to this in figures (full name on hover)

# ------------------------------------------------------- tables and editors
CELL_CHARS = 200             # characters of one typed or pasted cell
CLASSES = 200                # classes of a K x K labels upload (more: refused)
MATRIX_CLASSES = 20          # at most this many shown as a matrix: the largest classes, the rest as "other"
CLUSTER_POINTS = 400         # points of the clustering editor (silhouette is O(n^2))
FRIEDMAN_SETS = 500          # data sets (rows) of the Friedman table, typed or uploaded
FRIEDMAN_ALGOS = 20          # algorithms (columns) of the Friedman table

TOUR_STOPS = 60              # stops of a tour file (a lecture of about 25)
TOUR_BYTES = 64_000          # a tour file's size, checked before it is parsed
TOUR_NOTE_CHARS = 500        # characters of one talking point
# A tour file is scanned before the TOML parser sees it (whose memory grows with the square of a dotted key's
# parts and whose recursion follows the nesting): every bound below holds for any text, valid TOML or not.
TOUR_LINES = 3_000           # lines of a tour file
TOUR_LINE_CHARS = 4_000      # characters of one line (a key, a header and an inline table each sit on one line)
TOUR_KEY_PARTS = 4           # parts of one dotted key or table header (a stop's own keys have one or two)
TOUR_KEY_CHARS = 100         # characters of one key
TOUR_DEPTH = 4               # nesting of arrays and inline tables in one value (a stop's state has depth 1)
TOUR_VALUES = 3_000          # keys set and array items in the whole file

# ------------------------------------------- the multi-class page (issue 35)
MC_CLASSES = 50              # classes of a K-class predictions upload (more: refused, naming the bound)
MC_MODELS = 3                # models of a K-class predictions upload
MC_COLUMNS = 2 + MC_MODELS * MC_CLASSES   # columns: the label, an id, every model's score columns
MC_CURVES = MATRIX_CLASSES   # one-vs-rest curves drawn (the largest classes; the averages use every class)
MC_PAIR_CLASSES = 10         # the one-vs-one grid draws the pairs of the 10 largest classes (45 matrices)
MC_COST_CLASSES = MATRIX_CLASSES   # the cost matrix is editable up to this many classes (0-1 costs past it)
MC_INTERVAL_ROWS = 20_000    # AUC intervals: joint row resamples up to this many rows (B x n x K^2 work)
MC_RESAMPLES = 500           # resamples of those intervals

# ------------------------------------------------------------------ memory
SHARED_CACHE_MB = 1024       # facts of all models (resampled sets included) in the cache every session shares
SESSION_MB = 256             # what one session holds: uploads, their facts, K x K matrices, tables
SESSION_TTL_S = 60           # a closed session's state is kept this long (a network blip resumes it); also
                             # server.disconnectedSessionTTL in .streamlit/config.toml (a test keeps them equal)
REAP_S = float(os.environ.get("EVALLAB_REAP_S", 10))   # every this many seconds, closed sessions past
                                                        # SESSION_TTL_S give their memory back (ui.protect.budget.reap)
MESSAGE_MB = 4               # no element of a page sends Streamlit more than this (a test checks the largest inputs)

# --------------------------------------------------------------------- CPU
HEAVY_AT_ONCE = 1            # heavy computations (learners, simulations) running at once on the server
HEAVY_WAIT_S = 120           # a heavy computation waits at most this long for its turn
HEAVY_COST = 2e9             # cost bound of one heavy computation, in sample-operations (learner fits x rows)
HEAVY_QUEUE_COST = 1e5       # a computation costing more waits for its turn (HEAVY_AT_ONCE); a cheaper one runs at once
PLAY_IDLE_S = float(os.environ.get("EVALLAB_PLAY_IDLE_S", 300))  # a Play (timed rerun) stops after this long untouched
COST_MIN, COST_MAX = _shared.COST_MIN, _shared.COST_MAX   # a cost is 0 or in [COST_MIN, COST_MAX]: ratios stay finite


@dataclass(frozen=True)
class Bound:
    """The bound of one table or editor: at most ``rows`` rows and ``cols``
    columns, enforced at ``where`` (how, in the README table)."""

    rows: int
    cols: int
    what: str
    where: str


_PARSER = "rows as the CSV parser splits them, before it runs"
_EDITOR = ("ui.protect.bounds.bounded_editor (the table the edit would produce, before it is applied; "
           "a link or tour stop: the same bound)")
TABLES: dict[str, Bound] = {
    "predictions upload": Bound(MAX_ROWS, MAX_MODELS + 1, "sidebar: predictions CSV (rows x label + models)",
                                "evalcore.load_predictions(max_rows, max_columns), " + _PARSER),
    "mc_labels": Bound(MAX_ROWS, CLASSES, "confusion: K x K labels CSV (rows x classes)",
                       "evalcore.load_labels(max_rows, max_classes); matrix shown for "
                       f"{MATRIX_CLASSES} classes + other"),
    "multiclass upload": Bound(MAX_ROWS, MC_COLUMNS, "multi-class: K-class predictions CSV (rows x label, id, "
                               "models x classes)", "evalcore.load_multiclass(max_rows, max_columns, max_classes), "
                               + _PARSER + f"; at most {MC_MODELS} models, {MC_CLASSES} classes"),
    "multiclass.cost_table": Bound(MC_COST_CLASSES, MC_COST_CLASSES + 1, "multi-class: the K x K cost matrix "
                                   "(true classes x their name + predicted classes)", _EDITOR),
    "compare.table.t": Bound(200, 1, "compare: t-test errors", _EDITOR),
    "compare.table.paired": Bound(200, 2, "compare: paired t-test errors", _EDITOR),
    "compare.table.cv5x2": Bound(5, 4, "compare: 5x2cv errors", _EDITOR),
    "compare.table.friedman": Bound(FRIEDMAN_SETS, FRIEDMAN_ALGOS, "compare: Friedman data sets x algorithms",
                                    _EDITOR),
    "friedman upload": Bound(FRIEDMAN_SETS, FRIEDMAN_ALGOS + 1, "compare: Friedman table CSV",
                            "evalcore.load_table(max_rows, max_columns), " + _PARSER),
    "lab.table.binary": Bound(1000, 2, "lab: binary log loss", _EDITOR),
    "lab.table.multi": Bound(1000, 4, "lab: multi-class log loss", _EDITOR),
    "lab.table.hinge": Bound(1000, 2, "lab: hinge loss", _EDITOR),
    "lab.table.labels": Bound(1000, 6, "lab: multi-label rows x (3 labels + 3 scores)", _EDITOR),
    "lab.table.regression": Bound(1000, 2, "lab: regression", _EDITOR),
    "lab.table.clusters": Bound(CLUSTER_POINTS, 4, "lab: clustering points", _EDITOR),
    "tour upload": Bound(TOUR_STOPS, 4, "a lecturer's tour file (stops x page, state, zh, en)",
                         "ui.core.tour.parse_tour: bytes, lines, keys, nesting and values before parsing, "
                         "then stops and every value"),
    "exercises.table.e23": Bound(200, 3, "exercises 2.3: labels and two models' scores", _EDITOR),
    "exercises.table.e29g": Bound(50, 1, "exercises 2.9: counts of a goodness-of-fit test", _EDITOR),
    "exercises.table.e29i": Bound(20, 20, "exercises 2.9: a contingency table", _EDITOR),
}


def bound(name: str) -> Bound:
    """The bound of the table or editor ``name`` (a key of :data:`TABLES`)."""
    return TABLES[name]


# ------------------------------------------------------- class mode (issue 38)
# The bounds of a class (classroom.rooms.Caps): enforced by classroom.rooms.Classroom for every process.
CLASS_ROOMS = 50             # unexpired rooms on one server (one store)
CLASS_STUDENTS = 400         # students per room (a lecture hall of 200, twice over)
CLASS_VOTES = 100            # votes per room (a lecture of 30 questions, each voted twice, and more)
CLASS_JOINS_PER_CLIENT = 10  # join attempts per browser session and minute
CLASS_JOINS_PER_MINUTE = 1200  # join attempts per minute on the whole server (every look-up of a code counts)
CLASS_TTL_S = float(os.environ.get("EVALLAB_CLASS_TTL_S", 4 * 3600))   # a room expires and is deleted after this
CLASS_POLL_S = 2.0           # a student's phone asks for the open question this often (only while in a room)
CLASS_STATE_S = 0.5          # a room's state, read once per process this often for all its phones
CLASS_LIVE_S = 1.0           # the projector's count and distribution, this often (only while a vote is open)
CLASS_POLL_IDLE_S = CLASS_TTL_S   # a phone's polling stops after this long (the room is gone by then)
CLASS_CHOICES = 8            # choices of a question (a tour file's too)
CLASS_LABEL_CHARS = 200      # characters of one choice's label in a tour file
CLASS_CAPS = _Caps(rooms=CLASS_ROOMS, students=CLASS_STUDENTS, votes=CLASS_VOTES,
                   joins_per_client=CLASS_JOINS_PER_CLIENT, joins_per_minute=CLASS_JOINS_PER_MINUTE,
                   ttl_s=CLASS_TTL_S, options=CLASS_CHOICES)
