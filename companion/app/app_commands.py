"""Host menu entries that the app runs itself, not the game: quitting, with confirmation.

On the appliance (run by systemd, or `kiosk = true`) one stray Esc must never take the table
down: Esc only says how to quit, and quitting is a host menu entry that asks again ("Yes,
restart now"); systemd then starts the companion afresh. On a desktop Esc asks first too: a
second Esc within a few seconds quits.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping

from ..engine.text import Msg, msg
from .boxui import HOST_QUIT, HOST_QUIT_YES
from .hostmenu import AppCommand, MenuEntry

CONFIRM_SECONDS = 8.0  # how long "Yes, quit now" stays offered, and a first Esc counts

QUIT = AppCommand("quit")
QUIT_CONFIRM = AppCommand("quit-confirm")


def under_systemd(env: Mapping[str, str] | None = None) -> bool:
    """Whether systemd started us (it sets INVOCATION_ID for every unit it runs, and
    NOTIFY_SOCKET for Type=notify): then we are the appliance, not a desktop program."""
    env = os.environ if env is None else env
    return bool(env.get("INVOCATION_ID") or env.get("NOTIFY_SOCKET"))


class AppCommands:
    """The app's own host menu entries and the quit state."""

    def __init__(self, kiosk: bool = False) -> None:
        self.kiosk = kiosk
        self.quit_requested = False
        self._confirm_until = -1.0
        self._esc_until = -1.0
        # More entries from the wiring (a keyboard stand-in for a seat whose box is gone),
        # each with the handler of its command name; a handler returns what the table says.
        self.offers: list[Callable[[float], list[MenuEntry]]] = []
        self.handlers: dict[str, Callable[[AppCommand, float], Msg | None]] = {}

    def entries(self, now: float) -> list[MenuEntry]:
        label = msg("Restart the companion") if self.kiosk else msg("Quit the companion")
        out = [entry for offer in self.offers for entry in offer(now)]
        out.append(MenuEntry(label, QUIT, *HOST_QUIT[self.kiosk]))
        if now < self._confirm_until:
            yes = msg("Yes, restart now") if self.kiosk else msg("Yes, quit now")
            out.append(MenuEntry(yes, QUIT_CONFIRM, *HOST_QUIT_YES[self.kiosk]))
        return out

    def run(self, command: AppCommand, now: float) -> tuple[AppCommand | None, Msg | None]:
        """Run a chosen entry: the entry to put in front of the host next (a question), and
        what the table says about it, each if any."""
        if command == QUIT:
            self._confirm_until = now + CONFIRM_SECONDS
            return QUIT_CONFIRM, None
        if command == QUIT_CONFIRM and now < self._confirm_until:
            self.quit_requested = True
        handler = self.handlers.get(command.name)
        return None, handler(command, now) if handler is not None else None

    def escape(self, now: float) -> tuple[Msg, bool]:
        """Esc pressed: what the table says, and whether this Esc quits."""
        if self.kiosk:
            return msg("Esc does not quit here: the host menu has 'Restart the companion'"), False
        if now < self._esc_until:
            return msg("Quitting"), True
        self._esc_until = now + CONFIRM_SECONDS
        return msg("Press Esc again to quit"), False

    def passed(self, before: float, now: float) -> bool:
        """Whether an offer ran out between `before` and `now` (the host's LCD changes)."""
        return any(before < t <= now for t in (self._confirm_until, self._esc_until))

    def next_deadline(self, now: float) -> float | None:
        times = [t for t in (self._confirm_until, self._esc_until) if t > now]
        return min(times, default=None)
