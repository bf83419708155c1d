"""Stale claims: a phone that picked a seat and went away (page closed, phone put away), or
whose claim nobody answered for two minutes, no longer waits on the host line; its page
hears why. The table's loop runs on an injected clock that the test moves: no sleeping
through the real delays."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest
from phone_table import Phone, PhoneTable, wait_until

from companion.app.claims import AWAY_SECONDS, WAIT_SECONDS
from companion.boxes.vocabulary import ClaimAway


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clocked(tmp_path: Path) -> Iterator[tuple[PhoneTable, Clock]]:
    clock = Clock()
    t = PhoneTable(tmp_path, clock=clock)
    yield t, clock
    t.close()


def later(table: PhoneTable, clock: Clock, seconds: float) -> None:
    """Move the table's clock, and wake its loop (news of no claim changes nothing)."""
    clock.now += seconds
    table.app.sink(ClaimAway("-", True))


async def drop(phone: Phone) -> None:
    """The page goes away (closed, reloading, the phone put away)."""
    assert phone.ws is not None
    await phone.ws.close()


async def waiting(table: PhoneTable, seat: int) -> Phone:
    phone = Phone(table.url)
    assert await phone.claim(seat) == 303
    assert await phone.connect() == 101
    assert await phone.next() == {"t": "pending"}
    wait_until(lambda: table.pending() == 1, what="the claim on the host line")
    return phone


def test_a_connected_claim_nobody_answers_is_withdrawn_after_two_minutes(
        clocked: tuple[PhoneTable, Clock]) -> None:
    table, clock = clocked

    async def go() -> None:
        phone = await waiting(table, 1)
        # its socket is open: only the two minutes count
        wait_until(lambda: table.controller.claims.next_deadline() == 1000.0 + WAIT_SECONDS,
                   what="the phone counted as present")
        later(table, clock, WAIT_SECONDS - 1)
        await asyncio.sleep(0.1)
        assert table.pending() == 1
        later(table, clock, 1)
        assert await phone.until(lambda m: m["t"] == "gone") == {"t": "gone", "why": "expired"}
        assert table.pending() == 0
        banner = wait_until(lambda: table.controller.banner_text())
        assert banner.render() == "Phone for Bob: no answer in 2 minutes, withdrawn"
        async with phone.session.get(table.url + "/seat") as r:
            assert r.status == 403  # the token opens nothing: pick a seat again
        await phone.close()

    asyncio.run(go())
    assert table.phones.seats.bound() == ()
    assert '"event": "expired"' in (table.tmp / "claims.jsonl").read_text()


def test_a_claim_whose_page_closed_goes_but_a_reload_keeps_it(
        clocked: tuple[PhoneTable, Clock]) -> None:
    table, clock = clocked
    desk = table.controller.claims

    async def go() -> None:
        phone = await waiting(table, 0)
        await drop(phone)
        wait_until(lambda: desk.next_deadline() == 1000.0 + AWAY_SECONDS,
                   what="the claim marked away")
        later(table, clock, AWAY_SECONDS / 2)
        assert await phone.connect() == 101  # a reload within the grace: same claim
        assert await phone.next() == {"t": "pending"}
        wait_until(lambda: desk.next_deadline() == 1000.0 + WAIT_SECONDS,
                   what="the claim present again")
        await drop(phone)  # now it goes for good
        wait_until(lambda: desk.next_deadline() == clock.now + AWAY_SECONDS)
        later(table, clock, AWAY_SECONDS)
        wait_until(lambda: table.pending() == 0, what="the claim withdrawn")
        banner = wait_until(lambda: table.controller.banner_text())
        assert banner.render() == "Phone for Ann went away: question withdrawn"
        assert await phone.connect() == 403  # its claim is gone with it
        await phone.close()

    asyncio.run(go())


def test_a_claim_whose_phone_never_opened_the_page_goes(
        clocked: tuple[PhoneTable, Clock]) -> None:
    table, clock = clocked

    async def go() -> None:
        async with aiohttp.ClientSession() as s, s.post(
                table.url + "/claim", data={"seat": "1"}, allow_redirects=False) as r:
            assert r.status == 303  # and the browser was closed before /seat loaded

    asyncio.run(go())
    wait_until(lambda: table.pending() == 1)
    wait_until(lambda: table.controller.claims.next_deadline() == 1000.0 + AWAY_SECONDS)
    later(table, clock, AWAY_SECONDS)
    wait_until(lambda: table.pending() == 0, what="the claim withdrawn")
    assert table.phones.invite() is not None  # the seat is still free to pick
