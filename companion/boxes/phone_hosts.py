"""Which Host a phone may use for this table (the phone server's DNS-rebinding check).

A page of another site can point its own name at the Pi's address (DNS rebinding); the
browser then thinks it talks to that site, so the Origin check alone would let it claim
seats. The server therefore answers only requests whose Host is one of the table's own: a
loopback address, the IP address the connection arrived on (or any address of the Pi's
interfaces), the machine's name and `<name>.local` (mDNS), the listen address, and the host
of the configured `[phones] url`. That covers every address the QR code or the README gives
out (`phone_page.table_url`).
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from aiohttp import web

from .phone_page import interface_addresses


def host_name(header: str | None) -> str | None:
    """The name or address in a Host header, lower case, without port, brackets or a final
    dot; None when there is none."""
    if not header:
        return None
    try:
        name = urlsplit("//" + header.strip()).hostname
    except ValueError:  # "[::1" and the like
        return None
    return name.rstrip(".") if name else None


def own_names(listen: str | None, url: str | None) -> frozenset[str]:
    """The names a phone may use for this table (IP addresses are checked per request)."""
    hostname = socket.gethostname().lower()
    names = {"localhost", hostname, hostname.split(".")[0] + ".local"}
    for extra in (listen, urlsplit(url).hostname if url else None):
        if extra:
            names.add(extra.lower().rstrip("."))
    return frozenset(names)


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        ip = ipaddress.ip_address(text.partition("%")[0])  # fe80::1%eth0: no zone
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped  # a dual-stack socket names IPv4 peers ::ffff:a.b.c.d
    return ip


def own_host(request: web.Request, names: frozenset[str]) -> bool:
    """True when the request's Host names this table: one of `names`, a loopback address,
    the address the connection arrived on, or an address of one of the Pi's interfaces."""
    name = host_name(request.headers.get("Host"))
    if name is None:
        return False
    if name in names:
        return True
    ip = _ip(name)
    if ip is None:
        return False  # a name nobody gave out: another site's, pointed at the Pi
    if ip.is_loopback:
        return True
    sockname = request.transport.get_extra_info("sockname") if request.transport else None
    if isinstance(sockname, tuple) and _ip(str(sockname[0])) == ip:
        return True
    return str(ip) in interface_addresses()
