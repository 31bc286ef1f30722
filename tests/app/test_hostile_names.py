"""Hostile names stay text on the pages (issue 29): a shared situation whose players, characters, seats, title
and prompts hold Markdown (a link, an image, ``:red[…]``, ``$x^2$``, HTML) is opened on the ruling page in
each game, and every string the page hands Streamlit's Markdown — bodies, captions, alerts, labels, help,
expanders, tabs, radio and pills options — is inert: once its backslash escapes are read, no bracket, ``!``,
``$``, ``<`` or unbroken ``://`` is left. The form tab's "The plays, in order" (the hole the issue names) is
among them, and the names do reach it (as escaped text)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Iterator

import pytest
from google.protobuf.message import Message
from streamlit.testing.v1 import AppTest

from tests.app.conftest import ROOT
from tutor import share
from ui.html import WORD_JOINER, md_escape
from ui.state import RulingKeys as K

EVIL = "ev.il"
HOSTILE = f"Zed ![n](http://{EVIL}/n.png) [n](https://{EVIL}/n) :red[x] $x^2$ <img src=https://{EVIL}/i>"
NAME = HOSTILE.replace("'", "")  # as a YAML single-quoted scalar holds it

MC = f"""id: hostile.mc
game: marvel_champions
title: '{NAME}'
source: '{NAME}'
setup:
  players:
    - {{id: p1, name: '{NAME}', identity: Spider-Man}}
    - {{id: p2, name: 'Ann {NAME}', identity: Black Panther, allies: [Spider-Woman], hand: [Preemptive Strike]}}
  attack: {{attacker: Rhino, against: p1}}
actions:
  - {{player: p2, defend: Spider-Woman}}
questions:
  - id: who
    prompt: '{NAME} — who is the target?'
    ask: target
"""
DM = f"""id: hostile.dm
game: dungeon_mayhem
title: '{NAME}'
source: '{NAME}'
setup:
  players:
    - {{character: Sutha, name: '{NAME}', hand: [Big Axe Is Best Axe, Flex!]}}
    - {{character: Lia, name: 'Ben {NAME}', hp: 8, hand: 3, defense: [Fluffy]}}
actions:
  - {{play: Big Axe Is Best Axe}}
  - {{target: 'Ben {NAME}'}}
questions:
  - id: hp
    prompt: '{NAME} — how many hit points?'
    ask: hp_after
    of: 'Ben {NAME}'
"""
RG = f"""id: hostile.rg
game: regicide
title: '{NAME}'
source: '{NAME}'
setup:
  players: 2
  names: ['{NAME}', 'Bo {NAME}']
  enemy: KS
  hands:
    - [2C, 2D, 2H, 2S, 9C]
    - [3C]
actions:
  - {{seat: 1, play: [2C, 2D, 2H, 2S]}}
questions:
  - id: kind
    prompt: '{NAME} — what kind of play?'
    ask: play_kind
"""

MARKDOWN_FIELDS = {"body", "label", "help"}  # the fields Streamlit renders as Markdown (Html and Code aside)
MARKDOWN_OPTIONS = {"Radio", "ButtonGroup"}  # radio and pills/segmented-control options are Markdown too


def _strings(proto: Message, kind: str) -> Iterator[str]:
    for field, value in proto.ListFields():
        if field.message_type is not None:
            for v in (value if isinstance(value, Sequence) else [value]):
                if isinstance(v, Message):
                    yield from _strings(v, type(v).__name__)
        elif field.name in MARKDOWN_FIELDS and isinstance(value, str):
            yield value
        elif field.name in MARKDOWN_FIELDS and isinstance(value, Sequence):  # st.tabs: its labels
            yield from (str(v) for v in value)
        elif field.name == "options" and kind in MARKDOWN_OPTIONS:
            yield from (str(v) for v in value)


def markdown_strings(node: Any) -> Iterator[str]:
    """Every string of the page that Streamlit renders as Markdown (st.html and st.code are not Markdown)."""
    proto = getattr(node, "proto", None)
    kind = type(proto).__name__ if proto is not None else ""
    if proto is not None and kind not in {"Html", "Code", "TextArea"}:
        yield from _strings(proto, kind)
    for child in getattr(node, "children", {}).values():
        yield from markdown_strings(child)


def live(text: str) -> list[str]:
    """What Markdown would still read as markup in ``text``, once its backslash escapes are taken out."""
    bare = re.sub(r"\\.", "", text, flags=re.S)
    found = [c for c in "[]!$<" if c in bare]
    return found + (["://"] if "://" in bare else [])


def open_shared(yaml: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["s"] = share.encode(yaml)
    at.switch_page("ui/pages/ruling.py")
    return at.run().run()  # the ruling first; the forms, the YAML editor, what-if and share on the next run


@pytest.mark.parametrize("game, yaml", [("marvel_champions", MC), ("dungeon_mayhem", DM), ("regicide", RG)])
def test_hostile_names_reach_the_ruling_page_and_its_form_tab_as_text(game: str, yaml: str) -> None:
    at = open_shared(yaml)
    assert not at.exception
    assert at.session_state[K.GAME] == game and NAME in at.session_state[K.YAML]  # the situation loaded
    texts = list(markdown_strings(at._tree))
    share_link = [t for t in texts if t.startswith("[Open the link](http")]  # the app's own link, made by code
    bad = {t: live(t) for t in texts if t not in share_link and live(t)}
    assert not bad, bad
    plays = [t for t in texts if re.match(r"\d+\. ", t)]  # the form tab's "The plays, in order"
    assert plays, texts
    if game != "regicide":  # a Regicide play names its seat by number
        assert any(md_escape("Zed") in p and md_escape(f"[n](https://{EVIL}/n)") in p for p in plays), plays
    assert all(EVIL not in t.replace(WORD_JOINER, "").replace("\\", "") or "\\" in t for t in texts)


def test_the_guard_of_this_test_sees_a_live_name() -> None:
    assert live(HOSTILE) == ["[", "]", "!", "$", "<", "://"]
    assert live(md_escape(HOSTILE)) == []
