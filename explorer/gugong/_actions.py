"""Gùgōng's actions: one decision each, as a board offers it as a click.

Cards, cities, ports, dice, decrees, houses and token kinds are named by their data ids
(``"g12"``, ``"a03"``, ``"c23-2"``, ``"A"``, ``"d2-a"``, ``"h3"``, ``"vp_2"``); locations by
``travel``, ``wall``, ``jade``, ``intrigue``, ``palace``, ``decrees``, ``canal``.

============================  ===================================================================
``exchange(give, take)``      the gift exchange: hand card ``give`` for the board card ``take``
``pay()``                     the price of an exchange that is not free: 2 servants to the supply
``discard(card)``             ... or: another hand card face down onto your discard pile (also
                              the price of a travel token that asks for a hand card)
``forgo()``                   ... or: exchange without carrying out any action this turn
``act(option)``               the action of the card you placed: ``basic`` or ``paid`` for a
                              location icon (a house id or ``box`` for Jade, a decree id for
                              Decrees), ``basic`` for +1 / +2 servants
``swap(mine, theirs)``        the swap (card action or token): your hand or discard card
                              ``mine`` for the board card ``theirs``
``location(name, option)``    the action of the location where you placed your card (options
                              as for ``act``)
``end_turn()``                carry out no (further) action this turn
``pass_()``                   with no card left in hand: pass for the rest of the day
``travel(city)``              move your traveller (or place it, the first time) on ``city``
``accept()``                  take an optional benefit: a travel token's, a price-for-benefit
                              offer, the Destiny bonus's envoy step
``decline()``                 do not take it (also: no Intrigue benefit, no ship load or move,
                              no port reward, no more trades)
``foreman(use)``              whether your foreman takes part where it may: paid instead of 2
                              servants, placed lying on the wall, standing on a decree, taken
                              from your supply as a gained servant, or as a ship's slot servant
``trade(tokens, doubles)``    trade travel tokens worth ``tokens`` (2, 4 or 6), ``doubles`` of
                              them double tokens
``benefit(steps)``            an Intrigue benefit after the wall: marker down 1, 3, 5 or 7 steps
``set_die(die, face)``        turn Destiny die ``die`` to ``face``
``load(port, piece)``         a servant (``servant`` or ``foreman``) onto your ship at ``port``
                              (or a new ship placed there: the route's first free port)
``sail(port)``                move your ship at ``port`` to the next free port of its route
``claim(port, reward)``       your full ship at ``port`` claims ``reward`` (``vp4``, ``card``,
                              ``foreman``)
``retrieve(card)``            a card of your discard pile back into your hand
``choose(option)``            option ``option`` (1, 2, ...) of a printed choice
============================  ===================================================================

Chance events (``current_player == CHANCE``): ``start(player)``, ``die(die, face)``,
``token(city, kind)`` (a token drawn from the face-down piles onto a city), ``deal(location,
card)`` (a set-up card onto a location), ``hand(player, card)`` (a starting card dealt, expert
variant), ``decree(decree)`` (a decree drawn into play), ``draw(card)`` (the top card of the draw
pile).
"""

from __future__ import annotations

from .._action import Action, Signature, signatures

__all__ = ["exchange", "pay", "discard", "forgo", "act", "swap", "location", "end_turn", "pass_",
           "travel", "accept", "decline", "foreman", "trade", "benefit", "set_die", "load", "sail",
           "claim", "retrieve", "choose", "start", "die", "token", "deal", "hand", "decree", "draw",
           "SIGNATURES", "CHANCE_KINDS", "SECRET_KINDS", "MASKED"]

PIECES = {"servant", "foreman"}

SIGNATURES = signatures(
    Signature("exchange", ("give", str), ("take", str), doc="give a hand card for a board card"),
    Signature("pay", doc="pay 2 servants: the price of an exchange that is not free"),
    Signature("discard", ("card", str), doc="discard another hand card face down (a price)"),
    Signature("forgo", doc="exchange without carrying out any action this turn"),
    Signature("act", ("option", str), doc="the action of the card placed on the board"),
    Signature("location", ("name", str), ("option", str), doc="the action of the location"),
    Signature("swap", ("mine", str), ("theirs", str), doc="swap a hand or discard card with a board card"),
    Signature("end_turn", doc="carry out no further action this turn"),
    Signature("pass", doc="no card left in hand: pass"),
    Signature("travel", ("city", str), doc="move (or first place) the traveller on a city"),
    Signature("accept", doc="take an optional benefit"),
    Signature("decline", doc="do not take it"),
    Signature("foreman", ("use", bool), doc="whether the foreman takes part"),
    Signature("trade", ("tokens", int), ("doubles", int), doc="trade travel tokens in"),
    Signature("benefit", ("steps", int), doc="an Intrigue benefit: marker down that many steps"),
    Signature("set_die", ("die", str), ("face", int), doc="turn a Destiny die to a face"),
    Signature("load", ("port", str), ("piece", PIECES), doc="a servant onto a ship at a port"),
    Signature("sail", ("port", str), doc="move the ship at a port"),
    Signature("claim", ("port", str), ("reward", str), doc="a full ship claims a port reward"),
    Signature("retrieve", ("card", str), doc="a discard-pile card back into the hand"),
    Signature("choose", ("option", int), doc="an option of a printed choice"),
    Signature("start", ("player", int), doc="chance: the start player"),
    Signature("die", ("die", str), ("face", int), doc="chance: a Destiny die's face"),
    Signature("token", ("city", str), ("kind", str), doc="chance: a travel token onto a city"),
    Signature("deal", ("location", str), ("card", str), doc="chance: a set-up card onto a location"),
    Signature("hand", ("player", int), ("card", str), doc="chance: a starting card dealt"),
    Signature("decree", ("decree", str), doc="chance: a decree drawn into play"),
    Signature("draw", ("card", str), doc="chance: the top card of the draw pile"),
)

CHANCE_KINDS = frozenset(("start", "die", "token", "deal", "hand", "decree", "draw"))
SECRET_KINDS = frozenset(("discard", "retrieve", "draw", "hand"))
"""Actions whose card only their player sees: masked in the others' views of the history."""


class _Interned(dict):
    """Actions made once and shared (most are played again and again); past a few tens of
    thousands of distinct arguments (only odd input makes that many) they are no longer kept."""

    LIMIT = 20_000

    def __init__(self, kind: str):
        super().__init__()
        self.kind = kind

    def __missing__(self, args):
        a = Action._checked(self.kind, args)
        if len(self) < self.LIMIT:
            self[args] = a
        return a


def _ok(*values) -> bool:
    return all(type(v) is str and len(v) <= 80 for v in values)


_EXCHANGE, _ACT, _LOCATION, _SWAP = (_Interned(k) for k in ("exchange", "act", "location", "swap"))
_TRAVEL, _DISCARD, _RETRIEVE, _LOAD = (_Interned(k) for k in ("travel", "discard", "retrieve", "load"))
_SAIL, _CLAIM, _SET_DIE, _TRADE = (_Interned(k) for k in ("sail", "claim", "set_die", "trade"))
_DIE, _TOKEN, _DEAL, _DECREE, _DRAW = (_Interned(k) for k in ("die", "token", "deal", "decree", "draw"))
_HAND, _BENEFIT, _CHOOSE, _START = (_Interned(k) for k in ("hand", "benefit", "choose", "start"))

EXCHANGE_TABLE, TRAVEL_TABLE, LOAD_TABLE = _EXCHANGE, _TRAVEL, _LOAD
ACT_TABLE, LOCATION_TABLE, SWAP_TABLE, DISCARD_TABLE = _ACT, _LOCATION, _SWAP, _DISCARD
"""Interned actions by their arguments, for the rules' own lists (arguments already valid)."""

PAY_A, FORGO_A, END_A, PASS_A = Action("pay"), Action("forgo"), Action("end_turn"), Action("pass")
ACCEPT_A, DECLINE_A = Action("accept"), Action("decline")
FOREMAN_A = {True: Action("foreman", True), False: Action("foreman", False)}
MASKED = {"discard": Action("discard", "?"), "retrieve": Action("retrieve", "?"),
          "draw": Action("draw", "?")}
"""How a view shows a secret action of another player."""


def _two(table, kind, a, b) -> Action:
    if type(a) is str and type(b) is str and len(a) <= 80 and len(b) <= 80:
        return table[(a, b)]
    return Action(kind, a, b)


def _one(table, kind, a) -> Action:
    if type(a) is str and len(a) <= 80:
        return table[(a,)]
    return Action(kind, a)


def exchange(give: str, take: str) -> Action:
    """The gift exchange: hand card ``give`` for the board card ``take``."""
    return _two(_EXCHANGE, "exchange", give, take)


def pay() -> Action:
    """The price of an exchange that is not free: 2 servants from your pool to the supply."""
    return PAY_A


def discard(card: str) -> Action:
    """A hand card face down onto your discard pile (a price)."""
    return _one(_DISCARD, "discard", card)


def forgo() -> Action:
    """Exchange without carrying out any action this turn (a price)."""
    return FORGO_A


def act(option: str = "basic") -> Action:
    """The action of the card you placed on the board (see the module docstring for options)."""
    return _one(_ACT, "act", option)


def location(name: str, option: str = "basic") -> Action:
    """The action of the location where you placed your card."""
    return _two(_LOCATION, "location", name, option)


def swap(mine: str, theirs: str) -> Action:
    """Swap your hand or discard card ``mine`` for the board card ``theirs``."""
    return _two(_SWAP, "swap", mine, theirs)


def end_turn() -> Action:
    """Carry out no (further) action this turn."""
    return END_A


def pass_() -> Action:
    """No card left in hand: pass for the rest of the day."""
    return PASS_A


def travel(city: str) -> Action:
    """Move your traveller to ``city`` (or place it there the first time)."""
    return _one(_TRAVEL, "travel", city)


def accept() -> Action:
    """Take the optional benefit offered."""
    return ACCEPT_A


def decline() -> Action:
    """Do not take what is offered."""
    return DECLINE_A


def foreman(use: bool) -> Action:
    """Whether your foreman takes part where it may."""
    return FOREMAN_A[use] if type(use) is bool else Action("foreman", use)


def trade(tokens: int, doubles: int = 0) -> Action:
    """Trade travel tokens worth ``tokens`` (2, 4 or 6), ``doubles`` of them double tokens."""
    if type(tokens) is int and type(doubles) is int and 0 <= tokens <= 99 and 0 <= doubles <= 99:
        return _TRADE[(tokens, doubles)]
    return Action("trade", tokens, doubles)


def benefit(steps: int) -> Action:
    """An Intrigue benefit: your marker down ``steps`` steps."""
    return _BENEFIT[(steps,)] if type(steps) is int and 0 <= steps <= 99 else Action("benefit", steps)


def set_die(die: str, face: int) -> Action:
    """Turn Destiny die ``die`` to ``face``."""
    if _ok(die) and type(face) is int and 0 <= face <= 99:
        return _SET_DIE[(die, face)]
    return Action("set_die", die, face)


def load(port: str, piece: str = "servant") -> Action:
    """A servant (or your foreman) from your pool onto your ship at ``port``."""
    return _two(_LOAD, "load", port, piece)


def sail(port: str) -> Action:
    """Move your ship at ``port`` to the next free port of its route."""
    return _one(_SAIL, "sail", port)


def claim(port: str, reward: str) -> Action:
    """Your full ship at ``port`` claims ``reward``."""
    return _two(_CLAIM, "claim", port, reward)


def retrieve(card: str) -> Action:
    """A card of your discard pile back into your hand."""
    return _one(_RETRIEVE, "retrieve", card)


def choose(option: int) -> Action:
    """Option ``option`` (1, 2, ...) of a printed choice."""
    return _CHOOSE[(option,)] if type(option) is int and 0 <= option <= 99 else Action("choose", option)


def start(player: int) -> Action:
    """Chance: ``player`` (0-based) is the start player."""
    return _START[(player,)] if type(player) is int and 0 <= player <= 9 else Action("start", player)


def die(die_id: str, face: int) -> Action:
    """Chance: Destiny die ``die_id`` shows ``face``."""
    if _ok(die_id) and type(face) is int and 0 <= face <= 99:
        return _DIE[(die_id, face)]
    return Action("die", die_id, face)


def token(city: str, kind: str) -> Action:
    """Chance: a travel token of ``kind`` is drawn from the face-down piles onto ``city``."""
    return _two(_TOKEN, "token", city, kind)


def deal(loc: str, card: str) -> Action:
    """Chance: set-up card ``card`` is placed on location ``loc``."""
    return _two(_DEAL, "deal", loc, card)


def hand(player: int, card: str) -> Action:
    """Chance (expert variant): starting card ``card`` is dealt to ``player``."""
    if type(player) is int and 0 <= player <= 9 and _ok(card):
        return _HAND[(player, card)]
    return Action("hand", player, card)


def decree(decree_id: str) -> Action:
    """Chance: decree ``decree_id`` is drawn into play."""
    return _one(_DECREE, "decree", decree_id)


def draw(card: str) -> Action:
    """Chance: ``card`` is the top card of the draw pile."""
    return _one(_DRAW, "draw", card)
