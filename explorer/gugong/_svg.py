"""A plain static drawing of a position: what the game waits for and every player's pieces, as
lines of text (the boards draw the game properly; this keeps ``to_svg`` and exported pages
working). A game on placeholder data says so under the drawing (class ``placeholder-note``)."""

from __future__ import annotations

from .. import svg


def state_svg(s, interactive: bool = False) -> str:
    book = s.book
    lines = [(s.status(), "status")]
    dice = ", ".join(f"{d} {f}" for d, f in zip(book.dice_ids, s.dice) if f)
    if dice:
        lines.append((f"Destiny dice: {dice}", "dice"))
    for p in range(s.players):
        seat = s.seats[p]
        lines.append((f"{s.player_label(p)}: {seat.vp} VP, {seat.pool} servants in the pool "
                      f"({seat.supply} in the supply), jade {seat.jade}, palace step {seat.palace}, "
                      f"Intrigue {seat.intrigue}, {len(seat.hand)} cards in hand, "
                      f"{len(seat.discard)} on the discard pile, {len(seat.tokens)} tokens", "seat"))
    if book.data.has_placeholders:
        lines.append(("Placeholder data: the map, cards, dice, decrees and other values marked so "
                      "are made up (load_data().placeholders() lists them).", "placeholder-note"))
    body = "".join(svg.text(8, 18 + 18 * i, t, font_size=12, class_=cls)
                   for i, (t, cls) in enumerate(lines))
    return svg.doc(980, 24 + 18 * len(lines), body, class_="gugong-board")
