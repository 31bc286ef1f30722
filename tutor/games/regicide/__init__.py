"""Regicide scenarios: an exact position (enemy, hands, piles, flags) and a few turns played on it.

A scenario file gives the position in ``setup`` and the moves in ``actions``::

    setup:
      players: 3                 # 1 (solo) to 4; seats are numbered 1.. clockwise
      current: 1                 # whose turn it is (seat 1 = the first player)
      enemy: JH                  # the current enemy (top of the Castle)
      damage: 9                  # damage it has taken, shield it has, ...
      hands:                     # one list per seat, seat 1 first
        - [5S, 5C, KD]
        - 6
        - [JOKER]
      discard: [7H, 2C]          # top first; a number = that many unlisted cards
    actions:
      - {seat: 1, play: [5S, 5C]}      # Step 1: a card, a companion pair, a combo, the Jester
      - {seat: 2, yield: true}         # Step 1: yield
      - {seat: 2, discard: [KD]}       # Step 4: suffer damage
      - {seat: 3, next: 1}             # after a Jester: name the next player
      - {solo_jester: true}            # solo: flip a set-aside Jester (refill to 8)

Cards are written ``7H``, ``10S``, ``AS``, ``KD`` (suits C, D, H, S) and ``JOKER`` for a Jester.
Every answer is computed by :mod:`engine.regicide`; nothing in the file is an answer.
"""

from __future__ import annotations

from pathlib import Path

from engine import regicide as rg
from engine.core.message import N_
from engine.regicide.cards import SUIT_NAMES
from engine.regicide.sources import SOURCES
from tutor.games.base import ILLEGAL, GamePlugin

# The package's public names, as before the split (the UI imports several of them from here).
from tutor.games.regicide.asks import ASKS, of_choices
from tutor.games.regicide.captions import caption
from tutor.games.regicide.models import ActionSpec, Pile, Question, Scenario, Setup  # noqa: F401
from tutor.games.regicide.position import (  # noqa: F401
    View, _seat_name, build_state, parse_seat, seat_index, seat_number, to_action)
from tutor.games.regicide.references import position_problems, references
from tutor.games.regicide.resolve import POINTS, explain_position, timeline  # noqa: F401
from tutor.games.regicide.why import PHRASES as WHY

ROOT = Path(__file__).resolve().parents[3]  # the repository: lessons/ and scenarios/

PLUGIN = GamePlugin(
    id="regicide",
    name="Regicide",
    scenario_model=Scenario,
    glossary=rg.GLOSSARY,
    asks=ASKS,
    timeline=timeline,
    caption=caption,
    references=references,
    position_problems=position_problems,
    sources=SOURCES,
    board=f"{__name__}.board",
    quantities="engine.regicide.quantities",
    practice="tutor.practice.sources_rg",
    misreadings="tutor.practice.misreadings:REGICIDE",
    decisions="tutor.ruling:_regicide_decisions",
    variations="tutor.whatif:_regicide_variations",
    lessons=ROOT / "lessons" / "regicide",
    scenarios=ROOT / "scenarios" / "regicide",
    points=POINTS,
    setup_rule="REG.setup.castle",
    routine=frozenset({"REG.turn.clockwise", "REG.suit.order", "REG.suit.total_value", "REG.setup.hand_size",
                       "REG.setup.jesters", "REG.solo.setup"}),
    of_choices=of_choices,
    why=WHY,
    step_names=(N_("Play or yield"), N_("Activate suit power"), N_("Deal damage"), N_("Suffer damage")),
    step_descriptions=(N_("play a card, a companion pair, a combo or the Jester — or yield"),
                       N_("each suit in the play grants its power once, at the play's total value (not the enemy's "
                          "suit)"),
                       N_("the enemy takes the damage (double with Clubs); at its health it is defeated"),
                       N_("discard cards worth at least the enemy's attack minus its shield, or everyone loses")),
    blurb=N_("A cooperative card game against twelve royals: suit powers, immunity, the Jester and suffering damage."),
    play="tutor.games.regicide.play:PLAY",
    form=f"{__name__}.form:FORM",
)

__all__ = ["PLUGIN", "Scenario", "View", "build_state", "to_action", "timeline", "ILLEGAL", "SUIT_NAMES"]
