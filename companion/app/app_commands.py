"""Host menu entries that the app runs itself, not the game: quitting, with confirmation.

On the appliance (run by systemd, or `kiosk = true`) one stray Esc must never take the table
down: Esc only says how to quit, and quitting is a host menu entry that asks first like every
destructive host command (a second Return within 3 s, app.hostmenu); systemd then starts
the companion afresh. On a desktop Esc asks first too: a second Esc within a few seconds
quits.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping

from ..engine.text import Msg, msg
from .boxui import HOST_QUIT
from .hostmenu import AppCommand, MenuEntry

CONFIRM_SECONDS = 8.0  # how long a first Esc counts

QUIT = AppCommand("quit")


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
        self._esc_until = -1.0
        # More entries from the wiring (a keyboard stand-in for a seat whose box is gone),
        # each with the handler of its command name; a handler returns what the table says.
        self.offers: list[Callable[[float], list[MenuEntry]]] = []
        self.handlers: dict[str, Callable[[AppCommand, float], Msg | None]] = {}

    def entries(self, now: float) -> list[MenuEntry]:
        label = msg("Restart the companion") if self.kiosk else msg("Quit the companion")
        out = [entry for offer in self.offers for entry in offer(now)]
        # `confirm`: the host menu runs it only on a second Return (OK) within 3 s.
        out.append(MenuEntry(label, QUIT, *HOST_QUIT[self.kiosk], confirm=True))
        return out

    def run(self, command: AppCommand, now: float) -> tuple[AppCommand | None, Msg | None]:
        """Run a chosen (and, if it asks, confirmed) entry: the entry to put in front of the
        host next (a question), and what the table says about it, each if any."""
        if command == QUIT:
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
        return before < self._esc_until <= now

    def next_deadline(self, now: float) -> float | None:
        return self._esc_until if self._esc_until > now else None
