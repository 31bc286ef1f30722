"""Turn flow and choices on a mutable :class:`~state.Board`.

:func:`step` checks one action against the pending choice, applies it and then
:func:`run` resolves everything that needs no decision, up to the next choice.
"""

from __future__ import annotations

from engine.core.errors import IllegalPlay, InvalidAction
from engine.core.trace import mark
from engine.dungeon_mayhem import cards as C
from engine.dungeon_mayhem.actions import ChooseDefense, ChooseDiscard, ChoosePlayer, ChooseTarget, PlayCard
from engine.dungeon_mayhem.cards import NAMES, POWER_OF, SHIELDS, TYPE_MASK
from engine.dungeon_mayhem.resolve import (
    Log, destroy, draw, drop_queue, empty_hand_draw, flow, hit_hp, push_card, reshuffle, resolve_effect, soak,
)
from engine.dungeon_mayhem import actions as A
from engine.dungeon_mayhem.choices import KINDS as EXPANSION_KINDS, apply_choice, choose
from engine.dungeon_mayhem.expansion import MARK, after_destroy, mark_hostile
from engine.dungeon_mayhem.rules import (
    acting, attack_targets, charmable, destroyable, ghost_targets, is_regular, is_shielded_by_disguise,
    is_zone_active, neighbours, opponents, pick_pocket_victims,
)
from engine.dungeon_mayhem.state import (
    CHARM, DESTROY, GHOST, PENDING_PLAY, PICK_POCKET, PIERCE, PLAY, RECOVER, SOAK, SWAP, TARGET, Board, Pending,
)

_EXPECTED = {
    PLAY: PlayCard, TARGET: ChooseTarget, SOAK: ChooseTarget, GHOST: ChooseTarget, DESTROY: ChooseDefense,
    CHARM: ChooseDefense, SWAP: ChoosePlayer, PICK_POCKET: ChoosePlayer, RECOVER: ChooseDiscard,
}


# ---------------------------------------------------------------- flow

def check_knockouts(b: Board, log: Log) -> None:
    """DM.ko.knockout, DM.ko.win, DM.ko.draw, DM.ko.turn_ends, DM.ghost.become."""
    fallen = [i for i, p in enumerate(b.players) if p.hp <= 0 and not p.out]
    if not fallen:
        return
    for i in fallen:
        b.players[i].out = True
        b.players[i].disguised = False
        if log:
            log("DM.ko.knockout", f"{b.names[i]} is at 0 HP and is knocked out.")
            if b.ghosts:
                log("DM.ghost.become", f"{b.names[i]} becomes a Vengeful Ghost.")
    alive = [i for i, p in enumerate(b.players) if not p.out]
    if len(alive) <= 1:
        drop_queue(b, None)
        b.over = True
        b.pending = None
        b.plays_owed = 0
        b.winner = alive[0] if alive else None
        if log:
            if alive:
                log("DM.ko.win", f"Only {b.names[alive[0]]} is still in: {b.names[alive[0]]} wins.")
            else:
                log("DM.ko.draw", "Every remaining player was knocked out at the same moment: the game is a draw.")
        return
    if b.players[b.active].out and (b.queue or b.plays_owed):
        drop_queue(b, log)
        b.plays_owed = 0
        if log:
            log("DM.ko.turn_ends", f"{b.names[b.active]} is knocked out, so the rest of their turn is lost.")


def start_turn(b: Board, seat: int, log: Log, draw_card: bool = True) -> None:
    """DM.setup.order, DM.turn.draw: ``seat`` begins a turn."""
    b.active = seat
    p = b.players[seat]
    if p.disguised:
        p.disguised = False
        if log:
            log("DM.power.clever_disguise", f"{b.names[seat]}'s disguise ends as their turn begins.")
    if p.next_trick or p.charm_ray:
        _until_next_turn_ends(b, seat, log)
    if log:
        log("DM.setup.order", f"Turn {b.turn}: {b.names[seat]}.")
    if draw_card:
        if log:
            log("DM.turn.draw", f"{b.names[seat]} draws 1 card to start the turn.")
        draw(b, seat, 1, log)
    b.plays_owed = 1


def end_turn(b: Board, log: Log) -> None:
    """DM.turn.discard, DM.turn.end: put played cards away and pass the turn left."""
    players = b.players
    if b.played:
        for cid in b.played:
            players[cid >> C.OWNER_SHIFT].discard.append(cid)
        if log:
            log("DM.turn.discard", f"The cards played this turn ({', '.join(NAMES[c & TYPE_MASK] for c in b.played)}) go to their owners' discard piles.")
        b.played = []
    b.plays_owed = 0
    b.bonus = 0  # DM.power.favored_frienemies, DM.power.here_i_come: "this turn"
    b.pierce = False
    n = b.n
    s = b.active
    if log:
        log("DM.turn.end", f"{b.names[s]}'s turn ends.")
        mark(log, "turn_end", b.freeze)
    while True:
        s = (s + 1) % n
        b.turn += 1
        if not players[s].out:
            start_turn(b, s, log)
            return
        if b.ghosts:
            b.active = s
            if ghost_targets(b, s):
                b.pending = Pending(GHOST, b.settings.ghost_damage)
                if log:
                    log("DM.ghost.turn", f"Turn {b.turn}: the ghost of {b.names[s]} chooses a player to haunt.")
                return
            if log:
                log("DM.ghost.no_target", f"The ghost of {b.names[s]} has no player it may choose; its turn passes.")
        else:
            b.turn -= 1  # DM.setup.order: a knocked-out player's turn is skipped


def _until_next_turn_ends(b: Board, seat: int, log: Log) -> None:
    """DM.power.for_my_next_trick, DM.power.charm_ray: effects "until your next turn" end as it begins."""
    p = b.players[seat]
    if log and p.next_trick:
        log("DM.power.for_my_next_trick", f"{b.names[seat]}'s For My Next Trick... ends as their turn begins.")
    if log and p.charm_ray:
        log("DM.power.charm_ray", f"{b.names[seat]}'s Charm Ray ends as their turn begins.")
    p.next_trick = p.charm_ray = False


def _exhausted(b: Board, log: Log) -> None:
    """DM.turn.exhausted: plays are owed but the hand is empty and nothing can be drawn."""
    if b.settings.exhausted_play_again == "reshuffle_played" and b.played:
        for cid in b.played:
            b.players[cid >> C.OWNER_SHIFT].discard.append(cid)
        b.played = []
        if log:
            log("DM.turn.exhausted", f"{b.names[b.active]} owes a play with nothing to draw: the cards played this turn go to the discard pile first.")
        empty_hand_draw(b, log)
        if b.players[b.active].hand:
            return
    if log:
        log("DM.turn.exhausted", f"{b.names[b.active]} owes {b.plays_owed} play(s) but has no cards to play or draw: the turn ends.")
    b.plays_owed = 0


def run(b: Board, log: Log) -> None:
    """Resolve everything that needs no decision, up to the next choice or the end of the game."""
    players = b.players
    queue = b.queue
    idle = 0
    while True:
        if b.over or b.pending is not None:
            return
        for p in players:
            if p.hp <= 0 and not p.out:
                check_knockouts(b, log)
                break
        if b.over:
            return
        if queue:
            code, v, cid = queue.pop()
            resolve_effect(b, code, v, cid, log)
            continue
        if b.plays_owed > 0:
            if players[b.active].hand:
                b.pending = PENDING_PLAY
                return
            _exhausted(b, log)
            continue
        idle += 1
        if idle > 2 * b.n + 2:
            _stalemate(b, log)
            return
        end_turn(b, log)


def _stalemate(b: Board, log: Log) -> None:
    """Engine safeguard (unreachable from a real deal): no one can play or act any more."""
    b.over = True
    b.pending = None
    b.winner = None
    if log:
        log("DM.ko.draw", "No player can play a card or act any more: the game ends as a draw (engine safeguard).")


# ---------------------------------------------------------------- choices

def _seat(b: Board, seat: int, action: object) -> int:
    if not isinstance(seat, int) or not 0 <= seat < b.n:
        raise InvalidAction(f"there is no seat {seat!r}", action=action)
    return seat


def _defense_index(b: Board, seat: int, k: object, action: object) -> int:
    if not isinstance(k, int) or not 0 <= k < len(b.players[seat].defense):
        raise InvalidAction(f"{b.names[seat]} has no Defense card at index {k!r}", action=action)
    return k


def _index(items: list[int], index: int | None, name: str | None, what: str, action: object) -> int:
    if index is not None:
        if not isinstance(index, int) or not 0 <= index < len(items):
            raise InvalidAction(f"there is no card at {what} index {index!r}", action=action)
        return index
    if name is None:
        raise InvalidAction("give a card index or a card name", action=action)
    wanted = name.strip().lower()
    for i, cid in enumerate(items):
        if NAMES[cid & TYPE_MASK].lower() == wanted:
            return i
    raise InvalidAction(f"no card called {name!r} in the {what}", action=action)


def _check_player_target(b: Board, seat: int, allowed: list[int], rule: str, action: object) -> None:
    """Raise IllegalPlay naming the most specific rule that forbids choosing ``seat``."""
    if seat in allowed:
        return
    actor = b.active
    if b.players[seat].out:
        raise IllegalPlay("DM.ko.knockout", f"{b.names[seat]} is knocked out and cannot be chosen", action=action)
    if is_shielded_by_disguise(b, actor, seat):
        raise IllegalPlay("DM.power.clever_disguise", f"{b.names[seat]} is disguised", action=action)
    raise IllegalPlay(rule, f"{b.names[seat]} cannot be chosen here", action=action)


def _choose_damage(b: Board, action: ChooseTarget, kind: str) -> tuple[int, int | None]:
    pend = b.pending
    assert pend is not None
    seat = _seat(b, action.player, action)
    k = action.defense
    hits_defense = kind != GHOST or b.settings.ghost_hits_defense
    if kind == SOAK:
        if seat != pend.victim:
            raise IllegalPlay("DM.attack.single_target", f"the overflow stays with {b.names[pend.victim]}", action=action)
        if k is None:
            raise IllegalPlay("DM.defense.protects", "overflow must go to one of the remaining Defense cards", action=action)
        return seat, _defense_index(b, seat, k, action)
    if kind == GHOST:
        allowed = ghost_targets(b, b.active)
        target = b.players[seat]
        if seat not in allowed and target.disguised and b.settings.disguise_blocks_ghost:
            raise IllegalPlay("DM.power.clever_disguise", f"{b.names[seat]} is disguised", action=action)
        if seat not in allowed and not target.out and seat != b.active:
            raise IllegalPlay("DM.ghost.target", f"a ghost may only choose a player with at least {b.settings.ghost_min_target_hp} HP", action=action)
        _check_player_target(b, seat, allowed, "DM.ghost.target", action)
    else:
        regular = is_regular(pend.card)
        by = acting(b)
        if seat == by:
            raise IllegalPlay("DM.attack.target", "an attack must target an opponent, not yourself", action=action)
        if seat == pend.exclude:
            raise IllegalPlay("DM.power.hostile_takeover", f"the last damage goes to a different opponent than {b.names[seat]}", action=action)
        allowed = attack_targets(b, by, regular)
        if seat not in allowed and regular and is_zone_active(b) and seat not in neighbours(b, by) \
                and seat in opponents(b, by):
            raise IllegalPlay("DM.zone.regular", f"{b.names[seat]} is outside the Zone of Influence of {b.names[by]}", action=action)
        _check_player_target(b, seat, allowed, "DM.attack.target", action)
        hits_defense = not pend.flags & PIERCE
    if hits_defense and b.players[seat].defense:
        if k is None:
            raise IllegalPlay("DM.defense.protects", f"{b.names[seat]} has a Defense card in play; target a Defense card", action=action)
        return seat, _defense_index(b, seat, k, action)
    if k is not None and kind == TARGET and pend.flags & PIERCE:
        raise IllegalPlay("DM.power.here_i_come", "this attack ignores Defense cards: it targets the player", action=action)
    if k is not None:
        raise InvalidAction(f"{b.names[seat]} has no Defense card at index {k!r}", action=action)
    return seat, None


def step(b: Board, action: object, log: Log) -> None:
    """Apply one action to the board and resolve up to the next choice.

    :raises IllegalPlay: the rules forbid the action now (names the rule id).
    :raises InvalidAction: the action is malformed or refers to nothing on the board.
    """
    pend = b.pending
    if b.over or pend is None:
        raise IllegalPlay("DM.ko.win", "the game is over", action=action)
    kind = pend.kind
    if kind in EXPANSION_KINDS:
        choose(b, action, log)
        run(b, log)
        return
    action = _checked(b, pend, action)
    b.pending = None
    resolve_choice(b, pend, action, log)
    run(b, log)


def _checked(b: Board, pend: Pending, action: object) -> object:
    """The action in the form ``legal_actions`` lists it (cards by index); raise if it is not legal now."""
    kind = pend.kind
    expected = _EXPECTED[kind]
    if not isinstance(action, expected):
        if not isinstance(action, tuple(_EXPECTED.values())):
            raise InvalidAction(f"not a Dungeon Mayhem action: {type(action).__name__}", action=action)
        rule = "DM.turn.play" if kind == PLAY else "DM.turn.choice"
        raise IllegalPlay(rule, f"the pending choice is {kind!r}, which takes a {expected.__name__}", action=action)
    actor = b.active
    me = b.players[actor]
    if kind == PLAY:
        assert isinstance(action, PlayCard)
        return A.play(_index(me.hand, action.index, action.card, "hand", action))
    if kind in (TARGET, SOAK, GHOST):
        assert isinstance(action, ChooseTarget)
        return A.target(*_choose_damage(b, action, kind))
    if kind in (DESTROY, CHARM):
        assert isinstance(action, ChooseDefense)
        seat = _seat(b, action.player, action)
        k = _defense_index(b, seat, action.defense, action)
        rule = "DM.power.charm" if kind == CHARM else f"DM.power.{POWER_OF[pend.card & TYPE_MASK]}"
        if (seat, k) not in (charmable(b, actor) if kind == CHARM else destroyable(b, actor)):
            if seat == actor and kind == DESTROY:
                raise IllegalPlay(rule, "the settings forbid destroying your own Defense card", action=action)
            if seat == actor:
                raise IllegalPlay(rule, "Charm takes an opponent's Defense card", action=action)
            _check_player_target(b, seat, [], rule, action)
        return action
    if kind in (SWAP, PICK_POCKET):
        assert isinstance(action, ChoosePlayer)
        seat = _seat(b, action.player, action)
        rule = "DM.power.vampiric_touch" if kind == SWAP else "DM.power.pick_pocket"
        if seat == actor:
            raise IllegalPlay(rule, "choose another player", action=action)
        _check_player_target(b, seat, opponents(b, actor) if kind == SWAP else pick_pocket_victims(b, actor), rule, action)
        return action
    assert isinstance(action, ChooseDiscard)  # RECOVER
    return A.discard(_index(me.discard, action.index, action.card, "discard pile", action))


def resolve_choice(b: Board, pend: Pending, action: object, log: Log) -> None:
    """Carry out a legal answer to ``pend`` (unchecked: the fast path calls it with ``legal_actions``' own
    actions); the caller clears ``b.pending`` first and runs on afterwards."""
    kind = pend.kind
    if kind in EXPANSION_KINDS:
        apply_choice(b, pend, action, log)
        return
    actor = b.active
    me = b.players[actor]
    if kind == PLAY:
        cid = me.hand.pop(action.index)  # type: ignore[attr-defined]
        b.plays_owed -= 1
        if log:
            t = C.CARD_TYPES[cid & TYPE_MASK]
            log("DM.turn.play", f"{b.names[actor]} plays {t.name} ({t.symbols()}).")
            if len(t.effects) + (1 if t.shields else 0) > 1:
                log("DM.card.order", f"{t.name}'s symbols resolve in printed order: {t.symbols()}.")
        if not me.hand and b.settings.empty_hand_draw == "immediately":
            empty_hand_draw(b, log)
        push_card(b, cid, True)
    elif kind in (TARGET, SOAK, GHOST):
        seat, k = action.player, action.defense  # type: ignore[attr-defined]
        if pend.flags & MARK:
            mark_hostile(b, seat)
        if log and kind != SOAK:
            by = actor if pend.by < 0 else pend.by
            src = f"the ghost of {b.names[actor]}" if kind == GHOST else f"{b.names[by]}'s {NAMES[pend.card & TYPE_MASK]}"
            where = f"{b.names[seat]}'s {NAMES[b.players[seat].defense[k][0] & TYPE_MASK]}" if k is not None else b.names[seat]
            log("DM.ghost.turn" if kind == GHOST else "DM.attack.target", f"{src} deals {pend.amount} damage to {where}.")
        if k is None:
            hit_hp(b, seat, pend.amount, log)
        else:
            flow(b, seat, soak(b, seat, k, pend.amount, log), pend.card, pend.rest, pend.area, log, pend.by)
    elif kind in (DESTROY, CHARM):
        seat, k = action.player, action.defense  # type: ignore[attr-defined]
        rule = "DM.power.charm" if kind == CHARM else f"DM.power.{POWER_OF[pend.card & TYPE_MASK]}"
        if kind == DESTROY:
            printed = SHIELDS[b.players[seat].defense[k][0] & TYPE_MASK]
            destroy(b, seat, k, log, rule)
            after_destroy(b, pend.card, printed, log)
        else:
            card = b.players[seat].defense.pop(k)
            me.defense.append(card)
            if log:
                log(rule, f"{b.names[actor]} takes {b.names[seat]}'s {NAMES[card[0] & TYPE_MASK]} (damage {card[1]}); it now protects {b.names[actor]}.")
    elif kind in (SWAP, PICK_POCKET):
        seat = action.player  # type: ignore[attr-defined]
        rule = "DM.power.vampiric_touch" if kind == SWAP else "DM.power.pick_pocket"
        other = b.players[seat]
        if kind == SWAP:
            me.hp, other.hp = other.hp, me.hp
            if log:
                log(rule, f"{b.names[actor]} and {b.names[seat]} swap HP: {b.names[actor]} {other.hp} → {me.hp}, {b.names[seat]} {me.hp} → {other.hp}.")
        else:
            if not other.deck:
                reshuffle(b, seat, log)
            cid = other.deck.pop()
            if log:
                log(rule, f"{b.names[actor]} takes {NAMES[cid & TYPE_MASK]} from the top of {b.names[seat]}'s deck and plays it.")
            push_card(b, cid, False)
    else:  # RECOVER
        cid = me.discard.pop(action.index)  # type: ignore[attr-defined]
        me.hand.append(cid)
        if log:
            log("DM.power.divine_inspiration", f"{b.names[actor]} puts {NAMES[cid & TYPE_MASK]} from their discard pile into their hand.")
