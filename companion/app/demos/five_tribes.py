"""The Five Tribes demo: two turns of bidding for turn order, a sale card by card, markets,
Kumarbi, the score pads and the final score sheet.

Ann, Bob, Cy and Di start with 50 gold each, hidden: only each seat's own LCD shows it.
Bid order at the start: Ann, Bob, Cy, Di. Every Enter below is played as real button
presses on the seat's mock box (spots and menu entries are choice keys).
"""

from __future__ import annotations

from ...engine.actions import Enter, Host
from ...engine.games.five_tribes import CARD_TYPES
from . import Demo, Shot, answers


def pad(seat: int, viziers: int, elders: int, djinns: int, palms: int, palaces: int,
        tiles: int, **cards: int) -> tuple[Enter, ...]:
    """One seat's score pad, in the order its box asks: the board's counts and points,
    then its merchandise cards by type."""
    counts = (viziers, elders, djinns, palms, palaces, tiles,
              *(cards.get(t, 0) for t in CARD_TYPES))
    return answers(seat, *counts)


DEMO = Demo(
    game="five-tribes",
    seats=("Ann", "Bob", "Cy", "Di"),
    title="Five Tribes - bid for turn order, secret gold and a merchandise sale on mock boxes",
    steps=(
        # Turn 1: three 0s; each later 0 pushes the earlier ones down the row.
        Enter(0, "0"), Enter(1, "5"), Shot("01-ann-0-bob-5"),
        Enter(2, "0"), Shot("02-cy-0-pushes-ann-down"),
        Enter(3, "0"), Shot("03-play-order-bob-di-cy-ann", hold=3),
        # Bob: Large Market (6, public cost). Di: sells a suit of 6 and a suit of 3.
        Enter(1, "large"), Enter(1, "done"),
        # A suit of six different types, then one of three: 30 + 7 = 37 (the seed's sale).
        Enter(3, "sell"), *(Enter(3, t) for t in CARD_TYPES[:6]), Enter(3, "close"),
        Enter(3, "fish"), Enter(3, "wheat"), Enter(3, "pottery"),
        Shot("04-di-builds-a-suit-on-her-lcd-only", hold=3), Enter(3, "close"),
        Enter(3, "end"), Shot("05-table-says-sold-no-amount"),
        Enter(3, "done"),
        # Cy: Builders bring gold (entered on the box), then a Small Market.
        Enter(2, "gain"), Enter(2, 12), Enter(2, "small"), Enter(2, "done"),
        # Ann takes the Djinn Kumarbi at a Sacred Place; the host records it.
        Host.make("kumarbi", seat=0), Enter(0, "done"),
        # Turn 2, bid order = turn 1's play order: Bob, Di, Cy, Ann.
        Enter(1, "0"), Enter(3, "0"), Enter(2, "0"),
        Shot("06-zeros-full-ann-must-pay", hold=3),
        Enter(0, "fakirs"), Enter(0, 2), Shot("07-kumarbi-2-fakirs-reduced-costs", hold=3),
        Enter(0, "18"), Shot("08-ann-18-for-8-plays-first", hold=3),
        Enter(0, "done"), Enter(2, "done"), Enter(3, "done"), Enter(1, "done"),
        # Between turns the host ends the game; each seat fills in its score pad in secret.
        Host.make("end"),
        *pad(0, 3, 2, 12, 1, 2, 38, papyrus=1, silk=1, spice=1, fish=1),
        *pad(1, 5, 4, 5, 2, 0, 41, ivory=1, gold=1, papyrus=2, fish=2, wheat=1),
        *pad(2, 1, 0, 0, 3, 3, 55)[:-4], Shot("09-score-pads-secret-until-all-lock"),
        *pad(2, 1, 0, 0, 3, 3, 55)[-4:],
        *pad(3, 5, 1, 8, 0, 1, 30, fish=1, wheat=1, pottery=1),
        Shot("10-final-score-sheet", hold=4),
    ),
)
