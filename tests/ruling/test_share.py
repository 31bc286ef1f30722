"""The ``?s=`` link: every library scenario of every game survives the round trip; bad payloads are refused."""

from __future__ import annotations

import base64
import zlib
from pathlib import Path

import pytest

from tutor import share, yamlio
from tutor.games import plugins
from tutor.library import ROOT, default_library, parse_scenario_text

LIB = default_library()
FILES = sorted(LIB.paths[sid] for sid in LIB.scenarios)


def _text(path: str) -> str:
    p = Path(path)
    return (p if p.exists() else ROOT / p).read_text(encoding="utf-8")


def test_every_registered_game_has_library_scenarios_to_round_trip() -> None:
    assert set(plugins()) <= {s.game for s in LIB.scenarios.values()}


@pytest.mark.parametrize("path", FILES)
def test_url_round_trip_gives_an_equal_scenario(path: str) -> None:
    text = _text(path)
    original, problems = parse_scenario_text(text)
    assert original is not None and not problems
    payload = share.encode(text)
    assert len(payload) <= share.MAX_PAYLOAD and share._B64URL.match(payload)
    assert share.decode(payload) == text
    decoded, problems = parse_scenario_text(share.decode(payload))
    assert decoded == original and not problems


@pytest.mark.parametrize("path", FILES)
def test_forms_yaml_writer_keeps_the_scenario(path: str) -> None:
    located, _ = yamlio.load(_text(path), path)
    rewritten, problems = parse_scenario_text(share.to_yaml(located.data))  # type: ignore[union-attr]
    assert not problems
    assert rewritten == parse_scenario_text(_text(path))[0]


def test_yes_and_no_stay_strings_when_written() -> None:
    text = share.to_yaml({"a": "yes", "b": ["no", "on"], "c": True})
    located, _ = yamlio.load(text, "x")
    assert located.data == {"a": "yes", "b": ["no", "on"], "c": True}  # type: ignore[union-attr]


def _raw(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


@pytest.mark.parametrize("payload, words", [
    ("", "empty"),
    ("a" * (share.MAX_PAYLOAD + 1), "too long"),
    ("abc$def", "damaged"),
    (_raw(b"plain text, not zlib"), "does not decompress"),
    (_raw(zlib.compress(b"a" * (share.MAX_TEXT + 10))), "too big"),
    (_raw(zlib.compress(b"id: x\n" * 50)[:-8]), "cut short"),
    (_raw(zlib.compress(b"\xff\xfe\x00")), "does not hold text"),
])
def test_bad_payloads_are_refused_with_a_clear_error(payload: str, words: str) -> None:
    with pytest.raises(share.ShareError, match=words):
        share.decode(payload)


def test_a_decompression_bomb_is_stopped_at_the_cap() -> None:
    bomb = _raw(zlib.compress(b"\n" * 5_000_000, 9))
    assert len(bomb) < share.MAX_PAYLOAD
    with pytest.raises(share.ShareError, match="too big"):
        share.decode(bomb)


def test_link_puts_the_payload_on_the_ruling_page() -> None:
    url = share.link("http://host:8501/ruling?s=old", "id: x\n")
    assert url.startswith("http://host:8501/ruling?s=") and share.decode(url.split("?s=")[1]) == "id: x\n"
