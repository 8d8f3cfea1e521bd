"""Docs that match the code: every file path that the README, docs/, the
page template and the code's comments name exists in the repository."""
import functools
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOP = ("assets", "bench", "deploy", "docs", "evalcore", "pages", "tests", "ui", ".ci", ".streamlit")
EXT = ("py", "js", "toml", "md", "html", "css", "csv", "txt", "conf", "ini", "json")
# a path: folders and a file name with a known extension, or anything under a top-level folder
PATH = re.compile(r"(?<![\w/.:-])((?:[\w.-]+/)+[\w-]+\.(?:" + "|".join(EXT) + r")|(?:" + "|".join(map(re.escape, TOP))
                  + r")/[\w./-]*[\w])(?![\w/])")
EXTERNAL = {"metrics/_ranking.py"}     # scikit-learn's, named as an example to follow
DOCS = [ROOT / "README.md", *ROOT.glob("docs/*"), *ROOT.glob("ui/**/*.py"),
        *(f for f in ROOT.glob("ui/**/*.js") if "vendor" not in f.parts),      # (not plotly.js, kept as it came)
        *ROOT.glob("evalcore/**/*.py"), *ROOT.glob("pages/*.py"), *ROOT.glob("bench/*.py"), *ROOT.glob("deploy/*"),
        ROOT / ".ci" / "run", ROOT / "app.py"]


@functools.cache
def tree() -> frozenset:
    """Every file of the repository as a relative POSIX path (no .git, .venv, caches)."""
    out = set()
    for top, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in (".git", ".venv", "__pycache__", "node_modules")]
        rel = Path(top).relative_to(ROOT).as_posix()
        out.update(f if rel == "." else f"{rel}/{f}" for f in files)
    return frozenset(out)


def exists(name: str, doc: Path) -> bool:
    """At the root, beside the document, or as the tail of a path in the tree
    (the README's layout names ``live/figure.js`` under ``ui/``)."""
    if (ROOT / name).exists() or (doc.parent / name).exists():
        return True
    return any(f == name or f.endswith("/" + name) for f in tree())


def test_every_path_a_doc_names_exists():
    missing = []
    for doc in DOCS:
        if not doc.is_file() or doc.suffix not in (".md", ".py", ".js", ".html", ".css", ".conf", ""):
            continue
        for m in PATH.finditer(doc.read_text(encoding="utf-8")):
            name = m.group(1).rstrip(".")
            if name in EXTERNAL or "<" in name or "*" in name:
                continue
            if not exists(name, doc):
                missing.append(f"{doc.relative_to(ROOT)}: {name}")
    assert not missing, missing


def _modules(top: str) -> list[Path]:
    """Every module and subpackage under ``top`` (not __init__, __main__, caches)."""
    out = []
    for f in sorted((ROOT / top).rglob("*")):
        if "__pycache__" in f.parts:
            continue
        if f.suffix == ".py" and f.stem not in ("__init__", "__main__") or f.is_dir() and (f / "__init__.py").exists():
            out.append(f)
    return out


def _layout() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## Layout")
    return text[start:text.index("```\n", text.index("```text", start) + 7)]


def test_every_module_is_in_the_readme_layout():
    layout = _layout()
    missing = [f.relative_to(ROOT).as_posix() for top in ("ui", "evalcore") for f in _modules(top)
               if not re.search(rf"(?<![\w-]){re.escape(f.stem)}(\.py|/|\b)", layout)]
    assert not missing, missing


def test_every_module_is_named_in_its_package_docstring():
    """A module is named in the docstring of its package or of a package
    above it (ui/__init__.py draws the whole of ui/)."""
    import ast

    missing = []
    for top in ("ui", "evalcore"):
        for f in _modules(top):
            docs = ""
            for pkg in f.relative_to(ROOT).parents:
                init = ROOT / pkg / "__init__.py"
                if pkg.as_posix() != "." and init.exists():
                    docs += ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
            if not re.search(rf"(?<![\w-]){re.escape(f.stem)}\b", docs):
                missing.append(f.relative_to(ROOT).as_posix())
    assert not missing, missing


# ----------------------------------------------------------------- numpydoc sections of the public API (issue 34)
# Every function in ``evalcore.__all__`` (and in the report's ``__all__``), and every public method of a public
# class that takes arguments, has a numpydoc ``Parameters`` section naming exactly its signature's parameters
# (``*args`` / ``**kwargs`` with their stars), each with a description, one with a default saying it
# (``default ...`` or ``optional``); and a ``Returns`` (or ``Yields``) section with a description under its type,
# unless it is annotated ``-> None``.  A small parser of our own: a section is a header line underlined with
# dashes; a parameter is an unindented line of the section, ``name : type`` or ``a, b : type``.
SECTION = re.compile(r"^(\S[^\n]*)\n-{3,}[ \t]*$", re.M)


def doc_sections(doc: str) -> dict[str, str]:
    """The numpydoc sections of a docstring (as ``inspect.getdoc`` gives it): header -> body."""
    heads = list(SECTION.finditer(doc))
    return {m.group(1).strip(): doc[m.end():heads[i + 1].start() if i + 1 < len(heads) else len(doc)].strip("\n")
            for i, m in enumerate(heads)}


def undescribed_parameters(body: str) -> list[str]:
    """The parameter lines of a Parameters section with no indented description under them."""
    lines = body.splitlines()
    return [line.split(" : ")[0] for i, line in enumerate(lines) if line and not line[0].isspace()
            and not (i + 1 < len(lines) and lines[i + 1][:1].isspace() and lines[i + 1].strip())]


def documented_parameters(body: str) -> list[str]:
    """The names a Parameters section documents, in order."""
    names = []
    for line in body.splitlines():
        if line and not line[0].isspace():
            names += [n.strip() for n in line.split(" : ")[0].split(",") if n.strip()]
    return names


def signature_parameters(fn) -> list[str]:
    import inspect

    stars = {inspect.Parameter.VAR_POSITIONAL: "*", inspect.Parameter.VAR_KEYWORD: "**"}
    return [stars.get(p.kind, "") + p.name for i, p in enumerate(inspect.signature(fn).parameters.values())
            if not (i == 0 and p.name in ("self", "cls"))]


def default_parameters(fn) -> list[str]:
    import inspect

    return [p.name for p in inspect.signature(fn).parameters.values() if p.default is not inspect.Parameter.empty]


def says_default(body: str, name: str) -> bool:
    """Whether the line that documents ``name`` gives its default (``default ...``) or calls it ``optional``."""
    for line in body.splitlines():
        if line and not line[0].isspace() and name in [n.strip() for n in line.split(" : ")[0].split(",")]:
            return "default" in line or "optional" in line
    return False


def docstring_problems(name: str, fn) -> list[str]:
    import inspect

    doc = inspect.getdoc(fn) or ""
    sections = doc_sections(doc)
    want = signature_parameters(fn)
    heads = [m.group(1).strip() for m in SECTION.finditer(doc)]
    out = [f"{name}: two {h} sections" for h in sorted({h for h in heads if heads.count(h) > 1})]
    if want:
        if "Parameters" not in sections:
            out.append(f"{name}: no Parameters section")
        else:
            have = documented_parameters(sections["Parameters"])
            if extra := [p for p in have if p not in want]:
                out.append(f"{name}: documents {extra}, not in its signature")
            if missing := [p for p in want if p not in have]:
                out.append(f"{name}: does not document {missing}")
            body = sections["Parameters"]
            if bare := undescribed_parameters(body):
                out.append(f"{name}: no description of {bare}")
            if silent := [p for p in default_parameters(fn) if p in have and not says_default(body, p)]:
                out.append(f"{name}: does not give the default of {silent}")
    returns_none = inspect.signature(fn).return_annotation in (None, "None")   # numpydoc: no Returns then
    returns = sections.get("Returns") or sections.get("Yields")
    if not (returns or returns_none):
        out.append(f"{name}: no Returns section")
    elif returns and not any(line[:1].isspace() and line.strip() for line in returns.splitlines()):
        out.append(f"{name}: Returns names a type and says nothing of it")
    return out


def public_callables() -> dict[str, object]:
    """``qualified name -> function`` over evalcore's and the report's public API."""
    import importlib
    import inspect

    out = {}
    for modname in ("evalcore", "evalcore.report", "evalcore.report.html"):
        mod = importlib.import_module(modname)
        for name in mod.__all__:
            obj = getattr(mod, name)
            if inspect.isfunction(obj):
                out[f"{obj.__module__}.{name}"] = obj
            elif inspect.isclass(obj) and obj.__module__.startswith("evalcore"):
                for attr, value in vars(obj).items():
                    fn = value.__func__ if isinstance(value, (classmethod, staticmethod)) else value
                    if not attr.startswith("_") and inspect.isfunction(fn) and signature_parameters(fn):
                        out[f"{obj.__module__}.{name}.{attr}"] = fn
    return out




def test_the_docstring_parser_reads_numpydoc():
    def f(a, b=1, *rest, c, **kw):
        """Summary.

        Parameters
        ----------
        a, b : int, b default 1
            Two numbers.
        *rest : float
            More.
        c : str
            A key,
            on two lines : not a parameter.
        **kw
            Options.

        Returns
        -------
        int
            The sum.
        """
    assert docstring_problems("f", f) == []
    assert signature_parameters(f) == ["a", "b", "*rest", "c", "**kw"]
    assert signature_parameters(lambda self, x, cls="": None) == ["x", "cls"]

    def g(x, y):
        """Summary.

        Parameters
        ----------
        x : int
        z : int
        """
    assert docstring_problems("g", g) == ["g: documents ['z'], not in its signature",
                                          "g: does not document ['y']", "g: no description of ['x', 'z']",
                                          "g: no Returns section"]

    def h(x):
        """Summary.

        Returns
        -------
        int
        """
    assert docstring_problems("h", h) == ["h: no Parameters section", "h: Returns names a type and says nothing of it"]

    def twice(x):
        """Summary.

        Parameters
        ----------
        x : int
            A number.

        Parameters
        ----------
        x : int
            A number.

        Returns
        -------
        int
            A number.
        """
    assert docstring_problems("twice", twice) == ["twice: two Parameters sections"]

    def k(x=1, y=None):
        """Summary.

        Parameters
        ----------
        x : int
            A number.
        y : int, optional
            Another.

        Returns
        -------
        int
            A number.
        """
    assert docstring_problems("k", k) == ["k: does not give the default of ['x']"]

    def draw(x) -> None:
        """Summary.

        Parameters
        ----------
        x : int
            A number.
        """
    assert docstring_problems("draw", draw) == []


def test_every_public_function_has_numpydoc_parameters_and_returns():
    problems = [p for name, fn in public_callables().items() for p in docstring_problems(name, fn)]
    assert not problems, "\n".join(problems)
