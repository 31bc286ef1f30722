"""The Mighty Powers of the expansion characters (digest §12), one function each, and their choices.

Battle for Baldur's Gate: Minsc & Boo, Jaheira. Monster Madness: Blorp, Delilah Deathray,
Dr. Tentaculous, Hoots McGoots, Lord Cinderpuff, Mimi LeChaise. The card texts are
paraphrased in the glossary (``DM.power.<id>``); where a text leaves a question open, the
ruling is this project's (settings E1-E8, and the glossary's sources).

A power resolves at once, sets the pending choice its card asks for, or queues internal
steps (:data:`~resolve.STEPS`) for a sequence of choices (Praise Me, Owlbear Boogie,
Murders and Acquisitions, Hostile Takeover, Burped-Up Bones). The answers to the new
choice kinds are checked and applied in :mod:`choices`.
"""

from __future__ import annotations

from engine.dungeon_mayhem.cards import CARD_TYPES, NAMES, OWNER_SHIFT, POWER_OF, TYPE_MASK, Unmodelled, check_modelled
from engine.dungeon_mayhem.powers import choose_power
from engine.dungeon_mayhem.resolve import (
    ON_DESTROY, POWERS, STEPS, Log, area_damage, destroy, flow, heal, hit_hp, reshuffle,
)
from engine.dungeon_mayhem.rules import attack_targets, copyable, is_form_card, trap_players
from engine.dungeon_mayhem.state import (
    DANCE, DESTROY, FREE_PLAY, MIND_BLAST, MIND_GAMES, MIRROR, MURDER, NOISE, OPTIONS, PRAISE, TARGET, TRAP, Board,
    Pending,
)

# Internal queue steps: (code, value, cid).
BONES = 10        # value: the seat Burped-Up Bones protected
ASK_PRAISE = 11   # value: the opponent asked
ASK_DANCE = 12    # value: the player asked
ASK_MURDER = 13   # value: the player asked
REPEAT = 14       # value: index of the choice Lord Cinderpuff repeats
HOSTILE_TWO = 15
HOSTILE_ONE = 16  # value: the seat the 2 damage went to (-1 until chosen)

MARK = 2
"""Pending flag: the chosen player becomes the exclusion of the next HOSTILE_ONE step."""
MURDER_OPTIONS = OPTIONS[MURDER]


def _around(b: Board, start: int) -> list[int]:
    """Every seat, clockwise (turn order) from ``start``."""
    return [(start + i) % b.n for i in range(b.n)]


def is_affected(b: Board, actor: int, seat: int) -> bool:
    """``seat`` is still in and not a disguised opponent of ``actor`` (DM.power.clever_disguise)."""
    p = b.players[seat]
    return not p.out and (seat == actor or not p.disguised)


def _name(cid: int) -> str:
    return NAMES[cid & TYPE_MASK]


def _push_steps(b: Board, steps: list[tuple[int, int, int]]) -> None:
    """Queue internal steps so that the first listed resolves first (the queue is a stack)."""
    b.queue.extend(reversed(steps))


def nothing(b: Board, rule: str, cid: int, why: str, log: Log) -> None:
    if log:
        log(rule, f"{_name(cid)}: {why}, so it does nothing.")


# ---------------------------------------------------------------- Minsc & Boo

def swapportunity(b: Board, cid: int, log: Log) -> None:
    """DM.power.swapportunity: every player gives their HP total to the player on their right."""
    actor = b.active
    ring = [s for s in range(b.n) if is_affected(b, actor, s)]
    hps = [b.players[s].hp for s in ring]
    for i, s in enumerate(ring):
        b.players[s].hp = hps[(i + 1) % len(ring)]
    if log:
        moves = ", ".join(f"{b.names[s]} {hps[i]} → {b.players[s].hp}" for i, s in enumerate(ring))
        log("DM.power.swapportunity", f"Swapportunity: each player gives their HP total to the player on their right ({moves}).")


def scouting_outing(b: Board, cid: int, log: Log) -> None:
    """DM.power.scouting_outing: draw the top card of each opponent's deck (an empty deck reshuffles first)."""
    actor = b.active
    me = b.players[actor]
    for s in _around(b, actor)[1:]:
        p = b.players[s]
        if not is_affected(b, actor, s) or not (p.deck or p.discard):
            continue
        if not p.deck:
            reshuffle(b, s, log)
        c = p.deck.pop()
        me.hand.append(c)
        if log:
            log("DM.power.scouting_outing", f"{b.names[actor]} draws {_name(c)} from the top of {b.names[s]}'s deck.")


def favored_frienemies(b: Board, cid: int, log: Log) -> None:
    """DM.power.favored_frienemies: this turn, each attack card deals 1 more damage."""
    b.bonus += 1
    if log:
        log("DM.power.favored_frienemies", f"Favored Frienemies: this turn {b.names[b.active]}'s attack cards deal "
                                           f"{b.bonus} more damage each.")


# ---------------------------------------------------------------- Jaheira

def primal_strike(b: Board, cid: int, log: Log) -> None:
    """DM.power.primal_strike: (make an animal noise and) deal 1 damage to each opponent."""
    if not attack_targets(b, b.active, False):
        return nothing(b, "DM.power.primal_strike", cid, "there is no opponent to strike", log)
    if b.settings.primal_strike_optional:
        b.pending = Pending(NOISE, 1, -1, cid)
        if log:
            log("DM.power.primal_strike", f"Primal Strike: {b.names[b.active]} may make an animal noise to deal 1 damage to each opponent.")
        return
    strike(b, cid, log)


def strike(b: Board, cid: int, log: Log) -> None:
    """DM.power.primal_strike: the animal noise is made: 1 damage to each opponent, Defense cards first (D3)."""
    victims = tuple(attack_targets(b, b.active, False))
    if log:
        log("DM.power.primal_strike", f"{b.names[b.active]} makes an animal noise: 1 damage to each of "
                                      f"{', '.join(b.names[s] for s in victims)}.")
    area_damage(b, victims, 1, cid, log)


def commune_with_nature(b: Board, cid: int, log: Log) -> None:
    """DM.power.commune_with_nature: (after drawing 2) you may play a Form card for free."""
    if any(is_form_card(c) for c in b.players[b.active].hand):
        b.pending = Pending(FREE_PLAY, 0, -1, cid)
        if log:
            log("DM.power.commune_with_nature", f"Commune with Nature: {b.names[b.active]} may play a Form card for free.")
    else:
        nothing(b, "DM.power.commune_with_nature", cid, "there is no Form card in hand", log)


# ---------------------------------------------------------------- Blorp

def after_destroy(b: Board, cid: int, printed: int, log: Log) -> None:
    """What the power that destroyed a Defense card does next (Hugs!, To the Face!; nothing for the base powers)."""
    then = AFTER_DESTROY.get(POWER_OF[cid & TYPE_MASK])
    if then is not None:
        then(b, cid, printed, log)


def hugs_heal(b: Board, cid: int, printed: int, log: Log) -> None:
    """DM.power.hugs: heal 1 for each shield printed on the destroyed card."""
    if log:
        log("DM.power.hugs", f"Hugs!: the destroyed card had {printed} shield(s), so {b.names[b.active]} heals {printed}.")
    heal(b, b.active, printed, log)


def to_the_face_attack(b: Board, cid: int, printed: int, log: Log) -> None:
    """DM.power.to_the_face: attack an opponent for the destroyed card's printed shields."""
    if not attack_targets(b, b.active, False):
        return nothing(b, "DM.power.to_the_face", cid, "there is no opponent to hit", log)
    b.pending = Pending(TARGET, printed, -1, cid)
    if log:
        log("DM.power.to_the_face", f"To the Face!: {b.names[b.active]} attacks for {printed}, the destroyed card's shields.")


AFTER_DESTROY = {"hugs": hugs_heal, "to_the_face": to_the_face_attack}

def here_i_come(b: Board, cid: int, log: Log) -> None:
    """DM.power.here_i_come: this turn your attack cards ignore Defense cards (its own A3 too)."""
    b.pierce = True
    if log:
        log("DM.power.here_i_come", f"Here I Come!: this turn {b.names[b.active]}'s attack cards ignore Defense cards.")


def burped_up_bones(b: Board, cid: int, log: Log) -> None:
    """DM.power.burped_up_bones, on play: nothing yet (E4); it stays in play as a Defense card."""
    if log and b.settings.burped_up_bones != "attack_on_play":
        log("DM.power.burped_up_bones", "Burped-Up Bones stays in play; when it is destroyed it deals 2 damage.")


def bones_destroyed(b: Board, seat: int, cid: int, log: Log) -> None:
    """DM.power.burped_up_bones: its 2 damage waits until the damage that destroyed it is dealt."""
    if b.settings.burped_up_bones == "attack_on_play":
        return
    q = b.queue
    i = len(q)
    while i and q[i - 1][0] == BONES:  # keep destruction order among several
        i -= 1
    q.insert(i, (BONES, seat, cid))


def _bones(b: Board, holder: int, cid: int, log: Log) -> None:
    rule = "DM.power.burped_up_bones"
    if b.settings.burped_up_bones == "destroyer_takes":
        d = b.active
        if b.players[d].out:
            return nothing(b, rule, cid, f"{b.names[d]} is out of the game", log)
        if log:
            log(rule, f"Burped-Up Bones is destroyed: {b.names[d]}, whose card destroyed it, takes 2 damage.")
        return flow(b, d, 2, cid, (), 0, log, holder)
    if b.players[holder].out:
        return nothing(b, rule, cid, f"{b.names[holder]} is out of the game", log)
    if not attack_targets(b, holder, False):
        return nothing(b, rule, cid, f"{b.names[holder]} has no opponent to attack", log)
    b.pending = Pending(TARGET, 2, -1, cid, by=holder if holder != b.active else -1)
    if log:
        log(rule, f"Burped-Up Bones is destroyed: {b.names[holder]} attacks for 2 and chooses a target.")


# ---------------------------------------------------------------- Delilah Deathray

def death_ray(b: Board, cid: int, log: Log) -> None:
    """DM.power.death_ray: 2 damage to each opponent with no Defense card, then destroy every Defense card."""
    actor = b.active
    bare = [s for s in _around(b, actor)[1:] if is_affected(b, actor, s) and not b.players[s].defense]
    if log:
        who = ", ".join(b.names[s] for s in bare) or "nobody"
        log("DM.power.death_ray", f"Death Ray: 2 damage to each opponent with no Defense card ({who}), "
                                  "then every Defense card in play is destroyed.")
    for s in bare:
        hit_hp(b, s, 2, log)
    for s in _around(b, actor):
        p = b.players[s]
        while p.defense and is_affected(b, actor, s):
            destroy(b, s, len(p.defense) - 1, log, "DM.power.death_ray")


def charm_ray(b: Board, cid: int, log: Log) -> None:
    """DM.power.charm_ray: until your next turn, you choose the target of every attack card."""
    b.players[b.active].charm_ray = True
    if log:
        log("DM.power.charm_ray", f"Charm Ray: until {b.names[b.active]}'s next turn, {b.names[b.active]} chooses the "
                                  "target of every attack card.")


def praise_me(b: Board, cid: int, log: Log) -> None:
    """DM.power.praise_me: (after drawing 3) each opponent praises you or takes 2 damage."""
    actor = b.active
    asked = [s for s in _around(b, actor)[1:] if is_affected(b, actor, s)]
    if log:
        log("DM.power.praise_me", f"Praise Me: {', '.join(b.names[s] for s in asked) or 'nobody'} must praise "
                                  f"{b.names[actor]} or take 2 damage.")
    _push_steps(b, [(ASK_PRAISE, s, cid) for s in asked])


def _ask(kind: str, rule: str, what: str):  # type: ignore[no-untyped-def]
    def step(b: Board, seat: int, cid: int, log: Log) -> None:
        if not is_affected(b, b.active, seat):
            return
        b.pending = Pending(kind, 0, -1, cid, by=seat if seat != b.active else -1)
        if log:
            log(rule, f"{b.names[seat]} chooses: {what}.")
    return step


# ---------------------------------------------------------------- Dr. Tentaculous

def tell_me_about_your_mother(b: Board, cid: int, log: Log) -> None:
    """DM.power.tell_me_about_your_mother: the top card of each opponent's discard pile goes to your hand."""
    actor = b.active
    for s in _around(b, actor)[1:]:
        p = b.players[s]
        if is_affected(b, actor, s) and p.discard:
            c = p.discard.pop()
            b.players[actor].hand.append(c)
            if log:
                log("DM.power.tell_me_about_your_mother", f"{b.names[actor]} takes {_name(c)} from the top of "
                                                          f"{b.names[s]}'s discard pile into their hand.")


# ---------------------------------------------------------------- Hoots McGoots

def for_my_next_trick(b: Board, cid: int, log: Log) -> None:
    """DM.power.for_my_next_trick: until your next turn, your attacks hit every opponent."""
    b.players[b.active].next_trick = True
    if log:
        log("DM.power.for_my_next_trick", f"For My Next Trick...: until {b.names[b.active]}'s next turn, their attacks "
                                          "hit every opponent.")


def owlbear_boogie(b: Board, cid: int, log: Log) -> None:
    """DM.power.owlbear_boogie: each player may dance and draw 1; you draw 1 for each dancer."""
    actor = b.active
    asked = [s for s in _around(b, actor) if is_affected(b, actor, s)]
    if log:
        log("DM.power.owlbear_boogie", f"Owlbear Boogie: {', '.join(b.names[s] for s in asked)} may each dance and draw 1.")
    _push_steps(b, [(ASK_DANCE, s, cid) for s in asked])


# ---------------------------------------------------------------- Lord Cinderpuff

def hostile_takeover(b: Board, cid: int, log: Log) -> None:
    """DM.power.hostile_takeover: 1 damage to every opponent, 2 to one, then 1 to a different one."""
    victims = tuple(attack_targets(b, b.active, False))
    if log:
        log("DM.power.hostile_takeover", f"Hostile Takeover: 1 damage to each of {', '.join(b.names[s] for s in victims)}.")
    _push_steps(b, [(HOSTILE_TWO, 0, cid), (HOSTILE_ONE, -1, cid)])
    area_damage(b, victims, 1, cid, log)


def _hostile(b: Board, exclude: int, cid: int, log: Log, amount: int) -> None:
    seats = [s for s in attack_targets(b, b.active, False) if s != exclude]
    if not seats:
        return nothing(b, "DM.power.hostile_takeover", cid, f"there is no {'different ' if exclude >= 0 else ''}opponent "
                                                             f"left for its {amount} damage", log)
    b.pending = Pending(TARGET, amount, -1, cid, flags=MARK if amount == 2 else 0, exclude=exclude)
    if log:
        which = "one opponent" if amount == 2 else "a different opponent"
        log("DM.power.hostile_takeover", f"Hostile Takeover: {b.names[b.active]} deals {amount} damage to {which}.")


def mark_hostile(b: Board, seat: int) -> None:
    """Remember whom Hostile Takeover's 2 damage went to: its last 1 damage must go to a different opponent."""
    q = b.queue
    for i in range(len(q) - 1, -1, -1):
        if q[i][0] == HOSTILE_ONE:
            q[i] = (HOSTILE_ONE, seat, q[i][2])
            return


def liquidate_assets(b: Board, cid: int, log: Log) -> None:
    """DM.power.liquidate_assets: discard your hand and attack for that many cards (capped, E6)."""
    actor = b.active
    me = b.players[actor]
    n = len(me.hand)
    for c in me.hand:
        b.players[c >> OWNER_SHIFT].discard.append(c)
    me.hand = []
    cap = b.settings.liquidate_cap
    amount = min(n, cap) if cap else n
    if log:
        log("DM.power.liquidate_assets", f"Liquidate Assets: {b.names[actor]} discards {n} card(s) and attacks for {amount}.")
    if amount and attack_targets(b, actor, False):
        b.pending = Pending(TARGET, amount, -1, cid)


def murders_and_acquisitions(b: Board, cid: int, log: Log) -> None:
    """DM.power.murders_and_acquisitions: starting with you and going right, each player attacks, heals or draws."""
    actor = b.active
    order = [(actor - i) % b.n for i in range(b.n)]
    asked = [s for s in order if is_affected(b, actor, s)]
    if log:
        log("DM.power.murders_and_acquisitions", f"Murders and Acquisitions: {', '.join(b.names[s] for s in asked)} each "
                                                 f"attack for 1, heal 1 or draw 1; {b.names[actor]} repeats every choice.")
    _push_steps(b, [(ASK_MURDER, s, cid) for s in asked])


def its_not_a_trap(b: Board, cid: int, log: Log) -> None:
    """DM.power.its_not_a_trap: make one player's HP equal to another player's."""
    if len(trap_players(b, b.active)) < 2:
        return nothing(b, "DM.power.its_not_a_trap", cid, "there are not two players to choose", log)
    b.pending = Pending(TRAP, 0, -1, cid)
    if log:
        log("DM.power.its_not_a_trap", f"It's Not a Trap: {b.names[b.active]} chooses the player whose HP changes.")


def definitely_just_a_mirror(b: Board, cid: int, log: Log) -> None:
    """DM.power.definitely_just_a_mirror: it is played as a copy of another Defense card in play."""
    if copyable(b, b.active):
        b.pending = Pending(MIRROR, 0, -1, cid)
        if log:
            log("DM.power.definitely_just_a_mirror", f"Definitely Just a Mirror: {b.names[b.active]} chooses the Defense card it copies.")
    else:
        nothing(b, "DM.power.definitely_just_a_mirror", cid, "there is no other Defense card in play to copy", log)


def a_book_cannot_bite(b: Board, cid: int, log: Log) -> None:
    """DM.power.a_book_cannot_bite: refused at setup (DM.card.unmodelled); never resolved."""
    check_modelled(cid & TYPE_MASK)
    raise Unmodelled(_name(cid), "ability")  # unreachable: check_modelled raises


POWERS.update({
    "swapportunity": swapportunity, "scouting_outing": scouting_outing, "favored_frienemies": favored_frienemies,
    "primal_strike": primal_strike, "commune_with_nature": commune_with_nature,
    "hugs": choose_power(DESTROY, "DM.power.hugs", "a Defense card to destroy"), "here_i_come": here_i_come, "burped_up_bones": burped_up_bones,
    "death_ray": death_ray, "charm_ray": charm_ray, "praise_me": praise_me,
    "mind_games": choose_power(MIND_GAMES, "DM.power.mind_games", "an opponent to swap hands with"),
    "tell_me_about_your_mother": tell_me_about_your_mother,
    "mind_blast": choose_power(MIND_BLAST, "DM.power.mind_blast", "an opponent to blast"),
    "for_my_next_trick": for_my_next_trick,
    "to_the_face": choose_power(DESTROY, "DM.power.to_the_face", "a Defense card to destroy"),
    "owlbear_boogie": owlbear_boogie, "hostile_takeover": hostile_takeover, "liquidate_assets": liquidate_assets,
    "murders_and_acquisitions": murders_and_acquisitions, "its_not_a_trap": its_not_a_trap,
    "definitely_just_a_mirror": definitely_just_a_mirror, "a_book_cannot_bite": a_book_cannot_bite,
})
STEPS.update({
    BONES: _bones,
    ASK_PRAISE: _ask(PRAISE, "DM.power.praise_me", "praise or refuse (and take 2 damage)"),
    ASK_DANCE: _ask(DANCE, "DM.power.owlbear_boogie", "dance and draw 1, or not"),
    ASK_MURDER: _ask(MURDER, "DM.power.murders_and_acquisitions", "attack for 1, heal 1 or draw 1"),
    HOSTILE_TWO: lambda b, v, cid, log: _hostile(b, -1, cid, log, 2),
    HOSTILE_ONE: lambda b, v, cid, log: _hostile(b, v, cid, log, 1),
})
ON_DESTROY.update({t.id: bones_destroyed for t in CARD_TYPES if POWER_OF[t.id] == "burped_up_bones"})
