"""Polish letters on the 16x2 LCDs: custom characters (CGRAM) through the real charlcd code,
read back from the fake HD44780 by their glyph patterns.

The A00 character ROM has no ą ć ę ł ń ó ś ź ż. `LcdWriter(mapper=POLISH)` defines up to 8
of them per LCD, for the letters the screen on it needs, keeps them from frame to frame, and
falls back to the plain letter when a screen needs more than 8.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.app.boxui import BoxSession
from companion.boxes.fake_lcd import HD44780, FakeMCP23008Bus, FakePCF8574Bus
from companion.boxes.lcd import LcdWriter
from companion.boxes.lcd_backpacks import CharLcd
from companion.boxes.lcd_text import CGRAM_SLOTS, POLISH, POLISH_GLYPHS, CgramAllocator, to_hd44780
from companion.boxes.mock_rig import MockRig
from companion.engine.prompts import Choice, Prompt
from companion.engine.text import msg, msg_in
from companion.i18n import translator

LcdAndBus = tuple[CharLcd, FakeMCP23008Bus | FakePCF8574Bus]
LETTERS = "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ"


def glass(bus: FakeMCP23008Bus | FakePCF8574Bus) -> list[str]:
    return bus.model.text()


def pad(*lines: str) -> list[str]:
    return [line.ljust(16) for line in lines]


class CountingLcd:
    """A CharLcd that records writes: DDRAM runs and CGRAM definitions, in order."""

    def __init__(self) -> None:
        self.model = HD44780()
        self.ops: list[tuple[str, int, object]] = []
        self._col = self._row = 0

    def cursor_position(self, column: int, row: int) -> None:
        self._col, self._row = column, row

    @property
    def message(self) -> str | None:
        return None

    @message.setter
    def message(self, message: str) -> None:
        self.ops.append(("text", self._row, (self._col, message)))
        start = (0x00, 0x40)[self._row] + self._col
        for i, ch in enumerate(message):
            self.model.ddram[start + i] = ord(ch)

    def create_char(self, location: int, pattern: Sequence[int]) -> None:
        self.ops.append(("glyph", location, tuple(pattern)))
        self.model.cgram[location * 8:location * 8 + 8] = bytes(pattern)

    def glyphs(self) -> list[int]:
        return [slot for kind, slot, _ in self.ops if kind == "glyph"]


# --- the glyphs --------------------------------------------------------------------------------


def test_every_polish_letter_has_its_own_5x8_glyph() -> None:
    assert set(POLISH_GLYPHS) == set(LETTERS)
    patterns = list(POLISH_GLYPHS.values())
    assert len(set(patterns)) == len(patterns)  # no two letters (Ó/ó, Ż/ż) look the same
    for pattern in patterns:
        assert len(pattern) == 8 and all(0 <= row < 32 for row in pattern)


def test_without_custom_characters_the_letters_are_spelled_plain() -> None:
    assert POLISH("Zażółć gęślą jaźń") == to_hd44780("Zażółć gęślą jaźń") == "Zazolc gesla jazn"


# --- the real charlcd code on both backpacks -----------------------------------------------------


def test_polish_letters_reach_the_glass(lcd_on_bus: LcdAndBus) -> None:
    lcd, bus = lcd_on_bus
    LcdWriter(lcd, mapper=POLISH).write(["Zażółć gęślą", "Łoś i żółw"])  # 8 letters
    assert glass(bus) == pad("Zażółć gęślą", "Łoś i żółw")
    # On the chip: codes 0-7 in DDRAM, their patterns in CGRAM.
    raw = "".join(bus.model.lines())
    assert sorted({ord(ch) for ch in raw if ord(ch) < 8}) == list(range(8))
    assert bus.model.clears() == 1  # the constructor's; defining glyphs never clears


def test_a_bid_step_redefines_nothing(lcd_on_bus: LcdAndBus) -> None:
    lcd, bus = lcd_on_bus
    writer = LcdWriter(lcd, mapper=POLISH)
    writer.write(["Stawka      $240", "<20>    OK=zatw."])
    writer.write(["Podbij      $240", "<25> OK=wybór"])
    defined = writer.glyphs_written
    before = bus.model.data_writes()
    writer.write(["Podbij      $240", "<30> OK=wybór"])
    assert writer.glyphs_written == defined  # ó was defined already: no CGRAM traffic
    assert bus.model.data_writes() - before == 2  # just "30" over "25"
    assert glass(bus) == pad("Podbij      $240", "<30> OK=wybór")


def test_a_screen_needing_more_than_8_letters_spells_the_rest_plain(
        lcd_on_bus: LcdAndBus) -> None:
    lcd, bus = lcd_on_bus
    LcdWriter(lcd, mapper=POLISH).write(["ąąą ććć ę ł ń ó", "ś ź ż Ą"])
    shown = glass(bus)
    # 12 different letters: the 8 most frequent (ą and ć first) get glyphs, the rest fall
    # back to the ROM's plain letter, so nothing is ever a wrong letter.
    assert shown[0].startswith("ąąą ććć")
    polish = [ch for ch in "".join(shown) if ch in LETTERS]
    assert len(set(polish)) == CGRAM_SLOTS
    plain = "".join(shown).replace(" ", "")
    assert len(plain) == len("ąąąćććęłńóśźżĄ")
    for got, want in zip(plain, "ąąąćććęłńóśźżĄ", strict=True):
        assert got == want or got == to_hd44780(want)


def test_text_beyond_16_columns_takes_no_slot() -> None:
    lcd = CountingLcd()
    LcdWriter(lcd, mapper=POLISH).write(["x" * 16 + "ąćęłńóśź", "ż"])
    assert lcd.glyphs() == [0]  # only ż is on the glass
    assert lcd.model.text()[1].startswith("ż")


# --- slots kept, reused and rewritten ------------------------------------------------------------


def test_allocations_stay_put_while_the_letters_are_shown() -> None:
    alloc = CgramAllocator(POLISH)
    _first, defs1 = alloc.plan(["Zażółć", ""], 16)
    _again, defs2 = alloc.plan(["żółć Zaż", ""], 16)
    assert sorted(defs1) == [0, 1, 2, 3] and defs2 == {}
    assert alloc.letters[:4] == ["ż", "ó", "ł", "ć"]


def test_a_reused_slot_first_rewrites_the_cells_still_showing_its_old_letter() -> None:
    lcd = CountingLcd()
    writer = LcdWriter(lcd, mapper=POLISH)
    writer.write(["ąćęłńóśź  idle", ""])  # all 8 slots taken
    lcd.ops.clear()
    # The new screen keeps 7 of them and needs ż: the slot of the letter that left (ą) is
    # the one reused. Its old cell (column 0) must not turn into ż on the glass: it is
    # rewritten before the glyph changes.
    writer.write([" ćęłńóśź  idle", "ż"])
    kinds = [(kind, slot) for kind, slot, _ in lcd.ops]
    glyph_at = kinds.index(("glyph", 0))
    assert ("text", 0) in kinds[:glyph_at]  # row 0 cell rewritten first...
    assert kinds[:glyph_at][0] == ("text", 0) and lcd.ops[0][2] == (0, " ")
    assert lcd.model.text() == pad(" ćęłńóśź  idle", "ż")


def test_the_least_recently_needed_slot_goes_first() -> None:
    alloc = CgramAllocator(POLISH)
    alloc.plan(["ąćęłńóśź", ""], 16)
    alloc.plan(["ćęłńóśź", ""], 16)  # ą not needed any more
    alloc.plan(["ęłńóśź", ""], 16)  # nor ć
    _, defs = alloc.plan(["ż", ""], 16)
    assert list(defs) == [alloc.letters.index("ż")] == [0]  # ą's slot, idle longest
    _, defs = alloc.plan(["Ż ż", ""], 16)
    assert list(defs) == [1]  # then ć's


def test_an_unknown_glass_redefines_its_letters(lcd_on_bus: LcdAndBus) -> None:
    lcd, bus = lcd_on_bus
    writer = LcdWriter(lcd, mapper=POLISH)
    writer.write(["Źle", "ż"])
    bus.model.cgram[:] = bytes(64)  # a replugged LCD: CGRAM lost
    writer.invalidate()
    writer.write(["Źle", "ż"])
    assert glass(bus) == pad("Źle", "ż")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet=LETTERS + "ab $0<>", max_size=20), min_size=2, max_size=8))
def test_any_sequence_of_screens_reads_back_right(screens: list[str]) -> None:
    """Whatever came before, the glass reads as the newest screen (a letter left out only
    when a screen needs more than 8 different ones, and then as its plain letter)."""
    lcd = CountingLcd()
    writer = LcdWriter(lcd, mapper=POLISH)
    for i in range(0, len(screens) - 1, 2):
        lines = [screens[i][:16], screens[i + 1][:16]]
        writer.write(lines)
        want = [line.ljust(16) for line in lines]
        got = lcd.model.text()
        for g_line, w_line in zip(got, want, strict=True):
            for g, w in zip(g_line, w_line, strict=True):
                assert g == w or (g == to_hd44780(w) and len(set("".join(lines)) & set(
                    LETTERS)) > CGRAM_SLOTS)


# --- the whole path: Polish boxes on the mock rig ------------------------------------------------


def test_polish_prompts_on_the_mock_rig_read_back_from_the_bus() -> None:
    """BoxSession in Polish -> LcdBus -> real charlcd -> fake I2C -> HD44780 -> text."""
    pl = translator("pl")
    with MockRig(2) as rig:
        screens = []
        for seat in range(2):
            box = BoxSession(seat, pl)
            box.sync(Prompt("number", msg("Bid"), lo=0, hi=240, step=5, sealed=True,
                            money=240, initial=20, must_act=True))
            screens.append(box.lines())
            rig.boxes[seat].lcd.show(*box.lines())
        assert rig.flush()
        assert rig.lcd_lines(0) == ("Stawka      $240", "<20>    OK=zatw.")
        box = BoxSession(1, pl)
        box.sync(Prompt("choice", msg("Auction a shop"), choices=tuple(
            Choice(k, msg("{colour} {n}", colour=msg_in("shop colour, 3 letters", c), n=5))
            for k, c in (("yellow5", "Yel"), ("red5", "Red")))))
        box.flash(msg("LOCKED\nhold OK: unlock"), now=0.0)
        rig.boxes[1].lcd.show(*box.lines())
        assert rig.flush()
        assert rig.lcd_lines(1) == ("ZATWIERDZONE    ", "trzymaj OK=zmień")
        box.expire(10.0)
        rig.boxes[1].lcd.show(*box.lines())
        assert rig.flush()
        assert rig.lcd_lines(1) == ("Licytuj sklep   ", "<Żółt 5>        ")
        # What the chip holds: custom characters, not '?' or plain letters.
        raw = rig.chips[1].model.lines()[1]
        assert raw[1:5] != "Zolt" and all(ord(c) < 8 for c in raw[2:4])


@pytest.mark.parametrize("lines", [("Wygrywasz!", "Masz 240"), ("Brak pieniędzy", "masz 15")])
def test_pcf8574_and_mcp23008_decode_the_same(lcd_on_bus: LcdAndBus,
                                              lines: tuple[str, str]) -> None:
    lcd, bus = lcd_on_bus
    LcdWriter(lcd, mapper=POLISH).write(list(lines))
    assert glass(bus) == pad(*lines)
