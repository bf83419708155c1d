"""The serial reader's next bytes (`serial_link.reader`): a line a box wrote in one piece
comes in one call, whether the port is a POSIX device (a pty here, as a USB box is) or one
of pyserial's URL ports; a port whose other side is gone closes the link in words."""

from __future__ import annotations

import contextlib
import os
import pty
from collections.abc import Iterator

import pytest
import serial

from companion.boxes.serial_link import LinkClosed, reader


@pytest.fixture
def pty_port() -> Iterator[tuple[int, serial.Serial]]:
    """A box's end (a file descriptor) and the host's port on the other side of a pty."""
    box, host = pty.openpty()
    port = serial.Serial(os.ttyname(host), timeout=0.05)
    os.close(host)
    yield box, port
    port.close()
    with contextlib.suppress(OSError):  # (closed by the test)
        os.close(box)


def test_a_line_written_in_one_piece_comes_in_one_call(
        pty_port: tuple[int, serial.Serial]) -> None:
    box, port = pty_port
    read = reader(port)
    assert read() == b""  # nothing came within the read timeout
    os.write(box, b"KEY ok up 12\n")
    assert read() == b"KEY ok up 12\n"
    os.write(box, b"KEY plus down 13\nKEY plus up 14\n")
    assert read() == b"KEY plus down 13\nKEY plus up 14\n"


def test_a_port_whose_box_is_gone_closes_the_link_in_words(
        pty_port: tuple[int, serial.Serial]) -> None:
    box, port = pty_port
    read = reader(port)
    os.close(box)  # the box's side gone: the host's side is readable but empty
    with pytest.raises(LinkClosed, match="unplugged"):
        for _ in range(5):
            read()


def test_a_port_without_a_file_descriptor_is_read_through_pyserial() -> None:
    port = serial.serial_for_url("loop://", timeout=0.05)
    try:
        read = reader(port)
        assert read() == b""
        port.write(b"ID box-01 1\n")
        got = b""
        while not got.endswith(b"\n"):
            got += read()
        assert got == b"ID box-01 1\n"
    finally:
        port.close()
