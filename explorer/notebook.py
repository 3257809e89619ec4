"""Notebook helpers: charts and widgets that survive export, and progress bars.

``setup()`` (the first cell of every notebook calls it) makes plotly figures carry, beside
their live form, a static HTML copy with plotly.js embedded, so an exported notebook (nbconvert
HTML, a repository page) shows every chart with no network: plotly.js is embedded in the first
chart of the session, later charts use it, and no figure asks a CDN for anything.

Live widgets cannot run in an exported page. :func:`with_static` wraps a widget so that its
output also carries a static copy (a chart, an SVG); the copy hides itself wherever the live
widget is drawn and shows where it cannot be.

:func:`progress` shows a progress bar for a loop that takes more than a moment.

>>> setup()
>>> import plotly.graph_objects as go, plotly.io as pio
>>> bundle = pio.renderers["explorer"].to_mimebundle(go.Figure().to_dict())
>>> sorted(bundle), "<script src" in bundle["text/html"], "Plotly.newPlot" in bundle["text/html"]
(['application/vnd.plotly.v1+json', 'text/html'], False, True)
"""

from __future__ import annotations

import itertools
import re
from typing import Any, Callable, Iterable, Iterator, TypeVar

__all__ = ["setup", "with_static", "progress", "static_figure_html", "figure_copier"]

T = TypeVar("T")
_sent_plotlyjs = [False]
_ids = itertools.count()


def static_figure_html(fig: Any, *, embed_plotlyjs: bool | None = None) -> str:
    """A figure as HTML that draws itself with no network: plotly.js is embedded the first time
    (or when ``embed_plotlyjs`` says so); later copies use the plotly.js already on the page."""
    import plotly.io as pio
    if embed_plotlyjs is None:
        embed_plotlyjs = not _sent_plotlyjs[0]
        _sent_plotlyjs[0] = True
    div = f"explorer-figure-{next(_ids)}"
    body = pio.to_html(fig, include_plotlyjs=bool(embed_plotlyjs), include_mathjax=False,
                       full_html=False, div_id=div, default_width="100%", default_height=480,
                       validate=False)
    body = f'<div role="img" aria-label="{_alt(fig)}">{body}</div>'
    if embed_plotlyjs:
        return body
    # without plotly.js on the page (an output cleared, cells run out of order) say so plainly
    guard = (f'<script>if (typeof window.Plotly === "undefined") {{ var d = document.getElementById('
             f'"{div}"); if (d) d.textContent = "This chart needs plotly.js, which the first chart '
             f'of the notebook carries: run every cell from the top, then export."; }}</script>')
    return guard + body


def _alt(fig: Any) -> str:
    """A chart's alt text: its title, else its axes' titles."""
    import html
    d = fig if isinstance(fig, dict) else fig.to_plotly_json() if hasattr(fig, "to_plotly_json") else {}
    layout = d.get("layout") or {}

    def text(t: Any) -> str:
        t = t.get("text", "") if isinstance(t, dict) else t
        return re.sub(r"<[^>]+>", " ", str(t or "")).strip()
    title = text(layout.get("title"))
    if not title:
        axes = [text((layout.get(k) or {}).get("title")) for k in ("xaxis", "yaxis")]
        title = " against ".join(a for a in reversed(axes) if a)
    return html.escape(f"Chart: {title}" if title else "Chart", quote=True)


def figure_copier() -> Callable[[Any], str]:
    """A function giving static copies of one chart as it changes: if its first copy carried
    plotly.js for the page, every later copy carries it too (so the page never loses it)."""
    embed: list[bool | None] = [None]

    def copy(fig: Any) -> str:
        if embed[0] is None:
            embed[0] = not _sent_plotlyjs[0]
            _sent_plotlyjs[0] = True
        return static_figure_html(fig, embed_plotlyjs=embed[0])
    return copy


def setup() -> None:
    """Make plotly figures show live in JupyterLab and as static HTML in exported notebooks."""
    import plotly.io as pio
    from plotly.io._base_renderers import ExternalRenderer, PlotlyRenderer

    class ExplorerRenderer(ExternalRenderer):
        """The live plotly figure for JupyterLab plus a static HTML copy for exports. It displays
        its bundle itself: plotly's own path for such bundles first asks for nbformat, which the
        offline site's browser kernel cannot have (a dependency of it needs compiled code)."""

        def to_mimebundle(self, fig_dict: dict) -> dict:
            bundle = PlotlyRenderer().to_mimebundle(fig_dict)
            bundle["text/html"] = static_figure_html(fig_dict)
            return bundle

        def render(self, fig_dict: dict) -> None:
            from IPython.display import display
            display(self.to_mimebundle(fig_dict), raw=True)

    pio.renderers["explorer"] = ExplorerRenderer()
    pio.renderers.default = "explorer"


class _WithStatic:
    """A widget shown live, with a static copy for where no widget runs (see module docstring)."""

    def __init__(self, widget: Any, static: Callable[[], str]):
        self.widget = widget
        self._static_html = static
        self._handle = None
        self._key = f"explorer-live-{next(_ids)}"
        widget.add_class(self._key)

    def static_html(self) -> str:
        return self._static_html()

    def refresh_static(self) -> None:
        """Update the static copy to the widget's current content."""
        if self._handle is not None:
            from IPython.display import HTML
            self._handle.update(HTML(_static_box(self.static_html(), self._key)))

    def _ipython_display_(self) -> None:
        from IPython.display import HTML, display
        self._handle = display(HTML(_static_box(self.static_html(), self._key)), display_id=True)
        display(self.widget)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.widget, name)


_DEFER = ('<script>(function () { if (document.querySelector(".jp-LabShell, #notebook-container"))'
          ' return; for (const s of document.currentScript.parentElement.querySelectorAll('
          '"script[type=\'text/explorer-deferred\']")) { const n = document.createElement("script");'
          ' n.text = s.text; s.replaceWith(n); } })();</script>')


def _static_box(inner: str, key: str) -> str:
    """The static copy's HTML. It carries its own rule: hidden once the live widget (the element
    with class ``key``) is drawn in the same output area, so no stylesheet or extra widget is
    needed. Its scripts (a chart's) run only where no live notebook runs them (an exported page):
    in JupyterLab the live widget is shown instead, so the copy stays idle."""
    inner = re.sub(r"<script(?: type=\"text/javascript\")?>", '<script type="text/explorer-deferred">',
                   inner)
    hide = f".jp-OutputArea:has(.{key}) .explorer-static.{key}-copy {{ display: none !important; }}"
    return (f'<div class="explorer-static {key}-copy"><style>{hide}</style>{inner}<div><small>A '
            f"static copy of a live widget (run the notebook to use it).</small></div>{_DEFER}</div>")


def with_static(widget: Any, static: Callable[[], str]) -> Any:
    """``widget`` displayed with a static copy (``static()`` returns its HTML) beside it.

    The copy hides itself where the live widget is drawn (a CSS rule it carries looks for the
    widget in the same output area), and stays where no widget runs (an exported page)."""
    return _WithStatic(widget, static)


def progress(items: Iterable[T], total: int | None = None, description: str = "") -> Iterator[T]:
    """Iterate over ``items`` with a progress bar in the notebook (plain text elsewhere)."""
    if total is None:
        try:
            total = len(items)  # type: ignore[arg-type]
        except TypeError:
            total = None
    try:
        import ipywidgets as W
        from IPython import get_ipython
        from IPython.display import display
        live = get_ipython() is not None and total is not None
    except ImportError:
        live = False
    if not live:
        yield from items
        return
    bar = W.IntProgress(value=0, min=0, max=max(total, 1), description=description,
                        layout=W.Layout(width="60%"))
    label = W.Label(f"0 of {total}")
    display(W.HBox([bar, label]))
    done = 0
    for item in items:
        yield item
        done += 1
        bar.value = done
        label.value = f"{done} of {total}"
    bar.bar_style = "success"
    label.value = f"{done} of {total}: done"
