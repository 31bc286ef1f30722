"""Regicide scenarios: an exact position (enemy, hands, piles, flags) and a few turns played on it.

A scenario file gives the position in ``setup`` and the moves in ``actions``::

    setup:
      players: 3                 # 1 (solo) to 4; seats are numbered 0.. clockwise
      current: 0                 # whose turn it is
      enemy: JH                  # the current enemy (top of the Castle)
      damage: 9                  # damage it has taken, shield it has, ...
      hands:                     # one list per seat, seat 0 first
        - [5S, 5C, KD]
        - 6
        - [JOKER]
      discard: [7H, 2C]          # top first; a number = that many unlisted cards
    actions:
      - {seat: 0, play: [5S, 5C]}      # Step 1: a card, a companion pair, a combo, the Jester
      - {seat: 1, yield: true}         # Step 1: yield
      - {seat: 1, discard: [KD]}       # Step 4: suffer damage
      - {seat: 2, next: 0}             # after a Jester: name the next player
      - {solo_jester: true}            # solo: flip a set-aside Jester (refill to 8)

Cards are written ``7H``, ``10S``, ``AS``, ``KD`` (suits C, D, H, S) and ``JOKER`` for a Jester.
Every answer is computed by :mod:`engine.regicide`; nothing in the file is an answer.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, Literal, Union

from pydantic import ConfigDict, Field, model_validator

from engine import regicide as rg
from engine.core.errors import IllegalPlay, InvalidAction
from engine.core.trace import Step
from engine.regicide.cards import (
    SUIT_NAMES,
    VALUE,
    card_symbol,
    enemy_name,
    parse_card,
)
from engine.regicide import cards as rgcards
from engine.regicide import game as _rg_game  # noqa: F401  (the engine's tracer)
from engine.regicide import rules as rgrules
from engine.regicide.rules import can_yield as _rule_can_yield
from engine.regicide.rules import is_companion_pair, is_combo
from engine.regicide.state import Phase
from tutor.games.base import ILLEGAL, Ask, Choice, GamePlugin, Loc, Solution
from tutor.models import ScenarioBase, Strict

# -- file models ---------------------------------------------------------------------------

Pile = Union[list[str], int]
_SETTING_NAMES = tuple(f.name for f in dataclasses.fields(rg.Settings))


class Setup(Strict):
    """An exact Regicide position. Every card not listed anywhere is dealt into the piles left open."""

    players: int = Field(ge=1, le=4, description="number of players, 1 (solo) to 4; seats are numbered 0, 1, ... clockwise")
    names: list[str] | None = Field(default=None, description="optional display names, one per seat (e.g. [Ana, Ben])")
    current: int = Field(default=0, ge=0, le=3, description="the seat whose turn it is")
    enemy: str = Field(description="the current enemy, a royal such as 'JS', 'QH' or 'KD'")
    damage: int = Field(default=0, ge=0, description="damage the enemy has already taken")
    shield: int = Field(default=0, ge=0, description="the enemy's active shield (Spades played against it)")
    immunity_cancelled: bool = Field(default=False, description="a Jester has cancelled this enemy's immunity")
    blocked_spades: int = Field(default=0, ge=0, description="Spades amounts immunity blocked earlier (a Jester turns them on, G3)")
    table: list[str] = Field(default_factory=list, description="cards already played against this enemy")
    hands: list[Union[list[str], int]] = Field(
        description="one entry per seat, seat 0 first: a list of cards, or a number of unknown cards dealt from the Tavern")
    castle: Pile | None = Field(default=None, description="the Castle below the enemy, top first: a card list or a "
                                                          "size; omitted = every royal ranking at least the enemy")
    tavern: Pile | None = Field(default=None, description="the Tavern, top first: a card list or a size; omitted = all remaining cards")
    discard: Pile | None = Field(default=None, description="the discard pile, top first: a card list or a size; omitted = "
                                                           "empty (or all remaining if the Tavern is given)")
    yielded: list[bool] | None = Field(default=None, description="per seat: its most recent turn was a yield (G2)")
    solo_jesters: int | None = Field(default=None, ge=0, le=2, description="solo only: set-aside Jesters left (default 2)")
    phase: Literal["play", "discard", "jester_choice"] = Field(
        default="play", description="'play' (Step 1), 'discard' (Step 4) or 'jester_choice' (after a Jester)")
    need: int | None = Field(default=None, ge=1, description="in the 'discard' phase: the value to discard (default: attack minus shield)")
    open_hands: bool = Field(default=False, description="show every hand face up on the board (default: only the current player's)")
    settings: dict[str, bool] = Field(default_factory=dict, description="engine switches by name, e.g. "
                                                                        "{yield_flags_cleared_by_any_play: true}")


class ActionSpec(Strict):
    """One move: exactly one of ``play``, ``yield``, ``discard``, ``next`` or ``solo_jester``."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, populate_by_name=True)

    seat: int | None = Field(default=None, ge=0, le=3, description="the seat that acts (checked against whose turn it is)")
    play: list[str] | None = Field(default=None, min_length=1, description="Step 1: play these cards (one card, an Ace "
                                                                           "pair, a combo or the Jester)")
    yield_: bool | None = Field(default=None, alias="yield", description="Step 1: yield (write 'yield: true')")
    discard: list[str] | None = Field(default=None, min_length=1, description="Step 4: discard these cards to suffer damage")
    next: int | None = Field(default=None, ge=0, le=3, description="after a Jester: the seat that takes the next turn")
    solo_jester: bool | None = Field(default=None, description="solo: flip a set-aside Jester to refill the hand to 8")

    @model_validator(mode="after")
    def _one_verb(self) -> "ActionSpec":
        given = [k for k in ("play", "yield_", "discard", "next", "solo_jester") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError("an action needs exactly one of 'play', 'yield', 'discard', 'next' or 'solo_jester'")
        if self.yield_ is False or self.solo_jester is False:
            raise ValueError("write 'yield: true' or 'solo_jester: true' (or leave the action out)")
        return self


class Scenario(ScenarioBase):
    game: Literal["regicide"]
    setup: Setup
    actions: list[ActionSpec] = Field(default_factory=list)


# -- building the engine state -------------------------------------------------------------


def _settings(scn: Scenario) -> rg.Settings:
    return rg.Settings(**{k: v for k, v in scn.setup.settings.items() if k in _SETTING_NAMES})


def build_state(scn: Scenario) -> rg.State:
    """The position as an engine state (raises PositionError; ``references`` reports it)."""
    s = scn.setup
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
        castle=s.castle, tavern=s.tavern, discard=discard, current=s.current, phase=s.phase, need=s.need,
        yielded=s.yielded, solo_jesters=s.solo_jesters, settings=_settings(scn))


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
        return rg.ChooseNext(act.next)
    return rg.SoloJester()


# -- reference checks --------------------------------------------------------------------------

_PROBLEM_LOCS = (
    (r"^hand (\d+)", lambda m: ("setup", "hands", int(m.group(1)))),
    (r"hands given", lambda m: ("setup", "hands")),
    (r"^enemy", lambda m: ("setup", "enemy")),
    (r"^table", lambda m: ("setup", "table")),
    (r"castle", lambda m: ("setup", "castle")),
    (r"^tavern", lambda m: ("setup", "tavern")),
    (r"^discard", lambda m: ("setup", "discard")),
    (r"^damage", lambda m: ("setup", "damage")),
    (r"^shield", lambda m: ("setup", "shield")),
    (r"^current seat", lambda m: ("setup", "current")),
    (r"yield flags", lambda m: ("setup", "yielded")),
    (r"solo_jesters", lambda m: ("setup", "solo_jesters")),
    (r"phase|requirement", lambda m: ("setup", "phase")),
    (r"not placed anywhere", lambda m: ("setup", "tavern")),
)


def _card_locs(scn: Scenario) -> list[tuple[Loc, str]]:
    s = scn.setup
    out: list[tuple[Loc, str]] = [(("setup", "enemy"), s.enemy)]
    out += [(("setup", "table", j), c) for j, c in enumerate(s.table)]
    for i, h in enumerate(s.hands):
        if isinstance(h, list):
            out += [(("setup", "hands", i, j), c) for j, c in enumerate(h)]
    for name in ("castle", "tavern", "discard"):
        pile = getattr(s, name)
        if isinstance(pile, list):
            out += [(("setup", name, j), c) for j, c in enumerate(pile)]
    return out


def _seat_name(scn: Scenario, seat: int) -> str:
    names = scn.setup.names
    base = f"Seat {seat}"
    return f"{base} ({names[seat]})" if names and seat < len(names) else base


def parse_seat(scn: Scenario, of: str | None) -> int | None:
    """'1', 'seat1', 'seat 1' or a seat's name -> the seat number."""
    if of is None:
        return None
    t = of.strip().lower()
    m = re.fullmatch(r"(?:seat\s*)?(\d)", t)
    if m:
        return int(m.group(1))
    names = [n.lower() for n in scn.setup.names or []]
    return names.index(t) if t in names else None


def references(scn: Scenario) -> list[tuple[Loc, str]]:
    problems: list[tuple[Loc, str]] = []
    s = scn.setup
    for loc, text in _card_locs(scn):
        try:
            parse_card(text)
        except InvalidAction:
            problems.append((loc, f"unknown card {text!r} (write e.g. '7H', '10S', 'AS', 'KD' or 'JOKER')"))
    for k, act in enumerate(scn.actions):
        for verb in ("play", "discard"):
            for j, text in enumerate(getattr(act, verb) or []):
                try:
                    parse_card(text)
                except InvalidAction:
                    problems.append((("actions", k, verb, j), f"unknown card {text!r} (write e.g. '7H', '10S', 'AS', 'KD' or 'JOKER')"))
        for field, seat in (("seat", act.seat), ("next", act.next)):
            if seat is not None and seat >= s.players:
                problems.append((("actions", k, field), f"unknown seat {seat} (seats: 0-{s.players - 1})"))
    if s.current >= s.players:
        problems.append((("setup", "current"), f"unknown seat {s.current} (seats: 0-{s.players - 1})"))
    if s.names is not None and len(s.names) != s.players:
        problems.append((("setup", "names"), f"{len(s.names)} names given for {s.players} players"))
    for key in s.settings:
        if key not in _SETTING_NAMES:
            problems.append((("setup", "settings", key), f"unknown engine setting {key!r} (settings: {', '.join(_SETTING_NAMES)})"))
    for i, q in enumerate(scn.questions):
        parts = [(("questions", i, "of"), q.ask, q.of)] if q.ask else [
            (("questions", i, "parts", j, "of"), p.ask, p.of) for j, p in enumerate(q.parts or [])]
        for loc, ask, of in parts:
            if of is None or ask not in ASKS:
                continue
            if ask == "is_discard_enough":
                for text in of.replace(",", " ").split():
                    if _safe(text) < 0:
                        problems.append((loc, f"unknown card {text!r} in {of!r}"))
            elif ASKS[ask].needs_of or ask == "cards_drawn":
                seat = parse_seat(scn, of)
                if seat is None or seat >= s.players:
                    problems.append((loc, f"unknown seat {of!r} (write e.g. 'seat1'; seats: 0-{s.players - 1})"))
    if problems:
        return problems
    try:
        state = build_state(scn)
    except rg.PositionError as err:
        return _position_problems(scn, err.problems)
    # Walk the actions: each must be taken by the seat whose turn it is, with cards that seat holds.
    for k, act in enumerate(scn.actions):
        if rg.is_terminal(state):
            problems.append((("actions", k), "the game is already over before this action"))
            break
        if act.seat is not None and act.seat != state.current:
            problems.append((("actions", k, "seat"), f"it is seat {state.current}'s turn here, not seat {act.seat}'s"))
            break
        try:
            state = rg.apply(state, to_action(act))
        except IllegalPlay:
            break  # the solution reports it
        except InvalidAction as err:
            verb = "play" if act.play is not None else "discard" if act.discard is not None else "next"
            hand = " ".join(rg.card_str(c) for c in state.hands[state.current]) or "empty"
            msg = err.reason
            if "does not hold" in msg:
                msg = f"{msg} (hand: {hand})"
            problems.append((("actions", k, verb), msg))
            break
    return problems


def _position_problems(scn: Scenario, messages: list[str]) -> list[tuple[Loc, str]]:
    out: list[tuple[Loc, str]] = []
    for msg in messages:
        if msg.startswith("cards placed too often"):
            bad = Counter(parse_card(t) for t in msg.split(":", 1)[1].split())
            seen: Counter[int] = Counter()
            limit = Counter(rgcards.FULL_DECK)
            limit[0] = rgrules.jesters_in_tavern(scn.setup.players)
            for loc, text in _card_locs(scn):
                c = parse_card(text)
                seen[c] += 1
                if c in bad and seen[c] > limit[c]:
                    what = "is not in a game for this player count" if limit[c] == 0 else "is placed more than once"
                    out.append((loc, f"{text} {what}"))
            continue
        loc: Loc = ("setup",)
        for pattern, make in _PROBLEM_LOCS:
            m = re.search(pattern, msg)
            if m:
                loc = make(m)
                break
        out.append((loc, msg))
    return out


# -- solving -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """The engine's resolution: the state before, after each applied action, and at the end."""

    start: rg.State
    states: tuple[rg.State, ...]  # states[i] is the state after action i (only the applied ones)
    actions: tuple[rg.Action, ...]

    @property
    def state(self) -> rg.State:
        return self.states[-1] if self.states else self.start

    def before(self, i: int) -> rg.State:
        return self.states[i - 1] if i else self.start


_TRACER = rg.game.TRACER


def explain_position(scn: Scenario, state: rg.State) -> list[Step]:
    """Steps describing a position no move has been made in (setup questions, Step 4, yield flags, losses)."""
    t = _TRACER.step
    n = state.players
    jesters = _jesters_in_play(scn, Solution(Outcome(state, (), ()), ()), None)
    setup = [t("REG.setup.hand_size", f"With {n} player{'s' if n > 1 else ''} the maximum hand size is "
                                      f"{state.max_hand}; the Tavern holds {len(state.tavern)} cards.", 1)]
    if n == 1:
        setup.append(t("REG.solo.setup", f"Solo: both jokers are set aside; {state.solo_jesters} solo "
                                         f"Jester{'s' if state.solo_jesters != 1 else ''} left.", 1))
    else:
        setup.append(t("REG.setup.jesters", f"With {n} players the game has {jesters} "
                                            f"Jester{'s' if jesters != 1 else ''} among the Tavern and the hands.", 1))
    steps: list[Step] = []
    if state.phase == Phase.DISCARD:
        steps.append(t("REG.suffer.discard", f"{_cap(enemy_name(state.enemy))} attacks for {state.attack}"
                                             f"{f' − {state.shield} shield' if state.shield else ''}: seat "
                                             f"{state.current} must discard cards worth at least {state.need}.", 4))
    if n > 1 and any(state.yielded):
        for seat in range(n):
            may = _rule_can_yield(state.yielded, seat, state.settings)
            others = [str(s) for s in range(n) if s != seat and not state.yielded[s]]
            why = (f"seat {', '.join(others)} did not yield last" if may
                   else "every other seat yielded on its most recent turn")
            steps.append(t("REG.yield.restriction", f"Seat {seat} {'may' if may else 'may not'} yield: {why}.", 1))
    if state.phase == Phase.LOST:
        why = ("has no cards, cannot yield in solo and has no Jester left" if n == 1
               else "has no cards and cannot yield")
        steps.append(t(state.end_rule or "REG.end.loss_no_play", f"Seat {state.current} {why}: everyone loses.", 1))
    elif n == 1 and not state.hands[0] and state.solo_jesters:
        steps.append(t("REG.solo.timing", "With an empty hand, the solo player may still flip a Jester at the "
                                          "start of Step 1.", 1))
    return setup + steps if "setup" in scn.tags or not steps else steps


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def solve(scn: Scenario) -> Solution:
    start = build_state(scn)
    state = start
    states: list[rg.State] = []
    actions: list[rg.Action] = []
    steps: list[Step] = [] if scn.actions else explain_position(scn, start)
    for act in scn.actions:
        action = to_action(act)
        try:
            state, more = rg.apply_explained(state, action)
        except IllegalPlay as err:
            steps.append(Step(err.rule, f"The play is illegal: {err.reason}.", rg.GLOSSARY[err.rule].source, phase=1))
            return Solution(outcome=Outcome(start, tuple(states), tuple(actions)), steps=tuple(steps), illegal=err)
        states.append(state)
        actions.append(action)
        steps.extend(more)
    return Solution(outcome=Outcome(start, tuple(states), tuple(actions)), steps=tuple(steps))


# -- captions ----------------------------------------------------------------------------------


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _cards_text(texts: list[str]) -> str:
    return _and([card_symbol(parse_card(t)) for t in texts])


def caption(scn: Scenario) -> str:
    if scn.caption:
        return scn.caption
    try:
        state = build_state(scn)
    except rg.PositionError:
        return ""
    sentences: list[str] = []
    for act in scn.actions:
        who = _seat_name(scn, state.current)
        if act.play is not None:
            sentences.append(f"{who} plays {_cards_text(act.play)} against {enemy_name(state.enemy)}.")
        elif act.yield_:
            sentences.append(f"{who} yields against {enemy_name(state.enemy)}.")
        elif act.discard is not None:
            sentences.append(f"{who} discards {_cards_text(act.discard)} to suffer the attack.")
        elif act.next is not None:
            sentences.append(f"{who} names {_seat_name(scn, act.next).lower()} to go next.")
        else:
            sentences.append(f"{who} flips a set-aside Jester.")
        try:
            state = rg.apply(state, to_action(act))
        except (IllegalPlay, InvalidAction):
            pass
    if not sentences:
        ph = {Phase.PLAY: "to play", Phase.DISCARD: f"to discard at least {state.need}",
              Phase.JESTER_CHOICE: "to name the next player"}.get(state.phase, "")
        return f"{_seat_name(scn, state.current)} is about {ph} against {enemy_name(state.enemy)}."
    return " ".join(sentences)


# -- asks ----------------------------------------------------------------------------------------


def _out(sol: Solution) -> Outcome:
    return sol.outcome  # type: ignore[no-any-return]


def _play_indexes(o: Outcome) -> list[int]:
    return [i for i, a in enumerate(o.actions) if isinstance(a, rg.Play)]


def _damage_dealt(scn: Scenario, sol: Solution, of: str | None) -> int:
    """Damage the plays dealt: the rise in damage taken, or (on a defeat) health - damage before + overkill."""
    o = _out(sol)
    total = 0
    for i in _play_indexes(o):
        before, after = o.before(i), o.states[i]
        if after.defeated > before.defeated:
            cards = o.actions[i].cards  # type: ignore[union-attr]
            x = sum(VALUE[c] for c in cards)
            clubs = rgrules.is_clubs_active(rgrules.active_suits(cards, before.enemy, not before.immunity_cancelled))
            total += rgrules.damage_dealt(x, clubs)
        else:
            total += after.damage - before.damage
    return total


def _attack_value(scn: Scenario, sol: Solution, of: str | None) -> int:
    o = _out(sol)
    idx = _play_indexes(o)
    return rgrules.play_value(o.actions[idx[-1]].cards) if idx else 0  # type: ignore[union-attr]


def _defeat_index(o: Outcome) -> int | None:
    for i, st in enumerate(o.states):
        if st.defeated > o.before(i).defeated:
            return i
    return None


def _enemy_defeated(scn: Scenario, sol: Solution, of: str | None) -> bool:
    o = _out(sol)
    return o.state.defeated > o.start.defeated


def _enemy_destination(scn: Scenario, sol: Solution, of: str | None) -> str:
    o = _out(sol)
    i = _defeat_index(o)
    if i is None:
        return "in_play"
    st = o.states[i]
    if st.phase == Phase.WON:
        return "in_play"
    if st.tavern and st.tavern[0] == o.start.enemy:
        return "tavern"
    return "discard" if o.start.enemy in st.discard else "in_play"


def _discard_needed(scn: Scenario, sol: Solution, of: str | None) -> int:
    """The Step 4 requirement set by the last play or yield (0: defeated, covered, or a Jester)."""
    o = _out(sol)
    idx = [i for i, a in enumerate(o.actions) if isinstance(a, (rg.Play, rg.Yield))]
    if not idx:
        st = o.start
        return st.need if st.phase == Phase.DISCARD else 0
    st = o.states[idx[-1]]
    if st.phase == Phase.DISCARD or (st.phase == Phase.LOST and st.end_rule == "REG.end.loss_damage"):
        return st.need
    return 0


def _discard_option(of: str | None) -> rg.Discard:
    return rg.Discard.of(*(of or "").replace(",", " ").split())


def _is_discard_enough(scn: Scenario, sol: Solution, of: str | None) -> bool:
    st = _out(sol).state
    if st.phase != Phase.DISCARD:
        return False
    return rg.is_legal(st, _discard_option(of))


def _cards_drawn(scn: Scenario, sol: Solution, of: str | None) -> int:
    """Cards drawn from the Tavern by the plays (Diamonds, solo refills); by one seat if ``of`` names it."""
    o = _out(sol)
    seat = parse_seat(scn, of)
    total = 0
    for i, a in enumerate(o.actions):
        before, after = o.before(i), o.states[i]
        for s in range(before.players):
            if seat is not None and s != seat:
                continue
            if isinstance(a, rg.SoloJester):
                total += len(after.hands[s])
            elif isinstance(a, rg.Play):
                played = len(a.cards) if s == before.current else 0
                total += len(after.hands[s]) - len(before.hands[s]) + played
    return total


def _cards_healed(scn: Scenario, sol: Solution, of: str | None) -> int:
    """Cards Hearts moved from the discard pile under the Tavern."""
    o = _out(sol)
    total = 0
    for i, a in enumerate(o.actions):
        if isinstance(a, rg.Play):
            gone = Counter(o.before(i).discard) - Counter(o.states[i].discard)
            total += sum(gone.values())
    return total


def _can_yield(scn: Scenario, sol: Solution, of: str | None) -> bool:
    st = _out(sol).state
    seat = parse_seat(scn, of)
    seat = st.current if seat is None else seat
    if seat == st.current and st.phase == Phase.PLAY:
        return rg.is_legal(st, rg.Yield())
    if st.players == 1:
        return st.settings.solo_may_yield
    return _rule_can_yield(st.yielded, seat, st.settings)


def _next_player(scn: Scenario, sol: Solution, of: str | None) -> int:
    return _out(sol).state.current


def _game_result(scn: Scenario, sol: Solution, of: str | None) -> str:
    res = rg.outcome(_out(sol).state)
    return "in_progress" if res is None else res.result


def _medal(scn: Scenario, sol: Solution, of: str | None) -> str:
    res = rg.outcome(_out(sol).state)
    return (res.medal if res is not None and res.medal else "none")


def _shield_after(scn: Scenario, sol: Solution, of: str | None) -> int:
    return _out(sol).state.shield


def _max_hand(scn: Scenario, sol: Solution, of: str | None) -> int:
    return _out(sol).state.max_hand


def _tavern_size(scn: Scenario, sol: Solution, of: str | None) -> int:
    return len(_out(sol).state.tavern)


def _jesters_in_play(scn: Scenario, sol: Solution, of: str | None) -> int:
    st = _out(sol).state
    return sum(1 for c in st.all_cards() if c == 0) - len(st.aside)


def _play_kind(scn: Scenario, sol: Solution, of: str | None) -> str:
    o = _out(sol)
    idx = _play_indexes(o)
    if not idx:
        return "none"
    cards = o.actions[idx[-1]].cards  # type: ignore[union-attr]
    if len(cards) == 1:
        return "jester" if cards[0] == 0 else "single"
    if is_companion_pair(cards):
        return "companion"
    return "combo" if is_combo(cards) else "none"


def _seats(scn: Scenario, of: str | None) -> list[Choice]:
    return [Choice(s, _seat_name(scn, s)) for s in range(scn.setup.players)]


def _fixed(*pairs: tuple[str, str]) -> Any:
    return lambda scn, of: [Choice(k, v) for k, v in pairs]


ASKS: dict[str, Ask] = {a.name: a for a in [
    Ask("damage_dealt", "number", "Damage dealt", _damage_dealt,
        description="total damage the scenario's plays deal to enemies (Clubs doubling included; 0 for a yield or a Jester)"),
    Ask("attack_value", "number", "Attack value", _attack_value,
        description="the attack value X of the last play: the sum of its cards' values (royals 10/15/20, Ace 1, Jester 0)"),
    Ask("enemy_defeated", "yes_no", "Defeated?", _enemy_defeated,
        description="whether the enemy in play at the start is defeated by the plays"),
    Ask("enemy_destination", "choice", "Where does the enemy go?", _enemy_destination,
        _fixed(("tavern", "On top of the Tavern"), ("discard", "To the discard pile"), ("in_play", "It stays in play")),
        description="where the starting enemy's card goes: on top of the Tavern (exact kill), the discard pile "
                    "(overkill), or it stays in play (not defeated, or the last King)"),
    Ask("shield_after", "number", "Shield", _shield_after,
        description="the shield of the enemy in play after the plays (a new enemy starts at 0)"),
    Ask("discard_needed", "number", "Value to discard", _discard_needed,
        description="the value the last player to play or yield must discard in Step 4 (0 if the enemy was defeated, "
                    "the shield covers the attack, or a Jester was played)"),
    Ask("is_discard_enough", "yes_no", "Enough?", _is_discard_enough, needs_of=True,
        description="after the plays, whether discarding the cards named in 'of' (e.g. 'KD 5S') satisfies Step 4"),
    Ask("cards_drawn", "number", "Cards drawn", _cards_drawn,
        description="cards drawn from the Tavern by the plays (Diamonds, solo Jester refills); only by the seat "
                    "named in 'of' (e.g. 'seat1') if given"),
    Ask("cards_healed", "number", "Cards healed", _cards_healed,
        description="cards Hearts moves from the discard pile to the bottom of the Tavern"),
    Ask("is_legal", "yes_no", "Legal?", lambda scn, sol, of: sol.is_legal, legal_only=False,
        description="whether every move in the scenario is legal"),
    Ask("can_yield", "yes_no", "May yield?", _can_yield, needs_of=True,
        description="after the plays, whether the seat named in 'of' (e.g. 'seat2') may yield on its next turn (G2, G6)"),
    Ask("next_player", "choice", "Next player", _next_player, _seats,
        description="the seat whose turn it is after the plays (after a Jester: the seat it names)"),
    Ask("game_result", "choice", "Result", _game_result,
        _fixed(("won", "The players win"), ("lost", "The players lose"), ("in_progress", "The game goes on")),
        description="whether the players have won, have lost, or the game goes on"),
    Ask("solo_medal", "choice", "Medal", _medal,
        _fixed(("gold", "Gold"), ("silver", "Silver"), ("bronze", "Bronze"), ("none", "No medal")),
        description="the solo victory grade: gold, silver or bronze for 0, 1 or 2 Jesters used; none if not won"),
    Ask("max_hand", "number", "Maximum hand size", _max_hand,
        description="the maximum hand size for the scenario's player count"),
    Ask("tavern_size", "number", "Cards in the Tavern", _tavern_size,
        description="the number of cards in the Tavern after the plays"),
    Ask("jesters_in_play", "number", "Jesters", _jesters_in_play,
        description="Jesters in the game's cards (Tavern, hands, table, discard), not counting set-aside jokers"),
    Ask("play_kind", "choice", "Kind of play", _play_kind,
        _fixed(("single", "A single card"), ("companion", "An animal companion pair"), ("combo", "A combo"),
               ("jester", "The Jester")),
        description="what kind of play the last play is: a single card, an animal companion pair, a combo or the Jester"),
]}


def of_choices(scn: Scenario, ask: str) -> list[str]:
    if ask in ("can_yield", "cards_drawn"):
        return [f"seat{s}" for s in range(scn.setup.players)]
    return []


PLUGIN = GamePlugin(
    id="regicide",
    name="Regicide",
    scenario_model=Scenario,
    glossary=rg.GLOSSARY,
    asks=ASKS,
    solve=solve,
    caption=caption,
    references=references,
    of_choices=of_choices,
    step_names=("Play or yield", "Activate suit power", "Deal damage", "Suffer damage"),
    step_descriptions=("play a card, a companion pair, a combo or the Jester — or yield",
                       "each suit in the play grants its power once, at the play's total value (not the enemy's suit)",
                       "the enemy takes the damage (double with Clubs); at its health it is defeated",
                       "discard cards worth at least the enemy's attack minus its shield, or everyone loses"),
    blurb="A cooperative card game against twelve royals: suit powers, immunity, the Jester and suffering damage.",
)

__all__ = ["PLUGIN", "Scenario", "build_state", "solve", "ILLEGAL", "SUIT_NAMES"]
