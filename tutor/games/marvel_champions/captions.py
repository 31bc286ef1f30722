"""Captions: the attacks and each play, as the learner reads them (a language-free message: one sentence per
attack and one for its plays, each a whole sentence)."""

from __future__ import annotations

from typing import Sequence

from engine import marvel_champions as mc
from engine.core.message import Listing, Message, msg, plural
from engine.marvel_champions.cards import lookup
from engine.marvel_champions.resources import GENERATES
from tutor.games.marvel_champions.models import ActionSpec, Scenario
from tutor.games.marvel_champions.position import action_attacks, build_state, enemy_name, enemy_ref


def caption(scn: Scenario, actions: Sequence[ActionSpec]) -> Message:
    """The narration of the attacks and of the plays made in each.

    >>> from tutor.library import default_library
    >>> scn = default_library().scenarios["mc.d4.cuts_phase"]
    >>> str(caption(scn, scn.actions))
    'Rhino attacks Player 1. Player 1 plays Cuts Both Ways. Then Hydra Mercenary attacks Player 1.'
    """
    state = build_state(scn)
    attacks = scn.setup.all_attacks
    names = {p.id: p.name for p in scn.setup.players}
    parts: list[Message] = []
    if scn.setup.reveal is not None:
        card = lookup(scn.setup.reveal.card)
        if card is not None and card.type == "villain":  # a villain stage is revealed as the last one is defeated
            parts.append(msg("The villain's next stage, {card}, is revealed.", card=card.key))
        else:
            parts.append(msg("{player} reveals {card} from the encounter deck.", card=card.name if card else
                             scn.setup.reveal.card, player=names.get(scn.setup.reveal.by, scn.setup.reveal.by)))
        if scn.setup.reveal.deck:
            parts.append(msg("The encounter deck's top cards: {cards}.", cards=Listing(tuple(
                c.name if (c := lookup(k)) is not None else k for k in scn.setup.reveal.deck))))
    elif not attacks:
        parts.append(msg("The players' turn."))
    for n, a in enumerate(attacks, start=1):
        enemy = state.enemy(enemy_name(enemy_ref(a.attacker).card))
        who = names.get(a.against, a.against)
        if a.cause == "quickstrike":
            head = msg("{enemy} engages {player} (quickstrike).", enemy=enemy.name, player=who)
        elif enemy.stunned and n == 1:
            head = plural("{enemy}, with {n} stun card, would attack {player}.",
                          "{enemy}, with {n} stun cards, would attack {player}.", "n", enemy=enemy.name,
                          n=enemy.stunned, player=who)
        elif n > 1:
            head = msg("Then {enemy} attacks {player}.", enemy=enemy.name, player=who)
        else:
            head = msg("{enemy} attacks {player}.", enemy=enemy.name, player=who)
        plays = [_play(state, act) for act, k in zip(actions, action_attacks(scn, actions)) if k == n]
        parts.append(head)
        if plays:
            parts.append(_sentence(plays))
        elif len(attacks) == 1 and not scn.actions and not enemy.stunned and a.cause is None:
            parts.append(msg("Nobody defends."))
    if not attacks and actions:
        parts.append(_sentence([_play(state, act) for act in actions]))
    return _paragraph(parts)


def _play(state: mc.AttackState, act: ActionSpec) -> Message:
    """One play, as a phrase ("Player 1 plays Backflip")."""
    name = state.player(act.player).name
    if act.play:
        if act.pay:
            used = tuple(dict.fromkeys(c for c in act.pay if c in GENERATES and c in state.player(act.player).upgrades))
            cards = list(act.pay)
            for c in used:
                cards.remove(c)
            if used and cards:
                return msg("{player} plays {card}, exhausting {upgrades} and discarding {cards} to pay for it",
                           player=name, card=act.play, upgrades=Listing(used), cards=Listing(tuple(cards)))
            if used:
                return msg("{player} plays {card}, exhausting {upgrades} to pay for it", player=name, card=act.play,
                           upgrades=Listing(used))
            return msg("{player} plays {card}, discarding {cards} to pay for it", player=name, card=act.play,
                       cards=Listing(tuple(act.pay)))
        if act.ally:
            return msg("{player} plays {card} ({ally})", player=name, card=act.play, ally=act.ally)
        return msg("{player} plays {card}", player=name, card=act.play)
    if act.use:
        return msg("{player} uses {ability}", player=name, ability=act.use)
    if act.assign is not None:
        shares = tuple(msg("{damage} to {character}", damage=n,
                           character=state.character(c).name if state.has_character(c) else c)
                       for c, n in act.assign.items())
        return msg("{player} assigns the indirect damage: {shares}", player=name, shares=Listing(shares, "comma"))
    if act.discard:
        return msg("{player} discards {cards} to discard {card} (its Hero Action)", player=name, card=act.discard,
                   cards=Listing(tuple(act.pay or ())))
    if act.attack:
        who = act.with_ or state.player(act.player).identity
        with_ = state.character(who).name if state.has_character(who) else who
        return msg("{player} attacks {enemy} with {character}", player=name, enemy=enemy_name(act.attack),
                   character=with_)
    if act.defend == state.player(act.player).identity:
        return msg("{player} basic defends", player=name)
    if state.has_character(act.defend or ""):
        return msg("{player} defends with {character}", player=name, character=state.character(act.defend or "").name)
    return msg("{player} defends with {character}", player=name, character=str(act.defend))


def _sentence(items: list[Message]) -> Message:
    """The plays of an attack as one sentence: "A." or "A, B, then C."."""
    if len(items) == 1:
        return msg("{play}.", play=items[0])
    return msg("{plays}, then {last}.", plays=Listing(tuple(items[:-1]), "comma"), last=items[-1])


def _paragraph(sentences: list[Message]) -> Message:
    """Whole sentences one after the other."""
    text = sentences[0]
    for sentence in sentences[1:]:
        # TRANSLATORS: a caption's sentences one after the other (in English, separated by a space).
        text = msg("{text} {sentence}", text=text, sentence=sentence)
    return text
