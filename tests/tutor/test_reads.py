"""Every ask declares what it reads (issue 23, item 2): keys of its game's vocabulary, present at the question's moment."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from engine.core.effects import is_of_play, legal
from tutor import library
from tutor.games import GAMES, plugin
from tutor.games.base import Unaskable
from tutor.questions import reads_of

QUANTITIES = {game: importlib.import_module(plugin(game).quantities) for game in GAMES}


def _position(game: str, outcome: Any) -> Any:
    return outcome.after if game == "dungeon_mayhem" else outcome.state


@pytest.fixture(scope="module")
def lib() -> library.Library:
    return library.load()


@pytest.mark.parametrize("game", GAMES)
def test_every_ask_declares_what_it_reads(game: str) -> None:
    missing = [name for name, ask in plugin(game).asks.items() if ask.reads is None]
    assert not missing, f"{game}: asks without reads: {missing}"
    fixed = [name for name, ask in plugin(game).asks.items()  # one that names the question's own rule: per question
             if not callable(ask.origin) and not all(r in plugin(game).glossary for r in ask.origin)]
    assert not fixed, f"{game}: origin names a rule the glossary does not have: {fixed}"


def test_every_library_question_reads_known_keys_present_at_its_moment(lib: library.Library) -> None:
    checked, bad = 0, []
    for sid, scn in lib.scenarios.items():
        q_mod = QUANTITIES[scn.game]
        for q in scn.questions:
            try:
                asked = lib.asked(sid, q.id)
            except Unaskable:
                continue
            keys = reads_of(scn, q, asked.solution)
            now = q_mod.snapshot(_position(scn.game, asked.solution.outcome))
            for key in keys:
                if not q_mod.VOCABULARY.knows(key):
                    bad.append((sid, q.id, key, "not in the vocabulary"))
                elif not is_of_play(key) and key not in now:
                    bad.append((sid, q.id, key, "not in the position at the moment"))
            checked += 1
    assert checked > 300 and not bad, bad[:20]


def test_a_legality_question_reads_the_verdict_on_each_play(lib: library.Library) -> None:
    scn = lib.scenarios["rg.combo.mixed_ranks"] if "rg.combo.mixed_ranks" in lib.scenarios else None
    assert scn is not None
    q = scn.question("legal")
    asked = lib.asked(scn.id, "legal")
    assert not asked.solution.is_legal
    assert reads_of(scn, q, asked.solution) == frozenset({legal(1)})
    verdict = asked.explanation.deciding_step
    assert verdict is not None and (legal(1), True, False) in verdict.effects
