"""The controller: the box shows LOCKED only after the journal has the bid; refusals
flash on the seat's own LCD and change nothing; the host undo shows as a correction."""

from __future__ import annotations

from pathlib import Path

from companion.app.controller import Controller
from companion.app.journal import Journal, load
from companion.boxes.vocabulary import HostInput, Intent, SeatIntent
from companion.engine.actions import Action, Host
from companion.engine.history import History, Setup
from companion.engine.registry import get_game
from companion.engine.seats import Seat
from companion.i18n import translator

GAME = get_game("camel-up")
SETUP = Setup(GAME.id, tuple(Seat(n) for n in ("Ann", "Bob", "Cy")), {"start_coins": 5})


class SpyJournal(Journal):
    """Records what seat 0's LCD showed at the moment each line hit the disk."""

    def __init__(self, path: Path, controller_ref: list[Controller]) -> None:
        super().__init__(path)
        self.ref = controller_ref
        self.seen: list[tuple[str, str]] = []

    def append(self, action: Action) -> None:
        super().append(action)
        self.seen.append(self.ref[0].lcd_lines(0))


def make(tmp_path: Path) -> tuple[Controller, SpyJournal]:
    Journal.create(tmp_path / "j.jsonl", SETUP).close()
    ref: list[Controller] = []
    j = SpyJournal(tmp_path / "j.jsonl", ref)
    c = Controller(History.start(GAME, SETUP), j, translator("en"))
    ref.append(c)
    return c, j


def press(c: Controller, seat: int, intent: Intent, n: int = 1, now: float = 0.0) -> None:
    for _ in range(n):
        c.handle(SeatIntent(seat, intent), now)


def test_lock_is_on_disk_before_the_box_says_locked(tmp_path: Path) -> None:
    c, j = make(tmp_path)
    c.handle(HostInput("start", (("card", "highest_bet"),)), 0.0)
    assert c.lcd_lines(0) == ("Bid           $5", "<0>      OK=lock")
    press(c, 0, Intent.PLUS, 3)
    assert c.lcd_lines(0)[1].startswith("<3>")
    press(c, 0, Intent.OK)
    assert "LOCKED" not in j.seen[-1][0]  # when fsync returned, the LCD had not said LOCKED
    assert c.lcd_lines(0) == ("LOCKED 3      $5", "hold OK: unlock ")
    assert c.led_mode(0) == "blink" and c.led_mode(1) == "on"
    assert [a for a in load(tmp_path / "j.jsonl").actions][-1].value == 3  # type: ignore[attr-defined]


def test_bid_over_money_flashes_on_own_box_and_changes_nothing(tmp_path: Path) -> None:
    c, j = make(tmp_path)
    c.host("start", 0.0, card="cannot_bet_2")
    press(c, 1, Intent.PLUS, 2)
    assert c.lcd_lines(1)[1] == "<2>  not allowed"
    before = len(j.seen)
    press(c, 1, Intent.OK, now=1.0)
    assert c.lcd_lines(1) == ("Cannot bet 2    ", "this auction    ")
    assert c.lcd_lines(0)[0].startswith("Bid")  # nobody else sees it
    assert len(j.seen) == before and not c.state.current.bids.is_locked(1)
    c.expire(1.0 + 2.6)
    assert c.lcd_lines(1)[1] == "<2>  not allowed"


def test_hold_ok_unlocks_then_all_locked_reveals(tmp_path: Path) -> None:
    c, _ = make(tmp_path)
    c.host("start", 0.0, card="highest_bet")
    press(c, 0, Intent.PLUS, 4)
    press(c, 0, Intent.OK)
    press(c, 0, Intent.OK_HELD)
    assert c.lcd_lines(0)[1].startswith("<4>")  # unlocked, draft kept
    press(c, 0, Intent.MINUS)
    press(c, 0, Intent.OK)
    press(c, 1, Intent.PLUS, 1)
    press(c, 1, Intent.OK)
    press(c, 2, Intent.OK)
    assert c.state.phase == "income"
    assert c.lcd_lines(0) == ("You won!        ", "                ")
    assert [s.money for s in c.table_view().seats] == [2, 5, 5]


def test_host_undo_banner_and_refused_host_command(tmp_path: Path) -> None:
    c, _ = make(tmp_path)
    c.host("start", 0.0, card="highest_bet")
    c.host("undo", 1.0)
    banner = c.banner_text()
    # By the command's menu label, never the raw action.
    assert banner is not None and banner.render() == "Host undid: Start auction: Highest bet"
    assert c.state.phase == "card"
    c.host("abandon", 2.0)
    banner = c.banner_text()
    assert banner is not None and "No auction" in banner.render()


def test_accelerated_steps_land_on_multiples_in_both_directions() -> None:
    from companion.app.boxui import step_value

    assert [step_value(v, 5, 1, 0, 100) for v in (13, 15, 99)] == [15, 20, 100]
    assert [step_value(v, 5, -1, 0, 100) for v in (13, 15, 20, 3)] == [10, 10, 15, 0]
    assert step_value(7, 1, -1, 0, 100) == 6 and step_value(0, 1, -1, 0, 100) == 0


def test_holding_minus_goes_down(tmp_path: Path) -> None:
    c, _ = make(tmp_path)
    c.history.apply(Host.make("adjust", seat=0, amount=95))  # 100 coins: the bid can go high
    c._sync()
    c.host("start", 0.0, card="highest_bet")
    c.handle(SeatIntent(0, Intent.PLUS, step=25), 0.0)
    c.handle(SeatIntent(0, Intent.PLUS, step=25), 0.0)  # 25, 50
    for step in (1, 5, 10, 25):  # an accelerating hold of minus
        before = c.sessions[0].draft
        c.handle(SeatIntent(0, Intent.MINUS, step=step), 0.0)
        assert isinstance(before, int) and c.sessions[0].draft < before


def test_the_host_banner_shows_for_four_seconds(tmp_path: Path) -> None:
    """Pinned in seconds, not by the constant: long enough to read across the table."""
    c, _ = make(tmp_path)
    c.host("start", 10.0, card="highest_bet")
    c.host("undo", 10.0)
    assert c.banner_text() is not None and c.next_deadline() == 14.0
    c.expire(13.99)
    assert c.banner_text() is not None
    assert c.expire(14.0)
    assert c.banner_text() is None
