"""What a phone is shown: the join page, the seat page, the refusal page; the table's
address and its QR code.

Pages are rendered here in the table's language (every word a gettext message), with names
escaped; the seat page's script and style are files in `phone_assets/`, served by the Pi
itself (a table may have no internet). The QR code comes from segno (pure Python).
"""

from __future__ import annotations

import fcntl
import html
import ipaddress
import json
import socket
import struct
from collections.abc import Callable, Iterable
from importlib import resources

import segno

from ..engine.text import Msg, msg
from .vocabulary import PHONE_NOTES

Translate = Callable[[str], str]
SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address


def table_url(listen: str, port: int, override: str | None = None) -> str:
    """The address phones open: the configured `url`, else the listen address when it is
    one, else the first non-loopback IPv4 address of this machine (read from the
    interfaces, without sending anything), else `<hostname>.local` (mDNS on Pi OS)."""
    if override:
        return override
    host = listen
    if listen in ("", "0.0.0.0", "::"):
        found = interface_addresses()
        host = found[0] if found else socket.gethostname() + ".local"
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def interface_addresses() -> list[str]:
    """Non-loopback IPv4 addresses of the network interfaces, wired before wireless."""
    out: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _, name in sorted(socket.if_nameindex(), key=lambda i: (i[1].startswith("w"), i[0])):
            try:
                raw = fcntl.ioctl(s.fileno(), SIOCGIFADDR,
                                  struct.pack("256s", name.encode()[:15]))
            except OSError:
                continue  # an interface without an address
            addr = socket.inet_ntoa(raw[20:24])
            if not ipaddress.ip_address(addr).is_loopback:
                out.append(addr)
    return out


def qr_rows(url: str, border: int = 2) -> tuple[tuple[bool, ...], ...]:
    """The QR code of `url` as rows of modules (True = dark), quiet zone included."""
    code = segno.make(url, error="m", micro=False)
    return tuple(tuple(bool(m) for m in row) for row in code.matrix_iter(scale=1, border=border))


def asset(name: str) -> bytes:
    """A file of the phone page (script, style), from the installed package."""
    return resources.files("companion.boxes").joinpath("phone_assets", name).read_bytes()


class Pages:
    """The HTML pages, in one language."""

    def __init__(self, translate: Translate, lang: str) -> None:
        self.translate = translate
        self.lang = lang

    def t(self, text: Msg) -> str:
        return html.escape(text.render(self.translate))

    def _page(self, title: str, body: str, head: str = "") -> str:
        return (f'<!doctype html>\n<html lang="{html.escape(self.lang)}"><head>'
                '<meta charset="utf-8">'
                '<meta name="viewport" content="width=device-width, initial-scale=1">'
                f'<title>{title}</title><link rel="stylesheet" href="/static/phone.css">{head}'
                f'</head><body>{body}</body></html>\n')

    def join(self, free: Iterable[tuple[int, str]], taken: Iterable[tuple[int, str]],
             mine: str | None) -> str:
        """The seat list: free phone seats to pick, held ones to take over with the host."""
        free, taken = list(free), list(taken)
        parts = [f'<main class="join"><h1>{self.t(msg("Pick your seat"))}</h1>']
        if mine is not None:
            parts.append(f'<p class="mine"><a href="/seat">'
                         f'{self.t(msg("Back to your seat: {name}", name=mine))}</a></p>')
        if free:
            parts.append('<form method="post" action="/claim" class="seats">')
            parts += [f'<button name="seat" value="{s}">{html.escape(n)}</button>'
                      for s, n in free]
            parts.append("</form>")
        else:
            parts.append(f'<p>{self.t(msg("Every phone seat has its phone."))}</p>')
        if taken:
            heading = self.t(msg("Seats with a phone"))
            needs_ok = self.t(msg("Moving a seat to this phone needs the host's OK."))
            parts.append(f'<h2>{heading}</h2><p class="note">{needs_ok}</p>'
                         '<form method="post" action="/claim" class="seats taken">')
            parts += [f'<button name="seat" value="{s}">{html.escape(n)}</button>'
                      for s, n in taken]
            parts.append("</form>")
        confirms = self.t(msg("The host confirms each phone on the table screen."))
        parts.append(f'<p class="note">{confirms}</p></main>')
        return self._page(self.t(msg("Pick your seat")), "".join(parts))

    def seat(self, name: str) -> str:
        """The box: two LCD lines, LED, minus / plus / OK. The script fills it in."""
        texts = {
            "turn": msg("Your turn"), "locked": msg("Locked"), "idle": msg("Waiting"),
            **PHONE_NOTES,
            "lost": msg("Connection lost, reconnecting..."),
            "again": msg("Pick a seat again"),
        }
        data = html.escape(json.dumps({k: v.render(self.translate) for k, v in texts.items()},
                                      ensure_ascii=False))
        lcd = "".join(f'<div class="row" id="l{i}">{" " * 16}</div>' for i in (1, 2))
        body = (f'<main class="box" data-texts="{data}">'
                f'<header><span class="name" id="name">{html.escape(name)}</span>'
                f'<span class="led off" id="led"></span><span id="status"></span></header>'
                f'<div class="lcd" id="lcd">{lcd}</div>'
                f'<p class="note" id="note" role="status"></p>'
                '<div class="keys">'
                f'<button id="minus" data-key="minus" aria-label="{self.t(msg("minus"))}">'
                '\u2212</button>'
                f'<button id="plus" data-key="plus" aria-label="{self.t(msg("plus"))}">'
                '+</button>'
                f'<button id="ok" data-key="ok">{self.t(msg("OK"))}</button></div>'
                f'<p class="hint">{self.t(msg("Hold OK to unlock a locked bid."))}</p>'
                f'<p class="again" id="again" hidden><a href="/">'
                f'{self.t(msg("Pick a seat again"))}</a></p>'
                '</main><script src="/static/phone.js"></script>')
        return self._page(html.escape(name), body)

    def refused(self, why: Msg) -> str:
        body = (f'<main class="join"><h1>{self.t(why)}</h1>'
                f'<p><a href="/">{self.t(msg("Pick your seat"))}</a></p></main>')
        return self._page(self.t(why), body)
