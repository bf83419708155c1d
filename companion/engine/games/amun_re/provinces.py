"""What Amun-Re's companion knows of each province: its permanent bonuses (favor/power card
symbols, free fields, caravan gold, gold mine, temples), entered by the host once per
province when it is first offered, since no public source lists them; and what follows from
them: the provinces a seat controls this kingdom, its buying limits, and the harvest.

Option `province_data = "off"` keeps the old way: no limits, every seat types its harvest.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ...actions import Host
from ...chronicle import appended
from ...errors import IllegalAction
from ...game import Event, HostCommand, Step
from ...text import Msg, msg
from .state import KINGDOM_ROUNDS, AmunReState, province_named

# (key, the host's question, the largest value offered on the host menu)
ITEMS: tuple[tuple[str, Msg, int], ...] = (
    ("symbols", msg("{prov}: card symbols"), 4),
    ("fields", msg("{prov}: fields"), 9),
    ("caravan", msg("{prov}: caravan gold"), 12),
    ("mine", msg("{prov}: mine gold"), 12),
    ("temples", msg("{prov}: temples"), 4),
)
ITEM_KEYS = tuple(k for k, _, _ in ITEMS)


@dataclass(frozen=True)
class ProvinceData:
    symbols: int = 0  # power/favor card symbols: buy at most this many cards (best province)
    fields: int = 0  # field spaces, one farmer each
    caravan: int = 0  # gold at harvest when the offering tile shows a camel
    mine: int = 0  # gold at every harvest
    temples: int = 0  # temples: VP = the tile's value, at harvest and at kingdom scoring


def on(state: AmunReState) -> bool:
    return state.options.get("province_data", "off") == "host"


def known(state: AmunReState, province: str) -> ProvinceData | None:
    entered = state.province_data.get(province, {})
    if any(k not in entered for k in ITEM_KEYS):
        return None
    return ProvinceData(**{k: entered[k] for k in ITEM_KEYS})


def missing(state: AmunReState) -> list[str]:
    """Offered provinces whose data the host has not entered yet, in the order offered."""
    if not on(state):
        return []
    return [p for p in state.offered if known(state, p) is None]


def enter(state: AmunReState, action: Host) -> Step[AmunReState]:
    """Host command `province`: a province and any of its items (`symbols`, `fields`,
    `caravan`, `mine`, `temples`); the last item of the last offered province starts the
    auction. Public: the board shows these to everyone."""
    from .auction import start_auction

    if not on(state):
        raise IllegalAction("Province data\nis off")
    prov = province_named(action.str_param("province"))
    if prov is None:
        raise IllegalAction(msg("No province\n{name}", name=action.str_param("province")))
    items = {k: v for k, v in action.params if k in ITEM_KEYS}
    if not items:
        raise IllegalAction("Give an item:\nsymbols fields..")
    entered = dict(state.province_data.get(prov, {}))
    for key, _, hi in ITEMS:
        if key in items:
            v = action.int_param(key)
            if not 0 <= v <= (hi if key != "fields" else 99):
                raise IllegalAction(msg("{item}: 0 to {hi}", item=key, hi=hi))
            entered[key] = v
    data = {**state.province_data, prov: entered}
    state = replace(state, province_data=data)
    events: tuple[Event, ...] = ()
    d = known(state, prov)
    if d is not None:
        line = msg("{prov}: {s} card symbols, {f} fields, caravan {c}, mine {m}, "
                   "temples {t}", prov=prov, s=d.symbols, f=d.fields, c=d.caravan, m=d.mine,
                   t=d.temples)
        state = replace(state, log=appended(state.log, line))
        events = (Event(line),)
    if (state.phase == "provinces" and len(state.offered) == len(state.seats)
            and not missing(state)):
        step = start_auction(state)
        return Step(step.state, (*events, *step.events))
    return Step(state, events)


def commands(state: AmunReState) -> tuple[HostCommand, ...]:
    """The next question for the host: the first missing item of the first offered province
    without data (one menu entry per value, so a host box can answer it)."""
    todo = missing(state)
    if not todo:
        return ()
    prov = todo[0]
    entered = state.province_data.get(prov, {})
    key, label, hi = next(i for i in ITEMS if i[0] not in entered)
    return (HostCommand("province", msg_fill(label, prov),
                        {"province": (prov,), key: tuple(range(hi + 1))}),)


def msg_fill(label: Msg, prov: str) -> Msg:
    return Msg(label.id, (("prov", prov),))


# ---------------------------------------------------------------- what follows from the data


def kingdom_of(round_no: int) -> int:
    return (round_no - 1) // KINGDOM_ROUNDS


def controlled(state: AmunReState, seat: int) -> list[str]:
    """The provinces the seat won in this kingdom's auctions (the Old Kingdom's go back at
    its end)."""
    if not state.rounds:
        return []
    k = kingdom_of(state.rounds[-1].number)
    return [p for r in state.rounds if kingdom_of(r.number) == k
            for p, o in r.owners.items() if o == seat]


def card_limit(state: AmunReState, seat: int) -> int | None:
    """Power/favor cards the seat may buy: its best single province's symbols (None: off)."""
    if not on(state):
        return None
    return max((d.symbols for p in controlled(state, seat)
                if (d := known(state, p)) is not None), default=0)


def farmers(state: AmunReState, seat: int) -> int:
    """Farmers the seat has placed this kingdom (bought and taken as offering rewards)."""
    if not state.rounds:
        return 0
    k = kingdom_of(state.rounds[-1].number)
    return sum(n for (kk, s), n in state.farmers.items() if kk == k and s == seat)


def free_fields(state: AmunReState, seat: int) -> int | None:
    """Field spaces left for farmers in the seat's provinces (None: data off)."""
    if not on(state):
        return None
    fields = sum(d.fields for p in controlled(state, seat)
                 if (d := known(state, p)) is not None)
    return max(0, fields - farmers(state, seat))


def add_farmers(state: AmunReState, seat: int, n: int) -> AmunReState:
    if not n or not state.rounds:
        return state
    key = (kingdom_of(state.rounds[-1].number), seat)
    return replace(state, farmers={**state.farmers, key: state.farmers.get(key, 0) + n})


@dataclass(frozen=True)
class Harvest:
    farmers: int
    per_farmer: int
    caravans: int  # gold, already 0 when the tile shows no camel
    mines: int
    temple_vp: int

    @property
    def gold(self) -> int:
        return self.farmers * self.per_farmer + self.caravans + self.mines


def tile_value(state: AmunReState, tile: int) -> int:
    """Gold per farmer (and VP per temple) the offering tile shows. Tile 2 (3-12) pays 2:
    the 2003 rules' example; 1, 3 and 4 are the 2016 rulebook's "+1, +2, +3 or +4 VP for each
    temple" read onto the tiles in order, and options."""
    return (int(state.options.get("tile_value_1", 1)), 2,
            int(state.options.get("tile_value_3", 3)),
            int(state.options.get("tile_value_4", 4)))[tile]


def camel(state: AmunReState, tile: int) -> bool:
    """Whether the tile shows a camel (caravans pay): a reading, option `camel_tiles`."""
    shown = str(state.options.get("camel_tiles", "1-2")).split("-")
    return str(tile + 1) in shown


def harvest(state: AmunReState, seat: int, tile: int) -> Harvest:
    provs = [d for p in controlled(state, seat) if (d := known(state, p)) is not None]
    value = tile_value(state, tile)
    return Harvest(farmers(state, seat), value,
                   sum(d.caravan for d in provs) if camel(state, tile) else 0,
                   sum(d.mine for d in provs), value * sum(d.temples for d in provs))


def temples(state: AmunReState, seat: int) -> int:
    return sum(d.temples for p in controlled(state, seat)
               if (d := known(state, p)) is not None)


def data_json(state: AmunReState) -> dict[str, Mapping[str, int]]:
    return {p: dict(v) for p, v in sorted(state.province_data.items())}
