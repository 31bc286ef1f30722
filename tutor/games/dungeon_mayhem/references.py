"""Reference checks: the players and Defense cards that questions name, and choices the engine must be waiting for."""

from __future__ import annotations

import re

from engine import dungeon_mayhem as dm
from engine.dungeon_mayhem.cards import card_name
from typing import Any

from tutor.games.base import Loc
from tutor.games.dungeon_mayhem.asks_more import deck_copies_problem, effect_problem
from tutor.games.dungeon_mayhem.models import Scenario
from tutor.games.dungeon_mayhem.position import SetupError, _card_type, _character, _seat_of
from tutor.games.dungeon_mayhem.resolve import run


def _card_of(scn: Scenario, of: str, state: dm.State) -> tuple[int, str] | None:
    """``of`` naming a Defense card in play in the setup: 'Lia: Divine Shield' or just 'Divine Shield'."""
    if ":" in of:
        who, _, card = of.partition(":")
        seat = _seat_of(scn, who)
        if seat is None:
            return None
        seats = [seat]
    else:
        card, seats = of, list(range(len(state.players)))
    card = card.strip().lower()
    hits = [(s, card_name(cid)) for s in seats for cid, _ in state.players[s].defense if card_name(cid).lower() == card]
    return hits[0] if len(hits) == 1 else None


_CARD_ASKS = ("destroyed_defense", "shields_left")
_PLAYER_ASKS = ("hp_after", "hand_size", "deck_size", "discard_size", "can_target", "is_out", "defense_count",
                "hand_cards", "defense_cards")
_CHARACTER_ASKS = ("deck_cards", "mighty_power_count")  # of: a player at the table or a character
_CATALOGUE_CARD_ASKS = ("card_kinds", "card_copies")  # of: 'Card' or 'Character: Card'


def _catalogue_problem(scn: Scenario, ask: str, of: str) -> str | None:
    """What is wrong with ``of`` for a catalogue ask (an unknown character or card), else None."""
    try:
        if ask in _CHARACTER_ASKS:
            _character(scn, of)
        elif ask in _CATALOGUE_CARD_ASKS:
            _card_type(scn, of)
    except ValueError as err:
        return str(err)
    except KeyError:
        return f"no card called {of!r} in any deck (write 'Card' or 'Character: Card')"
    return None


def _card_in_line(scn: Scenario, q: Any, of: str, out: Any) -> bool:
    """``of`` names one Defense card in play in the setup, or at some moment of the question's own plays (a card
    played during the line)."""
    if any(_card_of(scn, of, st) is not None for st in (out.before, *out.states, out.after)):
        return True  # the scenario's plays (or, checking a question's own line, that line) bring it into play
    try:
        line, _, _ = run(scn, q.line(scn.actions))
    except SetupError:
        return False
    return any(_card_of(scn, of, st) is not None for st in (*line.states, line.after))


def references(scn: Scenario) -> list[tuple[Loc, str]]:
    try:
        out, _, _ = run(scn)
    except SetupError as err:
        return [(err.loc, err.message)]
    problems: list[tuple[Loc, str]] = []
    names = out.names
    for i, q in enumerate(scn.questions):
        parts = [(("questions", i, "of"), q.ask, q.of)] if q.ask is not None else [
            (("questions", i, "parts", j, "of"), p.ask, p.of) for j, p in enumerate(q.parts or [])]
        for loc, ask, of in parts:
            if of is None:
                continue
            if ask in _PLAYER_ASKS and _seat_of(scn, of) is None:
                problems.append((loc, f"unknown player {of!r} (players: {', '.join(names)})"))
            elif ask in _CHARACTER_ASKS + _CATALOGUE_CARD_ASKS and (bad := _catalogue_problem(scn, ask, of)):
                problems.append((loc, bad))
            elif ask in _CARD_ASKS and not _card_in_line(scn, q, of, out):
                inplay = [f"{names[s]}: {card_name(c)}" for s, p in enumerate(out.before.players) for c, _ in p.defense]
                problems.append((loc, f"{of!r} is not exactly one Defense card in play in the setup or at any moment "
                                      f"of the question's plays (in play in the setup: {', '.join(inplay) or 'none'}; "
                                      "write 'Player: Card')"))
            elif ask == "effect_active" and (bad := effect_problem(scn, of)):
                problems.append((loc, bad))
            elif ask == "deck_copies" and (bad := deck_copies_problem(scn, of)):
                problems.append((loc, bad))
    return problems


def position_problems(scn: Scenario, err: Exception) -> list[tuple[Loc, str]]:
    """A refused position as problems: a :class:`SetupError` at its field, an engine :class:`PositionError`'s
    problems at their seat ('seat 0: ...' is the first player) or at ``setup``."""
    if isinstance(err, SetupError):
        return [(err.loc, err.message)]
    out: list[tuple[Loc, str]] = []
    for text in getattr(err, "problems", None) or [str(err)]:
        m = re.match(r"seat (\d+)\b", text)
        seat = int(m.group(1)) if m else -1
        out.append((("setup", "players", seat) if 0 <= seat < len(scn.setup.players) else ("setup",), text))
    return out
