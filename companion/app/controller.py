"""The controller: the one owner of the game state at run time.

Every input goes through `handle`. An action is checked against the rules first (pure),
then journaled and fsynced, and only then accepted and shown: a box says LOCKED only for
what is already on disk. Refusals flash on the seat's own LCD (or the table banner for the
host) and change nothing. When the disk refuses the journal, the entry is refused the same
way and the table says so until the disk writes again (companion.app.storage).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..boxes.vocabulary import (
    HOST_SEAT,
    BoxStatus,
    ClaimAway,
    ClaimRequest,
    ClaimWithdrawn,
    HostInput,
    InputItem,
    SeatIntent,
)
from ..engine.actions import Action, Correct, Enter, Host, Undo, Value, Void
from ..engine.errors import IllegalAction, MalformedInput
from ..engine.game import Event, Game, public_view, seat_view
from ..engine.history import History
from ..engine.prompts import Prompt
from ..engine.rounds.sealed import reveals
from ..engine.text import Msg, msg
from ..engine.views import HostLine, TableView
from ..i18n import Translate
from .app_commands import AppCommands
from .boxui import BoxSession, fit
from .claims import ClaimDesk
from .hostmenu import AppCommand, HostMenu, MenuEntry, entries
from .journal import Journal, StorageFault
from .menu_list import Menu
from .storage import RETRY_SECONDS, box_words, down_line, log, table_words, up_line
from .table_log import Note, undone_text, with_notes
from .waiting import waiting_line
from .worked_out import WorkedOut

BANNER_SECONDS = 4.0
NOTES = 32  # the host's corrections kept for the table's log
ENDS = frozenset({"end", "end_game"})  # the games' host commands that end the game


def host_action(command: str, params: tuple[tuple[str, Value], ...]) -> Action:
    """What a host command becomes: `undo`, `correct` and `void` are the history's own
    corrections (every game), the rest the game's."""
    if command == "undo":
        return Undo()
    p = dict(params)
    seat, value, reason = p.get("seat"), p.get("value"), p.get("reason")
    item = p.get("item")  # a score pad's category
    if command == "correct" and isinstance(seat, int) and value is not None:
        return Correct(seat, value, item if isinstance(item, str) else None)
    if command == "void" and isinstance(reason, str):
        return Void(reason)
    return Host(command, params)


@dataclass
class Banner:
    text: Msg
    until: float


class Controller:
    def __init__(self, history: History[Any], journal: Journal | None, translate: Translate,
                 wall_ms: Callable[[], int] | None = None, kiosk: bool = False) -> None:
        self.history = history
        self.commands = AppCommands(kiosk)  # quitting (confirmed), the app's own entries
        # Wall-clock epoch ms for timed host commands (a trade timer); None: not stamped.
        self.wall_ms = wall_ms
        self.journal = journal
        self.translate = translate
        self.game: Game[Any] = history.game
        n = len(history.setup.seats)
        self.sessions = {s: BoxSession(s, translate) for s in range(n)}
        self.connected = dict.fromkeys(range(n), True)
        self.banner: Banner | None = None
        self.host_menu = HostMenu()
        # Boxes asking for a seat wait here for the host (the runner gives it a log file).
        self.claims = ClaimDesk([s.name for s in history.setup.seats])
        self.on_reveal: Callable[[], None] | None = None  # e.g. a chime (display/sound.py)
        self._now = 0.0
        # When a down journal is tried again (0.0: at the first chance, for a disk that
        # refused it at start); None while it writes.
        self._retry_at: float | None = (0.0 if journal is not None and journal.down is not None
                                        else None)
        if journal is not None and journal.down is not None:
            log.warning(down_line(journal.down).render(translate))
        # Made once per state (the state objects are immutable; a new one is a change).
        self._view: tuple[Any, list[Note], TableView] | None = None
        self._ahead = WorkedOut()  # the states seat entries would bring (`likely`)
        # The host's undos, corrections and voids, kept in the table's log after their
        # banner (app.table_log); the newest few are enough, older ones have scrolled off.
        self.notes: list[Note] = []
        self._menu: tuple[Any, int, Menu[MenuEntry]] | None = None
        self._sync()

    @property
    def state(self) -> Any:
        return self.history.state

    def _sync(self) -> None:
        prompts = self._ahead.prompts(self.state)
        for seat, session in self.sessions.items():
            prompt = prompts.get(seat)
            session.sync(prompt if prompt is not None else seat_view(self.game, self.state, seat))

    def likely(self, entry: Enter) -> tuple[TableView, dict[int, Prompt]]:
        """The table view and every seat's prompt after `entry` (IllegalAction when it
        would be refused), worked out while the table waits (app.look_ahead) and kept
        until the state changes (`worked_out`)."""
        return self._ahead.entry(self.history, self.notes, self.sessions, entry)

    # -- input

    def handle(self, item: InputItem, now: float) -> bool:
        """Process one input; True when anything visible may have changed."""
        self._now = now
        if isinstance(item, ClaimRequest | ClaimWithdrawn | ClaimAway):
            return self.claims.handle(item, now)
        if isinstance(item, SeatIntent) and item.seat == HOST_SEAT:
            if self.claims.on_host_intent(item, now):
                return True  # a box waiting for a seat is answered before the menu
            options = self.host_options()
            index = self.host_menu.index % max(1, len(options))  # OK runs this one
            chosen = self.host_menu.on_intent(item, options, now)
            if isinstance(chosen, Host) and self.wall_ms is not None:
                # Timed commands carry the moment the host chose: stamp the entry now.
                stamped = self._game_entries(self.wall_ms())
                again = stamped[index].action if index < len(stamped) else None
                if isinstance(again, Host):
                    chosen = again
            if isinstance(chosen, AppCommand) and self.claims.run(chosen, now):
                pass  # a seat released from its box
            elif isinstance(chosen, AppCommand):
                follow, said = self.commands.run(chosen, now)
                if follow is not None:  # a question: the menu shows its answer next
                    self.host_menu.show(self.host_options(), follow, now)
                if said is not None:
                    self.banner = Banner(said, now + BANNER_SECONDS)
            elif chosen is not None:
                self.submit(chosen, now, seat=None)
            return True
        if isinstance(item, SeatIntent):
            session = self.sessions.get(item.seat)
            if session is None:
                return False
            wanted = session.on_intent(item, now)
            if wanted is not None:
                self.submit(wanted, now, seat=item.seat)
            return True
        if isinstance(item, HostInput):
            self.submit(host_action(item.command, item.params), now, seat=None)
            return True
        if isinstance(item, BoxStatus):
            if item.seat in self.connected:
                self.connected[item.seat] = item.connected
            return True
        return False

    def submit(self, action: Action, now: float, seat: int | None) -> bool:
        """Check, journal (fsync), accept. Returns whether the action was accepted."""
        try:
            new_state, events = self.history.check(action)
        except (IllegalAction, MalformedInput) as exc:
            text = exc.message if isinstance(exc, IllegalAction) else msg("{e}", e=str(exc))
            if seat is not None:
                self.sessions[seat].flash(text, now)
            else:
                self.banner = Banner(msg("Host: {why}", why=text), now + BANNER_SECONDS)
            return False
        if self.journal is not None:
            try:
                self.journal.append(action)  # fsynced: only now may anyone see it confirmed
            except StorageFault as fault:
                self._unsaved(fault, now, seat)
                return False
        revealed = reveals(self.game.sealed(self.history.state), action,
                           self.game.sealed(new_state))
        undone = self.history.actions[-1] if isinstance(action, Undo) else None
        self.history.accept(action, new_state)
        if revealed and self.on_reveal is not None:
            self.on_reveal()
        if seat is None:
            self.banner = None  # the host's earlier refusal is answered by this success
        if isinstance(action, Correct | Void):
            for session in self.sessions.values():
                session.unflash()  # a "You won!" of the old result is no longer true
        self._sync()
        self._show_events(events, now)
        if isinstance(action, Undo | Correct | Void):
            # The history's own line for an undo names the raw action, value and all: the
            # table gets one that names the seat or the command instead.
            said = (self.history.corrections[-1] if undone is None else undone_text(
                self.game, self.state, undone, [s.name for s in self.history.setup.seats]))
            self.banner = Banner(said, now + BANNER_SECONDS)
            anchor = public_view(self.game, self.state).log
            self.notes = [*self.notes[-(NOTES - 1):], Note(said, tuple(anchor))]
        return True

    def escape(self, now: float) -> bool:
        """Esc on the table's keyboard: the table says what it does; True when it quits."""
        self._now = now
        text, quits = self.commands.escape(now)
        self.banner = Banner(text, now + BANNER_SECONDS)
        return quits

    def _unsaved(self, fault: StorageFault, now: float, seat: int | None) -> None:
        """The disk refused the entry: the box says so; the table's banner says why."""
        if seat is not None:
            self.sessions[seat].flash(box_words(fault), now)
        if self._retry_at is None:
            log.warning(down_line(fault).render(self.translate))
            self._retry_at = now + RETRY_SECONDS

    @property
    def storage_fault(self) -> StorageFault | None:
        return self.journal.down if self.journal is not None else None

    def _retry_storage(self, now: float) -> bool:
        """Try a down journal again when its time has come; True when that changed what the
        table shows (the fault passed, or became another)."""
        fault = self.storage_fault
        if fault is None or self._retry_at is None or now < self._retry_at:
            return False
        assert self.journal is not None
        if self.journal.retry():
            log.warning(up_line(fault).render(self.translate))
            self._retry_at = None
            return True
        self._retry_at = now + RETRY_SECONDS
        again = self.storage_fault
        return again is None or again.errno != fault.errno

    def _show_events(self, events: tuple[Event, ...], now: float) -> None:
        for ev in events:
            if ev.seat is not None and ev.seat in self.sessions:
                self.sessions[ev.seat].flash(ev.text, now)

    def host(self, command: str, now: float, **params: Value) -> bool:
        return self.submit(host_action(command, tuple(sorted(params.items()))), now, seat=None)

    # -- time

    def expire(self, now: float) -> bool:
        menu = self.host_menu.deadline(self._now)
        changed = menu is not None and menu <= now  # the host line's highlight or question
        changed |= self.commands.passed(self._now, now)
        changed |= self.claims.expire(now)
        self._now = max(self._now, now)
        for session in self.sessions.values():
            changed |= session.expire(now)
        changed |= self._retry_storage(now)
        if self.banner is not None and now >= self.banner.until:
            self.banner = None
            changed = True
        return changed

    def host_options(self) -> Menu[MenuEntry]:
        """The host menu's entries: the game's, made once per state (a timed command is
        stamped when it is run, see `handle`), then the app's own."""
        state, done = self.state, len(self.history.journal_actions)
        if self._menu is None or self._menu[0] is not state or self._menu[1] != done:
            self._menu = (state, done, self._game_entries(None))
        return Menu([self._menu[2], self.claims.menu_entries(),
                     self.commands.entries(self._now)])

    def _game_entries(self, at_ms: int | None) -> Menu[MenuEntry]:
        # Nothing is offered that would be refused: undo right after a reveal, a void once
        # entries follow the reveal, and (the game over) a correction the entries after it
        # cannot follow.
        h = self.history
        can_undo = bool(h.actions) and not h.last_is_reveal()
        final = self.table_view().final
        correct = h.correct_values()
        if final and correct and not self._correctable(correct):
            correct = {}
        last = h.actions[-1] if h.actions else None
        undo = (msg("Undo game end") if isinstance(last, Host)
                and last.command in ENDS else None)
        return entries(self.game.host_commands(self.state), can_undo, at_ms, correct,
                       [s.name for s in h.setup.seats], h.correct_items(),
                       void=h.last_is_reveal(), final=final, undo_label=undo)

    def _correctable(self, correct: dict[int, tuple[Value, ...]]) -> bool:
        """Whether a correction of the last round would be taken (one tried: the entries
        after the round replay with it or they do not)."""
        first = next(((s, v[0]) for s, v in sorted(correct.items()) if v), None)
        if first is None:
            return False
        try:
            self.history.check(Correct(*first))
        except (IllegalAction, MalformedInput):
            return False
        return True

    def next_deadline(self) -> float | None:
        times = [s.flash_deadline() for s in self.sessions.values()]
        if self.banner is not None:
            times.append(self.banner.until)
        times.append(self.claims.next_deadline())
        times.append(self.host_menu.deadline(self._now))
        if self._retry_at is not None:
            times.append(self._retry_at)
        times.append(self.commands.next_deadline(self._now))
        return min((t for t in times if t is not None), default=None)

    def check_timer(self, view: TableView, now: float) -> bool:
        """A running countdown whose deadline has passed: tell the game time is up (once)."""
        timer = view.timer
        if (self.wall_ms is None or timer is None or not timer.running
                or timer.deadline_ms is None):
            return False
        wall = self.wall_ms()
        if wall < timer.deadline_ms:
            return False
        if not any(c.command == "timer_check" for c in self.game.host_commands(self.state)):
            return False
        return self.submit(Host.make("timer_check", at_ms=wall), now, seat=None)

    # -- output

    def table_view(self) -> TableView:
        """The public view, made once per state: an unchanged table is the same object. Its
        log holds the host's corrections too, after the lines they followed."""
        if (self._view is None or self._view[0] is not self.state
                or self._view[1] is not self.notes):
            view = (self._ahead.view(self.state, self.notes)
                    or with_notes(public_view(self.game, self.state), self.notes))
            self._view = (self.state, self.notes, view)  # a new note is a new list
        return self._view[2]

    def lcd_lines(self, seat: int) -> tuple[str, str]:
        if seat == HOST_SEAT:
            return self.host_lcd_lines()
        return self.sessions[seat].lines()

    def host_lcd_lines(self) -> tuple[str, str]:
        """A host box's LCD: the menu entry OK would run (command, then its value), or the
        question a destructive entry asks."""
        asking = self.host_menu.asking(self._now)
        if asking is not None:
            first = asking.command if asking.command is not None else asking.label
            return fit(self.translate("OK again: sure?")), fit(self._text(first))
        entry = self.host_menu.current(self.host_options())
        if entry is None:
            return fit(self.translate("Host")), fit(self.translate("nothing to do"))
        first = entry.command if entry.command is not None else entry.label
        second = entry.value if entry.value is not None else msg("OK runs it")
        return fit(self._text(first)), fit(self._text(second))

    def _text(self, text: Msg | str) -> str:
        return text.render(self.translate) if isinstance(text, Msg) else text

    def led_mode(self, seat: int) -> str:
        if seat == HOST_SEAT:
            return "off"
        return self.sessions[seat].led()

    def host_hint(self) -> Msg:
        """The host line, always on the screen: the current choice and the keys, or the
        question a destructive entry asks. It has a line of its own, so it never hides a
        correction's banner. While a box waits for a seat, the line is that question
        ("Phone for Cyrille? Return to accept, Left to refuse"): the host's keys answer it."""
        question = self.claims.question()
        if question is not None:
            return question
        return self.host_menu.line(self.host_options(), self._now)

    def host_line(self, final: bool = False) -> HostLine:
        """The screen's host line and waiting line (`final`: the game is over)."""
        asking = self.host_menu.asking(self._now) is not None or bool(self.claims.pending)
        return HostLine(self.host_hint(), self.waiting_text(final),
                        self.host_menu.choosing(self._now), asking)

    def waiting_text(self, final: bool = False) -> Msg | None:
        """What the table waits for and from whom (app.waiting); None once the game is over
        (`final`: the table view's)."""
        prompts = {s: session.prompt for s, session in self.sessions.items()}
        names = [s.name for s in self.history.setup.seats]
        return waiting_line(prompts, names, self.translate, final)

    def banner_text(self) -> Msg | None:
        """A storage fault, else a correction, undo or refusal banner, for its whole time,
        else the last seat claim decided ("Phone took over Ann's seat"). The host's menu and
        a box's claim have their own line: `host_hint`."""
        if self.storage_fault is not None:  # stays up until the disk writes again
            return table_words(self.storage_fault)
        if self.banner is not None:
            return self.banner.text
        return self.claims.notice(self._now)
