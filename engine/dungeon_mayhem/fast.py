"""The fast path for uniformly random self-play: the reference game, move for move, with less work.

The reference loop (:func:`reference_step`) is ``step(b, legal[pick(rng, len(legal))])`` on a
:class:`~state.Board`: what ``legal_actions``/``apply`` do, without freezing a State per
action. :func:`play` makes the same random choices in the same order and resolves the
common case inline: a card played from the hand whose symbols are only attack, heal, draw
and play again. Its attack target is chosen on the spot from the same menu, in the same
order, that ``legal_actions`` would list; no action object is built or validated.

Everything else is left to the reference code: Mighty Powers, Jaheira's form cards, every
choice that is not a card or a plain attack target, a knock-out, a Defense card's
overflow order, a trigger, the "this turn" and "until your next turn" effects (Favored
Frienemies, Here I Come!, For My Next Trick..., Charm Ray), the end of a turn, and the
settings the kernel does not assume (:func:`is_plain`). When the kernel hands over in the
middle of a card, it first puts the card's remaining symbols on the queue exactly as the
reference would have them. ``tests/engine/dungeon_mayhem/test_dm_fast.py`` replays seeded
games through both paths and compares every state.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from engine.dungeon_mayhem.cards import AGAIN, ATTACK, CARD_TYPES, DRAW, END, HEAL, OWNER_SHIFT, POWER_OF, SHIELDS, TYPE_MASK
from engine.dungeon_mayhem.resolve import draw, flow, resolve_effect, soak
from engine.dungeon_mayhem.menus import legal_actions
from engine.dungeon_mayhem.rules import attack_targets
from engine.dungeon_mayhem.settings import Settings
from engine.dungeon_mayhem.state import PENDING_PLAY, Board, State
from engine.dungeon_mayhem.turns import resolve_choice, run, step

MAX_HP = 10
EFFECTS: tuple[tuple[tuple[int, Any], ...], ...] = tuple(tuple(c.effects) for c in CARD_TYPES)
"""Per card type: its symbols in printed order."""
_TURN_EFFECTS = {"favored_frienemies", "here_i_come", "for_my_next_trick", "charm_ray"}
"""Mighty Powers whose effects change how later cards resolve ("this turn", "until your next turn")."""


_TURN_EFFECT_DECKS = frozenset(c.character for c in CARD_TYPES if POWER_OF[c.id] in _TURN_EFFECTS)
"""The characters whose decks hold such a power (every card in a game belongs to a seated character's deck)."""
_OTHERS = {(n, seat): [i for i in range(n) if i != seat] for n in range(2, 7) for seat in range(n)}


def _has_turn_effects(b: Board) -> bool:
    """Can any card in this game start a "this turn" / "until your next turn" effect?"""
    return (any(p.character in _TURN_EFFECT_DECKS for p in b.players) or b.bonus > 0 or b.pierce
            or any(p.next_trick or p.charm_ray for p in b.players))


def pick(rng: random.Random, n: int) -> int:
    """The random choice among ``n`` options, shared by both paths (a single option draws nothing)."""
    return 0 if n == 1 else int(rng.random() * n)


def reference_step(b: Board, rng: random.Random) -> None:
    """One uniformly random legal action through the reference engine (validated ``step``)."""
    legal = legal_actions(b)
    step(b, legal[pick(rng, len(legal))], None)


def play_reference(b: Board, rng: random.Random, turns: list[State] | None = None) -> None:
    """Play the reference loop to the end; ``turns`` (tests): the state at the first card choice of each turn."""
    while not b.over:
        if turns is not None and b.pending is PENDING_PLAY and (not turns or turns[-1].turn != b.turn):
            turns.append(b.freeze())
        reference_step(b, rng)


def is_plain(settings: Settings) -> bool:
    """The settings the inline path assumes (the defaults of D1, D4, D6); other settings play the reference loop."""
    return (not settings.attack_split_per_sword and settings.discard_timing == "end_of_turn"
            and settings.empty_hand_draw == "after_card")


def _hand_over(b: Board, cid: int, effects: tuple[tuple[int, Any], ...], j: int) -> None:
    """Queue the END and the symbols from ``j`` on as the reference would hold them (under any trigger), then run."""
    q = b.queue
    triggers = q[:]
    del q[:]
    q.append((END, 1, cid))
    q.extend([(code, v, cid) for code, v in reversed(effects[j:])])
    q.extend(triggers)
    if b.pending is None:
        run(b, None)


def _decide(b: Board, rand: Callable[[], float]) -> None:
    """The pending choice, made as :func:`reference_step` makes it but without checking the action."""
    legal = legal_actions(b)
    m = len(legal)
    pend = b.pending
    assert pend is not None  # a choice is pending whenever legal_actions lists one
    b.pending = None
    resolve_choice(b, pend, legal[0 if m == 1 else int(rand() * m)], None)


def play(b: Board, rng: random.Random, turns: list[State] | None = None) -> None:
    """Play uniformly random legal actions on ``b`` until the game ends (the reference game, move for move).

    ``turns`` (tests): the state at the first card choice of each turn is appended to it.
    """
    if not is_plain(b.settings):
        return play_reference(b, rng, turns)
    rand = rng.random
    players = b.players
    n = b.n
    zone = b.settings.zone_of_influence and b.start_players >= 5
    turn_effects = _has_turn_effects(b)  # off for the base decks: then no card changes how an attack resolves
    at_play = False  # the kernel knows the active player is choosing a card (b.pending may still say None)
    while True:
        if not at_play:
            if b.over:
                return
            if b.pending is not PENDING_PLAY:
                _decide(b, rand)
                run(b, None)
                continue
            if turns is not None and (not turns or turns[-1].turn != b.turn):
                turns.append(b.freeze())
            actor = b.active
            me = players[actor]
            hand = me.hand
            plain = not (turn_effects and (b.bonus or b.pierce or me.next_trick or any(p.charm_ray for p in players)))
            # everyone in and nobody disguised: an attack may target every other seat (until a hand-over)
            others = None if zone or any(p.out or p.disguised for p in players) else _OTHERS[(n, actor)]
            if b.bonus:  # Favored Frienemies: the card's first sword grows as it is queued
                _decide(b, rand)
                run(b, None)
                continue
            at_play = True
        # -- the card: the same index as legal_actions()[pick(...)], a PlayCard(index)
        h = len(hand)
        cid = hand.pop(0 if h == 1 else int(rand() * h))
        b.pending = None
        b.plays_owed -= 1
        effects = EFFECTS[cid & TYPE_MASK]
        # -- its symbols, in printed order; a choice a symbol asks for is made on the spot
        j = 0
        for code, v in effects:
            j += 1
            if code == ATTACK and plain:
                if others is not None:
                    seats = others
                elif zone:
                    seats = attack_targets(b, actor, True)
                else:
                    seats = [i for i in range(n) if i != actor and not players[i].out and not players[i].disguised]
                if not seats:
                    continue
                # the target menu, as legal_actions lists it: each Defense card of a protected player, else the player
                m = 0
                for i in seats:
                    d = len(players[i].defense)
                    m += d if d else 1
                k = 0 if m == 1 else int(rand() * m)
                for i in seats:
                    d = len(players[i].defense)
                    if k < (d or 1):
                        break
                    k -= d or 1
                victim = players[i]
                if not d:
                    hp = victim.hp - v
                    victim.hp = hp if hp > 0 else 0
                else:
                    over = soak(b, i, k, v, None)
                    if over:
                        flow(b, i, over, cid, (), 0, None)
                    while b.pending is not None:  # the overflow order (D2)
                        _decide(b, rand)
                    if b.queue:  # Burped-Up Bones
                        at_play = False
                        break
                if victim.hp <= 0:  # a knock-out: the reference checks it with the rest of the card queued
                    at_play = False
                    break
            elif code == HEAL:
                hp = me.hp + v
                me.hp = MAX_HP if hp > MAX_HP else hp
            elif code == DRAW:
                deck = me.deck
                if len(deck) >= v:
                    for _ in range(v):
                        hand.append(deck.pop())
                else:
                    draw(b, actor, v, None)
            elif code == AGAIN:
                b.plays_owed += v
            else:  # a Mighty Power, a form symbol, a Shapeshift, or an attack with a turn effect on
                resolve_effect(b, code, v, cid, None)
                while b.pending is not None:
                    _decide(b, rand)
                hand = me.hand  # Battle Roar and Mind Games deal new hands
                if (b.queue or b.over or b.bonus or b.pierce or me.next_trick or me.charm_ray or me.out
                        or any(p.hp <= 0 and not p.out for p in players)):
                    at_play = False
                    break
        if not at_play:
            _hand_over(b, cid, effects, j)
            continue
        # -- END: a Defense card stays in play, any other waits for the discard; an empty hand draws 2
        if SHIELDS[cid & TYPE_MASK]:
            me.defense.append((cid, 0))
        else:
            b.played.append(cid)
        if not hand:
            draw(b, actor, 2, None)
        if b.plays_owed > 0 and hand:
            continue
        at_play = False
        if b.plays_owed > 0:  # plays owed and nothing to play (DM.turn.exhausted): the reference's run
            run(b, None)
            continue
        # -- the end of the turn and the next player's start (DM.turn.discard, DM.turn.end, DM.turn.draw,
        # DM.setup.order: knocked-out seats are skipped), when the next player in has a card to play
        if b.ghosts:
            run(b, None)
            continue
        nxt = actor + 1 if actor + 1 < n else 0
        while players[nxt].out:
            nxt = nxt + 1 if nxt + 1 < n else 0
        np = players[nxt]
        if not (np.hand or np.deck or np.discard):
            run(b, None)
            continue
        for c in b.played:
            players[c >> OWNER_SHIFT].discard.append(c)
        b.played = []
        b.plays_owed = 1
        b.bonus = 0
        b.pierce = False
        b.turn += 1
        b.active = nxt
        np.disguised = np.next_trick = np.charm_ray = False  # effects "until your next turn" end
        if np.deck:
            np.hand.append(np.deck.pop())
        else:
            draw(b, nxt, 1, None)
        b.pending = PENDING_PLAY


def play_game(characters: list[str], rng: random.Random, settings: Settings) -> Board:
    """Deal and play one uniformly random game on the fast path; the finished board."""
    from engine.dungeon_mayhem.game import deal

    b = deal(characters, rng, settings)
    play(b, rng)
    return b
