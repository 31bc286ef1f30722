"""Marvel Champions as a :class:`~engine.core.game.Game`: the plays of an attack phase, one at a time.

Marvel Champions is not modelled as a whole game: the engine rules on enemy attacks (a phase of
one or more) and on players' attacks. The game's set-up is such a position (an
:class:`AttackState`, as the tutor builds it from a scenario). The initial state is the first
attack at initiation, before its "when … attacks" interrupts; each legal action is a play some
player could make now, and :class:`Pass` says nobody plays anything more, so every attack of
the phase runs to its end, which is the end of the game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Sequence

from engine.core.errors import GameOver, IllegalPlay, InvalidAction, NotModelled
from engine.core.game import GameEnd, register
from engine.core.message import Arg, msg
from engine.core.trace import Step, place, steps_of
from engine.marvel_champions import steps
from engine.marvel_champions.actions import Action
from engine.marvel_champions.glossary import GLOSSARY, TRACER
from engine.marvel_champions.quantities import changes, read
from engine.marvel_champions.resolve import apply_traced as _apply, candidate_plays, finish
from engine.marvel_champions.settings import DEFAULT
from engine.marvel_champions.sources import SOURCES
from engine.marvel_champions.state import AttackState, BoostCard, Character, Enemy, Player


@dataclass(frozen=True, slots=True)
class Pass:
    """Nobody plays anything more: the attacks of the phase run to their end."""


GameAction = Action | Pass


def initial_state(setup: AttackState) -> AttackState:
    """The first attack of the phase at initiation (its interrupts still open); a player phase as given."""
    if not setup.is_enemy_attack:
        return setup
    return steps.initiate(setup)[0]


def legal_actions(state: AttackState) -> list[GameAction]:
    """Every play some player could legally make now, then :class:`Pass`; nothing once the phase is over."""
    if state.over:
        return []
    out: list[GameAction] = []
    for a in candidate_plays(state):
        try:
            _apply(state, a)
        except (IllegalPlay, InvalidAction, NotModelled):
            continue
        out.append(a)
    return out + [Pass()]


def apply_explained(state: AttackState, action: GameAction) -> tuple[AttackState, tuple[Step, ...]]:
    """The state after ``action`` and its steps.

    :raises GameOver: the phase is over. :raises IllegalPlay: naming the rule the play breaks.
    :raises NotModelled: what follows needs something the engine does not model or the position lacks.
    """
    end = outcome(state)
    if end is not None:
        raise GameOver(end, action=action, state=state.summary())
    if isinstance(action, Pass):
        new, events = finish(state)
        new = replace(new, over=True)
        end = outcome(new)
        assert end is not None
        events.append(TRACER.step(end.rule, msg("Every player passes: the phase is over."), phase=None, at=new))
    else:
        new, events = _apply(state, action)
    return new, steps_of(place(events, state, changes, new, read))


def is_legal(state: AttackState, action: GameAction) -> bool:
    """Whether :func:`apply_explained` accepts ``action`` now."""
    if state.over:
        return False
    if isinstance(action, Pass):
        return True
    try:
        _apply(state, action)
    except (IllegalPlay, InvalidAction):
        return False
    except NotModelled:
        return True  # legal; only what follows is unknown
    return True


def outcome(state: AttackState) -> GameEnd | None:
    """``None`` until the players pass; then the rule that ends the phase and what the attacks did.

    There is no winner: ``detail`` says who took how much damage and who was defeated (the English of a
    language-free message: ``GameEnd.detail`` is text).
    """
    if not state.over:
        return None
    if not state.is_enemy_attack:
        rule = "MC.patk.basic"
    else:
        rule = "MC.atk.phase" if state.attacks > 1 else "MC.atk.after"
    taken: dict[str, int] = {}
    for who, n in state.taken:
        taken[who] = taken.get(who, 0) + n
    parts = [msg("{character} took {damage} damage", character=_name(state, who), damage=n)
             for who, n in taken.items()] or [msg("no damage was taken")]
    parts += [msg("{character} was defeated", character=who) for who in state.defeated]
    detail: Arg = parts[0]
    for part in parts[1:]:
        # TRANSLATORS: what an attack phase did, one clause after another ("Rhino took 2 damage; Hellcat was defeated").
        detail = msg("{detail}; {clause}", detail=detail, clause=part)
    return GameEnd(rule, detail=str(detail))


def _name(state: AttackState, who: str) -> str:
    return state.name_of(who)


def sample_setup(rng: random.Random) -> AttackState:
    """A small attack drawn at random: a villain with a boost card attacks one of one or two heroes, who may
    have an ally and a card in hand (for the shared random-play harness)."""
    players, characters = [], []
    hands = (("Expert Defense",), ("Backflip",), ("Preemptive Strike",), ("Counter-Punch",), ())
    for i in range(rng.randint(1, 2)):
        pid = f"p{i + 1}"
        hero = Character(f"hero{i + 1}", f"Hero {i + 1}", "hero", pid, atk=rng.randint(1, 3),
                         defense=rng.randint(1, 3), hp=rng.randint(8, 12), damage=rng.randint(0, 3))
        characters.append(hero)
        if rng.random() < 0.6:
            characters.append(Character(f"ally{i + 1}", f"Ally {i + 1}", "ally", pid, atk=1, hp=rng.randint(1, 3)))
        players.append(Player(pid, f"Player {i + 1}", hero.id, hand=rng.choice(hands)))
    villain = Enemy("Villain", "villain", atk=rng.randint(1, 3), hp=15)
    boost = tuple(BoostCard(f"Encounter {k + 1}", rng.randint(0, 2)) for k in range(3))
    against = rng.choice(players)
    return AttackState(enemies=(villain,), players=tuple(players), characters=tuple(characters),
                       attacker_name=villain.name, attacked_player=against.id, target_player=against.id,
                       target=against.identity, encounter=boost)


class MarvelChampionsGame:
    """The attack phase as a :class:`engine.core.game.Game` (the set-up is an :class:`AttackState`)."""

    name = "marvel_champions"
    glossary = GLOSSARY
    sources = SOURCES
    settings = DEFAULT
    """The default reading of each disputed ruling; a position carries its own (``AttackState.settings``)."""

    def initial_state(self, setup: AttackState, rng: random.Random) -> AttackState:
        return initial_state(setup)

    def random_setup(self, rng: random.Random) -> AttackState:
        return sample_setup(rng)

    def legal_actions(self, state: AttackState) -> Sequence[GameAction]:
        return legal_actions(state)

    def apply_explained(self, state: AttackState, action: GameAction,
                        rng: random.Random | None = None) -> tuple[AttackState, tuple[Step, ...]]:
        return apply_explained(state, action)

    def is_legal(self, state: AttackState, action: GameAction) -> bool:
        return is_legal(state, action)

    def outcome(self, state: AttackState) -> GameEnd | None:
        return outcome(state)


GAME = register(MarvelChampionsGame())

__all__ = ["GAME", "GameAction", "MarvelChampionsGame", "Pass", "apply_explained", "initial_state", "is_legal",
           "legal_actions", "outcome"]
