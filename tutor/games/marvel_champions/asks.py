"""The asks: the questions a Marvel Champions scenario can pose, answered from the attack at a moment.

Each ask names the point where its answer is settled (``at``), the board fields that would give
it away (``reveals``, masked until the learner answers), and the rules whose step decides it.
"""

from __future__ import annotations

from typing import Any, Iterable

from engine import marvel_champions as mc
from engine.core.errors import IllegalPlay, InvalidAction, NotModelled
from engine.core.trace import Step, Tracer
from engine.marvel_champions import rules as mc_rules
from engine.marvel_champions.cards import lookup
from engine.marvel_champions.defense import retaliate_value
from tutor.games.base import Ask, Choice, Solution
from tutor.games.marvel_champions.models import Scenario
from tutor.games.marvel_champions.position import allies_in_hand, build_state
from tutor.games.marvel_champions.resolve import View

ROLES = ("role:attacked_player", "role:target", "role:defender")
_ROLE_RULES = ("MC.def.retarget", "MC.atk.undefended", "MC.def.label", "MC.def.label_no_change", "MC.def.ally_gone",
               "MC.def.basic", "MC.def.ally", "MC.status.stun_replaces_attack")
_DAMAGE_RULES = ("MC.dmg.apply", "MC.status.tough", "MC.kw.piercing", "MC.prevent.interrupt", "MC.kw.overkill",
                 "MC.kw.retaliate", "MC.card.preemptive_strike", "MC.atk.boost_ability", "MC.dmg.calc",
                 "MC.dmg.indirect", "MC.patk.damage", "MC.patk.consequential")
_STATUS_RULES = ("MC.status.stun_replaces_attack", "MC.status.stun", "MC.card.sonic_converter",
                 "MC.minion.shocker_stun", "MC.card.never_back_down", "MC.kw.vulnerable", "MC.atk.boost_ability")
_TRIGGER_RULES = ("MC.hero.spider_sense", "MC.kw.retaliate", "MC.atk.boost_dealt", "MC.atk.boost_ability",
                  "MC.villain.sand_blast", "MC.villain.sand_wave", "MC.villain.surging_sands", "MC.card.charge",
                  "MC.card.sonic_converter", "MC.minion.tiger_shark", "MC.minion.shocker_stun",
                  "MC.card.desperate_defense", "MC.card.never_back_down", "MC.card.indomitable",
                  "MC.hero.morphogenetics")
_KIND_RULES = ("MC.atk.undefended", "MC.def.label", "MC.def.label_no_change", "MC.def.ally_gone", "MC.def.basic",
               "MC.def.ally", "MC.def.declared", "MC.def.label_then_basic", "MC.status.stun_replaces_attack")
ATTACK_KEYWORDS = ("overkill", "piercing", "ranged", "indirect")


def _view(sol: Solution) -> View:
    return sol.outcome  # type: ignore[no-any-return]


def _state(sol: Solution) -> mc.AttackState:
    return _view(sol).state


def enemy_of(scn: Scenario, of: str | None) -> str | None:
    """The printed name of the enemy ``of`` names (by catalogue key or name), or None if it names no enemy."""
    names = {e.name for e in build_state(scn).enemies}
    card = lookup(of or "")
    name = card.name if card is not None and card.is_enemy else of
    return name if name in names else None


def _subject(scn: Scenario, state: mc.AttackState, of: str | None) -> mc.Character | mc.Enemy | None:
    """The character (in play or defeated) or the enemy ``of`` names."""
    name = enemy_of(scn, of)
    if name is not None:
        return state.enemy(name)
    for c in (*state.characters, *state.left_play):
        if c.id == of:
            return c
    return None


def board_key(scn: Scenario, of: str | None) -> str:
    """The board's key for what ``of`` names: 'enemy:<name>' for an enemy, else the character id."""
    name = enemy_of(scn, of)
    return f"enemy:{name}" if name is not None else str(of)


def _field(scn: Scenario, of: str | None, kind: str) -> str:
    return f"{kind}:{board_key(scn, of)}"


# -- answers -------------------------------------------------------------------------------------
def _hp_after(scn: Scenario, sol: Solution, of: str | None) -> int:
    who = _subject(scn, _state(sol), of)
    if who is None:
        return 0
    return max(0, who.hp - who.damage)


def _step_of(scn: Scenario, sol: Solution, of: str | None) -> int | None:
    return next((s.phase for s in sol.steps if s.rule == of), None)


def _status(kind: str) -> Any:
    def count(scn: Scenario, sol: Solution, of: str | None) -> int:
        who = _subject(scn, _state(sol), of)
        return int(getattr(who, kind, 0)) if who is not None else 0
    return count


def _is_exhausted(scn: Scenario, sol: Solution, of: str | None) -> bool:
    who = _subject(scn, _state(sol), of)
    return bool(getattr(who, "exhausted", False))


def _drawn(scn: Scenario, sol: Solution, of: str | None) -> int:
    state = _state(sol)
    return sum(p.drawn for p in state.players if of is None or p.id == of)


def _triggered(scn: Scenario, sol: Solution, of: str | None) -> list[str]:
    return sorted(set(_state(sol).triggered))


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
    ally = state.player(action.player).identity if isinstance(action, mc.BasicDefend) else action.ally
    return f"{action.player}: defend with {ally}"


def action_label(state: mc.AttackState, action: mc.Action) -> str:
    p = state.player(action.player)
    if isinstance(action, mc.PlayCard):
        return f"{p.name} plays {action.card}"
    if isinstance(action, mc.UseAbility):
        return f"{p.name} uses {action.ability}"
    if isinstance(action, mc.PlayerAttack):
        who = state.character(action.character).name if action.character else state.identity_of(p.id).name
        return f"{p.name} attacks {action.enemy} with {who}"
    if isinstance(action, mc.AssignIndirect):
        return f"{p.name} assigns " + ", ".join(f"{n} to {state.character(c).name}" for c, n in action.shares)
    if isinstance(action, mc.BasicDefend):
        return f"{p.name} basic defends with {state.identity_of(p.id).name}"
    return f"{p.name} defends with the ally {state.character(action.ally).name}"


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
               "Morphogenetics": "MC.hero.morphogenetics"}
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
        rule = legal_rule(a)
        good.append((key, _T.step(rule, f"{label}: allowed now.")))
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
    return _LEGAL_RULE.get(a.card if isinstance(a, mc.PlayCard) else a.ability, "MC.card.in_hand")


def _legal_plays(scn: Scenario, sol: Solution, of: str | None) -> list[str]:
    state = _state(sol)
    return [action_key(state, a) for a in mc.legal_actions(state)]


# -- choices ---------------------------------------------------------------------------------------
def _players(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    return [Choice(p.id, p.name) for p in scn.setup.players]


def _characters(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    """The characters on the board, and the allies in hand a card may put into play (Mutant Protectors)."""
    state = build_state(scn)
    chars = [Choice(c.id, c.name) for c in state.characters]
    return chars + [Choice(name, f"{name} (from the hand)") for name, _ in allies_in_hand(scn)
                    if name not in {c.key for c in chars}]


def _defenders(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    return _characters(scn, of) + [Choice("none", "No defender")]


def _steps(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    return ([Choice(0, "When the attack is initiated, before step 1")]
            + [Choice(i, f"{i}. {name}") for i, name in enumerate(mc.STEP_NAMES, start=1)]
            + [Choice(6, "After the attack")])


def _abilities(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    """The abilities on the board that could trigger: the cards' own, keywords like retaliate, boost abilities,
    and every one that has triggered by the moment."""
    state = _state(sol) if sol is not None else build_state(scn)
    names: list[str] = []
    for c in (*state.characters, *state.left_play):
        if "spider-sense" in c.keywords and c.kind == "hero":
            names.append(f"Spider-Sense ({c.name})")
        if "morphogenetics" in c.keywords:
            names.append(f"Morphogenetics ({c.name})")
        x = retaliate_value(c)
        names += [f"Retaliate {n} ({c.name})" for n in sorted({1, x}) if x]
    for e in state.enemies:
        names += [{"extra boost": f"{e.name}: extra boost card", "sand blast": "Sand Blast", "sand wave": "Sand Wave",
                   "tough after attack": f"{e.name}: tough card", "stuns attacker": f"{e.name}: stun the attacker"}[k]
                  for k in sorted(e.keywords) if k in ("extra boost", "sand blast", "sand wave", "tough after attack",
                                                       "stuns attacker")]
        if "sand blast" in e.keywords or "sand wave" in e.keywords:
            names.append("Surging Sands (City Streets)")
        names += [a for a in e.attachments if a in ("Charge", "Sonic Converter")]
        x = mc_rules.retaliate_of_enemy(e)
        names += [f"Retaliate {x} ({e.name})"] if x else []
    names += [f"{b.name}: Boost" for b in state.boost if b.face_up and b.star]
    names += [c for p in state.players for c in (*p.hand, *p.played, *p.upgrades)
              if c in ("Desperate Defense", "Never Back Down", "Indomitable")]
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


def _enemy_fields(scn: Scenario, of: str | None) -> Iterable[str]:
    """Every enemy's hit points and statuses (retaliate may hit any attacker of the phase)."""
    return [f"{kind}:enemy:{e.name}" for e in build_state(scn).enemies for kind in ("hp", "status")]


def _keyword_field(scn: Scenario, of: str | None) -> Iterable[str]:
    return (_field(scn, of, "keywords"),)


def _who(scn: Scenario, of: str | None) -> str:
    """What the state's lists (taken, tough_used, defeated) call ``of``: an enemy's name or a character id."""
    return enemy_of(scn, of) or (of or "")


def _kinds(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    return [Choice("basic", "A basic defense (DEF counts)"), Choice("ally", "An ally defends"),
            Choice("label", "A (defense) label (no DEF)"), Choice("none", "Undefended")]


def _keyword_choices(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    return [Choice(k, "indirect damage" if k == "indirect" else k) for k in ATTACK_KEYWORDS]


def _retaliate_of(scn: Scenario, sol: Solution, of: str | None) -> int:
    who = _subject(scn, _state(sol), of)
    if isinstance(who, mc.Enemy):
        return mc_rules.retaliate_of_enemy(who)
    return retaliate_value(who) if who is not None else 0


def _is_attacked(scn: Scenario, sol: Solution, of: str | None) -> bool:
    state = _state(sol)
    return state.is_enemy_attack and state.happened and state.target == of


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
    Ask("damage_taken", "number", "Damage taken", lambda scn, sol, of: _state(sol).taken_by(_who(scn, of)),
        needs_of=True,
        at="after_attack", reveals=_hp, decides=_DAMAGE_RULES,
        description="the damage a character (or the enemy) actually takes during this attack"),
    Ask("hp_after", "number", "Hit points", _hp_after, needs_of=True, at="after_attack", reveals=_hp,
        decides=_DAMAGE_RULES, description="a character's (or the enemy's) remaining hit points at the moment "
                                           "(by default after the attack)"),
    Ask("is_tough_discarded", "yes_no", "Tough card discarded?",
        lambda scn, sol, of: _who(scn, of) in _state(sol).tough_used,
        needs_of=True, at="after_attack", reveals=_status_field,
        decides=("MC.status.tough", "MC.kw.piercing", "MC.card.preemptive_strike", "MC.kw.retaliate", "MC.patk.damage"),
        description="whether the character's (or the enemy's) tough status card is used up"),
    Ask("is_defeated", "yes_no", "Defeated?", lambda scn, sol, of: _who(scn, of) in _state(sol).defeated, needs_of=True,
        at="after_attack", reveals=_hp, decides=_DAMAGE_RULES,
        description="whether the character is defeated by the attack"),
    Ask("retaliate_damage", "number", "Retaliate damage", lambda scn, sol, of: _state(sol).retaliate,
        at="after_attack", reveals=_enemy_fields,
        decides=("MC.def.retarget", "MC.atk.undefended", "MC.kw.retaliate", "MC.kw.ranged"),
        description="damage dealt to the attacking enemies by retaliate"),
    Ask("step_of", "choice", "Step", _step_of, _steps, needs_of=True, at="after_attack", decides=("{of}",),
        description="the attack step in which the rule named by 'of' (a rule id) applies"),
    Ask("attack_happens", "yes_no", "Does the attack happen?",
        lambda scn, sol, of: sol.result.state.happened, at="after_attack", lookahead=True,
        asked_at="start", decides=("MC.status.stun_replaces_attack", "MC.atk.initiate", "MC.kw.quickstrike"),
        description="whether the attack takes place at all (a stunned enemy's attack is replaced)"),
    Ask("boost_cards_dealt", "number", "Boost cards dealt", lambda scn, sol, of: len(sol.result.state.boost),
        at="step1", lookahead=True, asked_at="initiation", reveals=_fixed("boost"), decides=("MC.atk.boost_dealt",),
        description="how many boost cards the attacker is dealt at step 1 (asked at initiation)"),
    Ask("is_exhausted", "yes_no", "Exhausted?", _is_exhausted, needs_of=True,
        reveals=lambda scn, of: (f"exhausted:{of}",),
        decides=("MC.def.basic", "MC.def.ally", "MC.def.label", "MC.def.declared", "MC.card.indomitable",
                 "MC.card.desperate_defense", "MC.hero.morphogenetics", "MC.patk.basic", "MC.def.label_then_basic",
                 "MC.atk.boost_ability"),
        description="whether the character is exhausted at the moment (defending exhausts; a label does not)"),
    Ask("tough_cards", "number", "Tough cards", _status("tough"), needs_of=True, at="after_attack",
        reveals=_status_field, decides=("MC.status.tough", "MC.kw.piercing", "MC.kw.retaliate", "MC.minion.tiger_shark",
                                        "MC.patk.damage", "MC.atk.boost_ability", "MC.dmg.indirect"),
        description="how many tough status cards the character (or the enemy) has at the moment"),
    Ask("stun_cards", "number", "Stun cards", _status("stunned"), needs_of=True, reveals=_status_field,
        decides=_STATUS_RULES,
        description="how many stun status cards the character (or the enemy) has at the moment"),
    Ask("confused_cards", "number", "Confused cards", _status("confused"), needs_of=True, reveals=_status_field,
        description="how many confused status cards the character (or the enemy) has at the moment"),
    Ask("cards_drawn", "number", "Cards drawn", _drawn, at="after_attack", reveals=lambda scn, of: (f"drawn:{of}",),
        decides=("MC.atk.minion", "MC.hero.spider_sense", "MC.prevent.interrupt"),
        description="cards drawn during the attack (Spider-Sense, Wiggle Room); only by the player named in 'of', if given"),
    Ask("abilities_triggered", "multi_select", "Abilities triggered", _triggered, _abilities, at="after_attack",
        choices_at_moment=True, decides=_TRIGGER_RULES,
        description="which abilities on the board have triggered by the moment (Spider-Sense, retaliate, Klaw's "
                    "extra boost card, a boost card's Boost ability)"),
    Ask("legal_plays", "multi_select", "Legal plays", _legal_plays, _plays, choices_at_moment=True, explain=play_verdicts,
        description="which plays (defending with each character, each card in hand) are legal at the moment"),
    Ask("is_legal", "yes_no", "Legal?", lambda scn, sol, of: sol.is_legal, legal_only=False,
        description="whether every play in the question's line of play is legal"),
    Ask("is_illegal", "yes_no", "Illegal?", lambda scn, sol, of: not sol.is_legal, legal_only=False,
        description="whether some play in the question's line of play is illegal (e.g. 'Do you have to defend first?')"),
    Ask("defense_kind", "choice", "Kind of defense", lambda scn, sol, of: _state(sol).defense_kind or "none", _kinds,
        at="step2", reveals=_roles, decides=_KIND_RULES,
        description="how the attack is defended: a basic defense (DEF counts), an ally, a (defense) label, or none"),
    Ask("attack_keywords", "multi_select", "The attack has", lambda scn, sol, of: sorted(_state(sol).attack_keywords
                                                                                      & set(ATTACK_KEYWORDS)),
        _keyword_choices, at="initiation", reveals=_fixed("attack_keywords"),
        decides=("MC.villain.sand_blast", "MC.villain.sand_wave", "MC.card.charge", "MC.atk.initiate"),
        description="the keywords the attack has once it is initiated (overkill, piercing, ranged, indirect damage)"),
    Ask("retaliate_value", "number", "Retaliate", _retaliate_of, needs_of=True, reveals=_keyword_field,
        decides=("MC.card.cuts_both_ways", "MC.kw.retaliate"),
        description="the character's (or an enemy's) retaliate X at the moment, every instance added up"),
    Ask("is_attacked", "yes_no", "Counts as attacked?", _is_attacked, needs_of=True, at="step2", reveals=_roles,
        decides=_ROLE_RULES + ("MC.dmg.indirect",),
        description="whether the character counts as attacked (the defender, or the undefended target; a character "
                    "assigned indirect damage is not attacked for that)"),
]}
