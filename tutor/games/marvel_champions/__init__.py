"""Marvel Champions scenarios: enemy attacks (or a player phase), the plays made, asked about at any moment.

A scenario file gives the board in ``setup`` and the plays in ``actions``::

    setup:
      players:
        - id: p1
          name: Player 1
          identity: {card: Black Panther, exhausted: true, damage: 2, tough: 1, stunned: 1}   # or just the name
          allies: [Hellcat]
          hand: [Cuts Both Ways, "\"I Can Do This All Day\""]
          upgrades: [Indomitable]
          engaged: [Hydra Mercenary]   # minions engaged with this player ({card: ..., damage: ...} too)
      villain: {card: Klaw, attachments: [Solid-Sound Body]}   # the villain, when it is not the attacker
      attack: {attacker: Rhino, against: p1, boost: [Shocker], attachments: [Charge]}   # one enemy attack ...
      attacks:                         # ... or several of one phase, in order (not both)
        - {attacker: Rhino, against: p1, boost: [Shocker]}
        - {attacker: Hydra Mercenary, against: p1}          # cause: quickstrike, when it has just engaged
      settings: {indirect_damage_def: reduces}              # engine rulings (engine/marvel_champions/settings.py)
    actions:                           # the plays, in order
      - {player: p1, play: Cuts Both Ways}                  # a card from the hand (at its moment: before step 1 ...)
      - {player: p1, defend: Black Panther}                 # your hero: a basic defense; an ally: an ally defense
      - {player: p1, assign: {Black Panther: 3, Hellcat: 2}}   # indirect damage, split by the attacked player
      - {player: p1, use: Indomitable}                      # a response of a card in play (or Morphogenetics)
      - {player: p1, defend: Hellcat, during: 2}            # a play in the phase's second attack
      # with no attack in setup, a player phase: {player: p1, attack: Klaw} or {..., attack: Klaw, with: Hellcat}

An ability the engine does not model is refused at load where a scenario would use it, by name
(``engine/marvel_champions/cards.py`` says what each card's abilities do). Every answer is computed
by :mod:`engine.marvel_champions`; nothing in the file is an answer.
"""

from __future__ import annotations

from pathlib import Path

from engine import marvel_champions as mc
from engine.core.message import N_
from engine.marvel_champions.sources import SOURCES
from tutor.games.base import ILLEGAL, GamePlugin
from tutor.games.marvel_champions.asks import ASKS
from tutor.games.marvel_champions.captions import caption
from tutor.games.marvel_champions.models import (  # noqa: F401
    ActionSpec, AttackSpec, BoostSpec, CharacterSpec, EnemySpec, PlayerSpec, Question, Scenario, Setup)
from tutor.games.marvel_champions.plays import describe_play
from tutor.games.marvel_champions.position import build_actions, build_state, character_specs  # noqa: F401
from tutor.games.marvel_champions.references import references
from tutor.games.marvel_champions.resolve import POINTS, View, timeline  # noqa: F401
from tutor.games.marvel_champions.why import PHRASES as WHY

ROOT = Path(__file__).resolve().parents[3]  # the repository: lessons/ and scenarios/

PLUGIN = GamePlugin(
    id="marvel_champions",
    name="Marvel Champions",
    scenario_model=Scenario,
    glossary=mc.GLOSSARY,
    asks=ASKS,
    timeline=timeline,
    caption=caption,
    references=references,
    sources=SOURCES,
    board=f"{__name__}.board",
    quantities="engine.marvel_champions.quantities",
    practice="tutor.practice.sources_mc",
    misreadings="tutor.practice.misreadings:MARVEL_CHAMPIONS",
    decisions="tutor.ruling:_mc_decisions",
    variations="tutor.whatif:_mc_variations",
    lessons=ROOT / "lessons" / "marvel_champions",
    scenarios=ROOT / "scenarios" / "marvel_champions",
    describe_play=describe_play,
    points=POINTS,
    routine=frozenset({"MC.atk.initiate"}),
    setup_rule="MC.setup.position",
    why=WHY,
    step_names=mc.STEP_NAMES,
    step_descriptions=(N_("a boost card is dealt facedown, if needed"), N_("a defender can be declared"),
                       N_("boost cards are revealed and resolved"), N_("the damage to be dealt is computed"),
                       N_("the target takes the damage dealt")),
    blurb=N_("Enemy attacks: boost cards, defenders, (defense) labels, damage and what comes before and after."),
    form=f"{__name__}.form:FORM",
)

__all__ = ["PLUGIN", "Scenario", "View", "build_state", "build_actions", "character_specs", "ILLEGAL"]
