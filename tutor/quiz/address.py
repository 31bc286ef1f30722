"""Who is on the other end of a connection, for the rate limits: the connection's own address, with
``X-Forwarded-For`` believed only from a configured proxy. Loopback (``make run``) counts like any address.

Streamlit serves through uvicorn, whose proxy-headers middleware replaces a connection's address with the
last untrusted ``X-Forwarded-For`` entry when the connection comes from an address listed in the environment
variable ``FORWARDED_ALLOW_IPS`` (uvicorn's trusted-proxy setting). Ours:

- ``make run`` sets it empty: no proxy, every header ignored;
- ``make run-scaled`` sets it empty too: there the app's own guard (:class:`tutor.asgi_guards.TrustedProxy`)
  makes the client's address the one HAProxy appended, on a connection from HAProxy's address that carries its
  secret only (an address alone can be bound by any local process);
- left unset (a bare ``streamlit run app.py``), uvicorn trusts 127.0.0.1 and ::1 by default, so a local
  client could choose its own address with the header. :func:`client_address` undoes that: a connection
  whose address is one of its own ``X-Forwarded-For`` entries is counted as the loopback address it came from.
"""

from __future__ import annotations

import ipaddress
import os
from typing import Mapping, Sequence

TRUSTED_PROXIES = "FORWARDED_ALLOW_IPS"  # uvicorn's setting, read by the server that runs Streamlit
LOOPBACK = "127.0.0.1"


def normal(host: str) -> str:
    """An address as one key: no port, no brackets, IPv4-mapped IPv6 as IPv4; other text as given (cut short).

    >>> normal(" 10.0.0.7:5123"), normal("[::ffff:127.0.0.1]:80"), normal("::1"), normal("not-an-ip")
    ('10.0.0.7', '127.0.0.1', '::1', 'not-an-ip')
    """
    host = host.strip()
    if host.startswith("["):
        host = host[1:].split("]", 1)[0]
    elif host.count(":") == 1:
        host = host.split(":", 1)[0]
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host[:64]
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return str(ip)


def client_address(peer: str | None, forwarded: Sequence[str] = (), env: Mapping[str, str] | None = None) -> str:
    """The address the rate limits count: ``peer`` is the connection's address as the server reports it (after
    uvicorn's proxy handling), ``forwarded`` the ``X-Forwarded-For`` header values of the request.

    >>> client_address("127.0.0.1", [], {})
    '127.0.0.1'
    >>> client_address("10.9.9.9", ["10.9.9.9"], {})  # uvicorn's default believed a local client's header
    '127.0.0.1'
    >>> client_address("192.168.1.20", ["1.2.3.4, 192.168.1.20"], {"FORWARDED_ALLOW_IPS": "127.0.0.2"})
    '192.168.1.20'
    >>> client_address(None)
    'unknown'
    """
    if not peer:
        return "unknown"
    env = os.environ if env is None else env
    address = normal(peer)
    if TRUSTED_PROXIES not in env and forwarded:
        entries = {normal(h) for value in forwarded for h in value.split(",") if h.strip()}
        if address in entries:
            return LOOPBACK
    return address
