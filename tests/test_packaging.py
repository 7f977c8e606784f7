"""The wheel is a working app: templates, static files and the rules core travel inside it
(pyproject force-include), and an installed copy scores and finds its templates without
the source tree.

The wheel is built once per run and installed into one fresh venv. The venv sees the
site-packages of the Python running the tests (so the dependencies need no download),
through a .pth file: ``--system-site-packages`` would give it the *base* interpreter's
packages when the tests run inside a virtualenv, not the ones installed there. It never
sees the source tree: every command in it runs from a temporary working directory
without PYTHONPATH.
"""

from __future__ import annotations

import importlib.util
import json
import os
import site
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"

#: pip's words when the build backend itself cannot be downloaded (no index reachable).
UNOBTAINABLE = (
    "No matching distribution found for hatchling",
    "Could not find a version that satisfies the requirement hatchling",
)


def _clean_env() -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSAFEPATH", "VIRTUAL_ENV")
    }
    env.update(PIP_DISABLE_PIP_VERSION_CHECK="1", PYTHONNOUSERSITE="1", PYTHONIOENCODING="utf-8")
    return env


def _run(cmd: list[str], cwd: Path, input: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        cmd,
        cwd=cwd,
        env=_clean_env(),
        input=input,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
        check=False,
    )


def _pip_wheel(dest: Path, isolated: bool) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(dest), str(ROOT)]
    if not isolated:
        cmd.insert(4, "--no-build-isolation")
    return _run(cmd, cwd=dest)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dest = tmp_path_factory.mktemp("dist")
    result = None
    if importlib.util.find_spec("hatchling") is not None:
        result = _pip_wheel(dest, isolated=False)
    if result is None or result.returncode != 0:
        # Build isolation downloads hatchling into a throwaway environment.
        result = _pip_wheel(dest, isolated=True)
        if result.returncode != 0 and any(m in result.stdout + result.stderr for m in UNOBTAINABLE):
            pytest.skip(
                "hatchling (the build backend) is not installed and cannot be "
                "downloaded: pip install hatchling"
            )
    output = (result.stdout + result.stderr)[-4000:]
    assert result.returncode == 0, f"building the wheel failed:\n{output}"
    wheels = list(dest.glob("tsukiji_companion-*.whl"))
    assert len(wheels) == 1, f"expected one wheel in {dest}: {list(dest.iterdir())}"
    return wheels[0]


def _outer_site_dirs() -> list[str]:
    """The site-packages folders the running Python imports installed packages from: its
    own (a virtualenv's, when the tests run in one), and the user's if it uses those."""
    dirs = [
        sysconfig.get_paths()["purelib"],
        sysconfig.get_paths()["platlib"],
        *site.getsitepackages(),
    ]
    if site.ENABLE_USER_SITE:
        dirs.append(site.getusersitepackages())
    unique = [d for i, d in enumerate(dirs) if d not in dirs[:i] and Path(d).is_dir()]
    # Never the source tree, whatever put it on the path: the wheel must stand alone.
    return [d for d in unique if Path(d).resolve() != ROOT]


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory, wheel: Path) -> Path:
    """A fresh venv with the wheel installed; its bin (Scripts) folder."""
    where = tmp_path_factory.mktemp("venv")
    home = where / "venv"
    made = _run([sys.executable, "-m", "venv", "--without-pip", str(home)], cwd=where)
    assert made.returncode == 0, made.stderr
    bin_dir = home / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / ("python.exe" if os.name == "nt" else "python")
    purelib = _run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=where
    )
    assert purelib.returncode == 0, purelib.stderr
    # The dependencies, from where this Python has them. A folder named in a .pth file is
    # added after the venv's own site-packages, and the .pth files inside it are not run:
    # an editable install of this project in the outer Python does not leak in.
    (Path(purelib.stdout.strip()) / "_outer_site_packages.pth").write_text(
        "".join(f"{d}\n" for d in _outer_site_dirs()), encoding="utf-8"
    )
    # --no-index: nothing is downloaded. --ignore-installed: where this project is already
    # installed in the outer Python (as `pip install '.[test]'` does), pip sees it through
    # the .pth file and would call it satisfied, putting nothing into the venv; with it,
    # pip must not touch the dependencies (--no-deps), which the venv takes from the outer
    # site-packages — the tests below import and run them from there.
    install = [str(wheel), "--no-index", "--no-deps", "--ignore-installed"]
    done = _run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", *install], cwd=where
    )
    if done.returncode != 0 and "no such option: --python" in done.stderr:  # pip < 22.3
        pip = _run([str(python), "-m", "ensurepip"], cwd=where)
        assert pip.returncode == 0, pip.stderr
        done = _run([str(python), "-m", "pip", "install", *install], cwd=where)
    assert done.returncode == 0, f"installing the wheel failed:\n{done.stdout}{done.stderr}"
    return bin_dir


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A working directory with no companion/ next to it."""
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    return cwd


def _files(folder: Path) -> set[str]:
    return {
        p.relative_to(folder).as_posix()
        for p in folder.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    }


def test_wheel_contains_templates_static_and_rules(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    for required in (
        "companion/templates/base.html",
        "companion/templates/calculator/page.html",
        "companion/static/app.css",
        "companion/static/vendor/htmx-2.0.11.min.js",
    ):
        assert required in names, f"{required} is missing from {wheel.name}"
    rules = {n for n in names if n.startswith("companion/rules/") and n.endswith(".py")}
    assert "companion/rules/scoring.py" in rules and "companion/rules/__init__.py" in rules
    # Everything, not just the samples: every template, static file and module.
    for folder, prefix in (
        (ROOT / "templates", "companion/templates/"),
        (ROOT / "static", "companion/static/"),
        (ROOT / "companion", "companion/"),
    ):
        missing = {prefix + f for f in _files(folder)} - names
        assert not missing, f"not in the wheel: {sorted(missing)}"
    assert not any("__pycache__" in n or n.startswith("tests/") for n in names)


def test_installed_wheel_scores_a_snapshot(venv: Path, outside: Path) -> None:
    expected = json.loads((DATA / "report_example.json").read_text(encoding="utf-8"))
    snapshot = DATA / "snapshot_example.json"
    companion = venv / ("companion.exe" if os.name == "nt" else "companion")
    assert companion.is_file(), "the wheel installed no `companion` console script"

    from_file = _run([str(companion), "score", str(snapshot)], cwd=outside)
    assert from_file.returncode == 0, from_file.stderr
    assert from_file.stderr == ""
    assert json.loads(from_file.stdout) == expected

    from_stdin = _run(
        [str(companion), "score", "-"], cwd=outside, input=snapshot.read_text(encoding="utf-8")
    )
    assert from_stdin.returncode == 0, from_stdin.stderr
    assert json.loads(from_stdin.stdout) == expected


PROBE = """
import json, sysconfig, tempfile
from pathlib import Path
import companion, companion.paths as paths
from companion.web import create_app

with tempfile.TemporaryDirectory() as tmp:
    app = create_app({"TESTING": True, "DATABASE": str(Path(tmp) / "probe.sqlite3")})
    client = app.test_client()
    pages = {url: client.get(url).status_code
             for url in ("/", "/static/app.css", "/static/vendor/htmx-2.0.11.min.js")}
    shutdown = app.extensions.get("companion.shutdown")
    if shutdown:
        shutdown()
print(json.dumps({
    "package": companion.__file__,
    "templates": str(paths.TEMPLATES),
    "static": str(paths.STATIC),
    "templates_exist": (paths.TEMPLATES / "base.html").is_file(),
    "static_exist": (paths.STATIC / "app.css").is_file(),
    "purelib": sysconfig.get_paths()["purelib"],
    "pages": pages,
}))
"""


def test_installed_paths_point_into_site_packages(venv: Path, outside: Path) -> None:
    python = venv / ("python.exe" if os.name == "nt" else "python")
    probe = _run([str(python), "-c", PROBE], cwd=outside)
    assert probe.returncode == 0, probe.stderr
    found = json.loads(probe.stdout.strip().splitlines()[-1])
    site = Path(found["purelib"]).resolve()
    package = Path(found["package"]).resolve().parent
    assert package == site / "companion", f"imported companion from {package}, not the wheel"
    assert ROOT not in package.parents
    assert Path(found["templates"]) == site / "companion" / "templates"
    assert Path(found["static"]) == site / "companion" / "static"
    assert found["templates_exist"] and found["static_exist"]
    assert found["pages"] == {
        "/": 200,
        "/static/app.css": 200,
        "/static/vendor/htmx-2.0.11.min.js": 200,
    }
