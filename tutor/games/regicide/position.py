"""Building the engine state from a scenario: the position, the moves as engine actions, seats, the outcome.

Seat numbers are 1-based wherever a person reads or writes them (files, captions, answers: "Seat 1" is the
first player); the engine's seat indexes are 0-based. :func:`seat_index` and :func:`seat_number` convert at
this boundary.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass

from engine import regicide as rg
from engine.core.errors import InvalidAction
from engine.core.message import Message, msg
from engine.core.trace import Step
from engine.regicide.cards import parse_card
from tutor.games.regicide.models import ActionSpec, Scenario
from tutor.games.settings import setting_names, with_settings


def seat_index(number: int) -> int:
    """A seat number as written in a file (1-based) -> the engine's seat index (0-based)."""
    return number - 1


def seat_number(index: int) -> int:
    """The engine's seat index (0-based) -> the seat number people read and write (1-based)."""
    return index + 1


def _settings(scn: Scenario) -> rg.Settings:
    """The file's settings (``references`` reports a name the engine does not know; it is left out here)."""
    known = setting_names(rg.DEFAULT)
    return with_settings(rg.DEFAULT, {k: v for k, v in scn.setup.settings.items() if k in known})


def build_state(scn: Scenario) -> rg.State:
    """The position as an engine state (raises PositionError; ``references`` reports it)."""
    s = scn.setup
    if s.deal is not None:
        return deal(scn)[0]
    assert s.enemy is not None and s.hands is not None  # Setup's validator: a position names both
    fixed = [h for h in s.hands if isinstance(h, list)]
    hands: list[list[str]] = []
    # Unknown hands (a number) take the lowest unplaced number cards not named anywhere.
    named = Counter(c.upper() for h in fixed for c in h)
    for lst in (s.table, [s.enemy], *(x for x in (s.castle, s.tavern, s.discard) if isinstance(x, list))):
        named.update(c.upper() for c in lst)
    spare = [rg.card_str(c) for c in sorted(set(range(4, 44)) - {_safe(n) for n in named})]
    for h in s.hands:
        if isinstance(h, list):
            hands.append(list(h))
        else:
            hands.append(spare[:h])
            del spare[:h]
    discard = s.discard
    if discard is None and s.tavern is None:
        discard = []
    return rg.from_position(
        s.players, enemy=s.enemy, hands=hands, damage=s.damage, shield=s.shield,
        immunity_cancelled=s.immunity_cancelled, blocked_spades=s.blocked_spades, table=s.table,
        castle=s.castle, tavern=s.tavern, discard=discard, current=seat_index(s.current), phase=s.phase, need=s.need,
        yielded=s.yielded, solo_jesters=s.solo_jesters, settings=_settings(scn))


def deal(scn: Scenario) -> tuple[rg.State, tuple[Step, ...]]:
    """A dealt game (``setup.deal``) and the engine's steps of the deal: the engine shuffles with a Random seeded
    from the file, so the same seed always deals the same game."""
    d = scn.setup.deal
    assert d is not None
    return rg.new_game_explained(d.players, random.Random(d.seed), _settings(scn), seat_index(scn.setup.current))


def _safe(text: str) -> int:
    try:
        return parse_card(text)
    except InvalidAction:
        return -1


def to_action(act: ActionSpec) -> rg.Action:
    if act.play is not None:
        return rg.Play.of(*act.play)
    if act.yield_:
        return rg.Yield()
    if act.discard is not None:
        return rg.Discard.of(*act.discard)
    if act.next is not None:
        return rg.ChooseNext(seat_index(act.next))
    return rg.SoloJester()


def seat_message(scn: Scenario, seat: int) -> Message:
    """The engine's seat index ``seat`` as a label, or a sentence's subject: 'Seat 1' (or 'Seat 1 (Ana)') for
    index 0. Inside a sentence, after its start, a seat is :func:`seat_phrase`."""
    names = scn.setup.names
    if names and seat < len(names):
        # TRANSLATORS: a seat (a player) as a label or at the start of a sentence, with the player's name
        return msg("Seat {seat} ({name})", seat=seat_number(seat), name=names[seat])
    # TRANSLATORS: a seat (a player) as a label or at the start of a sentence
    return msg("Seat {seat}", seat=seat_number(seat))


def seat_phrase(scn: Scenario, seat: int) -> Message:
    """A seat inside a sentence: 'seat 1' (or 'seat 1 (Ana)')."""
    names = scn.setup.names
    if names and seat < len(names):
        # TRANSLATORS: a seat (a player) inside a sentence, with the player's name
        return msg("seat {seat} ({name})", seat=seat_number(seat), name=names[seat])
    # TRANSLATORS: a seat (a player) inside a sentence
    return msg("seat {seat}", seat=seat_number(seat))


def _seat_name(scn: Scenario, seat: int) -> str:
    """The engine's seat index ``seat`` in words, in English: 'Seat 1' (or 'Seat 1 (Ana)') for index 0."""
    return str(seat_message(scn, seat))


def parse_seat(scn: Scenario, of: str | None) -> int | None:
    """'1', 'seat1', 'seat 1' (seats are numbered from 1) or a seat's name -> the engine's 0-based seat index.

    None when ``of`` is not a seat (a number below 1 included); the caller checks the index against the player count.
    """
    if of is None:
        return None
    t = of.strip().lower()
    m = re.fullmatch(r"(?:seat\s*)?(\d)", t)
    if m:
        n = int(m.group(1))
        return seat_index(n) if n >= 1 else None
    names = [n.lower() for n in scn.setup.names or []]
    return names.index(t) if t in names else None


@dataclass(frozen=True)
class View:
    """The engine's resolution: the state before, after each applied action, and at the end."""

    start: rg.State
    states: tuple[rg.State, ...]  # states[i] is the state after action i (only the applied ones)
    actions: tuple[rg.Action, ...]

    @property
    def state(self) -> rg.State:
        """The position at the moment: inside a play (the cards chosen, their damage still to come) it is the
        engine's position there, which holds no open choice (``State.step``)."""
        return self.states[-1] if self.states else self.start

    def before(self, i: int) -> rg.State:
        return self.states[i - 1] if i else self.start
