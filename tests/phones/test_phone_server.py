"""The phone server against a real table: joining with the host's confirmation, the token
that opens only its own seat, 403s, the origin check, malformed and too-fast messages, the
fsync-before-confirm order, and a power cut with phones rejoining by their cookie."""

from __future__ import annotations

import asyncio
import json
import stat
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest
from phone_table import Phone, PhoneTable, wait_until

from companion.app.journal import game_identity
from companion.boxes.phone_box import PhoneSeats, token_hash
from companion.boxes.phone_server import COOKIE
from companion.boxes.vocabulary import Key


@pytest.fixture
def table(tmp_path: Path) -> Iterator[PhoneTable]:
    t = PhoneTable(tmp_path)
    yield t
    t.close()


async def joined(table: PhoneTable, seat: int) -> Phone:
    """A phone that picked `seat`, was accepted by the host and got its seat's state."""
    phone = Phone(table.url)
    assert await phone.claim(seat) == 303
    assert await phone.connect() == 101
    assert (await phone.next())["t"] == "pending"
    wait_until(lambda: table.pending() == 1, what="the claim on the table")
    table.host(Key.OK)
    await phone.until(lambda m: m["t"] == "seat")
    return phone


def cookies_kept(tmp_path: Path, seat: int) -> dict[str, str]:
    """The cookies a phone keeps after it joined `seat` at a table in `tmp_path`, which then
    stops (the power goes, or the game is over)."""
    table = PhoneTable(tmp_path)
    try:
        async def join() -> dict[str, str]:
            phone = await joined(table, seat)
            cookies = {c.key: c.value for c in phone.session.cookie_jar}
            await phone.close()
            return cookies

        return asyncio.run(join())
    finally:
        table.close()


def back_with(cookies: dict[str, str], table: PhoneTable) -> Phone:
    """A phone that comes back to `table` with the cookies it kept (not connected yet)."""
    phone = Phone(table.url)
    phone.session.cookie_jar.update_cookies(cookies)
    return phone


def test_join_page_lists_the_free_phone_seats_and_the_host_confirms(table: PhoneTable) -> None:
    async def go() -> None:
        async with aiohttp.ClientSession() as s, s.get(table.url + "/") as r:
            page = await r.text()
        assert r.status == 200 and "Ann" in page and "Bob" in page and "Cy" not in page
        phone = Phone(table.url)
        assert await phone.claim(1) == 303
        assert await phone.connect() == 101
        assert await phone.next() == {"t": "pending"}
        wait_until(lambda: table.pending() == 1)
        hint = table.controller.host_hint()  # the host line asks
        assert hint.render() == "Phone for Bob? Return to accept, Left to refuse"
        invite = table.phones.invite()
        assert invite is not None and invite.seats == ("Ann", "Bob")
        table.host(Key.OK)
        state = await phone.until(lambda m: m["t"] == "seat")
        assert state["name"] == "Bob" and state["lines"] == ["Wait for car $10", "Host draws it   "]
        log = [json.loads(x) for x in (table.tmp / "claims.jsonl").read_text().splitlines()]
        assert [(e["event"], e["seat"], e["name"]) for e in log] == [("accepted", 1, "Bob")]
        invite = table.phones.invite()
        assert invite is not None and invite.seats == ("Ann",)
        async with phone.session.get(table.url + "/") as r:
            page = await r.text()
        assert "Back to your seat: Bob" in page
        await phone.close()

    asyncio.run(go())


def test_refused_phone_gets_no_seat(table: PhoneTable) -> None:
    async def go() -> None:
        phone = Phone(table.url)
        await phone.claim(0)
        await phone.connect()
        await phone.next()
        wait_until(lambda: table.pending() == 1)
        table.host(Key.MINUS)
        assert await phone.until(lambda m: m["t"] == "gone") == {"t": "gone", "why": "refused"}
        async with phone.session.get(table.url + "/seat") as r:
            assert r.status == 403
        assert table.phones.seats.bound() == ()
        await phone.close()

    asyncio.run(go())


def test_a_second_phone_takes_over_only_with_the_host(table: PhoneTable) -> None:
    async def go() -> None:
        table.host(Key.OK)  # start auction: Highest bet
        first = await joined(table, 0)
        second = Phone(table.url)
        await second.claim(0)
        await second.connect()
        await second.next()
        wait_until(lambda: table.pending() == 1)
        assert "replacing" in table.controller.host_hint().render()
        # until the host answers, the first phone still plays the seat
        await first.key("plus")
        await first.until(lambda m: m["t"] == "seat" and m["lines"][1].startswith("<1>"))
        table.host(Key.OK)
        assert await first.until(lambda m: m["t"] == "gone") == {"t": "gone", "why": "taken"}
        m = await second.until(lambda m: m["t"] == "seat")
        assert m["name"] == "Ann" and m["lines"][1].startswith("<1>")  # the same seat, as left
        notice = wait_until(lambda: table.controller.banner_text())
        assert notice.render() == "Phone took over Ann's seat"
        async with first.session.get(table.url + "/seat") as r:
            assert r.status == 403  # the old token opens nothing any more
        for p in (first, second):
            await p.close()

    asyncio.run(go())


def test_host_releases_a_seat_from_the_menu(table: PhoneTable) -> None:
    async def go() -> None:
        phone = await joined(table, 1)
        labels = [e.label.render() for e in table.controller.host_options()]
        assert "Release Phone: Bob" in labels
        for _ in range(labels.index("Release Phone: Bob")):  # Right to the release entry
            table.host(Key.PLUS)
        table.host(Key.OK)  # one OK only asks (the host line turns into the question)
        wait_until(lambda: table.controller.host_line().asking)
        assert table.phones.seats.bound() == (1,)
        table.host(Key.OK)  # the second, within 3 s, releases
        assert await phone.until(lambda m: m["t"] == "gone") == {"t": "gone", "why": "released"}
        wait_until(lambda: table.phones.seats.bound() == ())
        log = (table.tmp / "claims.jsonl").read_text()
        assert '"event": "released"' in log
        await phone.close()

    asyncio.run(go())


def test_wrong_or_missing_token_gets_403_and_changes_nothing(table: PhoneTable) -> None:
    async def go() -> None:
        phone = await joined(table, 0)
        before = table.journal_path.read_bytes()
        jar = aiohttp.CookieJar(unsafe=True)
        async with aiohttp.ClientSession(cookie_jar=jar) as s:
            async with s.get(table.url + "/seat") as r:
                assert r.status == 403
                assert r.headers["X-Frame-Options"] == "DENY"
                assert "default-src 'self'" in r.headers["Content-Security-Policy"]
                assert r.headers["Server"] == "companion"
            jar.update_cookies({COOKIE: "x" * 32})
            async with s.get(table.url + "/seat") as r:
                assert r.status == 403
            with pytest.raises(aiohttp.WSServerHandshakeError) as err:
                await s.ws_connect(table.url + "/ws")
            assert err.value.status == 403
        assert table.journal_path.read_bytes() == before
        await phone.close()

    asyncio.run(go())


def test_cross_site_requests_are_refused(table: PhoneTable) -> None:
    async def go() -> None:
        phone = await joined(table, 0)
        evil = {"Origin": "http://evil.example"}
        assert await phone.connect(headers=evil) == 403
        async with phone.session.post(table.url + "/claim", data={"seat": "1"},
                                      headers=evil, allow_redirects=False) as r:
            assert r.status == 403
        async with phone.session.post(table.url + "/claim", data={"seat": "1"},
                                      headers={"Sec-Fetch-Site": "cross-site"},
                                      allow_redirects=False) as r:
            assert r.status == 403
        assert table.pending() == 0
        await phone.close()

    asyncio.run(go())


def test_malformed_and_too_fast_messages_get_an_error_and_change_nothing(
        table: PhoneTable) -> None:
    async def go() -> None:
        table.host(Key.OK)  # start the first auction: everyone bids
        phone = await joined(table, 0)
        assert phone.got[-1]["led"] == "on" and phone.got[-1]["lines"][0] == "Bid          $10"
        before = table.journal_path.read_bytes()
        for bad in ("not json", '{"t": "key", "key": "ok"}', '{"t": "key", "key": "x", '
                    '"down": true}', "[1, 2]", '{"t": "bid", "value": 99}'):
            await phone.send(bad)
            m = await phone.until(lambda m: m["t"] == "error")
            assert m["text"] == "Not understood: the page sends key presses only."
        for _ in range(60):  # far over the burst, in one go
            await phone.send({"t": "key", "key": "plus", "down": False})
        m = await phone.until(lambda m: m["t"] == "error")
        assert m["text"] == "Too many presses at once: slow down."
        assert table.journal_path.read_bytes() == before
        await phone.close()

    asyncio.run(go())


def test_locked_reaches_the_phone_only_after_the_journal_line_and_stays_private(
        table: PhoneTable) -> None:
    async def go() -> None:
        table.host(Key.OK)  # start auction: Highest bet
        ann = await joined(table, 0)
        bob = await joined(table, 1)
        for _ in range(3):
            await ann.key("plus")
        await ann.until(lambda m: m["t"] == "seat" and m["lines"][1].startswith("<3>"))
        await ann.key("ok")
        m = await ann.until(lambda m: m["t"] == "seat" and m["led"] == "blink")
        # The phone was told LOCKED: the journal already holds the bid, fsynced.
        assert m["lines"][0] == "LOCKED 3     $10" and m["led"] == "blink"
        entries = [e for e in table.journal_lines() if e.get("type") == "enter"]
        assert [(e["seat"], e["value"]) for e in entries] == [(0, 3)]
        await asyncio.sleep(0.2)
        # Bob's phone got only Bob's own text: nothing of Ann's 3 or her lock
        assert all(m.get("name") in (None, "Bob") for m in bob.got)
        assert not any("LOCKED" in json.dumps(m) for m in bob.got)
        for p in (ann, bob):
            await p.close()

    asyncio.run(go())


def test_power_cut_phones_rejoin_by_their_cookie(tmp_path: Path) -> None:
    cookies = cookies_kept(tmp_path, 1)
    saved = tmp_path / "phones.json"
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600
    assert cookies[COOKIE] not in saved.read_text()  # only a hash of the token is kept
    assert stat.S_IMODE((tmp_path / "claims.jsonl").stat().st_mode) == 0o600
    game = game_identity(tmp_path / "journal.jsonl")
    assert PhoneSeats({1: "Bob"}, lambda i: None, lambda: 0.0, tmp_path, game).seat_of(
        cookies[COOKIE]) == 1

    again = PhoneTable(tmp_path)  # the Pi is back: same state directory, same journal
    try:
        async def second() -> None:
            phone = back_with(cookies, again)
            assert await phone.connect() == 101
            m = await phone.next()
            assert m["t"] == "seat" and m["name"] == "Bob"  # no claim, no host needed
            assert again.pending() == 0
            await phone.close()

        asyncio.run(second())
    finally:
        again.close()


def test_a_cookie_of_an_earlier_game_opens_nothing_in_a_new_one(tmp_path: Path) -> None:
    """Game A's phone keeps its cookie for 30 days; a new game in the same folder (A's journal
    moved away, another player at seat 0) starts with every phone seat free: the old cookie
    gets 403 and the join page, and only the host's confirmation binds a phone again."""
    cookies = cookies_kept(tmp_path, 0)
    (tmp_path / "journal.jsonl").rename(tmp_path / "game-a.jsonl")
    game_b = PhoneTable(tmp_path, names=("Zoe", "Bob", "Cy"))
    try:
        async def second() -> None:
            phone = back_with(cookies, game_b)
            assert await phone.connect() == 403
            async with phone.session.get(game_b.url + "/seat", allow_redirects=False) as r:
                assert r.status == 403
            async with phone.session.get(game_b.url + "/") as r:
                page = await r.text()
            assert "Zoe" in page and "Bob" in page and "Back to your seat" not in page
            assert game_b.phones.seats.bound() == () and game_b.pending() == 0
            invite = game_b.phones.invite()
            assert invite is not None and invite.seats == ("Zoe", "Bob")
            await phone.close()

        asyncio.run(second())
        # the old hashes are gone from the folder: game B's file holds none of A's
        assert json.loads((tmp_path / "phones.json").read_text())["seats"] == {}
    finally:
        game_b.close()


def test_same_names_in_a_new_game_still_need_the_host(tmp_path: Path) -> None:
    """Even with the very same seats and options (the setup lines alike), a new journal is
    a new game: the earlier cookie is refused."""
    cookies = cookies_kept(tmp_path, 1)
    (tmp_path / "journal.jsonl").unlink()
    again = PhoneTable(tmp_path)
    try:
        async def second() -> None:
            phone = back_with(cookies, again)
            assert await phone.connect() == 403
            assert again.phones.seats.bound() == ()
            await phone.close()

        asyncio.run(second())
    finally:
        again.close()


def test_a_kept_token_opens_only_the_seat_of_the_same_name(tmp_path: Path) -> None:
    """phones.json names each seat: a seat renamed in the same game's folder, or a file
    from before games were named (format 1), opens nothing."""
    seats = PhoneSeats({0: "Ann"}, lambda i: None, lambda: 0.0, tmp_path, "id:a")
    token = seats.claim(0, None)
    assert token is not None
    seats._answer(seats._claims[token_hash(token)], True)
    assert PhoneSeats({0: "Ann"}, lambda i: None, lambda: 0.0, tmp_path, "id:a").seat_of(
        token) == 0
    assert PhoneSeats({0: "Zoe"}, lambda i: None, lambda: 0.0, tmp_path, "id:a").seat_of(
        token) is None
    assert PhoneSeats({0: "Ann"}, lambda i: None, lambda: 0.0, tmp_path, None).seat_of(
        token) is None
    (tmp_path / "phones.json").write_text(json.dumps(
        {"format": 1, "seats": {"0": token_hash(token)}}))
    assert PhoneSeats({0: "Ann"}, lambda i: None, lambda: 0.0, tmp_path, "id:a").seat_of(
        token) is None
