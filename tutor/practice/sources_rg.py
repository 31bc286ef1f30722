"""Regicide practice candidates: positions cut from seeded random games at Step 1, asked about one play.

A position is a state the simulator reached (``rg.new_game`` then uniformly random legal moves); it is
written back as an exact scenario ``setup`` (every pile listed, so the file reproduces the state), and the
question is asked about one legal play of the current seat (or, for a legality question, any play its
hand could try).
"""

from __future__ import annotations

import random
from typing import Any, Iterator

from engine import regicide as rg
from engine.regicide.cards import card_str
from engine.regicide.state import Phase
from engine.core.message import N_
from tutor.practice.core import Candidate

# ask -> (prompt, kind of line: 'play' (a legal play), 'yield', 'try' (any play the hand could try), 'none')
ASKS: dict[str, tuple[str, str]] = {
    "damage_dealt": (N_("How much damage does the play deal to the enemy?"), "play"),
    "enemy_defeated": (N_("Is the enemy defeated by the play?"), "play"),
    "enemy_destination": (N_("Where does the enemy's card go after the play?"), "play"),
    "shield_after": (N_("What is the enemy's shield after the play?"), "play"),
    "discard_needed": (N_("What value must the player discard in Step 4?"), "play_or_yield"),
    "cards_drawn": (N_("How many cards are drawn from the Tavern?"), "play"),
    "cards_healed": (N_("How many cards does the play move from the discard pile under the Tavern?"), "play"),
    "next_player": (N_("Whose turn is it next?"), "play_or_yield"),
    "attack_value": (N_("What is the attack value of the play?"), "play"),
    "is_legal": (N_("Is this move legal?"), "try"),
    "can_yield": (N_("May the next seat yield on their turn?"), "yield"),
    "legal_play_count": (N_("How many different legal plays (not counting a yield) does the current hand have?"), "none"),
}


def setup_of(st: rg.State) -> dict[str, Any]:
    """The state as an exact scenario ``setup``: every pile listed, top first."""
    d: dict[str, Any] = {"players": st.players, "current": st.current + 1, "enemy": card_str(st.enemy)}
    if st.damage:
        d["damage"] = st.damage
    if st.shield:
        d["shield"] = st.shield
    if st.immunity_cancelled:
        d["immunity_cancelled"] = True
    if st.blocked_spades:
        d["blocked_spades"] = st.blocked_spades
    if st.table:
        d["table"] = [card_str(c) for c in st.table]
    d["hands"] = [[card_str(c) for c in h] for h in st.hands]
    d["castle"] = [card_str(c) for c in st.castle]
    d["tavern"] = [card_str(c) for c in st.tavern]
    d["discard"] = [card_str(c) for c in st.discard]
    if st.players > 1 and any(st.yielded):
        d["yielded"] = list(st.yielded)
    if st.players == 1:
        d["solo_jesters"] = st.solo_jesters
    return d


def action_of(seat: int, a: rg.Action) -> dict[str, Any]:
    if isinstance(a, rg.SoloJester):
        return {"solo_jester": True}
    if isinstance(a, rg.Yield):
        return {"seat": seat + 1, "yield": True}
    assert isinstance(a, rg.Play)
    return {"seat": seat + 1, "play": [card_str(c) for c in a.cards]}


def positions(rng: random.Random) -> Iterator[rg.State]:
    """Step 1 positions of one random game after another (a few cuts per game)."""
    while True:
        players = rng.choice((1, 2, 2, 3, 3, 4))
        st = rg.new_game(players, rng)
        moves = 0
        while not rg.is_terminal(st) and moves < 120:
            if st.phase == Phase.PLAY and moves and rng.random() < 0.25:
                yield st
            acts = rg.legal_actions(st)
            st = rg.apply(st, rng.choice(list(acts)))
            moves += 1


def _key(st: rg.State, ask: str, line: tuple[Any, ...]) -> tuple[Any, ...]:
    """What makes two items the same exercise: the ask, the play, and the position it reads (not the order of
    the piles, nor the cards of the other hands, only their sizes)."""
    others = tuple(len(h) for i, h in enumerate(st.hands) if i != st.current)
    return ("regicide", ask, line, st.players, st.enemy, st.damage, st.shield, st.immunity_cancelled,
            st.blocked_spades, tuple(sorted(st.table)), st.hands[st.current], others, len(st.tavern),
            len(st.discard), len(st.castle), st.yielded, st.solo_jesters)


def candidates(rng: random.Random, asks: list[str]) -> Iterator[Candidate]:
    from tutor.games.regicide.plays import candidate_plays

    for st in positions(rng):
        ask = rng.choice(asks)
        prompt, line = ASKS[ask]
        legal = list(rg.legal_actions(st))
        if line == "none":
            acts: list[Any] = []
        elif line == "try":
            tries: list[Any] = [rg.Play(t) for t in candidate_plays(st)] + [rg.Yield()]
            acts = [action_of(st.current, rng.choice(tries))]
        elif line == "yield":
            if st.players == 1 or not any(isinstance(a, rg.Yield) for a in legal):
                continue
            acts = [action_of(st.current, rg.Yield())]
        else:
            pool = [a for a in legal if isinstance(a, (rg.Play, rg.SoloJester))
                or (line == "play_or_yield" and isinstance(a, rg.Yield))]
            if not pool:
                continue
            acts = [action_of(st.current, rng.choice(pool))]
        key = _key(st, ask, tuple(str(a) for a in acts))
        question: dict[str, Any] = {"id": "q", "prompt": prompt, "ask": ask}
        if ask == "can_yield":
            question["of"] = f"seat{(st.current + 1) % st.players + 1}"
        yield Candidate("regicide", {"setup": setup_of(st), "actions": acts, "questions": [question]}, key)
