"""Writes a generated notebook with stable cell ids, so regenerating it changes only what changed."""

from pathlib import Path

import nbformat as nbf

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def write(cells: list, name: str, folder: Path = NOTEBOOKS, title: str | None = None) -> Path:
    """Save ``cells`` as ``<folder>/<name>.ipynb`` (by default notebooks/; cell ids ``<name>-0``,
    ``<name>-1``, ...); a ``title`` is the page title where the notebook is shown as a page."""
    nb = nbf.v4.new_notebook(cells=cells)
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"{name.replace('_', '-')}-{i}"
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    if title:
        nb.metadata["title"] = title
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.ipynb"
    path.write_text(nbf.writes(nb))
    return path
