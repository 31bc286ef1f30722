"""Guided first games: a stacked deal, the move each step asks for, what it teaches, and why the tutorial wants
that move and not another legal one; every text in English and any of the app's languages (``tutor.i18n.LANGUAGES``). A step marked ``bot: true`` is the
bot's scripted move (its ``say`` is the bot's one-line reason): a guided game plays the same way every time. The
learner's seats are the ones the game's guide names (all of a cooperative game's, else seat 0); the bot plays the
others.

The script is the same for every game (this module names none): what is one game's own comes from its play hook's
``guide`` (:class:`tutor.games.play.GuideHook`, in its plugin package): the folder its tutorials are in
(``tutorials/<game>/`` for the games of the app), the key and strict model of the stacked deal in a file, the
position dealt from it, and a move asked for by the names a person reads (a card's name) made into the engine's.

Loaded strictly (``tutor/yamlio.py``: duplicate keys, aliases, unknown fields are errors at ``path:line:col``)
and checked by replaying it through the engine: every move asked for must be legal where it is asked, and the
last one must win the game (:func:`check`, run by ``rules-tutor check`` for every game with a guide).
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Callable

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model, field_validator, model_validator

from tutor import i18n
from tutor.games import play_hook, playable
from tutor.games.play import GuideHook
from tutor.yamlio import Located, Problem, load, locate

ROOT = Path(__file__).resolve().parents[2] / "tutorials"
"""The tutorials of the app's games, one folder per game (each game's guide names its folder)."""
FIRST = "first_game"
"""The tutorial the Play page offers for a game."""
TEXT_MAX = 1200
"""The longest text a tutorial may give in one language."""


class Text(BaseModel):
    """A text in English and any of the app's other languages (``tutor.i18n.LANGUAGES``): one key per language
    code; a code the app does not know is refused at load."""

    model_config = ConfigDict(extra="allow", frozen=True)
    en: str = Field(min_length=1, max_length=TEXT_MAX)

    @model_validator(mode="before")
    @classmethod
    def _known_languages(cls, data: Any) -> Any:
        if isinstance(data, dict):
            known = i18n.LANGUAGES  # read at each load: a language added (a test's locale) counts
            for code, text in data.items():
                if code not in known:
                    raise ValueError(f"no language {code!r} in the app (one of {', '.join(known)})")
                if not isinstance(text, str) or not 1 <= len(text) <= TEXT_MAX:
                    raise ValueError(f"the {code!r} text must be a string of 1 to {TEXT_MAX} characters")
        return data

    def in_(self, lang: str) -> str:
        """The text in ``lang``, or in English when the file gives none in it."""
        found = (self.model_extra or {}).get(lang) if lang != "en" else None
        return str(found) if isinstance(found, str) else self.en


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


def guide(game: Any) -> GuideHook | None:
    """``game``'s guided first games (its play hook's ``guide``), or None: it has none (or is no playable game)."""
    hook = play_hook(game) if isinstance(game, str) and game in playable() else None
    return hook.guide if hook is not None else None


def guides() -> tuple[str, ...]:
    """The games whose play hook has a guide, in the Play page's order."""
    return tuple(g for g in playable() if guide(g) is not None)


def guided() -> tuple[str, ...]:
    """The games the Play page offers a guided first game of: a guide, and its ``first_game.yaml``."""
    return tuple(g for g in guides() if path_of(g).is_file())


class Tutorial(BaseModel):
    """A guided game: its game, title and steps; each game's file model (:func:`model_of`) adds its stacked deal,
    under the key its guide names (Regicide's ``position``, Dungeon Mayhem's ``table``)."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=40)
    title: Text
    steps: list[Step] = Field(min_length=1, max_length=60)

    @field_validator("game")
    @classmethod
    def _a_guided_game(cls, game: str) -> str:
        if guide(game) is None:
            raise ValueError(f"no guided game for {game!r} (one of {', '.join(guides())})")
        return game

    @property
    def hook(self) -> GuideHook:
        """The guide of its game."""
        found = guide(self.game)
        assert found is not None, self.game
        return found

    @property
    def deal(self) -> Any:
        """The stacked deal (the game's own model)."""
        return getattr(self, self.hook.field)

    @property
    def players(self) -> int:
        return self.hook.players(self.deal)

    @property
    def characters(self) -> tuple[str, ...]:
        """What each seat is dealt, in seat order (Dungeon Mayhem's characters; none for Regicide)."""
        return self.hook.options(self.deal)

    @property
    def mine(self) -> tuple[int, ...]:
        """The learner's seats (every seat of a cooperative game's tutorial, else seat 0)."""
        return self.hook.mine(self.deal)


@cache
def model_of(game: str) -> type[Tutorial]:
    """The file model of ``game``'s tutorials: :class:`Tutorial` with its guide's deal, which must be given (its
    absence is named at the deal's key: the game's deal, and no other)."""
    found = guide(game)
    assert found is not None, game
    field = found.field
    if not field.isidentifier() or field.startswith("_") or hasattr(Tutorial, field) or field in Tutorial.model_fields:
        raise ValueError(f"{game}'s guide names its deal {field!r}, not a key of its own")

    def given(value: Any) -> Any:
        if value is None:
            raise ValueError(f"a {game} tutorial gives its deal as '{field}' (and no other)")
        return value

    validators: dict[str, Any] = {"_deal_given": field_validator(field, mode="before")(given)}
    deal: dict[str, Any] = {field: (found.model | None, Field(default=None, validate_default=True))}
    return create_model(f"Tutorial_{game}", __base__=Tutorial, __validators__=validators, **deal)


def path_of(game: str, name: str = FIRST) -> Path:
    """Where ``game``'s tutorial ``name`` is (its guide's folder; ``tutorials/<game>/`` for a game with none)."""
    found = guide(game)
    return (found.folder if found is not None else ROOT / game) / f"{name}.yaml"


def _parse(text: str, path: str) -> tuple[Tutorial | None, list[Problem], Located | None]:
    located, problems = load(text, path)
    if located is None or problems:  # a duplicate key, a bad value: the file is refused as written
        return None, problems, located
    data = located.data
    game = data.get("game") if isinstance(data, dict) else None
    model = model_of(game) if guide(game) is not None else Tutorial
    try:
        return model.model_validate(data), [], located
    except ValidationError as err:
        out = []
        for e in err.errors():
            loc, _union = locate(data, tuple(e["loc"]), e["type"])
            line, col = located.position(loc)
            out.append(Problem(path, line, col, e["msg"], ".".join(str(p) for p in loc)))
        return None, out, located


def parse(text: str, path: str) -> tuple[Tutorial | None, list[Problem]]:
    """The tutorial in ``text``, or the problems, each at ``path:line:col``."""
    found, problems, _located = _parse(text, path)
    return found, problems


def initial_state(t: Tutorial) -> Any:
    """The stacked deal, dealt by its game's guide."""
    return t.hook.deal(t.deal)


def wanted(game: str, state: Any, want: dict[str, Any]) -> Any:
    """The move a step asks for, as the engine lists it (the game's guide resolves the names a person reads: a
    Dungeon Mayhem card named in the hand becomes its index there, so it equals the move a click on that card
    makes). Raises ValueError naming what is wrong (a card that is not there)."""
    from tutor.play.codec import decode

    action = decode(game, want)
    found = guide(game)
    return found.resolve(state, action) if found is not None else action


def _won(t: Tutorial, end: Any) -> bool:
    """The learner won: the table's win in a cooperative game, a seat of theirs winning in a competitive one."""
    return bool(end.won) if end.won is not None else end.winner in t.mine


Where = Callable[[tuple[str | int, ...]], tuple[int, int]]
"""The line and column of a place in a tutorial's file (its keys and indices), e.g. ``Located.position``."""


def check(t: Tutorial, path: str, where: Where | None = None) -> list[Problem]:
    """Replay the moves asked for: each legal where it is asked and asked of the seat that chooses then (the
    learner's, or a bot's for a scripted bot move), the game won by the learner after the last. Each problem is
    placed by ``where`` (the file's positions) at the step it is about; without it, at 1:1."""
    from engine.core.errors import RulesError
    from tutor.games import engine_game
    from tutor.play.seats import deciding

    def problem(loc: tuple[str | int, ...], message: str) -> list[Problem]:
        line, col = where(loc) if where is not None else (1, 1)
        field = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in loc).lstrip(".")
        return [Problem(path, line, col, message, field)]

    game = engine_game(t.game)
    try:
        state = initial_state(t)
    except (RulesError, ValueError) as err:
        return problem((t.hook.field,), f"the position is not one the rules allow: {err}")
    for k, step in enumerate(t.steps):
        seat = deciding(t.game, state)
        if (seat in t.mine) == step.bot:
            whose = "the learner's" if seat in t.mine else "a bot's"
            return problem(("steps", k, "bot"), f"step {k + 1}: the choice is {whose} here, but the step is "
                                                f"{'a bot' if step.bot else 'the learner'}'s")
        try:
            action = wanted(t.game, state, step.want)
            state, _steps = game.apply_explained(state, action)
        except (RulesError, ValueError) as err:
            return problem(("steps", k, "want"), f"step {k + 1}: the move asked for is refused: {err}")
        end = game.outcome(state)
        if end is not None and k < len(t.steps) - 1:
            return problem(("steps", k), f"the game ends at step {k + 1}, before the last step")
    end = game.outcome(state)
    if end is None or not _won(t, end):
        return problem(("steps",), "the last step does not win the game")
    return []


@lru_cache(maxsize=8)
def tutorial(game: str, name: str = FIRST) -> Tutorial:
    """A shipped tutorial of ``game`` (raises ValueError naming its problems)."""
    path = path_of(game, name)
    if guide(game) is None or not path.is_file():
        raise ValueError(f"no guided game {name!r} for {game}")
    found, problems = parse(path.read_text(encoding="utf-8"), str(path))
    if found is None:
        raise ValueError("; ".join(str(p) for p in problems))
    if found.game != game:
        raise ValueError(f"{path}: a tutorial of {found.game}, in {game}'s folder")
    return found


def _shown(path: Path) -> str:
    """A file as the problems name it: from the repository when it is in it."""
    try:
        return str(path.relative_to(ROOT.parent))
    except ValueError:
        return str(path)


def check_all() -> list[Problem]:
    """Every tutorial, loaded and replayed: those in the folder of each game with a guide (the registry's), and any
    other under ``tutorials/`` (a folder named for its game)."""
    files: dict[Path, str] = {}
    for game in guides():
        folder = path_of(game).parent
        files.update((p.resolve(), game) for p in sorted(folder.glob("*.yaml")))
    for p in sorted(ROOT.glob("*/*.yaml")):
        files.setdefault(p.resolve(), p.parent.name)
    out: list[Problem] = []
    for path, owner in files.items():
        shown = _shown(path)
        found, problems, located = _parse(path.read_text(encoding="utf-8"), shown)
        out.extend(problems)
        if found is None or located is None:
            continue
        if found.game != owner:
            line, col = located.position(("game",))
            out.append(Problem(shown, line, col, f"a tutorial of {found.game} in the folder of {owner}'s", "game"))
        else:
            out.extend(check(found, shown, located.position))
    return out
