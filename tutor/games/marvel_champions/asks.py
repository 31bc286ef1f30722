"""The asks: the questions a Marvel Champions scenario can pose, answered from the attack at a moment.

Each ask names the point where its answer is settled (``at``), the board fields that would give
it away (``reveals``, masked until the learner answers), and the rules whose step decides it.
"""

from __future__ import annotations

from typing import Any, Iterable

from engine import marvel_champions as mc
from engine.core.errors import IllegalPlay, InvalidAction, NotModelled
from engine.core.trace import Step, Tracer
from engine.marvel_champions.cards import lookup
from tutor.games.base import Ask, Choice, Solution
from tutor.games.marvel_champions.models import Scenario
from tutor.games.marvel_champions.position import build_state
from tutor.games.marvel_champions.resolve import View

ROLES = ("role:attacked_player", "role:target", "role:defender")
_ROLE_RULES = ("MC.def.retarget", "MC.atk.undefended", "MC.def.label", "MC.def.label_no_change", "MC.def.ally_gone",
               "MC.def.basic", "MC.def.ally", "MC.status.stun_replaces_attack")
_DAMAGE_RULES = ("MC.dmg.apply", "MC.status.tough", "MC.kw.piercing", "MC.prevent.interrupt", "MC.kw.overkill",
                 "MC.kw.retaliate", "MC.card.preemptive_strike", "MC.atk.boost_ability", "MC.dmg.calc")


def _view(sol: Solution) -> View:
    return sol.outcome  # type: ignore[no-any-return]


def _state(sol: Solution) -> mc.AttackState:
    return _view(sol).state


def is_enemy_name(state: mc.AttackState, of: str | None) -> bool:
    card = lookup(of or "")
    return of == state.attacker.name or bool(card and card.is_enemy)


def _subject(state: mc.AttackState, of: str | None) -> mc.Character | mc.Enemy | None:
    """The character (in play or defeated) or the enemy ``of`` names."""
    if is_enemy_name(state, of):
        return state.attacker
    for c in (*state.characters, *state.left_play):
        if c.id == of:
            return c
    return None


def _field(scn: Scenario, of: str | None, kind: str) -> str:
    return f"{kind}:enemy" if is_enemy_name(build_state(scn), of) else f"{kind}:{of}"


# -- answers -------------------------------------------------------------------------------------
def _hp_after(scn: Scenario, sol: Solution, of: str | None) -> int:
    who = _subject(_state(sol), of)
    if who is None:
        return 0
    return max(0, who.hp - who.damage)


def _step_of(scn: Scenario, sol: Solution, of: str | None) -> int | None:
    return next((s.phase for s in sol.steps if s.rule == of), None)


def _status(kind: str) -> Any:
    def count(scn: Scenario, sol: Solution, of: str | None) -> int:
        who = _subject(_state(sol), of)
        return int(getattr(who, kind, 0)) if who is not None else 0
    return count


def _is_exhausted(scn: Scenario, sol: Solution, of: str | None) -> bool:
    who = _subject(_state(sol), of)
    return bool(getattr(who, "exhausted", False))


def _drawn(scn: Scenario, sol: Solution, of: str | None) -> int:
    state = _state(sol)
    return sum(p.drawn for p in state.players if of is None or p.id == of)


def _triggered(scn: Scenario, sol: Solution, of: str | None) -> list[str]:
    return sorted(set(_state(sol).triggered))


def action_key(state: mc.AttackState, action: mc.Action) -> str:
    """A stable key for a play, as a file would write it: 'p2 defends with Spider-Woman'."""
    if isinstance(action, mc.PlayCard):
        return f"{action.player}: play {action.card}"
    ally = state.player(action.player).identity if isinstance(action, mc.BasicDefend) else action.ally
    return f"{action.player}: defend with {ally}"


def action_label(state: mc.AttackState, action: mc.Action) -> str:
    p = state.player(action.player)
    if isinstance(action, mc.PlayCard):
        return f"{p.name} plays {action.card}"
    if isinstance(action, mc.BasicDefend):
        return f"{p.name} basic defends with {state.identity_of(p.id).name}"
    return f"{p.name} defends with the ally {state.character(action.ally).name}"


def candidate_plays(state: mc.AttackState) -> list[mc.Action]:
    """Every play a player might think of now: each character defending, each card in hand."""
    out: list[mc.Action] = []
    for p in state.players:
        out.append(mc.BasicDefend(p.id))
        out += [mc.AllyDefend(p.id, c.id) for c in state.characters if c.controller == p.id and c.kind == "ally"]
        out += [mc.PlayCard(p.id, card) for card in dict.fromkeys(p.hand)]
    return out


_LEGAL_RULE = {"Preemptive Strike": "MC.card.preemptive_strike", "Expert Defense": "MC.card.expert_defense",
               "Backflip": "MC.prevent.interrupt", "Wiggle Room": "MC.prevent.interrupt",
               "Jump Flip": "MC.prevent.interrupt"}
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
            bad.append((key, _T.step(err.rule, f"{label}: not allowed now, because {err.reason}.")))
            continue
        except InvalidAction as err:
            bad.append((key, _T.step("MC.card.in_hand", f"{label}: the engine does not resolve this card ({err.reason}).")))
            continue
        except NotModelled:
            pass
        rule = ("MC.def.basic" if isinstance(a, mc.BasicDefend) else "MC.def.ally" if isinstance(a, mc.AllyDefend)
                else _LEGAL_RULE.get(a.card, "MC.card.in_hand"))
        good.append((key, _T.step(rule, f"{label}: allowed now.")))
    return bad + good


def _legal_plays(scn: Scenario, sol: Solution, of: str | None) -> list[str]:
    state = _state(sol)
    return [action_key(state, a) for a in mc.legal_actions(state)]


# -- choices ---------------------------------------------------------------------------------------
def _players(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    return [Choice(p.id, p.name) for p in scn.setup.players]


def _characters(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    state = build_state(scn)
    return [Choice(c.id, c.name) for c in state.characters]


def _defenders(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    return _characters(scn, of) + [Choice("none", "No defender")]


def _steps(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    return [Choice(i, f"{i}. {name}") for i, name in enumerate(mc.STEP_NAMES, start=1)] + [
        Choice(6, "After the attack")]


def _abilities(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    """The triggered abilities on the board: the cards' own, keywords like retaliate, boost abilities."""
    state = _state(sol) if sol is not None else build_state(scn)
    names: list[str] = []
    for c in (*state.characters, *state.left_play):
        if "spider-sense" in c.keywords and c.kind == "hero":
            names.append(f"Spider-Sense ({c.name})")
        names += [f"Retaliate {k.split()[1]} ({c.name})" for k in sorted(c.keywords) if k.startswith("retaliate ")]
    if "extra boost" in state.attacker.keywords:
        names.append(f"{state.attacker.name}: extra boost card")
    names += [f"{b.name}: Boost" for b in state.boost if b.face_up and b.star]
    names += [t for t in state.triggered if t not in names]
    return [Choice(n, n) for n in dict.fromkeys(names)]


def _plays(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    state = _state(sol) if sol is not None else build_state(scn)
    return [Choice(action_key(state, a), action_label(state, a)) for a in candidate_plays(state)]


# -- what reveals an answer on the board ----------------------------------------------------------------
def _roles(scn: Scenario, of: str | None) -> Iterable[str]:
    return ROLES


def _hp(scn: Scenario, of: str | None) -> Iterable[str]:
    """Damage shows in the hit points, the 'defeated' mark, the tough card it used up and the ATK total."""
    return (_field(scn, of, "hp"), _field(scn, of, "defeated"), _field(scn, of, "status"), "atk_total")


def _status_field(scn: Scenario, of: str | None) -> Iterable[str]:
    return (_field(scn, of, "status"),)


def _fixed(*fields: str) -> Any:
    return lambda scn, of: fields


ASKS: dict[str, Ask] = {a.name: a for a in [
    Ask("attacked_player", "choice", "Attacked player", lambda scn, sol, of: _state(sol).target_player, _players,
        at="step2", reveals=_roles, decides=_ROLE_RULES,
        description="the player the attack is now against (the defender's controller once a defender is declared)"),
    Ask("target", "choice", "Target", lambda scn, sol, of: _state(sol).target, _characters,
        at="step2", reveals=_roles, decides=_ROLE_RULES, description="the character the attack targets"),
    Ask("defender", "choice", "Defender", lambda scn, sol, of: _state(sol).defender or "none", _defenders,
        at="step2", reveals=_roles, decides=_ROLE_RULES, description="the defending character, or 'none'"),
    Ask("is_defended", "yes_no", "Defended?", lambda scn, sol, of: _state(sol).is_defended,
        at="step2", reveals=_roles, decides=_ROLE_RULES, description="whether the attack is considered defended"),
    Ask("atk_total", "number", "ATK", lambda scn, sol, of: _state(sol).atk_total or 0,
        at="step4", reveals=_fixed("atk_total"), decides=("MC.dmg.calc",),
        description="the attack's ATK after modifiers and boost icons (step 4)"),
    Ask("damage_dealt", "number", "Damage dealt", lambda scn, sol, of: _state(sol).damage or 0,
        at="step4", reveals=_fixed("atk_total"), decides=("MC.dmg.calc",),
        description="the damage the attack deals to its target at step 4 (after DEF, before tough and prevention)"),
    Ask("damage_taken", "number", "Damage taken", lambda scn, sol, of: _state(sol).taken_by(of or ""), needs_of=True,
        at="after_attack", reveals=_hp, decides=_DAMAGE_RULES,
        description="the damage a character (or the enemy) actually takes during this attack"),
    Ask("hp_after", "number", "Hit points", _hp_after, needs_of=True, at="after_attack", reveals=_hp,
        decides=_DAMAGE_RULES, description="a character's (or the enemy's) remaining hit points at the moment "
                                           "(by default after the attack)"),
    Ask("is_tough_discarded", "yes_no", "Tough card discarded?",
        lambda scn, sol, of: (of or "") in _state(sol).tough_used or (
            is_enemy_name(_state(sol), of) and _state(sol).attacker.name in _state(sol).tough_used),
        needs_of=True, at="after_attack", reveals=_status_field,
        decides=("MC.status.tough", "MC.kw.piercing", "MC.card.preemptive_strike", "MC.kw.retaliate"),
        description="whether the character's (or the enemy's) tough status card is used up"),
    Ask("is_defeated", "yes_no", "Defeated?", lambda scn, sol, of: (of or "") in _state(sol).defeated, needs_of=True,
        at="after_attack", reveals=_hp, decides=_DAMAGE_RULES,
        description="whether the character is defeated by the attack"),
    Ask("retaliate_damage", "number", "Retaliate damage", lambda scn, sol, of: _state(sol).retaliate,
        at="after_attack", reveals=_fixed("hp:enemy", "status:enemy"), decides=("MC.kw.retaliate", "MC.kw.ranged"),
        description="damage dealt to the attacker by retaliate"),
    Ask("step_of", "choice", "Step", _step_of, _steps, needs_of=True, at="after_attack", decides=("{of}",),
        description="the attack step in which the rule named by 'of' (a rule id) applies"),
    Ask("attack_happens", "yes_no", "Does the attack happen?",
        lambda scn, sol, of: not sol.result.state.replaced_by_stun, at="after_attack", lookahead=True,
        asked_at="start", decides=("MC.status.stun_replaces_attack", "MC.atk.initiate"),
        description="whether the attack takes place at all (a stunned enemy's attack is replaced)"),
    Ask("boost_cards_dealt", "number", "Boost cards dealt", lambda scn, sol, of: len(sol.result.state.boost),
        at="step1", lookahead=True, asked_at="initiation", reveals=_fixed("boost"), decides=("MC.atk.boost_dealt",),
        description="how many boost cards the attacker is dealt at step 1 (asked at initiation)"),
    Ask("is_exhausted", "yes_no", "Exhausted?", _is_exhausted, needs_of=True,
        reveals=lambda scn, of: (f"exhausted:{of}",), decides=("MC.def.basic", "MC.def.ally", "MC.def.label"),
        description="whether the character is exhausted at the moment (defending exhausts; a label does not)"),
    Ask("tough_cards", "number", "Tough cards", _status("tough"), needs_of=True, at="after_attack",
        reveals=_status_field, decides=("MC.status.tough", "MC.kw.piercing", "MC.kw.retaliate"),
        description="how many tough status cards the character (or the enemy) has at the moment"),
    Ask("stun_cards", "number", "Stun cards", _status("stunned"), needs_of=True, reveals=_status_field,
        decides=("MC.status.stun_replaces_attack",),
        description="how many stun status cards the character (or the enemy) has at the moment"),
    Ask("confused_cards", "number", "Confused cards", _status("confused"), needs_of=True, reveals=_status_field,
        description="how many confused status cards the character (or the enemy) has at the moment"),
    Ask("cards_drawn", "number", "Cards drawn", _drawn, at="after_attack", reveals=lambda scn, of: (f"drawn:{of}",),
        decides=("MC.hero.spider_sense", "MC.prevent.interrupt"),
        description="cards drawn during the attack (Spider-Sense, Wiggle Room); only by the player named in 'of', if given"),
    Ask("abilities_triggered", "multi_select", "Abilities triggered", _triggered, _abilities, at="after_attack",
        choices_at_moment=True, decides=("MC.hero.spider_sense", "MC.kw.retaliate", "MC.atk.boost_dealt",
                                         "MC.atk.boost_ability"),
        description="which abilities on the board have triggered by the moment (Spider-Sense, retaliate, Klaw's "
                    "extra boost card, a boost card's Boost ability)"),
    Ask("legal_plays", "multi_select", "Legal plays", _legal_plays, _plays, choices_at_moment=True, explain=play_verdicts,
        description="which plays (defending with each character, each card in hand) are legal at the moment"),
    Ask("is_legal", "yes_no", "Legal?", lambda scn, sol, of: sol.is_legal, legal_only=False,
        description="whether every play in the question's line of play is legal"),
    Ask("is_illegal", "yes_no", "Illegal?", lambda scn, sol, of: not sol.is_legal, legal_only=False,
        description="whether some play in the question's line of play is illegal (e.g. 'Do you have to defend first?')"),
]}
