"""The engine's `replace` builds what `dataclasses.replace` builds, and falls back to it
wherever a plain copy of the fields would not be the same; `msg` builds the Msg that Msg's
own __init__ builds."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from functools import cached_property

import pytest

from companion.engine.frozen import replace
from companion.engine.registry import get_game
from companion.engine.seats import Seat
from companion.engine.text import Msg, msg


@dataclass(frozen=True)
class Plain:
    a: int
    b: tuple[int, ...] = ()
    c: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Checked:
    n: int

    def __post_init__(self) -> None:
        if self.n < 0:
            raise ValueError("negative")


@dataclass(frozen=True)
class Cached:
    n: int

    @cached_property
    def double(self) -> int:
        return 2 * self.n


def test_a_copy_equals_what_dataclasses_replace_gives_and_leaves_the_old_one() -> None:
    old = Plain(1, (2,), {"x": 3})
    new = replace(old, b=(4, 5))
    assert new == dataclasses.replace(old, b=(4, 5)) == Plain(1, (4, 5), {"x": 3})
    assert list(vars(new)) == ["a", "b", "c"]  # the fields' order, as __init__ sets them
    assert old == Plain(1, (2,), {"x": 3})
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.a = 9  # type: ignore[misc]


def test_an_unknown_field_is_refused_as_dataclasses_replace_refuses_it() -> None:
    with pytest.raises(TypeError):
        replace(Plain(1), nope=2)  # type: ignore[call-arg]


def test_post_init_still_runs() -> None:
    assert replace(Checked(1), n=2) == Checked(2)
    with pytest.raises(ValueError, match="negative"):
        replace(Checked(1), n=-1)


def test_a_value_cached_beside_the_fields_is_not_carried_to_the_copy() -> None:
    old = Cached(2)
    assert old.double == 4
    assert replace(old, n=5).double == 10


def test_a_game_state_copied_is_the_state_dataclasses_replace_gives() -> None:
    game = get_game("camel-up-off-season")
    seats = tuple(Seat(n, "red") for n in ("Ann", "Bob", "Cy"))
    state = game.setup(seats, {"start_coins": 10, "payment": "effective", "first_player": 0})
    assert replace(state, phase="over") == dataclasses.replace(state, phase="over")


def test_msg_builds_what_msg_init_builds() -> None:
    assert not hasattr(Msg, "__post_init__")  # msg() sets the fields without __init__
    for built, made in ((msg("Game over"), Msg("Game over")),
                        (msg("{n} held", n=2), Msg("{n} held", (("n", 2),))),
                        (msg("{b}{a}", b="x", a=Msg("y")), Msg("{b}{a}", (("a", Msg("y")),
                                                                       ("b", "x"))))):
        assert built == made and hash(built) == hash(made) and repr(built) == repr(made)
        assert built.render() == made.render()
    with pytest.raises(dataclasses.FrozenInstanceError):
        msg("x").id = "y"  # type: ignore[misc]
