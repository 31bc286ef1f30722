"""Guided first games (``tutorials/<game>/first_game.yaml``): a stacked deal, the move each step asks for, what
it teaches, and why the tutorial wants that move and not another legal one; every text in each language of the
app.

Loaded strictly (``tutor/yamlio.py``: duplicate keys, aliases, unknown fields are errors at ``path:line:col``)
and checked by replaying it through the engine: every move asked for must be legal where it is asked, and the
last one must win the game (:func:`check`, run by ``rules-tutor check``).
"""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tutor.yamlio import Problem, load, locate

ROOT = Path(__file__).resolve().parents[2] / "tutorials"
LANGS = ("en", "vi", "pa")


class Text(BaseModel):
    """A text in every language of the app."""

    model_config = ConfigDict(extra="forbid")
    en: str = Field(min_length=1, max_length=1200)
    vi: str = Field(min_length=1, max_length=1200)
    pa: str = Field(min_length=1, max_length=1200)

    def in_(self, lang: str) -> str:
        return str(getattr(self, lang, self.en))


class Step(BaseModel):
    model_config = ConfigDict(extra="forbid")
    say: Text
    want: dict[str, Any]
    why: Text


class Position(BaseModel):
    """Regicide's ``from_position`` arguments (a stacked deal); ``deal_seed`` deals the cards not listed."""

    model_config = ConfigDict(extra="forbid")
    players: int = Field(ge=1, le=4)
    enemy: str
    hands: list[list[str]]
    castle: list[str] | None = None
    tavern: list[str] | None = None
    discard: list[str] | None = None
    solo_jesters: int | None = Field(default=None, ge=0, le=2)
    deal_seed: int = Field(default=0, ge=0, le=2**31 - 1)


class Tutorial(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str
    title: Text
    position: Position
    steps: list[Step] = Field(min_length=1, max_length=60)


def path_of(game: str, name: str = "first_game") -> Path:
    return ROOT / game / f"{name}.yaml"


def parse(text: str, path: str) -> tuple[Tutorial | None, list[Problem]]:
    """The tutorial in ``text``, or the problems, each at ``path:line:col``."""
    located, problems = load(text, path)
    if located is None or problems:  # a duplicate key, a bad value: the file is refused as written
        return None, problems
    try:
        return Tutorial.model_validate(located.data), []
    except ValidationError as err:
        out = []
        for e in err.errors():
            loc, _union = locate(located.data, tuple(e["loc"]), e["type"])
            line, col = located.position(loc)
            out.append(Problem(path, line, col, e["msg"], ".".join(str(p) for p in loc)))
        return None, out


def initial_state(t: Tutorial) -> Any:
    """The stacked deal."""
    if t.game != "regicide":
        raise ValueError(f"no guided game for {t.game!r} yet")
    from engine import regicide as rg

    p = t.position
    return rg.from_position(p.players, enemy=p.enemy, hands=p.hands, castle=p.castle, tavern=p.tavern,
                            discard=p.discard, solo_jesters=p.solo_jesters, rng=random.Random(p.deal_seed))


def check(t: Tutorial, path: str) -> list[Problem]:
    """Replay the moves asked for: each legal where it is asked, the game won after the last."""
    from engine.core.errors import RulesError
    from engine.core.game import load_all

    from tutor.play.codec import decode

    if t.game != "regicide":
        return [Problem(path, 1, 1, f"no guided game for {t.game!r} yet", "game")]
    game = load_all()[t.game]
    try:
        state = initial_state(t)
    except (RulesError, ValueError) as err:
        return [Problem(path, 1, 1, f"the position is not one the rules allow: {err}", "position")]
    for k, step in enumerate(t.steps):
        try:
            action = decode(t.game, step.want)
            state, _steps = game.apply_explained(state, action)
        except (RulesError, ValueError) as err:
            return [Problem(path, 1, 1, f"step {k + 1}: the move asked for is refused: {err}", f"steps[{k}].want")]
        end = game.outcome(state)
        if end is not None and k < len(t.steps) - 1:
            return [Problem(path, 1, 1, f"the game ends at step {k + 1}, before the last step", f"steps[{k}]")]
    end = game.outcome(state)
    if end is None or not end.won:
        return [Problem(path, 1, 1, "the last step does not win the game", "steps")]
    return []


@lru_cache(maxsize=8)
def tutorial(game: str, name: str = "first_game") -> Tutorial:
    """A shipped tutorial (raises ValueError naming its problems)."""
    path = path_of(game, name)
    if not path.is_file():
        raise ValueError(f"no guided game {name!r} for {game}")
    found, problems = parse(path.read_text(encoding="utf-8"), str(path))
    if found is None:
        raise ValueError("; ".join(str(p) for p in problems))
    return found


def check_all() -> list[Problem]:
    """Every shipped tutorial, loaded and replayed."""
    out: list[Problem] = []
    for path in sorted(ROOT.glob("*/*.yaml")):
        found, problems = parse(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT.parent)))
        out.extend(problems)
        if found is not None:
            out.extend(check(found, str(path.relative_to(ROOT.parent))))
    return out
