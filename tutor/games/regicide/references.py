"""Reference checks: cards, seats, settings and question targets a scenario names, and the moves' order."""

from __future__ import annotations

import re
from collections import Counter

from engine import regicide as rg
from engine.core.errors import IllegalPlay, InvalidAction
from engine.regicide import cards as rgcards
from engine.regicide import rules as rgrules
from engine.regicide.cards import parse_card
from tutor.games.base import Loc
from tutor.games.settings import setting_problems
from tutor.games.regicide.asks import ASKS
from tutor.games.regicide.models import _POSITION, Scenario
from tutor.games.regicide.position import _safe, build_state, parse_seat, seat_index, seat_number, to_action

_PROBLEM_LOCS = (
    (r"^seat (\d+)'s hand", lambda m: ("setup", "hands", int(m.group(1)) - 1)),  # the engine says 'seat 1' for hands[0]
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


def _seats(players: int) -> str:
    """The seat numbers a file may use, as people count them: '1-2' (solo: '1')."""
    return "1" if players == 1 else f"1-{players}"


def _card_locs(scn: Scenario) -> list[tuple[Loc, str]]:
    s = scn.setup
    out: list[tuple[Loc, str]] = [(("setup", "enemy"), s.enemy)] if s.enemy is not None else []
    out += [(("setup", "table", j), c) for j, c in enumerate(s.table)]
    for i, h in enumerate(s.hands or []):
        if isinstance(h, list):
            out += [(("setup", "hands", i, j), c) for j, c in enumerate(h)]
    for name in ("castle", "tavern", "discard"):
        pile = getattr(s, name)
        if isinstance(pile, list):
            out += [(("setup", name, j), c) for j, c in enumerate(pile)]
    return out


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
        for field, seat in (("seat", act.seat), ("next", act.next)):  # file seat numbers: 1..players
            if seat is not None and seat > s.players:
                problems.append((("actions", k, field), f"unknown seat {seat} (seats: {_seats(s.players)})"))
    if s.deal is not None:
        for name in _POSITION:
            if name in s.model_fields_set:
                problems.append((("setup", name), f"a dealt game places every card itself: remove '{name}' (or "
                                                  "'deal')"))
    if s.current > s.players:
        problems.append((("setup", "current"), f"unknown seat {s.current} (seats: {_seats(s.players)})"))
    if s.names is not None and len(s.names) != s.players:
        problems.append((("setup", "names"), f"{len(s.names)} names given for {s.players} players"))
    problems += [(("setup", "settings", key), why) for key, why in setting_problems(rg.DEFAULT, s.settings)]
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
            elif ASKS[ask].needs_of or ask in ("cards_drawn", "hand_size", "hand_cards", "yielded", "hand_value"):
                seat = parse_seat(scn, of)
                if seat is None or seat >= s.players:
                    problems.append((loc, f"unknown seat {of!r} (write e.g. 'seat1'; seats: {_seats(s.players)})"))
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
        if act.seat is not None and seat_index(act.seat) != state.current:
            problems.append((("actions", k, "seat"),
                             f"it is seat {seat_number(state.current)}'s turn here, not seat {act.seat}'s"))
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


def position_problems(scn: Scenario, err: Exception) -> list[tuple[Loc, str]]:
    """An engine refusal of the position (:class:`PositionError`) as problems at the fields it is about."""
    return _position_problems(scn, list(getattr(err, "problems", None) or [str(err)]))


def _position_problems(scn: Scenario, messages: list[str]) -> list[tuple[Loc, str]]:
    """Each message at its field (a card placed too often: at each copy past the deck's); every message gives
    at least one problem (at ``setup`` when no field fits)."""
    out: list[tuple[Loc, str]] = []
    for msg in messages:
        if msg.startswith("cards placed too often"):
            bad = Counter(_safe(t) for t in msg.split(":", 1)[1].split())
            seen: Counter[int] = Counter()
            limit = Counter(rgcards.FULL_DECK)
            limit[0] = rgrules.jesters_in_tavern(scn.setup.players)
            found = len(out)
            for loc, text in _card_locs(scn):
                c = _safe(text)
                seen[c] += 1
                if c in bad and seen[c] > limit[c]:
                    players = scn.setup.players
                    what = ("is not in a game for this player count" if limit[c] == 0 else
                            f"is placed too often: a {players}-player game has {limit[c]} Jester"
                            f"{'s' if limit[c] > 1 else ''}" if c == 0 else
                            "is the enemy: it cannot be placed here too" if c == _safe(scn.setup.enemy or "") else
                            "is placed more than once")
                    out.append((loc, f"{text} {what}"))
            if len(out) > found:
                continue
        loc = ("setup",)
        for pattern, make in _PROBLEM_LOCS:
            m = re.search(pattern, msg)
            if m:
                loc = make(m)
                break
        out.append((loc, msg))
    return out
