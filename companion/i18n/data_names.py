"""Names that live in a game's data tables as plain strings but are shown as messages.

Mega Civilization's commodity cards are rows of data (stack, name, copies per block) in
`companion/engine/games/mega_civilization/commodities.py`; the game shows a name as
`Msg(name)`, so the name is its catalog id. They are listed here with
`N_` so that extraction finds them; tests/test_i18n.py checks that this list and the game's
tables hold the same names, so a commodity added to the game fails there until it is here.
"""

from __future__ import annotations

from ..engine.text import N_

MEGA_CIV_COMMODITIES = (
    N_("Ochre"), N_("Clay"), N_("Flax"), N_("Hides"), N_("Bone"),
    N_("Papyrus"), N_("Iron"), N_("Stone"), N_("Furs"), N_("Wax"),
    N_("Fish"), N_("Fruit"), N_("Timber"), N_("Salt"), N_("Ceramics"),
    N_("Wool"), N_("Oil"), N_("Cotton"), N_("Sugar"), N_("Grain"),
    N_("Wine"), N_("Textiles"), N_("Lacquer"), N_("Livestock"), N_("Glass"),
    N_("Tin"), N_("Copper"), N_("Silver"), N_("Bronze"), N_("Lead"),
    N_("Resin"), N_("Incense"), N_("Jade"), N_("Spice"), N_("Herbs"),
    N_("Marble"), N_("Gemstones"), N_("Dye"), N_("Tea"), N_("Obsidian"),
    N_("Ivory"), N_("Gold"), N_("Silk"), N_("Pearls"), N_("Amber"),
)

# Mega Civilization's calamities by their short names (<= 10 letters: a box choice is
# "<Name x2>"), in `companion/engine/games/mega_civilization/calamity_cards.py`.
MEGA_CIV_CALAMITIES = (
    N_("Volcano"), N_("Treachery"), N_("Famine"), N_("SlaveRevlt"), N_("Flood"),
    N_("Superstit."), N_("Civil War"), N_("Barbarians"), N_("Cyclone"), N_("Epidemic"),
    N_("Tyranny"), N_("CivDisordr"), N_("Corruption"), N_("Iconoclasm"), N_("Regression"),
    N_("Piracy"), N_("Tempest"), N_("Squandered"), N_("City Riots"), N_("CityFlames"),
    N_("TribalConf"), N_("Uprising"), N_("Banditry"), N_("CoastMigr."),
)
