"""DNS rebinding: the phone server answers only requests addressed to one of the table's own
names or addresses (loopback, the address the phone connected to, the machine's name and
`<name>.local`, the configured `[phones] url`); any other Host gets 421 and changes nothing."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest
from phone_table import PhoneTable, wait_until

from companion.boxes.phone_hosts import host_name, own_names


@pytest.fixture
def table(tmp_path: Path) -> Iterator[PhoneTable]:
    t = PhoneTable(tmp_path, url="http://Table.Example:8080/")
    yield t
    t.close()


async def status(url: str, host: str, method: str = "GET", **kw: object) -> tuple[int, str]:
    async with aiohttp.ClientSession() as s, s.request(
            method, url, headers={"Host": host}, allow_redirects=False, **kw) as r:
        return r.status, await r.text()


def test_a_rebound_name_is_refused_and_claims_nothing(table: PhoneTable) -> None:
    port = table.phones.server.bound_port

    async def go() -> None:
        for host in (f"evil.example:{port}", "evil.example", f"192.168.1.5.evil.example:{port}",
                     f"table.example.evil:{port}"):
            code, page = await status(table.url + "/", host)
            assert code == 421 and "not the table&#x27;s" in page, host
            code, _ = await status(table.url + "/claim", host, "POST", data={"seat": "0"})
            assert code == 421
            code, _ = await status(table.url + "/ws", host)
            assert code == 421
            code, _ = await status(table.url + "/static/phone.js", host)
            assert code == 421
        # the same requests with the table's address are answered
        code, page = await status(table.url + "/", f"127.0.0.1:{port}")
        assert code == 200 and "Ann" in page

    asyncio.run(go())
    assert table.pending() == 0  # no claim reached the host line
    assert table.phones.seats.bound() == ()


def test_the_tables_own_names_and_addresses_are_answered(table: PhoneTable) -> None:
    port = table.phones.server.bound_port
    hostname = socket.gethostname()

    async def go() -> None:
        for host in (f"localhost:{port}", f"127.0.0.1:{port}", f"127.0.0.7:{port}",
                     f"TABLE.example:{port}",  # the configured url's host, any case
                     "table.example.",  # a fully qualified name with its final dot
                     f"{hostname}:{port}", f"{hostname.split('.')[0]}.local:{port}"):
            code, page = await status(table.url + "/", host)
            assert code == 200 and "Pick your seat" in page, host
        # a claim made under the configured name reaches the host
        code, _ = await status(table.url + "/claim", f"table.example:{port}", "POST",
                               data={"seat": "1"})
        assert code == 303

    asyncio.run(go())
    wait_until(lambda: table.pending() == 1, what="the claim on the host line")


def test_a_request_without_host_is_refused(table: PhoneTable) -> None:
    port = table.phones.server.bound_port

    async def go() -> str:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET / HTTP/1.0\r\n\r\n")
        await writer.drain()
        head = await reader.read(200)
        writer.close()
        return head.decode(errors="replace")

    assert asyncio.run(go()).startswith("HTTP/1.0 421")


def test_host_header_parsing() -> None:
    assert host_name("[::1]:8080") == "::1"
    assert host_name("Pi.Local.:80") == "pi.local"
    assert host_name("[::1") is None
    assert host_name("") is None and host_name(None) is None
    names = own_names("", "http://[fd00::5]:8080/")
    assert "fd00::5" in names and "localhost" in names
