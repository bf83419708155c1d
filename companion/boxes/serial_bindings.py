"""Which USB device plays each serial seat: recorded on the first claim, kept across restarts.

This module owns `SeatBindings`. A serial seat is bound to a box id (from the config, or
claimed at the table) *and* to the USB serial number of the device that first presented it
(what /dev/serial/by-id shows). A different device with that box id does not get the seat
without the host's confirmation (`SerialBoxes` asks through a `ClaimRequest`).

The record is a small JSON file in the companion's state directory (beside the journal),
mode 0600, replaced atomically (written, fsynced, renamed, directory fsynced) before the box
is given the seat. Not the journal: the journal is the game's record and its replay must not
depend on which device a seat played on, and a binding outlives one game (the next game at
the same table uses the same boxes). The host's decisions themselves are the visible,
recorded events (the claims log). A record applies to a seat only while the seat's number,
name and configured box spec are the same, so a changed config starts fresh.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path

from .serial_seat import SerialSeat

log = logging.getLogger(__name__)

BINDINGS_FILE = "serial-boxes.json"  # in the state directory, beside the journal
NO_SERIAL = ""  # a device that reports no USB serial number (most CH340 bridges)


@dataclass(frozen=True)
class Binding:
    """The box that holds a seat: its box id and its USB device's serial number."""

    box_id: str
    usb_serial: str  # NO_SERIAL when the device has none: such boxes cannot be told apart


def _key(spec: SerialSeat) -> tuple[int, str, str]:
    return spec.seat, spec.name, f"serial:{spec.box_id}"


class SeatBindings:
    """The seats' bindings, in memory and (with a `path`) on disk. Not thread-safe: the
    owner (`SerialBoxes`) calls it under its lock."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._records: dict[tuple[int, str, str], Binding] = {}
        if path is not None:
            self._load(path)

    def _load(self, path: Path) -> None:
        try:
            raw = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return
        except OSError as exc:
            log.warning("%s: cannot read the serial box bindings (%s); every serial seat "
                        "is bound again by its first box", path, exc.strerror or exc)
            return
        try:
            data = json.loads(raw)
            for rec in data["seats"]:
                key = (int(rec["seat"]), str(rec["name"]), str(rec["box"]))
                self._records[key] = Binding(str(rec["box_id"]), str(rec["usb_serial"]))
        except (ValueError, KeyError, TypeError) as exc:
            self._records.clear()
            log.warning("%s: not a serial box bindings file (%s); every serial seat is bound "
                        "again by its first box, and the file is rewritten then", path, exc)

    def get(self, spec: SerialSeat) -> Binding | None:
        return self._records.get(_key(spec))

    def put(self, spec: SerialSeat, binding: Binding) -> bool:
        """Record `binding` for the seat, on disk first; False (logged) if it could not be
        written: the binding then holds for this run only."""
        self._records[_key(spec)] = binding
        if self.path is None:
            return True
        try:
            self._write(self.path)
        except OSError as exc:
            log.error("%s: cannot record that %s plays seat %d (%s): %s; after a restart "
                      "the host is asked again", self.path, binding.box_id, spec.seat + 1,
                      spec.name, exc.strerror or exc)
            return False
        return True

    def _write(self, path: Path) -> None:
        seats = []
        for (seat, name, box), b in sorted(self._records.items()):
            seats.append({"seat": seat, "name": name, "box": box, "box_id": b.box_id,
                          "usb_serial": b.usb_serial})
        data = (json.dumps({"version": 1, "seats": seats}, indent=1, ensure_ascii=False)
                + "\n").encode()
        tmp = path.with_name(path.name + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.fchmod(fd, 0o600)
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
        with contextlib.suppress(OSError):  # the rename itself survives a power cut
            dfd = os.open(path.parent, os.O_RDONLY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
