"""The Five Tribes demo: two turns of bidding for turn order, a sale, markets, Kumarbi, and
the final screen.

Ann, Bob, Cy and Di start with 50 gold each, hidden: only each seat's own LCD shows it.
Bid order at the start: Ann, Bob, Cy, Di. Every Enter below is played as real button
presses on the seat's mock box (spots and menu entries are choice keys).
"""

from __future__ import annotations

from ...engine.actions import Enter, Host
from . import Demo, Shot

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
        Enter(3, "sell"), Enter(3, 6), Enter(3, 3), Shot("04-di-sale-gain-on-her-lcd-only", hold=3),
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
        # Between turns the host ends the game; each seat enters its unsold suits.
        Host.make("end"),
        Enter(0, 4), Enter(0, "end"),
        Enter(1, 5), Enter(1, 2), Shot("09-unsold-merchandise"), Enter(1, "end"),
        Enter(2, "end"),
        Enter(3, 3), Enter(3, "end"),
        Shot("10-final-gold-and-merchandise", hold=4),
    ),
)
