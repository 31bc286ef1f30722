"""Turn flow and choices on a mutable :class:`~state.Board`.

:func:`step` checks one action against the pending choice, applies it and then
:func:`run` resolves everything that needs no decision, up to the next choice.
"""

from __future__ import annotations

from engine.core.errors import GameOver, IllegalPlay, InvalidAction, check
from engine.core.game import GameEnd
from engine.core.message import Listing, msg, plural
from engine.core.trace import credit, mark
from engine.dungeon_mayhem import cards as C
from engine.dungeon_mayhem.actions import ChooseDefense, ChooseDiscard, ChoosePlayer, ChooseTarget, PlayCard
from engine.dungeon_mayhem.cards import NAMES, POWER_OF, SHIELDS, TYPE_MASK, card_term, symbols_message
from engine.dungeon_mayhem.resolve import (
    Log, destroy, draw, drop_queue, empty_hand_draw, flow, hit_hp, push_card, reshuffle, resolve_effect, soak,
)
from engine.dungeon_mayhem import actions as A
from engine.dungeon_mayhem.choices import KINDS as EXPANSION_KINDS, apply_choice, choose
from engine.dungeon_mayhem.expansion import MARK, after_destroy, hostile_defense, mark_hostile
from engine.dungeon_mayhem.rules import (
    can_choose_defense, can_choose_player, can_hit, can_target, ghost_targets, is_defense_hit,
)
from engine.dungeon_mayhem.state import (
    CHARM, DESTROY, GHOST, PENDING_PLAY, PICK_POCKET, PLAY, RECOVER, SOAK, SWAP, TARGET, Board, Pending, summary,
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
            log("DM.ko.knockout", msg("{player} is at 0 HP and is knocked out.", player=b.names[i]))
            if b.ghosts:
                log("DM.ghost.become", msg("{player} becomes a Vengeful Ghost.", player=b.names[i]))
    alive = [i for i, p in enumerate(b.players) if not p.out]
    if len(alive) <= 1:
        drop_queue(b, None)
        b.over = True
        b.pending = None
        b.plays_owed = 0
        b.winner = alive[0] if alive else None
        if log:
            if alive:
                log("DM.ko.win", msg("Only {player} is still in: {player} wins.", player=b.names[alive[0]]))
            else:
                log("DM.ko.draw", msg("Every remaining player was knocked out at the same moment: the game is a "
                                      "draw."))
        return
    if b.players[b.active].out and (b.queue or b.plays_owed):
        drop_queue(b, log)
        b.plays_owed = 0
        if log:
            log("DM.ko.turn_ends", msg("{player} is knocked out, so the rest of their turn is lost.",
                                       player=b.names[b.active]))


def start_turn(b: Board, seat: int, log: Log, draw_card: bool = True) -> None:
    """DM.setup.order, DM.turn.draw: ``seat`` begins a turn."""
    b.active = seat
    p = b.players[seat]
    if p.disguised:
        p.disguised = False
        if log:
            log("DM.power.clever_disguise", msg("{player}'s disguise ends as their turn begins.", player=b.names[seat]))
    if p.next_trick or p.charm_ray:
        _until_next_turn_ends(b, seat, log)
    b.plays_owed = 1
    if log:
        log("DM.setup.order", msg("Turn {turn}: {player}.", turn=b.turn, player=b.names[seat]))
    if draw_card:
        if log:
            log("DM.turn.draw", msg("{player} draws 1 card to start the turn.", player=b.names[seat]))
        draw(b, seat, 1, log)


def end_turn(b: Board, log: Log) -> None:
    """DM.turn.discard, DM.turn.end: put played cards away and pass the turn left."""
    players = b.players
    if b.played:
        played = b.played
        for cid in played:
            players[cid >> C.OWNER_SHIFT].discard.append(cid)
        b.played = []
        if log:
            log("DM.turn.discard", msg("The cards played this turn ({cards}) go to their owners' discard piles.",
                                       cards=Listing(tuple(card_term(c) for c in played), "comma")))
    b.plays_owed = 0
    b.bonus = 0  # DM.power.favored_frienemies, DM.power.here_i_come: "this turn"
    b.pierce = False
    n = b.n
    s = b.active
    if log:
        log("DM.turn.end", msg("{player}'s turn ends.", player=b.names[s]))
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
                    log("DM.ghost.turn", msg("Turn {turn}: the ghost of {player} chooses a player to haunt.",
                                             turn=b.turn, player=b.names[s]))
                return
            if log:
                log("DM.ghost.no_target", msg("The ghost of {player} has no player it may choose; its turn passes.",
                                              player=b.names[s]))
        else:
            b.turn -= 1  # DM.setup.order: a knocked-out player's turn is skipped


def _until_next_turn_ends(b: Board, seat: int, log: Log) -> None:
    """DM.power.for_my_next_trick, DM.power.charm_ray: effects "until your next turn" end as it begins."""
    p = b.players[seat]
    if log and p.next_trick:
        log("DM.power.for_my_next_trick", msg("{player}'s For My Next Trick... ends as their turn begins.",
                                              player=b.names[seat]))
    if log and p.charm_ray:
        log("DM.power.charm_ray", msg("{player}'s Charm Ray ends as their turn begins.", player=b.names[seat]))
    p.next_trick = p.charm_ray = False


def _exhausted(b: Board, log: Log) -> None:
    """DM.turn.exhausted: plays are owed but the hand is empty and nothing can be drawn."""
    if b.settings.exhausted_play_again == "reshuffle_played" and b.played:
        for cid in b.played:
            b.players[cid >> C.OWNER_SHIFT].discard.append(cid)
        b.played = []
        if log:
            log("DM.turn.exhausted", msg("{player} owes a play with nothing to draw: the cards played this turn go to "
                                         "the discard pile first.", player=b.names[b.active]))
        empty_hand_draw(b, log)
        if b.players[b.active].hand:
            return
    if log:
        log("DM.turn.exhausted", plural("{player} owes {count} play but has no cards to play or draw: the turn ends.",
                                        "{player} owes {count} plays but has no cards to play or draw: the turn ends.",
                                        "count", player=b.names[b.active], count=b.plays_owed))
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
        log("DM.ko.draw", msg("No player can play a card or act any more: the game ends as a draw (engine "
                              "safeguard)."))


# ---------------------------------------------------------------- choices

def _seat(b: Board, seat: int, action: object) -> int:
    if not isinstance(seat, int) or not 0 <= seat < b.n:
        raise InvalidAction(f"there is no seat {seat!r}", action=action, state=summary(b))
    return seat


def _defense_index(b: Board, seat: int, k: object, action: object) -> int:
    if not isinstance(k, int) or not 0 <= k < len(b.players[seat].defense):
        raise InvalidAction(f"{b.names[seat]} has no Defense card at index {k!r}", action=action, state=summary(b))
    return k


def _index(b: Board, items: list[int], index: int | None, name: str | None, what: str, action: object) -> int:
    if index is not None:
        if not isinstance(index, int) or not 0 <= index < len(items):
            raise InvalidAction(f"there is no card at {what} index {index!r}", action=action, state=summary(b))
        return index
    if name is None:
        raise InvalidAction("give a card index or a card name", action=action, state=summary(b))
    wanted = name.strip().lower()
    for i, cid in enumerate(items):
        if NAMES[cid & TYPE_MASK].lower() == wanted:
            return i
    raise InvalidAction(f"no card called {name!r} in the {what}", action=action, state=summary(b))


def _choose_damage(b: Board, action: ChooseTarget) -> tuple[int, int | None]:
    """The (seat, Defense index) the pending damage goes to; each rule checked by its own function."""
    seat = _seat(b, action.player, action)
    check(can_target(b, seat), action, summary(b))
    k = action.defense
    check(can_hit(b, seat, k), action, summary(b))
    if k is None:
        return seat, None
    if not is_defense_hit(b, seat):
        raise InvalidAction(f"{b.names[seat]} has no Defense card at index {k!r}", action=action, state=summary(b))
    return seat, _defense_index(b, seat, k, action)


def step(b: Board, action: object, log: Log) -> None:
    """Apply one action to the board and resolve up to the next choice.

    :raises IllegalPlay: the rules forbid the action now (names the rule id); :class:`GameOver` once it ended.
    :raises InvalidAction: the action is malformed or refers to nothing on the board.
    """
    pend = b.pending
    if b.over or pend is None:
        rule = "DM.ko.draw" if b.winner is None else "DM.ko.win"
        raise GameOver(GameEnd(rule, winner=b.winner), action=action, state=summary(b))
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
            raise InvalidAction(f"not a Dungeon Mayhem action: {type(action).__name__}", action=action,
                                state=summary(b))
        rule = "DM.turn.play" if kind == PLAY else "DM.turn.choice"
        raise IllegalPlay(rule, msg("the pending choice is '{kind}', which takes a {action}", kind=kind,
                                    action=expected.__name__), action=action, state=summary(b))
    me = b.players[b.active]
    if kind == PLAY:
        assert isinstance(action, PlayCard)
        return A.play(_index(b, me.hand, action.index, action.card, "hand", action))
    if kind in (TARGET, SOAK, GHOST):
        assert isinstance(action, ChooseTarget)
        return A.target(*_choose_damage(b, action))
    if kind in (DESTROY, CHARM):
        assert isinstance(action, ChooseDefense)
        seat = _seat(b, action.player, action)
        check(can_choose_defense(b, seat, _defense_index(b, seat, action.defense, action)), action, summary(b))
        return action
    if kind in (SWAP, PICK_POCKET):
        assert isinstance(action, ChoosePlayer)
        check(can_choose_player(b, _seat(b, action.player, action)), action, summary(b))
        return action
    assert isinstance(action, ChooseDiscard)  # RECOVER
    return A.discard(_index(b, me.discard, action.index, action.card, "discard pile", action))


def resolve_choice(b: Board, pend: Pending, action: object, log: Log) -> None:
    """Carry out a legal answer to ``pend`` (unchecked: the fast path calls it with ``legal_actions``' own
    actions); the caller clears ``b.pending`` first and runs on afterwards."""
    kind = pend.kind
    if kind in EXPANSION_KINDS:
        apply_choice(b, pend, action, log)
        return
    actor = b.active
    me = b.players[actor]
    # The action's type follows from the kind (the table in actions.py); matching on it types its fields.
    # PLAY and the damage targets, the most frequent, stay inline (the simulator's hot path).
    match action:
        case PlayCard(index=int(index)):  # PLAY (DM.turn.play)
            cid = me.hand.pop(index)
            b.plays_owed -= 1
            if log:
                _log_play(b, cid, log)
            if not me.hand and b.settings.empty_hand_draw == "immediately":
                empty_hand_draw(b, log)
            push_card(b, cid, True)
        case ChooseTarget(player=seat, defense=k):  # TARGET, SOAK, GHOST: the damage goes to seat or its card k
            if pend.flags & MARK:
                mark_hostile(b, seat)
            if log and kind != SOAK:
                _log_damage(b, pend, seat, k, log)
            if k is None:
                hit_hp(b, seat, pend.amount, log)
                if kind != SOAK:  # the attack (or the ghost) that deals the damage is what changed the hit points
                    credit(log, "DM.ghost.turn" if kind == GHOST else "DM.attack.target")
            else:
                ruling = ""
                if log and kind == TARGET and POWER_OF[pend.card & TYPE_MASK] == "hostile_takeover":  # E13 applies
                    hostile_defense(log, True)
                    ruling = "DM.power.hostile_defense"
                flow(b, seat, soak(b, seat, k, pend.amount, log, ruling), pend.card, pend.rest, pend.area, log,
                     pend.by, True)
        case ChooseDefense(player=seat, defense=k):  # DESTROY, CHARM
            _take_defense(b, pend, seat, k, log)
        case ChoosePlayer(player=seat):  # SWAP, PICK_POCKET
            _take_from(b, kind, seat, log)
        case ChooseDiscard(index=int(index)):  # RECOVER
            cid = me.discard.pop(index)
            me.hand.append(cid)
            if log:
                log("DM.power.divine_inspiration", msg("{player} puts {card} from their discard pile into their hand.",
                                                       player=b.names[actor], card=card_term(cid)))
        case _:
            raise InvalidAction(f"not an answer to the choice '{kind}': {action!r}", action=action, state=summary(b))


def _log_play(b: Board, cid: int, log: Log) -> None:
    """DM.turn.play and DM.card.order, said: the card played and the order of its symbols."""
    assert log is not None
    t = C.CARD_TYPES[cid & TYPE_MASK]
    log("DM.turn.play", msg("{player} plays {card} ({symbols}).", player=b.names[b.active], card=card_term(cid),
                            symbols=symbols_message(t)))
    if len(t.effects) + (1 if t.shields else 0) > 1:
        log("DM.card.order", msg("{card}'s symbols resolve in printed order: {symbols}.", card=card_term(cid),
                                 symbols=symbols_message(t)))


def _take_defense(b: Board, pend: Pending, seat: int, k: int, log: Log) -> None:
    """Mighty Toss / Sneak Attack! destroy ``seat``'s Defense card ``k``; Charm takes it."""
    kind = pend.kind
    actor = b.active
    me = b.players[actor]
    rule = "DM.power.charm" if kind == CHARM else f"DM.power.{POWER_OF[pend.card & TYPE_MASK]}"
    if kind == DESTROY:
        printed = SHIELDS[b.players[seat].defense[k][0] & TYPE_MASK]
        destroy(b, seat, k, log, rule)
        after_destroy(b, pend.card, printed, log)
    else:
        card = b.players[seat].defense.pop(k)
        me.defense.append(card)
        if log:
            log(rule, msg("{player} takes {owner}'s {card} (damage {damage}); it now protects {player}.",
                          player=b.names[actor], owner=b.names[seat], card=card_term(card[0]), damage=card[1]))


def _take_from(b: Board, kind: str, seat: int, log: Log) -> None:
    """Vampiric Touch swaps hit points with ``seat``; Pick Pocket plays the top card of their deck."""
    actor = b.active
    me = b.players[actor]
    rule = "DM.power.vampiric_touch" if kind == SWAP else "DM.power.pick_pocket"
    other = b.players[seat]
    if kind == SWAP:
        me.hp, other.hp = other.hp, me.hp
        if log:
            log(rule, msg("{player} and {other} swap HP: {player} {before} → {after}, {other} {other_before} → "
                          "{other_after}.", player=b.names[actor], other=b.names[seat], before=other.hp,
                          after=me.hp, other_before=me.hp, other_after=other.hp))
    else:
        if not other.deck:
            reshuffle(b, seat, log)
        cid = other.deck.pop()
        if log:
            log(rule, msg("{player} takes {card} from the top of {other}'s deck and plays it.", player=b.names[actor],
                          card=card_term(cid), other=b.names[seat]))
        push_card(b, cid, False)


def _log_damage(b: Board, pend: Pending, seat: int, k: int | None, log: Log) -> None:
    """The damage of an attack or a ghost going to the target chosen (a player, or one of their Defense cards)."""
    assert log is not None
    if pend.kind == GHOST:
        if k is None:
            text = msg("The ghost of {ghost} deals {amount} damage to {player}.", ghost=b.names[b.active],
                       amount=pend.amount, player=b.names[seat])
        else:
            text = msg("The ghost of {ghost} deals {amount} damage to {player}'s {defense}.", ghost=b.names[b.active],
                       amount=pend.amount, player=b.names[seat], defense=card_term(b.players[seat].defense[k][0]))
        log("DM.ghost.turn", text)
        return
    by = b.active if pend.by < 0 else pend.by
    if k is None:
        text = msg("{attacker}'s {card} deals {amount} damage to {player}.", attacker=b.names[by],
                   card=card_term(pend.card), amount=pend.amount, player=b.names[seat])
    else:
        text = msg("{attacker}'s {card} deals {amount} damage to {player}'s {defense}.", attacker=b.names[by],
                   card=card_term(pend.card), amount=pend.amount, player=b.names[seat],
                   defense=card_term(b.players[seat].defense[k][0]))
    log("DM.attack.target", text)
