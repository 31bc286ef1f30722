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

from engine.core.message import N_, Listing, msg, plural
from engine.core.trace import keep
from engine.dungeon_mayhem import quantities as Q
from engine.dungeon_mayhem.cards import (
    CARD_TYPES, END, NAMES, OWNER_SHIFT, POWER_OF, TYPE_MASK, Unmodelled, card_term, check_modelled,
)
from engine.dungeon_mayhem.powers import DESTROY_CHOOSES, DESTROY_NOTHING, choose_power
from engine.dungeon_mayhem.resolve import (
    ON_DESTROY, POWERS, STEPS, Log, area_damage, destroy, flow, heal, hit_hp, reshuffle,
)
from engine.dungeon_mayhem.rules import attack_targets, copyable, is_form_card, trap_players
from engine.dungeon_mayhem.state import (
    DANCE, DESTROY, FREE_PLAY, MIND_BLAST, MIND_GAMES, MIRROR, MURDER, NOISE, OPTIONS, PIERCE, PRAISE, TARGET, TRAP,
    Board,
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
NEXT_TRICK_ON = 17  # For My Next Trick... once its card has resolved (E14's alternative)

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


def _players(b: Board, seats: list[int] | tuple[int, ...]) -> Listing:
    """Players named in a sentence, one after the other: 'Azzan, Lia, Oriax'."""
    return Listing(tuple(b.names[s] for s in seats), "comma")


def nothing(b: Board, rule: str, cid: int, why: str, log: Log, player: int = -1) -> None:
    """The power of ``cid`` does nothing: ``why`` is the whole sentence, a template marked ``N_`` (``{card}``: the
    card; ``{player}``: the seat ``player``); the message is built only when there is a log."""
    if log:
        log(rule, msg(why, card=card_term(cid), player=b.names[player]) if player >= 0 else
            msg(why, card=card_term(cid)))


# ---------------------------------------------------------------- Minsc & Boo

def swapportunity(b: Board, cid: int, log: Log) -> None:
    """DM.power.swapportunity: every player gives their HP total to the player on their right."""
    actor = b.active
    ring = [s for s in range(b.n) if is_affected(b, actor, s)]
    hps = [b.players[s].hp for s in ring]
    for i, s in enumerate(ring):
        b.players[s].hp = hps[(i + 1) % len(ring)]
    if log:
        # TRANSLATORS: one player's hit points before and after Swapportunity: "Azzan 7 → 10"
        moves = tuple(msg("{player} {before} → {after}", player=b.names[s], before=hps[i], after=b.players[s].hp)
                      for i, s in enumerate(ring))
        log("DM.power.swapportunity", msg("Swapportunity: each player gives their HP total to the player on their right "
                                          "({moves}).", moves=Listing(moves, "comma")))
        keep(log, *(Q.hp(s + 1) for s in range(b.n) if s not in ring))  # left out of the circle: their HP stay


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
            log("DM.power.scouting_outing", msg("{player} draws {card} from the top of {other}'s deck.",
                                                player=b.names[actor], card=card_term(c), other=b.names[s]))


def favored_frienemies(b: Board, cid: int, log: Log) -> None:
    """DM.power.favored_frienemies: this turn, each attack card deals 1 more damage."""
    b.bonus += 1
    if log:
        log("DM.power.favored_frienemies", msg("Favored Frienemies: this turn {player}'s attack cards deal {bonus} more "
                                               "damage each.", player=b.names[b.active], bonus=b.bonus))


# ---------------------------------------------------------------- Jaheira

def primal_strike(b: Board, cid: int, log: Log) -> None:
    """DM.power.primal_strike: (make an animal noise and) deal 1 damage to each opponent."""
    if not attack_targets(b, b.active, False):
        return nothing(b, "DM.power.primal_strike", cid, N_("{card}: there is no opponent to strike, so it does "
                                                            "nothing."), log)
    if b.settings.primal_strike_optional:
        b.pending = Pending(NOISE, 1, -1, cid)
        if log:
            log("DM.power.primal_strike", msg("Primal Strike: {player} may make an animal noise to deal 1 damage to each "
                                              "opponent.", player=b.names[b.active]))
        return
    strike(b, cid, log)


def strike(b: Board, cid: int, log: Log) -> None:
    """DM.power.primal_strike: the animal noise is made: 1 damage to each opponent, Defense cards first (D3)."""
    victims = tuple(attack_targets(b, b.active, False))
    if log:
        log("DM.power.primal_strike", msg("{player} makes an animal noise: 1 damage to each of {players}.",
                                          player=b.names[b.active], players=_players(b, victims)))
    area_damage(b, victims, 1, cid, log)


def commune_with_nature(b: Board, cid: int, log: Log) -> None:
    """DM.power.commune_with_nature: (after drawing 2) you may play a Form card for free."""
    if any(is_form_card(c) for c in b.players[b.active].hand):
        b.pending = Pending(FREE_PLAY, 0, -1, cid)
        if log:
            log("DM.power.commune_with_nature", msg("Commune with Nature: {player} may play a Form card for free.",
                                                    player=b.names[b.active]))
    else:
        nothing(b, "DM.power.commune_with_nature", cid,
                N_("{card}: there is no Form card in hand, so it does nothing."), log)


# ---------------------------------------------------------------- Blorp

def after_destroy(b: Board, cid: int, printed: int, log: Log) -> None:
    """What the power that destroyed a Defense card does next (Hugs!, To the Face!; nothing for the base powers)."""
    then = AFTER_DESTROY.get(POWER_OF[cid & TYPE_MASK])
    if then is not None:
        then(b, cid, printed, log)


def hugs_heal(b: Board, cid: int, printed: int, log: Log) -> None:
    """DM.power.hugs: heal 1 for each shield printed on the destroyed card."""
    if log:
        log("DM.power.hugs", plural("Hugs!: the destroyed card had {count} shield, so {player} heals {count}.",
                                    "Hugs!: the destroyed card had {count} shields, so {player} heals {count}.", "count",
                                    count=printed, player=b.names[b.active]))
    heal(b, b.active, printed, log)


def to_the_face_attack(b: Board, cid: int, printed: int, log: Log) -> None:
    """DM.power.to_the_face: attack an opponent for the destroyed card's printed shields."""
    if not attack_targets(b, b.active, False):
        return nothing(b, "DM.power.to_the_face", cid, N_("{card}: there is no opponent to hit, so it does nothing."),
                       log)
    b.pending = Pending(TARGET, printed, -1, cid)
    if log:
        log("DM.power.to_the_face", msg("To the Face!: {player} attacks for {amount}, the destroyed card's shields.",
                                        player=b.names[b.active], amount=printed))


AFTER_DESTROY = {"hugs": hugs_heal, "to_the_face": to_the_face_attack}
OUT_OF_GAME = N_("{card}: {player} is out of the game, so it does nothing.")
NO_OPPONENT = N_("{card}: {player} has no opponent to attack, so it does nothing.")

def here_i_come(b: Board, cid: int, log: Log) -> None:
    """DM.power.here_i_come: this turn your attack cards ignore Defense cards (its own A3 too)."""
    b.pierce = True
    if log:
        log("DM.power.here_i_come", msg("Here I Come!: this turn {player}'s attack cards ignore Defense cards.",
                                        player=b.names[b.active]))


def burped_up_bones(b: Board, cid: int, log: Log) -> None:
    """DM.power.burped_up_bones, on play: nothing yet (E4); it stays in play as a Defense card."""
    if log and b.settings.burped_up_bones != "attack_on_play":
        log("DM.power.burped_up_bones", msg("Burped-Up Bones stays in play; when it is destroyed it deals 2 damage."))


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
            return nothing(b, rule, cid, OUT_OF_GAME, log, d)
        if log:
            log(rule, msg("Burped-Up Bones is destroyed: {player}, whose card destroyed it, takes 2 damage.",
                          player=b.names[d]))
        return flow(b, d, 2, cid, (), 0, log, holder)
    if b.players[holder].out:
        return nothing(b, rule, cid, OUT_OF_GAME, log, holder)
    if not attack_targets(b, holder, False):
        return nothing(b, rule, cid, NO_OPPONENT, log, holder)
    b.pending = Pending(TARGET, 2, -1, cid, by=holder if holder != b.active else -1)
    if log:
        log(rule, msg("Burped-Up Bones is destroyed: {player} attacks for 2 and chooses a target.",
                      player=b.names[holder]))


# ---------------------------------------------------------------- Delilah Deathray

def death_ray(b: Board, cid: int, log: Log) -> None:
    """DM.power.death_ray: 2 damage to each opponent with no Defense card, then destroy every Defense card."""
    actor = b.active
    bare = [s for s in _around(b, actor)[1:] if is_affected(b, actor, s) and not b.players[s].defense]
    if log:
        if bare:
            text = msg("Death Ray: 2 damage to each opponent with no Defense card ({players}), then every Defense card "
                       "in play is destroyed.", players=_players(b, bare))
        else:
            text = msg("Death Ray: 2 damage to each opponent with no Defense card (nobody), then every Defense card in "
                       "play is destroyed.")
        log("DM.power.death_ray", text)
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
        log("DM.power.charm_ray", msg("Charm Ray: until {player}'s next turn, {player} chooses the target of every "
                                      "attack card.", player=b.names[b.active]))


def praise_me(b: Board, cid: int, log: Log) -> None:
    """DM.power.praise_me: (after drawing 3) each opponent praises you or takes 2 damage."""
    actor = b.active
    asked = [s for s in _around(b, actor)[1:] if is_affected(b, actor, s)]
    if log:
        if asked:
            text = msg("Praise Me: {players} must praise {player} or take 2 damage.", players=_players(b, asked),
                       player=b.names[actor])
        else:
            text = msg("Praise Me: nobody must praise {player} or take 2 damage.", player=b.names[actor])
        log("DM.power.praise_me", text)
    _push_steps(b, [(ASK_PRAISE, s, cid) for s in asked])


def _ask(kind: str, rule: str, chooses: str):  # type: ignore[no-untyped-def]
    """An internal step asking ``seat`` to choose; ``chooses`` is the sentence, a template marked ``N_``."""
    def step(b: Board, seat: int, cid: int, log: Log) -> None:
        if not is_affected(b, b.active, seat):
            return
        b.pending = Pending(kind, 0, -1, cid, by=seat if seat != b.active else -1)
        if log:
            log(rule, msg(chooses, player=b.names[seat]))
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
                log("DM.power.tell_me_about_your_mother", msg("{player} takes {card} from the top of {other}'s discard "
                                                              "pile into their hand.", player=b.names[actor],
                                                              card=card_term(c), other=b.names[s]))


# ---------------------------------------------------------------- Hoots McGoots

def for_my_next_trick(b: Board, cid: int, log: Log) -> None:
    """DM.power.for_my_next_trick: until your next turn, your attacks hit every opponent.

    DM.power.next_trick_own (E14): the effect is on at once, so the card's own sword already hits every opponent;
    the other setting switches it on once the card has resolved (a step queued just above the card's END).
    """
    me = b.players[b.active]
    if log:
        log("DM.power.for_my_next_trick", msg("For My Next Trick...: until {player}'s next turn, their attacks hit "
                                              "every opponent.", player=b.names[b.active]))
    if me.next_trick or b.settings.next_trick_own_attack:
        me.next_trick = True
        if log:
            log("DM.power.next_trick_own", msg("The effect starts at once: this card's own attack already hits every "
                                               "opponent it can reach."))
        return
    q = b.queue
    for i in range(len(q) - 1, -1, -1):
        if q[i][0] == END and q[i][2] == cid:
            q.insert(i + 1, (NEXT_TRICK_ON, 0, cid))
            break
    else:
        me.next_trick = True
    if log:
        log("DM.power.next_trick_own", msg("The effect starts once this card has resolved (this table's setting): its "
                                           "own attack hits one target."))


def _next_trick_on(b: Board, v: int, cid: int, log: Log) -> None:
    b.players[b.active].next_trick = True


def owlbear_boogie(b: Board, cid: int, log: Log) -> None:
    """DM.power.owlbear_boogie: each player may dance and draw 1; you draw 1 for each dancer."""
    actor = b.active
    asked = [s for s in _around(b, actor) if is_affected(b, actor, s)]
    if log:
        log("DM.power.owlbear_boogie", msg("Owlbear Boogie: {players} may each dance and draw 1.",
                                           players=_players(b, asked)))
    _push_steps(b, [(ASK_DANCE, s, cid) for s in asked])


# ---------------------------------------------------------------- Lord Cinderpuff

def hostile_takeover(b: Board, cid: int, log: Log) -> None:
    """DM.power.hostile_takeover: 1 damage to every opponent, 2 to one, then 1 to a different one.

    DM.power.hostile_defense (E13): all of it meets Defense cards first, unless the setting says otherwise.
    """
    victims = tuple(attack_targets(b, b.active, False))
    through = b.settings.hostile_takeover_hits_defense
    if log:
        log("DM.power.hostile_takeover", msg("Hostile Takeover: 1 damage to each of {players}.",
                                             players=_players(b, victims)))
        hostile_defense(log, through)
    _push_steps(b, [(HOSTILE_TWO, 0, cid), (HOSTILE_ONE, -1, cid)])
    area_damage(b, victims, 1, cid, log, through=through, ruling="DM.power.hostile_defense" if through else "")


def hostile_defense(log: Log, through: bool) -> None:
    """DM.power.hostile_defense (E13): where its damage goes; the hit points a Defense card keeps are this step's."""
    if log:
        log("DM.power.hostile_defense", msg("Hostile Takeover's damage goes through Defense cards before HP, like an "
                                            "attack's.") if through else msg(
            "Hostile Takeover's damage ignores Defense cards and lowers HP directly (this table's setting)."))


def _hostile(b: Board, exclude: int, cid: int, log: Log, amount: int) -> None:
    seats = [s for s in attack_targets(b, b.active, False) if s != exclude]
    if not seats:
        if log:
            if exclude >= 0:
                text = msg("{card}: there is no different opponent left for its {amount} damage, so it does nothing.",
                           card=card_term(cid), amount=amount)
            else:
                text = msg("{card}: there is no opponent left for its {amount} damage, so it does nothing.",
                           card=card_term(cid), amount=amount)
            log("DM.power.hostile_takeover", text)
        return
    pierce = 0 if b.settings.hostile_takeover_hits_defense else PIERCE  # E13's alternative: HP directly
    b.pending = Pending(TARGET, amount, -1, cid, flags=(MARK if amount == 2 else 0) | pierce, exclude=exclude)
    if log:
        if amount == 2:
            text = msg("Hostile Takeover: {player} deals {amount} damage to one opponent.", player=b.names[b.active],
                       amount=amount)
        else:
            text = msg("Hostile Takeover: {player} deals {amount} damage to a different opponent.",
                       player=b.names[b.active], amount=amount)
        log("DM.power.hostile_takeover", text)


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
        log("DM.power.liquidate_assets", plural("Liquidate Assets: {player} discards {count} card and attacks for "
                                                "{amount}.",
                                                "Liquidate Assets: {player} discards {count} cards and attacks for "
                                                "{amount}.", "count", player=b.names[actor], count=n, amount=amount))
    if amount and attack_targets(b, actor, False):
        b.pending = Pending(TARGET, amount, -1, cid)


def murders_and_acquisitions(b: Board, cid: int, log: Log) -> None:
    """DM.power.murders_and_acquisitions: starting with you and going right, each player attacks, heals or draws."""
    actor = b.active
    order = [(actor - i) % b.n for i in range(b.n)]
    asked = [s for s in order if is_affected(b, actor, s)]
    if log:
        log("DM.power.murders_and_acquisitions", msg("Murders and Acquisitions: {players} each attack for 1, heal 1 or "
                                                     "draw 1; {player} repeats every choice.",
                                                     players=_players(b, asked), player=b.names[actor]))
    _push_steps(b, [(ASK_MURDER, s, cid) for s in asked])


def its_not_a_trap(b: Board, cid: int, log: Log) -> None:
    """DM.power.its_not_a_trap: make one player's HP equal to another player's."""
    if len(trap_players(b, b.active)) < 2:
        return nothing(b, "DM.power.its_not_a_trap", cid,
                       N_("{card}: there are not two players to choose, so it does nothing."), log)
    b.pending = Pending(TRAP, 0, -1, cid)
    if log:
        log("DM.power.its_not_a_trap", msg("It's Not a Trap: {player} chooses the player whose HP changes.",
                                           player=b.names[b.active]))


def definitely_just_a_mirror(b: Board, cid: int, log: Log) -> None:
    """DM.power.definitely_just_a_mirror: it is played as a copy of another Defense card in play."""
    if copyable(b, b.active):
        b.pending = Pending(MIRROR, 0, -1, cid)
        if log:
            log("DM.power.definitely_just_a_mirror", msg("Definitely Just a Mirror: {player} chooses the Defense card "
                                                         "it copies.", player=b.names[b.active]))
    else:
        nothing(b, "DM.power.definitely_just_a_mirror", cid,
                N_("{card}: there is no other Defense card in play to copy, so it does nothing."), log)


def a_book_cannot_bite(b: Board, cid: int, log: Log) -> None:
    """DM.power.a_book_cannot_bite: refused at setup (DM.card.unmodelled); never resolved."""
    check_modelled(cid & TYPE_MASK)
    raise Unmodelled(_name(cid), "ability")  # unreachable: check_modelled raises


POWERS.update({
    "swapportunity": swapportunity, "scouting_outing": scouting_outing, "favored_frienemies": favored_frienemies,
    "primal_strike": primal_strike, "commune_with_nature": commune_with_nature,
    "hugs": choose_power(DESTROY, "DM.power.hugs", DESTROY_CHOOSES, DESTROY_NOTHING), "here_i_come": here_i_come,
    "burped_up_bones": burped_up_bones, "death_ray": death_ray, "charm_ray": charm_ray, "praise_me": praise_me,
    "mind_games": choose_power(MIND_GAMES, "DM.power.mind_games", N_("{card}: {player} chooses an opponent to swap "
                                                                     "hands with."),
                               N_("{card}: there is nothing to choose (an opponent to swap hands with), so it does "
                                  "nothing.")),
    "tell_me_about_your_mother": tell_me_about_your_mother,
    "mind_blast": choose_power(MIND_BLAST, "DM.power.mind_blast", N_("{card}: {player} chooses an opponent to blast."),
                               N_("{card}: there is nothing to choose (an opponent to blast), so it does nothing.")),
    "for_my_next_trick": for_my_next_trick,
    "to_the_face": choose_power(DESTROY, "DM.power.to_the_face", DESTROY_CHOOSES, DESTROY_NOTHING),
    "owlbear_boogie": owlbear_boogie, "hostile_takeover": hostile_takeover, "liquidate_assets": liquidate_assets,
    "murders_and_acquisitions": murders_and_acquisitions, "its_not_a_trap": its_not_a_trap,
    "definitely_just_a_mirror": definitely_just_a_mirror, "a_book_cannot_bite": a_book_cannot_bite,
})
STEPS.update({
    BONES: _bones,
    ASK_PRAISE: _ask(PRAISE, "DM.power.praise_me", N_("{player} chooses: praise or refuse (and take 2 damage).")),
    ASK_DANCE: _ask(DANCE, "DM.power.owlbear_boogie", N_("{player} chooses: dance and draw 1, or not.")),
    ASK_MURDER: _ask(MURDER, "DM.power.murders_and_acquisitions", N_("{player} chooses: attack for 1, heal 1 or draw "
                                                                     "1.")),
    HOSTILE_TWO: lambda b, v, cid, log: _hostile(b, -1, cid, log, 2),
    HOSTILE_ONE: lambda b, v, cid, log: _hostile(b, v, cid, log, 1),
    NEXT_TRICK_ON: _next_trick_on,
})
ON_DESTROY.update({t.id: bones_destroyed for t in CARD_TYPES if POWER_OF[t.id] == "burped_up_bones"})
