"""Reference checks: unknown cards, players and characters, plays that name nothing, boost cards the attack needs."""

from __future__ import annotations

from typing import Any

from engine import marvel_champions as mc
from engine.marvel_champions.cards import lookup
from engine.marvel_champions.rules import boost_cards_due
from tutor.games.base import Loc
from tutor.games.marvel_champions.asks import ASKS
from tutor.games.marvel_champions.models import ActionSpec, Scenario
from tutor.games.marvel_champions.position import char_id, character_specs, enemy_spec


def references(scn: Scenario) -> list[tuple[Loc, str]]:
    problems: list[tuple[Loc, str]] = []

    def card_of(loc: Loc, name: str, types: tuple[str, ...], what: str) -> None:
        card = lookup(name)
        if card is None:
            problems.append((loc, f"unknown card {name!r} (not in the Marvel Champions catalogue)"))
        elif card.type not in types:
            problems.append((loc, f"{name!r} is a {card.type}, not {what}"))

    player_ids = [p.id for p in scn.setup.players]
    for i, pid in enumerate(player_ids):
        if pid in player_ids[:i]:
            problems.append((("setup", "players", i, "id"), f"duplicate player id {pid!r}"))
    seen: dict[str, Loc] = {}
    for loc, _, spec, role in character_specs(scn):
        sub = loc if isinstance(_raw(scn, loc), str) else loc + ("card",)
        card_of(sub, spec.card, ("hero",) if role == "identity" else ("ally",), "a hero" if role == "identity" else "an ally")
        cid = char_id(spec)
        if cid in seen:
            problems.append((loc, f"two characters are called {cid!r}; give one of them an 'id'"))
        seen[cid] = loc
    for i, p in enumerate(scn.setup.players):
        for j, name in enumerate(p.hand):
            card_of(("setup", "players", i, "hand", j), name, ("event", "upgrade", "ally"), "a player card")
        for j, name in enumerate(p.upgrades):
            card_of(("setup", "players", i, "upgrades", j), name, ("upgrade",), "an upgrade")
    a = scn.setup.attack
    aname = enemy_spec(scn).card
    aloc: Loc = ("setup", "attack", "attacker") + (() if isinstance(a.attacker, str) else ("card",))
    card_of(aloc, aname, ("villain", "minion"), "an enemy")
    if a.against not in player_ids:
        problems.append((("setup", "attack", "against"), f"unknown player {a.against!r} (players: {', '.join(player_ids)})"))
    for j, b in enumerate(a.boost):
        name = b if isinstance(b, str) else b.card
        card_of(("setup", "attack", "boost", j) + (() if isinstance(b, str) else ("card",)), name,
                ("villain", "minion", "treachery", "attachment"), "an encounter card")
    _check_boost_count(scn, problems)
    for j, name in enumerate(a.attachments):
        card_of(("setup", "attack", "attachments", j), name, ("attachment",), "an attachment")
    for j, name in enumerate(scn.setup.in_play):
        card_of(("setup", "in_play", j), name, ("villain", "minion", "treachery", "attachment"), "an encounter card")
    chars = {(char_id(spec)): owner for _, owner, spec, _ in character_specs(scn)}
    _check_actions(scn, scn.actions, ("actions",), player_ids, chars, problems)
    known = set(chars) | {aname, (lookup(aname).name if lookup(aname) else aname)}
    for i, q in enumerate(scn.questions):
        parts = [(("questions", i, "of"), q.ask, q.of)] if q.parts is None else [
            (("questions", i, "parts", j, "of"), p.ask, p.of) for j, p in enumerate(q.parts)]
        for loc, ask, of in parts:
            if of is None or ask not in ASKS:
                continue
            if ask == "step_of":
                if of not in mc.GLOSSARY:
                    problems.append((loc, f"unknown rule id {of!r}"))
            elif ask == "cards_drawn":
                if of not in player_ids:
                    problems.append((loc, f"unknown player {of!r} (players: {', '.join(player_ids)})"))
            elif of not in known:
                problems.append((loc, f"unknown character {of!r} (characters: {', '.join(sorted(known))})"))
    return problems


def _check_boost_count(scn: Scenario, problems: list[tuple[Loc, str]]) -> None:
    """The attacker gets a set number of boost cards (MC.atk.boost_dealt); the file must not list more."""
    card = lookup(enemy_spec(scn).card)
    if card is None or not card.is_enemy:
        return
    enemy = mc.Enemy(card.name, card.type, card.atk, keywords=card.keywords)  # type: ignore[arg-type]
    due, given = boost_cards_due(enemy), len(scn.setup.attack.boost)
    if given > due:
        why = ("a minion without villainous gets no boost card" if due == 0 else
               f"{card.name} is dealt {due} boost card{'s' if due != 1 else ''}")
        problems.append((("setup", "attack", "boost", due), f"{given} boost cards listed, but {why} "
                                                            "(RR v1.8 p. 8, step 1)"))


def _check_actions(scn: Scenario, actions: list[ActionSpec], at: Loc, player_ids: list[str], chars: dict[str, str],
                   problems: list[tuple[Loc, str]]) -> None:
    for k, act in enumerate(actions):
        loc = at + (k,)
        if act.player not in player_ids:
            problems.append((loc + ("player",), f"unknown player {act.player!r} (players: {', '.join(player_ids)})"))
            continue
        if act.defend is not None and chars.get(act.defend) != act.player:
            mine = [c for c, o in chars.items() if o == act.player]
            problems.append((loc + ("defend",), f"{act.player} controls no character {act.defend!r} "
                                                f"(they control: {', '.join(mine)})"))
        if act.play is not None:
            hand = next(p.hand for p in scn.setup.players if p.id == act.player)
            played = sum(1 for x in actions[: k + 1] if x.player == act.player and x.play == act.play)
            if lookup(act.play) is None:
                problems.append((loc + ("play",), f"unknown card {act.play!r}"))
            elif hand.count(act.play) < played:
                problems.append((loc + ("play",), f"{act.player} does not hold {act.play!r} "
                                                  f"(hand: {', '.join(hand) or 'empty'})"))


def _raw(scn: Scenario, loc: Loc) -> Any:
    cur: Any = scn
    for part in loc:
        cur = cur[part] if isinstance(part, int) else getattr(cur, part)
    return cur
