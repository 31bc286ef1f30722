"""Captions: the plays and choices of a scenario as sentences, language-free.

A play starts a clause ("Sutha plays Brutal Punch"); the choices its player then makes are phrases that wrap
the clause ("Sutha plays Brutal Punch at Lia"); a choice made by another player (an asked opponent, Charm Ray,
Burped-Up Bones) is a clause of its own ("Blorp aims the attack at Sutha"). Clauses are joined with a
semicolon. Every clause and phrase is a message template whose wording (and word order) the translator sets.
"""

from __future__ import annotations

from typing import Sequence

from engine.core.message import N_, Arg, Message, Term, msg
from engine.dungeon_mayhem.rules import deciding
from tutor.games.dungeon_mayhem.models import ActionSpec, Scenario
from tutor.games.dungeon_mayhem.position import SetupError
from tutor.games.dungeon_mayhem.resolve import run

# A choice made by the player of the clause it follows, as a phrase wrapping that clause ({action}); the second
# template is the choice the engine refuses ("trying to ..."). Keys: the action's verb, or "soak" for a target
# that takes an overflow.
_PHRASES: dict[str, tuple[str, str]] = {
    # TRANSLATORS: {action} is the clause so far ("Sutha plays Brutal Punch"); {target} a player or a player's card
    "target": (N_("{action} at {target}"), N_("{action} trying to hit {target}")),
    "soak": (N_("{action}, with the overflow into {target}"), N_("{action}, trying to put the overflow into {target}")),
    "destroy": (N_("{action} destroying {target}"), N_("{action} trying to destroy {target}")),
    "charm": (N_("{action} taking {target}"), N_("{action} trying to take {target}")),
    "choose": (N_("{action} choosing {target}"), N_("{action} trying to choose {target}")),
    "recover": (N_("{action} taking back {target}"), N_("{action} trying to take back {target}")),
    "mirror": (N_("{action} copying {target}"), N_("{action} trying to copy {target}")),
}
_OPTION_PHRASES = {
    # TRANSLATORS: {action} is the clause so far ("Delilah plays Praise Me"), made by the player who praises
    "praise": N_("{action} praising"), "refuse": N_("{action} refusing to praise"), "dance": N_("{action} dancing"),
    "noise": N_("{action} making an animal noise"), "pass": N_("{action} passing"),
    "attack": N_("{action} choosing to attack"), "heal": N_("{action} choosing to heal"),
    "draw": N_("{action} choosing to draw"),
}
# A choice made by another player than the clause before: a clause of its own ({player} decides).
_CLAUSES: dict[str, tuple[str, str]] = {
    # TRANSLATORS: a choice made by another player than the clause before ("Blorp aims the attack at Sutha")
    "target": (N_("{player} aims the attack at {target}"), N_("{player} tries to aim the attack at {target}")),
    "soak": (N_("{player} puts the overflow into {target}"), N_("{player} tries to put the overflow into {target}")),
    "destroy": (N_("{player} destroys {target}"), N_("{player} tries to destroy {target}")),
    "charm": (N_("{player} takes {target}"), N_("{player} tries to take {target}")),
    "choose": (N_("{player} chooses {target}"), N_("{player} tries to choose {target}")),
    "recover": (N_("{player} takes back {target}"), N_("{player} tries to take back {target}")),
    "mirror": (N_("{player} copies {target}"), N_("{player} tries to copy {target}")),
}
_OPTION_CLAUSES = {
    "praise": N_("{player} praises"), "refuse": N_("{player} refuses to praise"), "dance": N_("{player} dances"),
    "noise": N_("{player} makes an animal noise"), "pass": N_("{player} passes"),
    "attack": N_("{player} chooses to attack"), "heal": N_("{player} chooses to heal"),
    "draw": N_("{player} chooses to draw"),
}


def _target(act: ActionSpec) -> Arg:
    """What a choice names: a player, a player's Defense card ("Lia's Fluffy"), or a card (take back)."""
    if act.verb == "recover":
        return Term("card", act.value)
    if act.defense:
        # TRANSLATORS: a player's Defense card in play, as in "Lia's Fluffy"
        return msg("{player}'s {card}", player=act.value, card=Term("card", act.defense))
    return act.value


def _key(act: ActionSpec, kind: str) -> str:
    return "soak" if act.verb == "target" and kind == "soak" else act.verb


def _phrase(clause: Message, act: ActionSpec, kind: str, tries: bool) -> Message:
    """``clause`` with the choice ``act`` made by its own player."""
    if act.verb == "option":
        if not tries and act.value in _OPTION_PHRASES:
            return msg(_OPTION_PHRASES[act.value], action=clause)
        if tries:
            return msg("{action} trying to choose {option}", action=clause, option=act.value)
        return msg("{action} choosing {option}", action=clause, option=act.value)
    return msg(_PHRASES[_key(act, kind)][tries], action=clause, target=_target(act))


def _clause(player: str, act: ActionSpec, kind: str, tries: bool) -> Message:
    """The choice ``act`` made by ``player``, as a clause of its own."""
    if act.verb == "option":
        if not tries and act.value in _OPTION_CLAUSES:
            return msg(_OPTION_CLAUSES[act.value], player=player)
        if tries:
            return msg("{player} tries to choose {option}", player=player, option=act.value)
        return msg("{player} chooses {option}", player=player, option=act.value)
    return msg(_CLAUSES[_key(act, kind)][tries], player=player, target=_target(act))


def caption(scn: Scenario, actions: Sequence[ActionSpec]) -> str | Message:
    """The plays in order, clause by clause ("" if the position cannot be built); with no plays, whose turn it is."""
    try:
        out, _, illegal = run(scn, actions)
    except SetupError:
        return ""
    names = out.names
    if not actions:
        return msg("It is {player}'s turn.", player=names[out.start_active])
    clauses: list[Message] = []
    cur: Message | None = None
    subject = ""  # who the current clause is about: the player whose choices extend it
    attack: tuple[Message | None, str] | None = None  # just chose to attack (Murders and Acquisitions): before, who
    for k, act in enumerate(actions):
        st = out.states[k] if k < len(out.states) else out.after
        actor = names[st.active]
        kind = st.pending.kind if st.pending else ""
        decider = names[deciding(st)] if st.pending else actor
        tries = out.illegal_index == k
        if cur is not None and (act.verb == "play" or kind == "ghost" or decider != subject):
            clauses.append(cur)
            cur = None
            attack = None
        chose_attack = (act.verb, act.value, tries) == ("option", "attack", False)
        if act.verb == "play":
            card = Term("card", act.value)
            cur = msg("{player} tries to play {card}", player=actor, card=card) if tries else \
                msg("{player} plays {card}", player=actor, card=card)
            subject = actor
        elif kind == "ghost":
            cur = msg("the ghost of {player} tries to haunt {target}", player=actor, target=_target(act)) if tries \
                else msg("the ghost of {player} haunts {target}", player=actor, target=_target(act))
            subject = actor
        elif attack is not None and kind == "target" and not tries:
            # the attack just chosen and its target, in one phrase: "Lia chooses to attack Cinderpuff"
            earlier, who = attack
            cur = msg("{player} chooses to attack {target}", player=who, target=_target(act)) if earlier is None \
                else msg("{action} choosing to attack {target}", action=earlier, target=_target(act))
        elif cur is None:
            cur = _clause(decider, act, kind, tries)
            subject = decider
            attack = (None, decider) if chose_attack else None
            continue
        else:
            attack = (cur, decider) if chose_attack else None
            cur = _phrase(cur, act, kind, tries)
            continue
        attack = None
    assert cur is not None
    told = clauses[0] if clauses else cur
    for clause in (*clauses[1:], cur) if clauses else ():
        # TRANSLATORS: the clauses of a caption one after the other: "Delilah plays Charm Ray; Sutha plays ..."
        told = msg("{earlier}; {then}", earlier=told, then=clause)
    # TRANSLATORS: a caption's clauses as one sentence
    return msg("{actions}.", actions=told)
