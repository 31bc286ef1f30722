"""Guided first games (``tutorials/<game>/first_game.yaml``): a stacked deal, the move each step asks for, what
it teaches, and why the tutorial wants that move and not another legal one; every text in each language of the
app. A step marked ``bot: true`` is the bot's scripted move (its ``say`` is the bot's one-line reason): a guided
game plays the same way every time. The learner has seat 0; every other seat is the bot's.

Loaded strictly (``tutor/yamlio.py``: duplicate keys, aliases, unknown fields are errors at ``path:line:col``)
and checked by replaying it through the engine: every move asked for must be legal where it is asked, and the
last one must win the game (:func:`check`, run by ``rules-tutor check``).
"""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

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
    """One move: the learner's (``say`` leads it, ``why`` answers another legal move) or, with ``bot: true``, the
    bot's scripted move (``say`` is its reason; no ``why``)."""

    model_config = ConfigDict(extra="forbid")
    say: Text
    want: dict[str, Any]
    why: Text | None = None
    bot: bool = False

    @model_validator(mode="after")
    def _why_for_the_learner(self) -> "Step":
        if not self.bot and self.why is None:
            raise ValueError("a step for the learner needs a 'why' (why the tutorial wants this move)")
        if self.bot and self.why is not None:
            raise ValueError("a bot's step has no 'why' (its 'say' is the bot's reason)")
        return self


class Seat(BaseModel):
    """A Dungeon Mayhem seat of the stacked deal (``from_position``'s mapping; the deck top first)."""

    model_config = ConfigDict(extra="forbid")
    character: str = Field(min_length=1, max_length=40)
    hp: int = Field(default=10, ge=1, le=10)
    hand: list[str] = Field(default_factory=list, max_length=12)
    deck: list[str] = Field(default_factory=list, max_length=40)
    discard: list[str] = Field(default_factory=list, max_length=40)


class Table(BaseModel):
    """Dungeon Mayhem's stacked deal: the seats in order, seat 0 the learner's and first to play."""

    model_config = ConfigDict(extra="forbid")
    seats: list[Seat] = Field(min_length=2, max_length=6)
    deal_seed: int = Field(default=0, ge=0, le=2**31 - 1)


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
    position: Position | None = None
    """Regicide's stacked deal."""
    table: Table | None = None
    """Dungeon Mayhem's stacked deal."""
    steps: list[Step] = Field(min_length=1, max_length=60)


    @model_validator(mode="after")
    def _deal_of_its_game(self) -> "Tutorial":
        if self.game not in DEALS:
            raise ValueError(f"no guided game for {self.game!r} (one of {', '.join(DEALS)})")
        field = DEALS[self.game]
        if getattr(self, field) is None or any(getattr(self, f) is not None for f in DEALS.values() if f != field):
            raise ValueError(f"a {self.game} tutorial gives its deal as '{field}' (and no other)")
        return self

    @property
    def players(self) -> int:
        return self.position.players if self.position is not None else len(self.table.seats) if self.table else 0

    @property
    def characters(self) -> tuple[str, ...]:
        """Dungeon Mayhem's characters in seat order (none for Regicide)."""
        return tuple(s.character for s in self.table.seats) if self.table is not None else ()

    @property
    def mine(self) -> tuple[int, ...]:
        """The learner's seats: every seat of a Regicide tutorial, seat 0 of a Dungeon Mayhem one."""
        return tuple(range(self.players)) if self.game == "regicide" else (0,)


DEALS = {"regicide": "position", "dungeon_mayhem": "table"}
"""Each game's field for its stacked deal."""


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
    if t.game == "dungeon_mayhem" and t.table is not None:
        from engine.dungeon_mayhem.game import from_position as dm_position

        seats = [s.model_dump() for s in t.table.seats]
        return dm_position(seats, seed=t.table.deal_seed)
    from engine import regicide as rg

    p = t.position
    assert p is not None
    return rg.from_position(p.players, enemy=p.enemy, hands=p.hands, castle=p.castle, tavern=p.tavern,
                            discard=p.discard, solo_jesters=p.solo_jesters, rng=random.Random(p.deal_seed))


def wanted(game: str, state: Any, want: dict[str, Any]) -> Any:
    """The move a step asks for, as the engine lists it: a Dungeon Mayhem card named in the hand (or discard pile)
    becomes its index there, so it equals the move a click on that card makes. Raises ValueError naming a card
    that is not there."""
    from tutor.play.codec import decode

    action = decode(game, want)
    if game != "dungeon_mayhem" or getattr(action, "card", None) is None:
        return action
    from engine.dungeon_mayhem.actions import ChooseDiscard, PlayCard
    from engine.dungeon_mayhem.cards import card_name

    if not isinstance(action, (PlayCard, ChooseDiscard)) or action.card is None:
        return action
    me = state.players[state.active]
    zone = me.hand if isinstance(action, PlayCard) else me.discard
    names = [card_name(c) for c in zone]
    if action.card not in names:
        raise ValueError(f"{action.card!r} is not in {state.names[state.active]}'s "
                         f"{'hand' if isinstance(action, PlayCard) else 'discard pile'} ({', '.join(names)})")
    return type(action)(names.index(action.card))


def _won(t: Tutorial, end: Any) -> bool:
    """The learner won: the table's win in a cooperative game, a seat of theirs winning in a competitive one."""
    return bool(end.won) if end.won is not None else end.winner in t.mine


def check(t: Tutorial, path: str) -> list[Problem]:
    """Replay the moves asked for: each legal where it is asked and asked of the seat that chooses then (the
    learner's, or a bot's for a scripted bot move), the game won by the learner after the last."""
    from engine.core.errors import RulesError
    from tutor.games import engine_game
    from tutor.play.seats import deciding

    game = engine_game(t.game)
    try:
        state = initial_state(t)
    except (RulesError, ValueError) as err:
        return [Problem(path, 1, 1, f"the position is not one the rules allow: {err}", DEALS[t.game])]
    for k, step in enumerate(t.steps):
        seat = deciding(t.game, state)
        if (seat in t.mine) == step.bot:
            whose = "the learner's" if seat in t.mine else "a bot's"
            return [Problem(path, 1, 1, f"step {k + 1}: the choice is {whose} here, but the step is "
                                        f"{'a bot' if step.bot else 'the learner'}'s", f"steps[{k}].bot")]
        try:
            action = wanted(t.game, state, step.want)
            state, _steps = game.apply_explained(state, action)
        except (RulesError, ValueError) as err:
            return [Problem(path, 1, 1, f"step {k + 1}: the move asked for is refused: {err}", f"steps[{k}].want")]
        end = game.outcome(state)
        if end is not None and k < len(t.steps) - 1:
            return [Problem(path, 1, 1, f"the game ends at step {k + 1}, before the last step", f"steps[{k}]")]
    end = game.outcome(state)
    if end is None or not _won(t, end):
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
