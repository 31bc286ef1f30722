"""Every sentence a learner reads from the engines and the game plugins is a language-free message whose
templates are in the game's translation catalog: no step of any library explanation exists in English only,
and no template is built at run time (a template the extractor cannot see could never be translated).

``CONVERTED`` lists the games whose engine and plugin speak in messages; the others are on their way.
"""

from __future__ import annotations

import dataclasses
import random
from functools import lru_cache
from typing import Any

import pytest

from engine.core.errors import IllegalPlay, InvalidAction
from engine.core.message import Listing, Message
from engine.dungeon_mayhem import settings as dms
from tutor import i18n_catalogs
from tutor.library import default_library

CONVERTED: tuple[str, ...] = ("marvel_champions", "regicide", "dungeon_mayhem")
LIB = default_library()


@lru_cache(maxsize=None)
def _ids(domain: str) -> frozenset[str]:
    ids: set[str] = set()
    for d in (domain, "messages"):
        for m in i18n_catalogs.template(d):
            if m.id:
                ids.add(m.id if isinstance(m.id, str) else m.id[0])
    return frozenset(ids)


def _templates(m: object) -> list[str]:
    if isinstance(m, Message):
        out = [m.template]
        for _, v in m.args:
            out += _templates(v)
        return out
    if isinstance(m, Listing):
        return [t for v in m.items for t in _templates(v)]
    return []


def _steps(game: str) -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = []
    for sid, scn in LIB.scenarios.items():
        if scn.game != game:
            continue
        for q in scn.questions:
            asked = LIB.asked(sid, q.id)
            out += [(f"{sid}/{q.id}", s) for s in asked.explanation.steps]
            if not isinstance(asked.caption, str) or scn.caption is None:
                out.append((f"{sid}/{q.id} caption", asked.caption_message))
    return out


@pytest.mark.parametrize("game", CONVERTED)
def test_every_explanation_step_is_a_message_in_the_catalog(game: str) -> None:
    ids = _ids(game)
    english_only, unknown = [], []
    for where, step in _steps(game):
        message = getattr(step, "message", step)
        if not isinstance(message, Message):
            english_only.append(f"{where}: {getattr(step, 'text', step)!r}")
            continue
        unknown += [f"{where}: {t!r}" for t in _templates(message) if t not in ids]
    assert not english_only[:20], f"{len(english_only)} steps exist in English only:\n" + "\n".join(english_only[:20])
    assert not unknown[:20], f"{len(unknown)} templates are not in the catalog (built at run time?):\n" + \
        "\n".join(unknown[:20])


def _random_settings(rng: random.Random) -> dms.Settings:
    """Dungeon Mayhem settings drawn at random: every ruling's alternatives get played."""
    choices: dict[str, tuple[object, ...]] = {
        "overflow_order": dms.OVERFLOW_ORDERS, "discard_timing": dms.DISCARD_TIMINGS,
        "exhausted_play_again": dms.EXHAUSTED_RULES, "empty_hand_draw": dms.EMPTY_HAND_DRAWS,
        "neighbours": dms.NEIGHBOUR_RULES, "burped_up_bones": dms.BONES_RULES, "zone_off_at_or_below": (2, 3, 4),
        "ghost_damage": (0, 1, 2), "ghost_min_target_hp": (1, 2, 3), "bearnard_shields": (1, 2),
        "cubes_play_again": (1, 2), "mind_blast_cap": (0, 2, 5), "liquidate_cap": (0, 2, 5)}
    values: dict[str, Any] = {f.name: rng.choice(choices.get(f.name, (True, False)))
                              for f in dataclasses.fields(dms.Settings)}
    return dms.Settings(**values)


def test_dungeon_mayhem_random_play_speaks_in_catalogued_messages() -> None:
    """Beyond the library: seeded random games of every modelled deck, under random settings, explain every step
    with a catalogued message, and every refused choice gives a catalogued reason."""
    from engine import dungeon_mayhem as dm
    from tutor.games.dungeon_mayhem.asks import candidate_choices

    ids = _ids("dungeon_mayhem")
    english_only: set[str] = set()
    unknown: set[str] = set()
    for seed in range(40):
        rng = random.Random(seed)
        game = dm.DungeonMayhemGame(_random_settings(rng))
        state = game.initial_state(game.random_setup(rng), rng)
        for k in range(400):
            legal = dm.legal_actions(state)
            if not legal:
                break
            if k % 4 == 0:
                for probe in candidate_choices(state):
                    try:
                        dm.apply(state, probe, random.Random(0))
                    except IllegalPlay as err:
                        if err.message is None:
                            english_only.add(f"{err.rule}: {err.reason}")
                        unknown.update(t for t in _templates(err.message) if t not in ids)
                    except InvalidAction:
                        pass
            state, steps = dm.apply_explained(state, rng.choice(legal), rng)
            for step in steps:
                if step.message is None:
                    english_only.add(f"{step.rule}: {step.text}")
                unknown.update(t for t in _templates(step.message) if t not in ids)
    assert not english_only, sorted(english_only)[:20]
    assert not unknown, sorted(unknown)[:20]
