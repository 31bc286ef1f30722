"""The fast path plays the reference game move for move (issue 13).

The pure-Python fast path is checked turn by turn against the reference loop (legal_actions
and the validated step) on a few thousand seeded games of 2-6 players, base and mixed
tables, and against the public legal_actions/apply API; the compiled build (make fast), when
present and current, on 10,000 seeded games. bench/dungeon_mayhem_fast_check.py replays
10,000 games through the pure-Python path.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.dungeon_mayhem import apply, is_terminal, legal_actions, new_game
from engine.dungeon_mayhem import compiled
from engine.dungeon_mayhem.fast import pick, play, play_reference, reference_step
from engine.dungeon_mayhem.game import deal
from engine.dungeon_mayhem.settings import DEFAULT, Settings
from engine.dungeon_mayhem.simulate import simulate, table


def reference_turns(chars: list[str], rng: random.Random, settings: Settings = DEFAULT) -> tuple[list, object]:
    """The reference loop, with the state at the first card choice of each turn (as fast.play records it)."""
    b = deal(chars, rng, settings)
    turns: list = []
    play_reference(b, rng, turns)
    return turns, b.freeze()


def fast_turns(chars: list[str], rng: random.Random, settings: Settings = DEFAULT) -> tuple[list, object]:
    b = deal(chars, rng, settings)
    turns: list = []
    play(b, rng, turns)
    return turns, b.freeze()


@pytest.mark.parametrize("decks", ["base", "all"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_fast_path_agrees_turn_by_turn(players: int, decks: str) -> None:
    games = 300
    for g in range(games):
        chars, rng = table(players, g, 11, decks)
        ref = reference_turns(chars, rng)
        chars, rng = table(players, g, 11, decks)
        fast = fast_turns(chars, rng)
        assert len(ref[0]) == len(fast[0]), (g, chars)
        for k, (a, b) in enumerate(zip(ref[0], fast[0])):
            assert a == b, (g, chars, k, a.summary(), b.summary())
        assert ref[1] == fast[1], (g, chars)


def test_fast_path_agrees_with_legal_actions_and_apply() -> None:
    """The public API (frozen states) against the fast path, on the same seeds."""
    for g in range(120):
        chars, rng = table(2 + g % 5, g, 5, "all")
        s = new_game(chars, rng)
        while not is_terminal(s):
            legal = legal_actions(s)
            s = apply(s, legal[pick(rng, len(legal))], rng)
        chars, rng = table(2 + g % 5, g, 5, "all")
        assert fast_turns(chars, rng)[1] == s, (g, chars)


def test_other_settings_play_the_reference_loop() -> None:
    odd = dataclasses.replace(DEFAULT, attack_split_per_sword=True, discard_timing="on_resolve")
    for g in range(40):
        chars, rng = table(4, g, 3, "all")
        ref = reference_turns(chars, rng, odd)
        chars, rng = table(4, g, 3, "all")
        assert fast_turns(chars, rng, odd) == ref


def test_simulate_paths_and_processes_agree() -> None:
    runs = [simulate(4, 60, seed=9, decks="all", path=p) for p in ("reference", "pure")]
    runs.append(simulate(4, 60, seed=9, decks="all", path="pure", processes=2))
    keys = ("wins", "draws", "mean_turns", "unfinished")
    assert all({k: r[k] for k in keys} == {k: runs[0][k] for k in keys} for r in runs)
    assert runs[0]["path"] == "reference" and runs[1]["path"] == "pure" and runs[2]["processes"] == 2


def _fingerprint(state: object) -> tuple:
    """A state as plain tuples (the compiled copy has its own classes)."""
    return dataclasses.astuple(state)  # type: ignore[call-overload]


@pytest.mark.skipif(not compiled.is_current(), reason="the compiled fast path is not built (make fast) or is stale")
def test_compiled_fast_path_agrees_on_10000_games() -> None:
    deal_c, play_c = compiled.module("game").deal, compiled.module("fast").play
    for g in range(10_000):
        players, decks = 2 + g % 5, ("base", "all")[g % 2]
        chars, rng = table(players, g, 2024, decks)
        ref_turns, ref_end = reference_turns(chars, rng) if g < 1000 else ([], None)
        if ref_end is None:
            b = deal(chars, rng, DEFAULT)
            while not b.over:
                reference_step(b, rng)
            ref_end = b.freeze()
        chars, rng = table(players, g, 2024, decks)
        b = deal_c(chars, rng, DEFAULT)
        turns: list = [] if g < 1000 else None  # type: ignore[assignment]
        play_c(b, rng, turns)
        assert _fingerprint(b.freeze()) == _fingerprint(ref_end), (g, chars)
        if turns is not None:
            assert [_fingerprint(t) for t in turns] == [_fingerprint(t) for t in ref_turns], (g, chars)
