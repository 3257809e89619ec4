"""Executed notebooks exported to HTML show every board and chart with no network.

Each notebook is executed (nbclient, as ``jupyter nbconvert --execute`` does) and exported with
nbconvert's HTML exporter; the page is then opened in Chromium with every network request
refused. Every live board must have left its static copy, every plotly chart must draw, and the
page must ask for no script of ours from anywhere (nbconvert's own optional scripts may fail).
"""

from __future__ import annotations

import re
import shutil

import nbformat
import pytest

from conftest import NOTEBOOKS

pytestmark = pytest.mark.browser

CASES = {"00_start_here.ipynb": {"boards": 1, "charts": 1},
         "corinth.ipynb": {"boards": 2, "charts": 3},
         "gonzaga.ipynb": {"boards": 1, "charts": 7},
         "gugong.ipynb": {"boards": 2, "charts": 12},
         "hanging_gardens.ipynb": {"boards": 1, "charts": 6}}


def export(nb_name: str, folder) -> tuple[str, nbformat.NotebookNode]:
    from nbclient import NotebookClient
    from nbconvert import HTMLExporter
    shutil.copy(NOTEBOOKS / nb_name, folder / nb_name)
    nb = nbformat.read(folder / nb_name, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(folder)}}).execute()
    body, _ = HTMLExporter(template_name="lab").from_notebook_node(nb)
    return body, nb


@pytest.mark.parametrize("nb_name", sorted(CASES))
def test_exported_notebook_shows_boards_and_charts_offline(nb_name, browser, tmp_path, artifacts):
    body, nb = export(nb_name, tmp_path)
    page_file = tmp_path / (nb_name.replace(".ipynb", ".html"))
    page_file.write_text(body, encoding="utf-8")
    # nothing of ours is loaded from elsewhere: no plotly or explorer script by address
    sources = re.findall(r'<script[^>]+src="([^"]+)"', body)
    assert not [s for s in sources if "plot" in s.lower() or "explorer" in s.lower()], sources
    # every board left a static copy in the notebook itself
    statics = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
               if "explorer-static" in str(o.get("data", {}).get("text/html", ""))]
    assert len(statics) >= CASES[nb_name]["boards"]
    # each board shows once, as its picture with alt text, and no Python object text beside it
    assert not re.search(r"&lt;[\w.]+ object at 0x|<[\w.]+ object at 0x", body)

    ctx = browser.new_context(viewport={"width": 1280, "height": 1600})
    requested = []

    def offline(route):
        requested.append(route.request.url)
        if route.request.url.startswith("file://"):
            route.continue_()
        else:
            route.abort()
    ctx.route("**/*", offline)
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(page_file.as_uri())
    page.wait_for_load_state("load")
    copies = page.evaluate("() => Array.from(document.querySelectorAll('.explorer-static[data-model]'))"
                           ".map(n => [n.dataset.model, n.getAttribute('role'), n.getAttribute('aria-label')])")
    assert len(copies) == len({c[0] for c in copies}) >= CASES[nb_name]["boards"], copies
    assert all(role == "img" and label and "board" in label for _, role, label in copies), copies
    charts = page.locator("[role='img'][aria-label^='Chart']").count()
    assert charts >= CASES[nb_name]["charts"], charts
    assert "object at 0x" not in page.inner_text("body")
    boards = page.locator(".explorer-static svg")
    assert boards.count() >= CASES[nb_name]["boards"]
    assert all(boards.nth(i).is_visible() for i in range(boards.count()))
    page.wait_for_function("(n) => document.querySelectorAll('.js-plotly-plot .main-svg').length >= n",
                           arg=CASES[nb_name]["charts"], timeout=60_000)
    assert not [e for e in errors if "Plotly" in e], errors
    external = [u for u in requested if not u.startswith("file://")]
    assert not [u for u in external if "plot" in u.lower()], external
    page.screenshot(path=str(artifacts / f"export_{nb_name.replace('.ipynb', '')}.png"), full_page=True)
    ctx.close()
