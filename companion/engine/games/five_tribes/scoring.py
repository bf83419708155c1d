"""The end of Five Tribes: each seat's score pad, entered privately on its own box, and the
score sheet revealed when every pad is locked.

The pad asks what only the board shows (viziers, elders, djinn points, palm trees, palaces,
tile points) and the merchandise cards held, by type; the companion adds the seat's gold,
the viziers' +10 per opponent with strictly fewer, and the best suits from the cards. Like a
sealed round (the rules name it: `Rules.sealed`), a locked pad may be entered again (hold
OK) until every seat has locked; then the sheet is revealed and no pad is reopened: the
history refuses an undo there, and the host corrects one seat's category (`correct` with
`item`) or voids the pads (engine/corrections.py). Ties are shared (rules.md 4.3 as applied
in docs/games/five_tribes.md).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...actions import Value
from ...chronicle import appended
from ...errors import IllegalAction
from ...game import NOTHING_LOCKED, Event, Step
from ...scorepad import enter_pad
from ...scoresheet import Category, ScoreSheet, result_line
from ...text import Msg, msg
from .state import CARD_NAMES, CARD_TYPES, DECK, FiveTribesState, best_suits, suit_value


@dataclass(frozen=True)
class PadItem:
    key: str
    label: Msg  # the box's question: a 16-column LCD line
    hi: int


# What each box asks, in order. Counts of meeples and tiles are bounded loosely (the box
# cannot see the board); merchandise counts by the cards of that type in the deck.
PAD: tuple[PadItem, ...] = (
    PadItem("viziers", msg("Viziers?"), 99),
    PadItem("elders", msg("Elders?"), 99),
    PadItem("djinns", msg("Djinn points?"), 999),
    PadItem("palms", msg("Palm trees?"), 99),
    PadItem("palaces", msg("Palaces?"), 99),
    PadItem("tiles", msg("Tile points?"), 999),
    *(PadItem(t, msg("{card} cards?", card=CARD_NAMES[t]), DECK[t]) for t in CARD_TYPES),
)
FIRST_CARD = len(PAD) - len(CARD_TYPES)


def _too_many(item: PadItem) -> Msg:
    """A merchandise count above the deck's cards of that type says so; others give the range."""
    if item.key in DECK:
        return msg("Only {n} {card}\nin the deck", n=item.hi, card=CARD_NAMES[item.key])
    return msg("Enter 0 to {hi}", hi=item.hi)


def enter(state: FiveTribesState, seat: int, value: Value) -> Step[FiveTribesState]:
    """The seat's answer to the pad's current question (or BACK to the one before)."""
    move = enter_pad(state.pads, state.pad_at, state.pads_locked, seat, value, PAD, _too_many)
    if not move.locked:
        return Step(replace(state, pads=move.pads, pad_at=move.pad_at))
    name = state.names()[seat]
    locked = state.pads_locked | {seat}
    line = msg("{name} has locked the score pad", name=name)
    new = replace(state, pads=move.pads, pad_at=move.pad_at, pads_locked=locked,
                  log=appended(state.log, line))
    events = [Event(line)]
    if len(locked) == len(state.seats):
        sheet = score_sheet(new)
        over = msg("Score sheet revealed")
        new = replace(new, phase="over", log=appended(new.log, over))
        events += [Event(over), Event(result_line(sheet))]
    return Step(new, tuple(events))


def reopen(state: FiveTribesState, seat: int) -> Step[FiveTribesState]:
    """Hold OK on a locked pad: enter it again from the top (the values stay as drafts)."""
    if state.phase != "scoring" or seat not in state.pads_locked:
        raise IllegalAction(NOTHING_LOCKED)
    line = msg("{name} enters the score pad again", name=state.names()[seat])
    new = replace(state, pads_locked=state.pads_locked - {seat},
                  pad_at={**state.pad_at, seat: 0}, log=appended(state.log, line))
    return Step(new, (Event(line),))


def counts(state: FiveTribesState, seat: int) -> dict[str, int]:
    """The merchandise cards the seat entered, by type."""
    pad = state.pads.get(seat, ())
    return {t: pad[FIRST_CARD + k] for k, t in enumerate(CARD_TYPES)
            if FIRST_CARD + k < len(pad)}


def score_sheet(state: FiveTribesState) -> ScoreSheet:
    """Every category of the rules by seat; complete once every pad is locked."""
    n = len(state.seats)
    complete = len(state.pads_locked) == n

    def entry(seat: int, key: str) -> int:
        pad = state.pads.get(seat, ())
        k = next(i for i, item in enumerate(PAD) if item.key == key)
        return pad[k] if k < len(pad) else 0

    viziers = [entry(s, "viziers") for s in range(n)]
    vizier_points = tuple(v + 10 * sum(1 for o in viziers if o < v) for v in viziers)
    merch = tuple(sum(suit_value(x) for x in best_suits(counts(state, s))) for s in range(n))
    cats = (
        Category("gold", msg("Gold"), tuple(state.gold(s) for s in range(n))),
        Category("viziers", msg("Viziers"), vizier_points),
        Category("elders", msg("Elders"), tuple(2 * entry(s, "elders") for s in range(n))),
        Category("djinns", msg("Djinns"), tuple(entry(s, "djinns") for s in range(n))),
        Category("palms", msg("Palm trees"), tuple(3 * entry(s, "palms") for s in range(n))),
        Category("palaces", msg("Palaces"), tuple(5 * entry(s, "palaces") for s in range(n))),
        Category("tiles", msg("Tiles"), tuple(entry(s, "tiles") for s in range(n))),
        Category("merchandise", msg("Merchandise"), merch),
    )
    return ScoreSheet(tuple(state.names()), cats,
                      msg("Most points wins: every category of the rulebook's score pad; "
                          "a tie is a shared win."), complete=complete)
