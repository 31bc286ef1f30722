"""Building the engine's position and plays from a scenario file."""

from __future__ import annotations

import dataclasses
from typing import Any, Sequence

from engine import marvel_champions as mc
from engine.marvel_champions.cards import lookup
from tutor.games.base import Loc
from tutor.games.marvel_champions.models import (ActionSpec, AttackSpec, BoostSpec, CharacterRef, CharacterSpec,
                                                 EnemyRef, EnemySpec, Scenario)

SETTING_NAMES = tuple(f.name for f in dataclasses.fields(mc.Settings))


def spec(ref: CharacterRef) -> CharacterSpec:
    return CharacterSpec(card=ref) if isinstance(ref, str) else ref


def enemy_ref(ref: EnemyRef) -> EnemySpec:
    return EnemySpec(card=ref) if isinstance(ref, str) else ref


def character_specs(scn: Scenario) -> list[tuple[Loc, str, CharacterSpec, str]]:
    """Every character spec with its location, controller and role ('identity' or 'ally')."""
    out: list[tuple[Loc, str, CharacterSpec, str]] = []
    for i, p in enumerate(scn.setup.players):
        out.append((("setup", "players", i, "identity"), p.id, spec(p.identity), "identity"))
        for j, a in enumerate(p.allies):
            out.append((("setup", "players", i, "allies", j), p.id, spec(a), "ally"))
    return out


def enemy_specs(scn: Scenario) -> list[tuple[Loc, EnemySpec, str | None, str]]:
    """Every place a file names an enemy: (location, spec, engaged player, role: villain | engaged | attacker)."""
    out: list[tuple[Loc, EnemySpec, str | None, str]] = []
    s = scn.setup
    if s.villain is not None:
        out.append((("setup", "villain"), enemy_ref(s.villain), None, "villain"))
    for i, p in enumerate(s.players):
        for j, m in enumerate(p.engaged):
            out.append((("setup", "players", i, "engaged", j), enemy_ref(m), p.id, "engaged"))
    for k, loc in attack_locs(scn):
        out.append((loc + ("attacker",), enemy_ref(k.attacker), None, "attacker"))
    return out


def attack_locs(scn: Scenario) -> list[tuple[AttackSpec, Loc]]:
    if scn.setup.attack is not None:
        return [(scn.setup.attack, ("setup", "attack"))]
    return [(a, ("setup", "attacks", i)) for i, a in enumerate(scn.setup.attacks or [])]


def char_id(s: CharacterSpec) -> str:
    return s.id or s.card


def allies_in_hand(scn: Scenario) -> list[tuple[str, str]]:
    """(card, player) for each ally card in a hand: a card may put it into play (Mutant Protectors)."""
    out = []
    for p in scn.setup.players:
        for name in dict.fromkeys(p.hand):
            card = lookup(name)
            if card is not None and card.type == "ally":
                out.append((name, p.id))
    return out


def enemy_name(key: str) -> str:
    """An enemy's printed name on the board (its catalogue key may name the printing: 'Rhino (III)')."""
    card = lookup(key)
    return card.name if card else key


def enemy_spec(scn: Scenario) -> EnemySpec:
    """The first attack's attacker as the file gives it (or the villain, in a player phase)."""
    attacks = scn.setup.all_attacks
    if attacks:
        return enemy_ref(attacks[0].attacker)
    return enemy_ref(scn.setup.villain) if scn.setup.villain is not None else EnemySpec(card="")


def settings_of(scn: Scenario) -> mc.Settings:
    """The engine settings the file chooses (the reference checks have vetted the names and values)."""
    known: dict[str, Any] = {k: v for k, v in scn.setup.settings.items() if k in SETTING_NAMES}
    try:
        return dataclasses.replace(mc.DEFAULT, **known)
    except (TypeError, ValueError):
        return mc.DEFAULT


def build_enemies(scn: Scenario) -> tuple[mc.Enemy, ...]:
    """Each enemy once, with its state where the file gives it (a bare name elsewhere refers to it)."""
    given: dict[str, EnemySpec] = {}
    engaged_with: dict[str, str] = {}
    for _, e, engaged, _ in enemy_specs(scn):
        name = enemy_name(e.card)
        if name not in given or e != EnemySpec(card=e.card):  # a full spec wins (the reference check allows one)
            given[name] = e
        if engaged is not None:
            engaged_with[name] = engaged
    attachments: dict[str, list[str]] = {name: list(e.attachments) for name, e in given.items()}
    for a in scn.setup.all_attacks:
        attachments.setdefault(enemy_name(enemy_ref(a.attacker).card), []).extend(a.attachments)
    out = []
    for name, e in given.items():
        card = lookup(e.card)
        assert card is not None
        kws = card.keywords | ({"atk_star"} if card.atk_star else set())
        engaged = engaged_with.get(name) or (_implicitly_engaged(scn, name) if card.type == "minion" else None)
        out.append(mc.Enemy(name=card.name, kind=card.type,  # type: ignore[arg-type]
                            atk=card.atk if e.atk is None else e.atk, hp=card.hp if e.hp is None else e.hp,
                            damage=e.damage, keywords=frozenset(kws),
                            tough=_tough(e.tough, card.keywords), stunned=e.stunned, confused=e.confused,
                            engaged_with=engaged, attachments=tuple(dict.fromkeys(attachments.get(name, [])))))
    return tuple(out)


def _implicitly_engaged(scn: Scenario, name: str) -> str | None:
    """A minion that attacks and is listed under no player is engaged with the player it attacks."""
    for a in scn.setup.all_attacks:
        if enemy_name(enemy_ref(a.attacker).card) == name:
            return a.against
    return None


def pending_of(a: AttackSpec, scn: Scenario) -> mc.Pending:
    mods = (("this attack", a.atk_modifier),) if a.atk_modifier else ()
    return mc.Pending(attacker=enemy_name(enemy_ref(a.attacker).card), against=a.against,
                      encounter=tuple(boost_cards(a)), atk_mods=mods, keywords=frozenset(a.keywords),
                      cause=a.cause or "", amplify=a.amplify)


def build_state(scn: Scenario) -> mc.AttackState:
    chars: list[mc.Character] = []
    players: list[mc.Player] = []
    for _, owner, s, role in character_specs(scn):
        card = lookup(s.card)
        assert card is not None
        kind = ("alter_ego" if s.form == "alter_ego" else "hero") if role == "identity" else "ally"
        name = card.alter_ego if kind == "alter_ego" and card.alter_ego else card.name  # Peter Parker, not Spider-Man
        chars.append(mc.Character(
            id=char_id(s), name=name, kind=kind, controller=owner,  # type: ignore[arg-type]
            atk=card.atk if s.atk is None else s.atk,
            defense=card.defense if s.defense is None else s.defense,
            hp=card.hp if s.hp is None else s.hp,
            damage=s.damage, exhausted=s.exhausted, tough=_tough(s.tough, card.keywords), stunned=s.stunned,
            confused=s.confused, keywords=card.keywords, traits=card.traits, atk_cons=card.atk_cons))
    for p in scn.setup.players:
        players.append(mc.Player(id=p.id, name=p.name, identity=char_id(spec(p.identity)),
                                 hand=tuple(p.hand), upgrades=tuple(p.upgrades)))
    enemies = build_enemies(scn)
    base = mc.AttackState(enemies=enemies, players=tuple(players), characters=tuple(chars),
                          settings=settings_of(scn))
    if scn.setup.reveal is not None:
        r = scn.setup.reveal
        return dataclasses.replace(base, revealed=r.card, revealed_by=r.by,
                                   encounter=tuple(_encounter_card(c) for c in r.deck))
    attacks = [pending_of(a, scn) for a in scn.setup.all_attacks]
    if not attacks:
        return base
    first = attacks[0]
    target = char_id(spec(next(p.identity for p in scn.setup.players if p.id == first.against)))
    return dataclasses.replace(
        base, attacker_name=first.attacker, attacked_player=first.against, target_player=first.against,
        target=target, encounter=first.encounter, atk_mods=first.atk_mods, attack_keywords=first.keywords,
        amplify=first.amplify, cause=first.cause, pending=tuple(attacks[1:]))


def _tough(given: int | None, keywords: frozenset[str]) -> int:
    """MC.status.tough: a card with toughness enters play with a tough card, unless the file says otherwise."""
    return given if given is not None else (1 if "toughness" in keywords else 0)


def _encounter_card(key: str) -> mc.BoostCard:
    """A named card on top of the encounter deck (an unknown one is refused by the reference check)."""
    card = lookup(key)
    return mc.BoostCard(name=card.name if card else key, icons=card.boost if card else 0,
                        star=card.boost_star if card else False, key=key)


def boost_cards(a: AttackSpec) -> list[mc.BoostCard]:
    out = []
    for b in a.boost:
        s = BoostSpec(card=b) if isinstance(b, str) else b
        card = lookup(s.card)
        assert card is not None
        out.append(mc.BoostCard(name=card.name, icons=card.boost if s.icons is None else s.icons, star=card.boost_star,
                                key=card.key))
    return out


def action_attacks(scn: Scenario, actions: Sequence[ActionSpec]) -> list[int]:
    """The attack of the phase each play is made in (a play without 'during' is in the previous play's)."""
    out, current = [], 1
    for act in actions:
        current = act.during or current
        out.append(current)
    return out


def build_actions(scn: Scenario, actions: Sequence[ActionSpec] | None = None) -> list[mc.Action]:
    out: list[mc.Action] = []
    for act in scn.actions if actions is None else actions:
        d = act.during
        if act.play is not None:
            out.append(mc.PlayCard(act.player, act.play, d, act.ally, None if act.pay is None else tuple(act.pay),
                                   act.before_forced))
        elif act.use is not None:
            target = enemy_name(act.target) if act.target is not None else None
            out.append(mc.UseAbility(act.player, act.use, d, act.before_forced, target))
        elif act.assign is not None:
            out.append(mc.AssignIndirect(act.player, tuple(act.assign.items()), d))
        elif act.attack is not None:
            out.append(mc.PlayerAttack(act.player, enemy_name(act.attack), act.with_, d))
        elif act.discard is not None:
            out.append(mc.DiscardAttachment(act.player, act.discard, tuple(act.pay or ()), d))
        else:
            player = next(p for p in scn.setup.players if p.id == act.player)
            if act.defend == char_id(spec(player.identity)):
                out.append(mc.BasicDefend(act.player, d))
            else:
                out.append(mc.AllyDefend(act.player, act.defend, d))  # type: ignore[arg-type]
    return out
