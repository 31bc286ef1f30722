"""Every sentence a learner reads from the engines and the game plugins is a language-free message whose
templates are in the game's translation catalog: no step of any library explanation exists in English only,
and no template is built at run time (a template the extractor cannot see could never be translated).

``CONVERTED`` lists the games whose engine and plugin speak in messages; the others are on their way.
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from engine.core.message import Listing, Message
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
