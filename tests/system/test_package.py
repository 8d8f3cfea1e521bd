"""evalcore installs as a package of its own (pyproject.toml): the wheel holds
the package, its data and strings and nothing of the app, and the console
script makes a report outside the checkout."""
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.system


def test_the_wheel_installs_evalcore_and_its_console_script(tmp_path):
    src = tmp_path / "src"                       # a copy: the build writes build/ and *.egg-info beside the code
    shutil.copytree(ROOT / "evalcore", src / "evalcore", ignore=shutil.ignore_patterns("__pycache__"))
    for f in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / f, src / f)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input"]
    subprocess.run([*pip, "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", str(tmp_path / "dist"),
                    str(src)], check=True, capture_output=True, cwd=tmp_path)
    wheel = next((tmp_path / "dist").glob("evalcore-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for want in ("evalcore/__init__.py", "evalcore/data/watermelon-3.0.csv", "evalcore/report/strings.toml",
                 "evalcore/report/engines/duck.py", "evalcore/figures/curves.py"):
        assert want in names
    assert not [n for n in names if n.startswith(("ui/", "pages/", "tests/", "assets/", "app.py"))]
    entry = next(n for n in names if n.endswith("entry_points.txt"))
    assert "evalcore-report = evalcore.report.__main__:main" in zipfile.ZipFile(wheel).read(entry).decode()

    target = tmp_path / "site"
    subprocess.run([*pip, "install", "--quiet", "--no-deps", "--target", str(target), str(wheel)], check=True,
                   capture_output=True, cwd=tmp_path)
    (tmp_path / "p.csv").write_text("y_true,a\n1,0.9\n0,0.2\n1,0.7\n0,0.6\n1,0.3\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(target)}
    where = subprocess.run([sys.executable, "-c", "import evalcore; print(evalcore.__file__)"], env=env,
                           cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    assert where.startswith(str(target))                     # the installed copy, not the checkout
    script = target / "bin" / "evalcore-report"
    assert script.exists()
    run = subprocess.run([sys.executable, str(script), "p.csv", "--format", "json", "-o", "r.json"], env=env,
                         cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    numbers = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert numbers["models"][0]["auc"] == pytest.approx(5 / 6)
