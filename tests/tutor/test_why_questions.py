"""The "why?" questions a learner may ask after answering (tutor.why.whys; issue 23 item 5): for every library
question of the games whose engines record effects, each question's chain ends at the value the engine's
position holds at the moment, its own `of:` thing comes first, and every question reads in Vietnamese and
Punjabi without an untranslated template."""

from __future__ import annotations


import pytest

from tutor import i18n
from tutor.games import plugin
from tutor.games.base import Unaskable
from tutor.library import default_library
from tutor.games import GAMES
from tutor.why import chain, quantities_of, state_at, whys

LIB = default_library()


def _asked(game: str):
    for sid, scn in LIB.scenarios.items():
        if scn.game != game:
            continue
        for q in scn.questions:
            try:
                yield LIB.asked(sid, q.id)
            except Unaskable:
                continue


@pytest.mark.parametrize("game", GAMES)
def test_each_chain_ends_at_the_positions_value_and_the_own_thing_comes_first(game: str) -> None:
    quantities = quantities_of(game)
    phrases = plugin(game).why
    asked_with_why = 0
    for asked in _asked(game):
        found = whys(asked)
        asked_with_why += bool(found)
        if asked.solution.illegal is None and asked.solution.later is None:
            now = quantities.snapshot(state_at(game, asked.solution.outcome))
            for w in found:
                assert w.now == now[w.key], (asked.scenario.id, asked.question.id, w.key)
        for w in found:
            assert list(w.links) == chain(asked.solution.steps, w.key) and w.links  # a chain, never empty
        q = asked.question
        own = {t for of in ([p.of for p in q.parts] if q.parts else [q.of]) if of
               for t in phrases.things(asked.scenario, of)}
        flags = [w.key[0] in own for w in found if w.key[1] != "legal"]
        assert flags == sorted(flags, reverse=True), (asked.scenario.id, q.id)  # its own thing's quantities first
    assert asked_with_why > 50


@pytest.mark.parametrize("lang", i18n.translated())
@pytest.mark.parametrize("game", GAMES)
def test_every_why_question_is_translated(game: str, lang: str) -> None:
    if not (i18n.LOCALE / lang / "LC_MESSAGES" / f"{game}.po").exists():
        pytest.skip(f"no {lang} catalog for {game} yet")
    seen: set[str] = set()
    for asked in _asked(game):
        for w in whys(asked):
            if w.question.template in seen:
                continue
            seen.add(w.question.template)
            shown = i18n.render(w.question, lang, game)
            assert shown != i18n.render(w.question, "en", game) and "Why" not in shown, shown
    assert len(seen) >= 5
