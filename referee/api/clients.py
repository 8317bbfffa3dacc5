"""Who the client is: its network address, decided here once for the whole app.

``request.remote_addr`` is the client's address everywhere (the live-update streams' limits
per address, any quota per address, the logs). Directly connected, it is the peer's address.
Behind a reverse proxy every peer is the proxy, and the client's address is in the proxy's
``X-Forwarded-For`` — a header anyone can send, so it is believed only from the proxies named
in ``REFEREE_TRUSTED_PROXIES`` (addresses or networks, comma separated: ``127.0.0.1``,
``10.0.0.0/8``, ``::1``). Empty (the default): no one is trusted, the header is ignored.

The address taken is the right-most one of ``X-Forwarded-For`` that is not a trusted proxy
(each proxy appends the address it saw; what a client wrote itself is further left and is
never believed). The peer's own address stays in the environ as ``referee.peer_addr``.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Iterable, Sequence
from typing import Any

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_proxies(setting: str) -> tuple[Network, ...]:
    """The networks of a ``REFEREE_TRUSTED_PROXIES`` value (``"10.0.0.0/8, ::1"``; a bare
    address is a network of one).

    :raises ValueError: an entry that is neither an address nor a network (the app does not
        start with a setting it cannot read).
    """
    networks = []
    for entry in setting.split(","):
        entry = entry.strip()
        if entry:
            try:
                networks.append(ipaddress.ip_network(entry, strict=False))
            except ValueError:
                raise ValueError(f"REFEREE_TRUSTED_PROXIES: {entry!r} is not an address or a "
                                 "network (e.g. 10.0.0.0/8)") from None
    return tuple(networks)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        found = ipaddress.ip_address(text.strip().removeprefix("[").removesuffix("]"))
    except ValueError:
        return None
    mapped = getattr(found, "ipv4_mapped", None)  # ::ffff:10.0.0.1 is 10.0.0.1
    return mapped if mapped is not None else found


def client_address(peer: str, forwarded_for: Iterable[str],
                   trusted: Sequence[Network]) -> str:
    """The client's address: ``peer`` (the connection's), unless ``peer`` is a trusted
    proxy; then the right-most address of ``forwarded_for`` (the ``X-Forwarded-For`` values,
    in order) that is not a trusted proxy — or the left-most trusted one when every one is.
    A value that is not an address stops the walk (what lies left of it is not believed)."""

    def is_trusted(address: Any) -> bool:
        return address is not None and any(address in network for network in trusted
                                           if network.version == address.version)

    if not trusted or not is_trusted(_address(peer)):
        return peer
    hops = [hop for value in forwarded_for for hop in value.split(",") if hop.strip()]
    client = peer
    for hop in reversed(hops):
        address = _address(hop)
        if address is None:
            break
        client = str(address)
        if not is_trusted(address):
            break
    return client


class ClientAddress:
    """WSGI middleware: sets ``REMOTE_ADDR`` to the client's address (:func:`client_address`)
    and keeps the peer's in ``referee.peer_addr``."""

    def __init__(self, app: Callable[..., Any], trusted: Sequence[Network]) -> None:
        self.app = app
        self.trusted = tuple(trusted)

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        peer = environ.get("REMOTE_ADDR") or ""
        environ["referee.peer_addr"] = peer
        if self.trusted:
            forwarded = environ.get("HTTP_X_FORWARDED_FOR")
            environ["REMOTE_ADDR"] = client_address(peer, [forwarded] if forwarded else [],
                                                    self.trusted)
        return self.app(environ, start_response)
