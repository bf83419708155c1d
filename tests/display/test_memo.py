"""The layout memo's keys: equal values share one key, so a result remembered for last
state's panel is found for this state's equal panel without comparing the two again."""

from __future__ import annotations

from companion.display.memo import Memo


class Counted:
    """A value that counts how often it is compared (a panel compares cell by cell)."""

    compared = 0
    hashed = 0

    def __init__(self, text: str) -> None:
        self.text = text

    def __hash__(self) -> int:
        Counted.hashed += 1
        return hash(self.text)

    def __eq__(self, other: object) -> bool:
        Counted.compared += 1
        return isinstance(other, Counted) and self.text == other.text


def test_equal_values_get_the_same_key_and_others_do_not() -> None:
    memo = Memo()
    first, again, other = Counted("Minoa 3"), Counted("Minoa 3"), Counted("Saba 2")
    assert memo.frozen(first) is memo.frozen(again)
    assert memo.frozen(first) is memo.frozen(first)
    assert memo.frozen(other) is not memo.frozen(first)
    assert memo.frozen(other) != memo.frozen(first)


def test_a_result_remembered_for_an_equal_value_is_found_with_one_comparison() -> None:
    memo = Memo()
    memo.get("least", (memo.frozen(Counted("row")), 1.0), lambda: 42)
    # The next state's view: the same panel, made anew.
    panel = Counted("row")
    Counted.compared = 0
    found = [memo.get("least", (memo.frozen(panel), 1.0), lambda: -1) for _ in range(20)]
    assert found == [42] * 20
    assert Counted.compared <= 1  # when it was given its key, not at every look-up


def test_keys_stay_right_after_the_tables_are_emptied() -> None:
    memo = Memo()
    made = [Counted(f"panel {i}") for i in range(600)]  # more than the id table holds
    for i, value in enumerate(made):
        memo.get("t", memo.frozen(value), lambda i=i: i)
    for i in (0, 299, 599):
        assert memo.get("t", memo.frozen(Counted(f"panel {i}")), lambda: -1) == i
    assert memo.frozen(Counted("panel 7")).value == made[7]


def test_a_full_table_keeps_what_was_asked_for_since_it_last_filled() -> None:
    memo = Memo()
    made: list[str] = []

    def get(key: str) -> str:
        def make() -> str:
            made.append(key)
            return key
        return memo.get("t", key, make, limit=4)

    for key in "abcde":  # e fills nothing: a..d become the older generation
        get(key)
    assert get("a") == "a" and made == list("abcde")  # found in the older one
    for key in "fgh":  # e, a, f, g fill the table; h starts a new one
        get(key)
    assert get("a") == "a" and made == list("abcdefgh")  # asked for since: kept
    assert get("b") == "b" and made == [*"abcdefgh", "b"]  # not asked for: gone


def test_emptying_a_full_table_looks_at_no_key_again() -> None:
    """An arrangement's key is a whole view: hashing each again to drop it cost 16 ms."""
    memo = Memo()
    keys = [Counted(f"view {i}") for i in range(9)]
    for key in keys[:8]:
        memo.get("t", key, lambda: 0, limit=8)
    Counted.hashed = 0
    memo.get("t", keys[8], lambda: 0, limit=8)
    assert Counted.hashed <= 2  # the new key's own look-up and entry, none of the eight
