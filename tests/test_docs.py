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
DOCS = [ROOT / "README.md", *ROOT.glob("docs/*"), *ROOT.glob("ui/**/*.js"), *ROOT.glob("ui/**/*.py"),
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
