"""Marvel Champions practice candidates: enemy attacks sampled from the card catalogue.

An attack is drawn at random: a villain or a minion from the catalogue (with its boost cards, any keywords
the attack gains, a stun or tough status), one or two players (heroes in hero or alter-ego form, exhausted
or damaged, with allies, upgrades and defense events in hand), and a line of play (nobody defends, a basic
defense, an ally, a (defense) label event). Cards a scenario cannot use in a place are never drawn there.
"""

from __future__ import annotations

import json
import random
from typing import Any, Iterator

from engine.marvel_champions.cards import CARDS, refusals
from engine.core.message import N_
from tutor.practice.core import Candidate

# ask -> (prompt, 'of': whom it asks about: 'hit' (the defender or the attacked hero), '' for none)
ASKS: dict[str, tuple[str, str]] = {
    "target": (N_("Which character does the attack target?"), ""),
    "defense_kind": (N_("How is the attack defended?"), ""),
    "is_defended": (N_("Is the attack defended?"), ""),
    "atk_total": (N_("What is the attack's ATK once the boost is revealed?"), ""),
    "damage_dealt": (N_("How much damage does the attack deal to its target?"), ""),
    "damage_taken": (N_("How much damage does {of} take?"), "hit"),
    "hp_after": (N_("How many hit points does {of} have after the attack?"), "hit"),
    "is_defeated": (N_("Is {of} defeated by the attack?"), "hit"),
    "is_tough_discarded": (N_("Is {of}'s tough status card discarded?"), "tough"),
    "retaliate_damage": (N_("How much retaliate damage does the attacker take?"), ""),
    "attack_happens": (N_("Does the attack happen?"), ""),
    "boost_cards_dealt": (N_("How many boost cards is the attacker dealt?"), ""),
    "cards_drawn": (N_("How many cards does {name} draw during the attack?"), "player"),
    "stun_cards": (N_("How many stun status cards does {of} have after the attack?"), "hit"),
}

VILLAINS = [c for c in CARDS if c.type == "villain" and not refusals(c.key, "attacker")]
MINIONS = [c for c in CARDS if c.type == "minion" and not refusals(c.key, "attacker")]
HEROES = [c for c in CARDS if c.type == "hero" and not refusals(c.key, "identity")]
ALLIES = [c for c in CARDS if c.type == "ally" and not refusals(c.key, "ally")]
BOOSTS = [c for c in CARDS if c.type in ("minion", "treachery", "attachment") and not refusals(c.key, "boost")]
EVENTS = [c for c in CARDS if c.type == "event" and not refusals(c.key, "hand")]
UPGRADES = [c for c in CARDS if c.type == "upgrade" and not refusals(c.key, "upgrade")]


def _character(rng: random.Random, card: Any, hero: bool) -> Any:
    spec: dict[str, Any] = {"card": card.key}
    if rng.random() < 0.2:
        spec["exhausted"] = True
    if hero and rng.random() < 0.1:
        spec["form"] = "alter_ego"
    if rng.random() < 0.4:
        spec["damage"] = rng.randrange(max(1, card.hp - 1))
    if rng.random() < 0.15 and "toughness" not in card.keywords:
        spec["tough"] = 1
    if rng.random() < 0.05:
        spec["stunned"] = 1
    return spec if len(spec) > 1 else card.key


def attack(rng: random.Random) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, list[str]]]:
    """A sampled attack: (setup, plays, who can be asked about: {'hit': [...], 'tough': [...]})."""
    n = rng.choice((1, 2, 2))
    heroes = rng.sample(HEROES, n)
    allies = rng.sample(ALLIES, min(len(ALLIES), rng.choice((0, 1, 1, 2, 3))))
    players: list[dict[str, Any]] = []
    for i, h in enumerate(heroes):
        p: dict[str, Any] = {"id": f"p{i + 1}", "name": f"Player {i + 1}", "identity": _character(rng, h, True)}
        mine = allies[i::n]
        if mine:
            p["allies"] = [_character(rng, a, False) for a in mine]
        if rng.random() < 0.5:
            p["hand"] = [e.key for e in rng.sample(EVENTS, rng.choice((1, 1, 2)))]
        if rng.random() < 0.2:
            p["upgrades"] = [rng.choice(UPGRADES).key]
        players.append(p)
    against = rng.choice(players)["id"]
    villain = rng.random() < 0.6
    enemy = rng.choice(VILLAINS if villain else MINIONS)
    att: dict[str, Any] = {"attacker": enemy.key, "against": against}
    espec: dict[str, Any] = {"card": enemy.key}
    if rng.random() < 0.1:
        espec["stunned"] = 1
    if rng.random() < 0.1 and "toughness" not in enemy.keywords:
        espec["tough"] = 1
    if len(espec) > 1:
        att["attacker"] = espec
    boosts = 2 if "extra boost" in enemy.keywords else 1
    if villain or "villainous" in enemy.keywords:
        att["boost"] = [rng.choice(BOOSTS).key for _ in range(boosts)]
    kws = [k for k in ("overkill", "piercing", "ranged") if rng.random() < 0.2]
    if kws:
        att["keywords"] = kws
    if rng.random() < 0.08:
        att["atk_modifier"] = rng.choice((1, 2))
    setup = {"players": players, "attack": att}
    # the plays: nobody defends, a hero's basic defense, an ally, or a card from a hand
    # the kind of play first (a hero, an ally, an event), then which: more cards in the catalogue of one kind
    # do not crowd out the others (allies went from 7 to 11, and label events became rarer than 1 in 300)
    plays: list[dict[str, Any]] = []
    heroes_, allies_, events_ = [], [], []
    for p in players:
        ident = p["identity"]
        heroes_.append({"player": p["id"], "defend": ident if isinstance(ident, str) else ident["card"]})
        allies_ += [{"player": p["id"], "defend": a if isinstance(a, str) else a["card"]} for a in p.get("allies", [])]
        events_ += [{"player": p["id"], "play": e} for e in p.get("hand", [])]
    kinds = [k for k in (heroes_, allies_, events_) if k]
    if kinds and rng.random() < 0.8:
        plays.append(rng.choice(rng.choice(kinds)))
    names = {p["id"]: (p["identity"] if isinstance(p["identity"], str) else p["identity"]["card"]) for p in players}
    hit = [plays[0]["defend"]] if plays and "defend" in plays[0] else [names[against]]
    tough = [c if isinstance(c, str) else c["card"] for p in players for c in [p["identity"], *p.get("allies", [])]
             if not isinstance(c, str) and c.get("tough")]
    tough += [a.key for a in ALLIES + HEROES if "toughness" in a.keywords
              and any(a.key in json.dumps(p) for p in players)]
    return setup, plays, {"hit": hit, "tough": tough, "player": [p["id"] for p in players]}


def _reading(ask: str, setup: dict[str, Any], plays: list[dict[str, Any]]) -> str:
    """What the ask reads of the attack: the attacker alone for how many boost cards it is dealt, the
    attacker's statuses for whether it attacks, else the whole board and the plays."""
    att = setup["attack"]
    if ask == "boost_cards_dealt":
        return json.dumps([att["attacker"], att.get("cause")], sort_keys=True)
    if ask == "attack_happens":
        return json.dumps([att["attacker"], att.get("cause"), plays], sort_keys=True)
    return json.dumps([setup, plays], sort_keys=True)


def candidates(rng: random.Random, asks: list[str]) -> Iterator[Candidate]:
    while True:
        ask = rng.choice(asks)
        prompt, about = ASKS[ask]
        setup, plays, whom = attack(rng)
        of = None
        if about:
            if not whom[about]:
                continue
            of = rng.choice(whom[about])
        names = {p["id"]: p["name"] for p in setup["players"]}
        q: dict[str, Any] = {"id": "q", "prompt": prompt.format(of=of, name=names.get(of or "", of)), "ask": ask}
        if of is not None:
            q["of"] = of
        key = ("marvel_champions", ask, of, _reading(ask, setup, plays))
        yield Candidate("marvel_champions", {"setup": setup, "actions": plays, "questions": [q]}, key)
