"""The plays a player could make at a question's moment: their keys and labels, and the engine's verdict on
each (legal, or which rule forbids it), for the "which plays are legal now?" ask."""

from __future__ import annotations

from typing import Any

from engine import marvel_champions as mc
from engine.core.errors import IllegalPlay, InvalidAction, NotModelled
from engine.core.message import Listing, Message, msg
from engine.core.trace import Step, Tracer
from engine.marvel_champions.allies import is_ally
from tutor.games.base import Solution
from tutor.games.marvel_champions.models import Scenario
from tutor.games.marvel_champions.resolve import View


def _state(sol: Solution) -> mc.AttackState:
    view: View = sol.outcome
    return view.state


def action_key(state: mc.AttackState, action: mc.Action) -> str:
    """A stable key for a play, as a file would write it: 'p2: defend with Spider-Woman'."""
    if isinstance(action, mc.PlayCard):
        return f"{action.player}: play {action.card}"
    if isinstance(action, mc.UseAbility):
        return f"{action.player}: use {action.ability}"
    if isinstance(action, mc.PlayerAttack):
        return f"{action.player}: attack {action.enemy}" + (f" with {action.character}" if action.character else "")
    if isinstance(action, mc.AssignIndirect):
        return f"{action.player}: assign " + ", ".join(f"{c} {n}" for c, n in action.shares)
    if isinstance(action, mc.DiscardAttachment):
        return f"{action.player}: discard {action.attachment}"
    ally = state.player(action.player).identity if isinstance(action, mc.BasicDefend) else action.ally
    return f"{action.player}: defend with {ally}"


def action_label(state: mc.AttackState, action: mc.Action) -> Message:
    """A play as the learner reads it: "Player 2 defends with the ally Spider-Woman"."""
    p = state.player(action.player)
    if isinstance(action, mc.PlayCard):
        return msg("{player} plays {card}", player=p.name, card=action.card)
    if isinstance(action, mc.UseAbility):
        return msg("{player} uses {ability}", player=p.name, ability=action.ability)
    if isinstance(action, mc.PlayerAttack):
        who = state.character(action.character).name if action.character else state.identity_of(p.id).name
        return msg("{player} attacks {enemy} with {character}", player=p.name, enemy=action.enemy, character=who)
    if isinstance(action, mc.AssignIndirect):
        shares = tuple(msg("{damage} to {character}", damage=n, character=state.character(c).name)
                       for c, n in action.shares)
        return msg("{player} assigns {shares}", player=p.name, shares=Listing(shares, "comma"))
    if isinstance(action, mc.DiscardAttachment):
        return msg("{player} discards {card} (its Hero Action)", player=p.name, card=action.attachment)
    if isinstance(action, mc.BasicDefend):
        return msg("{player} basic defends with {hero}", player=p.name, hero=state.identity_of(p.id).name)
    return msg("{player} defends with the ally {ally}", player=p.name, ally=state.character(action.ally).name)


def candidate_plays(state: mc.AttackState) -> list[mc.Action]:
    """Every play a player might think of now: the engine's candidates, and every other card in hand."""
    out = mc.candidate_plays(state)
    if state.is_enemy_attack:
        seen = {(a.player, a.card) for a in out if isinstance(a, mc.PlayCard)}
        out += [mc.PlayCard(p.id, card) for p in state.players for card in dict.fromkeys(p.hand)
                if (p.id, card) not in seen]
    return out


_LEGAL_RULE = {"Preemptive Strike": "MC.card.preemptive_strike", "Expert Defense": "MC.card.expert_defense",
               "Backflip": "MC.prevent.interrupt", "Wiggle Room": "MC.prevent.interrupt",
               "Jump Flip": "MC.prevent.interrupt", "Desperate Defense": "MC.card.desperate_defense",
               "Never Back Down": "MC.card.never_back_down", "\"I Can Do This All Day\"": "MC.card.all_day",
               "Cuts Both Ways": "MC.card.cuts_both_ways", "Mutant Protectors": "MC.card.mutant_protectors",
               "Counter-Punch": "MC.card.counter_punch", "Indomitable": "MC.card.indomitable",
               "Morphogenetics": "MC.hero.morphogenetics", "Ms. Marvel (ally)": "MC.ally.ms_marvel"}
_T = Tracer(mc.GLOSSARY)


def play_verdicts(scn: Scenario, sol: Solution, of: str | None) -> list[tuple[str, Step]]:
    """The engine's verdict on each play a player might think of now: illegal ones (with the rule) first."""
    state = _state(sol)
    bad: list[tuple[str, Step]] = []
    good: list[tuple[str, Step]] = []
    for a in candidate_plays(state):
        label, key = action_label(state, a), action_key(state, a)
        try:
            mc.apply(state, a)
        except IllegalPlay as err:
            assert err.rule is not None
            reason = err.message if err.message is not None else err.reason
            bad.append((key, _T.step(err.rule, msg("{play}: not allowed now, because {reason}.", play=label,
                                                   reason=reason))))
            continue
        except InvalidAction:  # a card in hand the engine has no play for (its reason is for developers)
            bad.append((key, _T.step("MC.card.in_hand", msg("{play}: the engine does not resolve this card.",
                                                            play=label))))
            continue
        except NotModelled:
            pass
        rule = legal_rule(a)
        good.append((key, _T.step(rule, msg("{play}: allowed now.", play=label))))
    return bad + good


def legal_rule(a: mc.Action) -> str:
    """The rule that allows a legal play (its verdict's citation)."""
    if isinstance(a, mc.BasicDefend):
        return "MC.def.basic"
    if isinstance(a, mc.AllyDefend):
        return "MC.def.ally"
    if isinstance(a, mc.PlayerAttack):
        return "MC.patk.basic"
    if isinstance(a, mc.AssignIndirect):
        return "MC.dmg.indirect"
    if isinstance(a, mc.DiscardAttachment):
        return "MC.cost.resource_types"
    if isinstance(a, mc.PlayCard) and is_ally(a.card):  # an ally from the hand, in a player phase
        return "MC.ally.play"
    return _LEGAL_RULE.get(a.card if isinstance(a, mc.PlayCard) else a.ability, "MC.card.in_hand")


def legal_plays(scn: Scenario, sol: Solution, of: str | None) -> list[str]:
    state = _state(sol)
    return [action_key(state, a) for a in mc.legal_actions(state)]


def describe_play(scn: Scenario, act: dict[str, Any]) -> str:
    """A play in words, for the ruling page's list of plays: 'Player 2 plays Preemptive Strike'."""
    names = {p.id: p.name for p in scn.setup.players}
    who = names.get(act.get("player", ""), act.get("player", "?"))
    if "play" in act:
        return f"{who} plays {act['play']}"
    if "use" in act:  # a response of a card in play; Angel of Death may name its target
        return f"{who} uses {act['use']}" + (f" on {act['target']}" if act.get("target") else "")
    if "attack" in act:
        return f"{who} attacks {act['attack']}" + (f" with {act['with']}" if act.get("with") else "")
    if "defend" in act:
        return f"{who} defends with {act['defend']}"
    return f"{who}: " + ", ".join(f"{k} {v}" for k, v in act.items() if k != "player")
