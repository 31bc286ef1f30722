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
from tests.hostile import DM, EVIL, HOSTILE, MC, NAME, RG, live
from ui.html import WORD_JOINER, md_escape
from ui.state import RulingKeys as K

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
