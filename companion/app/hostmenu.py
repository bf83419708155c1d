"""The host's menu: every host command the game offers now, flattened into one list that a
3-button host box (or the keyboard's arrow keys and Return) cycles through.

minus/plus move through the entries ("Start auction: The Lucky 0", "End the game", ...), OK
runs the shown one, OK held undoes the last accepted action. The shown entry is public and
appears on the table screen's host line, which is always there (the choice and the keys).
After a reveal the history's own corrections join the list: "Void the round: a box fault",
and one "Correct a seat's entry" that opens two levels, since a flat list of every seat
times every value would be 160 entries at 40 coins: OK on it, minus/plus pick the seat
("Correct which seat? Di"), OK, minus/plus dial the value ("Correct Di: 4", accelerating
like a seat box when held), OK asks and OK again runs it. OK held goes back one level.
Revealed score pads have a level more: "Correct a score pad", the seat, the category
("Correct Di's pad: Tile points?"), then the value, dialled from just above the one entered.

A destructive entry (end the game, abandon, correct, void) asks first: OK arms it and the
host line says "Return again within 3 s"; only a second OK in time runs it, any other key
cancels. After a command runs, the menu goes back to its first entry, so it never rests on
whatever the list now holds at the old place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import cast

from ..boxes.vocabulary import Intent, SeatIntent
from ..engine.actions import VOID_REASONS, Action, Correct, Host, Undo, Value, Void
from ..engine.corrections import VOID_REASON_LABELS, PadOffer
from ..engine.game import HostCommand
from ..engine.text import Msg, msg
from .menu_list import Combinations, Menu

SHOW_SECONDS = 8.0
CONFIRM_SECONDS = 3.0
# Game commands that end or throw away something the table built: each asks first. A game
# may mark more with `HostCommand(confirm=True)`.
DESTRUCTIVE = frozenset({"end", "end_game", "abandon"})


@dataclass(frozen=True)
class AppCommand:
    """A host menu entry the app runs itself, not the game (quit, a seat's stand-in box)."""

    name: str
    seat: int | None = None


@dataclass(frozen=True)
class CorrectSeat:
    """The entry that opens the two-level correction: the seats of the last revealed round,
    each with the values it might have meant (its entry left out), in the menu's order."""

    values: tuple[tuple[int, tuple[Value, ...]], ...]
    names: tuple[str, ...]
    # Revealed score pads instead: each seat's categories (a level between seat and value).
    items: tuple[tuple[int, tuple[PadOffer, ...]], ...] = ()

    @property
    def seats(self) -> int:
        return len(self.items) if self.items else len(self.values)


@dataclass
class _Pick:
    """Where the host is inside "Correct a seat's entry" (positions, not seats or values)."""

    seat: int
    value: int | None = None  # None: still choosing the seat (or a pad's category)
    item: int | None = None  # a score pad's category; None: still choosing the seat


@dataclass(frozen=True)
class MenuEntry:
    label: Msg  # the whole entry, for the table screen
    action: Action | AppCommand | CorrectSeat
    command: Msg | None = None  # LCD line 1 on a host box
    value: Msg | str | None = None  # LCD line 2 on a host box
    confirm: bool = False  # destructive: runs only on a second OK within CONFIRM_SECONDS


def entries(commands: tuple[HostCommand, ...], can_undo: bool,
            at_ms: int | None = None, correct: Mapping[int, tuple[Value, ...]] | None = None,
            seat_names: Sequence[str] = (),
            items: Mapping[int, tuple[PadOffer, ...]] | None = None, *, void: bool = True,
            final: bool = False, undo_label: Msg | None = None) -> Menu[MenuEntry]:
    """Flatten the offered commands; `timed` ones carry `at_ms`, the moment the host chose.
    `correct` (seat -> values it may have meant) adds the corrections of a revealed round,
    `items` (seat -> its categories) those of revealed score pads; `void` the round's voids
    (only right after the reveal: later they are refused); `final`: the game is over, so a
    correction says it changes the last round; `undo_label` names what an undo takes back
    where "the last entry" would not say it (the end of the game). A command's entries with
    parameters are made when the menu shows them (`menu_list`)."""
    parts: list[Sequence[MenuEntry]] = []
    plain: list[MenuEntry] = []
    for cmd in commands:
        names = tuple(cmd.params)  # in the game's order: the first one changes slowest
        stamp: dict[str, Value] = {"at_ms": at_ms} if cmd.timed and at_ms is not None else {}
        confirm = cmd.confirm or cmd.command in DESTRUCTIVE
        if not names:
            plain.append(MenuEntry(cmd.label, Host.make(cmd.command, **stamp), cmd.label,
                                   confirm=confirm))
            continue
        parts += [plain, Combinations([cmd.params[n] for n in names],
                                      partial(_with_values, cmd, names, stamp, confirm))]
        plain = []
    if correct or items:
        plain.extend(correction_entries(correct or {}, seat_names, items, void=void,
                                        final=final))
    if can_undo:
        undo = undo_label or msg("Undo the last entry")
        plain.append(MenuEntry(undo, Undo(), undo))
    return Menu([*parts, plain])


def _with_values(cmd: HostCommand, names: tuple[str, ...], stamp: dict[str, Value],
                 confirm: bool, values: tuple[object, ...]) -> MenuEntry:
    """The entry running `cmd` with one value per parameter of `names`."""
    chosen = cast(tuple[Value, ...], values)
    # Labels stay Msgs (rendered later in the table's language), joined by ", ", in the
    # order the game lists its parameters ("Iberia, -10": the seat, then the sum).
    parts = [_value_label(cmd, n, v) for n, v in zip(names, chosen, strict=True)]
    value: Msg | str = parts[0]
    for part in parts[1:]:
        value = msg("{a}, {b}", a=value, b=part)
    label = msg("{cmd}: {value}", cmd=cmd.label, value=value)
    action = Host.make(cmd.command, **dict(zip(names, chosen, strict=True)), **stamp)
    return MenuEntry(label, action, cmd.label, value, confirm)


def _value_label(cmd: HostCommand, param: str, value: Value) -> Msg | str:
    own = cmd.labels.get(param, {})
    return own[value] if value in own else cmd.value_labels.get(value, str(value))


def correction_entries(correct: Mapping[int, tuple[Value, ...]], names: Sequence[str],
                       items: Mapping[int, tuple[PadOffer, ...]] | None = None,
                       void: bool = True, final: bool = False) -> list[MenuEntry]:
    """The host's corrections of the last revealed round: one entry that opens the seat and
    value choice (`HostMenu` runs it), and a void for each reason."""
    seats = tuple((seat, values) for seat, values in sorted(correct.items()) if values)
    pads = tuple((seat, offers) for seat, offers in sorted((items or {}).items()) if offers)
    out: list[MenuEntry] = []
    if pads:
        out.append(MenuEntry(msg("Correct a score pad"), CorrectSeat((), tuple(names), pads),
                             msg("Correct a pad"), msg("OK: pick a seat")))
    elif seats:
        label = (msg("Correct the last round: a seat's entry (the result follows)") if final
                 else msg("Correct a seat's entry"))
        out.append(MenuEntry(label, CorrectSeat(seats, tuple(names)),
                             msg("Correct an entry"), msg("OK: pick a seat")))
    if not void:
        return out
    head = msg("Void the round")
    for reason in VOID_REASONS:
        why = VOID_REASON_LABELS[reason]
        out.append(MenuEntry(msg("{cmd}: {value}", cmd=head, value=why), Void(reason), head, why,
                             confirm=True))
    return out


def _opener(options: Menu[MenuEntry]) -> CorrectSeat | None:
    """The entry that opens the correction, found without making a game command's every
    combination."""
    found = options.first(lambda e: isinstance(e.action, CorrectSeat))
    return found.action if found is not None and isinstance(found.action, CorrectSeat) else None


class HostMenu:
    def __init__(self) -> None:
        self.index = 0
        self.shown_until = 0.0
        # The destructive entry waiting for its second OK, and until when.
        self.armed: MenuEntry | None = None
        self.armed_until = 0.0
        # Inside "Correct a seat's entry" (None: the flat list).
        self.picking: _Pick | None = None

    def on_intent(self, intent: SeatIntent, options: Menu[MenuEntry], now: float
                  ) -> Action | AppCommand | None:
        self.shown_until = now + SHOW_SECONDS
        armed = self.armed if now < self.armed_until else None
        self.armed = None  # any key answers the question; only OK in time confirms
        if _opener(options) is None:
            self.picking = None  # the round's corrections are gone (a newer round has entries)
        if not options:
            return None
        self.index %= len(options)
        if self.picking is not None:
            return self._dial(intent, options, armed, now)
        if intent.intent is Intent.OK_HELD:
            return Undo()
        if intent.intent is Intent.OK:
            entry = options[self.index]
            if isinstance(entry.action, CorrectSeat):
                self.picking = _Pick(0)  # in: minus/plus now choose the seat
                return None
            return self._run(entry, armed, now)
        self.index = (self.index + (1 if intent.intent is Intent.PLUS else -1)) % len(options)
        return None

    def _run(self, entry: MenuEntry, armed: MenuEntry | None, now: float
             ) -> Action | AppCommand | None:
        if entry.confirm and armed != entry:
            self.armed, self.armed_until = entry, now + CONFIRM_SECONDS
            return None
        self.shown_until = now  # done choosing; the result shows instead
        self.index, self.picking = 0, None
        assert not isinstance(entry.action, CorrectSeat)
        return entry.action

    def _dial(self, intent: SeatIntent, options: Menu[MenuEntry], armed: MenuEntry | None,
              now: float) -> Action | AppCommand | None:
        """A key inside "Correct a seat's entry": the seat, (a pad's category,) the value,
        then run."""
        opener, pick = _opener(options), self.picking
        assert opener is not None and pick is not None
        step = 1 if intent.intent is Intent.PLUS else -1
        if intent.intent is Intent.OK_HELD:  # back one level (undo is refused here anyway)
            if pick.value is not None:
                pick.value = None
            elif pick.item is not None:
                pick.item = None
            else:
                self.picking = None
            return None
        if opener.items and pick.item is None:  # a score pad's seat
            if intent.intent is Intent.OK:
                pick.item = 0
            else:
                pick.seat = (pick.seat + step) % opener.seats
            return None
        if opener.items and pick.value is None:  # the seat's category
            offers = opener.items[pick.seat % opener.seats][1]
            if intent.intent is Intent.OK:
                pick.value = offers[(pick.item or 0) % len(offers)].start
            else:
                pick.item = ((pick.item or 0) + step) % len(offers)
            return None
        if pick.value is None:
            if intent.intent is Intent.OK:
                pick.value = 0
            else:
                pick.seat = (pick.seat + step) % opener.seats
            return None
        if intent.intent is Intent.OK:
            entry = self._picked(opener)
            assert entry is not None
            return self._run(entry, armed, now)
        # A held key repeats with a growing step (1, 5, 10, 25), as on a seat's box; the
        # dial stops at either end rather than wrapping from 40 to 0.
        move = intent.step if intent.intent is Intent.PLUS else -intent.step
        last = len(self._dialled(opener)) - 1
        pick.value = max(0, min(last, pick.value + move))
        return None

    def _dialled(self, opener: CorrectSeat) -> tuple[Value, ...]:
        """The values the host dials among now: the seat's (or its pad category's)."""
        assert self.picking is not None
        pick = self.picking
        if opener.items:
            offers = opener.items[pick.seat % opener.seats][1]
            return offers[(pick.item or 0) % len(offers)].values
        return opener.values[pick.seat % opener.seats][1]

    def _picked(self, opener: CorrectSeat) -> MenuEntry | None:
        """The entry the host is on inside the correction: a seat, or a seat's value."""
        if self.picking is None:
            return None
        if opener.items:
            return self._picked_pad(opener)
        seat, values = opener.values[self.picking.seat % len(opener.values)]
        name = opener.names[seat]
        if self.picking.value is None:
            return MenuEntry(msg("Correct which seat? {name}", name=name), opener,
                             msg("Correct: seat?"), name)
        head = msg("Correct {name}", name=name)
        v = str(values[min(self.picking.value, len(values) - 1)])
        return MenuEntry(msg("{cmd}: {value}", cmd=head, value=v),
                         Correct(seat, values[min(self.picking.value, len(values) - 1)]),
                         head, v, confirm=True)

    def _picked_pad(self, opener: CorrectSeat) -> MenuEntry:
        """Inside "Correct a score pad": the seat, its category, or the value dialled."""
        assert self.picking is not None
        pick = self.picking
        seat, offers = opener.items[pick.seat % opener.seats]
        name = opener.names[seat]
        if pick.item is None:
            return MenuEntry(msg("Correct which seat? {name}", name=name), opener,
                             msg("Correct: seat?"), name)
        offer = offers[pick.item % len(offers)]
        if pick.value is None:
            return MenuEntry(msg("Correct {name}'s pad: {item}", name=name, item=offer.label),
                             opener, msg("Correct {name}", name=name), offer.label)
        value = offer.values[min(pick.value, len(offer.values) - 1)]
        return MenuEntry(msg("Correct {name}'s pad: {item} {value}", name=name,
                             item=offer.label, value=str(value)),
                         Correct(seat, value, offer.key), offer.label,
                         msg("{name}: {value}", name=name, value=str(value)), confirm=True)

    def show(self, options: Menu[MenuEntry], action: Action | AppCommand, now: float) -> None:
        """Put the entry running `action` in front of the host (a question to confirm)."""
        for i, entry in enumerate(options):
            if entry.action == action:
                self.index, self.shown_until = i, now + SHOW_SECONDS

    def current(self, options: Menu[MenuEntry]) -> MenuEntry | None:
        opener = _opener(options)
        if opener is not None and self.picking is not None:
            return self._picked(opener)
        return options[self.index % len(options)] if options else None

    def asking(self, now: float) -> MenuEntry | None:
        """The destructive entry waiting for its second OK, while it waits."""
        return self.armed if self.armed is not None and now < self.armed_until else None

    def deadline(self, now: float) -> float | None:
        """When the question or the menu's highlight runs out (the host line changes)."""
        times = [t for t in (self.armed_until if self.armed else 0.0, self.shown_until)
                 if t > now]
        return min(times, default=None)

    def line(self, options: Menu[MenuEntry], now: float) -> Msg:
        """The host line, always on the table screen: the current choice and the keys, or
        the question a destructive entry asks."""
        asking = self.asking(now)
        if asking is not None:
            return msg("Press Return (OK) again within 3 s: {entry}. Any other key cancels.",
                       entry=asking.label)
        entry = self.current(options)
        if entry is None:
            return msg("Host: nothing to choose now")
        opener = _opener(options)
        if self.picking is not None and opener is not None:
            if opener.items and self.picking.item is None:
                return msg("Host: {entry}   \u25c0 \u25b6 seat \u00b7 Return picks \u00b7 "
                           "hold Return: back", entry=entry.label)
            if opener.items and self.picking.value is None:
                return msg("Host: {entry}   \u25c0 \u25b6 category \u00b7 Return picks \u00b7 "
                           "hold Return: back", entry=entry.label)
            if self.picking.value is None:
                return msg("Host: {entry}   \u25c0 \u25b6 seat \u00b7 Return picks \u00b7 "
                           "hold Return: back", entry=entry.label)
            return msg("Host: {entry}   \u25c0 \u25b6 value \u00b7 Return runs \u00b7 "
                       "hold Return: back", entry=entry.label)
        # Short, to stay one line at 800x480: the arrows are the Left/Right keys (a host
        # box's minus/plus), Return is its OK.
        if options.first(lambda e: isinstance(e.action, Undo)) is not None:
            return msg("Host: {entry}   \u25c0 \u25b6 choose \u00b7 Return runs \u00b7 hold "
                       "Return: undo", entry=entry.label)
        # No undo now (nothing entered, or right after a reveal): the hint does not offer it.
        return msg("Host: {entry}   \u25c0 \u25b6 choose \u00b7 Return runs", entry=entry.label)

    def choosing(self, now: float) -> bool:
        """Whether the host pressed a menu key lately (the host line is highlighted)."""
        return now < self.shown_until
