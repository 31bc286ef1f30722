"""Invariants over 2,000 seeded random games, 2-6 players (OpenSpiel-style random sim test)."""

from __future__ import annotations

import random
from collections import Counter

from engine.core.errors import IllegalPlay, InvalidAction
from engine.dungeon_mayhem import (
    DECKS, GLOSSARY, ChooseDefense, ChooseDiscard, ChoosePlayer, ChooseTarget, PlayCard, State, apply,
    is_terminal, legal_actions, new_game, outcome,
)
from engine.dungeon_mayhem.cards import END, make_cid
from engine.dungeon_mayhem.rules import acting
from engine.dungeon_mayhem.simulate import lineup

GAMES = 2000


def owned_cards(s: State) -> Counter[int]:
    cards: Counter[int] = Counter()
    for p in s.players:
        cards.update(p.hand + p.deck + p.discard + tuple(c for c, _ in p.defense))
    cards.update(s.played)
    cards.update(cid for code, _v, cid in s.queue if code == END)  # cards being resolved
    return cards


def probe_actions(s: State) -> list[object]:
    n = len(s.players)
    out: list[object] = [PlayCard(i) for i in range(8)] + [ChooseDiscard(i) for i in range(4)]
    for p in range(n + 1):
        out += [ChooseTarget(p), ChoosePlayer(p)] + [ChooseTarget(p, k) for k in range(3)] + [ChooseDefense(p, k) for k in range(3)]
    return out


def check(s: State, expected: Counter[int]) -> None:
    assert owned_cards(s) == expected
    assert all(0 <= p.hp <= 10 for p in s.players)
    legal = legal_actions(s)
    if is_terminal(s):
        assert legal == [] and outcome(s) is not None
        return
    assert legal, s.summary()
    me = s.players[acting(s)]  # who the choice is for (an attack's attacker, an asked player)
    if s.pending.kind == "ghost":
        assert me.out  # a ghost only haunts
    else:
        assert not me.out  # a knocked-out player never plays


def test_random_games_keep_invariants() -> None:
    probes = 0
    for g in range(GAMES):
        rng = random.Random(g)
        players = 2 + g % 5
        chars = lineup(players, g // 5)
        s = new_game(chars, rng)
        expected = Counter(make_cid(seat, t) for seat, c in enumerate(chars) for t in DECKS[c])
        for n in range(2000):
            check(s, expected)
            if is_terminal(s):
                break
            legal = legal_actions(s)
            if n % 7 == g % 7:
                for a in probe_actions(s):
                    if a in legal:
                        continue
                    probes += 1
                    try:
                        apply(s, a)  # type: ignore[arg-type]
                    except IllegalPlay as e:
                        assert e.rule in GLOSSARY, e
                    except InvalidAction:
                        pass
                    else:
                        raise AssertionError(f"{a!r} is not legal but was accepted: {s.summary()}")
            s = apply(s, rng.choice(legal), rng)
        assert is_terminal(s)
    assert probes > 10_000


def test_same_seed_same_game() -> None:
    def play(seed: int) -> State:
        rng = random.Random(seed)
        s = new_game(["Azzan", "Sutha", "Lia", "Oriax", "Lia"], rng)
        while not is_terminal(s):
            s = apply(s, rng.choice(legal_actions(s)))  # reshuffles from state.seed
        return s
    assert play(5) == play(5)


def test_simulate_reports_figures() -> None:
    from engine.dungeon_mayhem.simulate import simulate
    r = simulate(4, 40, seed=3)
    assert r["games"] == 40 and r["unfinished"] == 0 and r["games_per_second"] > 0
    assert abs(sum(r["wins"].values()) + r["draws"] - 1) < 1e-3 and r["mean_turns"] > 4
    assert simulate(4, 40, seed=3)["wins"] == r["wins"]
