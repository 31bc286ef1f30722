"""Reference checks: unknown cards, players, characters and enemies, plays that name nothing, boost cards the
attack needs, settings, and cards whose ability the engine does not model where a scenario would use it."""

from __future__ import annotations

import dataclasses
from typing import Any

from engine import marvel_champions as mc
from engine.marvel_champions.cards import Placement, enters_play_refusal, lookup, refusals
from engine.marvel_champions.resources import SPEND
from engine.marvel_champions.reveal import REVEAL_TOP, is_modelled, not_modelled
from tutor.games.marvel_champions.outside import revealed_minions
from engine.marvel_champions.rules import boost_cards_due
from tutor.games.base import Loc
from tutor.games.marvel_champions.asks import ASKS, enemy_of
from tutor.games.marvel_champions.models import ActionSpec, AttackSpec, EnemySpec, Scenario
from tutor.games.marvel_champions.position import (SETTING_NAMES, allies_in_hand, attack_locs, char_id,
                                                   character_specs, enemy_name, enemy_specs)

Problems = list[tuple[Loc, str]]


def references(scn: Scenario) -> Problems:
    problems: Problems = []

    def card_of(loc: Loc, name: str, types: tuple[str, ...], what: str, placement: Placement | None = None) -> None:
        card = lookup(name)
        if card is None:
            problems.append((loc, f"unknown card {name!r} (not in the Marvel Champions catalogue)"))
        elif card.type not in types:
            problems.append((loc, f"{name!r} is a {card.type}, not {what}"))
        elif placement is not None:
            problems.extend((loc, why) for why in refusals(name, placement))  # never approximated: refused by name

    player_ids = [p.id for p in scn.setup.players]
    for i, pid in enumerate(player_ids):
        if pid in player_ids[:i]:
            problems.append((("setup", "players", i, "id"), f"duplicate player id {pid!r}"))
    seen: dict[str, Loc] = {}
    for loc, _, spec, role in character_specs(scn):
        sub = loc if isinstance(_raw(scn, loc), str) else loc + ("card",)
        card_of(sub, spec.card, ("hero",) if role == "identity" else ("ally",), "a hero" if role == "identity" else
                "an ally", "identity" if role == "identity" else "ally")
        cid = char_id(spec)
        if cid in seen:
            problems.append((loc, f"two characters are called {cid!r}; give one of them an 'id'"))
        seen[cid] = loc
    for i, p in enumerate(scn.setup.players):
        for j, name in enumerate(p.hand):
            card_of(("setup", "players", i, "hand", j), name, ("event", "upgrade", "ally", "resource"),
                    "a player card", "hand")
        for j, name in enumerate(p.upgrades):
            card_of(("setup", "players", i, "upgrades", j), name, ("upgrade",), "an upgrade", "upgrade")
        if p.upgrades.count("Armored Vest") > 1:
            problems.append((("setup", "players", i, "upgrades"), "Armored Vest: a player may control only one "
                                                                  "(max 1 per player)"))
    _check_enemies(scn, problems, card_of)
    for a, loc in attack_locs(scn):
        _check_attack(scn, a, loc, player_ids, problems, card_of)
    _check_reveal(scn, player_ids, problems, card_of)
    for j, name in enumerate(scn.setup.in_play):
        card_of(("setup", "in_play", j), name, ("villain", "minion", "treachery", "attachment"), "an encounter card")
    _check_settings(scn, problems)
    chars = {(char_id(spec)): owner for _, owner, spec, _ in character_specs(scn)}
    in_hand = {name: owner for name, owner in allies_in_hand(scn) if name not in chars}
    _check_actions(scn, scn.actions, ("actions",), player_ids, chars, problems)
    _check_questions(scn, player_ids, chars | in_hand, problems, buildable=not problems)
    return problems


def _check_enemies(scn: Scenario, problems: Problems, card_of: Any) -> None:
    """Each enemy is one card; its state is given in one place; a minion is engaged with one player; an
    attachment is on the enemy it attaches to."""
    full: dict[str, Loc] = {}
    keys: dict[str, tuple[str, Loc]] = {}
    engaged: dict[str, str] = {}
    for loc, e, player, role in enemy_specs(scn):
        bare = isinstance(_raw(scn, loc), str)
        sub = loc if bare else loc + ("card",)
        types, what, where = {"villain": (("villain",), "a villain", "enemy"),
                              "engaged": (("minion",), "a minion", "enemy"),
                              "attacker": (("villain", "minion"), "an enemy", "attacker")}[role]
        card_of(sub, e.card, types, what, where)
        if lookup(e.card) is None:
            continue
        name = enemy_name(e.card)
        if name in keys and keys[name][0] != e.card:
            problems.append((sub, f"{e.card!r} and {keys[name][0]!r} are both called {name}: name an enemy by the "
                                  "same card everywhere (two different enemies cannot share a name here)"))
        keys.setdefault(name, (e.card, sub))
        for j, att in enumerate([] if bare else e.attachments):
            card_of(loc + ("attachments", j), att, ("attachment",), "an attachment", "attachment")
            host = lookup(att)
            if host is not None and host.attaches_to and host.attaches_to != name:
                problems.append((loc + ("attachments", j), f"{att} attaches to {host.attaches_to}, not to {name}"))
        if not bare and e != EnemySpec(card=e.card):
            if name in full:
                problems.append((loc, f"{name}'s state is given twice; give it in one place and name the card "
                                      "alone elsewhere"))
            full[name] = loc
        if player is not None:
            if name in engaged and engaged[name] != player:
                problems.append((loc, f"{name} is already engaged with {engaged[name]}; a minion is engaged with one "
                                      "player"))
            engaged[name] = player
    for a, loc in attack_locs(scn):
        name = enemy_name(_card(a.attacker))
        card = lookup(_card(a.attacker))
        if card is not None and card.type == "minion" and engaged.get(name, a.against) != a.against:
            problems.append((loc + ("against",), f"{name} is engaged with {engaged[name]}: a minion attacks the player "
                                                 "it is engaged with (RR Activation)"))


def _check_reveal(scn: Scenario, player_ids: list[str], problems: Problems, card_of: Any) -> None:
    """The revealed card is an encounter card whose When Revealed ability the engine resolves (else refused by
    name), revealed by a seated player."""
    r = scn.setup.reveal
    if r is None:
        return
    card_of(("setup", "reveal", "card"), r.card, ("villain", "minion", "treachery"), "a villain, minion or treachery")
    card = lookup(r.card)
    if card is not None and card.type in ("villain", "minion", "treachery") and not is_modelled(r.card):
        problems.append((("setup", "reveal", "card"), not_modelled(r.card) or ""))
    if r.by not in player_ids:
        problems.append((("setup", "reveal", "by"), f"unknown player {r.by!r} (players: {', '.join(player_ids)})"))
    if r.card in REVEAL_TOP and not r.deck:
        problems.append((("setup", "reveal", "deck"), f"{r.card} reveals the top card of the encounter deck: name it "
                                                      "in 'deck'"))
    if r.deck and r.card not in REVEAL_TOP:
        problems.append((("setup", "reveal", "deck"), f"{r.card} reveals no other card, so 'deck' is not read"))
    for i, key in enumerate(r.deck):
        card_of(("setup", "reveal", "deck", i), key, ("minion", "treachery"), "a minion or treachery")
        if lookup(key) is not None and not is_modelled(key):
            problems.append((("setup", "reveal", "deck", i), not_modelled(key) or ""))


def _card(ref: str | EnemySpec) -> str:
    return ref if isinstance(ref, str) else ref.card


def _check_attack(scn: Scenario, a: AttackSpec, loc: Loc, player_ids: list[str], problems: Problems,
                  card_of: Any) -> None:
    if a.against not in player_ids:
        problems.append((loc + ("against",), f"unknown player {a.against!r} (players: {', '.join(player_ids)})"))
    for j, b in enumerate(a.boost):
        name = b if isinstance(b, str) else b.card
        card_of(loc + ("boost", j) + (() if isinstance(b, str) else ("card",)), name,
                ("villain", "minion", "treachery", "attachment"), "an encounter card", "boost")
    _check_boost_count(a, loc, problems)
    host = enemy_name(_card(a.attacker))
    for j, name in enumerate(a.attachments):
        card_of(loc + ("attachments", j), name, ("attachment",), "an attachment", "attachment")
        card = lookup(name)
        if card is not None and card.attaches_to and card.attaches_to != host:
            problems.append((loc + ("attachments", j), f"{name} attaches to {card.attaches_to}, not to {host}"))
    enemy = lookup(_card(a.attacker))
    if a.cause == "quickstrike" and enemy is not None and "quickstrike" not in enemy.keywords:
        problems.append((loc + ("cause",), f"{enemy.name} has no quickstrike"))


def _check_boost_count(a: AttackSpec, loc: Loc, problems: Problems) -> None:
    """The attacker gets a set number of boost cards (MC.atk.boost_dealt); the file must not list more."""
    card = lookup(_card(a.attacker))
    if card is None or not card.is_enemy:
        return
    enemy = mc.Enemy(card.name, card.type, card.atk, keywords=card.keywords)  # type: ignore[arg-type]
    due, given = boost_cards_due(enemy), len(a.boost)
    if given > due:
        why = ("a minion without villainous gets no boost card" if due == 0 else
               f"{card.name} is dealt {due} boost card{'s' if due != 1 else ''}")
        problems.append((loc + ("boost", due), f"{given} boost cards listed, but {why} (RR v1.8 p. 8, step 1)"))


def _check_settings(scn: Scenario, problems: Problems) -> None:
    defaults = {f.name: getattr(mc.DEFAULT, f.name) for f in dataclasses.fields(mc.Settings)}
    for key, value in scn.setup.settings.items():
        loc: Loc = ("setup", "settings", key)
        if key not in SETTING_NAMES:
            problems.append((loc, f"unknown setting {key!r} (settings: {', '.join(SETTING_NAMES)})"))
        elif type(value) is not type(defaults[key]):
            problems.append((loc, f"setting {key!r} takes a {type(defaults[key]).__name__}, like {defaults[key]!r}"))
        else:
            try:
                dataclasses.replace(mc.DEFAULT, **dict[str, Any]({key: value}))
            except ValueError as err:
                problems.append((loc, str(err)))


def _check_actions(scn: Scenario, actions: list[ActionSpec], at: Loc, player_ids: list[str], chars: dict[str, str],
                   problems: Problems) -> None:
    attacks = len(scn.setup.all_attacks)
    enemies = {enemy_name(e.card) for _, e, _, _ in enemy_specs(scn)}
    current = 1
    held = {p.id: {c: p.hand.count(c) for c in p.hand} for p in scn.setup.players}
    last: dict[str, str] = {}  # each player's last card played (Morphogenetics returns it to the hand)
    for k, act in enumerate(actions):
        loc = at + (k,)
        if act.player not in player_ids:
            problems.append((loc + ("player",), f"unknown player {act.player!r} (players: {', '.join(player_ids)})"))
            continue
        mine = [c for c, o in chars.items() if o == act.player]
        if act.defend is not None and chars.get(act.defend) != act.player:
            problems.append((loc + ("defend",), f"{act.player} controls no character {act.defend!r} "
                                                f"(they control: {', '.join(mine)})"))
        hand = next(p.hand for p in scn.setup.players if p.id == act.player)
        if act.play is not None:
            mine_held = held[act.player]
            if lookup(act.play) is None:
                problems.append((loc + ("play",), f"unknown card {act.play!r}"))
            elif mine_held.get(act.play, 0) < 1:
                problems.append((loc + ("play",), f"{act.player} does not hold {act.play!r} "
                                                  f"(hand: {', '.join(hand) or 'empty'})"))
            if not scn.setup.all_attacks and scn.setup.reveal is None and enters_play_refusal(act.play):
                problems.append((loc + ("play",), enters_play_refusal(act.play)))  # never approximated
            mine_held[act.play] = mine_held.get(act.play, 0) - 1
            last[act.player] = act.play
        for j, name in enumerate(act.pay or []):  # whether the hand holds it is the engine's verdict (MC.cost.pay)
            if lookup(name) is None:
                problems.append((loc + ("pay", j), f"unknown card {name!r} (not in the Marvel Champions catalogue)"))
        if act.use in ("Morphogenetics", "Ms. Marvel (ally)") and act.player in last:
            held[act.player][last[act.player]] += 1
        if act.ally is not None and act.ally not in hand:
            problems.append((loc + ("ally",), f"{act.player} does not hold {act.ally!r} "
                                              f"(hand: {', '.join(hand) or 'empty'})"))
        for name in (act.assign or {}):
            if chars.get(name) != act.player:
                problems.append((loc + ("assign", name), f"{act.player} controls no character {name!r} "
                                                         f"(they control: {', '.join(mine)})"))
        if act.discard is not None and act.discard not in SPEND:
            problems.append((loc + ("discard",), f"{act.discard}: no Hero Action of its that spends resources to "
                                                 "discard it is modelled"))
        elif act.discard is not None and scn.setup.all_attacks:
            problems.append((loc + ("discard",), f"{act.discard}'s Hero Action is taken in a player phase (a "
                                                 "scenario without attacks)"))
        if act.attack is not None and enemy_name(act.attack) not in enemies:
            problems.append((loc + ("attack",), f"unknown enemy {act.attack!r} "
                                                f"(enemies: {', '.join(sorted(enemies))})"))
        if act.with_ is not None and chars.get(act.with_) != act.player:
            problems.append((loc + ("with",), f"{act.player} controls no character {act.with_!r} "
                                              f"(they control: {', '.join(mine)})"))
        if act.during is not None:
            if act.during > attacks:
                problems.append((loc + ("during",), f"during: {act.during}, but the scenario has {attacks} enemy "
                                                    f"attack{'s' if attacks != 1 else ''}"))
            elif act.during < current:
                problems.append((loc + ("during",), f"during: {act.during} comes after a play in attack {current}; "
                                                    "the plays go in order"))
            current = act.during


def _check_questions(scn: Scenario, player_ids: list[str], chars: dict[str, str], problems: Problems,
                     buildable: bool = True) -> None:
    """The characters, players and rules the questions name (``buildable``: the set-up itself is sound, so a
    board can be built to tell an enemy from a character)."""
    enemies = {e.card for _, e, _, _ in enemy_specs(scn)} | {enemy_name(e.card) for _, e, _, _ in enemy_specs(scn)}
    enemies |= set(revealed_minions(scn))
    known = set(chars) | enemies
    for i, q in enumerate(scn.questions):
        parts = [(("questions", i, "of"), q.ask, q.of)] if q.parts is None else [
            (("questions", i, "parts", j, "of"), p.ask, p.of) for j, p in enumerate(q.parts)]
        for loc, ask, of in parts:
            if of is None or ask not in ASKS:
                continue
            if ask == "step_of":
                if of not in mc.GLOSSARY:
                    problems.append((loc, f"unknown rule id {of!r}"))
            elif ask in ("card_cost", "resources_paid"):
                card = lookup(of)
                if card is None or card.cost is None:
                    problems.append((loc, f"{of!r} is not a player card with a cost (a card of the catalogue: "
                                          "an event, an upgrade or an ally)"))
            elif ask in ("cards_drawn", "engaged_minions"):
                if of not in player_ids:
                    problems.append((loc, f"unknown player {of!r} (players: {', '.join(player_ids)})"))
            elif of not in known:
                problems.append((loc, f"unknown character {of!r} (characters: {', '.join(sorted(known))})"))
            elif ASKS[ask].name in _CHARACTER_ONLY and buildable and enemy_of(scn, of) is not None:
                problems.append((loc, f"{ASKS[ask].name} asks about a player's character, and {of} is an enemy"))


_CHARACTER_ONLY = frozenset({"is_attacked"})


def _raw(scn: Scenario, loc: Loc) -> Any:
    cur: Any = scn
    for part in loc:
        cur = cur[part] if isinstance(part, int) else getattr(cur, part)
    return cur
