"""Invariants over thousands of seeded uniformly random games, for 1-4 players."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.core.errors import GameOver, IllegalPlay
from engine.regicide import (
    GLOSSARY,
    ChooseNext,
    Discard,
    Phase,
    Play,
    SoloJester,
    State,
    Yield,
    apply,
    apply_explained,
    is_legal,
    is_terminal,
    legal_actions,
    new_game,
    outcome,
)
from engine.regicide.cards import FULL_DECK
from engine.regicide.game import new_board
from engine.regicide.codes import pick, random_step

GAMES = 2000
DECK = Counter(FULL_DECK)


def check_invariants(s: State) -> None:
    assert Counter(s.all_cards()) == DECK, s.summary()  # all 54 cards accounted for
    assert s.damage >= s.shield, s.summary()
    assert all(len(h) <= s.max_hand for h in s.hands), s.summary()
    ranks = [c >> 2 for c in s.castle]
    assert ranks == sorted(ranks) and all(r >= s.enemy >> 2 for r in ranks)
    assert all(h == tuple(sorted(h)) for h in s.hands)


def illegal_candidates(s: State, rng: random.Random) -> list[object]:
    hand = s.hands[s.current]
    out: list[object] = [Yield(), ChooseNext(s.current), SoloJester()]
    if hand:
        out.append(Discard((hand[0],)))
        out.append(Play((hand[0],)))
    if len(hand) >= 2:
        out.append(Play(tuple(rng.sample(hand, 2))))
        out.append(Play(tuple(hand)))
    return [a for a in out if not is_legal(s, a)]  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_keep_invariants(players: int) -> None:
    results = Counter()
    for g in range(GAMES):
        rng = random.Random(players * 100_000 + g)
        s = new_game(players, rng)
        explain = g % 20 == 0
        while True:
            check_invariants(s)
            acts = legal_actions(s)
            if is_terminal(s):
                assert acts == []
                break
            assert acts and len(set(acts)) == len(acts)
            for bad in illegal_candidates(s, rng)[:1]:
                with pytest.raises(IllegalPlay) as e:
                    apply(s, bad)  # type: ignore[arg-type]
                assert e.value.rule in GLOSSARY
            a = acts[pick(rng, len(acts))]
            if explain:
                s, steps = apply_explained(s, a, rng)
                assert steps and all(st.rule in GLOSSARY and st.text for st in steps)
            else:
                s = apply(s, a, rng)
        out = outcome(s)
        assert out is not None and out.rule in GLOSSARY
        results[out.rule] += 1
        with pytest.raises(GameOver) as e:
            apply(s, Yield())
        assert e.value.rule == out.rule and e.value.end == out
    assert sum(results.values()) == GAMES


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_simulator_agrees_with_reference_move_for_move(players: int) -> None:
    """The fast path (Board + random_step) and legal_actions/apply play identical games."""
    for g in range(150):
        seed = players * 7_000 + g
        rng_ref, rng_fast = random.Random(seed), random.Random(seed)
        s = new_game(players, rng_ref)
        b = new_board(players, rng_fast)
        assert b.freeze() == s
        while not is_terminal(s):
            acts = legal_actions(s)
            s = apply(s, acts[pick(rng_ref, len(acts))], rng_ref)
            random_step(b, rng_fast)
            assert b.freeze() == s
        assert b.phase in (Phase.WON, Phase.LOST)
