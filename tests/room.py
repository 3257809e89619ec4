"""A workshop room, as the browser tests see it: JupyterLab at 1400×1000 with the file browser
open, and the measures a person at the back of the room cares about.

- ``open_in_room(lab, notebook)`` opens a notebook in that window (the left side bar showing
  the file browser) and runs it;
- ``label_sizes(page, board)`` measures every visible text of a live board as it is rendered:
  for SVG text, the font's em on screen (its font size times the scale the drawing is shown at,
  read from the browser's screen matrix) and the height of its rendered box; for the board's
  HTML text, the computed font size;
- ``check_readable(sizes)`` fails under ``MIN_PX`` for any label or under ``MEDIAN_PX`` for the
  median, naming the smallest labels;
- ``total_inside(page, board)`` says whether the game-over panel's every column, the total
  included, lies inside the panel and the window;
- ``click_to_repaint(page, board, selector)`` is the time from a click to the board's repaint.
"""

from __future__ import annotations

import statistics

ROOM = {"width": 1400, "height": 1000}
MIN_PX = 11.0
MEDIAN_PX = 12.0


def open_in_room(lab, notebook: str, through: str | None = None) -> None:
    """Open ``notebook`` in a 1400×1000 window with the file browser open, and run it: every
    cell, or (``through``) from the top through the first cell whose source is exactly that
    text or starts with it (the cell showing the board), as a learner arriving at the board has."""
    page = lab.page
    page.set_viewport_size(ROOM)
    lab.open(notebook)
    page.evaluate("async () => { await window.jupyterapp.commands.execute('filebrowser:activate'); }")
    page.wait_for_selector(".jp-FileBrowser:visible", timeout=30_000)
    if through is None:
        lab.run_all()
        return
    last = page.evaluate("""async (through) => {
        const app = window.jupyterapp, nb = app.shell.currentWidget.content;
        const k = nb.widgets.findIndex(c => c.model.type === 'code'
                                        && c.model.sharedModel.getSource().startsWith(through));
        if (k < 0) return -1;
        nb.activeCellIndex = k;
        await app.commands.execute('notebook:run-all-above');
        nb.activeCellIndex = k;
        await app.commands.execute('notebook:run-cell');
        return k;
    }""", through)
    assert last >= 0, f"{notebook} has no cell starting with {through!r}"
    page.wait_for_function("""(k) => {
        const nb = window.jupyterapp.shell.currentWidget.content;
        return nb.widgets.slice(0, k + 1).filter(c => c.model.type === 'code')
                 .every(c => c.model.executionCount !== null);
    }""", arg=last, timeout=240_000)
    lab.wait_idle()


def file_browser_width(page) -> float:
    return page.evaluate("() => { const n = document.querySelector('#jp-left-stack'); "
                         "return n ? n.getBoundingClientRect().width : 0; }")


_MEASURE = """(sel) => {
  const board = document.querySelector(sel);
  if (!board) return null;
  const out = [];
  const visible = (node) => {
    const r = node.getBoundingClientRect();
    if (r.width < 0.5 || r.height < 0.5) return null;
    const cs = getComputedStyle(node);
    if (cs.visibility === 'hidden' || cs.display === 'none' || +cs.opacity === 0) return null;
    if (node.closest('[hidden], details:not([open]) > :not(summary)')) return null;
    return r;
  };
  for (const t of board.querySelectorAll('svg text')) {
    const text = (t.textContent || '').trim();
    if (!text) continue;
    const r = visible(t);
    if (!r) continue;
    const m = t.getScreenCTM();
    if (!m) continue;
    const scale = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    const em = parseFloat(getComputedStyle(t).fontSize) * scale;
    out.push({kind: 'svg', text: text.slice(0, 40), em: em, box: Math.min(r.height, r.width > 0 ? r.height : 0)});
  }
  const walker = document.createTreeWalker(board, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.trim();
    const host = n.parentElement;
    if (!text || !host || host.closest('svg') || host.closest('textarea, option, select')) continue;
    const r = visible(host);
    if (!r) continue;
    const em = parseFloat(getComputedStyle(host).fontSize);
    out.push({kind: 'html', text: text.slice(0, 40), em: em, box: r.height});
  }
  return out;
}"""


def label_sizes(page, board: str) -> list[dict]:
    """Every visible label of the board at ``board`` (a CSS selector), as rendered."""
    sizes = page.evaluate(_MEASURE, board)
    assert sizes is not None, f"no board at {board}"
    return sizes


def summary(sizes: list[dict], kind: str | None = None) -> dict:
    ems = sorted(s["em"] for s in sizes if kind is None or s["kind"] == kind)
    if not ems:
        return {"n": 0, "min": 0.0, "median": 0.0, "under": 0}
    return {"n": len(ems), "min": ems[0], "median": statistics.median(ems),
            "under": sum(e < MIN_PX - 0.05 for e in ems)}


def check_readable(sizes: list[dict], name: str) -> str:
    """Fail if any label is under MIN_PX or the median under MEDIAN_PX; return a report line."""
    svg, allk = summary(sizes, "svg"), summary(sizes)
    line = (f"[labels] {name}: {svg['n']} drawing labels, median {svg['median']:.1f} px, "
            f"min {svg['min']:.1f} px; all {allk['n']} texts min {allk['min']:.1f} px")
    print("\n" + line)
    small = sorted((s for s in sizes if s["em"] < MIN_PX - 0.05), key=lambda s: s["em"])
    assert not small, f"{name}: {len(small)} labels under {MIN_PX} px, e.g. " + ", ".join(
        f"{s['text']!r} {s['em']:.1f} px ({s['kind']})" for s in small[:8])
    assert svg["n"] > 0 and svg["median"] >= MEDIAN_PX, f"{name}: median {svg['median']:.1f} px"
    return line


_INSIDE = """(sel) => {
  const board = document.querySelector(sel);
  const box = board && board.querySelector('.explorer-result');
  if (!box || box.hidden) return {shown: false};
  const b = box.getBoundingClientRect();
  const win = document.documentElement.clientWidth;
  const cells = Array.from(box.querySelectorAll('th, td')).map((c) => c.getBoundingClientRect());
  const total = box.querySelector('th.explorer-total, td.explorer-total');
  const t = total ? total.getBoundingClientRect() : null;
  const inside = (r) => r.left >= b.left - 0.5 && r.right <= b.right + 0.5 && r.right <= win + 0.5;
  return {shown: true, all: cells.every(inside), total: !!t && inside(t) && t.width > 4,
          panel: [b.left, b.right], window: win};
}"""


def total_inside(page, board: str) -> dict:
    return page.evaluate(_INSIDE, board)


def click_to_repaint(page, board: str, selector: str) -> float | None:
    """Click the first element matching ``selector`` and return the ms until the board has
    repainted the new position (None if the click played nothing)."""
    return page.evaluate("""async ([boardSel, pick]) => {
        const board = document.querySelector(boardSel);
        const target = document.querySelector(pick);
        if (!board || !target) return null;
        const before = board.dataset.turn;
        const t0 = performance.now();
        return await new Promise((resolve) => {
            const done = setTimeout(() => { obs.disconnect(); resolve(null); }, 20000);
            const obs = new MutationObserver(() => {
                if (board.dataset.turn !== before && board.dataset.pending === 'false') {
                    obs.disconnect(); clearTimeout(done);
                    requestAnimationFrame(() => resolve(performance.now() - t0));
                }
            });
            obs.observe(board, { attributes: true, subtree: true, childList: true });
            target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        });
    }""", [board, selector])


def report_clicks(name: str, times: list[float]) -> float:
    times = sorted(t for t in times if t is not None)
    med = statistics.median(times)
    print(f"\n[repaint] {name}: {len(times)} clicks, click-to-repaint median {med:.1f} ms, "
          f"max {times[-1]:.1f} ms")
    return med
