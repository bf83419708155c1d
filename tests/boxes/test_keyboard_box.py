"""Keyboard boxes: the key map is unambiguous, keys become edges, memory LCD/LED behave."""

from __future__ import annotations

import pytest

from companion.boxes.keyboard_box import (
    HOST_KEYS,
    SEAT_KEYS,
    KeyboardBox,
    MemoryDisplay,
    MemoryLed,
    host_key_map,
    keyboard_edge,
    seat_key_map,
)
from companion.boxes.vocabulary import HOST_SEAT, Box, Key, KeyEdge


def test_no_key_is_used_twice_and_host_keys_are_apart() -> None:
    seat_keys = [k for keys in SEAT_KEYS for k in keys]
    assert len(seat_keys) == len(set(seat_keys)) == 54  # 18 seats of three keys
    assert not set(seat_keys) & set(HOST_KEYS)
    assert len(set(HOST_KEYS.values())) == len(HOST_KEYS)


def test_every_key_name_is_one_pygame_knows() -> None:
    import pygame

    pygame.display.init()  # key_code() needs the video subsystem for a reliable answer
    try:
        for name in [k for keys in SEAT_KEYS for k in keys] + list(HOST_KEYS):
            assert pygame.key.name(pygame.key.key_code(name)) == name
    finally:
        pygame.display.quit()


def test_seat_keys_become_edges_with_the_given_time() -> None:
    keys = seat_key_map(6)
    assert keyboard_edge(True, "s", keys, 3.5) == KeyEdge(1, Key.PLUS, True, 3.5)
    assert keyboard_edge(False, "s", keys, 3.75) == KeyEdge(1, Key.PLUS, False, 3.75)
    assert keyboard_edge(True, ",", keys, 1.0) == KeyEdge(5, Key.PLUS, True, 1.0)
    assert keyboard_edge(True, "Q", keys, 0.0) == KeyEdge(0, Key.MINUS, True, 0.0)
    assert keyboard_edge(True, "e", keys, 0.0) == KeyEdge(0, Key.OK, True, 0.0)


def test_keys_of_absent_seats_and_other_keys_do_nothing() -> None:
    keys = seat_key_map(2)
    assert keyboard_edge(True, "z", keys, 0.0) is None  # seat 2's key with two seats
    assert keyboard_edge(True, "space", keys, 0.0) is None
    assert keyboard_edge(True, "f1", keys, 0.0) is None  # host keys are not seat keys


def test_seats_can_be_given_other_key_sets() -> None:
    keys = seat_key_map({0: 3, 1: 0})
    assert keyboard_edge(True, "u", keys, 0.0) == KeyEdge(0, Key.MINUS, True, 0.0)
    assert keyboard_edge(True, "q", keys, 0.0) == KeyEdge(1, Key.MINUS, True, 0.0)
    assert keyboard_edge(True, "a", keys, 0.0) is None
    with pytest.raises(ValueError, match="seats 0 and 1"):
        seat_key_map({0: 2, 1: 2})
    with pytest.raises(ValueError, match="key set 18"):
        seat_key_map({0: 18})


def test_host_keys_are_a_host_box_on_the_host_menu() -> None:
    keys = {**seat_key_map(6), **host_key_map()}
    assert keyboard_edge(True, "right", keys, 1.0) == KeyEdge(HOST_SEAT, Key.PLUS, True, 1.0)
    assert keyboard_edge(False, "return", keys, 2.0) == KeyEdge(HOST_SEAT, Key.OK, False, 2.0)
    assert keyboard_edge(True, "f1", keys, 1.0) is None


def test_a_real_pygame_key_event_maps_to_an_edge() -> None:
    import pygame

    pygame.display.init()
    try:
        pygame.display.set_mode((64, 64))
        pygame.event.clear()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_COMMA, mod=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0))
        down, up = [e for e in pygame.event.get() if e.type in (pygame.KEYDOWN, pygame.KEYUP)]
        keys = seat_key_map(6)
        edge = keyboard_edge(down.type == pygame.KEYDOWN, pygame.key.name(down.key), keys, 2.0)
        assert edge == KeyEdge(5, Key.PLUS, True, 2.0)
        host = keyboard_edge(False, pygame.key.name(up.key), host_key_map(), 3.0)
        assert host == KeyEdge(HOST_SEAT, Key.OK, False, 3.0)
    finally:
        pygame.display.quit()


def test_memory_display_keeps_what_fits_and_counts_changes() -> None:
    lcd = MemoryDisplay()
    lcd.show("A name far too long for it", "Bid: 5")
    assert lcd.lines == ("A name far too l", "Bid: 5")
    version = lcd.version
    lcd.show("A name far too long for it", "Bid: 5")
    assert lcd.version == version  # nothing changed: the screen need not redraw
    lcd.show("Locked", "Bid: 5")
    assert lcd.version == version + 1


def test_memory_led_keeps_its_mode_and_refuses_nonsense() -> None:
    led = MemoryLed()
    assert led.mode == "off"
    led.set("blink")
    assert led.version == 1 and str(led.mode) == "blink"
    with pytest.raises(ValueError):
        led.set("dim")  # type: ignore[arg-type]


def test_keyboard_box_is_a_box_with_its_key_set() -> None:
    box: Box = KeyboardBox(4)
    box.lcd.show("Your turn", "")
    box.led.set("on")
    assert isinstance(box, KeyboardBox) and box.keys == ("j", "k", "l")
    assert box.lcd.lines == ("Your turn", "") and box.led.mode == "on"
    assert KeyboardBox(0, keyset=5).keys == ("m", ",", ".")
    assert KeyboardBox(17).keys == ("f10", "f11", "f12")  # 18 seats fit on one keyboard
    with pytest.raises(ValueError):
        KeyboardBox(18)
