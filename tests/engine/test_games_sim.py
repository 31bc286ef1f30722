"""One random-play harness over every registered game (after OpenSpiel's ``games_sim_test.py``).

For each game in :data:`engine.core.game.GAMES`, seeded random games check what every game must do:
a state with an outcome has no legal actions (and one without has some); every legal action is legal
and applies; applying never changes the input state; the same seed gives the same game; and every
step of every explanation cites a rule of the game's glossary and a source a learner can follow.
Game-specific invariants (cards conserved, hit points in bounds) stay in each game's own tests.
A new game that registers itself is tested here at once.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from engine.core.errors import GameOver, IllegalPlay, InvalidAction
from engine.core.game import GAMES, Game, GameEnd
from engine.registry import BUILT_IN, load_all

load_all()
NAMES = sorted(GAMES)
GAMES_EACH = 150
MAX_ACTIONS = 2_000


def play(game: Game[Any, Any], seed: int) -> tuple[list[object], list[bytes], GameEnd]:
    """One random game: the actions taken, each state (pickled) and the end, checking every invariant."""
    rng = random.Random(seed)
    state = game.initial_state(game.random_setup(rng), rng)
    actions: list[object] = []
    states = [pickle.dumps(state)]
    cited: set[str] = set()
    for _ in range(MAX_ACTIONS):
        end = game.outcome(state)
        legal = list(game.legal_actions(state))
        if end is not None:
            assert legal == [], f"{game.name}: a finished game still lists {legal[:3]}"
            with pytest.raises(GameOver) as over:
                game.apply_explained(state, actions[-1] if actions else object(), rng)
            assert over.value.end == end and over.value.rule == end.rule
            assert end.rule in game.glossary, end.rule
            return actions, states, end
        assert legal, f"{game.name}: a game in progress has no legal action [{state}]"
        assert len(set(map(repr, legal))) == len(legal), f"{game.name}: an action is listed twice"
        for probe in rng.sample(legal, min(3, len(legal))):
            assert game.is_legal(state, probe), probe
        action = rng.choice(legal)
        before = pickle.dumps(state)
        after, steps = game.apply_explained(state, action, rng)
        assert pickle.dumps(state) == before, f"{game.name}: apply changed its input state"
        for step in steps:
            assert step.rule in game.glossary, step.rule
            assert step.text.strip(), step.rule
            if step.source not in cited:
                assert game.sources.unknown([step.source]) == [], (step.rule, step.source)
                cited.add(step.source)
        actions.append(action)
        state = after
        states.append(pickle.dumps(state))
    raise AssertionError(f"{game.name}: no end after {MAX_ACTIONS} actions (seed {seed})")


@pytest.mark.parametrize("name", NAMES)
def test_random_play_keeps_the_shared_invariants(name: str) -> None:
    game = GAMES[name]
    ends: set[str] = set()
    for seed in range(GAMES_EACH):
        _, _, end = play(game, seed)
        ends.add(end.rule)
    assert ends, name


@pytest.mark.parametrize("name", NAMES)
def test_the_same_seed_gives_the_same_game(name: str) -> None:
    game = GAMES[name]
    for seed in (1, 7, 42):
        first = play(game, seed)
        again = play(game, seed)
        assert first[0] == again[0] and first[1] == again[1] and first[2] == again[2]


@pytest.mark.parametrize("name", NAMES)
def test_an_action_from_another_game_is_refused_by_kind(name: str) -> None:
    """Malformed input (an action of the wrong kind) is an InvalidAction or an IllegalPlay, never a crash."""
    game = GAMES[name]
    rng = random.Random(3)
    state = game.initial_state(game.random_setup(rng), rng)
    for foreign in ("play 7H", 3, None, ("Spider-Man",)):
        assert not game.is_legal(state, foreign)
        with pytest.raises((InvalidAction, IllegalPlay)):
            game.apply_explained(state, foreign, rng)


def test_every_game_is_registered() -> None:
    """The built-in games always (a test game registered by the suite may come beside them)."""
    assert set(BUILT_IN) <= set(NAMES)
    for name in BUILT_IN:
        game = GAMES[name]
        assert game.name == name and len(list(game.glossary)) > 20
