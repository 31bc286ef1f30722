"""Building the engine's attack state and plays from a scenario file."""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from engine import marvel_champions as mc
from engine.marvel_champions.cards import lookup
from tutor.games.base import Loc
from tutor.games.marvel_champions.models import ActionSpec, BoostSpec, CharacterRef, CharacterSpec, EnemySpec, Scenario


def spec(ref: CharacterRef) -> CharacterSpec:
    return CharacterSpec(card=ref) if isinstance(ref, str) else ref


def character_specs(scn: Scenario) -> list[tuple[Loc, str, CharacterSpec, str]]:
    """Every character spec with its location, controller and role ('identity' or 'ally')."""
    out: list[tuple[Loc, str, CharacterSpec, str]] = []
    for i, p in enumerate(scn.setup.players):
        out.append((("setup", "players", i, "identity"), p.id, spec(p.identity), "identity"))
        for j, a in enumerate(p.allies):
            out.append((("setup", "players", i, "allies", j), p.id, spec(a), "ally"))
    return out


def char_id(s: CharacterSpec) -> str:
    return s.id or s.card


def enemy_spec(scn: Scenario) -> EnemySpec:
    a = scn.setup.attack.attacker
    return EnemySpec(card=a) if isinstance(a, str) else a


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
            confused=s.confused,
            keywords=card.keywords))
    for p in scn.setup.players:
        players.append(mc.Player(id=p.id, name=p.name, identity=char_id(spec(p.identity)),
                                 hand=tuple(p.hand), upgrades=tuple(p.upgrades)))
    a = scn.setup.attack
    espec = enemy_spec(scn)
    ecard = lookup(espec.card)
    assert ecard is not None
    enemy = mc.Enemy(name=ecard.name, kind=ecard.type, atk=ecard.atk if espec.atk is None else espec.atk,  # type: ignore[arg-type]
                     hp=ecard.hp if espec.hp is None else espec.hp, damage=espec.damage, keywords=ecard.keywords,
                     tough=_tough(espec.tough, ecard.keywords), stunned=espec.stunned, confused=espec.confused)
    mods = [(name, lookup(name).atk) for name in a.attachments if lookup(name)]  # type: ignore[union-attr]
    if a.atk_modifier:
        mods.append(("this attack", a.atk_modifier))
    keywords = set(a.keywords) | {k for k in ecard.keywords if k in ("overkill", "piercing", "ranged")}
    if "Charge" in a.attachments:
        keywords.add("overkill")
    if ecard.atk_star:
        enemy = replace(enemy, keywords=enemy.keywords | {"atk_star"})
    target = char_id(spec(next(p.identity for p in scn.setup.players if p.id == a.against)))
    return mc.AttackState(attacker=enemy, players=tuple(players), characters=tuple(chars),
                          attacked_player=a.against, target_player=a.against, target=target,
                          encounter=tuple(boost_cards(scn)), atk_mods=tuple(mods),
                          attack_keywords=frozenset(keywords), amplify=a.amplify)


def _tough(given: int | None, keywords: frozenset[str]) -> int:
    """MC.status.tough: a card with toughness enters play with a tough card, unless the file says otherwise."""
    return given if given is not None else (1 if "toughness" in keywords else 0)


def boost_cards(scn: Scenario) -> list[mc.BoostCard]:
    out = []
    for b in scn.setup.attack.boost:
        s = BoostSpec(card=b) if isinstance(b, str) else b
        card = lookup(s.card)
        assert card is not None
        out.append(mc.BoostCard(name=card.name, icons=card.boost if s.icons is None else s.icons, star=card.boost_star))
    return out


def build_actions(scn: Scenario, actions: Sequence[ActionSpec] | None = None) -> list[mc.Action]:
    out: list[mc.Action] = []
    for act in scn.actions if actions is None else actions:
        if act.play is not None:
            out.append(mc.PlayCard(act.player, act.play))
            continue
        player = next(p for p in scn.setup.players if p.id == act.player)
        if act.defend == char_id(spec(player.identity)):
            out.append(mc.BasicDefend(act.player))
        else:
            out.append(mc.AllyDefend(act.player, act.defend))  # type: ignore[arg-type]
    return out
