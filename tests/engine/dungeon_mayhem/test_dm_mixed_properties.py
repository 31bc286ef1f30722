"""Invariants over random tables of every modelled character: 2,000 seeded games per player count, 2-6 players.

Each game is played by the reference engine on a mutable board (legal_actions + the validated
step; the same rules as apply). Checked: every card stays in the game and keeps its owner, hit
points stay in 0..10, the player a choice is for is still in (a ghost only haunts), a finished
game has no legal action and an outcome, an unfinished one has some, and (every 8th game, with
the trace on) every step cites a glossary rule. Mimi LeChaise is refused for full games (A Book
(Cannot Bite) is not modelled), so her other cards are played from random mid-game positions.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.dungeon_mayhem import GLOSSARY, deck_of, from_position
from engine.dungeon_mayhem.cards import CARD_TYPES, END, OWNER_SHIFT, PLAYABLE, TYPE_MASK, leaves_play, make_cid
from engine.dungeon_mayhem.fast import pick
from engine.dungeon_mayhem.game import deal
from engine.dungeon_mayhem.menus import legal_actions
from engine.dungeon_mayhem.rules import acting
from engine.dungeon_mayhem.state import Board
from engine.dungeon_mayhem.turns import step

GAMES = 2000


def cards_in_game(b: Board) -> Counter[int]:
    c: Counter[int] = Counter()
    for p in b.players:
        c.update(p.hand)
        c.update(p.deck)
        c.update(p.discard)
        c.update(leaves_play(cid) for cid, _ in p.defense)
    c.update(b.played)
    c.update(leaves_play(cid) for code, _v, cid in b.queue if code == END)
    return c


def check_owners(b: Board) -> None:
    """A discard pile holds only its owner's cards; a deck only its owner's (they are never given away)."""
    for seat, p in enumerate(b.players):
        assert all(c >> OWNER_SHIFT == seat for c in p.discard), (seat, p.discard)
        assert all(c >> OWNER_SHIFT == seat for c in p.deck), (seat, p.deck)


def play_checked(b: Board, rng: random.Random, expected: Counter[int], trace: bool) -> int:
    rules: list[str] = []
    log = (lambda rule, text: rules.append(rule)) if trace else None
    decisions = 0
    last_turn = 0
    while not b.over:
        assert all(0 <= p.hp <= 10 for p in b.players)
        assert b.pending is not None
        assert (b.pending.kind == "ghost") == b.players[acting(b)].out, b.pending
        legal = legal_actions(b)
        assert legal
        if b.turn != last_turn:  # cards are counted once a turn (and at the end)
            assert cards_in_game(b) == expected
            check_owners(b)
            last_turn = b.turn
        step(b, legal[pick(rng, len(legal))], log)
        decisions += 1
        assert decisions < 5000
    assert legal_actions(b) == [] and (b.winner is None or not b.players[b.winner].out)
    assert cards_in_game(b) == expected and all(0 <= p.hp <= 10 for p in b.players)
    assert all(r in GLOSSARY for r in rules)
    return decisions


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_mixed_tables_keep_invariants(players: int) -> None:
    seen: Counter[str] = Counter()
    for g in range(GAMES):
        rng = random.Random(players * 100_000 + g)
        chars = [PLAYABLE[int(rng.random() * len(PLAYABLE))] for _ in range(players)]
        seen.update(chars)
        b = deal(chars, rng, __import__("engine.dungeon_mayhem.settings", fromlist=["DEFAULT"]).DEFAULT)
        expected = Counter(make_cid(seat, t) for seat, c in enumerate(chars) for t in deck_of(c))
        play_checked(b, rng, expected, trace=g % 8 == 0)
    assert set(seen) == set(PLAYABLE)  # every modelled deck was seated


def test_mimi_from_mid_game_positions() -> None:
    """Mimi's modelled cards (It's Not a Trap, Definitely Just a Mirror, ...) in random play from dealt positions."""
    mimi = [t for t in deck_of("Mimi") if not CARD_TYPES[t].unmodelled]
    for g in range(400):
        rng = random.Random(g)
        others = [PLAYABLE[int(rng.random() * len(PLAYABLE))] for _ in range(1 + g % 4)]
        seats = []
        for seat, c in enumerate(["Mimi"] + others):
            types = mimi if c == "Mimi" else list(deck_of(c))
            names = [CARD_TYPES[t].name for t in types]
            rng.shuffle(names)
            seats.append({"character": c, "hand": names[:3], "deck": names[3:]})
        s = from_position(seats, seed=g)
        b = Board(s, rng)
        expected = cards_in_game(b)
        assert sum(expected.values()) == 25 + 28 * len(others)
        play_checked(b, rng, expected, trace=g % 4 == 0)
        assert all((c & TYPE_MASK) in mimi for c in cards_in_game(b) if c >> OWNER_SHIFT == 0)
