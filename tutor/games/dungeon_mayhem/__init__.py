"""Dungeon Mayhem scenarios: an exact mid-game position and the plays made on it.

A scenario file gives the table in ``setup`` and the plays in ``actions``::

    setup:
      players:                         # seat order, clockwise: turns pass to the next one listed
        - character: Sutha             # Azzan, Sutha, Lia, Oriax, Minsc, Jaheira, Blorp, Delilah, Tentaculous,
                                       # Hoots, Cinderpuff, Mimi (or wizard, owlbear, Lord Cinderpuff, ...)
          hp: 7                        # 0..10 (default 10)
          hand: [Whirling Axes, Brutal Punch]
          deck: [RAGE!, Riff]          # top first; a number = that many unlisted cards
          discard: 4                   # a list, or a number of unlisted cards
        - character: Lia
          defense:                     # Defense cards in play, in the order played
            - Divine Shield
            - {card: Fluffy, damage: 1}            # damage already marked on it
            - {card: Shield, owner: Azzan}         # a card from another player's deck (Charm)
          hand: 3
        - {character: Oriax, name: Rix, disguised: true}   # name: needed when a character repeats
        - {character: Azzan, hp: 0, out: true}             # knocked out (a ghost with 5-6 players)
        - {character: Jaheira, form: wolf}                 # also: next_trick, charm_ray (until their next turn)
      turn: Sutha                      # whose turn it is (default: the first player)
      plays_owed: 1                    # cards the player still has to play (default 1)
      played: [Head Butt]              # cards already played this turn (waiting for the discard)
      start_turn: false                # true: the turn begins here (draw 1 first)
      bonus: 0                         # Favored Frienemies played this turn (extra damage per attack card)
      pierce: false                    # Here I Come! played this turn (attack cards ignore Defense cards)
      settings: {overflow_order: played_order}   # engine rulings (engine/dungeon_mayhem/settings.py)
    actions:                           # one choice per line, in the order the engine asks for them
      - play: Whirling Axes            # the player whose turn it is plays this card from hand
      - target: Lia                    # an attack's target (a player with no Defense card) ...
        defense: Divine Shield         # ... or one of their Defense cards; also overflow and ghosts
      - {destroy: Lia, defense: Fluffy}        # Mighty Toss / Sneak Attack! / Hugs! / To the Face!
      - {charm: Lia, defense: Fluffy}          # Charm: take that Defense card
      - {mirror: Lia, defense: Fluffy}         # Definitely Just a Mirror: copy that Defense card
      - choose: Rix                    # Vampiric Touch / Pick Pocket / Mind Games / Mind Blast / It's Not a Trap
      - recover: Shield                # Divine Inspiration: that card from the discard pile
      - option: refuse                 # Praise Me (praise/refuse), Owlbear Boogie (dance/pass), Primal Strike
                                       # (noise/pass), Murders and Acquisitions (attack/heal/draw), Commune (pass)

Players are named by their ``name`` (default: the character). Every answer is computed
by :mod:`engine.dungeon_mayhem`; nothing in the file is an answer. A card the engine does
not model (A Book (Cannot Bite)) is refused at load: ``path:line:col: <Card>: its <ability>
is not modelled``.
"""

from __future__ import annotations

from pathlib import Path

from engine import dungeon_mayhem as dm
from engine.core.errors import PositionError
from engine.core.message import N_
from engine.dungeon_mayhem.sources import SOURCES
from tutor.games.base import ILLEGAL, GamePlugin

# The package's public names, as before the split (the UI imports several of them from here).
from tutor.games.dungeon_mayhem.asks import ASKS, of_choices
from tutor.games.dungeon_mayhem.captions import caption
from tutor.games.dungeon_mayhem.models import (  # noqa: F401
    ActionSpec, CardRef, CardSpec, Pile, PlayerSpec, Question, Scenario, Setup)
from tutor.games.dungeon_mayhem.position import SetupError, build, player_names  # noqa: F401
from tutor.games.dungeon_mayhem.references import position_problems, references
from tutor.games.dungeon_mayhem.resolve import POINTS, View, run, timeline
from tutor.games.dungeon_mayhem.why import PHRASES as WHY

ROOT = Path(__file__).resolve().parents[3]  # the repository: lessons/ and scenarios/

PLUGIN = GamePlugin(
    id="dungeon_mayhem",
    name="Dungeon Mayhem",
    scenario_model=Scenario,
    glossary=dm.GLOSSARY,
    asks=ASKS,
    timeline=timeline,
    caption=caption,
    references=references,
    refusals=(PositionError, SetupError),
    position_problems=position_problems,
    sources=SOURCES,
    board=f"{__name__}.board",
    quantities="engine.dungeon_mayhem.quantities",
    practice="tutor.practice.sources_dm",
    misreadings="tutor.practice.misreadings:DUNGEON_MAYHEM",
    decisions="tutor.ruling:_dm_decisions",
    variations="tutor.whatif:_dm_variations",
    lessons=ROOT / "lessons" / "dungeon_mayhem",
    scenarios=ROOT / "scenarios" / "dungeon_mayhem",
    position=lambda view: view.after,
    points=POINTS,
    setup_rule="DM.setup.deal",
    routine=frozenset({"DM.turn.draw", "DM.setup.order", "DM.turn.end", "DM.turn.discard", "DM.deck.reshuffle",
                       "DM.deck.empty"}),
    of_choices=of_choices,
    why=WHY,
    blurb=N_("Card symbols, Defense cards and overflow, Play Again chains, the Mighty Powers, 5-6 players."),
    play="tutor.games.dungeon_mayhem.play:PLAY",
    form=f"{__name__}.form:FORM",
)

__all__ = ["PLUGIN", "Scenario", "SetupError", "View", "build", "run", "ILLEGAL"]
