"""Answers to the choices the expansion powers ask (digest §12): checked by :func:`choose`,
applied by :func:`apply_choice` (unchecked; the fast path calls it directly).
"""

from __future__ import annotations

from engine.core.errors import IllegalPlay, InvalidAction, Verdict, check
from engine.core.message import msg, plural
from engine.core.trace import keep
from engine.dungeon_mayhem import quantities as Q
from engine.dungeon_mayhem import actions as A
from engine.dungeon_mayhem.cards import NAMES, TYPE_MASK
from engine.dungeon_mayhem.cards import CARD_TYPES, COPY_TYPE, END, card_term, symbols_message
from engine.dungeon_mayhem.expansion import MURDER_OPTIONS, NO_OPPONENT, REPEAT, nothing, strike
from engine.dungeon_mayhem.resolve import STEPS, Log, draw, flow, heal, push_card
from engine.dungeon_mayhem.menus import legal_actions
from engine.dungeon_mayhem.rules import attack_targets
from engine.dungeon_mayhem.state import (
    DANCE, FREE_PLAY, MIND_BLAST, MIND_GAMES, MIRROR, MURDER, NOISE, OPTIONS, PRAISE, TARGET, TRAP, TRAP_TO, Board,
    Pending, summary,
)

KINDS = (PRAISE, DANCE, NOISE, MURDER, FREE_PLAY, MIRROR, TRAP, TRAP_TO, MIND_GAMES, MIND_BLAST)
RULES = {PRAISE: "DM.power.praise_me", DANCE: "DM.power.owlbear_boogie", NOISE: "DM.power.primal_strike",
         MURDER: "DM.power.murders_and_acquisitions", FREE_PLAY: "DM.power.commune_with_nature",
         MIRROR: "DM.power.definitely_just_a_mirror", TRAP: "DM.power.its_not_a_trap",
         TRAP_TO: "DM.power.its_not_a_trap", MIND_GAMES: "DM.power.mind_games", MIND_BLAST: "DM.power.mind_blast"}


def murder_do(b: Board, seat: int, k: int, cid: int, log: Log) -> None:
    """One Murders and Acquisitions choice carried out for ``seat``: attack 1, heal 1 or draw 1."""
    what = MURDER_OPTIONS[k]
    if log:
        if what == "heal":
            text = msg("{player} chooses to heal.", player=b.names[seat])
        elif what == "draw":
            text = msg("{player} chooses to draw.", player=b.names[seat])
        else:
            text = msg("{player} chooses to attack.", player=b.names[seat])
        log("DM.power.murders_and_acquisitions", text)
    if what == "heal":
        heal(b, seat, 1, log)
    elif what == "draw":
        draw(b, seat, 1, log)
    elif attack_targets(b, seat, False):
        b.pending = Pending(TARGET, 1, -1, cid, by=seat if seat != b.active else -1)
    else:
        nothing(b, "DM.power.murders_and_acquisitions", cid, NO_OPPONENT, log, seat)


# ---------------------------------------------------------------- Mimi LeChaise


def become_copy(b: Board, cid: int, copied: int, log: Log, damage: int = 0) -> None:
    """The Mirror ``cid`` becomes a copy of the card ``copied`` (which has taken ``damage``): its symbols resolve and
    it stays in play with its shields, all of them (E12) or as many as the copied card has left."""
    t = copied & TYPE_MASK
    shape = CARD_TYPES[t].copy_of if CARD_TYPES[t].copy_of >= 0 else t
    new = (cid & ~TYPE_MASK) | COPY_TYPE[(cid & TYPE_MASK, shape)]
    marked = damage if b.settings.mirror_copies_damage else 0
    q = b.queue
    for i in range(len(q) - 1, -1, -1):
        if q[i][0] == END and q[i][2] == cid:
            q[i] = (END, (int(q[i][1]) & 1) | (marked << 1), new)  # finish_card: bit 0 top, the rest its damage
            break
    if log:
        c = CARD_TYPES[shape]
        log("DM.power.definitely_just_a_mirror", msg("Definitely Just a Mirror becomes a copy of {card} ({symbols}).",
                                                     card=card_term(shape), symbols=symbols_message(c)))
        if damage and CARD_TYPES[shape].shields:
            shields = CARD_TYPES[shape].shields
            if marked:
                text = plural("The copy comes into play with the {damage} damage {card} has taken: {count} shield left.",
                              "The copy comes into play with the {damage} damage {card} has taken: {count} shields "
                              "left.", "count", damage=marked, card=card_term(shape), count=shields - marked)
            else:
                text = plural("The copy comes into play with all {count} shield of {card}; the {damage} damage stays on "
                              "the card that took it.",
                              "The copy comes into play with all {count} shields of {card}; the {damage} damage stays "
                              "on the card that took it.", "count", count=shields, card=card_term(shape), damage=damage)
            log("DM.power.mirror_shields", text)
            held = [i + 1 for i, p in enumerate(b.players) if any(c == copied for c, _d in p.defense)]
            keep(log, *(Q.defense(i) for i in held))  # E12: the damage stays on the card that took it
    push_card(b, new, False, end=False)


STEPS[REPEAT] = lambda b, k, cid, log: murder_do(b, b.active, k, cid, log)

def choose(b: Board, action: object, log: Log) -> None:
    """Check ``action`` against this module's pending choice and apply it.

    :raises IllegalPlay: not one of the choices the rules allow now (names the power's rule).
    :raises InvalidAction: the wrong kind of action, or one naming nothing on the board.
    """
    pend = b.pending
    assert pend is not None and pend.kind in KINDS
    kind = pend.kind
    expected: tuple[type, ...] = (A.ChooseOption, A.PlayCard) if kind == FREE_PLAY else (
        (A.ChooseOption,) if kind in OPTIONS else (A.ChooseDefense,) if kind == MIRROR else (A.ChoosePlayer,))
    if not isinstance(action, expected):
        if not isinstance(action, (A.PlayCard, A.ChooseTarget, A.ChooseDefense, A.ChoosePlayer, A.ChooseDiscard, A.ChooseOption)):
            raise InvalidAction(f"not a Dungeon Mayhem action: {type(action).__name__}", action=action,
                                state=summary(b))
        raise IllegalPlay("DM.turn.choice", msg("the pending choice is '{kind}', which takes a {action}", kind=kind,
                                                action=" or ".join(t.__name__ for t in expected)), action=action,
                          state=summary(b))
    if isinstance(action, A.PlayCard):
        action = A.play(_hand_index(b, action))
    elif isinstance(action, A.ChooseOption) and action.option not in OPTIONS.get(kind, ()):
        raise InvalidAction(f"{action.option!r} is not an option here (options: {', '.join(OPTIONS.get(kind, ()))})",
                            action=action, state=summary(b))
    elif isinstance(action, (A.ChoosePlayer, A.ChooseDefense)) and not 0 <= action.player < b.n:
        raise InvalidAction(f"there is no seat {action.player!r}", action=action, state=summary(b))
    elif isinstance(action, A.ChooseDefense) and not 0 <= action.defense < len(b.players[action.player].defense):
        raise InvalidAction(f"{b.names[action.player]} has no Defense card at index {action.defense!r}",
                            action=action, state=summary(b))
    check(can_answer(b, action), action, summary(b))
    b.pending = None
    apply_choice(b, pend, action, log)


def _hand_index(b: Board, action: A.PlayCard) -> int:
    hand = b.players[b.active].hand
    if action.index is not None:
        if not isinstance(action.index, int) or not 0 <= action.index < len(hand):
            raise InvalidAction(f"there is no card at hand index {action.index!r}", action=action, state=summary(b))
        return action.index
    wanted = (action.card or "").strip().lower()
    for i, c in enumerate(hand):
        if NAMES[c & TYPE_MASK].lower() == wanted:
            return i
    raise InvalidAction(f"no card called {action.card!r} in the hand", action=action, state=summary(b))


def can_answer(b: Board, action: object) -> Verdict:
    """The expansion powers' choices (DM.power.*, rule per choice in :data:`RULES`): whether ``action`` is
    one of the answers the pending power allows now, and if not, the most specific reason."""
    if action in legal_actions(b):
        return None
    kind = b.pending.kind if b.pending is not None else ""
    rule = RULES[kind]
    if kind == FREE_PLAY:
        return (rule, msg("only a Form card (a Shapeshift card) may be played for free"))
    seat = getattr(action, "player", -1)
    if 0 <= seat < b.n and b.players[seat].out:
        return (rule, msg("{player} is out of the game", player=b.names[seat]))
    if 0 <= seat < b.n and b.players[seat].disguised and seat != b.active:
        return (rule, msg("{player} is disguised", player=b.names[seat]))
    if kind == TRAP_TO:
        return (rule, msg("choose another player than the first"))
    if 0 <= seat < b.n:
        return (rule, msg("{player} cannot be chosen here", player=b.names[seat]))
    return (rule, msg("that cannot be chosen here"))


def apply_choice(b: Board, pend: Pending, action: object, log: Log) -> None:
    """Apply an answer to an expansion choice (unchecked: the fast path calls it directly). The action's type
    follows from the kind (the table in actions.py); matching on it types its fields."""
    match action:
        case A.PlayCard(index=int(index)):  # FREE_PLAY: a Form card
            _free_play(b, b.players[b.active].hand.pop(index), log)
        case A.ChooseOption(option=option):  # FREE_PLAY (pass), NOISE, PRAISE, DANCE, MURDER
            _option(b, pend, option, log)
        case A.ChooseDefense(player=seat, defense=k):  # MIRROR
            copied, damage = b.players[seat].defense[k]
            become_copy(b, pend.card, copied, log, damage)
        case A.ChoosePlayer(player=seat):  # TRAP, TRAP_TO, MIND_GAMES, MIND_BLAST
            _player(b, pend, seat, log)
        case _:
            raise InvalidAction(f"not an answer to the choice '{pend.kind}': {action!r}", action=action,
                                state=summary(b))


def _free_play(b: Board, card: int, log: Log) -> None:
    """DM.power.commune_with_nature: the active player plays a Form card for free."""
    if log:
        log("DM.power.commune_with_nature", msg("{player} plays {card} for free (it uses no play).",
                                                player=b.names[b.active], card=card_term(card)))
    push_card(b, card, True)


def _option(b: Board, pend: Pending, option: str, log: Log) -> None:
    """The answer to a choice between named options."""
    kind = pend.kind
    actor = b.active
    cid = pend.card
    seat = actor if pend.by < 0 else pend.by
    if kind == FREE_PLAY:
        if log:
            log("DM.power.commune_with_nature", msg("{player} plays no Form card.", player=b.names[actor]))
    elif kind == NOISE:
        if option == "noise":
            strike(b, cid, log)
        elif log:
            log("DM.power.primal_strike", msg("{player} makes no animal noise: no damage.", player=b.names[actor]))
    elif kind == PRAISE:
        if option == "praise":
            if log:
                log("DM.power.praise_me", msg("{player} praises {other}.", player=b.names[seat], other=b.names[actor]))
        else:
            if log:
                log("DM.power.praise_me", msg("{player} refuses to praise {other} and takes 2 damage.",
                                              player=b.names[seat], other=b.names[actor]))
            flow(b, seat, 2, cid, (), 0, log, cause="DM.power.praise_me")
    elif kind == DANCE:
        if option == "dance":
            if log:
                log("DM.power.owlbear_boogie", msg("{player} dances and draws 1; {other} draws 1 for the dancer.",
                                                   player=b.names[seat], other=b.names[actor]))
            draw(b, seat, 1, log)
            draw(b, actor, 1, log)
        elif log:
            log("DM.power.owlbear_boogie", msg("{player} does not dance.", player=b.names[seat]))
    elif kind == MURDER:
        k = MURDER_OPTIONS.index(option)
        if seat != actor or b.settings.murders_repeat_own:
            b.queue.append((REPEAT, k, cid))
        murder_do(b, seat, k, cid, log)


def _player(b: Board, pend: Pending, seat: int, log: Log) -> None:
    """The answer to a choice of a player."""
    kind = pend.kind
    actor = b.active
    cid = pend.card
    if kind == TRAP:
        b.pending = Pending(TRAP_TO, 0, seat, cid)
        if log:
            log("DM.power.its_not_a_trap", msg("{player}'s HP will change: {chooser} chooses whose HP it becomes.",
                                               player=b.names[seat], chooser=b.names[actor]))
    elif kind == TRAP_TO:
        victim = b.players[pend.victim]
        before = victim.hp
        victim.hp = b.players[seat].hp
        if log:
            log("DM.power.its_not_a_trap", msg("{player}'s HP becomes {other}'s: {before} → {after}.",
                                               player=b.names[pend.victim], other=b.names[seat], before=before,
                                               after=victim.hp))
    elif kind == MIND_GAMES:
        swap_hands(b, seat, log)
    elif kind == MIND_BLAST:
        mind_blast_damage(b, seat, cid, log)


def swap_hands(b: Board, seat: int, log: Log) -> None:
    """DM.power.mind_games: the active player and ``seat`` swap hands."""
    actor = b.active
    me, other = b.players[actor], b.players[seat]
    me.hand, other.hand = other.hand, me.hand
    if log:
        log("DM.power.mind_games", msg("{player} and {other} swap hands ({count} and {other_count} cards now).",
                                       player=b.names[actor], other=b.names[seat], count=len(me.hand),
                                       other_count=len(other.hand)))


def mind_blast_damage(b: Board, seat: int, cid: int, log: Log) -> None:
    """DM.power.mind_blast: 1 damage per card in ``seat``'s hand (capped, E6), Defense cards first."""
    n = len(b.players[seat].hand)
    cap = b.settings.mind_blast_cap
    amount = min(n, cap) if cap else n
    if log:
        log("DM.power.mind_blast", plural("Mind Blast: {player} holds {count} card, so {attacker} deals {amount} "
                                          "damage.",
                                          "Mind Blast: {player} holds {count} cards, so {attacker} deals {amount} "
                                          "damage.", "count", player=b.names[seat], count=n, attacker=b.names[b.active],
                                          amount=amount))
    if amount:
        flow(b, seat, amount, cid, (), 0, log, cause="DM.power.mind_blast")

