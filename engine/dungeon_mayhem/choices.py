"""Answers to the choices the expansion powers ask (digest §12): checked by :func:`choose`,
applied by :func:`apply_choice` (unchecked; the fast path calls it directly).
"""

from __future__ import annotations

from engine.core.errors import IllegalPlay, InvalidAction, Verdict, check
from engine.dungeon_mayhem import actions as A
from engine.dungeon_mayhem.cards import NAMES, TYPE_MASK
from engine.dungeon_mayhem.cards import CARD_TYPES, COPY_TYPE, END
from engine.dungeon_mayhem.expansion import MURDER_OPTIONS, REPEAT, nothing, strike
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


def _name(cid: int) -> str:
    return NAMES[cid & TYPE_MASK]


def murder_do(b: Board, seat: int, k: int, cid: int, log: Log) -> None:
    """One Murders and Acquisitions choice carried out for ``seat``: attack 1, heal 1 or draw 1."""
    what = MURDER_OPTIONS[k]
    if log:
        log("DM.power.murders_and_acquisitions", f"{b.names[seat]} chooses to {what}.")
    if what == "heal":
        heal(b, seat, 1, log)
    elif what == "draw":
        draw(b, seat, 1, log)
    elif attack_targets(b, seat, False):
        b.pending = Pending(TARGET, 1, -1, cid, by=seat if seat != b.active else -1)
    else:
        nothing(b, "DM.power.murders_and_acquisitions", cid, f"{b.names[seat]} has no opponent to attack", log)


# ---------------------------------------------------------------- Mimi LeChaise


def become_copy(b: Board, cid: int, copied: int, log: Log) -> None:
    """The Mirror ``cid`` becomes a copy of the card ``copied``: its symbols resolve and it stays in play with its shields."""
    t = copied & TYPE_MASK
    shape = CARD_TYPES[t].copy_of if CARD_TYPES[t].copy_of >= 0 else t
    new = (cid & ~TYPE_MASK) | COPY_TYPE[(cid & TYPE_MASK, shape)]
    q = b.queue
    for i in range(len(q) - 1, -1, -1):
        if q[i][0] == END and q[i][2] == cid:
            q[i] = (END, q[i][1], new)
            break
    if log:
        c = CARD_TYPES[shape]
        log("DM.power.definitely_just_a_mirror", f"Definitely Just a Mirror becomes a copy of {c.name} ({c.symbols()}).")
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
        raise IllegalPlay("DM.turn.choice", f"the pending choice is {kind!r}, which takes a "
                                            f"{' or '.join(t.__name__ for t in expected)}", action=action,
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
        return (rule, "only a Form card (a Shapeshift card) may be played for free")
    seat = getattr(action, "player", -1)
    if 0 <= seat < b.n and b.players[seat].out:
        return (rule, f"{b.names[seat]} is out of the game")
    if 0 <= seat < b.n and b.players[seat].disguised and seat != b.active:
        return (rule, f"{b.names[seat]} is disguised")
    if kind == TRAP_TO:
        return (rule, "choose another player than the first")
    return (rule, f"{b.names[seat] if 0 <= seat < b.n else 'that'} cannot be chosen here")


def apply_choice(b: Board, pend: Pending, action: object, log: Log) -> None:
    """Apply an answer to an expansion choice (unchecked: the fast path calls it directly)."""
    kind = pend.kind
    actor = b.active
    cid = pend.card
    if kind == FREE_PLAY:
        if isinstance(action, A.PlayCard):
            card = b.players[actor].hand.pop(action.index)  # type: ignore[arg-type]
            if log:
                log("DM.power.commune_with_nature", f"{b.names[actor]} plays {_name(card)} for free (it uses no play).")
            push_card(b, card, True)
        elif log:
            log("DM.power.commune_with_nature", f"{b.names[actor]} plays no Form card.")
    elif kind == NOISE:
        if action.option == "noise":  # type: ignore[attr-defined]
            strike(b, cid, log)
        elif log:
            log("DM.power.primal_strike", f"{b.names[actor]} makes no animal noise: no damage.")
    elif kind == PRAISE:
        seat = actor if pend.by < 0 else pend.by
        if action.option == "praise":  # type: ignore[attr-defined]
            if log:
                log("DM.power.praise_me", f"{b.names[seat]} praises {b.names[actor]}.")
        else:
            if log:
                log("DM.power.praise_me", f"{b.names[seat]} refuses to praise {b.names[actor]} and takes 2 damage.")
            flow(b, seat, 2, cid, (), 0, log)
    elif kind == DANCE:
        seat = actor if pend.by < 0 else pend.by
        if action.option == "dance":  # type: ignore[attr-defined]
            if log:
                log("DM.power.owlbear_boogie", f"{b.names[seat]} dances and draws 1; {b.names[actor]} draws 1 for the dancer.")
            draw(b, seat, 1, log)
            draw(b, actor, 1, log)
        elif log:
            log("DM.power.owlbear_boogie", f"{b.names[seat]} does not dance.")
    elif kind == MURDER:
        seat = actor if pend.by < 0 else pend.by
        k = MURDER_OPTIONS.index(action.option)  # type: ignore[attr-defined]
        if seat != actor or b.settings.murders_repeat_own:
            b.queue.append((REPEAT, k, cid))
        murder_do(b, seat, k, cid, log)
    elif kind == MIRROR:
        become_copy(b, cid, b.players[action.player].defense[action.defense][0], log)  # type: ignore[attr-defined]
    elif kind == TRAP:
        b.pending = Pending(TRAP_TO, 0, action.player, cid)  # type: ignore[attr-defined]
        if log:
            log("DM.power.its_not_a_trap", f"{b.names[action.player]}'s HP will change: {b.names[actor]} chooses whose HP "  # type: ignore[attr-defined]
                                           "it becomes.")
    elif kind == TRAP_TO:
        victim, seat = b.players[pend.victim], action.player  # type: ignore[attr-defined]
        before = victim.hp
        victim.hp = b.players[seat].hp
        if log:
            log("DM.power.its_not_a_trap", f"{b.names[pend.victim]}'s HP becomes {b.names[seat]}'s: {before} → {victim.hp}.")
    elif kind == MIND_GAMES:
        swap_hands(b, action.player, log)  # type: ignore[attr-defined]
    elif kind == MIND_BLAST:
        mind_blast_damage(b, action.player, cid, log)  # type: ignore[attr-defined]


def swap_hands(b: Board, seat: int, log: Log) -> None:
    """DM.power.mind_games: the active player and ``seat`` swap hands."""
    actor = b.active
    me, other = b.players[actor], b.players[seat]
    me.hand, other.hand = other.hand, me.hand
    if log:
        log("DM.power.mind_games", f"{b.names[actor]} and {b.names[seat]} swap hands "
                                   f"({len(me.hand)} and {len(other.hand)} cards now).")


def mind_blast_damage(b: Board, seat: int, cid: int, log: Log) -> None:
    """DM.power.mind_blast: 1 damage per card in ``seat``'s hand (capped, E6), Defense cards first."""
    n = len(b.players[seat].hand)
    cap = b.settings.mind_blast_cap
    amount = min(n, cap) if cap else n
    if log:
        log("DM.power.mind_blast", f"Mind Blast: {b.names[seat]} holds {n} card(s), so {b.names[b.active]} deals {amount} damage.")
    if amount:
        flow(b, seat, amount, cid, (), 0, log)

