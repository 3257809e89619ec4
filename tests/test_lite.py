"""The offline site's parts that need no browser: charts shown without nbformat (the browser
kernel cannot have it), the explorer's wheel, and the Pyodide lock the build writes."""

from __future__ import annotations

import fnmatch
import hashlib
import importlib.util
import json
import subprocess
import zipfile

import pytest

from conftest import ROOT
from explorer import _rules, rules
from explorer._rules import marked_rules


@pytest.fixture(scope="module")
def build_lite():
    spec = importlib.util.spec_from_file_location("build_lite", ROOT / "tools" / "build_lite.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_figures_show_without_nbformat(monkeypatch):
    """Pyodide has no nbformat: a figure still shows, as the live chart and its static copy."""
    import plotly.graph_objects as go
    import plotly.io._renderers as renderers
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    from explorer import notebook
    InteractiveShell.instance()
    monkeypatch.setattr(renderers, "nbformat", None)
    monkeypatch.setattr(renderers.renderers, "default", renderers.renderers.default)  # restored after
    notebook.setup()
    fig = go.Figure(go.Bar(x=[1, 2], y=[3, 4]), layout={"title": "Two bars"})
    with capture_output() as shown:
        fig._ipython_display_()
    assert len(shown.outputs) == 1
    data = shown.outputs[0].data
    assert data["application/vnd.plotly.v1+json"]["data"][0]["y"] == [3, 4]
    assert 'aria-label="Chart: Two bars"' in data["text/html"]


def make_wheel(folder, name, version, requires=(), files=None):
    """A small wheel with the given requirements (for the lock's tests)."""
    dist = f"{name.replace('-', '_')}-{version}.dist-info"
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n" + "".join(
        f"Requires-Dist: {r}\n" for r in requires)
    path = folder / f"{name.replace('-', '_')}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as z:
        for f in files or [f"{name.replace('-', '_')}/__init__.py"]:
            z.writestr(f, "")
        z.writestr(f"{dist}/METADATA", meta)
    return path


BASE = {"info": {"arch": "wasm32", "platform": "emscripten_5_0_3", "python": "3.14.2"},
        "packages": {}}


def test_lock_follows_pyodide_markers_and_hashes_the_wheels(tmp_path, build_lite):
    wheels = [
        make_wheel(tmp_path, "app", "1.0", ["lib-a>=1", "jupyterlab>=4",
                                           'winonly; sys_platform == "win32"',
                                           'posixtool; sys_platform != "emscripten"',
                                           'web-only; sys_platform == "emscripten"',
                                           'old; python_version < "3.12"', 'extra-dep; extra == "x"']),
        make_wheel(tmp_path, "lib_a", "2.0", files=["lib_a/__init__.py", "lib_a_helpers.py"]),
        make_wheel(tmp_path, "web-only", "0.1"),
        make_wheel(tmp_path, "posixtool", "3.0"),      # downloaded, but not for Pyodide
    ]
    lock, shipped = build_lite.lock(wheels, ["app"], BASE, "3.14")
    packages = lock["packages"]
    assert sorted(packages) == ["app", "lib-a", "web-only"]
    assert packages["app"]["depends"] == ["lib-a", "web-only"]   # jupyterlab left out
    assert packages["lib-a"]["imports"] == ["lib_a", "lib_a_helpers"]
    assert lock["info"] == BASE["info"]
    for entry in packages.values():
        wheel = tmp_path / entry["file_name"]
        assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert sorted(w.name for w in shipped) == sorted(e["file_name"] for e in packages.values())


def test_lock_says_which_wheel_is_missing(tmp_path, build_lite):
    wheels = [make_wheel(tmp_path, "app", "1.0", ["needs-c"])]
    with pytest.raises(build_lite.LiteBuildError, match="no wheel of needs-c"):
        build_lite.lock(wheels, ["app"], BASE, "3.14")


def test_explorer_wheel_holds_the_package_and_is_reproducible(tmp_path, build_lite):
    first = build_lite.explorer_wheel(tmp_path / "a")
    second = build_lite.explorer_wheel(tmp_path / "b")
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as z:
        names = set(z.namelist())
        record = z.read("explorer-0.1.0.dist-info/RECORD").decode()
    kept = ["*.py", *build_lite.package_data()]     # the data files pyproject.toml ships
    on_disk = {p.relative_to(ROOT).as_posix() for p in (ROOT / "explorer").rglob("*")
               if any(fnmatch.fnmatch(p.name, k) for k in kept) and "__pycache__" not in p.parts}
    assert on_disk <= names
    assert {"explorer/static/board.js", "explorer/corinth/rules.json"} <= names
    assert all(f"{n}," in record for n in names)
    with zipfile.ZipFile(first) as z:     # the site has no tests/: the wheel says what they check
        index = json.loads(z.read("explorer/rule_tests.json"))
    assert index == marked_rules(ROOT / "tests")
    assert set(index) >= {"demo.claim.free", "corinth.build.temple"}
    entry, reqs = build_lite.wheel_entry(first)
    assert entry["imports"] == ["explorer"]
    assert {r.name for r in reqs} >= {"anywidget", "plotly", "jupyterlab"}


def test_a_copy_without_tests_reads_which_rules_are_tested_from_its_index(tmp_path, monkeypatch):
    """The offline site's explorer has no tests/ folder: the catalogue's tested() reads the index
    its wheel carries, and says the same as the tests themselves."""
    book = rules.catalogue("demo")
    from_tests = book.tested()
    assert from_tests and book.untested() == []
    index = tmp_path / "rule_tests.json"
    index.write_text(json.dumps(marked_rules(ROOT / "tests")))
    monkeypatch.setattr(_rules, "tests_dir", lambda: tmp_path / "no-tests")
    monkeypatch.setattr(_rules, "RULE_TESTS", index)
    assert book.tested() == from_tests and book.untested() == []
    index.unlink()                                      # neither: nothing is known to be tested
    assert book.tested() == {}


def test_the_site_and_its_downloads_are_ignored_by_git(build_lite):
    paths = [build_lite.SITE / "index.html", build_lite.CACHE / "wheels" / "plotly.whl"]
    got = subprocess.run(["git", "check-ignore", *map(str, paths)], cwd=ROOT, capture_output=True,
                         text=True, check=False)
    assert got.stdout.split() == [str(p) for p in paths]


def test_the_site_carries_every_notebook_that_runs_without_pandas(build_lite):
    """The offline site has no pandas: it leaves out exactly the notebooks that need it, and says
    why, and the explorer's wheel asks for nothing the site cannot have (pandas is an extra)."""
    import tomllib
    names = {nb.name for nb in build_lite.site_notebooks()}
    every = {nb.name for nb in (ROOT / "notebooks").glob("*.ipynb")}
    needs_pandas = {name for name in every
                    if "explorer.analysis" in (ROOT / "notebooks" / name).read_text()
                    or "from explorer import analysis" in (ROOT / "notebooks" / name).read_text()}
    assert needs_pandas and names == every - needs_pandas
    assert set(build_lite.INSTALLED_ONLY) == needs_pandas
    assert all(build_lite.INSTALLED_ONLY.values())
    runtime = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    assert not any(r.startswith(("pandas", "numpy")) for r in runtime)
    assert build_lite.FIRST in names
