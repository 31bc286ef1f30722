"""The asks' answers about a card's cost and about an encounter card revealed outside an attack (they read the
position at the question's moment; :mod:`tutor.games.marvel_champions.asks` declares the asks)."""

from __future__ import annotations

from engine import marvel_champions as mc
from engine.core.effects import Key
from engine.core.message import N_, msg
from engine.marvel_champions.cards import lookup
from engine.marvel_champions import cost, quantities as Q
from tutor.games.base import Ask, Choice, Solution, Unaskable
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


# -- a minion revealed outside an attack: whom it is engaged with (MC.enc.minion_engages) ------------------------
def revealed_minions(scn: Scenario) -> list[str]:
    """The printed names of the minions the scenario's reveal (its card and the deck's top cards) brings into play."""
    r = scn.setup.reveal
    keys = [r.card, *r.deck] if r is not None else []
    return list(dict.fromkeys(c.name for k in keys if (c := lookup(k)) is not None and c.type == "minion"))


def _minion_names(scn: Scenario) -> list[str]:
    from tutor.games.marvel_champions.position import build_state
    return list(dict.fromkeys([*(e.name for e in build_state(scn).enemies if e.kind == "minion"),
                               *revealed_minions(scn)]))


def _enemy_name(of: str | None) -> str:
    card = lookup(of or "")
    return card.name if card is not None else (of or "")


def engaged_with(scn: Scenario, sol: Solution, of: str | None) -> str:
    """The player the minion ``of`` is engaged with at the moment ('none' if it is not in play or engaged)."""
    state, name = _state(sol), _enemy_name(of)
    if not state.has_enemy(name) or state.enemy(name).gone:
        return "none"
    return state.enemy(name).engaged_with or "none"


def engaged_minions(scn: Scenario, sol: Solution, of: str | None) -> list[str]:
    """The minions engaged with the player ``of`` at the moment: each activates against them after the villain."""
    return sorted(e.name for e in _state(sol).engaged_minions(of or ""))


def _player_choices(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    return [Choice(p.id, p.name) for p in scn.setup.players] + [Choice("none", N_("Nobody"))]


def _minion_choices(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    return [Choice(n, n) for n in _minion_names(scn)]


def _engaged_reads(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
    return (Q.enemy(_enemy_name(of), "engaged_with"),)


def _minions_reads(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
    return tuple(Q.enemy(n, "engaged_with") for n in _minion_names(scn))


ENGAGEMENT_ASKS = (
    Ask("engaged_with", "choice", "Engaged with", engaged_with, _player_choices, needs_of=True,
        reads=_engaged_reads, origin=("MC.setup.position",),
        description="the player the minion named in 'of' is engaged with at the moment (a minion revealed from "
                    "the encounter deck engages the player who revealed it), or 'none'"),
    Ask("engaged_minions", "multi_select", "Minions engaged", engaged_minions, _minion_choices, needs_of=True,
        reads=_minions_reads, origin=("MC.setup.position",),
        description="the minions engaged with the player named in 'of' at the moment: in the next villain phase "
                    "each activates against that player, after the villain"),
)


def retaliate_reads(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
    """``reads`` of the retaliate ask for a character: its retaliate (gained and lost: Aerial Agility's lasts one
    attack) beside the cards played (Cuts Both Ways)."""
    state = _state(sol)
    played = tuple(Q.player(p.id, "played") for p in state.players)
    return (*played, Q.character(of or "", "retaliate")) if state.has_character(of or "") else played
