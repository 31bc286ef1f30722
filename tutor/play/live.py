"""A live game: its set-up (game, seats, whose seats are the learner's, the bots' level, the seed) and its moves.

Nothing else is kept: the position is always the engine's replay of the moves from the seeded deal, so the same
set-up and moves give the same game, on any server, after any restart. Each move goes through the engine's own
check (``apply_explained``): a legal one comes back with the steps that resolved it (each with its rule, its
sentence and its source, and what it changed); a refused one with the verdict step, the rule it breaks and why
("why can't I?"). Bots play the seats that are not the learner's, each move with a one-line reason
(:mod:`tutor.play.bots`).

>>> p = start(Setup("regicide", 1, mine=(0,), seed=7))
>>> p.outcome is None and p.yours
True
>>> r = attempt(p, __import__("engine.regicide").regicide.Yield())
>>> r.rule
'REG.solo.no_yield'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Sequence

from engine.core.errors import IllegalPlay, InvalidAction
from engine.core.game import Game, GameEnd
from engine.core.message import msg
from engine.core.trace import Step, Tracer
from tutor.games import engine_game, play_hook, playable
from tutor.games.play import PlayHook, has_heuristic
from tutor.play.seats import deciding

LEVELS = ("random", "heuristic")
MAX_MOVES = 3000
"""A game longer than this is refused (no seeded random game comes near: see tests/tutor/test_play_bots.py)."""
MAX_SEED = 2**31 - 1


@dataclass(frozen=True)
class Setup:
    """What a game is started from. ``mine``: the seats (from 0) the learner plays; the bots play the others.
    ``characters``: what each seat is dealt, in seat order, for a game whose play hook offers it (Dungeon Mayhem's
    characters); empty for the others."""

    game: str
    players: int
    mine: tuple[int, ...] = (0,)
    level: str = "heuristic"
    seed: int = 0
    characters: tuple[str, ...] = ()
    tutorial: str = ""
    """A guided game's name (``tutorials/<game>/<name>.yaml``): its stacked deal instead of the seeded one."""

    def problems(self) -> list[str]:
        """What is wrong with this set-up (empty: it can be dealt)."""
        out: list[str] = []
        games = playable()
        if self.game not in games:
            return [f"no game {self.game!r} to play (one of {', '.join(games)})"]
        hook = self.hook
        low, high = hook.players
        if not low <= self.players <= high:
            out.append(f"{self.game} is for {low}-{high} players, not {self.players}")
        if not self.mine or any(not 0 <= s < self.players for s in self.mine) or len(set(self.mine)) != len(self.mine):
            out.append(f"your seats {list(self.mine)} must be one or more different seats of the {self.players}")
        if self.level not in LEVELS:
            out.append(f"the bots' level must be one of {', '.join(LEVELS)}, not {self.level!r}")
        elif not has_heuristic(hook) and self.level != "random":
            out.append(f"{self.game}'s bots play at random only (its play hook neither chooses nor scores a move)")
        if not 0 <= self.seed <= MAX_SEED:
            out.append(f"the seed must be a whole number from 0 to {MAX_SEED}")
        if hook.options:
            if len(self.characters) != self.players:
                out.append(f"{self.players} players need {self.players} characters, not {len(self.characters)}")
            bad = [c for c in self.characters if c not in hook.options]
            if bad:
                out.append(f"characters {bad} cannot be dealt (one of {', '.join(hook.options)})")
        elif self.characters:
            out.append(f"{self.game} deals no characters")
        if self.tutorial:
            from tutor.play.tutorial import tutorial

            try:
                t = tutorial(self.game, self.tutorial)
            except ValueError as err:
                return out + [str(err)]
            if self.players != t.players or tuple(sorted(self.mine)) != t.mine or self.characters != t.characters:
                out.append(f"the guided game {self.tutorial!r} is for {t.players} player(s), yours {list(t.mine)}")
        return out

    @property
    def hook(self) -> PlayHook:
        """How this game is played (its plugin's play hook)."""
        found = play_hook(self.game)
        assert found is not None, self.game
        return found

    def as_dict(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "mine": list(self.mine), "level": self.level,
                "seed": self.seed, "characters": list(self.characters), "tutorial": self.tutorial}

    @classmethod
    def from_dict(cls, data: Any) -> "Setup":
        """A set-up read back (bounded: wrong kinds or values raise ValueError naming them)."""
        if not isinstance(data, dict):
            raise ValueError("a game's set-up is a mapping")
        try:
            setup = cls(str(data["game"]), int(data["players"]), tuple(int(s) for s in data["mine"][:6]),
                        str(data["level"]), int(data["seed"]), tuple(str(c)[:40] for c in data.get("characters", [])[:6]),
                        str(data.get("tutorial") or "")[:40])
        except (KeyError, TypeError, ValueError) as err:
            raise ValueError(f"a game's set-up lacks or misstates {err}") from None
        problems = setup.problems()
        if problems:
            raise ValueError("; ".join(problems))
        return setup


@dataclass(frozen=True)
class Entry:
    """One move made: its number (from 1), the seat that made it, the action, whether a bot made it (and the bot's
    one-line reason), and the steps the engine resolved it with."""

    n: int
    seat: int
    action: Any
    bot: bool
    reason: Any
    """The bot's :class:`Message` (a guided game's scripted bot move: its text in every language), or ``None``."""
    steps: tuple[Step, ...]
    before: Any = field(default=None, compare=False, repr=False)
    """The position the move was made from (to name the move as the table saw it: the card at a hand index)."""


@dataclass(frozen=True)
class Refusal:
    """A move the engine refused: the rule it breaks (``None`` for a move that is not one, e.g. no card chosen),
    the verdict step (its rule, sentence and source) and the reason in a sentence."""

    action: Any
    rule: str | None
    reason: Any
    """A :class:`Message`, a plain reason, or (a guided game's) its text in every language."""
    step: Step | None = None
    tutorial: bool = False
    """A legal move, but not the one the guided game asks for (``reason``: why it wants its own)."""


@dataclass(frozen=True)
class Played:
    """A game as far as it has gone: the set-up, the position now, and every move with its ruling."""

    setup: Setup
    state: Any
    entries: tuple[Entry, ...] = field(default=())

    @property
    def game(self) -> Game[Any, Any]:
        return engine_game(self.setup.game)

    @property
    def outcome(self) -> GameEnd | None:
        return self.game.outcome(self.state)

    @property
    def deciding(self) -> int | None:
        """The seat that makes the next choice (``None`` once the game is over)."""
        return deciding(self.setup.game, self.state)

    @property
    def yours(self) -> bool:
        """The next choice is the learner's."""
        return self.deciding in self.setup.mine

    def legal(self) -> list[Any]:
        """Every legal move now (the engine's list)."""
        return list(self.game.legal_actions(self.state))

    def records(self) -> list[dict[str, Any]]:
        """The moves as stored: each action's data and whether a bot made it."""
        from tutor.play.codec import encode

        return [{"a": encode(e.action, self.setup.game), "bot": e.bot} for e in self.entries]


def seat_name(setup: Setup, state: Any, seat: int) -> str:
    """A seat as the table names it: 'seat 2', or the Dungeon Mayhem character sitting there (its play hook)."""
    return setup.hook.seat_name(state, seat) or f"seat {seat + 1}"


def move_rng(seed: int, n: int) -> random.Random:
    """The randomness of move ``n`` (a reshuffle it causes): seeded by the game's seed and the move's number."""
    return random.Random(f"move:{seed}:{n}")


def bot_rng(seed: int, n: int) -> random.Random:
    """A bot's randomness for move ``n`` (its own stream: a bot's choice never shifts the deal)."""
    return random.Random(f"bot:{seed}:{n}")


def initial(setup: Setup) -> Any:
    """The seeded deal."""
    problems = setup.problems()
    if problems:
        raise ValueError("; ".join(problems))
    if setup.tutorial:
        from tutor.play.tutorial import initial_state, tutorial

        return initial_state(tutorial(setup.game, setup.tutorial))
    return setup.hook.deal(setup.players, setup.characters, random.Random(setup.seed))


def _apply(played: Played, action: Any, bot: bool, reason: Any) -> Played:
    n = len(played.entries) + 1
    seat = played.deciding
    assert seat is not None
    state, steps = played.game.apply_explained(played.state, action, move_rng(played.setup.seed, n))
    return Played(played.setup, state, played.entries + (Entry(n, seat, action, bot, reason, steps, played.state),))


def refusal(game: Game[Any, Any], action: Any, err: IllegalPlay | InvalidAction) -> Refusal:
    """The verdict on a refused move: the rule it breaks, in a step that cites its source."""
    if isinstance(err, IllegalPlay) and err.rule is not None:
        step = Tracer(game.glossary).illegal(err)
        return Refusal(action, err.rule, err.message if err.message is not None else err.reason, step)
    return Refusal(action, None, err.message if err.message is not None else err.reason)


def bot_move(played: Played) -> tuple[Any, Any]:
    """The move the bot at the deciding seat makes now, with its reason."""
    from tutor.play.bots import bot

    step = tutorial_step(played)
    if step is not None and step.bot:  # a guided game's scripted move, its 'say' the reason
        from tutor.play.tutorial import wanted

        return wanted(played.setup.game, played.state, step.want), step.say
    n = len(played.entries) + 1
    return bot(played.setup.game, played.setup.level).choose(played.state, bot_rng(played.setup.seed, n))


def advance(played: Played) -> Played:
    """The bots move until the next choice is the learner's or the game is over."""
    while played.outcome is None and not played.yours:
        if len(played.entries) >= MAX_MOVES:
            raise ValueError(f"the game has gone on for {MAX_MOVES} moves")
        action, reason = bot_move(played)
        played = _apply(played, action, True, reason)
    return played


def start(setup: Setup) -> Played:
    """A new game: the seeded deal, then the bots' moves up to the learner's first choice."""
    return advance(Played(setup, initial(setup)))


def attempt(played: Played, action: Any) -> Played | Refusal:
    """The learner's move: the game after it (and after the bots' replies), or the engine's refusal."""
    seat = played.deciding
    if played.setup.tutorial and seat is not None:
        asked = tutorial_step(played)
        if asked is not None:
            from tutor.play.tutorial import wanted

            if action != wanted(played.setup.game, played.state, asked.want) and played.game.is_legal(played.state, action):
                return Refusal(action, None, asked.why, tutorial=True)  # why it wants its move, in every language
    if seat is None:
        end = played.outcome
        assert end is not None
        return Refusal(action, end.rule, msg("the game is over ({result})", result=end.result_message))
    if seat not in played.setup.mine:
        return Refusal(action, None, msg("it is not your turn: {seat} chooses now",
                                         seat=seat_name(played.setup, played.state, seat)))
    try:
        after = _apply(played, action, False, None)
    except (IllegalPlay, InvalidAction) as err:
        return refusal(played.game, action, err)
    return advance(after)


def tutorial_step(played: Played) -> Any:
    """The guided game's step for the next move (``None``: not a guided game, or past its last step)."""
    if not played.setup.tutorial:
        return None
    from tutor.play.tutorial import tutorial

    steps = tutorial(played.setup.game, played.setup.tutorial).steps
    n = len(played.entries)
    return steps[n] if n < len(steps) else None


def replay(setup: Setup, records: Sequence[Any]) -> Played:
    """The game the stored moves make: each applied again through the engine, each bot move's reason computed
    again. Raises ValueError naming the first move that does not replay (a record from another engine version)."""
    from tutor.play.codec import decode

    if len(records) > MAX_MOVES:
        raise ValueError(f"more than {MAX_MOVES} moves")
    played = Played(setup, initial(setup))
    for k, rec in enumerate(records, start=1):
        if not isinstance(rec, dict):
            raise ValueError(f"move {k} is not a mapping")
        action = decode(setup.game, rec.get("a"))
        bot = bool(rec.get("bot"))
        reason = None
        if bot:
            chosen, why = bot_move(played)
            reason = why if chosen == action else None
        try:
            played = _apply(played, action, bot, reason)
        except (IllegalPlay, InvalidAction) as err:
            raise ValueError(f"move {k} ({action}) does not replay: {err}") from None
    return played


def undo(played: Played) -> Played:
    """The game as it was before the learner's last move (the bots' replies to it taken back too); unchanged
    when the learner has not moved yet."""
    mine = [e.n for e in played.entries if not e.bot]
    if not mine:
        return played
    keep = mine[-1] - 1
    return replay(played.setup, played.records()[:keep])


def undo_to(played: Played, n: int) -> Played:
    """The game after its first ``n`` moves (any earlier position; the bots then move if it is theirs)."""
    return advance(replay(played.setup, played.records()[: max(0, n)]))


def at_move(played: Played, n: int) -> Played:
    """The game as it stood after its first ``n`` moves (0: the deal), for replaying a record move by move: the
    positions the moves were made from, kept with them, so nothing is replayed again and no bot moves."""
    n = max(0, min(n, len(played.entries)))
    state = played.state if n == len(played.entries) else played.entries[n].before
    return Played(played.setup, state, played.entries[:n])
