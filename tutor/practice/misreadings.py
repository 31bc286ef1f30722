"""Wrong choices that teach: common misreadings of rules, each a setting flip or a small mutation.

A misreading is declared for one rule of a game's glossary: either a flip of an engine setting (a solo
player allowed to yield) or a small mutation of the position that plays the rule as the learner misread
it (the enemy's immunity ignored, the shield forgotten, a keyword ignored). The same position is resolved
under each misreading that concerns a rule of the item's trace; an outcome that differs from the correct
one is a wrong choice, and a learner who gives it is told which misreading it comes from.

The declarations live here, beside the tutor, not in the engines' glossaries: a mutation edits the
scenario (the tutor's file format), and the engines keep only the disputed rulings as settings.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable

from engine.core.message import N_
from tutor.games.base import ILLEGAL
from tutor.practice import mutations as mu

Data = dict[str, Any]


@dataclass(frozen=True)
class Misreading:
    id: str
    rule: str  # the rule misread (a glossary id)
    feedback: str  # what the learner did and the rule they missed (English; {fields} from ``params``)
    setting: tuple[str, Any] | None = None
    mutate: Callable[[Data], Data | None] | None = None  # the position misread, or None where it does not apply
    params: Callable[[Data], dict[str, Any]] = lambda data: {}


def _setup(data: Data) -> Data:
    setup: Data = data["setup"]
    return setup


# -- Regicide ------------------------------------------------------------------------------------
def _rg_no_immunity(data: Data) -> Data | None:
    s = _setup(data)
    if s.get("immunity_cancelled"):
        return None
    s["immunity_cancelled"] = True
    return data


def _rg_forgotten(field: str) -> Callable[[Data], Data | None]:
    """The misreading that forgets a counter of the position (the damage already taken, the shield)."""
    def mutate(data: Data) -> Data | None:
        s = _setup(data)
        if not s.get(field):
            return None
        s[field] = 0
        return data
    return mutate


_rg_no_damage, _rg_no_shield = _rg_forgotten("damage"), _rg_forgotten("shield")


# the suit as its symbol: the sentence is translated, and a symbol reads the same in every language (an English
# suit name showed inside the Vietnamese and Punjabi sentences)
_SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def _rg_params(data: Data) -> dict[str, Any]:
    s = _setup(data)
    enemy = str(s.get("enemy", ""))
    return {"suit": _SUITS.get(enemy[-1:], enemy), "damage": s.get("damage", 0), "shield": s.get("shield", 0)}


# -- Marvel Champions --------------------------------------------------------------------------------
def _mc_attack(data: Data) -> Data:
    attack: Data = _setup(data)["attack"]
    return attack


def _mc_without_keyword(word: str) -> Callable[[Data], Data | None]:
    def mutate(data: Data) -> Data | None:
        att = _mc_attack(data)
        if word not in att.get("keywords", []):
            return None
        att["keywords"] = [k for k in att["keywords"] if k != word]
        if not att["keywords"]:
            del att["keywords"]
        return data
    return mutate


def _mc_basic_defender(data: Data) -> tuple[dict[str, Any], str] | None:
    """The player whose hero defends (a basic defense), and the hero's card."""
    for act in data.get("actions", []):
        if "defend" in act:
            for p in _setup(data)["players"]:
                ident = p["identity"]
                card = ident if isinstance(ident, str) else ident["card"]
                if p["id"] == act["player"] and card == act["defend"]:
                    return p, card
    return None


def _mc_no_def(data: Data) -> Data | None:
    found = _mc_basic_defender(data)
    if found is None:
        return None
    p, card = found
    spec = p["identity"] if isinstance(p["identity"], dict) else {"card": card}
    p["identity"] = {**spec, "defense": 0}
    return data


def _mc_no_boost(data: Data) -> Data | None:
    att = _mc_attack(data)
    if not att.get("boost"):
        return None
    att["boost"] = [{"card": b if isinstance(b, str) else b["card"], "icons": 0} for b in att["boost"]]
    return data


def _mc_not_stunned(data: Data) -> Data | None:
    att = _mc_attack(data)
    spec = att["attacker"]
    if isinstance(spec, str) or not spec.get("stunned"):
        return None
    spec = {k: v for k, v in spec.items() if k != "stunned"}
    att["attacker"] = spec if len(spec) > 1 else spec["card"]
    return data


def _mc_label_def(data: Data) -> Data | None:
    """A (defense) label read as a basic defense: the defending hero's DEF taken off the attack (as an ATK
    modifier, the way the engine lets a scenario change this attack's ATK)."""
    from engine.marvel_champions.cards import lookup

    for act in data.get("actions", []):
        card = lookup(act.get("play") or "")
        if card is None or not card.defense_label:
            continue
        for p in _setup(data)["players"]:
            if p["id"] != act["player"]:
                continue
            ident = p["identity"]
            hero = lookup(ident if isinstance(ident, str) else ident["card"])
            form = "hero" if isinstance(ident, str) else ident.get("form", "hero")
            value = (ident.get("defense") if isinstance(ident, dict) else None)
            value = hero.defense if value is None and hero is not None else value
            if not value or form != "hero":
                return None
            att = _mc_attack(data)
            att["atk_modifier"] = att.get("atk_modifier", 0) - value
            data["_hero"] = hero.name if hero is not None else ""
            return data
    return None


def _mc_label_params(data: Data) -> dict[str, Any]:
    probe = _mc_label_def(copy.deepcopy(data))
    return {"hero": probe.get("_hero", "the hero") if probe else "the hero"}


def _mc_params(data: Data) -> dict[str, Any]:
    found = _mc_basic_defender(data)
    att = _mc_attack(data)["attacker"]
    return {"hero": found[1] if found else "the hero", "attacker": att if isinstance(att, str) else att["card"]}


def _mc_specs(data: Data) -> list[tuple[Any, Any]]:
    """Every character of the players as (its holder, key): identities and allies (the holder's entry at key
    is a card name or a spec with the card)."""
    out: list[tuple[Any, Any]] = []
    for p in _setup(data)["players"]:
        out.append((p, "identity"))
        allies: Any = p.get("allies", [])
        out += [(allies, k) for k in range(len(allies))]
    return out


def _mc_drop(field: str) -> Callable[[Data], Data | None]:
    """The misreading that forgets a counter on the characters (the damage already taken, a tough status)."""
    def mutate(data: Data) -> Data | None:
        changed = False
        for holder, key in _mc_specs(data):
            spec = holder[key]
            if isinstance(spec, dict) and spec.get(field):
                rest = {k: v for k, v in spec.items() if k != field}
                holder[key] = rest if len(rest) > 1 else rest["card"]
                changed = True
        return data if changed else None
    return mutate


def _mc_no_defender(data: Data) -> Data | None:
    acts = data.get("actions", [])
    if not any("defend" in a for a in acts):
        return None
    data["actions"] = [a for a in acts if "defend" not in a]
    return data


def _mc_damage_params(data: Data) -> dict[str, Any]:
    of = (data.get("questions") or [{}])[0].get("of")
    specs = [holder[key] for holder, key in _mc_specs(data)]
    hurt = [(s["card"], s["damage"]) for s in specs if isinstance(s, dict) and s.get("damage")]
    name, damage = next(((n, d) for n, d in hurt if n == of), hurt[0] if hurt else ("the character", 0))
    defender = next((a["defend"] for a in data.get("actions", []) if "defend" in a), "the defender")
    return {"name": name, "damage": damage, "defender": defender}


# -- Dungeon Mayhem ------------------------------------------------------------------------------------
def _dm_no_defense(data: Data) -> Data | None:
    targets = {a["target"] for a in data.get("actions", []) if "target" in a and "defense" in a}
    if not targets:
        return None
    for p in _setup(data)["players"]:
        name = p.get("name") or p["character"]
        if name in targets:
            p.pop("defense", None)
    data["actions"] = [{k: v for k, v in a.items() if k not in ("defense", "nth")} if "target" in a else a
                       for a in data["actions"]]
    return data


def _dm_out_back(data: Data) -> Data | None:
    """Knocked-out players counted as still in the game (back at 1 hit point)."""
    out = [p for p in _setup(data)["players"] if p.get("out")]
    if not out:
        return None
    for p in out:
        p.pop("out")
        p["hp"] = max(1, p.get("hp", 0))
    data["_out"] = len(out)
    return data


def _dm_out_params(data: Data) -> dict[str, Any]:
    return {"n": sum(1 for p in _setup(data)["players"] if p.get("out"))}


def _dm_params(data: Data) -> dict[str, Any]:
    targets = [a["target"] for a in data.get("actions", []) if "target" in a and "defense" in a]
    return {"victim": targets[0] if targets else "the target"}


_DM_MARKS = N_("You treated {card} as undamaged, but the {damage} damage already marked on it stays until the "
                "card is destroyed.")
_DM_PLAY = N_("You did not count {card} as one of {player}'s plays, but playing it uses up a play; each lightning "
              "symbol on it adds one more.")

REGICIDE = (
    Misreading("rg.immunity_ignored", "REG.immunity",
               N_("You used the {suit} power, but an enemy is immune to the suit power of its own suit."),
               mutate=_rg_no_immunity, params=_rg_params),
    Misreading("rg.earlier_damage_forgotten", "REG.damage.defeat",
               N_("You counted only this play's damage, but the {damage} damage the enemy had already taken "
                  "stays on it."), mutate=_rg_no_damage, params=_rg_params),
    Misreading("rg.earlier_damage_forgotten_deal", "REG.damage.deal",
               N_("You counted only this play's damage, but the {damage} damage the enemy had already taken "
                  "stays on it."), mutate=_rg_no_damage, params=_rg_params),
    Misreading("rg.shield_reset", "REG.suit.spades",
               N_("You started the shield again from 0, but the shield of {shield} from Spades played earlier "
                  "against this enemy stays until it is defeated."), mutate=_rg_no_shield, params=_rg_params),
    Misreading("rg.shield_forgotten_loss", "REG.end.loss_damage",
               N_("You forgot the enemy's shield of {shield}: Spades played earlier against it still reduce its "
                  "attack."), mutate=_rg_no_shield, params=_rg_params),
    Misreading("rg.clubs_not_doubled", "REG.suit.clubs",
               N_("You did not double the damage, but Clubs doubles the damage the play deals in Step 3."),
               mutate=mu.rg_clubs_not_doubled),
    Misreading("rg.jester_attack_kept", "REG.jester.no_damage",
               N_("You had the enemy attack after the Jester, but after a Jester Steps 3 and 4 are skipped: no "
                  "damage is dealt and the enemy does not attack."), mutate=mu.rg_jester_as_yield),
    Misreading("rg.yield_skips_attack", "REG.yield.skip",
               N_("You let the yield skip the enemy's attack, but a yield skips only Steps 2 and 3: the enemy "
                  "still attacks in Step 4."), mutate=mu.rg_yield_skips_attack),
    Misreading("rg.yields_cleared_by_play", "REG.yield.restriction",
               N_("You let a play clear the earlier yields, but each seat's own most recent turn counts: a "
                  "seat whose last turn was a yield still counts as having yielded."),
               setting=("yield_flags_cleared_by_any_play", True)),
    Misreading("rg.shield_forgotten", "REG.suffer.discard",
               N_("You forgot the enemy's shield of {shield}: Spades played earlier against it still reduce its "
                  "attack."), mutate=_rg_no_shield, params=_rg_params),
    Misreading("rg.solo_yield", "REG.solo.no_yield",
               N_("You let the solo player yield, but a solo player can never yield."),
               setting=("solo_may_yield", True)),
    Misreading("rg.hearts_all_or_nothing", "REG.suit.hearts",
               N_("You healed nothing because the discard pile was short, but Hearts moves every card it "
                  "can, up to its value."), setting=("hearts_takes_all_when_short", False)),

)
MARVEL_CHAMPIONS = (
    Misreading("mc.def_forgotten", "MC.dmg.calc",
               N_("You forgot {hero}'s DEF: a hero who defends reduces the damage by their DEF."),
               mutate=_mc_no_def, params=_mc_params),
    Misreading("mc.label_def_counted", "MC.def.label",
               N_("You counted {hero}'s DEF, but a (defense) label is not a basic defense: the hero's DEF does "
                  "not reduce the damage."), mutate=_mc_label_def, params=_mc_label_params),
    Misreading("mc.boost_forgotten", "MC.atk.boost_icons",
               N_("You forgot the boost icons: each one revealed at step 3 adds 1 to the attack."),
               mutate=_mc_no_boost, params=_mc_params),
    Misreading("mc.piercing_ignored", "MC.kw.piercing",
               N_("You let a tough status card stop the damage, but a piercing attack discards tough status "
                  "cards before damage is dealt."), mutate=_mc_without_keyword("piercing"), params=_mc_params),
    Misreading("mc.overkill_ignored", "MC.kw.overkill",
               N_("You stopped the damage at the defeated ally, but overkill sends the excess to its "
                  "controller's hero."), mutate=_mc_without_keyword("overkill"), params=_mc_params),
    Misreading("mc.ranged_ignored", "MC.kw.ranged",
               N_("You dealt retaliate damage to {attacker}, but a ranged attack ignores retaliate."),
               mutate=_mc_without_keyword("ranged"), params=_mc_params),
    Misreading("mc.earlier_damage_forgotten", "MC.dmg.apply",
               N_("You started {name} from full hit points, but the {damage} damage already on them stays."),
               mutate=_mc_drop("damage"), params=_mc_damage_params),
    Misreading("mc.tough_ignored", "MC.status.tough",
               N_("You dealt the damage, but a tough status card prevents all the damage of one hit and is "
                  "discarded instead."), mutate=_mc_drop("tough"), params=_mc_damage_params),
    Misreading("mc.retarget_ignored", "MC.def.retarget",
               N_("You kept the attack on the attacked player's identity, but {defender} defended: the "
                  "defender becomes the attack's target."), mutate=_mc_no_defender, params=_mc_damage_params),
    Misreading("mc.stun_ignored", "MC.status.stun_replaces_attack",
               N_("You let the stunned {attacker} attack, but a stunned enemy's attack is replaced by "
                  "removing its stun."), mutate=_mc_not_stunned, params=_mc_params),
    Misreading("mc.ally_def_counted", "MC.def.ally",
               N_("You took {hero}'s DEF off the damage, but {ally} defended: a defending ally takes all the "
                  "damage and DEF is not used."), mutate=mu.mc_def_with_ally, params=mu.mc_ally_params),
    Misreading("mc.undefended_def_counted", "MC.atk.undefended",
               N_("You took {hero}'s DEF off the damage, but nobody defended: DEF reduces the damage only when "
                  "the hero defends."), mutate=mu.mc_def_undefended, params=mu.mc_ally_params),

)
DUNGEON_MAYHEM = (
    Misreading("dm.defense_ignored", "DM.defense.protects",
               N_("You hit {victim} directly, but while a player has Defense cards in play, an attack on them "
                  "must go through those cards first."), mutate=_dm_no_defense, params=_dm_params),
    Misreading("dm.empty_hand_at_once", "DM.turn.empty_hand",
               N_("You drew two cards as soon as the hand was empty, but the empty-hand draw waits until the "
                  "card that emptied it has resolved."), setting=("empty_hand_draw", "immediately")),
    Misreading("dm.knocked_out_counted", "DM.attack.target",
               N_("You counted knocked-out players too, but an attack can only choose an opponent still in "
                  "the game."), mutate=_dm_out_back, params=_dm_out_params),
    Misreading("dm.defense_ignored_absorb", "DM.defense.absorb",
               N_("You hit {victim} directly, but a Defense card in play takes the damage first, one shield "
                  "per point."), mutate=_dm_no_defense, params=_dm_params),
    Misreading("dm.defense_replaced", "DM.defense.play",
               N_("You had {player}'s new Defense card replace {defense}, but Defense cards stay in play side "
                  "by side: a new one is added to those already there."),
               mutate=mu.dm_defense_replaced, params=mu.dm_defense_params),
    *(Misreading(f"dm.marks_forgotten.{rule.rsplit('.', 1)[1]}", rule, _DM_MARKS, mutate=mu.dm_marks_forgotten,
                 params=mu.dm_marks_params)
      for rule in ("DM.defense.absorb", "DM.defense.destroyed", "DM.defense.overflow")),
    *(Misreading(f"dm.play_not_used.{rule.rsplit('.', 1)[1]}", rule, _DM_PLAY, mutate=mu.dm_play_not_used,
                 params=mu.dm_turn_params)
      for rule in ("DM.turn.play", "DM.turn.play_again")),
    Misreading("dm.no_reshuffle", "DM.draw.draw",
               N_("You stopped drawing when {player}'s deck ran out, but a player who must draw from an empty "
                  "deck first shuffles their discard pile into a new deck."),
               mutate=mu.dm_no_reshuffle, params=mu.dm_turn_params),
    Misreading("dm.area_skips_defense", "DM.power.area_defense",
               N_("You took the area damage straight off hit points, but Fireball and Whirling Axes damage "
                  "meets Defense cards first, like an attack."), setting=("area_damage_hits_defense", False)),

)


def misreadings(game: str) -> tuple[Misreading, ...]:
    """The misreadings a game's plugin declares (its ``misreadings`` hook); none where it declares none."""
    from tutor.games import hook

    return tuple(hook(game, "misreadings") or ())


def misread(game: str, data: Data, m: Misreading) -> Data | None:
    """The scenario data as the misreading plays it, or None where it does not apply."""
    new = copy.deepcopy(data)
    if m.setting is not None:
        new["setup"].setdefault("settings", {})[m.setting[0]] = m.setting[1]
    if m.mutate is not None:
        mutated = m.mutate(new)
        if mutated is not None:
            mutated.pop("_hero", None)
            mutated.pop("_out", None)
        return mutated
    return new


def wrong_answers(game: str, data: Data, rules: tuple[str, ...] | list[str], correct: Any) -> list[Any]:
    """Each misreading of a rule in ``rules`` whose outcome differs from ``correct``: ``Wrong`` values."""
    from tutor.practice.core import Wrong, ask
    from tutor.questions import is_correct

    out: list[Wrong] = []
    for m in misreadings(game):
        if m.rule not in rules:
            continue
        try:
            new = misread(game, data, m)
            answer = ask(game, new).answer if new is not None else None
        except Exception:  # noqa: BLE001  (the misread position cannot be resolved: no wrong choice)
            continue
        if answer is None or answer == ILLEGAL or is_correct(answer, correct) or any(
                is_correct(answer, w.answer) for w in out):
            continue
        params = m.params(data)
        out.append(Wrong(answer, m.rule, m.id, m.feedback.format(**params), m.feedback, params))
    return out


def wrong_choices(item: Any) -> list[Any]:
    """The wrong choices of a generated item (:class:`tutor.practice.core.Item`)."""
    return wrong_answers(item.game, item.data, item.rules, item.answer)


def misreading_of(game: str, data: Data, given: Any) -> Any:
    """The misreading a wrong answer ``given`` comes from (a ``Wrong``), or None."""
    from tutor.practice.core import ask
    from tutor.questions import is_correct

    asked = ask(game, data)
    game_ = __import__("tutor.games", fromlist=["plugin"]).plugin(game)
    rules = [s.rule for s in asked.explanation.steps if s.rule not in game_.routine]
    for w in wrong_answers(game, data, rules, asked.answer):
        if is_correct(given, w.answer):
            return w
    return None
