"""The host menu's lazy list: the same entries, in the same order, as making them all."""

from itertools import product

import pytest

from companion.app.menu_list import Combinations, Menu


def test_combinations_follow_product_order_and_make_each_once() -> None:
    made: list[tuple[object, ...]] = []

    def make(values: tuple[object, ...]) -> str:
        made.append(values)
        return "-".join(map(str, values))

    choices = [("a", "b", "c"), (1, 2), ("x", "y", "z", "w")]
    combos = Combinations(choices, make)
    assert len(combos) == 24
    assert not made  # nothing made until looked at
    assert list(combos) == ["-".join(map(str, v)) for v in product(*choices)]
    assert combos[-1] == "c-2-w" and combos[5] == "a-2-y"
    assert len(made) == 24  # looking again makes nothing new
    assert combos[1:3] == ["a-1-y", "a-1-z"]
    with pytest.raises(IndexError):
        combos[24]


def test_menu_joins_parts_and_finds_without_making_combinations() -> None:
    made: list[tuple[object, ...]] = []

    def make(values: tuple[object, ...]) -> str:
        made.append(values)
        return f"c{values}"

    combos = Combinations([range(100), range(100)], make)
    menu = Menu([["start"], combos, [], Menu([["undo", "quit"]])])
    assert len(menu) == 1 + 10_000 + 2
    assert menu[0] == "start" and menu[1] == "c(0, 0)" and menu[-1] == "quit"
    assert menu[10_001] == "undo"
    made.clear()
    assert menu.first(lambda e: e == "undo") == "undo"
    assert menu.first(lambda e: e == "missing") is None
    assert not made  # the combinations were passed over
