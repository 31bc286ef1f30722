"""Running the plays: the engine's trace, where the plays stop, and the outcome the asks read."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from engine import dungeon_mayhem as dm
from engine.core.errors import IllegalPlay, InvalidAction
from engine.core.message import N_, Arg, Listing, msg, plural
from engine.core.trace import Event, Mark, Step
from engine.dungeon_mayhem.cards import card_term
from engine.dungeon_mayhem import quantities as Q
from engine.dungeon_mayhem.choices import RULES as EXPANSION_RULES
from engine.dungeon_mayhem.glossary import TRACER
from engine.dungeon_mayhem.rules import deciding
from engine.dungeon_mayhem.state import OPTIONS
from tutor.games.dungeon_mayhem.models import ActionSpec, Scenario
from tutor.games.dungeon_mayhem.position import SetupError, _to_action, build
from tutor.moments import PLAY, START, Builder, Timeline


@dataclass(frozen=True)
class View:
    """The position before the plays, after them (or just before the illegal one), and the path."""

    before: dm.State
    after: dm.State
    names: tuple[str, ...]
    listed: tuple[dict[str, bool], ...]
    start_active: int
    start_turn_no: int
    states: tuple[dm.State, ...]  # the state before each action (and the final one last)
    illegal_index: int | None = None


POINTS = (
    ("start", N_("before the plays")),
    ("card", N_("once the card played has resolved all its symbols")),
    ("turn_end", N_("at the end of the turn, before the next player begins")),
    ("next_turn", N_("once the next player's turn has begun")),
)


def run(scn: Scenario, actions: Sequence[ActionSpec] | None = None) -> tuple[View, tuple[Step, ...], IllegalPlay | None]:
    """The whole line (the old single-moment view): the outcome after the last play, its trace, the illegal play."""
    tl, out = _resolve(scn, scn.actions if actions is None else actions)
    return out, tl.steps, tl.illegal


def timeline(scn: Scenario, actions: Sequence[ActionSpec]) -> Timeline:
    return _resolve(scn, actions)[0]


def _resolve(scn: Scenario, actions: Sequence[ActionSpec]) -> tuple[Timeline, View]:
    """Resolve the plays one by one. Right after a play is the moment the plays stop, cut at the end of the
    turn: what happens next (the next player's draw) belongs to ``next_turn``."""
    built = build(scn)
    state = built.state
    b = Builder()
    b.steps.extend(built.steps)

    def view(at: dm.State, before: tuple[dm.State, ...], bad: int | None = None) -> View:
        return View(built.state, at, built.names, built.listed, built.state.active, built.state.turn,
                       (*before, at), bad)

    befores: list[dm.State] = []
    if not actions and state.pending is not None and not state.over:
        b.steps.append(_pending_step(state, built.names))
    b.frame(START, 0, view(state, ()))
    for k, act in enumerate(actions, start=1):
        action = _to_action(scn, state, act, k - 1)
        try:
            new, events = dm.apply_traced(state, action)
        except IllegalPlay as err:
            b.steps.append(TRACER.illegal(err, play=k))
            done = tuple(befores) + (state,)
            return b.build(len(actions), err, k - 1), View(
                built.state, state, built.names, built.listed, built.state.active, built.state.turn, done, k - 1)
        except InvalidAction as err:
            raise SetupError(("actions", k - 1, act.verb), err.reason) from None
        befores.append(state)
        ends = [i for i, e in enumerate(events) if isinstance(e, Mark) and e.point == "turn_end"]
        if ends:  # the play's moment is the end of the turn; the next turn's steps come after it
            first = ends[0]
            end = events[first]
            assert isinstance(end, Mark)
            events = (*events[: first + 1], Mark(PLAY, end.state), *events[first + 1:], Mark("next_turn", new))
        else:
            tail: tuple[Event, ...] = ()
            if k == len(actions) and new.pending is not None and not new.over:
                tail = (_pending_step(new, built.names),)
            events = (*events, *tail, Mark(PLAY, new))
        b.add(events, k, lambda at, prior=tuple(befores): view(at, prior))
        state = new
    tl = b.build(len(actions))
    return tl, tl.last.outcome if tl.frames else view(state, tuple(befores))


_PENDING_RULES = {"play": "DM.turn.play", "target": "DM.attack.target", "soak": "DM.defense.overflow_order",
                  "ghost": "DM.ghost.target", "destroy": "DM.power.mighty", "charm": "DM.power.charm",
                  "swap": "DM.power.vampiric_touch", "pick_pocket": "DM.power.pick_pocket",
                  "recover": "DM.power.divine_inspiration", **EXPANSION_RULES}


# Where the plays stop at a choice: who chooses ({player}) and what the rules allow ({options}), per pending kind.
_CHOOSES = {
    "target": N_("Now {player} chooses whom to attack: the rules allow {options}."),
    "soak": N_("Now {player} chooses whose Defense card takes the damage next: the rules allow {options}."),
    "ghost": N_("Now the ghost of {player} chooses whom to haunt: the rules allow {options}."),
    "destroy": N_("Now {player} chooses whose Defense card to destroy: the rules allow {options}."),
    "charm": N_("Now {player} chooses whose Defense card to take: the rules allow {options}."),
    "swap": N_("Now {player} chooses whom to swap hit points with: the rules allow {options}."),
    "pick_pocket": N_("Now {player} chooses whose card to play: the rules allow {options}."),
    "recover": N_("Now {player} chooses which card to take back: the rules allow {options}."),
    "praise": N_("Now {player} chooses whether to praise (or take 2 damage): the rules allow {options}."),
    "dance": N_("Now {player} chooses whether to dance: the rules allow {options}."),
    "noise": N_("Now {player} chooses whether to make an animal noise: the rules allow {options}."),
    "murder": N_("Now {player} chooses whether to attack, heal or draw: the rules allow {options}."),
    "free_play": N_("Now {player} chooses whether to play a Form card for free: the rules allow {options}."),
    "mirror": N_("Now {player} chooses which Defense card to copy: the rules allow {options}."),
    "trap": N_("Now {player} chooses whose hit points change: the rules allow {options}."),
    "trap_to": N_("Now {player} chooses whose hit points they become: the rules allow {options}."),
    "mind_games": N_("Now {player} chooses whom to swap hands with: the rules allow {options}."),
    "mind_blast": N_("Now {player} chooses whom to blast: the rules allow {options}."),
}


# TRANSLATORS: the named options of a choice, as a scenario file writes them (option: praise)
_OPTION_WORDS = {"praise": N_("praise"), "refuse": N_("refuse"), "dance": N_("dance"), "noise": N_("noise"),
                 "pass": N_("pass"), "attack": N_("attack"), "heal": N_("heal"), "draw": N_("draw")}


def _option(option: str) -> Arg:
    """A named option in a sentence ('praise', 'refuse'), in the learner's words."""
    word = _OPTION_WORDS.get(option)
    return msg(word) if word is not None else option


def _offered(action: dm.Action, hand: tuple[int, ...]) -> Arg | None:
    """An option of a named-options choice as the learner reads it: the option's word, or a Form card in hand."""
    if isinstance(action, dm.ChooseOption):
        return _option(action.option)
    if isinstance(action, dm.PlayCard) and action.index is not None:
        return card_term(hand[action.index])
    return None


def _pending_step(state: dm.State, names: tuple[str, ...]) -> Step:
    """Where the plays stop: whose choice it is and the options the engine allows (from legal_actions). Called only
    where a choice is open (``state.pending``)."""
    assert state.pending is not None
    kind = state.pending.kind
    who = names[deciding(state)]
    if kind == "play":
        return TRACER.step("DM.turn.play", plural("Now {player} must play a card ({count} more play owed).",
                                                  "Now {player} must play a card ({count} more plays owed).", "count",
                                                  player=who, count=state.plays_owed))
    seats = sorted({a.player for a in dm.legal_actions(state) if hasattr(a, "player")})
    items: tuple[Arg, ...] = tuple(names[i] for i in seats)
    if kind in OPTIONS:  # named options (and, for Commune with Nature, the Form cards in hand)
        hand = state.players[state.active].hand
        items = tuple(x for a in dm.legal_actions(state) if (x := _offered(a, hand)) is not None)
    options: Arg = Listing(items, "comma") if items else msg("nobody")
    template = _CHOOSES.get(kind, N_("Now {player} chooses an option: the rules allow {options}."))
    step = TRACER.step(_PENDING_RULES.get(kind, "DM.turn.choice"), msg(template, player=who, options=options))
    now = Q.snapshot(state)  # the choice open at the moment, as the engine narrowed it: kept, as this step states it
    return replace(step, effects=tuple((k, now[k], now[k]) for k in (Q.CHOICE, Q.CHOICE_BY)))
