"""Build site/, an offline JupyterLite site of the explorer (``python3 run.py lite`` runs this).

The site is a static folder: any web server (``python3 -m http.server -d site``, a laptop, a USB
stick) serves it, and the browser runs the notebooks, the boards and the charts with Pyodide,
asking nothing of the network. What goes in:

- Pyodide's core files (the WebAssembly interpreter and the standard library) from the npm package
  ``pyodide`` of the version the JupyterLite kernel pins, checked against the hash recorded here;
- wheels of the pure-Python packages the kernel and the explorer need, downloaded from PyPI for
  Pyodide's Python (``pip download --platform any --only-binary=:all:``), and a wheel of the
  explorer made from this working tree;
- a Pyodide lock file naming exactly those wheels with their real hashes (PyPI's wheels differ
  from the ones Pyodide's own lock names), and the kernel set to load Pyodide from the site and
  never to fall back to PyPI;
- the notebooks of notebooks/, the site opening on the start-here notebook.

Downloads are kept in .cache/lite/ (git-ignored): a second build reads them from there and needs
no network. JupyterLite's build tools (the ``lite`` extra of pyproject.toml) get an environment of
their own there, as the kernel's front-end extension must not sit beside JupyterLab. The front end
is JupyterLite's ``lab`` app (without source maps); the browser side of the widgets, anywidget and
plotly comes from the project's environment, the Python side pinned to the same versions.

Nothing here needs threads or a server in the browser: a board's start-up watch and its static
copy use the kernel's event loop, which Pyodide runs on the browser's timers. The kernel works in
the browser's own storage: a board's saves (saved_games/) land there, show in the site's file
browser and are still there on the next visit to the same address (the same host and port).
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
import zipfile
from fnmatch import fnmatch
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
CACHE = ROOT / ".cache" / "lite"
FIRST = "00_start_here.ipynb"
INSTALLED_ONLY = {"analysis.ipynb": "its sweeps build pandas tables and run on several processes"}
"""Notebooks the offline site leaves out, and why (they run in the installed explorer)."""

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
PYODIDE_INTEGRITY = {
    # npm's integrity of the package ``pyodide`` (``npm view pyodide@VERSION dist.integrity``)
    "314.0.6": "sha512-BKDTJyIqFxC4BExLqeRS3f5xvXZIjOt8C3zGLN/Cc7tFxSwvKVhVkchQQ2AGLOtR4YrVOIFxbV8poyDOOmWwxQ==",
}
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
"""The core files the kernel loads (the npm package's other files are docs and a console)."""

KERNEL_NEEDS = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
"""What the kernel loads as it starts (preloaded from the lock, so it never asks PyPI)."""
KERNEL_WHEELS = ("piplite", "pyodide_kernel", "ipykernel")
"""Wheels that come with the kernel's front-end extension (not on PyPI)."""
LEFT_OUT = {"jupyterlab", "widgetsnbextension", "jupyterlab-widgets"}
"""Dependencies that are front-end files or a server, not Python the browser runs: left out of
the lock (the front end comes with the site)."""
LAB_EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager",
                  "anywidget", "jupyterlab-plotly")
"""The front-end extensions the site carries: the kernel, widgets, anywidget, plotly charts."""

EMSCRIPTEN = {"sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
              "platform_machine": "wasm32", "implementation_name": "cpython",
              "platform_python_implementation": "CPython", "extra": ""}
"""Pyodide's environment, for the markers of the wheels' requirements."""


class LiteBuildError(RuntimeError):
    """The site could not be built; the message says why and what to do."""


def say(msg: str) -> None:
    print(f"[lite] {msg}", flush=True)


def canon(name: str) -> str:
    from packaging.utils import canonicalize_name
    return str(canonicalize_name(name))


# ---- Pyodide's core files ----------------------------------------------------------------------
# ---- the build's own tools --------------------------------------------------------------------
def tools_env(cache: Path = CACHE) -> Path:
    """A virtual environment with JupyterLite's build tools (the ``lite`` extra of pyproject.toml),
    made once: they stay out of the project's environment, where the kernel's front-end extension
    would break JupyterLab's pages (it needs JupyterLite's services, which JupyterLab lacks)."""
    import venv
    env = cache / "tools"
    python = env / "bin" / "python"
    want = json.dumps(pyproject()["project"]["optional-dependencies"]["lite"])
    stamp = env / "stamp.json"
    if python.exists() and stamp.is_file() and stamp.read_text() == want:
        return env
    say(f"installing JupyterLite's build tools into {env.relative_to(ROOT)} (pip)")
    shutil.rmtree(env, ignore_errors=True)
    venv.EnvBuilder(with_pip=True, clear=True).create(env)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    *json.loads(want)], check=True)
    stamp.write_text(want)
    return env


@lru_cache(maxsize=None)
def kernel_pins(env: Path) -> tuple[str, str]:
    """The Pyodide version the kernel pins and its Python version (``3.14``)."""
    got = subprocess.run([str(env / "bin" / "python"), "-c",
                          "from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION as v, "
                          "PYODIDE_PYTHON_VERSION as p; print(v, p)"],
                         capture_output=True, text=True, check=True)
    version, python = got.stdout.split()
    return version, python


def integrity_of(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def pyodide_core(dest: Path, version: str, cache: Path = CACHE) -> dict:
    """Put Pyodide's core files into ``dest``, from the npm package (downloaded once into the
    cache, its hash checked at every build); return the package's own lock file."""
    want = PYODIDE_INTEGRITY.get(version)
    if want is None:
        raise LiteBuildError(f"the kernel asks for Pyodide {version}, whose hash is not recorded in "
                             f"tools/build_lite.py: add it to PYODIDE_INTEGRITY "
                             f"(npm view pyodide@{version} dist.integrity)")
    tgz = cache / f"pyodide-{version}.tgz"
    if not tgz.is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise LiteBuildError("npm is needed once, to download Pyodide's core files "
                                 "(apt-get install npm)")
        say(f"downloading Pyodide {version}'s core files (npm package pyodide, {version})")
        cache.mkdir(parents=True, exist_ok=True)
        subprocess.run([npm, "pack", f"pyodide@{version}", "--pack-destination", str(cache),
                        "--silent"], check=True, stdout=subprocess.DEVNULL)
    got = integrity_of(tgz)
    if got != want:
        tgz.unlink()
        raise LiteBuildError(f"the downloaded pyodide-{version}.tgz has hash {got}, not the "
                             f"recorded {want}: it was removed; build again to download it anew")
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as tar:
        for name in PYODIDE_FILES:
            src = tar.extractfile(f"package/{name}")
            if src is None:
                raise LiteBuildError(f"pyodide-{version}.tgz has no {name}")
            (dest / name).write_bytes(src.read())
    return json.loads((dest / "pyodide-lock.json").read_text(encoding="utf-8"))


# ---- wheels --------------------------------------------------------------------------------------
def site_notebooks() -> list[Path]:
    """The notebooks the site carries: all of notebooks/ but :data:`INSTALLED_ONLY`."""
    return [nb for nb in sorted((ROOT / "notebooks").glob("*.ipynb")) if nb.name not in INSTALLED_ONLY]


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def project() -> dict:
    return pyproject()["project"]


def package_data() -> list[str]:
    """The data files the package carries beside its modules, as pyproject.toml names them."""
    return pyproject()["tool"]["setuptools"]["package-data"]["*"]


def pinned(requirement: str) -> str:
    """A runtime requirement pinned to the version installed here, so the Python side in the
    browser matches the front-end extensions the site copies from this environment."""
    from packaging.requirements import Requirement
    name = Requirement(requirement).name
    try:
        return f"{name}=={importlib.metadata.version(name)}"
    except importlib.metadata.PackageNotFoundError:
        return requirement


def wanted() -> list[str]:
    """What pip downloads: the explorer's runtime dependencies (pinned) and the kernel's."""
    from packaging.requirements import Requirement
    runtime = [pinned(r) for r in project()["dependencies"] if canon(Requirement(r).name) not in LEFT_OUT]
    kernel = [n for n in KERNEL_NEEDS if n.replace("-", "_") not in KERNEL_WHEELS]
    return sorted(set(runtime) | set(kernel))


def pypi_wheels(python: str, cache: Path = CACHE) -> list[Path]:
    """Pure wheels for Pyodide's Python (``python``, such as 3.14) of what :func:`wanted` names, with their dependencies:
    downloaded once per set of requirements (a stamp records which), then read from the cache."""
    reqs = wanted()
    stamp = json.dumps({"python": python, "requirements": reqs}, sort_keys=True)
    folder = cache / "wheels"
    stamp_file = folder / "stamp.json"
    if stamp_file.is_file() and stamp_file.read_text() == stamp:
        return sorted(folder.glob("*.whl"))
    say(f"downloading wheels from PyPI for Python {python}: {', '.join(reqs)}")
    part = cache / "wheels.partial"
    shutil.rmtree(part, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
                    "--python-version", python, "--platform", "any",
                    "--only-binary=:all:", "--dest", str(part), *reqs], check=True)
    shutil.rmtree(folder, ignore_errors=True)
    part.rename(folder)
    stamp_file.write_text(stamp)
    return sorted(folder.glob("*.whl"))


def kernel_wheels(env: Path) -> list[Path]:
    """The kernel's own wheels (its Python half, piplite, an ipykernel stand-in), as its front-end
    extension ships them."""
    pypi = labextension_dir("@jupyterlite/pyodide-kernel-extension", env) / "static" / "pypi"
    found = [w for w in sorted(pypi.glob("*.whl")) if w.name.split("-")[0] in KERNEL_WHEELS]
    if len(found) != len(KERNEL_WHEELS):
        raise LiteBuildError(f"the kernel extension's wheels are not all in {pypi}")
    return found


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def explorer_wheel(dest: Path) -> Path:
    """A wheel of the explorer as it is in this working tree (its modules and data files, and
    which tests check which rule), made directly (no build tool, no network; the same files give
    the same bytes)."""
    meta = project()
    name, version = meta["name"], meta["version"]
    kept = ["*.py", *package_data()]
    files = sorted(p for p in (ROOT / "explorer").rglob("*") if p.is_file()
                   and "__pycache__" not in p.parts and any(fnmatch(p.name, k) for k in kept))
    dist = f"{name}-{version}.dist-info"
    metadata = "".join([f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
                        f"Summary: {meta['description']}\nRequires-Python: {meta['requires-python']}\n",
                        *(f"Requires-Dist: {r}\n" for r in meta["dependencies"])])
    from explorer._rules import RULE_TESTS, marked_rules    # the site has no tests/ to read
    index = json.dumps(marked_rules(ROOT / "tests"), indent=0, sort_keys=True).encode()
    extra = {f"{name}/{RULE_TESTS.name}": index,
             f"{dist}/METADATA": metadata.encode(), f"{dist}/top_level.txt": f"{name}\n".encode(),
             f"{dist}/WHEEL": b"Wheel-Version: 1.0\nGenerator: tools/build_lite.py\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n"}
    entries = [(p.relative_to(ROOT).as_posix(), p.read_bytes()) for p in files] + list(extra.items())
    record = "".join(f"{n},{_record_hash(d)},{len(d)}\n" for n, d in entries) + f"{dist}/RECORD,,\n"
    dest.mkdir(parents=True, exist_ok=True)
    wheel = dest / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in [*entries, (f"{dist}/RECORD", record.encode())]:
            z.writestr(zipfile.ZipInfo(n, date_time=(1980, 1, 1, 0, 0, 0)), d,
                       compress_type=zipfile.ZIP_DEFLATED)
    return wheel


# ---- the lock file ---------------------------------------------------------------------------
def wheel_entry(wheel: Path) -> tuple[dict, list]:
    """A lock entry for a wheel (its name, version, hash and top-level imports) and its
    requirements."""
    from email.parser import HeaderParser

    from packaging.requirements import Requirement
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA") and n.count("/") == 1)
        meta = HeaderParser().parsestr(z.read(meta_name).decode("utf-8"))
    tops = set()
    for n in names:
        head, _, rest = n.partition("/")
        if head.endswith((".dist-info", ".data")):
            continue
        if rest and head.isidentifier():
            tops.add(head)
        elif not rest and head.endswith(".py") and head[:-3].isidentifier():
            tops.add(head[:-3])
    entry = {"name": meta["Name"], "version": meta["Version"], "file_name": wheel.name,
             "install_dir": "site", "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
             "package_type": "package", "imports": sorted(tops), "depends": [],
             "unvendored_tests": False}
    return entry, [Requirement(r) for r in meta.get_all("Requires-Dist") or []]


def lock(wheels: list[Path], roots: list[str], base: dict, python: str) -> tuple[dict, list[Path]]:
    """The site's Pyodide lock: ``base``'s info, and one entry per wheel that ``roots`` need in
    Pyodide (dependencies followed through their markers for Pyodide's platform and Python
    ``python``, such as 3.14), with the hash
    of the wheel the site carries. Returns the lock and the wheels it names."""
    env = dict(EMSCRIPTEN, python_version=python,
               python_full_version=base["info"]["python"])
    found: dict[str, tuple[dict, list, Path]] = {}
    for w in wheels:
        entry, reqs = wheel_entry(w)
        found.setdefault(canon(entry["name"]), (entry, reqs, w))
    packages: dict[str, dict] = {}
    todo = [canon(r) for r in roots]
    while todo:
        key = todo.pop()
        if key in packages:
            continue
        if key not in found:
            raise LiteBuildError(f"no wheel of {key} was found for the site (it is needed in the "
                                 f"browser); a pure-Python wheel of it must exist on PyPI")
        entry, reqs, _ = found[key]
        deps = sorted({canon(r.name) for r in reqs if r.marker is None or r.marker.evaluate(env)}
                      - LEFT_OUT)
        packages[key] = dict(entry, depends=deps)
        todo.extend(deps)
    out = {"info": base["info"], "packages": dict(sorted(packages.items()))}
    return out, [found[k][2] for k in sorted(packages)]


# ---- the site ----------------------------------------------------------------------------------
def labextension_dir(name: str, env: Path) -> Path:
    """Where a front-end extension is installed: in the build's tools (the kernel's) or in this
    environment (the widgets', anywidget's, plotly's)."""
    for prefix in (env, Path(sys.prefix)):
        path = prefix / "share" / "jupyter" / "labextensions" / name
        if (path / "package.json").is_file():
            return path
    raise LiteBuildError(f"the front-end extension {name} is not installed in {sys.prefix} "
                         f"(python3 run.py lite installs it)")


def lite_config() -> dict:
    """jupyter-lite.json: the kernel loads Pyodide from the site, preloads what it needs from the
    site's lock, and never falls back to PyPI."""
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "Rules explorer",
        "exposeAppInBrowser": True,
        "litePluginSettings": {KERNEL_PLUGIN: {
            "pyodideUrl": "./static/pyodide/pyodide.mjs",
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": list(KERNEL_NEEDS)},
        }}}}


OPENER = "await import('./config-utils.js');"
"""What the site's root page runs: it sends the browser to the lab app (``appUrl``), which cannot
name a notebook; the site sends it to the start-here notebook instead (the page keeps its
settings, which the lab app reads from it)."""


def open_on_start_here(site: Path) -> None:
    index = site / "index.html"
    page = index.read_text(encoding="utf-8")
    if OPENER not in page:
        raise LiteBuildError("the site's index.html no longer opens the app as expected")
    index.write_text(page.replace(OPENER, f"location.replace('./lab/index.html?path={FIRST}');"),
                     encoding="utf-8")


def size_of(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def build(site: Path = SITE, cache: Path = CACHE) -> dict:
    """Build the site; return what it measured (size in bytes, seconds, package versions)."""
    t0 = time.monotonic()
    env = tools_env(cache)
    version, python = kernel_pins(env)
    wheels = pypi_wheels(python, cache)
    stage = cache / "build"
    # made anew each time: no stale .jupyterlite.doit.db (which skips merging jupyter-lite.json)
    shutil.rmtree(stage, ignore_errors=True)
    lite_dir = stage / "lite"
    pyodide_dir = lite_dir / "static" / "pyodide"   # where the kernel's build looks for Pyodide
    base = pyodide_core(pyodide_dir, version, cache)
    ours = explorer_wheel(stage / "dist")
    lock_json, shipped = lock([ours, *kernel_wheels(env), *wheels], ["explorer", *KERNEL_NEEDS],
                              base, python)
    for w in shipped:
        shutil.copy2(w, pyodide_dir / w.name)
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock_json, indent=1), encoding="utf-8")
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(lite_config(), indent=1), encoding="utf-8")
    extensions = stage / "labextensions"
    for name in LAB_EXTENSIONS:
        shutil.copytree(labextension_dir(name, env), extensions / name)
    contents = stage / "contents"
    contents.mkdir()
    for nb in site_notebooks():
        shutil.copy2(nb, contents / nb.name)
    shutil.rmtree(site, ignore_errors=True)
    log = stage / "build.log"
    (lite_dir / "jupyter_lite_config.json").write_text(json.dumps({
        "LiteBuildConfig": {"output_dir": str(site), "contents": [str(contents)], "apps": ["lab"],
                            "no_sourcemaps": True, "ignore_sys_prefix": True},
        "FederatedExtensionAddon": {"extra_labextensions_path": [str(extensions)]}}, indent=1))
    cmd = [str(env / "bin" / "python"), "-m", "jupyterlite_core", "build", "--lite-dir", str(lite_dir)]
    say("building the site (jupyter lite build)")
    with open(log, "w") as fh:
        done = subprocess.run(cmd, cwd=lite_dir, stdout=fh, stderr=subprocess.STDOUT,
                              env=dict(os.environ, PYTHONWARNINGS="ignore"))
    if done.returncode:
        raise LiteBuildError(f"jupyter lite build failed:\n{log.read_text()[-4000:]}")
    open_on_start_here(site)
    check(site, lock_json)
    seconds = time.monotonic() - t0
    versions = {p["name"]: p["version"] for p in lock_json["packages"].values()}
    return {"size": size_of(site), "seconds": seconds, "pyodide": version,
            "packages": versions}


def check(site: Path, lock_json: dict) -> None:
    """The built site loads Pyodide and every wheel from itself: its settings say so and every
    wheel the lock names is there with the hash the lock gives."""
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"].get("litePluginSettings", {}).get(KERNEL_PLUGIN, {})
    if not (kernel.get("disablePyPIFallback") and kernel.get("pyodideUrl", "").startswith("./")):
        raise LiteBuildError(f"the site's jupyter-lite.json lacks the kernel settings: {kernel}")
    folder = site / "static" / "pyodide"
    if json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8")) != lock_json:
        raise LiteBuildError("the site's pyodide-lock.json is not the lock written for it")
    for entry in lock_json["packages"].values():
        wheel = folder / entry["file_name"]
        if not wheel.is_file() or hashlib.sha256(wheel.read_bytes()).hexdigest() != entry["sha256"]:
            raise LiteBuildError(f"the site's {entry['file_name']} is missing or not the wheel locked")


def main() -> int:
    try:
        got = build()
    except (LiteBuildError, subprocess.CalledProcessError) as e:
        say(f"the site was not built: {e}")
        return 1
    say(f"built {SITE.relative_to(ROOT)}/ with Pyodide {got['pyodide']} and "
        f"{len(got['packages'])} packages: {got['size'] / 1e6:.1f} MB in {got['seconds']:.0f} s")
    say(f"serve it with: python3 -m http.server --bind 127.0.0.1 --directory site 8000, then open "
        f"http://127.0.0.1:8000/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
