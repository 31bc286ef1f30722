"""Scenario templates: an "empty board" per game to start a ruling from (``rules-tutor new GAME``).

Each template is a valid scenario (``rules-tutor check`` accepts it) with no plays yet and
the questions players usually bring to the table. A game without a hand-written template
starts from its first library scenario, so every registered game has one.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from tutor.games import plugins

TEMPLATES: dict[str, str] = {
    "marvel_champions": """\
id: my.ruling
game: marvel_champions
title: My ruling
tags: []
source: our game night
setup:
  players:
    - {id: p1, name: Player 1, identity: Spider-Man}
    - {id: p2, name: Player 2, identity: Black Panther, hand: [Preemptive Strike]}
  attack: {attacker: Rhino, against: p1, boost: [Shocker]}
  # or a villain phase: attacks: [...] in its order (the villain against a player, then the minions engaged with
  # that player; any other order is an illegal play, MC.atk.phase_order); or damage from outside an attack:
  # reveal: {card: Shocker, by: p1} instead of attack (its When Revealed ability; ask at: after_reveal), or
  # reveal: {card: Under Fire, by: p1, deck: [Shocker]} (it reveals the deck's top card; surge: at: after_surge)
actions: []   # the plays, in order, e.g. {player: p1, defend: Spider-Man} or {player: p2, play: Preemptive Strike}
              # (also use: Indomitable, assign: {Spider-Man: 2}; tutor/games/marvel_champions describes each;
              # a card's cost: {player: p2, play: Preemptive Strike, pay: [Backflip]}, asks card_cost, resources_paid;
              # a response before the forced "after" abilities: {player: p1, play: Counter-Punch, before_forced: true};
              # in a player phase (no attack), an attachment's Hero Action paid with typed resources:
              # {player: p1, discard: Charge, pay: [Backflip, Wiggle Room, Expert Defense]})
questions:
  - id: who
    prompt: Who is the attacked player, and who is the target?
    parts: [{ask: attacked_player}, {ask: target}]
  - id: defender
    prompt: Who is the defender?
    ask: defender
  - id: damage                # a moment: asked once step 4 has computed the damage
    prompt: How much damage does the attack deal?
    at: step4                 # start, initiation, step1 ... step5, after_attack, or {after: 2}
    ask: damage_dealt
  - id: instead               # an alternative line of play, in the same file
    prompt: And if Player 2 had played Preemptive Strike instead?
    instead: [{player: p2, play: Preemptive Strike}]   # or then: [...] to add plays after the scenario's
    parts: [{ask: attacked_player}, {ask: target}]
  - id: legal
    prompt: Is every play legal?
    ask: is_legal
""",
    "regicide": """\
id: my.ruling
game: regicide
title: My ruling
tags: []
source: our game night
setup:                    # a position; or a fresh game instead: deal: {players: 2, seed: 7}
  players: 2              # seats 1 and 2, clockwise
  current: 1              # whose turn it is (seat 1 = the first player)
  enemy: JS               # the Jack of Spades
  hands:
    - [9H, 6C, 5D, AS]
    - [4C, 8D, 7S]
actions: []   # e.g. {seat: 1, play: [9H]} then {seat: 1, discard: [6C, 5D]}
questions:
  - id: damage
    prompt: How much damage do the plays deal?
    ask: damage_dealt
  - id: next
    prompt: Whose turn is it after the plays?
    ask: next_player
  - id: plays                 # a position question: which plays are legal here?
    prompt: Which plays could seat 1 make?
    at: start                 # start, step1 ... step4, discard1 ..., or {after: 1}
    ask: legal_plays
  - id: hand                  # the table at the moment: hand_size, hand_cards, tavern_top, yielded,
    prompt: How many cards does seat 2 hold after the plays?   # immunity, enemy_damage, solo_jester_now
    ask: hand_size
    of: seat2
  - id: variant               # this question's own table: fields merged into the setup
    prompt: And if seat 2 had yielded on its last turn, could seat 1 yield next?
    given: {yielded: [false, true]}
    ask: can_yield
    of: seat1
  - id: legal
    prompt: Is every move legal?
    ask: is_legal
""",
    "dungeon_mayhem": """\
id: my.ruling
game: dungeon_mayhem
title: My ruling
tags: []
source: our game night
setup:
  players:                # seat order, clockwise
    - {character: Sutha, hand: [Big Axe Is Best Axe, Flex!]}
    - {character: Lia, hand: 3, defense: [Divine Shield]}   # deck: {top: [Fluffy], rest: 10} for known top cards
  turn: Sutha
actions: []   # e.g. {play: Big Axe Is Best Axe} then {target: Lia, defense: Divine Shield}
questions:
  - id: choice                # what the game waits for now (pending_by: whose choice; effect_active: an effect)
    prompt: What is to be chosen before anything else happens?
    at: start
    ask: pending_kind
  - id: hp
    prompt: How many hit points does Lia have after the plays?
    ask: hp_after
    of: Lia
  - id: turn
    prompt: Whose turn is it after the plays?
    ask: whose_turn
  - id: discard               # plays of this question only, asked at a moment: the end of the turn
    prompt: If Sutha plays Big Axe Is Best Axe at Lia's Divine Shield, how many cards are in his discard pile at the end of his turn?
    then: [{play: Big Axe Is Best Axe}, {target: Lia, defense: Divine Shield}]
    at: turn_end              # start, turn_end, next_turn, or {after: 1}
    ask: discard_size
    of: Sutha
  - id: legal
    prompt: Is every play legal?
    ask: is_legal
""",
}


def games() -> list[str]:
    """Every registered game (each has a template)."""
    return list(plugins())


_PROMPT = re.compile(r"^(?P<lead>\s*(?:- )?prompt: )(?P<text>.*?)(?P<note>\s+# .*)?$", re.M)


def prompts(game: str) -> list[str]:
    """The questions of a hand-written template, as the catalogs translate them (``i18n extract``)."""
    return [m["text"] for m in _PROMPT.finditer(TEMPLATES.get(game, ""))]


def template(game: str, lang: str | None = None) -> str:
    """The empty-board scenario text for ``game``, its questions in ``lang`` (the ruling page's learner's; None or
    English: as written); KeyError for an unknown game."""
    if game not in plugins():
        raise KeyError(f"unknown game {game!r} (games: {', '.join(plugins())})")
    if game in TEMPLATES:
        return TEMPLATES[game] if lang is None else _PROMPT.sub(lambda m: _translated(m, game, lang), TEMPLATES[game])
    from tutor.library import ROOT, default_library  # a game that has landed without a template

    lib = default_library()
    first = lib.scenarios_for(game)
    if not first:
        raise KeyError(f"no template and no library scenario for {game!r}")
    path = Path(lib.paths[first[0].id])
    return (path if path.exists() else ROOT / path).read_text(encoding="utf-8")


def _translated(m: re.Match[str], game: str, lang: str) -> str:
    from tutor import i18n

    said = i18n.gettext_in(lang, m["text"], game)
    if said == m["text"]:
        return m[0]
    return m["lead"] + json.dumps(said, ensure_ascii=False) + (m["note"] or "")  # a JSON string is a YAML scalar


def file_text(game: str, out: Path | None = None) -> str:
    """The template as a file for ``rules-tutor new``, pointing editors at the scenario JSON Schema."""
    from tutor.library import ROOT

    schema = ROOT / "schema" / "scenario.schema.json"
    where = os.path.relpath(schema, out.resolve().parent) if out is not None else str(schema)
    text = template(game)
    if text.startswith("# yaml-language-server"):
        text = text.split("\n", 1)[1]
    return f"# yaml-language-server: $schema={where}\n" + text
