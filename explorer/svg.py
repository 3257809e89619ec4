"""A few helpers to write SVG as text (boards render themselves as static SVG).

>>> el("rect", {"x": 1, "class_": "cell", "data-id": "a<b", "stroke_width": 2})
'<rect x="1" class="cell" data-id="a&lt;b" stroke-width="2"/>'
>>> doc(10, 10, "")[:4]
'<svg'
"""

from __future__ import annotations

import html
from typing import Any, Mapping

__all__ = ["el", "doc", "text", "fmt", "title", "part"]


def fmt(value: Any) -> str:
    t = type(value)
    if t is int or t is str:
        return str(value)
    if t is float:
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)


_NAMES: dict[str, str] = {}
_ESCAPE = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def _name(key: str) -> str:
    """class_ -> class, font_size -> font-size (remembered: boards write many elements)."""
    name = _NAMES.get(key)
    if name is None:
        name = _NAMES[key] = key.rstrip("_").replace("_", "-")
    return name


def _attrs(attrs: Mapping[str, Any]) -> str:
    parts = []
    for k, v in attrs.items():
        if v is None or v is False:
            continue
        t = type(v)
        if t is int:
            value = str(v)
        elif t is float:
            value = f"{v:.2f}".rstrip("0").rstrip(".")
        else:
            value = str(v).translate(_ESCAPE)
        parts.append(f' {_name(k)}="{value}"')
    return "".join(parts)


def el(tag: str, attrs: Mapping[str, Any] | None = None, *children: str) -> str:
    """One element; children are already-rendered SVG strings."""
    a = _attrs(attrs or {})
    if not children:
        return f"<{tag}{a}/>"
    return f"<{tag}{a}>{''.join(children)}</{tag}>"


def text(x: float, y: float, content: Any, **attrs: Any) -> str:
    """A text element with escaped content."""
    return el("text", {"x": x, "y": y, **attrs}, str(content).translate(_ESCAPE))


def title(content: Any) -> str:
    """A tooltip: put it first inside the element it describes.

    >>> title("3 < 4")
    '<title>3 &lt; 4</title>'
    """
    return f"<title>{html.escape(str(content))}</title>"


def part(key: str, content: str) -> str:
    """A part of a board that a live board redraws only when it changed (a score sheet, say):
    ``content`` in a group marked with ``key``.

    >>> part("sheet-0", "<circle/>")
    '<!--part:sheet-0--><g data-part="sheet-0"><circle/></g><!--/part-->'
    """
    return f'<!--part:{key}--><g data-part="{key}">{content}</g><!--/part-->'


def doc(width: float, height: float, body: str, **attrs: Any) -> str:
    """A whole SVG document with a viewBox, scalable in the page."""
    base = {"xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {fmt(width)} {fmt(height)}",
            "width": fmt(width), "height": fmt(height), "font-family": "DejaVu Sans, sans-serif"}
    base.update(attrs)
    return el("svg", base, body)
