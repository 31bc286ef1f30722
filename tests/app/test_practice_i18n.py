"""Practice and citations in the learner's language: a generated item's prompt rendered from its template
(fields kept: names of characters and cards), every source template translated, and the citation labels
("Our ruling D6: …", a document's title) from the catalogs."""

from __future__ import annotations

import random

import pytest

from tutor import i18n
from tutor.games import plugin
from tutor.practice.generate import GAMES, _source
from tutor.practice.texts import prompt_template
from ui import html as h
from ui import i18n as ui_i18n


@pytest.mark.parametrize("game", GAMES)
def test_every_generated_prompt_reads_back_its_template(game: str) -> None:
    asks, source = _source(game)
    seen = 0
    for cand in source(random.Random(4), list(asks)):
        q = cand.data["questions"][0]
        found = prompt_template(game, q["ask"], q["prompt"])
        assert found is not None, q
        template, fields = found
        assert template.format(**fields) == q["prompt"]
        seen += 1
        if seen >= 60:
            break


@pytest.mark.parametrize("lang", ["vi", "pa"])
@pytest.mark.parametrize("game", GAMES)
def test_every_prompt_template_is_translated(game: str, lang: str) -> None:
    asks, _ = _source(game)
    for template, _about in asks.values():
        shown = i18n.gettext_in(lang, template)
        assert shown != template, (lang, template)
        assert set(_fields(shown)) == set(_fields(template))


def _fields(text: str) -> list[str]:
    import string

    return [f for _l, f, _s, _c in string.Formatter().parse(text) if f]


def test_a_prompt_keeps_its_names() -> None:
    shown = ui_i18n.prompt("dungeon_mayhem", "hp_after", "How many hit points does Azzan have now?", "pa")
    assert "Azzan" in shown and "How many" not in shown
    assert any("\u0a00" <= ch <= "\u0a7f" for ch in shown)
    # a prompt written by hand stays as written
    assert ui_i18n.prompt("regicide", "is_legal", "Can seat 2 play this?", "vi") == "Can seat 2 play this?"


@pytest.mark.parametrize("lang", ["vi", "pa"])
def test_citation_labels_are_translated(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tutor.speaking.current", lambda: lang)  # what ui.i18n follows
    sources = plugin("dungeon_mayhem").sources
    ruling = sources.cite("project default D6")[0]
    assert ruling.ruling is not None
    label = h.citation_label("dungeon_mayhem", ruling)
    assert "D6" in label and "Our ruling" not in label and "empty-hand" not in label
    for game in i18n.LANGUAGES[lang].games:  # Punjabi has no Marvel Champions catalog yet
        for doc in plugin(game).sources.sources:
            if doc.title.startswith("Open-source implementation") or doc.title in ("Board Game Guys, Monster Madness",):
                continue
            assert h.source_label(game, doc) != doc.label(), (game, doc.title)
