"""The phone seats of a table, put together: seats and tokens (phone_box), the web server
(phone_server), the pages, the address and its QR code (phone_page). The box factory calls
`Phones.start`; the app reads `invite()` for the table screen and `notice()` for its banner,
and registers `seats` as the binder whose seats the host may release.
"""

from __future__ import annotations

from pathlib import Path

from ..engine.text import Msg
from .phone_box import PhoneSeatBox, PhoneSeats
from .phone_page import Pages, Translate, qr_rows, table_url
from .phone_server import PhoneServer
from .vocabulary import Clock, InputSink, JoinInvite


class Phones:
    """Every phone seat of one table and the server they join through."""

    def __init__(self, names: dict[int, str], sink: InputSink, clock: Clock,
                 translate: Translate, lang: str, *, state_dir: Path | None, port: int,
                 listen: str = "", url: str | None = None, game: str | None = None) -> None:
        self.seats = PhoneSeats(names, sink, clock, state_dir, game=game)
        self.server = PhoneServer(self.seats, Pages(translate, lang), listen, port, url)
        self._listen = listen
        self._url = url
        self._invite: tuple[str, tuple[tuple[bool, ...], ...]] | None = None

    @property
    def boxes(self) -> dict[int, PhoneSeatBox]:
        return self.seats.boxes

    def start(self) -> None:
        self.seats.announce()  # every phone seat is away until its phone connects
        self.server.start()

    def close(self) -> None:
        self.server.close()

    @property
    def url(self) -> str:
        port = self.server.bound_port if self.server.error is None else self.server.port
        return table_url(self._listen, port, self._url)

    def invite(self) -> JoinInvite | None:
        """The QR card for the table screen while a phone seat has no phone, else None."""
        free = self.seats.free_seats()
        if not free or self.server.error is not None:
            return None
        if self._invite is None:
            url = self.url
            self._invite = (url, qr_rows(url))  # made once: segno takes ~20 ms
        url, rows = self._invite
        return JoinInvite(url, rows, tuple(self.seats.names[s] for s in free))

    def notice(self) -> Msg | None:
        """Why the phones cannot play (the port is taken), for the table's banner."""
        return self.server.error
