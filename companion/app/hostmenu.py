"""The host's menu: every host command the game offers now, flattened into one list that a
3-button host box (or the keyboard's arrow keys and Return) cycles through.

minus/plus move through the entries ("Start auction: The Lucky 0", "End the game", ...), OK
runs the shown one, OK held undoes the last accepted action. The shown entry is public and
appears on the table screen's host line, which is always there (the choice and the keys).
After a reveal the history's own corrections join the list: "Correct Di: 4" and "Void the
round: a box fault".

A destructive entry (end the game, abandon, correct, void) asks first: OK arms it and the
host line says "Return again within 3 s"; only a second OK in time runs it, any other key
cancels. After a command runs, the menu goes back to its first entry, so it never rests on
whatever the list now holds at the old place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import product

from ..boxes.vocabulary import Intent, SeatIntent
from ..engine.actions import VOID_REASONS, Action, Correct, Host, Undo, Value, Void
from ..engine.corrections import VOID_REASON_LABELS
from ..engine.game import HostCommand
from ..engine.text import Msg, msg

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
class MenuEntry:
    label: Msg  # the whole entry, for the table screen
    action: Action | AppCommand
    command: Msg | None = None  # LCD line 1 on a host box
    value: Msg | str | None = None  # LCD line 2 on a host box
    confirm: bool = False  # destructive: runs only on a second OK within CONFIRM_SECONDS


def entries(commands: tuple[HostCommand, ...], can_undo: bool,
            at_ms: int | None = None, correct: Mapping[int, tuple[Value, ...]] | None = None,
            seat_names: Sequence[str] = ()) -> list[MenuEntry]:
    """Flatten the offered commands; `timed` ones carry `at_ms`, the moment the host chose.
    `correct` (seat -> values it may have meant) adds the corrections of a revealed round."""
    out: list[MenuEntry] = []
    for cmd in commands:
        names = sorted(cmd.params)
        stamp = {"at_ms": at_ms} if cmd.timed and at_ms is not None else {}
        confirm = cmd.confirm or cmd.command in DESTRUCTIVE
        if not names:
            out.append(MenuEntry(cmd.label, Host.make(cmd.command, **stamp), cmd.label,
                                 confirm=confirm))
            continue
        for values in product(*(cmd.params[n] for n in names)):
            # Labels stay Msgs (rendered later in the table's language), joined by ", ".
            parts: list[Msg | str] = [cmd.value_labels.get(v, str(v)) for v in values]
            value: Msg | str = parts[0]
            for part in parts[1:]:
                value = msg("{a}, {b}", a=value, b=part)
            label = msg("{cmd}: {value}", cmd=cmd.label, value=value)
            action = Host.make(cmd.command, **dict(zip(names, values, strict=True)), **stamp)
            out.append(MenuEntry(label, action, cmd.label, value, confirm))
    if correct:
        out.extend(correction_entries(correct, seat_names))
    if can_undo:
        out.append(MenuEntry(msg("Undo the last entry"), Undo(), msg("Undo the last entry")))
    return out


def correction_entries(correct: Mapping[int, tuple[Value, ...]],
                       names: Sequence[str]) -> list[MenuEntry]:
    """The host's corrections of the last revealed round: one seat's meant value, or a void."""
    out: list[MenuEntry] = []
    for seat, values in sorted(correct.items()):
        head = msg("Correct {name}", name=names[seat])
        for v in values:
            out.append(MenuEntry(msg("{cmd}: {value}", cmd=head, value=str(v)),
                                 Correct(seat, v), head, str(v), confirm=True))
    head = msg("Void the round")
    for reason in VOID_REASONS:
        why = VOID_REASON_LABELS[reason]
        out.append(MenuEntry(msg("{cmd}: {value}", cmd=head, value=why), Void(reason), head, why,
                             confirm=True))
    return out


class HostMenu:
    def __init__(self) -> None:
        self.index = 0
        self.shown_until = 0.0
        # The destructive entry waiting for its second OK, and until when.
        self.armed: MenuEntry | None = None
        self.armed_until = 0.0

    def on_intent(self, intent: SeatIntent, options: list[MenuEntry], now: float
                  ) -> Action | AppCommand | None:
        self.shown_until = now + SHOW_SECONDS
        armed = self.armed if now < self.armed_until else None
        self.armed = None  # any key answers the question; only OK in time confirms
        if not options:
            return None
        self.index %= len(options)
        if intent.intent is Intent.OK_HELD:
            return Undo()
        if intent.intent is Intent.OK:
            entry = options[self.index]
            if entry.confirm and armed != entry:
                self.armed, self.armed_until = entry, now + CONFIRM_SECONDS
                return None
            self.shown_until = now  # done choosing; the result shows instead
            self.index = 0
            return entry.action
        self.index = (self.index + (1 if intent.intent is Intent.PLUS else -1)) % len(options)
        return None

    def show(self, options: list[MenuEntry], action: Action | AppCommand, now: float) -> None:
        """Put the entry running `action` in front of the host (a question to confirm)."""
        for i, entry in enumerate(options):
            if entry.action == action:
                self.index, self.shown_until = i, now + SHOW_SECONDS

    def current(self, options: list[MenuEntry]) -> MenuEntry | None:
        return options[self.index % len(options)] if options else None

    def asking(self, now: float) -> MenuEntry | None:
        """The destructive entry waiting for its second OK, while it waits."""
        return self.armed if self.armed is not None and now < self.armed_until else None

    def deadline(self, now: float) -> float | None:
        """When the question or the menu's highlight runs out (the host line changes)."""
        times = [t for t in (self.armed_until if self.armed else 0.0, self.shown_until)
                 if t > now]
        return min(times, default=None)

    def line(self, options: list[MenuEntry], now: float) -> Msg:
        """The host line, always on the table screen: the current choice and the keys, or
        the question a destructive entry asks."""
        asking = self.asking(now)
        if asking is not None:
            return msg("Press Return (OK) again within 3 s: {entry}. Any other key cancels.",
                       entry=asking.label)
        if not options:
            return msg("Host: nothing to choose now")
        entry = options[self.index % len(options)]
        # Short, to stay one line at 800x480: the arrows are the Left/Right keys (a host
        # box's minus/plus), Return is its OK.
        if any(isinstance(e.action, Undo) for e in options):
            return msg("Host: {entry}   \u25c0 \u25b6 choose \u00b7 Return runs \u00b7 hold "
                       "Return: undo", entry=entry.label)
        # No undo now (nothing entered, or right after a reveal): the hint does not offer it.
        return msg("Host: {entry}   \u25c0 \u25b6 choose \u00b7 Return runs", entry=entry.label)

    def choosing(self, now: float) -> bool:
        """Whether the host pressed a menu key lately (the host line is highlighted)."""
        return now < self.shown_until
