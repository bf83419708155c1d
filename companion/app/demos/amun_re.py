"""The Amun-Re demo: the seed's 2003 province auction, buying within the provinces' limits,
the sacrifice example, the computed harvest, the kingdom score pads and the score sheet.

The auction is the example of the seed (the 2003 rules' auction text) move for move, and the
offering is the 2003 rules' sacrifice example (docs/games/amun_re.md), with the seed's colours
played by Ann (Red), Bob (Black), Cy (Blue) and Di (White), clockwise, Ann holding the Pharaoh.
Everyone starts with 20 gold and one power card. The provinces' bonuses are made up for the
demo (the host enters each province's once; no public source lists them). Every Enter below is
played as real button
presses on the seat's mock box: choice keys are texts ("Abydos", "3", "none"), numbers are
dialled with minus/plus.
"""

from __future__ import annotations

from ...engine.actions import Enter, Host
from . import Demo, Shot, answers

ANN, BOB, CY, DI = range(4)


def place(seat: int, province: str, space: int) -> tuple[Enter, Enter]:
    """Choose the province on the box, then one of the bid spaces it offers."""
    return Enter(seat, province), Enter(seat, str(space))


def buy(seat: int, cards: int, farmers: int, stones: int) -> tuple[Enter, ...]:
    return answers(seat, str(cards), str(farmers), str(stones))


def province(name: str, **items: int) -> tuple[Host, ...]:
    """The host's answers for one province, one item at a time as the host menu asks."""
    return tuple(Host.make("province", province=name, **{k: v}) for k, v in items.items())


DEMO = Demo(
    game="amun-re",
    seats=("Ann", "Bob", "Cy", "Di"),
    title="Amun-Re - the seed's province auction and a secret offering on mock boxes",
    steps=(
        # The host offers this round's provinces one by one from the host menu.
        Host.make("offer", province="Abydos"), Host.make("offer", province="Sawu"),
        Host.make("offer", province="Dakhla"), Shot("01-host-offers-provinces"),
        Host.make("offer", province="Baharya"),
        # The host enters each offered province's bonuses from the board, once.
        *province("Abydos", symbols=1, fields=0, caravan=0, mine=0, temples=2),
        *province("Sawu", symbols=0, fields=3, caravan=0, mine=2, temples=1),
        Shot("01b-host-enters-province-bonuses"),
        *province("Dakhla", symbols=2, fields=4, caravan=0, mine=0, temples=1),
        *province("Baharya", symbols=1, fields=2, caravan=3, mine=0, temples=0),
        # First bidding round (seed: Red 3 Abydos, Black 1 Sawu, Blue 6, White 10 on Abydos).
        Enter(ANN, "Abydos"), Shot("02-bid-spaces-on-the-box"), Enter(ANN, "3"),
        *place(BOB, "Sawu", 1), *place(CY, "Abydos", 6), *place(DI, "Abydos", 10),
        Shot("03-round-1-two-must-rebid", hold=3),
        # Second round: Red may not go back to Abydos; Blue outbids Black on Sawu.
        *place(ANN, "Dakhla", 0), *place(CY, "Sawu", 6),
        Shot("04-round-2-black-outbid", hold=2.5),
        # Third round: Black takes Baharya; every province has one bid: everyone pays.
        *place(BOB, "Baharya", 0),
        Shot("05-auction-over-prices-public", hold=3),
        # Immediate province bonuses, entered by each seat (Ann's Dakhla: 12 gold and a card,
        # as in the 2016 rulebook's example; the others none).
        Enter(ANN, 12), Enter(ANN, 1), Enter(ANN, "none"),
        Enter(BOB, 0), Enter(BOB, 0), Enter(CY, 0), Enter(CY, 0), Enter(DI, 0), Enter(DI, 0),
        # Buying in turn from the Starting Player; Ann: 2 cards (one is a Bid Blockade),
        # 4 farmers, 3 stones = 3 + 10 + 6 = 19 (the 2003 rules' example), shown on her box only.
        Enter(ANN, "2"), Enter(ANN, "B"), Enter(ANN, "4"), Enter(ANN, "3"),
        Shot("06-cost-on-anns-box-only", hold=2.5),
        *buy(BOB, 0, 1, 0), *buy(CY, 0, 2, 0), *buy(DI, 0, 0, 1),
        # The offering, sealed: the sacrifice example (Red 9, Blue 4, Black and White steal 3).
        Enter(ANN, 9), Enter(BOB, "steal"), Shot("07-offering-two-locked"),
        Enter(CY, 4), Enter(DI, "steal"),
        Shot("08-offering-revealed-total-7", hold=3.5),
        # Rewards: how many of the items were power cards (Ann 1 of 3; her fields are full),
        # then farmers (Cy: none of 2 were cards, 1 farmer on Sawu's last free field).
        Enter(ANN, 1), Enter(ANN, "none"), Enter(CY, 0), Enter(CY, 1),
        # The harvest is computed: 2 gold per farmer on the 3-12 tile, which shows a camel
        # (Baharya's caravan pays 3), Sawu's mine 2; temples score 2 VP each. Extra income
        # from power cards, if any, is entered on the box.
        Shot("09-harvest-computed", hold=2.5),
        Enter(ANN, 0), Enter(BOB, 0), Enter(CY, 0), Enter(DI, 0),
        # The host ends the game: the kingdom's score pads (pyramids, the fewest-pyramid
        # province's, Nile +5s, yellow cards, stones), then the gold bonus.
        Host.make("end"),
        *answers(ANN, 1, 1, 1, 0, 2), *answers(BOB, 0, 0, 0, 1, 0),
        *answers(CY, 0, 0, 0, 0, 2)[:3], Shot("10-kingdom-score-pads"),
        *answers(CY, 0, 0, 0, 0, 2)[3:], *answers(DI, 1, 0, 1, 0, 1),
        Shot("11-final-score-sheet", hold=4),
    ),
)
