"""The asks' answers about a card's cost and about an encounter card revealed outside an attack (they read the
position at the question's moment; :mod:`tutor.games.marvel_champions.asks` declares the asks)."""

from __future__ import annotations

from engine import marvel_champions as mc
from engine.core.effects import Key
from engine.core.message import msg
from engine.marvel_champions.cards import lookup
from engine.marvel_champions import cost, quantities as Q
from tutor.games.base import Choice, Solution, Unaskable
from tutor.games.marvel_champions.models import Scenario
from tutor.games.marvel_champions.resolve import View


def _state(sol: Solution) -> mc.AttackState:
    view: View = sol.outcome
    return view.state


def card_cost(scn: Scenario, sol: Solution, of: str | None) -> int:
    """The cost of the card ``of`` names at the moment (MC.cost.reduce, MC.cost.pay): the cost a modifier changed it
    to for the play that last recorded one, else the cost to play it for the players who hold it (the same for each:
    else the printed cost)."""
    state, card = _state(sol), of or ""
    changed = [n for p in state.players for c, n in p.costs if c == card]
    if changed:
        return changed[-1]
    holders = {cost.cost_to_play(state, p.id, card) for p in state.players if card in p.hand}
    return holders.pop() if len(holders) == 1 else cost.printed_cost(card)


def cost_reads(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
    return tuple(Q.player(p.id, "costs") for p in _state(sol).players)


def paid_for(state: mc.AttackState, of: str | None) -> list[int]:
    return [n for p in state.players for card, n in p.paid if card == of]


def resources_paid(scn: Scenario, sol: Solution, of: str | None) -> int:
    """The resources generated to pay for the card ``of`` names, by the moment (its last payment)."""
    paid = paid_for(_state(sol), of)
    if not paid:
        raise Unaskable(msg("no play by this moment says how {card} was paid for (give the play a 'pay' list)",
                            card=of or ""))
    return paid[-1]


def revealed_card(scn: Scenario, sol: Solution, of: str | None) -> str:
    """The encounter card whose When Revealed ability resolves at the moment (its catalogue key)."""
    state = _state(sol)
    if not state.is_reveal:
        raise Unaskable(msg("no encounter card is revealed in this scenario"))
    return state.revealed or ""


def revealable(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    """The revealed card and the encounter deck's top cards the scenario names."""
    r = scn.setup.reveal
    keys = dict.fromkeys([r.card, *r.deck]) if r is not None else {}
    return [Choice(k, c.name if (c := lookup(k)) is not None else k) for k in keys]


def paid_reads(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
    return tuple(Q.player(p.id, q) for p in _state(sol).players for q in ("generated", "paid"))
