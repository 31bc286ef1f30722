"""A situation as text: readable YAML from data, and a URL-safe payload (``?s=``) from YAML.

The payload is the scenario's YAML text, zlib-compressed and base64url-encoded without
padding. Decoding never executes anything: it only inflates bytes (with a hard size
cap) and hands the text back; the caller loads it with the strict scenario loader.

>>> decode(encode("id: x\\n")) == "id: x\\n"
True
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from typing import Any

import yaml

MAX_PAYLOAD = 12_000  # characters in ?s= (browsers and servers cope with far longer URLs)
MAX_TEXT = 64_000  # bytes of YAML once inflated: a scenario is ~1-3 KB
_B64URL = re.compile(r"^[A-Za-z0-9_-]+$")


class ShareError(ValueError):
    """A shared payload that cannot be turned back into a situation; the message says why."""


def encode(text: str) -> str:
    """The ``?s=`` payload for a scenario's YAML text."""
    raw = zlib.compress(text.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def decode(payload: str) -> str:
    """The YAML text in a ``?s=`` payload; :class:`ShareError` if it is too big or not a payload."""
    payload = (payload or "").strip()
    if not payload:
        raise ShareError("the shared link is empty")
    if len(payload) > MAX_PAYLOAD:
        raise ShareError(f"the shared link is too long ({len(payload)} characters; at most {MAX_PAYLOAD})")
    if not _B64URL.match(payload):
        raise ShareError("the shared link is damaged: it may only hold letters, digits, '-' and '_'")
    try:
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise ShareError("the shared link is damaged: it is not base64url") from None
    inflater = zlib.decompressobj()
    try:
        data = inflater.decompress(raw, MAX_TEXT + 1)
    except zlib.error:
        raise ShareError("the shared link is damaged: it does not decompress (was it cut short?)") from None
    if len(data) > MAX_TEXT or inflater.unconsumed_tail:
        raise ShareError(f"the shared situation is too big (more than {MAX_TEXT // 1000} KB of text)")
    if not inflater.eof:
        raise ShareError("the shared link is cut short: copy the whole link")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ShareError("the shared link does not hold text") from None


def link(base_url: str, text: str, whatif: str | None = None) -> str:
    """``base_url`` (the ruling page) with the situation in ``?s=`` and, if any, its what-if in ``&w=`` (the
    change as YAML ``{given: …, actions: …}``, or a copy that a change cannot describe)."""
    out = f"{base_url.split('?', 1)[0]}?s={encode(text)}"
    return out + f"&w={encode(whatif)}" if whatif else out


# -- YAML from data ------------------------------------------------------------------------


class _Dumper(yaml.SafeDumper):
    """Block style at the top, flow style for small leaf mappings and lists (``- {player: p2, defend: X}``)."""


def _is_leaf(value: Any) -> bool:
    if isinstance(value, dict):
        return all(not isinstance(v, (dict, list)) or (isinstance(v, list) and all(
            not isinstance(x, (dict, list)) for x in v)) for v in value.values()) and len(value) <= 6
    if isinstance(value, list):
        return all(not isinstance(x, (dict, list)) for x in value)
    return True


def to_yaml(data: dict[str, Any]) -> str:
    """Readable, strict-loader-safe YAML for scenario data (keys keep their order; comments are not kept)."""
    return yaml.dump(_flowify(data, 0), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=110,
                     default_flow_style=False)


class _Flow(dict[str, Any]):
    """A mapping to be written in flow style."""


class _FlowList(list[Any]):
    """A list to be written in flow style."""


def _flowify(value: Any, depth: int) -> Any:
    if isinstance(value, dict):
        inner = {k: _flowify(v, depth + 1) for k, v in value.items()}
        short = sum(len(str(k)) + len(str(v)) + 4 for k, v in value.items()) <= 90
        return _Flow(inner) if depth >= 2 and short and _is_leaf(value) and value else inner
    if isinstance(value, list):
        inner_list = [_flowify(x, depth + 1) for x in value]
        return _FlowList(inner_list) if _is_leaf(value) else inner_list
    return value


def _represent_flow(dumper: yaml.SafeDumper, data: Any) -> yaml.Node:
    node: yaml.CollectionNode
    if isinstance(data, dict):
        node = dumper.represent_mapping("tag:yaml.org,2002:map", data.items())
    else:
        node = dumper.represent_sequence("tag:yaml.org,2002:seq", data)
    node.flow_style = True
    return node


_Dumper.add_representer(_Flow, _represent_flow)
_Dumper.add_representer(_FlowList, _represent_flow)
