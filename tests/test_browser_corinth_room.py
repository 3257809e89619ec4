"""Real browser: the Corinth boards in a workshop room (JupyterLab 1400×1000, file browser open).

Every label of the harbor board and of the score sheets is measured as rendered (at least 11 px on
screen, median at least 12 px), the harbor drawing keeps one size whatever the choices say, the
game is played to its end by clicking (the harbor, the sheets or "What can I do now?"; bots play
the other seats), the game-over panel shows every column, the total included, and the time from a
click to the repaint is printed. Screenshots (mid-game, game over) go to artifacts/.
"""

from __future__ import annotations

import time

import pytest

from room import ROOM, check_readable, click_to_repaint, label_sizes, open_in_room, report_clicks, total_inside

pytestmark = pytest.mark.browser

HARBOR_BOARD = ".explorer-board:has(svg.corinth-harbor-panel)"
SHEETS_BOARD = ".explorer-board:has(svg.corinth-sheets)"
HARBOR = f"{HARBOR_BOARD} svg.corinth-harbor-panel"
SHEETS = f"{SHEETS_BOARD} svg.corinth-sheets"
MAX_CLICKS = 400


# where the human clicks, in this order: the harbor's own framed choices, the framed places on
# the sheets, then the list under "What can I do now?"
PICKS = (f"{HARBOR} [data-action].legal", f"{SHEETS} [data-action].legal",
         f"{HARBOR_BOARD} .explorer-choices .explorer-choice")


def state_of(page, k: int) -> dict:
    """What the page shows now: the position, whether it is over and the harbor drawing's size;
    and a choice to click, marked ``data-room-pick=k``: among the first of PICKS that offers any,
    the one at index ``k * 7`` (modulo their number), so the game goes through many kinds of
    moves (None when nothing can be clicked)."""
    return page.evaluate("""([h, s, picks, k]) => {
        const a = document.querySelector(h);
        // how many visible texts of the two boards say what the game waits for
        const status = a.querySelector('.explorer-status').textContent;
        const core = status.replace(/^Round \\d+\\/\\d+: /, '').replace(/\\.$/, '');
        let said = 0;
        for (const board of [a, document.querySelector(s)]) {
            const walker = document.createTreeWalker(board, NodeFilter.SHOW_TEXT);
            for (let n = walker.nextNode(); n; n = walker.nextNode()) {
                const host = n.parentElement;
                if (host && host.getClientRects().length && n.textContent.includes(core)) said += 1;
            }
        }
        const box = a.querySelector('svg.corinth-harbor-panel').getBoundingClientRect();
        let pick = null;
        for (const p of picks) {
            const all = document.querySelectorAll(p);
            if (!all.length) continue;
            all[(((k * 7) % all.length) + all.length) % all.length].setAttribute('data-room-pick', String(k));
            pick = `[data-room-pick="${k}"]`;
            break;
        }
        const heading = Array.from(a.querySelectorAll('svg text.heading')).map((t) => t.textContent);
        return {turn: +a.dataset.turn, over: a.dataset.over === 'true',
                width: box.width, height: box.height, pick: pick,
                choices: a.querySelectorAll('svg .choice').length, heading: heading.join(' '),
                said: said, status: status};
    }""", [HARBOR_BOARD, SHEETS_BOARD, list(PICKS), k])


def shoot(page, selector: str, path) -> None:
    """A screenshot of a whole board: the window is made tall enough for it (its width, and so
    the drawing's size, stays the room's), then set back."""
    height = page.evaluate("(sel) => document.querySelector(sel).getBoundingClientRect().height",
                           selector)
    page.set_viewport_size({"width": ROOM["width"], "height": max(ROOM["height"], int(height) + 400)})
    try:
        page.locator(selector).screenshot(path=str(path))
    finally:
        page.set_viewport_size(ROOM)


def wait_settled(page) -> None:
    """Wait until both boards have their answers and show the same position."""
    page.wait_for_function("""([h, s]) => {
        const a = document.querySelector(h), b = document.querySelector(s);
        return a && b && a.dataset.pending === 'false' && b.dataset.pending === 'false'
               && a.dataset.turn === b.dataset.turn;
    }""", arg=[HARBOR_BOARD, SHEETS_BOARD], timeout=30_000)


@pytest.mark.rules("corinth.end.score", "corinth.end.winner")
def test_corinth_in_a_room_played_to_the_end(lab, artifacts):
    page = lab.page
    open_in_room(lab, "corinth.ipynb", through="harbor, sheets = widgets.table(")
    page.wait_for_selector(HARBOR, timeout=60_000)
    page.wait_for_selector(SHEETS, timeout=60_000)
    wait_settled(page)
    page.locator(HARBOR_BOARD).first.scroll_into_view_if_needed()

    lines = [check_readable(label_sizes(page, HARBOR_BOARD), "Corinth harbor"),
             check_readable(label_sizes(page, SHEETS_BOARD), "Corinth sheets")]
    sizes, shown = set(), set()
    times: list[float] = []
    mid_shot = False
    t0 = time.monotonic()
    for k in range(MAX_CLICKS):
        now = state_of(page, k)
        if now["over"]:
            break
        sizes.add((round(now["width"], 1), round(now["height"], 1)))
        shown.add((now["choices"], now["heading"]))
        assert now["said"] == 1, f"the status is said {now['said']} times: {now['status']}"
        if not mid_shot and now["turn"] > 220:       # round 9 or so
            mid_shot = True
            lines.append(check_readable(label_sizes(page, HARBOR_BOARD), "Corinth harbor mid-game"))
            lines.append(check_readable(label_sizes(page, SHEETS_BOARD), "Corinth sheets mid-game"))
            shoot(page, HARBOR_BOARD, artifacts / "corinth_room_mid_harbor.png")
            shoot(page, SHEETS_BOARD, artifacts / "corinth_room_mid_sheets.png")
            now = state_of(page, k)                    # the marks may have gone with a redraw
        pick = now["pick"]
        assert pick is not None, f"nothing to click at move {now['turn']}"
        ms = click_to_repaint(page, HARBOR_BOARD, pick)
        assert ms is not None, f"a click on {pick} played nothing at move {now['turn']}"
        times.append(ms)
        wait_settled(page)
    print(f"\n[game] {len(times)} clicks in {time.monotonic() - t0:.1f} s")
    assert state_of(page, -1)["over"], "the game did not end"
    assert mid_shot
    # the harbor drawing kept one size all game long, whatever the choices said: none, a few
    # short ones, or many long ones ("Steward 7 steps (2 gold)") under headings of every length
    assert len(sizes) == 1, sizes
    counts = {n for n, _ in shown}
    assert 0 in counts and max(counts) >= 4 and len(counts) >= 4, shown
    assert len({h for _, h in shown}) >= 6, shown

    board = page.locator(HARBOR_BOARD)
    board.locator(".explorer-result").wait_for(timeout=30_000)
    board.locator(".explorer-result").scroll_into_view_if_needed()
    inside = total_inside(page, HARBOR_BOARD)
    assert inside["shown"] and inside["total"] and inside["all"], inside
    lines.append(check_readable(label_sizes(page, HARBOR_BOARD), "Corinth harbor at game over"))
    board.locator(".explorer-result").screenshot(path=str(artifacts / "corinth_room_game_over_panel.png"))
    shoot(page, HARBOR_BOARD, artifacts / "corinth_room_game_over.png")
    shoot(page, SHEETS_BOARD, artifacts / "corinth_room_game_over_sheets.png")
    med = report_clicks("Corinth (harbor, sheets and choices; two bots reply)", times)
    (artifacts / "corinth_room.txt").write_text("\n".join(lines) + f"\nclicks {len(times)}, "
                                                f"click-to-repaint median {med:.1f} ms\n")
    assert page.errors == []
