"""The analysis notebook, executed and exported to HTML, draws every chart with no network, in
type large enough to read from the back of a room; each chart is saved as a screenshot."""

from __future__ import annotations

import pytest

from test_browser_export import export

pytestmark = pytest.mark.browser

CHARTS = 9
"""Seat advantage, duration, branching, four score charts, the skill ladder, restricted play."""


def test_analysis_notebook_charts_render_offline_and_readably(browser, tmp_path, artifacts):
    body, nb = export("analysis.ipynb", tmp_path)
    errors_in_cells = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
                       if o.get("output_type") == "error"]
    assert not errors_in_cells
    page_file = tmp_path / "analysis.html"
    page_file.write_text(body, encoding="utf-8")

    ctx = browser.new_context(viewport={"width": 1280, "height": 1600})
    ctx.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file://")
              else route.abort())
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(page_file.as_uri())
    page.wait_for_load_state("load")
    page.wait_for_function("(n) => document.querySelectorAll('.js-plotly-plot .main-svg').length >= n",
                           arg=CHARTS, timeout=60_000)
    assert not [e for e in errors if "plotly" in e.lower() or "explorer" in e.lower()], errors

    charts = page.locator(".js-plotly-plot")
    assert charts.count() == CHARTS
    titles = page.evaluate("() => Array.from(document.querySelectorAll('.js-plotly-plot'))"
                           ".map(p => (p.querySelector('.gtitle') || {}).textContent || '')")
    assert all(titles) and any("seat" in t for t in titles), titles
    for i in range(CHARTS):
        chart = charts.nth(i)
        chart.scroll_into_view_if_needed()
        box = chart.bounding_box()
        assert box and box["width"] > 600 and box["height"] > 350, (titles[i], box)
        chart.screenshot(path=str(artifacts / f"analysis_chart_{i + 1}.png"))
    # every piece of text in every chart (ticks, axis titles, legends, notes) is 14 px or more
    sizes = page.evaluate("() => Array.from(document.querySelectorAll('.js-plotly-plot text'))"
                          ".filter(t => t.textContent.trim())"
                          ".map(t => [t.textContent, parseFloat(getComputedStyle(t).fontSize)])")
    small = [(text, size) for text, size in sizes if size < 14]
    assert sizes and not small, small[:10]
    # bars with intervals: the error bars are drawn
    assert page.locator(".js-plotly-plot .errorbar").count() > 0
    ctx.close()
