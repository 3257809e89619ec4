"""Binder's set-up (``binder/``): what it installs and where it lands, checked against the
project itself so the two cannot drift apart (a renamed notebook, a new extra, another Python)."""

from __future__ import annotations

import re
import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"


def test_binder_installs_this_package_with_the_app_and_analysis_extras_on_the_supported_python():
    lines = [ln.strip() for ln in (BINDER / "requirements.txt").read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]
    assert lines == ["-e .[app,analysis]"]
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert {"app", "analysis"} <= set(project["optional-dependencies"])
    runtime = (BINDER / "runtime.txt").read_text().strip()
    version = re.fullmatch(r"python-(\d+)\.(\d+)", runtime)
    assert version, runtime
    low = re.fullmatch(r">=(\d+)\.(\d+)", project["requires-python"])
    assert tuple(map(int, version.groups())) >= tuple(map(int, low.groups()))


def test_binder_and_the_readme_land_on_the_start_here_notebook(tmp_path):
    script = BINDER / "postBuild"
    assert script.stat().st_mode & 0o111, "postBuild must be executable"
    subprocess.run(["bash", str(script)], env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
                   check=True)
    config = (tmp_path / ".jupyter" / "jupyter_server_config.py").read_text()
    url = re.search(r'default_url = "/lab/tree/(.+)"', config).group(1)
    assert (ROOT / url).is_file(), url
    readme = (ROOT / "README.md").read_text()
    link = re.search(r"https://mybinder\.org/v2/gh/\S+\?urlpath=lab/tree/(\S+?\.ipynb)", readme)
    assert link and link.group(1) == url
