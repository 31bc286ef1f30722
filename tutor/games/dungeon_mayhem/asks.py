"""The asks: the questions a Dungeon Mayhem scenario can pose, answered from the engine's outcome."""

from __future__ import annotations

from typing import Any

from engine import dungeon_mayhem as dm
from engine.dungeon_mayhem.cards import AGAIN, card_name, owner_of, type_of
from tutor.games.base import Ask, Choice, Solution
from tutor.games.dungeon_mayhem.models import Scenario
from tutor.games.dungeon_mayhem.position import SetupError, _seat_of, build, player_names
from tutor.games.dungeon_mayhem.references import _CARD_ASKS, _PLAYER_ASKS, _card_of
from tutor.games.dungeon_mayhem.resolve import Outcome


def _players(scn: Scenario, of: str | None) -> list[Choice]:
    return [Choice(n, n) for n in player_names(scn)]


def _winner_choices(scn: Scenario, of: str | None) -> list[Choice]:
    return _players(scn, of) + [Choice("draw", "A draw (nobody wins)"), Choice("none", "Nobody yet: the game goes on")]


def _o(sol: Solution) -> Outcome:
    return sol.outcome  # type: ignore[no-any-return]


def _seat(scn: Scenario, of: str | None) -> int:
    seat = _seat_of(scn, of or "")
    assert seat is not None, of
    return seat


def _hp(scn: Scenario, sol: Solution, of: str | None) -> int:
    return _o(sol).after.players[_seat(scn, of)].hp


def _pile(zone: str) -> Any:
    return lambda scn, sol, of: len(getattr(_o(sol).after.players[_seat(scn, of)], zone))


def _in_play(state: dm.State, seat: int, name: str) -> list[tuple[int, int, int]]:
    return [(s, cid, dmg) for s, p in enumerate(state.players) for cid, dmg in p.defense
            if card_name(cid) == name and owner_of(cid) == seat]


def _card_key(scn: Scenario, sol: Solution, of: str | None) -> tuple[int, str]:
    hit = _card_of(scn, of or "", _o(sol).before)
    assert hit is not None, of
    seat, name = hit
    cid = next(c for c, _ in _o(sol).before.players[seat].defense if card_name(c) == name)
    return owner_of(cid), name


def _destroyed(scn: Scenario, sol: Solution, of: str | None) -> bool:
    owner, name = _card_key(scn, sol, of)
    return len(_in_play(_o(sol).after, owner, name)) < len(_in_play(_o(sol).before, owner, name))


def _shields_left(scn: Scenario, sol: Solution, of: str | None) -> int:
    owner, name = _card_key(scn, sol, of)
    before = _in_play(_o(sol).before, owner, name)
    after = _in_play(_o(sol).after, owner, name)
    if len(after) < len(before):
        return 0
    return type_of(after[0][1]).shields - after[0][2]


def _choosable(state: dm.State) -> set[int]:
    seats: set[int] = set()
    for a in dm.legal_actions(state):
        if isinstance(a, (dm.ChooseTarget, dm.ChooseDefense, dm.ChoosePlayer)):
            seats.add(a.player)
    return seats


def _can_target(scn: Scenario, sol: Solution, of: str | None) -> bool:
    return _seat(scn, of) in _choosable(_o(sol).after)


def _target_count(scn: Scenario, sol: Solution, of: str | None) -> int:
    return len(_choosable(_o(sol).after))


def _defense_choices(scn: Scenario, of: str | None) -> list[Choice]:
    """Every Defense card in play before the plays, as "Player: Card" (the form `of` takes)."""
    state = build(scn).state
    names = player_names(scn)
    keys = dict.fromkeys(f"{names[s]}: {card_name(cid)}" for s, p in enumerate(state.players) for cid, _ in p.defense)
    return [Choice(k, k) for k in keys]


def _destroyed_all(scn: Scenario, sol: Solution, of: str | None) -> list[str]:
    return [c.key for c in _defense_choices(scn, of) if _destroyed(scn, sol, c.key)]


def _choosable_players(scn: Scenario, sol: Solution, of: str | None) -> list[str]:
    names = _o(sol).names
    return [names[i] for i in sorted(_choosable(_o(sol).after))]


def _plays_left(scn: Scenario, sol: Solution, of: str | None) -> int:
    o = _o(sol)
    s = o.after
    if s.over or s.active != o.start_active or s.turn != o.start_turn_no:
        return 0
    queued = sum(int(v) for code, v, _ in s.queue if code == AGAIN)
    return s.plays_owed + queued


def _winner(scn: Scenario, sol: Solution, of: str | None) -> str:
    s = _o(sol).after
    result = dm.outcome(s)
    if result is None:
        return "none"
    return "draw" if result == "draw" else _o(sol).names[int(result)]


def _whose_turn(scn: Scenario, sol: Solution, of: str | None) -> str:
    s = _o(sol).after
    return "none" if s.over else _o(sol).names[s.active]


def _turn_choices(scn: Scenario, of: str | None) -> list[Choice]:
    return _players(scn, of) + [Choice("none", "Nobody: the game is over")]


ASKS: dict[str, Ask] = {a.name: a for a in [
    Ask("hp_after", "number", "Hit points", _hp, needs_of=True,
        description="the hit points of player `of` after the plays"),
    Ask("destroyed_defense", "yes_no", "Destroyed?", _destroyed, needs_of=True,
        description="whether the Defense card `of` ('Player: Card', in play in the setup) is destroyed by the plays "
                    "(a card taken with Charm is not destroyed)"),
    Ask("shields_left", "number", "Shields left", _shields_left, needs_of=True,
        description="unmarked shields left on the Defense card `of` ('Player: Card') after the plays; 0 if destroyed"),
    Ask("defense_count", "number", "Defense cards", _pile("defense"), needs_of=True,
        description="how many Defense cards player `of` has in play after the plays"),
    Ask("destroyed_defenses", "multi_select", "Destroyed Defense cards", _destroyed_all, _defense_choices,
        description="every Defense card the plays destroy (pick all that apply; none is an answer)"),
    Ask("choosable_players", "multi_select", "Players who may be chosen", _choosable_players, _players,
        description="every player the pending choice (an attack, a power, a ghost's haunt) may pick"),
    Ask("can_target", "yes_no", "Can be chosen?", _can_target, needs_of=True,
        description="whether player `of` (or one of their Defense cards) may be chosen for the choice the engine is "
                    "waiting for after the plays (an attack's target, a ghost's victim, a Mighty Power's player)"),
    Ask("target_count", "number", "Players to choose from", _target_count,
        description="how many players may be chosen for the choice the engine is waiting for after the plays"),
    Ask("plays_left", "number", "Plays left", _plays_left,
        description="how many more cards the player whose turn it was must still play this turn (0 once the turn is over)"),
    Ask("hand_size", "number", "Cards in hand", _pile("hand"), needs_of=True,
        description="how many cards player `of` holds after the plays"),
    Ask("deck_size", "number", "Cards in deck", _pile("deck"), needs_of=True,
        description="how many cards are in player `of`'s deck after the plays"),
    Ask("discard_size", "number", "Cards in discard pile", _pile("discard"), needs_of=True,
        description="how many cards are in player `of`'s discard pile after the plays (cards played this turn "
                    "reach it only at the end of the turn)"),
    Ask("is_out", "yes_no", "Knocked out?", lambda scn, sol, of: _o(sol).after.players[_seat(scn, of)].out, needs_of=True,
        description="whether player `of` is knocked out (a ghost in a game of 5-6) after the plays"),
    Ask("winner", "choice", "Winner", _winner, _winner_choices,
        description="the winning player, 'draw' when everyone left is knocked out at once, or 'none' while the game goes on"),
    Ask("whose_turn", "choice", "Whose turn", _whose_turn, _turn_choices,
        description="whose turn it is after the plays (a ghost's on its turn; 'none' once the game is over)"),
    Ask("is_legal", "yes_no", "Legal?", lambda scn, sol, of: sol.is_legal, legal_only=False,
        description="whether every play in the scenario is legal"),
]}


def of_choices(scn: Scenario, ask: str) -> list[str]:
    if ask in _PLAYER_ASKS:
        return player_names(scn)
    if ask in _CARD_ASKS:
        try:
            b = build(scn)
        except SetupError:
            return []
        return [f"{b.names[s]}: {card_name(c)}" for s, p in enumerate(b.state.players) for c, _ in p.defense]
    return []
