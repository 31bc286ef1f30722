"""Running the plays: the engine's trace, where the plays stop, and the outcome the asks read."""

from __future__ import annotations

from dataclasses import dataclass

from engine import dungeon_mayhem as dm
from engine.core.errors import IllegalPlay, InvalidAction
from engine.core.trace import Step
from engine.dungeon_mayhem.choices import RULES as EXPANSION_RULES
from engine.dungeon_mayhem.glossary import TRACER
from engine.dungeon_mayhem.rules import deciding
from engine.dungeon_mayhem.state import OPTIONS
from tutor.games.base import Solution
from tutor.games.dungeon_mayhem.models import Scenario
from tutor.games.dungeon_mayhem.position import SetupError, _to_action, build


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


def run(scn: Scenario) -> tuple[Outcome, tuple[Step, ...], IllegalPlay | None]:
    built = build(scn)
    state = built.state
    steps: list[Step] = list(built.steps)
    states = [state]
    illegal: IllegalPlay | None = None
    bad: int | None = None
    for k, act in enumerate(scn.actions):
        action = _to_action(scn, state, act, k)
        try:
            state, more = dm.apply_explained(state, action)
        except IllegalPlay as err:
            illegal, bad = err, k
            steps.append(TRACER.step(err.rule, f"The play is illegal: {err.reason}."))
            break
        except InvalidAction as err:
            raise SetupError(("actions", k, act.verb), err.reason) from None
        steps.extend(more)
        states.append(state)
    if illegal is None and state.pending is not None and not state.over:
        steps.append(_pending_step(state, built.names))
    out = Outcome(built.state, state, built.names, built.listed, built.state.active, built.state.turn,
                  tuple(states), bad)
    return out, tuple(steps), illegal


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


def solve(scn: Scenario) -> Solution:
    out, steps, illegal = run(scn)
    return Solution(outcome=out, steps=steps, illegal=illegal)
