"""The phone server's logs hold no secret: a seat's bid played over the WebSocket leaves no
token, cookie value, token hash, private LCD text or bid value in any log record (the
companion's loggers and the libraries under them, at every level), while the log still
says what happened (a phone asked for a seat, the host accepted)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest
from phone_table import Phone, PhoneTable, wait_until

from companion.boxes.phone_box import token_hash
from companion.boxes.phone_server import COOKIE
from companion.boxes.vocabulary import Key

BID = 7  # the private value: no log line may carry it


def test_a_phone_seat_bid_leaves_no_secret_in_the_log(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)  # every logger, every level: a debug line leaks as well
    table = PhoneTable(tmp_path)
    try:
        table.host(Key.OK)  # start the auction: everyone bids in secret

        async def play() -> tuple[str, list[str]]:
            phone = Phone(table.url)
            assert await phone.claim(0) == 303
            assert await phone.connect() == 101
            assert (await phone.next())["t"] == "pending"
            wait_until(lambda: table.pending() == 1, what="the claim on the table")
            table.host(Key.OK)
            await phone.until(lambda m: m["t"] == "seat" and m["led"] == "on")
            for _ in range(BID):
                await phone.key("plus")
            await phone.until(lambda m: m["t"] == "seat" and m["lines"][1].startswith(f"<{BID}>"))
            await phone.key("ok")
            await phone.until(lambda m: m["t"] == "seat" and m["led"] == "blink")
            token = next(c.value for c in phone.session.cookie_jar if c.key == COOKIE)
            lines = [line.strip() for m in phone.got if m["t"] == "seat" for line in m["lines"]]
            await phone.close()
            return token, lines

        token, lines = asyncio.run(play())
        entries = [e for e in table.journal_lines() if e.get("type") == "enter"]
        assert [(e["seat"], e["value"]) for e in entries] == [(0, BID)]  # the bid was played
    finally:
        table.close()
    formatter = logging.Formatter("%(name)s %(levelname)s %(message)s")
    logged = [formatter.format(r) for r in caplog.records]
    text = "\n".join(logged)
    assert "phone asks for seat 0" in text  # the log does say what happened
    secrets = {token, token_hash(token), f"{COOKIE}={token}"}
    secrets |= {line for line in lines if line and not line.isspace()}
    secrets |= {f"<{BID}>", f"LOCKED {BID}", f'"value": {BID}', f"value={BID}"}
    for secret in secrets:
        leaks = [line for line in logged if secret in line]
        assert not leaks, f"{secret!r} is in the log: {leaks[:2]}"
