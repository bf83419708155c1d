"""Real table views from the Camel Up engine, and from every game's demo, shared by the
display tests and the screenshots.

Everything is built through the engine's own history (Setup, Host start, Enter), so the
display is tested on exactly what a game produces, not on hand-made views.
"""

from __future__ import annotations

from dataclasses import replace

from companion.app.demos import Shot, demo_for, play_until
from companion.engine.actions import Action, Enter, Host
from companion.engine.game import public_view
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import DEFAULT_COLOURS, Seat
from companion.engine.text import Msg, msg
from companion.engine.views import Cell, Panel, SeatLine, TableView, TimerView

NAMES = ("Anna", "Bruno", "Chiara", "Dev", "Ewa")


def demo_views(game_id: str, every: int) -> list[TableView]:
    """The table of `game_id`'s demo at every `every`-th shot (one phase to the next)."""
    demo = demo_for(game_id)
    shots = [step.name for step in demo.steps if isinstance(step, Shot)]
    views = []
    for name in shots[::every]:
        history = play_until(demo, before_shot=name)
        views.append(public_view(history.game, history.state))
    return views

# The reveal scenario: The Lucky 0 with two 0s. The first reveal (0, 0, 3, 3) has no value
# held by one seat alone, so the tied 3s and 0s all drop out (struck through) and everybody
# bids again; the second (0, 0, 4, 2) is won by Chiara's 4 and both 0s lose 2.
FIRST_REVEAL = (0, 0, 3, 3)
SECOND_REVEAL = (0, 0, 4, 2)


def camel_history(seats: int = 4) -> History:
    game = get_game("camel-up")
    setup = Setup("camel-up",
                  tuple(Seat(NAMES[i], DEFAULT_COLOURS[i]) for i in range(seats)))
    return History.start(game, setup)


def play(history: History, *actions: Action) -> History:
    for action in actions:
        history.apply(action)
    return history


def start_lucky0(seats: int = 4) -> History:
    return play(camel_history(seats), Host.make("start", card="lucky_0"))


def reveal_history() -> History:
    history = start_lucky0(4)
    play(history, *(Enter(s, v) for s, v in enumerate(FIRST_REVEAL)))
    play(history, *(Enter(s, v) for s, v in enumerate(SECOND_REVEAL)))
    return history


def table(history: History) -> TableView:
    view = history.game.table(history.state)
    assert isinstance(view, TableView)
    return view


def reveal_view() -> TableView:
    return table(reveal_history())


def lcd_lines(history: History) -> dict[int, tuple[str, str]]:
    """What each seat's LCD might show: the demo's mock-ups (the app formats the real ones)."""
    out: dict[int, tuple[str, str]] = {}
    for seat in range(len(history.setup.seats)):
        prompt = history.game.prompt(history.state, seat)
        line1 = prompt.label.render()[:16]
        if prompt.locked:
            line2 = "LOCKED"
        elif prompt.kind == "number":
            line2 = f"> {prompt.initial!s:<5} ${prompt.money}"
        else:
            line2 = prompt.info.render() if prompt.info else ""
        out[seat] = (line1.ljust(16), line2[:16].ljust(16))
    return out


def many_seats_view(count: int = 18, hidden_money: bool = False) -> TableView:
    """A big table (Mega Civilization plays up to 18): the Camel Up view with extra seats."""
    base = reveal_view()
    statuses = ("thinking", "locked", "waiting", "turn", "done", "out")
    seats = tuple(
        SeatLine(i, f"Player {i + 1}" if i else "Maximilian-Alexander", DEFAULT_COLOURS[i % 18],
                 None if hidden_money else 10 * i + 3, statuses[i % len(statuses)],  # type: ignore[arg-type]
                 (msg("First Player"),) if i == 0 else ())
        for i in range(count))
    return replace(base, seats=seats)


def timer_view(warning: bool = False, remaining_ms: int = 95_000) -> TableView:
    base = table(start_lucky0(4))
    return replace(base, timer=TimerView(msg("Trade"), remaining_ms, True, warning))


def long_text_view() -> TableView:
    """Texts far too long for any box: they must be cut or wrapped, never drawn off-screen."""
    base = reveal_view()
    long = "Supercalifragilisticexpialidocious " * 6
    seats = tuple(replace(s, name=s.name + " the Magnificent of Very Long Names")
                  for s in base.seats)
    panel = Panel(Msg(long), ((Cell(long), Cell("1234567890" * 8, "win")),), Msg(long * 3))
    return replace(base, headline=Msg(long), detail=Msg(long), seats=seats,
                   panels=(*base.panels, panel), log=(*base.log, Msg(long)))
