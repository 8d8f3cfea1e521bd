"""Architecture rules and the bilingual string table."""
import re
import subprocess
import sys
import tomllib
from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent
STRINGS = {}
for _table in sorted((ROOT / "assets" / "i18n").glob("*.toml")):
    STRINGS.update(tomllib.loads(_table.read_text(encoding="utf-8")))
UI = sorted(ROOT.glob("ui/**/*.py"))
CODE = [ROOT / "app.py", *UI, *ROOT.glob("pages/*.py")]


def test_import_evalcore_pulls_no_ui_or_sklearn():
    code = ("import sys, evalcore; bad = [m for m in ('streamlit', 'plotly', 'sklearn') "
            "if m in sys.modules]; print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_public_api_names_exist():
    import evalcore as ec

    names = """load_predictions confusion_matrix binary_counts measures macro_micro cohen_kappa roc_curve
    roc_auc rank_loss pr_curve average_precision break_even_point cost_sensitive_error probability_cost
    normalized_cost cost_curve oob_fraction expected_oob_fraction binomial_test t_test paired_t_test
    cv5x2_t_test mcnemar friedman nemenyi_cd bias_variance DataError PredictionSet""".split()
    missing = [n for n in names if not hasattr(ec, n)]
    assert not missing
    assert issubclass(ec.DataError, ValueError)


def test_every_string_has_both_languages():
    bad = [k for k, v in STRINGS.items() if set(v) != {"zh", "en"} or not v["zh"] or not v["en"]]
    assert not bad
    no_chinese = [k for k, v in STRINGS.items() if not re.search(r"[\u4e00-\u9fff]", v["zh"])
                  and re.search(r"[A-Za-z]{4,}", v["zh"]) and v["zh"] == v["en"]]
    assert not no_chinese


def test_every_key_used_in_code_exists():
    used = set()
    for f in CODE:
        used |= set(re.findall(r'\b(?:T|t|ui\.t)\("([a-z0-9_.\-]+)"', f.read_text(encoding="utf-8")))
    used = {k for k in used if not k.endswith(".")}
    assert not sorted(used - set(STRINGS))


def test_every_lesson_in_both_languages():
    for zh in (ROOT / "assets" / "lessons").glob("*.zh.md"):
        assert zh.with_name(zh.name.replace(".zh.md", ".en.md")).exists()


def test_prose_has_no_raw_subscript_notation():
    """Shown text writes a subscript as math ($y_D$, drawn by KaTeX) or in
    Unicode (pₒ, Fβ), never as raw TeX ("F_β", "R_{k-1}", "r_i", "ℓ_rank"); code names
    such as y_true and text in backticks are fine."""
    raw = re.compile(r"(?<![A-Za-z0-9_\\])[A-Za-zβ]_(\{|[A-Za-zβ0-9](?![A-Za-z0-9_]))|ℓ_")
    texts = [(k, v[lang]) for k, v in STRINGS.items() for lang in ("zh", "en")]
    texts += [(f.name, f.read_text(encoding="utf-8")) for f in (ROOT / "assets" / "lessons").glob("*.md")]
    bad = [(k, m.group()) for k, v in texts for m in raw.finditer(re.sub(r"\$[^$]*\$|`[^`]*`", "", v))]
    assert not bad


def test_every_data_error_message_has_both_languages():
    from evalcore._validation import MESSAGES

    for code, (en, zh) in MESSAGES.items():
        assert en and re.search(r"[\u4e00-\u9fff]", zh), code


def test_every_data_error_raised_gives_the_fields_its_message_names():
    """Each ``DataError("code", ...)`` written in evalcore/ and ui/ names a code of the catalogue and gives
    every field its English and Chinese templates use (a missing one is a KeyError at the raise, where the
    user was to read a sentence): read from the code, not from raising each."""
    import ast
    import string

    import importlib
    import pkgutil

    import evalcore
    from evalcore._validation import MESSAGES

    for m in pkgutil.walk_packages(evalcore.__path__, "evalcore."):     # each registers its own messages
        if not m.name.endswith("__main__"):
            importlib.import_module(m.name)

    bad = []
    for f in [*sorted((ROOT / "evalcore").rglob("*.py")), *UI]:
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None))
                    in ("DataError", "DataTypeError") and node.args and isinstance(node.args[0], ast.Constant)):
                continue
            if any(k.arg is None for k in node.keywords):          # **fields: not checkable here
                continue
            code, given = node.args[0].value, {k.arg for k in node.keywords}
            if code not in MESSAGES:
                bad.append((f.name, node.lineno, code, "no such code"))
                continue
            need = {name.split(".")[0].split("[")[0] for template in MESSAGES[code]
                    for _, name, _, _ in string.Formatter().parse(template) if name}
            if need - given:
                bad.append((f.name, node.lineno, code, sorted(need - given)))
    assert not bad, bad


# where ui/ may still call a numeric function, and why it is not the chapter's math
_NOT_MATH = {
    "ui/protect/budget.py": "the bytes a pandas object holds (the session budget's bookkeeping)",
    "ui/core/i18n.py": "a number's decimal exponent for writing it as m x 10^e (number formatting)",
}


def test_pages_and_ui_do_no_math():
    """Pages and ui/ call evalcore; they never sort, integrate, average,
    take logs or step floats themselves (the exceptions above say why)."""
    banned = re.compile(r"\b(np|math)\.(sort|argsort|cumsum|trapz|trapezoid|mean|nanmean|sum|trace|histogram|diff|std|"
                        r"var|median|percentile|quantile|log|log10|log2|sqrt|nextafter|floor|ceil|exp)\(|"
                        r"\.(searchsorted|sum|mean|cumsum|std|var)\(")
    found = []
    for f in [*ROOT.glob("pages/*.py"), *UI]:
        rel = f.relative_to(ROOT).as_posix()
        code = re.sub(r"#[^\n]*", "", f.read_text(encoding="utf-8"))
        if banned.search(code) and rel not in _NOT_MATH:
            found.append((rel, banned.search(code).group(0)))
    assert not found, found
    # each exception is still needed (a stale one would hide new math)
    assert all(banned.search((ROOT / rel).read_text(encoding="utf-8")) for rel in _NOT_MATH)


def test_upload_cap_and_no_usage_stats():
    cfg = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert cfg["browser"]["gatherUsageStats"] is False
    assert 0 < cfg["server"]["maxUploadSize"] <= 200
    from ui.protect import limits
    assert cfg["server"]["maxUploadSize"] == limits.UPLOAD_MB
    assert cfg["client"]["showErrorDetails"] == "none"
    assert "enableStaticServing" not in cfg["server"]


def test_string_tables_do_not_repeat_keys_and_shared_ones_are_common():
    seen = {}
    for table in sorted((ROOT / "assets" / "i18n").glob("*.toml")):
        keys = tomllib.loads(table.read_text(encoding="utf-8"))
        assert not set(keys) & set(seen), (table.name, sorted(set(keys) & set(seen)))
        seen.update(dict.fromkeys(keys, table.stem))
        if table.stem == "common":
            assert all(k.startswith("common.") for k in keys)
        else:
            assert not any(k.startswith("common.") for k in keys), table.name
    # a key used by ui/ or by two pages lives in common.toml, except a ui module that draws one page's
    # part (it says so: PAGE_STRINGS = "<page>.") using that page's strings
    uses = {}
    for f in CODE:
        code = f.read_text(encoding="utf-8")
        own = re.search(r'^PAGE_STRINGS = "([a-z]+\.)"', code, re.M)
        for k in set(re.findall(r'"([a-z0-9_\-]+(?:\.[a-z0-9_\-]+)+)"', code)) & set(STRINGS):
            rel = f.relative_to(ROOT).as_posix()
            if rel.startswith("ui/") and own and k.startswith(own.group(1)):
                continue
            uses.setdefault(k, set()).add(rel)
    shared = [k for k, fs in uses.items() if (len(fs) > 1 or any(f.startswith("ui/") for f in fs))
              and not k.startswith("common.")]
    assert not shared


def test_every_key_built_at_run_time_exists():
    """Keys made from values (verdicts, step kinds, sources, modes) exist for every value."""
    import evalcore as ec
    import ui

    families = {
        "pr.verdict.": [b.value for b in ec.Better],
        "roc.verdict.": [b.value for b in ec.Better],
        "roc.step.": ["up", "right", "diagonal", "group"],
        "roc.mode.": ["step", "four", "grid", "full"],
        "common.src.": list(ui.SOURCES),
        "imb.method.": ["under", "over"],
        "mc.src.": ["kappa", "animals", "upload"],
        "cost.fig.": ["roc_title", "cost_title", "lines", "points", "line_hover", "iso", "area", "current",
                      "optimal", "norm"],
    }
    families.update({   # issue 32: sentences chosen by predicates (every value of each predicate has its key)
        "exercises.e28.spread.": ["minmax", "z", "same"], "exercises.e28.knn.": ["minmax", "z", "same"],
        "exercises.e28.mm.": ["outlier", "none"], "exercises.e28.new.": ["outside", "inside"],
        "exercises.e210.verdict.": ["both_at", "f_at", "chi2_at", "f_closer", "chi2_closer"],
        "exercises.e210.power.": ["f", "chi2", "same"], "exercises.e210.": ["below", "at", "above"],
        "biasvar.fitting.": ["both", "no_over", "no_under", "none", "train_near", "train_far"],
        "biasvar.fig.floor.": ["error", "truth"], "biasvar.fig.": ["under", "near", "over"],
        "common.trust.v.": ["keeps", "above", "below"]})
    families.update({f"home.stage.{s}": [""] for s in ui.STAGES})
    missing = [p + v for p, vs in families.items() for v in vs if (p + v) not in STRINGS]
    missing += [f"home.stage.{s}.what" for s in ui.STAGES if f"home.stage.{s}.what" not in STRINGS]
    for p in ui.PAGES:
        missing += [k for k in (p.title_key, p.heading_key) if k not in STRINGS]
    assert not missing


def test_the_registry_drives_navigation_and_every_page_has_its_files():
    import ui

    for p in ui.PAGES:
        assert (ROOT / p.path).exists(), p.path
        assert (ROOT / "assets" / "lessons" / f"{p.key}.zh.md").exists(), p.key
        assert p.stage in ("", *ui.STAGES)
    app = (ROOT / "app.py").read_text(encoding="utf-8")
    assert "ui.navigation_pages()" in app
    assert "ui.STAGES" in (ROOT / "pages" / "home.py").read_text(encoding="utf-8")
    # every page file is registered
    assert {f.stem for f in (ROOT / "pages").glob("*.py")} == {p.key for p in ui.PAGES}


def test_every_session_key_is_declared_once_with_its_meaning():
    from ui.core.state import declared

    pattern = re.compile(r'(?:SS|session_state)(?:\[|\.get\(|\.pop\(|\.setdefault\()\s*f?"([^"{]+)|'
                         r'bind\(\s*f?"([^"{]+)')
    used = set()
    for f in CODE:
        for a, b in pattern.findall(f.read_text(encoding="utf-8")):
            used.add(a or b)
    assert not sorted(k for k in used if not declared(k))


def code_lines(text: str) -> int:
    """Lines of a module outside its docstrings (numpydoc Parameters/Returns make a module long, not complex)."""
    import ast

    doc = set()
    for node in ast.walk(ast.parse(text)):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            doc.update(range(body[0].lineno, body[0].end_lineno + 1))
    return len(text.splitlines()) - len(doc)


def test_code_lines_leave_out_docstrings_only():
    text = 'def f(x):\n    """Doc,\n\n    long.\n    """\n    s = """not a docstring\n    """\n    return s\n'
    assert code_lines(text) == 4


def test_no_module_is_too_long():
    """At most 420 lines; in evalcore, whose public functions carry numpydoc Parameters/Returns, 420 lines of
    code outside docstrings and 800 in all."""
    long = [f.relative_to(ROOT).as_posix() for f in UI if len(f.read_text(encoding="utf-8").splitlines()) > 420]
    long += [f.relative_to(ROOT).as_posix() for f in ROOT.glob("evalcore/**/*.py")
             if code_lines(text := f.read_text(encoding="utf-8")) > 420 or len(text.splitlines()) > 800]
    assert not long, long


def test_pages_keep_latex_in_the_template_file():
    for f in ROOT.glob("pages/*.py"):
        assert not re.search(r"\bst\.latex\(\s*r?f?[\"']", f.read_text(encoding="utf-8")), f.name


def test_figure_builders_have_no_visible_defaults():
    import inspect

    from evalcore import figures

    for name in figures.__all__:
        fn = getattr(figures, name)
        if inspect.isfunction(fn) and name not in ("model_color",):
            sig = inspect.signature(fn)
            assert "text" in sig.parameters and sig.parameters["text"].default is inspect.Parameter.empty, name
            assert not [p for p in sig.parameters if p.endswith(("_title", "_label"))], name


def test_evalcore_refers_to_nothing_outside_the_repository():
    for f in ROOT.glob("evalcore/**/*.py"):
        text = f.read_text(encoding="utf-8")
        assert "shared/" not in text and not re.search(r"\bseed 00\d", text), f.name
        assert "assets" not in text, f.name


def test_the_api_reference_lists_every_public_name():
    import evalcore as ec

    doc = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    assert not [n for n in ec.__all__ if not re.search(rf"\b{re.escape(n)}\b", doc)]
    assert sorted(set(ec.__all__)) == sorted(ec.__all__)          # no name twice


def test_pages_are_thin_and_use_only_public_ui_names():
    """A page stays under ~200 lines and reaches ui only through its public
    names: ``ui.<name in ui.__all__>``, ``ui.<module>.<public name>`` for a
    module re-exported there, or a page-part module imported by name."""
    import ui

    public = set(ui.__all__)
    for f in ROOT.glob("pages/*.py"):
        code = f.read_text(encoding="utf-8")
        assert len(code.splitlines()) <= 200, (f.name, len(code.splitlines()))
        bare = re.sub(r'""".*?"""|#[^\n]*|^from ui[\w.]* import .*$', "", code, flags=re.S | re.M)  # code only
        for name, attr in re.findall(r"\bui\.([A-Za-z_]\w*)(?:\.([A-Za-z_]\w*))?", bare):
            assert name in public, (f.name, name)
            assert not attr.startswith("_"), (f.name, name, attr)
        for mod in re.findall(r"^from ui\.(?:parts|core|protect)[\w.]* import (\w+)", code, re.M):
            used = set(re.findall(rf"\b{mod}\.(\w+)", code))
            assert not [a for a in used if a.startswith("_")], (f.name, mod)
        assert not re.search(r"^from ui\.[\w.]+ import _|^import ui\.", code, re.M), f.name
        # a page imports its own parts, never another page's
        for part in re.findall(r"^from ui\.parts(?:\.(\w+))? import (\w+)", code, re.M):
            assert (part[0] or part[1]) in (f.stem, *_SHARED_PARTS.get(f.stem, ())), (f.name, part)


def _ui_imports() -> dict[str, list[tuple[str, str]]]:
    """Every ui module (dotted name) -> the (module, name) pairs it imports
    from ui, at the top or deferred into a function."""
    import ast

    out = {}
    for f in UI:
        mod = ".".join(f.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        pairs = []
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "ui":
                assert node.level == 0, (mod, "relative import")         # one spelling: absolute
                pairs += [(node.module, a.name) for a in node.names]
        out[mod] = pairs
    return out


def _target(module: str, name: str, modules) -> str:
    """The ui module an import reaches: ``from ui.core import state`` -> ui.core.state."""
    return f"{module}.{name}" if f"{module}.{name}" in modules else module


def test_the_ui_import_graph_has_no_circle():
    """Every import between ui modules follows one direction: no module reaches itself again."""
    imports = _ui_imports()
    graph = {m: {_target(a, n, imports) for a, n in pairs} - {m} for m, pairs in imports.items()}

    def visit(node, path):
        assert node not in path, " -> ".join([*path, node])
        for d in graph.get(node, ()):
            visit(d, [*path, node])
    for node in graph:
        visit(node, [])


# page parts that more than one page uses: (page, part)
_SHARED_PARTS = {"confusion": ("intervals",), "pr": ("intervals",), "roc": ("intervals", "methods", "roc_walk")}


def test_ui_keeps_its_roles_apart():
    """The framework (ui.core) and the protection (ui.protect) never import a
    page part; a page part (ui.parts.<name>) never imports another page's part
    (the modules of one part's package, as ui.parts.exercises, import each
    other); no private name crosses a module."""
    imports = _ui_imports()
    bad = []
    for mod, pairs in imports.items():
        for module, name in pairs:
            target = _target(module, name, imports)
            if name.startswith("_"):
                bad.append(f"{mod} imports the private {module}.{name}")
            if mod.startswith(("ui.core", "ui.protect")) and target.startswith("ui.parts"):
                bad.append(f"framework {mod} imports the page part {target}")
            if mod.startswith("ui.parts.") and target.startswith("ui.parts."):
                if mod.split(".")[2] != target.split(".")[2]:
                    bad.append(f"page part {mod} imports another page's part {target}")
    assert not bad, bad


def test_a_shareable_settings_default_is_written_once_in_the_settings_table():
    """``ui.core.settings.defaults()`` holds the defaults a link leaves out and
    ``ui.bind(key)`` reads them there: a page that passed a default of its own
    for such a key would be a second copy (a link would carry a default, or
    drop a setting, depending on which pages the server had drawn).  A link
    parameter bound with a fixed default belongs in the table; only a default
    computed from the data (exercise 2.6's prior, a table's cell) is the page's."""
    import ast

    from ui.core import settings
    known = settings.defaults()
    linked = {key for key, _ in settings.params().values()}
    seen, twice, outside = 0, [], []
    for path in sorted((ROOT / "pages").glob("*.py")) + sorted((ROOT / "ui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) == "bind"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                key = node.args[0].value
                if key in known:
                    seen += 1
                    if len(node.args) > 1:
                        twice.append(f"{path.name}:{node.lineno} {key}")
                elif key in linked and len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
                    outside.append(f"{path.name}:{node.lineno} {key}")
    assert seen >= 40 and not twice and not outside, (seen, twice, outside)


def _guarded(node, parents) -> bool:
    """Whether ``node`` lies inside ``with ui.guard(...)`` or a function decorated with a guard."""
    import ast

    def is_guard(expr):
        f = expr.func if isinstance(expr, ast.Call) else expr
        f = f.func if isinstance(f, ast.Call) else f
        name = getattr(f, "attr", None) or getattr(f, "id", "")
        return isinstance(f, (ast.Attribute, ast.Name)) and name == "guard"

    while node in parents:
        node = parents[node]
        if isinstance(node, ast.With) and any(isinstance(i.context_expr, ast.Call) and is_guard(i.context_expr)
                                              for i in node.items):
            return True
        if isinstance(node, ast.FunctionDef) and any(is_guard(d) for d in node.decorator_list if
                                                     isinstance(d, ast.Call)):
            return True
    return False


def test_every_page_opens_its_sections_through_the_boundary():
    """An unexpected error is caught at its section (ui.guard): every page
    uses the boundary, each heading in a page's flat script (a section's
    start; a page's own section functions are called inside one) and each
    fragment (its own reruns bypass the page's boundary) is inside one, and
    app.py runs the page inside the last one."""
    import ast

    bad = []
    for f in [*ROOT.glob("pages/*.py"), *UI, ROOT / "app.py"]:
        tree = ast.parse(f.read_text(encoding="utf-8"))
        parents = {c: p for p in ast.walk(tree) for c in ast.iter_child_nodes(p)}
        calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)]
        if f.parent.name == "pages":
            if "ui.guard(" not in f.read_text(encoding="utf-8"):
                bad.append(f"{f.name}: no ui.guard")
            in_def = {c for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef) for c in ast.walk(fn)}
            bad += [f"{f.name}:{c.lineno} heading outside a guard" for c in calls
                    if c.func.attr in ("header", "subheader") and c not in in_def and not _guarded(c, parents)]
        if f.name == "app.py":
            bad += [f"app.py:{c.lineno} run() outside a guard" for c in calls
                    if c.func.attr == "run" and not _guarded(c, parents)]
        for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
            fragment = any("fragment" in ast.unparse(d) for d in fn.decorator_list)
            if fragment and not any("guard" in ast.unparse(d) for d in fn.decorator_list):
                bad.append(f"{f.name}:{fn.lineno} fragment {fn.name} without a guard")
    assert not bad, bad

def test_thresholds_are_written_by_one_formatter():
    """A threshold is shown through ui.fmt_threshold / evalcore.figures.threshold_text (+∞, never
    "inf", issue 32 item 9), not with a format spec of its own."""
    own = re.compile(r"(thr|threshold)[a-z_\]\[0-9]*:\.[0-9]+[gf]")
    files = [*CODE, *ROOT.glob("evalcore/figures/*.py"), *ROOT.glob("evalcore/report/*.py")]
    assert not [f.name for f in files if own.search(f.read_text(encoding="utf-8"))]
    from evalcore.figures.style import threshold_text
    assert (threshold_text(float("inf")), threshold_text(-float("inf")), threshold_text(0.5)) == ("+∞", "−∞", "0.5")


def test_a_shareable_settings_range_is_written_once_in_the_settings_table():
    """A slider, select slider or number input tied to a shareable setting
    whose parser has a range takes it from the table (``span``, ``choices``),
    never from numbers of its own, unless the range depends on the data
    (``bind(..., within=...)``)."""
    from ui.core import settings

    ranged = {key for key, parse in settings.params().values()
              if getattr(parse, "lo", None) is not None or getattr(parse, "options", None) is not None}
    call = re.compile(r"\.(slider|select_slider|number_input)\((.*?)\*\*(?:ui\.)?bind\(\"([^\"]+)\"([^\n]*)", re.S)
    bad = []
    for f in [*ROOT.glob("pages/*.py"), *UI]:
        code = re.sub(r'""".*?"""', "", f.read_text(encoding="utf-8"), flags=re.S)
        for kind, args, key, rest in call.findall(code):
            if key in ranged and "within=" not in rest and not re.search(r"\b(span|choices)\(", args):
                bad.append(f"{f.relative_to(ROOT)}: {kind} {key}")
    assert not bad, bad


def test_the_suite_is_dealt_in_units_a_module_or_a_share_of_the_browser_tests():
    """tests/conftest.py's units for xdist: a module's tests stay together (its fixtures start once), the
    browser tests go in one unit per process, their measured seconds dealt evenly, a long test apart."""
    from tests.conftest import BROWSER_SECONDS, scopes

    ids = ["tests/system/test_deploy.py::test_a", "tests/system/test_deploy.py::test_b",
           "tests/core/test_splits.py::test_c[1]", "evalcore/results.py::evalcore.results.f",
           "tests/browser/test_browser_screens.py::test_d[x]", "tests/browser/test_browser.py::test_e",
           "tests/browser/test_browser_lecture.py::test_f", "tests/browser/test_browser_tour.py::test_g",
           "tests/browser/test_browser_tour.py::test_the_tour_by_keyboard_in_presenter_mode[en]"]
    units = scopes(ids, 2)
    assert units[ids[0]] == units[ids[1]] == "tests/system/test_deploy.py"
    assert units[ids[2]] == "tests/core/test_splits.py" and units[ids[3]] == "evalcore/results.py"
    browser = {i: units[i] for i in ids[4:]}
    assert set(browser.values()) == {"browser-0", "browser-1"}
    parts = ("test_browser_screens.py", "test_browser.py", "test_browser_lecture.py", "test_browser_tour.py",
             "test_browser_tour.py::test_the_tour_by_keyboard_in_presenter_mode")
    load = {g: sum(BROWSER_SECONDS[p] for p, i in zip(parts, ids[4:]) if units[i] == g)
            for g in ("browser-0", "browser-1")}
    assert abs(load["browser-0"] - load["browser-1"]) <= min(BROWSER_SECONDS[p] for p in parts)     # as even as can be
    assert set(scopes(ids[4:], 1).values()) == {"browser-0"}
