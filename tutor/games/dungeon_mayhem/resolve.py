"""Running the plays: the engine's trace, where the plays stop, and the outcome the asks read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from engine import dungeon_mayhem as dm
from engine.core.errors import IllegalPlay, InvalidAction
from engine.core.trace import Event, Mark, Step
from engine.core.message import N_
from engine.dungeon_mayhem.choices import RULES as EXPANSION_RULES
from engine.dungeon_mayhem.glossary import TRACER
from engine.dungeon_mayhem.rules import deciding
from engine.dungeon_mayhem.state import OPTIONS
from tutor.games.dungeon_mayhem.models import ActionSpec, Scenario
from tutor.games.dungeon_mayhem.position import SetupError, _to_action, build
from tutor.moments import PLAY, START, Builder, Timeline


@dataclass(frozen=True)
class Outcome:
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


def run(scn: Scenario, actions: Sequence[ActionSpec] | None = None) -> tuple[Outcome, tuple[Step, ...], IllegalPlay | None]:
    """The whole line (the old single-moment view): the outcome after the last play, its trace, the illegal play."""
    tl, out = _resolve(scn, scn.actions if actions is None else actions)
    return out, tl.steps, tl.illegal


def timeline(scn: Scenario, actions: Sequence[ActionSpec]) -> Timeline:
    return _resolve(scn, actions)[0]


def _resolve(scn: Scenario, actions: Sequence[ActionSpec]) -> tuple[Timeline, Outcome]:
    """Resolve the plays one by one. Right after a play is the moment the plays stop, cut at the end of the
    turn: what happens next (the next player's draw) belongs to ``next_turn``."""
    built = build(scn)
    state = built.state
    b = Builder()
    b.steps.extend(built.steps)

    def view(at: dm.State, before: tuple[dm.State, ...], bad: int | None = None) -> Outcome:
        return Outcome(built.state, at, built.names, built.listed, built.state.active, built.state.turn,
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
            b.steps.append(TRACER.illegal(err))
            done = tuple(befores) + (state,)
            return b.build(len(actions), err, k - 1), Outcome(
                built.state, state, built.names, built.listed, built.state.active, built.state.turn, done, k - 1)
        except InvalidAction as err:
            raise SetupError(("actions", k - 1, act.verb), err.reason) from None
        befores.append(state)
        ends = [i for i, e in enumerate(events) if isinstance(e, Mark) and e.point == "turn_end"]
        if ends:  # the play's moment is the end of the turn; the next turn's steps come after it
            first = ends[0]
            events = (*events[: first + 1], Mark(PLAY, events[first].state), *events[first + 1:], Mark("next_turn", new))
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


_EXPANSION_WHAT = {"praise": "whether to praise (or take 2 damage)", "dance": "whether to dance",
                   "noise": "whether to make an animal noise", "murder": "whether to attack, heal or draw",
                   "free_play": "whether to play a Form card for free", "mirror": "which Defense card to copy",
                   "trap": "whose hit points change", "trap_to": "whose hit points they become",
                   "mind_games": "whom to swap hands with", "mind_blast": "whom to blast"}


def _pending_step(state: dm.State, names: tuple[str, ...]) -> Step:
    """Where the plays stop: whose choice it is and the options the engine allows (from legal_actions)."""
    kind = state.pending.kind  # type: ignore[union-attr]
    who = names[deciding(state)]
    if kind == "play":
        n = state.plays_owed
        return TRACER.step("DM.turn.play", f"Now {who} must play a card ({n} more play{'s' if n != 1 else ''} owed).")
    seats = sorted({a.player for a in dm.legal_actions(state) if hasattr(a, "player")})
    options = ", ".join(names[i] for i in seats) or "nobody"
    actor = f"the ghost of {who}" if kind == "ghost" else who
    what = {"target": "whom to attack", "soak": "whose Defense card takes the damage next", "ghost": "whom to haunt",
            "destroy": "whose Defense card to destroy", "charm": "whose Defense card to take",
            "swap": "whom to swap hit points with", "pick_pocket": "whose card to play",
            "recover": "which card to take back", **_EXPANSION_WHAT}.get(kind, "an option")
    if kind in OPTIONS:  # named options (and, for Commune with Nature, the Form cards in hand)
        hand = state.players[state.active].hand
        options = ", ".join(a.option if isinstance(a, dm.ChooseOption) else dm.card_name(hand[a.index])  # type: ignore[index]
                            for a in dm.legal_actions(state) if isinstance(a, (dm.ChooseOption, dm.PlayCard)))
    return TRACER.step(_PENDING_RULES.get(kind, "DM.turn.choice"),
                       f"Now {actor} chooses {what}: the rules allow {options}.")
