"""LCD text mapping, diff writing through the real charlcd code, and the bus writer thread."""

from __future__ import annotations

import threading
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.boxes.fake_lcd import FakeI2CBus, FakeMCP23008Bus, FakePCF8574Bus, fast_charlcd
from companion.boxes.lcd import LcdBus, LcdWriter, changed_runs
from companion.boxes.lcd_backpacks import CharLcd, mcp23008_lcd, pcf8574_lcd
from companion.boxes.lcd_text import to_hd44780

LcdAndBus = tuple[CharLcd, FakeMCP23008Bus | FakePCF8574Bus]

# Every code the A00 ROM draws as the glyph we mean: ASCII 0x20-0x7D without backslash (yen
# in this ROM), plus the ROM-only symbols to_hd44780 maps to on purpose.
DRAWABLE = {chr(c) for c in range(0x20, 0x7E) if c != 0x5C} | set(
    "\x5c\x7e\x7f\xa5\xdf\xe1\xe2\xe4\xee\xef\xf5\xfd"
)


# --- to_hd44780 -----------------------------------------------------------------------------


def test_plain_ascii_passes_unchanged() -> None:
    assert to_hd44780("Bid: 12 coins [OK] {x} |#@") == "Bid: 12 coins [OK] {x} |#@"


def test_backslash_and_tilde_get_stand_ins_not_yen_or_arrow() -> None:
    out = to_hd44780("a\\b~c")
    assert out == "a/b-c"


def test_accents_are_stripped_and_polish_letters_spelled_plain() -> None:
    assert to_hd44780("Zażółć gęślą jaźń") == "Zazolc gesla jazn"
    assert to_hd44780("Łukasz Żółw") == "Lukasz Zolw"
    assert to_hd44780("Émile, François") == "Emile, Francois"


def test_rom_symbols_use_their_rom_codes() -> None:
    assert to_hd44780("20°") == "20\xdf"
    assert to_hd44780("→") == "\x7e"
    assert to_hd44780("München") == "M\xf5nchen"  # the ROM has a lowercase u-umlaut


def test_unknown_characters_become_question_marks() -> None:
    assert to_hd44780("王 ☃") == "? ?"


def test_control_characters_become_blanks_so_charlcd_never_jumps_lines() -> None:
    assert to_hd44780("a\nb\tc") == "a b c"


@given(st.text())
def test_every_mapped_character_is_drawable(text: str) -> None:
    assert set(to_hd44780(text)) <= DRAWABLE


# --- changed_runs -------------------------------------------------------------------------------


def test_runs_merge_across_small_gaps_and_split_across_large_ones() -> None:
    assert changed_runs("abcdefgh", "abXdefgh") == [(2, 3)]
    assert changed_runs("abcdefgh", "XbXdefgh") == [(0, 3)]  # 1 unchanged between: merged
    assert changed_runs("abcdefgh", "XbcdefgX") == [(0, 1), (7, 8)]
    assert changed_runs("same", "same") == []
    assert changed_runs(None, "new!") == [(0, 4)]


# --- LcdWriter on the real charlcd code --------------------------------------------------------


def test_both_backpacks_show_the_text(lcd_on_bus: LcdAndBus) -> None:
    lcd, bus = lcd_on_bus
    LcdWriter(lcd).write(["Bid: 12 coins", "Winner: Alice"])
    assert bus.model.lines() == ["Bid: 12 coins   ", "Winner: Alice   "]
    assert bus.chip.backlight  # the MCP23008 path drops it unless re-set after construction


def test_changing_a_bid_writes_only_the_changed_characters(lcd_on_bus: LcdAndBus) -> None:
    lcd, bus = lcd_on_bus
    writer = LcdWriter(lcd)
    writer.write(["Camel: blue", "Your bid:     9"])
    before = bus.model.data_writes()
    writer.write(["Camel: blue", "Your bid:    10"])
    assert bus.model.lines() == ["Camel: blue     ", "Your bid:    10 "]
    assert bus.model.data_writes() - before == 2  # "10" over " 9"; a full redraw is 32
    assert bus.model.clears() == 1  # only the library's constructor ever cleared


def test_shorter_text_overwrites_longer_text(lcd_on_bus: LcdAndBus) -> None:
    lcd, bus = lcd_on_bus
    writer = LcdWriter(lcd)
    writer.write(["Winner: Alice", "Paid 40 coins"])
    writer.write(["Hi", ""])
    assert bus.model.lines() == ["Hi" + " " * 14, " " * 16]


def test_same_text_again_costs_no_bus_traffic(lcd_on_bus: LcdAndBus) -> None:
    lcd, bus = lcd_on_bus
    writer = LcdWriter(lcd)
    writer.write(["Locked", "Bid 15"])
    writes = bus.count.writes
    assert writer.write(["Locked", "Bid 15"]) == 0
    assert bus.count.writes == writes


def test_long_lines_are_cut_and_never_spill_into_line_two(lcd_on_bus: LcdAndBus) -> None:
    lcd, bus = lcd_on_bus
    LcdWriter(lcd).write(["0123456789abcdefXYZ", "second"])
    assert bus.model.lines() == ["0123456789abcdef", "second          "]


def test_invalidate_repaints_everything_after_the_glass_was_disturbed(
    lcd_on_bus: LcdAndBus,
) -> None:
    lcd, bus = lcd_on_bus
    writer = LcdWriter(lcd)
    writer.write(["Round 2", "Bid: 7"])
    lcd.message = "garbage!"  # e.g. a glitch on the wire
    writer.invalidate()
    writer.write(["Round 2", "Bid: 7"])
    assert bus.model.lines() == ["Round 2         ", "Bid: 7          "]


def test_skipping_the_sleeps_is_opt_in_and_undone() -> None:
    import adafruit_character_lcd.character_lcd as base
    import adafruit_character_lcd.character_lcd_i2c as i2c

    import companion.boxes.mock_rig  # noqa: F401 - importing the rig alone must not patch anything

    assert base.time is time and i2c.time is time  # a real HD44780 needs the delays
    first, second = fast_charlcd(), fast_charlcd()
    assert base.time is not time and i2c.time is not time
    first()
    first()  # a second call is harmless
    assert base.time is not time  # the other user still runs fast
    second()
    assert base.time is time and i2c.time is time


def test_a_wrong_address_fails_at_construction(fast_lcd: None) -> None:
    with pytest.raises(ValueError, match="0x25"):
        pcf8574_lcd(FakePCF8574Bus(address=0x27), 0x25)
    with pytest.raises(ValueError, match="0x20"):
        mcp23008_lcd(FakeI2CBus(), 0x20)


# --- LcdBus ----------------------------------------------------------------------------------


class GateLcd:
    """A charlcd stand-in whose writes block until the gate opens; records what it got."""

    def __init__(self, gate: threading.Event | None = None, name: str = "",
                 log: list[str] | None = None) -> None:
        self.gate = gate or threading.Event()
        self.entered = threading.Event()
        self.name, self.log = name, log
        self.glass = [[" "] * 16 for _ in range(2)]
        self.messages: list[str] = []
        self._pos = (0, 0)
        self.fail_next = 0

    def cursor_position(self, column: int, row: int) -> None:
        self._pos = (column, row)

    @property
    def message(self) -> str | None:
        return None

    @message.setter
    def message(self, message: str) -> None:
        self.entered.set()
        assert self.gate.wait(5)
        if self.fail_next:
            self.fail_next -= 1
            raise OSError(121, "Remote I/O error")
        col, row = self._pos
        self.glass[row][col : col + len(message)] = list(message)
        self.messages.append(message)
        if self.log is not None:
            self.log.append(f"{self.name}:{message.strip()}")

    def lines(self) -> list[str]:
        return ["".join(r) for r in self.glass]


def test_show_never_waits_for_the_bus_and_the_newest_text_wins() -> None:
    lcd = GateLcd()
    with LcdBus() as bus:
        slot = bus.attach(lambda: lcd)
        slot.show("first", "")
        assert lcd.entered.wait(5)  # the bus thread is now stuck inside a write
        started = time.perf_counter()
        for n in range(100):
            slot.show("Bid", str(n))
        assert time.perf_counter() - started < 0.5  # would hang if show() waited for I/O
        lcd.gate.set()
        assert bus.flush(5)
    assert lcd.lines() == ["Bid" + " " * 13, "99" + " " * 14]
    # Two frames reached the LCD: the one in flight and the newest; none of the 99 between.
    assert lcd.messages == ["first", "Bid  ", "99"]


def test_a_busy_seat_cannot_starve_the_others() -> None:
    gate, log = threading.Event(), list[str]()
    busy, quiet = GateLcd(gate, "busy", log), GateLcd(gate, "quiet", log)
    with LcdBus() as bus:
        a = bus.attach(lambda: busy)
        b = bus.attach(lambda: quiet)
        a.show("", "1")
        assert busy.entered.wait(5)  # the thread is inside busy's write
        a.show("", "2")  # busy wants more before quiet got its turn
        b.show("", "x")
        gate.set()
        assert bus.flush(5)
    assert log == ["busy:1", "quiet:x", "busy:2"]


def test_many_shows_on_a_real_lcd_end_with_the_last_on_the_glass(fast_lcd: None) -> None:
    fake = FakeMCP23008Bus()
    with LcdBus() as bus:
        slot = bus.attach(lambda: mcp23008_lcd(fake))
        for n in range(100):
            slot.show(f"Bid {n}", "Alice")
        assert bus.flush(5)
    assert fake.model.lines() == ["Bid 99          ", "Alice           "]


def test_lcds_on_one_bus_each_keep_their_own_text(fast_lcd: None) -> None:
    fake = FakeI2CBus()
    mcp = FakeMCP23008Bus(address=0x22).chip
    pcf = FakePCF8574Bus(address=0x27).chip
    fake.add(mcp)
    fake.add(pcf)
    with LcdBus() as bus:
        a = bus.attach(lambda: mcp23008_lcd(fake, 0x22))
        b = bus.attach(lambda: pcf8574_lcd(fake, 0x27))
        for n in range(20):
            a.show("seat A", f"{n}")
            b.show("seat B", f"{100 - n}")
        assert bus.flush(5)
    assert mcp.model.lines() == ["seat A          ", "19              "]
    assert pcf.model.lines() == ["seat B          ", "81              "]


def test_a_failing_lcd_is_retried_and_the_bus_thread_survives() -> None:
    lcd = GateLcd()
    lcd.gate.set()
    lcd.fail_next = 1
    with LcdBus(retry_after=0.05) as bus:
        slot = bus.attach(lambda: lcd)
        slot.show("Hello", "world")
        assert bus.flush(5)
        assert lcd.lines() == ["Hello           ", "world           "]
        slot.show("Still", "alive")
        assert bus.flush(5)
    assert lcd.lines() == ["Still           ", "alive           "]


def test_close_writes_what_is_pending(fast_lcd: None) -> None:
    fake = FakePCF8574Bus()
    bus = LcdBus()
    slot = bus.attach(lambda: pcf8574_lcd(fake))
    slot.show("Good night", "")
    bus.close()
    assert fake.model.lines()[0] == "Good night      "
    slot.show("after close", "")  # ignored, never raises
